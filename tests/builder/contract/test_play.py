"""Loose Ends that need a Hustle, Will to Survive, Therapy: written like the rulebook's examples."""

from __future__ import annotations

from builder.contract import advance
from builder.contract.character import (
    Creation,
    Health,
    Injury,
    LooseEnd,
    ScarTier,
    ThreatLevel,
    Trauma,
    WillToSurvive,
)
from builder.contract.ledger import fold_ledger, will_to_survive_severity
from builder.contract.sheet import evaluate_sheet
from builder.contract.wording import describe_entry
from builder.core.findings import Severity
from tests.builder.contract.ledger_text import contractor

DAY = "2024-06-01"
GRUDGE = LooseEnd("Crime lord's grudge", ThreatLevel.DEADLY, cutoff=2, granted_after=1)
"""Granted after the first Contract with Cutoff 2: it reaches 0 at the third Contract."""


def rules_of(findings: object) -> list[str]:
    return [f.rule for f in findings]  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- Loose Ends


def test_a_contract_after_the_cutoff_reached_0_without_a_hustle_is_an_error() -> None:
    c = contractor(
        """
        2024-01-05 contract home victory 'One'
        2024-02-05 contract home victory 'Two'
        2024-03-05 contract home victory 'Three'
        2024-04-05 contract home victory 'Four'
        2024-05-05 contract home victory 'Five'
        """,
        loose_ends=[GRUDGE],
    )
    sheet = evaluate_sheet(c)
    # Reported once, at the first Contract after the Cutoff reached 0.
    (due,) = [f for f in sheet.findings if f.rule == "loose_end.hustle_due"]
    # Contracts 2 and 3 count it down to 0; the fourth is attended before any Hustle.
    assert (due.where, due.severity) == ("ledger[3]", Severity.ERROR)
    assert due.numbers == {"loose_end": 0, "cutoff": 2, "granted_after": 1}
    assert not sheet.legal
    assert sheet.loose_ends[0].due


def test_a_hustle_recorded_before_the_next_contract_clears_it() -> None:
    c = contractor(
        """
        2024-01-05 contract home victory 'One'
        2024-02-05 contract home victory 'Two'
        2024-03-05 contract home victory 'Three'
        2024-03-20 hustle "crime lord's grudge"
        2024-04-05 contract home victory 'Four'
        """,
        loose_ends=[GRUDGE],
    )
    sheet = evaluate_sheet(c)
    assert "loose_end.hustle_due" not in rules_of(sheet.findings)
    assert "loose_end.due" not in rules_of(sheet.findings)
    view = sheet.loose_ends[0]
    assert (view.remaining, view.hustled, view.due) == (0, True, False)


def test_a_hustle_clears_only_the_loose_end_it_names() -> None:
    """"Once the Cutoff countdown hits 0, the Loose End's Threat manifests. If that Threat
    requires a Hustle with a GM ..., that Contractor may not attend Contracts until a GM
    has run the required Hustle." Two Loose Ends reach 0 at the third Contract; a Hustle
    names the second only: the first is still due, the second is cleared (the Hustles are
    gathered once for every Loose End)."""
    debt = LooseEnd("Vos's ledger", ThreatLevel.DANGEROUS, cutoff=2, granted_after=1)
    c = contractor(
        """
        2024-01-05 contract home victory 'One'
        2024-02-05 contract home victory 'Two'
        2024-03-05 contract home victory 'Three'
        2024-03-20 hustle "vos's ledger"
        """,
        loose_ends=[GRUDGE, debt],
    )
    sheet = evaluate_sheet(c)
    views = [(v.title, v.remaining, v.hustled, v.due) for v in sheet.loose_ends]
    assert views == [
        ("Crime lord's grudge", 0, False, True),
        ("Vos's ledger", 0, True, False),
    ]


def test_record_hustle_is_the_sheet_operation_for_a_due_loose_end() -> None:
    c = contractor(
        """
        2024-01-05 contract home victory 'One'
        2024-02-05 contract home victory 'Two'
        2024-03-05 contract home victory 'Three'
        """,
        loose_ends=[GRUDGE],
    )
    assert evaluate_sheet(c).loose_ends[0].due
    done = advance.record_hustle(c, 0, DAY, gm="Ada")
    assert done.accepted
    entry = done.character.ledger[-1]
    assert describe_entry(entry) == "Hustle for Loose End: Crime lord's grudge"
    assert not evaluate_sheet(done.character).loose_ends[0].due


def test_a_hustle_for_a_loose_end_not_on_the_sheet_is_an_error() -> None:
    fold = fold_ledger(contractor("2024-01-05 hustle 'Nobody'"))
    assert rules_of(fold.findings) == ["loose_end.hustle_unknown"]


# --------------------------------------------------------------------------- Will to Survive


def test_will_to_survive_takes_10_to_6_and_6_to_4() -> None:
    assert will_to_survive_severity(10) == 6
    assert will_to_survive_severity(6) == 4
    assert will_to_survive_severity(5) == 4


def test_using_will_to_survive_records_the_injury_mind_damage_and_a_major_scar() -> None:
    c = contractor("2024-01-05 contract home victory 'One'", health=Health(mind_damage=0))
    done = advance.use_will_to_survive(c, Injury("Shotgun blast", 10), DAY, "Limp")
    assert done.accepted
    health = done.character.health
    assert [i.severity for i in health.injuries] == [6]
    assert health.mind_damage == 1
    assert [(s.name, s.tier) for s in health.battle_scars] == [("Limp", ScarTier.MAJOR)]
    entry = done.character.ledger[-1]
    assert entry == WillToSurvive(DAY, "Shotgun blast", 10, 6, "Limp")
    assert describe_entry(entry) == (
        "Will to Survive: Shotgun blast (Severity 10 → 6, 1 Mind damage, Major Battle Scar Limp)"
    )


def test_will_to_survive_works_once_per_contract() -> None:
    c = contractor(
        """
        2024-01-05 will 'Knife' 8 4 scar=Limp
        2024-01-05 will 'Bullet' 9 5 scar=Vertigo
        2024-01-05 contract home victory 'One'
        2024-02-05 will 'Claw' 6 4 scar=Mute
        """
    )
    fold = fold_ledger(c)
    assert [(f.rule, f.where) for f in fold.findings] == [("will_to_survive.twice", "ledger[1]")]
    refused = advance.use_will_to_survive(
        contractor("2024-01-05 will 'Knife' 8 4 scar=Limp"), Injury("Bullet", 9), DAY, "Mute"
    )
    assert refused.refused
    assert rules_of(refused.findings) == ["will_to_survive.twice"]


def test_will_to_survive_never_works_against_falling_damage() -> None:
    before = contractor()
    refused = advance.use_will_to_survive(
        before, Injury("Fell from the roof", 7), DAY, "Limp", falling=True
    )
    assert refused.refused and refused.character is before
    assert rules_of(refused.findings) == ["will_to_survive.falling"]


def test_will_to_survive_cannot_go_below_4_or_more_than_4_levels() -> None:
    fold = fold_ledger(contractor("2024-01-05 will 'Axe' 10 5 scar=Limp"))
    (finding,) = fold.findings
    assert finding.rule == "will_to_survive.severity"
    assert finding.numbers == {"before": 10, "after": 5, "lowest": 6}
    assert rules_of(fold_ledger(contractor("2024-01-05 will 'Cut' 6 3 scar=Limp")).findings) == [
        "will_to_survive.severity"
    ]


# --------------------------------------------------------------------------- Therapy


def test_therapy_names_the_trauma_and_removes_it() -> None:
    c = contractor(
        "2024-01-05 contract home victory 'One'",
        health=Health(traumas=(Trauma("Nightmares"), Trauma("Phobia: dogs"))),
    )
    done = advance.treat_trauma(c, "nightmares", DAY)
    assert done.accepted
    assert [t.name for t in done.character.health.traumas] == ["Phobia: dogs"]
    assert describe_entry(done.character.ledger[-1]) == "Therapy: Nightmares"
    # 150 + 5 earned − 3 for therapy.
    assert evaluate_sheet(done.character).exp.available == 152


def test_therapy_without_a_trauma_is_refused() -> None:
    before = contractor("2024-01-05 contract home victory 'One'")
    refused = advance.treat_trauma(before, "Nightmares", DAY)
    assert refused.refused and refused.character is before
    assert rules_of(refused.findings) == ["therapy.unknown_trauma"]
    assert rules_of(fold_ledger(contractor("2024-01-05 therapy '' 3")).findings) == [
        "therapy.no_trauma"
    ]


def test_raise_trait_buys_several_ranks_at_the_sum_of_the_steps() -> None:
    c = contractor(creation=Creation(attributes={"brawn": 2}))
    done = advance.raise_trait(c, "attribute", "brawn", DAY, to_rating=4)
    assert done.accepted
    assert done.character.ledger[-1].exp == 25  # type: ignore[union-attr]
    assert evaluate_sheet(done.character).ratings.attributes["brawn"] == 4
