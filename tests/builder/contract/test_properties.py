"""Properties that hold for any history: Exp is conserved, refusals change nothing,
odd input never crashes the sheet, prices add up."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from builder.contract import advance
from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
    AssetPick,
    BonusExp,
    BonusKind,
    BuyAsset,
    ContractAttended,
    Contractor,
    Craft,
    Creation,
    Death,
    GiftChange,
    GiftChangeKind,
    Health,
    ImprovementGranted,
    ImprovementKind,
    Injury,
    Journal,
    JournalKind,
    Outcome,
    Raise,
    RemoveLiability,
    Therapy,
    TraitKind,
    Trauma,
)
from builder.contract.costs import cost_to_reach
from builder.contract.derived import derive, pool_after_penalty
from builder.contract.ledger import Ratings, fold_ledger
from builder.contract.sheet import evaluate_sheet
from builder.core.findings import Severity
from builder.core.result import Result
from tests.builder.contract.ledger_text import contractor, gift
from tests.hypothesis_profiles import examples

GIFT_TYPES = {"spark": "power", "forge": "artifact_crafting", "tonic": "consumable_crafting"}
TRAUMAS = ("Nightmares", "Paranoia", "Fear of the Dark")

STARTS: tuple[Creation, ...] = (
    Creation(),
    Creation(
        attributes={"brawn": 3, "dexterity": 3, "intellect": 2},
        abilities={"melee": 3, "athletics": 2},
        secondary={"Knives": 2},
        liabilities=(AssetPick("hunted", "Hunted", AssetKind.LIABILITY, 3),),
        charon_coin=True,
    ),
    Creation(
        attributes={"brawn": 5, "dexterity": 5, "perception": 4},
        assets=(AssetPick("gifted", "Gifted", AssetKind.ASSET, 0, restricted=True),),
        liabilities=(AssetPick("one_eye", "One Eye", AssetKind.LIABILITY, 2),),
    ),
)

DAY = "2024-06-01"

VETERAN_OF_FIVE = """
2024-01-01 contract home victory 'One'
2024-02-01 contract home victory 'Two'
2024-02-02 gift new forge 0 1 credits=1
2024-02-03 gift new tonic 0 1 credits=1
2024-02-04 improvement gm_contract
2024-03-01 contract away victory 'Three'
2024-04-01 contract home victory commission 'Four'
2024-05-01 contract home victory 'Five'
2024-05-02 improvement scenario_writeup
"""
"""A legal start with crafting Gifts, spare Gift Credits and Improvements to spend."""

trait_choice = st.one_of(
    st.tuples(st.just(TraitKind.ATTRIBUTE), st.sampled_from(ATTRIBUTES)),
    st.tuples(st.just(TraitKind.ABILITY), st.sampled_from(PRIMARY_ABILITIES[:6])),
    st.tuples(st.just(TraitKind.SECONDARY), st.sampled_from(("Knives", "Climbing"))),
    st.tuples(st.just(TraitKind.SOURCE), st.just("source")),
)

contract_step = st.tuples(
    st.just("contract"),
    st.booleans(),
    st.sampled_from([Outcome.VICTORY, Outcome.VICTORY, Outcome.FAILURE, Outcome.DEATH]),
    st.booleans(),
    st.sampled_from([False, False, False, True]),
)
gift_steps = st.one_of(
    st.tuples(st.just("add_gift"), st.sampled_from(tuple(GIFT_TYPES)), st.integers(0, 2)),
    st.tuples(
        st.just("improve_gift"),
        st.sampled_from(tuple(GIFT_TYPES)),
        st.integers(0, 1),
        st.integers(0, 2),
    ),
    st.tuples(st.just("craft"), st.sampled_from(tuple(GIFT_TYPES)), st.booleans()),
)
action = st.one_of(
    contract_step,
    contract_step,
    st.tuples(st.just("journal"), st.sampled_from(list(JournalKind)), st.sampled_from([120, 300])),
    st.tuples(st.just("bonus"), st.sampled_from(list(BonusKind))),
    st.tuples(st.just("improvement"), st.sampled_from(list(ImprovementKind))),
    st.tuples(st.just("raise"), trait_choice),
    st.tuples(st.just("raise"), trait_choice),
    st.tuples(st.just("asset"), st.integers(0, 4), st.booleans()),
    st.tuples(st.just("liability"), st.sampled_from(("Hunted", "One Eye"))),
    st.tuples(st.just("therapy"), st.sampled_from(TRAUMAS)),
    gift_steps,
    gift_steps,
    gift_steps,
    st.sampled_from([("death",), ("void",)]),
)


def apply(c: Contractor, step: tuple[Any, ...]) -> Result[Contractor]:  # noqa: C901, PLR0911, PLR0912  (complexity 14, 13 returns, 13 branches when the limits came in)
    match step:
        case ("contract", home, outcome, commission, in_cycle):
            entry = ContractAttended(
                DAY,
                "Scenario",
                home,
                outcome,
                commission,
                "Cycle" if in_cycle else "",
                not in_cycle,
            )
            return advance.record_contract(c, entry)
        case ("journal", kind, words):
            return advance.add_journal(c, Journal(DAY, "Entry", kind, words))
        case ("bonus", kind):
            return advance.add_bonus_exp(c, kind, DAY)
        case ("improvement", kind):
            return advance.grant_improvement(c, kind, DAY)
        case ("raise", (kind, trait)):
            return advance.raise_trait(c, kind, trait, DAY)
        case ("asset", value, restricted):
            pick = AssetPick("contacts", "Contacts", AssetKind.ASSET, value, restricted=restricted)
            return advance.buy_asset(c, pick, DAY)
        case ("liability", name):
            return advance.remove_liability(c, name, DAY)
        case ("therapy", name):
            return advance.treat_trauma(c, name, DAY)
        case ("craft", gift_id, free):
            return advance.craft_item(c, gift_id, "Item", DAY, free=free)
        case ("add_gift", gift_id, credits):
            return advance.add_gift(c, gift(gift_id, 1, GIFT_TYPES[gift_id]), DAY, credits)
        case ("improve_gift", gift_id, credits, improvements):
            held = next((g for g in c.gifts if g.id == gift_id), None)
            cost = (held.cost if held else 0) + credits + improvements
            better = gift(gift_id, cost, GIFT_TYPES[gift_id])
            return advance.change_gift(c, better, "improvement", DAY, credits, improvements)
        case ("death",):
            return advance.declare_death(c, DAY)
        case ("void",):
            return advance.void_death(c, DAY)
    raise AssertionError(step)


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    start=st.sampled_from(STARTS),
    veteran=st.booleans(),
    steps=st.lists(action, min_size=5, max_size=30),
)
def test_exp_is_conserved_over_any_sequence_of_operations(
    start: Creation, veteran: bool, steps: list[tuple[Any, ...]]
) -> None:
    c = contractor(
        VETERAN_OF_FIVE if veteran else "",
        creation=start,
        health=Health(traumas=tuple(Trauma(t) for t in TRAUMAS)),
        gifts=[gift("forge", 1, "artifact_crafting"), gift("tonic", 1, "consumable_crafting")]
        if veteran
        else [],
    )
    sheet = evaluate_sheet(c)
    assert sheet.legal
    for step in steps:
        before_sheet = sheet
        applied = apply(c, step)
        event(f"{step[0]} {'refused' if applied.refused else 'applied'}")
        if applied.refused:
            assert applied.character is c
            assert any(f.severity is Severity.ERROR for f in applied.findings)
            continue
        c = applied.character
        sheet = evaluate_sheet(c)
        exp = sheet.exp
        assert sheet.legal, sheet.errors
        assert exp.available == 150 + exp.earned_total - exp.creation_cost - exp.spent_total
        assert exp.available >= 0
        assert exp.earned_total == sum(exp.earned_by_source.values())
        assert exp.spent_total == sum(exp.spent_by_kind.values())
        # Each step moves available Exp by exactly what it earned less what it spent.
        earned = exp.earned_total - before_sheet.exp.earned_total
        spent = exp.spent_total - before_sheet.exp.spent_total
        assert earned >= 0 and spent >= 0
        assert exp.available - before_sheet.exp.available == earned - spent
        assert sheet.rewards.credits_available >= 0
        assert sheet.rewards.improvements_available >= 0
        assert sheet.rewards.improvements_spent <= sheet.rewards.improvement_cap


# --------------------------------------------------------------------------- odd ledgers

text = st.text(max_size=8)
small = st.integers(-3, 12)
odd_entry = st.one_of(
    st.builds(
        ContractAttended,
        text,
        text,
        st.booleans(),
        st.sampled_from(list(Outcome)),
        st.booleans(),
        text,
        st.booleans(),
    ),
    st.builds(Journal, text, text, st.sampled_from(list(JournalKind)), st.integers(-10, 600)),
    st.builds(BonusExp, text, st.sampled_from(list(BonusKind)), small),
    st.builds(ImprovementGranted, text, st.sampled_from(list(ImprovementKind))),
    st.builds(
        Raise,
        text,
        st.sampled_from(list(TraitKind)),
        st.sampled_from(("brawn", "melee", "X", "")),
        small,
        small,
    ),
    st.builds(
        BuyAsset,
        text,
        st.builds(AssetPick, text, text, st.sampled_from(list(AssetKind)), small),
        small,
    ),
    st.builds(RemoveLiability, text, text, small, small),
    st.builds(Therapy, text, text, small),
    st.builds(Craft, text, st.sampled_from(tuple(GIFT_TYPES)), text, st.booleans(), small),
    st.builds(
        GiftChange,
        text,
        st.sampled_from(tuple(GIFT_TYPES)),
        st.sampled_from(list(GiftChangeKind)),
        small,
        small,
        small,
        small,
    ),
    st.builds(Death, text, text, st.booleans()),
)


@settings(max_examples=examples(60), deadline=None)
@given(entries=st.lists(odd_entry, max_size=20), charon=st.booleans())
def test_any_ledger_folds_without_raising_and_keeps_the_exp_identity(
    entries: list[Any], charon: bool
) -> None:
    c = Contractor(
        id="odd",
        concept=contractor().concept,
        creation=Creation(charon_coin=charon),
        ledger=tuple(entries),
        gifts=(gift("forge", 2, "artifact_crafting"), gift("tonic", 1, "consumable_crafting")),
    )
    sheet = evaluate_sheet(c)
    exp = sheet.exp
    assert exp.available == 150 - exp.creation_cost + exp.earned_total - exp.spent_total
    assert all(f.where for f in sheet.findings)
    assert not any(f.rule.endswith("crashed") for f in sheet.findings)
    assert len(sheet.lines) == len(entries)


# ------------------------------------------------------------------ prices and derived values


@settings(max_examples=examples(100), deadline=None)
@given(
    kind=st.sampled_from(list(TraitKind)),
    a=st.integers(1, 8),
    b=st.integers(1, 8),
    c=st.integers(1, 8),
)
def test_prices_add_up_over_consecutive_ranges(kind: TraitKind, a: int, b: int, c: int) -> None:
    low, mid, high = sorted((a, b, c))
    assert cost_to_reach(kind, low, mid) + cost_to_reach(kind, mid, high) == cost_to_reach(
        kind, low, high
    )


@settings(max_examples=examples(100), deadline=None)
@given(
    brawn=st.integers(1, 5),
    severities=st.lists(st.integers(1, 8), max_size=6),
    extra=st.integers(1, 8),
)
def test_another_injury_never_improves_body_or_penalty(
    brawn: int, severities: list[int], extra: int
) -> None:
    base = Ratings.starting()
    ratings = Ratings({**base.attributes, "brawn": brawn, "intellect": 3, "charisma": 3}, {})
    before = derive(ratings, Health(injuries=tuple(Injury("i", s) for s in severities)))
    worse = derive(ratings, Health(injuries=tuple(Injury("i", s) for s in [*severities, extra])))
    assert worse.body_remaining < before.body_remaining
    assert worse.penalty >= before.penalty
    assert worse.free_movement_ft <= before.free_movement_ft


@settings(max_examples=examples(100), deadline=None)
@given(pool=st.integers(0, 15), penalty=st.integers(0, 8))
def test_penalty_never_raises_a_pool_nor_takes_it_below_two(pool: int, penalty: int) -> None:
    after = pool_after_penalty(pool, penalty)
    assert after <= pool
    assert after >= min(pool, 2)
    assert after == max(min(pool, 2), pool - penalty)


def test_fold_of_an_empty_ledger_is_the_creation() -> None:
    fold = fold_ledger(contractor(creation=STARTS[1]))
    assert fold.exp.available == 150 - fold.exp.creation_cost
    # Brawn 3 and Dexterity 3 cost 15 each, Intellect 2 costs 5; Melee 3 is 8,
    # Athletics 2 is 4, Knives 2 is 4; Hunted credits 3.
    assert fold.exp.creation_cost == 15 + 15 + 5 + 8 + 4 + 4 - 3 == 48
