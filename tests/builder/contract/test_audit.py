"""The leader's audit, checked against hand-made character files (tests/data/review/).

Every file starts from the same clean contractor, Mara Quill, worked by hand:

Creation (150 Exp): Attributes Brawn 2 (5), Dexterity 3 (5 + 10), Perception 2
(5), Charisma 2 (5), Intellect 3 (15) = 45; Abilities Alertness 2 (2 + 2),
Firearms 3 (2 + 2 + 4), Investigation 2 (4), Stealth 1 (2) = 18; Assets
Polyglot 1 + Contacts 2, Liability Trusting −2 = 1. Creation costs 64, so
86 Exp are left.

Ledger: a home victory (+3 +2, a Gift Credit), a 310-word Contract Journal
(+1; the cap is 2 per Contract attended), the Gift "Mend" (Power, Heal,
Targeted, all defaults: Gift Cost 1) bought with that Gift Credit, Stealth
1→2 (2 Exp), an away failure (+1), Perception 2→3 (10 Exp). Earned 7, spent
12, available 86 + 7 − 12 = 81. One victory: Newbie; Bonus Exp cap
10 + 12 × 1 = 22; Improvement cap 2 × 1 − 1 Gift Credit = 1.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from builder.contract.audit import Audit, Verdict, audit_contractor
from builder.contract.character import Contractor, Journal
from builder.contract.file import document_from_data
from builder.contract.gifts import Catalog, default_catalog, load_catalog
from builder.contract.sheet_catalog import SheetCatalog, load_sheet_catalog
from builder.contract.system import audit_context
from builder.core.findings import Severity
from builder.core.review import ReviewInputError, review_document
from builder.covenant.audit import audit_covenant
from builder.covenant.file import read_covenant_file
from resources import resource_path

DATA = Path(__file__).resolve().parents[2] / "data" / "review"

CONTRACTOR_CHECKS = ["status", "creation", "exp", "exp.bonus", "rewards"]
GIFT_CHECKS = ["gift.draft", "gift.cost", "gift.status", "gift.house_rules", "gift.system_text"]
CLOSING_CHECKS = ["restricted", "loose_ends", "sheet"]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


@pytest.fixture(scope="module")
def sheet_catalog() -> SheetCatalog:
    return load_sheet_catalog()


def document(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def contractor(doc: dict[str, Any], *, texts: bool = True) -> Contractor:
    """The file's contractor; with ``texts`` each Journal gets a text of its claimed length.

    The review files keep only claimed word counts ("word count not
    verifiable"); the checks these tests look at are others, so by default
    the Journals are given their text.
    """
    found = document_from_data(doc).contractor
    if not texts:
        return found
    ledger = tuple(
        replace(e, text=" ".join(["word"] * e.words)) if isinstance(e, Journal) else e
        for e in found.ledger
    )
    return replace(found, ledger=ledger)


def audit_of(name: str, catalog: Catalog, sheet_catalog: SheetCatalog) -> Audit:
    return audit_contractor(contractor(document(name)), catalog, sheet_catalog)


def test_a_journal_kept_without_text_warns_that_its_count_is_not_verifiable(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    untexted = contractor(document("clean.json"), texts=False)
    audit = audit_contractor(untexted, catalog, sheet_catalog)
    (finding,) = audit.findings
    assert (finding.rule, finding.where, finding.severity) == (
        "journal.unverified",
        "ledger[1]",
        Severity.WARNING,
    )
    assert finding.message == (
        "Journal 1 'What the freezer kept' (2025-01-12): its word count cannot be checked, the "
        "file keeps no text; the claimed 310 words are used. Ask the player for the text if in "
        "doubt"
    )
    assert dict(finding.numbers) == {"claimed": 310}
    assert audit.passed
    assert audit.line("exp").verdict is Verdict.WARN


def only_finding(audit: Audit) -> tuple[str, str, dict[str, Any]]:
    (finding,) = audit.findings
    return finding.rule, finding.where, dict(finding.numbers)


# --------------------------------------------------------------------------- the clean contractor


def test_a_clean_contractor_has_a_passing_line_for_every_check_and_no_findings(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    audit = audit_of("clean.json", catalog, sheet_catalog)
    assert audit.findings == ()
    assert audit.passed
    assert [line.check for line in audit.lines] == CONTRACTOR_CHECKS + GIFT_CHECKS + CLOSING_CHECKS
    assert {line.verdict for line in audit.lines} == {Verdict.PASS}
    assert (audit.family, audit.character_id, audit.name) == (
        "contractor",
        "review-clean-mara",
        "Mara Quill",
    )


def test_the_exp_line_shows_earned_by_source_spent_by_kind_and_available(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    exp = audit_of("clean.json", catalog, sheet_catalog).line("exp")
    numbers = exp.numbers
    assert (numbers["starting"], numbers["creation_cost"]) == (150, 64)
    earned = {k: v for k, v in numbers["earned_by_source"].items() if v}
    assert earned == {"attendance_home": 3, "attendance_away": 1, "victory": 2, "journal": 1}
    assert numbers["earned_total"] == 7
    spent = {k: v for k, v in numbers["spent_by_kind"].items() if v}
    assert spent == {"attribute": 10, "ability": 2}
    assert (numbers["spent_total"], numbers["available"]) == (12, 81)
    assert exp.message == (
        "Exp: earned 7 (Contracts at home 3, Contracts away 1, Victories 2, Journals 1), "
        "spent 12 (Attributes 10, Abilities 2), available 81 "
        "(= 150 starting − 64 at creation + 7 earned − 12 spent)"
    )


def test_status_rewards_and_bonus_lines_carry_their_numbers(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    audit = audit_of("clean.json", catalog, sheet_catalog)
    status = audit.line("status")
    assert status.numbers == {
        "status": "Newbie",
        "victories": 1,
        "contracts_attended": 2,
        "alive": True,
    }
    assert status.message.startswith("Status: Newbie from 1 victory (Newbie is 0–3 victories)")
    rewards = audit.line("rewards").numbers
    assert (rewards["credits_earned"], rewards["credits_spent"]) == (1, 1)
    assert rewards["credits_earned_by_source"] == {
        "victory": 1,
        "charon_coin": 0,
        "gifted_asset": 0,
    }
    assert (rewards["improvements_earned"], rewards["improvement_cap"]) == (0, 1)
    bonus = audit.line("exp.bonus").numbers
    assert bonus == {
        "bonus_received": 0,
        "earned_total": 7,
        "bonus_cap": 22,
        "victories": 1,
        "eligible_now": True,
    }


def test_each_gift_is_priced_again_with_its_breakdown(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    audit = audit_of("clean.json", catalog, sheet_catalog)
    cost = audit.line("gift.cost", "gifts[0]")
    assert (cost.numbers["stored"], cost.numbers["catalog"]) == (1, 1)
    assert sum(line["amount"] for line in cost.numbers["breakdown"]) == 1
    status = audit.line("gift.status", "gifts[0]")
    assert (status.numbers["required"], status.numbers["status"]) == ("Newbie", "Newbie")
    assert audit.line("gift.house_rules", "gifts[0]").numbers["catalogs"] == []
    text = audit.line("gift.system_text", "gifts[0]")
    assert text.numbers["stored"] == text.numbers["generated"]


# --------------------------------------------------------------------------- the "Done when" files


def test_five_exp_overspent_is_exactly_one_finding_with_the_shortfall(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    """Ivo is Mara plus six raises: 81 − 15 (Intellect 3→4) − 15 (Dexterity 3→4)
    − 20 (Intellect 4→5) − 20 (Dexterity 4→5) − 6 (Firearms 3→4) leaves 5, and
    Charisma 2→3 costs 10: 5 short, ending at −5."""
    audit = audit_of("overspent-by-5.json", catalog, sheet_catalog)
    assert only_finding(audit) == (
        "exp.overspent",
        "ledger[11]",
        {"available": 5, "cost": 10, "shortfall": 5},
    )
    exp = audit.line("exp")
    assert exp.verdict is Verdict.FAIL
    assert (exp.numbers["earned_total"], exp.numbers["spent_total"]) == (7, 98)
    assert exp.numbers["available"] == -5
    assert [line.check for line in audit.failed] == ["exp"]
    assert not audit.passed


def test_a_veteran_only_gift_at_six_victories_fails_its_status_check(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    """Sela has 6 victories (Novice is 4–9) and holds an Intangibility Gift,
    which only a Veteran (25+ victories) may have."""
    audit = audit_of("veteran-gift-at-6-victories.json", catalog, sheet_catalog)
    assert only_finding(audit) == (
        "gift.status",
        "gifts[1]",
        {"required": "Veteran", "status": "Novice", "victories": 6},
    )
    line = audit.line("gift.status", "gifts[1]")
    assert line.verdict is Verdict.FAIL
    assert line.numbers["reasons"] == [
        {
            "status": "Veteran",
            "element": "effect",
            "id": "intangibility",
            "message": "the Intangibility Effect needs Veteran Status",
        }
    ]
    assert audit.line("status").numbers["status"] == "Novice"
    assert audit.line("gift.status", "gifts[0]").verdict is Verdict.PASS


def test_a_stored_gift_cost_that_disagrees_with_the_catalog_names_both_costs(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    """Tomas improved Mend to cost 2 with an Improvement from GMing, but its
    draft is unchanged: the catalog prices it at 1 today."""
    audit = audit_of("stored-cost-differs.json", catalog, sheet_catalog)
    assert only_finding(audit) == (
        "gift.cost_changed",
        "gifts[0].cost",
        {"stored": 2, "catalog": 1},
    )
    assert audit.line("gift.cost", "gifts[0]").verdict is Verdict.FAIL
    # The rewards ledger itself balances: 1 Gift Credit + 1 Improvement for a cost of 2.
    rewards = audit.line("rewards")
    assert rewards.verdict is Verdict.PASS
    assert (rewards.numbers["improvements_spent"], rewards.numbers["improvement_cap"]) == (1, 1)


def test_bonus_exp_past_the_cap_is_refused_with_earned_and_cap(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    """Nell attended four home Contracts without a victory: 12 Exp earned is
    more than 10 + 12 × 0 = 10, so 6 Bonus Exp for GMing cannot go to her."""
    audit = audit_of("bonus-past-cap.json", catalog, sheet_catalog)
    assert only_finding(audit) == (
        "exp.bonus_ineligible",
        "ledger[4]",
        {"earned": 12, "cap": 10, "victories": 0, "alive": True},
    )
    bonus = audit.line("exp.bonus")
    assert bonus.verdict is Verdict.FAIL
    assert (bonus.numbers["bonus_received"], bonus.numbers["bonus_cap"]) == (0, 10)
    assert audit.line("exp").numbers["available"] == 150 - 64 + 12


# --------------------------------------------------------------------------- warnings


def test_an_edited_stored_system_text_fails_the_audit_with_the_changed_words_marked(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    """"The only part of a Gift that is truly sacred and not subject to GM discretion is
    the System Text" (Gifts): a changed text fails, and the message marks the change."""
    doc = document("clean.json")
    gift = doc["character"]["gifts"][0]
    gift["system_text"] = gift["system_text"].replace("living creature", "dead creature")
    audit = audit_contractor(contractor(doc), catalog, sheet_catalog)
    (finding,) = audit.findings
    assert (finding.rule, finding.severity, finding.where) == (
        "gift.system_text_changed",
        Severity.ERROR,
        "gifts[0].system_text",
    )
    line = audit.line("gift.system_text")
    assert "dead creature" in line.numbers["stored"]
    assert "living creature" in line.numbers["generated"]
    assert "heal one [-living-]{+dead+} creature within" in finding.message
    assert line.verdict is Verdict.FAIL
    assert not audit.passed


def test_restricted_content_is_listed_and_checked_against_the_sheet_catalog(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    doc = document("clean.json")
    creation = doc["character"]["creation"]
    # Patron is Restricted and worth 4 in the catalog; this file says neither.
    creation["assets"].append(
        {"id": "patron", "name": "Patron", "kind": "asset", "value": 3, "detail": "a bishop"}
    )
    creation["liabilities"].append(
        {"id": "custom", "name": "Sleepwalker", "kind": "liability", "value": 1}
    )
    doc["character"]["limits"][2] = {"name": "Betrayal", "custom": True}
    # After the first Contract an Asset costs value × 3: Double-Jointed (2) costs 6.
    doc["character"]["ledger"].append(
        {
            "type": "buy_asset",
            "date": "2025-02-10",
            "asset": {
                "id": "double_jointed",
                "name": "Double-Jointed",
                "kind": "asset",
                "value": 2,
            },
            "exp": 6,
        }
    )
    audit = audit_contractor(contractor(doc), catalog, sheet_catalog)
    # Creation now costs 64 + 3 (Patron) − 1 (Sleepwalker) = 66: 81 − 2 − 6 = 73 left.
    assert audit.line("exp").numbers["available"] == 73
    line = audit.line("restricted")
    assert line.verdict is Verdict.WARN
    assert (line.numbers["liabilities"], line.numbers["custom_limits"]) == (
        ["Sleepwalker"],
        ["Betrayal"],
    )
    assert line.numbers["after_creation"] == ["ledger[6]"]
    rules = sorted((f.rule, f.where) for f in line.findings)
    assert rules == [
        ("asset.after_creation", "ledger[6]"),
        ("asset.restricted_unmarked", "creation.assets[2]"),
        ("asset.value_differs", "creation.assets[2]"),
        ("liability.custom", "creation.liabilities[1]"),
        ("limits.custom", "limits[2]"),
    ]
    (value,) = [f for f in line.findings if f.rule == "asset.value_differs"]
    assert value.numbers == {"catalog": 4, "file": 3}
    assert audit.passed  # approval is the leader's call, not a rule failure


def test_a_loose_end_past_its_cutoff_is_flagged_overdue(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    """Granted after the first Contract with a Cutoff of 1: the second Contract
    brings it to 0, and its Threat manifests."""
    doc = document("clean.json")
    doc["character"]["loose_ends"] = [
        {"title": "The freezer's owner", "threat_level": "deadly", "cutoff": 1, "granted_after": 1},
        {"title": "A borrowed badge", "threat_level": "dangerous", "cutoff": 3, "granted_after": 2},
    ]
    audit = audit_contractor(contractor(doc), catalog, sheet_catalog)
    line = audit.line("loose_ends")
    assert line.verdict is Verdict.WARN
    assert line.numbers == {
        "open": 2,
        "due": 1,
        "resolved": 0,
        "remaining": {"The freezer's owner": 0, "A borrowed badge": 3},
    }
    assert [(f.rule, f.where) for f in line.findings] == [("loose_end.due", "loose_ends[0]")]


def test_a_gift_the_catalog_does_not_know_fails_its_draft_check(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    doc = document("clean.json")
    doc["character"]["gifts"][0]["draft"]["effect"] = "hearthfire"
    doc["character"]["gifts"][0]["catalog"] = "Tuesday Lantern"
    doc["character"]["gifts"][0]["cost"] = 3
    audit = audit_contractor(contractor(doc), catalog, sheet_catalog)
    cost = audit.line("gift.cost")
    assert (cost.verdict, cost.numbers["stored"], cost.numbers["catalog"]) == (
        Verdict.PASS,
        3,
        None,
    )
    line = audit.line("gift.draft")
    assert line.verdict is Verdict.FAIL
    assert [(f.rule, f.where) for f in line.findings] == [
        ("gift.unknown_effect", "gifts[0].draft.effect")
    ]
    assert "house-rule catalog 'Tuesday Lantern'" in line.message


# --------------------------------------------------------------------------- output forms


def test_json_and_text_forms_carry_every_line(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    audit = audit_of("overspent-by-5.json", catalog, sheet_catalog)
    data = json.loads(json.dumps(audit.to_json()))
    assert data["passed"] is False
    assert data["counts"] == {"pass": 12, "warn": 0, "fail": 1}
    exp = next(line for line in data["lines"] if line["check"] == "exp")
    assert exp["verdict"] == "fail"
    assert exp["findings"][0]["numbers"] == {"available": 5, "cost": 10, "shortfall": 5}
    text = audit.to_text()
    assert text.splitlines()[0] == (
        "Ivo Brandt (contractor review-overspent-ivo) — audit FAIL: 1 failed, 12 passed"
    )
    assert "FAIL  Exp: earned 7" in text
    assert "error exp.overspent at ledger[11]" in text
    assert "(available=5 cost=10 shortfall=5)" in text


# --------------------------------------------------------------------------- Covenant


def test_the_covenant_example_audits_clean_with_its_token_and_discipline_numbers() -> None:
    character = read_covenant_file(resource_path("covenant", "example-character.json")).character
    audit = audit_covenant(character)
    assert audit.passed and audit.findings == ()
    assert [line.check for line in audit.lines] == [
        "covenant.ties",
        "covenant.tokens",
        "covenant.assets",
        "covenant.log",
        "covenant.state",
        "sheet",
    ]
    tokens = audit.line("covenant.tokens").numbers
    assert (tokens["earned"], tokens["spent"], tokens["available"]) == (10, 7, 3)
    ties = audit.line("covenant.ties").numbers
    assert (ties["ties_held"], ties["total"], ties["free"], ties["chapter"]) == (3, 300, 285, 15)


def test_a_covenant_character_with_four_ties_fails_the_ties_check() -> None:
    doc = json.loads(resource_path("covenant", "example-character.json").read_text("utf-8"))
    ties = doc["character"]["creation"]["ties"]
    ties.append({**copy.deepcopy(ties[0]), "id": "tie-extra", "name": "A fourth"})
    review = review_document(doc, audit_context(default_catalog()))
    line = review.audit.line("covenant.ties")
    assert line.verdict is Verdict.FAIL
    assert "covenant.creation.ties" in [f.rule for f in line.findings]
    assert not review.passed


# --------------------------------------------------------------------------- whole files


def test_review_document_joins_the_audit_and_the_approvals(catalog: Catalog) -> None:
    review = review_document(document("clean.json"), audit_context(catalog))
    assert review.passed
    assert review.approvals.records == ()
    data = review.to_json()
    assert data["audit"]["passed"] and data["approvals"]["passed"]


def test_review_document_refuses_what_is_not_a_character_file(catalog: Catalog) -> None:
    with pytest.raises(ReviewInputError, match="not a Harbinger character file"):
        review_document({"format": "harbinger.gift-draft", "version": 1}, audit_context(catalog))
    doc = document("clean.json")
    doc["character"]["ledger"][3]["exp"] = "two"
    with pytest.raises(ReviewInputError) as caught:
        review_document(doc, audit_context(catalog))
    assert "ledger[3].exp" in str(caught.value)


def test_a_gift_that_cannot_be_evaluated_fails_its_line_and_the_audit_goes_on(
    catalog: Catalog, sheet_catalog: SheetCatalog
) -> None:
    doc = document("veteran-gift-at-6-victories.json")
    broken = contractor(doc)
    # A parameter map that is not a mapping is beyond what a file can hold; the
    # audit still reports the other Gift and every other check.
    gift = broken.gifts[0]
    odd = replace(gift, draft=replace(gift.draft, name="Odd"))
    object.__setattr__(odd.draft, "parameters", None)
    audit = audit_contractor(replace(broken, gifts=(odd, broken.gifts[1])), catalog, sheet_catalog)
    line = audit.line("gift.draft", "gifts[0]")
    assert line.verdict is Verdict.FAIL
    assert [f.rule for f in line.findings] == ["gift.check_crashed"]
    assert audit.line("gift.status", "gifts[1]").verdict is Verdict.FAIL
    assert audit.line("exp").verdict is Verdict.PASS


def test_house_rule_content_locks_the_contractor_to_that_playgroup(
    sheet_catalog: SheetCatalog,
) -> None:
    """Wren is Mara with a second victory spent on "Pilot Light", a Kindle Gift from
    the Tuesday Lantern's own catalog: legal there, and only there."""
    house = load_catalog([DATA / "house-rules" / "lantern-catalog"])
    doc = json.loads((DATA / "house-rules" / "house-rule-gift.json").read_text("utf-8"))
    audit = audit_contractor(contractor(doc), house, sheet_catalog)
    assert audit.passed
    (finding,) = audit.findings
    assert (finding.rule, finding.severity, finding.where) == (
        "gift.house_rules",
        Severity.WARNING,
        "gifts[1]",
    )
    assert finding.numbers == {"catalogs": ["Tuesday Lantern"]}
    assert audit.line("gift.house_rules", "gifts[1]").verdict is Verdict.WARN
    assert audit.line("gift.house_rules", "gifts[0]").verdict is Verdict.PASS
    assert audit.line("gift.cost", "gifts[1]").numbers["catalog"] == 1
