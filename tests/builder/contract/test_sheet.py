"""The evaluated sheet: one report with every number and finding, never a crash."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from builder.contract.character import (
    Creation,
    Health,
    Injury,
    Journal,
    JournalKind,
    LooseEnd,
    Raise,
    SourcePool,
    ThreatLevel,
)
from builder.contract.sheet import evaluate_sheet, loose_end_view
from builder.contract.status import Status
from builder.core.findings import Severity
from tests.builder.contract.ledger_text import contractor, gift

CAREER = """
2024-01-05 contract home victory commission 'The Drowned Choir'
2024-01-06 journal contract 320 'What the choir sang'
2024-01-06 gift new ember 0 1 credits=1
2024-02-05 contract away failure 'Low Tide'
2024-02-06 raise attribute brawn 3 10
2024-03-05 contract home victory 'The Glass Orchard'
2024-03-06 raise source source 2 2
2024-04-05 contract home victory 'Saint Agnes Street'
2024-05-05 contract home victory 'The Ninth Floor'
"""


def career(**changes: object) -> object:
    c = contractor(
        CAREER,
        creation=Creation(attributes={"brawn": 2, "dexterity": 3, "intellect": 3, "charisma": 2}),
        gifts=[gift("ember", 1)],
    )
    return replace(c, **changes)


def test_a_four_victory_career_in_numbers() -> None:
    sheet = evaluate_sheet(career())
    assert sheet.status is Status.NOVICE
    assert (sheet.victories, sheet.contracts_attended, sheet.alive) == (4, 5, True)
    assert sheet.ratings.attributes["brawn"] == 3
    assert sheet.ratings.source == 2
    # Creation: Brawn 5, Dexterity 15, Intellect 15, Charisma 5 = 40.
    # Earned: 7 + 1 (journal) + 1 + 5 + 5 + 5 = 24. Spent: 10 + 2 = 12.
    assert sheet.exp.creation_cost == 40
    assert sheet.exp.earned_total == 24
    assert sheet.exp.spent_total == 12
    assert sheet.exp.available == 150 - 40 + 24 - 12 == 122
    assert sheet.rewards.credits_earned == 4
    assert sheet.rewards.credits_available == 3
    assert sheet.rewards.improvement_cap == 4
    # Brawn 3: Body 7; Intellect 3 + Charisma 2 + 1 = Mind 6; Dexterity 3: 20 ft.
    assert (sheet.derived.body, sheet.derived.mind, sheet.derived.free_movement_ft) == (7, 6, 20)
    assert sheet.findings == ()
    assert sheet.legal


def test_the_report_is_plain_json() -> None:
    sheet = evaluate_sheet(career(health=Health(injuries=(Injury("Burn", 9),))))
    data = json.loads(json.dumps(sheet.to_json()))
    assert data["status"] == "Novice"
    assert data["exp"]["available"] == 122
    assert data["exp"]["earned_by_source"]["attendance_home"] == 12
    assert data["rewards"]["credits_earned_by_source"] == {
        "victory": 4,
        "charon_coin": 0,
        "gifted_asset": 0,
    }
    assert data["derived"]["body_state"] == "Dead"
    assert data["exp_log"][0] == {
        "index": 0,
        "entry": "ContractAttended",
        "date": "2024-01-05",
        "earned": 7,
        "spent": 0,
        "available_after": 117,
        "credits": 1,
        "improvements": 0,
    }
    (finding,) = data["findings"]
    assert finding["rule"] == "health.body_below_zero"
    assert finding["severity"] == "warning"


# --------------------------------------------------------------------------- Loose Ends


def test_a_loose_end_counts_down_one_per_contract_attended_after_it() -> None:
    end = LooseEnd("Filmed lifting a car", ThreatLevel.DANGEROUS, 3, 1, "Internet sleuths")
    view = loose_end_view(0, end, contracts_attended=3)
    assert (view.remaining, view.due, view.threat_visible, view.threat) == (1, False, False, "")
    assert view.threat_level == "dangerous"
    view = loose_end_view(0, end, contracts_attended=4)
    assert (view.remaining, view.due, view.threat_visible) == (0, True, True)
    assert view.threat == "Internet sleuths"
    assert loose_end_view(0, end, contracts_attended=9).remaining == 0


def test_a_due_loose_end_is_a_warning_until_resolved() -> None:
    ends = (
        # Granted after the third Contract with Cutoff 2: it reaches 0 at the fifth, the last.
        LooseEnd("Crime lord's grudge", ThreatLevel.DEADLY, 2, 3, "Hit squad"),
        LooseEnd("Pumpkin curse", ThreatLevel.FATEFUL, 5, 0, "Becomes a pumpkin"),
        LooseEnd("Old debt", ThreatLevel.DANGEROUS, 1, 0, "Repo men", resolved=True),
    )
    sheet = evaluate_sheet(career(loose_ends=ends))
    assert [v.remaining for v in sheet.loose_ends] == [0, 0, 0]
    due = [f for f in sheet.findings if f.rule == "loose_end.due"]
    assert [f.where for f in due] == ["loose_ends[0]", "loose_ends[1]"]
    assert all(f.severity is Severity.WARNING for f in due)
    assert sheet.legal


# --------------------------------------------------------------------------- death and health


def test_a_dead_contractor_earns_the_player_a_coin_of_charon() -> None:
    sheet = evaluate_sheet(contractor("2024-01-05 contract home death 'The Pit'"))
    assert not sheet.alive
    assert sheet.charon_coins_earned == 1
    assert sheet.deaths_voided == 0


def test_a_voided_death_leaves_a_notice() -> None:
    sheet = evaluate_sheet(
        contractor(
            """
            2024-01-05 contract home death 'The Pit'
            2024-01-06 void-death
            """
        )
    )
    assert sheet.alive
    assert (sheet.charon_coins_earned, sheet.deaths_voided) == (0, 1)


def test_findings_point_where_the_problem_is() -> None:
    c = contractor(
        "2024-01-01 raise attribute brawn 2 3",
        creation=Creation(attributes={"dexterity": 7}),
        gifts=[gift("ember", 1)],
        limits=(),
    )
    sheet = evaluate_sheet(c)
    where = {f.rule: f.where for f in sheet.findings}
    assert where == {
        "creation.attribute_range": "creation.attributes.dexterity",
        "limits.count": "limits",
        "exp.wrong_price": "ledger[0]",
        "rewards.unbalanced": "gifts",
    }
    assert not sheet.legal


# --------------------------------------------------------------------------- odd input


class NotAnEntry:
    date = "2024-01-01"


@pytest.mark.parametrize(
    "odd",
    [
        {"creation": Creation(attributes={"brawn": "three"})},  # type: ignore[dict-item]
        {"creation": Creation(abilities={"melee": None})},  # type: ignore[dict-item]
        {"ledger": (NotAnEntry(),)},
        {"ledger": (Journal("2024-01-01", "?", JournalKind.CONTRACT, None),)},  # type: ignore[arg-type]
        {"ledger": (Raise("2024-01-01", "talent", "luck", 2, 5),)},  # type: ignore[arg-type]
        {"ledger": (Raise("2024-01-01", "attribute", "brawn", "2", "5"),)},  # type: ignore[arg-type]
        {"health": Health(injuries=(Injury("?", "bad"),))},  # type: ignore[arg-type]
        {"health": Health(mind_damage=None)},  # type: ignore[arg-type]
        {"loose_ends": (LooseEnd("?", "grim", None, "x"),)},  # type: ignore[arg-type]
    ],
)
def test_odd_input_becomes_an_error_finding_not_a_crash(odd: dict[str, object]) -> None:
    sheet = evaluate_sheet(replace(contractor(), **odd))
    assert not sheet.legal
    assert all(f.where for f in sheet.errors)
    json.dumps(sheet.to_json())


# --------------------------------------------------------------------------- Source


@pytest.mark.parametrize(
    ("wins", "conditions", "cooldown"),
    [(0, 0, ""), (4, 1, "1 day"), (10, 1, "1 hour"), (17, 2, "1 hour"), (25, 3, "1 hour")],
)
def test_source_replenishment_conditions_grow_with_status(
    wins: int, conditions: int, cooldown: str
) -> None:
    text = "\n".join(f"2024-01-01 contract home victory 'W{i}'" for i in range(wins))
    sheet = evaluate_sheet(contractor(text))
    assert (sheet.replenishment.conditions, sheet.replenishment.cooldown) == (conditions, cooldown)


def test_more_replenishment_conditions_than_the_status_allows_is_an_error() -> None:
    novice = contractor("\n".join(f"2024-01-01 contract home victory 'W{i}'" for i in range(4)))
    rage = SourcePool("Rage", ("When I am insulted", "When I draw blood"))
    sheet = evaluate_sheet(replace(novice, source=rage))
    (finding,) = sheet.findings
    assert (finding.rule, finding.where) == ("source.replenishment", "source.replenishment")
    assert finding.numbers == {"named": 2, "allowed": 1}
