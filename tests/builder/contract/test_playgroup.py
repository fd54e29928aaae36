"""Playgroup settings and approvals in the audit: Golden Ratio opt-in, approved content."""

from __future__ import annotations

from dataclasses import replace

from builder.contract.audit import audit_contractor
from builder.contract.character import AssetKind, AssetPick, Creation, PlaygroupRules
from builder.contract.file import character_document, document_from_data
from builder.contract.gifts import default_catalog
from builder.contract.system import audit_context
from builder.core.approval import approve
from builder.core.findings import Severity
from builder.core.report import Verdict
from builder.core.review import review_document
from tests.builder.contract.ledger_text import contractor

GOLDEN = """
2024-01-05 contract home victory 'One'
2024-01-20 bonus gm_golden_ratio 6
"""


def test_golden_ratio_bonus_while_the_playgroup_has_it_off_warns_naming_the_setting() -> None:
    audit = audit_contractor(contractor(GOLDEN), default_catalog())
    (finding,) = audit.line("exp.bonus").findings
    assert (finding.rule, finding.where, finding.severity) == (
        "exp.bonus_golden_ratio_off",
        "ledger[1]",
        Severity.WARNING,
    )
    assert "Golden Ratio bonus (golden_ratio)" in finding.message
    # The Exp still counts: 5 for the Contract + 6 Bonus; a leader decides.
    assert audit.line("exp").numbers["earned_total"] == 11
    assert audit.passed


def test_golden_ratio_opted_in_by_the_file_flag_or_the_library_setting() -> None:
    flagged = replace(contractor(GOLDEN), playgroup=PlaygroupRules(golden_ratio=True))
    assert audit_contractor(flagged, default_catalog()).line("exp.bonus").findings == ()
    library = audit_contractor(
        contractor(GOLDEN), default_catalog(), playgroup=PlaygroupRules(golden_ratio=True)
    )
    assert library.line("exp.bonus").findings == ()
    # The library's setting wins over the file's flag.
    off = audit_contractor(flagged, default_catalog(), playgroup=PlaygroupRules())
    assert [f.rule for f in off.line("exp.bonus").findings] == ["exp.bonus_golden_ratio_off"]


def test_the_flag_travels_in_the_exported_file() -> None:
    flagged = replace(contractor(GOLDEN), playgroup=PlaygroupRules(golden_ratio=True))
    document = character_document(flagged)
    assert document["character"]["playgroup"] == {"golden_ratio": True}
    assert document_from_data(document).contractor.playgroup.golden_ratio


RICH = AssetPick("rich", "Rich", AssetKind.ASSET, 3, restricted=True)


def test_after_a_whole_file_approval_approved_items_no_longer_ask_for_approval() -> None:
    c = contractor(creation=Creation(assets=(RICH,)))
    document = character_document(c)
    before = review_document(document, audit_context())
    line = before.audit.line("restricted")
    assert line.verdict is Verdict.WARN
    assert "needs Playgroup Leader approval" in line.findings[0].message

    approved = approve(document, "contractor", by="Lee", at="2025-06-01T12:00:00Z")
    after = review_document(approved, audit_context()).audit.line("restricted")
    assert after.verdict is Verdict.PASS
    (finding,) = after.findings
    assert finding.severity is Severity.INFO
    assert finding.message.endswith("approved by Lee (core)")
    assert after.message.startswith("Approved by the leader: Asset 'Rich'")


def test_content_changed_after_the_approval_asks_again() -> None:
    c = contractor(creation=Creation(assets=(RICH,)))
    approved = approve(character_document(c), "contractor", by="Lee", at="2025-06-01T12:00:00Z")
    approved["character"]["creation"]["assets"][0]["detail"] = "old money"
    line = review_document(approved, audit_context()).audit.line("restricted")
    assert line.verdict is Verdict.WARN
