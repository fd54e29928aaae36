"""A contractor built from builder values, evaluated by the rules, then printed.

The worked example, by hand from the rules text:

Creation (150 Exp): Brawn 3 (5 + 10 = 15), Dexterity 2 (5), Perception 2 (5),
Charisma 2 (5), Intellect 3 (15) = 45; Firearms 3 (2 + 2 + 4 = 8), Occult 2
(2 + 2 = 4), Stealth 1 (2) = 14; Glassblowing 2 (4); Double-Jointed +2;
Wanted −3. Creation cost 45 + 14 + 4 + 2 − 3 = 62.

Ledger: a home victory with commission (3 + 2 + 2 = 7, and a Gift Credit), a
Contract Journal (+1), the stock Gift Ember Lance bought with that Gift Credit
(cost 1 + Armor-Piercing 1 − Focus Item 1 = 1; Source appears at 1), an away
failure (+1), Ringer with the objective met (+4); Brawn 3→4 (15) and
Firearms 3→4 (6). Earned 13, spent 21, available 150 − 62 + 13 − 21 = 80.

Derived: Body 5 + ceil(4/2) = 7; Injuries of Severity 2 and 1 deplete
2 + 1 = 3, leaving 4 (Injured, −1). Mind 3 + 2 + 1 = 6; 1 Mind damage leaves
5 (Rattled, −1). Penalty −2. Initiative 2 + 2 = 4 dice. Free movement
5 + 5 × 2 − 5 × 2 = 5 ft. Sprint 4 × 5 ft. Carry 15 × 4 = 60 lb. Lift 300 lb.
"""

from __future__ import annotations

import dataclasses
import io

import pytest

from builder.contract.character import (
    BattleScar,
    BonusExp,
    BonusKind,
    Concept,
    ContractAttended,
    Contractor,
    Creation,
    Gift,
    GiftChange,
    GiftChangeKind,
    Health,
    Injury,
    Item,
    Journal,
    JournalKind,
    LooseEnd,
    Outcome,
    Raise,
    ScarTier,
    SourcePool,
    Stock,
    ThreatLevel,
    TraitKind,
    Trauma,
)
from builder.contract.creation import DEFAULT_LIMITS
from builder.contract.gifts.catalog import Catalog
from builder.contract.gifts.evaluate import evaluate_gift
from builder.contract.gifts.loader import default_catalog
from builder.contract.sheet import evaluate_sheet
from builder.contract.sheet_catalog import load_sheet_catalog
from builder.contract.status import Status
from printing.contract.cards import render_gift_cards
from printing.contract.penalty import body_bands, mind_bands
from printing.contract.sheet import render_contractor_sheet
from printing.contract.snapshot import print_snapshot, snapshot_for
from printing.contract.views import PrintSnapshot
from tests.printing.common.pdfread import body_text, read_pdf, squash


@pytest.fixture(scope="module")
def gifts() -> Catalog:
    return default_catalog()


def marguerite() -> Contractor:
    cat = load_sheet_catalog()
    ember = default_catalog().stock["ember_lance"].draft
    return Contractor(
        id="c-marguerite",
        concept=Concept(
            name='Marguerite "Glass" Okafor & <Co>',
            player="Ann Lee",
            pronouns="Xi/Xir",
            archetype="Fixer",
            paradigm="Glassblower's Debt",
            home_playgroup="Rotterdam Tuesdays",
        ),
        limits=DEFAULT_LIMITS,
        creation=Creation(
            attributes={"brawn": 3, "dexterity": 2, "perception": 2, "charisma": 2, "intellect": 3},
            abilities={"firearms": 3, "occult": 2, "stealth": 1},
            secondary={"Glassblowing": 2},
            assets=(cat.asset("double_jointed").pick(),),
            liabilities=(cat.liability("wanted").pick("by the Rotterdam harbor police"),),
        ),
        ledger=(
            ContractAttended("2024-01-05", "The Drowned Choir", True, Outcome.VICTORY, True),
            Journal("2024-01-06", "What the choir sang", JournalKind.CONTRACT, 320),
            GiftChange("2024-01-07", "g-ember", GiftChangeKind.NEW, 0, 1, credits=1),
            ContractAttended("2024-02-05", "Low Tide", False, Outcome.FAILURE),
            Raise("2024-02-06", TraitKind.ATTRIBUTE, "brawn", 4, 15),
            BonusExp("2024-02-10", BonusKind.RINGER_OBJECTIVE_MET, 4),
            Raise("2024-02-11", TraitKind.ABILITY, "firearms", 4, 6),
        ),
        gifts=(Gift("g-ember", ember, 1),),
        source=SourcePool("Shardlight"),
        stock=Stock(equipment=(Item("Jeweller's loupe"),)),
        health=Health(
            injuries=(Injury("Cut forearm", 2), Injury("Bruised ribs", 1)),
            mind_damage=1,
        ),
        loose_ends=(
            LooseEnd("The broken lantern", ThreatLevel.DEADLY, 3, 1, "A lantern-bearer comes"),
            LooseEnd("Vos's ledger", ThreatLevel.DANGEROUS, 1, 0, "Vos sends two collectors"),
        ),
    )


def evaluated(contractor: Contractor, catalog: Catalog) -> PrintSnapshot:
    """The snapshot as the app and the CLI make it: sheet fold, then each Gift."""
    report = evaluate_sheet(contractor)
    evaluations = {
        g.id: evaluate_gift(g.draft, catalog, status=report.status) for g in contractor.gifts
    }
    return snapshot_for(contractor, report, evaluations, gift_catalog=catalog)


@pytest.fixture(scope="module")
def snapshot(gifts: Catalog) -> PrintSnapshot:
    return evaluated(marguerite(), gifts)


@pytest.fixture(scope="module")
def text(snapshot: PrintSnapshot) -> str:
    buffer = io.BytesIO()
    render_contractor_sheet(snapshot, buffer, "a4")
    _, pages = read_pdf(buffer.getvalue())
    return body_text(pages)


def test_the_snapshot_copies_the_rules_numbers(snapshot: PrintSnapshot) -> None:
    assert snapshot.status == "Newbie" and snapshot.victories == 1
    assert [(r.name, r.rating, r.maximum) for r in snapshot.attributes] == [
        ("Brawn", 4, 5),
        ("Dexterity", 2, 5),
        ("Perception", 2, 5),
        ("Charisma", 2, 5),
        ("Intellect", 3, 5),
    ]
    assert snapshot.body is not None and snapshot.mind is not None
    assert (snapshot.body.rating, snapshot.body.damage, snapshot.body.remaining) == (7, 3, 4)
    assert snapshot.body.bands[snapshot.body.current or 0].state == "Injured"
    assert (snapshot.mind.rating, snapshot.mind.damage, snapshot.mind.remaining) == (6, 1, 5)
    assert snapshot.mind.bands[snapshot.mind.current or 0].state == "Rattled"
    assert snapshot.penalty == "−2"
    assert snapshot.source is not None
    assert (snapshot.source.name, snapshot.source.rating) == ("Shardlight", 1)
    totals = {t.label: t.value for t in snapshot.exp_totals}
    assert totals["Spent at creation"] == 62
    assert totals["Total earned since creation"] == 13
    assert totals["Total spent since creation"] == 21
    assert totals["Exp available"] == 80
    assert totals["Bonus Exp cap (earned since creation)"] == 10 + 12 * 1


def test_the_snapshot_holds_builders_injuries_and_traumas_themselves(gifts: Catalog) -> None:
    """No printing copy of builder's Health values: the snapshot's Injuries and Traumas are
    the contractor's own; a Battle Scar's tier is printed by its catalog name."""
    contractor = marguerite()
    health = dataclasses.replace(
        contractor.health,
        battle_scars=(BattleScar("Limp", ScarTier.MAJOR, "Move at half speed"),),
        traumas=(Trauma("Nightmares", "Sleep rarely comes easy."),),
    )
    snap = evaluated(dataclasses.replace(contractor, health=health), gifts)
    assert snap.health.injuries == health.injuries
    assert all(type(i) is Injury for i in snap.health.injuries)
    assert snap.health.traumas == health.traumas
    assert [(s.name, s.tier) for s in snap.health.battle_scars] == [("Limp", "Major")]
    assert snap.health.mind_damage == 1


def test_the_printed_sheet_shows_the_worked_example(text: str) -> None:
    assert text.startswith('Marguerite "Glass" Okafor & <Co> Player: Ann Lee · Newbie (1 victory)')
    assert "Status Victories Contracts Exp available Gift Credits Improvements" in text
    assert "Newbie 1 2 80 0 0" in text
    for line in ("Brawn 4", "Dexterity 2", "Intellect 3", "Firearms 4", "Occult 2", "Stealth 1"):
        assert line in text
    assert "Glassblowing 2" in text
    assert "Body 7 Damage 3 · Remaining 4 · Body penalty −1" in text
    assert "Mind 6 Damage 1 · Remaining 5 · Mind penalty −1" in text
    assert "Total Penalty: −2" in text
    assert "Initiative pool 4 dice" in text
    assert "Free movement 5 ft" in text
    assert "Extra sprint 4 steps (20 ft)" in text
    assert "Carry limit 60 lb" in text
    assert "Lift maximum 300 lb" in text
    assert "Pronouns Xi/Xir" in text


def test_the_printed_ledger_and_totals(text: str) -> None:
    assert "Starting Exp 150 Spent at creation 62" in text
    assert "Earned: Contracts at home 3 Earned: Contracts away 1 Earned: Victories 2" in text
    assert "Earned: Commissions 2 Earned: Journals 1 Earned: Ringer, objective met 4" in text
    assert "Total earned since creation 13 Spent: Attributes 15 Spent: Abilities 6" in text
    assert "Total spent since creation 21 Exp available 80" in text
    assert "Gift Credits from victories 1 Gift Credits earned 1 Gift Credits spent 1" in text
    assert "Gift Credits available 0" in text
    # Each log line: earned, spent, and the Exp left after it (150 − 62 = 88 before it).
    assert (
        "2024-01-05 Contract: The Drowned Choir (home, victory, commission) +7 95 +1 Gift Credit"
        in text
    )
    assert "2024-01-06 Contract Journal: What the choir sang (320 words) +1 96" in text
    assert "2024-01-07 New Gift: Ember Lance (cost 1) 96 −1 Gift Credit" in text
    assert "2024-02-05 Contract: Low Tide (away, failure) +1 97" in text
    assert "2024-02-06 Raise Brawn to 4 −15 82" in text
    assert "2024-02-10 Bonus Exp, Ringer, objective met +4 86" in text
    assert "2024-02-11 Raise Firearms to 4 −6 80" in text


def test_story_hides_a_threat_until_its_cutoff_reaches_zero(text: str) -> None:
    # Granted after 1 Contract with Cutoff 3; 2 Contracts attended: 1 counted, 2 left.
    assert "The broken lantern Deadly 2 Hidden until the Cutoff reaches 0." in text
    assert "A lantern-bearer comes" not in text
    assert "Vos's ledger Dangerous 0 Vos sends two collectors" in text
    assert "1 2024-01-05 The Drowned Choir Home Victory Yes +7" in text
    assert "2 2024-02-05 Low Tide Away Failure No +1" in text


def test_assets_and_liabilities_come_from_the_catalog(text: str) -> None:
    assert "Double-Jointed 2 Slipping out of bonds or holds" in text
    assert "Wanted by the Rotterdam harbor police 3" in text


def test_penalty_tables_are_read_from_the_rules_module() -> None:
    assert [(b.remaining, b.state, b.penalty) for b in body_bands()] == [
        ("6+", "Bruised", "None"),
        ("5", "Hurt", "−1 die"),
        ("4", "Injured", "−1 die"),
        ("3", "Wounded", "−2 dice"),
        ("2", "Mauled", "−3 dice"),
        ("1", "Maimed", "−4 dice"),
        ("0", "Incapacitated", "Cannot act"),
        ("below 0", "Dead", "Dead"),
    ]
    assert [b.state for b in mind_bands()] == [
        "Distracted",
        "Rattled",
        "Worried",
        "Alarmed",
        "Frantic",
        "Delirious",
        "Incapacitated",
    ]


def test_the_gift_prints_as_the_gift_engine_wrote_it(
    snapshot: PrintSnapshot, text: str, gifts: Catalog
) -> None:
    (gift,) = snapshot.gifts
    expected = evaluate_gift(gifts.stock["ember_lance"].draft, gifts, status=Status.NEWBIE)
    assert gift.system_text == expected.system_text
    assert gift.cost == expected.cost == 1
    assert "Ember Lance Hold still. This will only sting for the rest of your life. Cost 1" in text
    assert "Power · Effect Injure · Style Targeted" in text
    assert "Gift Cost: 1 (Base) + 1 (Armor-Piercing) − 1 (Focus Item) = 1" in text
    assert (
        "Modifiers: Enhancement: Armor-Piercing; Drawback: Focus Item "
        "(a brass lighter with a dented lid)"
    ) in text
    assert f"System. {squash(expected.system_text)}" in text
    assert squash(gifts.stock["ember_lance"].draft.description) in text
    assert "Shardlight rating 1" in text
    assert "Newbie: no replenishment conditions yet" in text


def test_a_gift_above_the_contractors_status_says_so(gifts: Catalog) -> None:
    ghost = gifts.stock["ghost_step"].draft  # Intangibility: Veteran only
    contractor = dataclasses.replace(marguerite(), gifts=(Gift("g-ember", ghost, 1),))
    snap = evaluated(contractor, gifts)
    (gift,) = snap.gifts
    assert (gift.required_status, gift.status_met) == ("Veteran", False)
    buffer = io.BytesIO()
    render_contractor_sheet(snap, buffer)
    _, pages = read_pdf(buffer.getvalue())
    assert "Requires Veteran (NOT met)" in body_text(pages)


def test_gift_cards_print_the_evaluated_gift(snapshot: PrintSnapshot) -> None:
    buffer = io.BytesIO()
    assert render_gift_cards(snapshot, buffer) == 1
    _, pages = read_pdf(buffer.getvalue())
    text = body_text(pages)
    assert f"System. {squash(snapshot.gifts[0].system_text)}" in text
    assert text.endswith('Marguerite "Glass" Okafor & <Co>')


def test_a_gift_without_an_evaluation_prints_as_saved_and_says_so() -> None:
    contractor = marguerite()
    saved = dataclasses.replace(contractor.gifts[0], system_text="Stored words.")
    contractor = dataclasses.replace(contractor, gifts=(saved,))
    snap = snapshot_for(contractor, evaluate_sheet(contractor), {})
    (gift,) = snap.gifts
    assert (gift.cost, gift.system_text, gift.effect) == (1, "Stored words.", "Injure")
    assert gift.notes == ("Cost and System Text as last saved; not checked against the catalog.",)


def test_print_snapshot_is_the_same_pipeline_in_one_call(
    snapshot: PrintSnapshot, gifts: Catalog
) -> None:
    assert print_snapshot(marguerite(), gifts) == snapshot
