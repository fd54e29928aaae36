"""Named operations: each appends what the rules allow, or refuses and changes nothing."""

from __future__ import annotations

from builder.contract import advance
from builder.contract.character import (
    AssetKind,
    AssetPick,
    BonusKind,
    BuyAsset,
    ContractAttended,
    Contractor,
    Creation,
    GiftChange,
    GiftChangeKind,
    Health,
    ImprovementKind,
    Journal,
    JournalKind,
    Outcome,
    Raise,
    RemoveLiability,
    Therapy,
    ThreatLevel,
    TraitKind,
    Trauma,
)
from builder.contract.sheet import evaluate_sheet
from builder.core.findings import Severity
from builder.core.result import Result
from tests.builder.contract.ledger_text import contractor, gift

DAY = "2024-06-01"


def rules(applied: Result[Contractor]) -> list[str]:
    return [f.rule for f in applied.findings]


def won(n: int, **kw: object) -> Contractor:
    text = "\n".join(f"2024-01-{i + 1:02d} contract home victory 'Win {i + 1}'" for i in range(n))
    return contractor(text, **kw)  # type: ignore[arg-type]


def assert_refused(applied: Result[Contractor], before: Contractor, rule: str) -> None:
    assert applied.refused
    assert applied.character is before
    assert rule in rules(applied)


# --------------------------------------------------------------------------- raises


def test_raising_brawn_from_2_to_3_spends_10_exp() -> None:
    before = contractor(creation=Creation(attributes={"brawn": 2}))
    applied = advance.raise_trait(before, "attribute", "brawn", DAY)
    assert applied.accepted and applied.findings == ()
    assert applied.character.ledger == (Raise(DAY, TraitKind.ATTRIBUTE, "brawn", 3, 10),)
    sheet = evaluate_sheet(applied.character)
    assert sheet.ratings.attributes["brawn"] == 3
    assert sheet.exp.available == 150 - 5 - 10


def test_a_new_secondary_ability_starts_at_one_for_2_exp() -> None:
    applied = advance.raise_trait(contractor(), TraitKind.SECONDARY, "Lock Picking", DAY)
    assert applied.character.ledger == (Raise(DAY, TraitKind.SECONDARY, "Lock Picking", 1, 2),)
    again = advance.raise_trait(applied.character, "secondary", "lock picking", DAY)
    assert again.character.ledger[-1] == Raise(DAY, TraitKind.SECONDARY, "Lock Picking", 2, 2)


def test_a_raise_without_enough_exp_is_refused_and_changes_nothing() -> None:
    # Brawn 5 and Dexterity 5 (50 each) and Perception 3 (15) leave 35 Exp.
    before = contractor(
        creation=Creation(attributes={"brawn": 5, "dexterity": 5, "perception": 3})
    )  # 50 + 50 + 15 = 115, 35 left
    spent = advance.raise_trait(before, "attribute", "perception", DAY).character  # 15 → 20 left
    spent = advance.raise_trait(spent, "attribute", "charisma", DAY).character  # 5 → 15 left
    spent = advance.raise_trait(spent, "attribute", "charisma", DAY).character  # 10 → 5 left
    applied = advance.raise_trait(spent, "attribute", "intellect", DAY)  # 5 → 0 left
    assert applied.accepted
    refused = advance.raise_trait(applied.character, "attribute", "intellect", DAY)
    assert_refused(refused, applied.character, "exp.overspent")
    (over,) = refused.findings
    assert over.numbers == {"available": 0, "cost": 10, "shortfall": 10}


def test_no_raise_during_a_cycle() -> None:
    before = contractor("2024-01-05 contract home victory cycle=Tides open 'Tides 1'")
    assert_refused(
        advance.raise_trait(before, "ability", "athletics", DAY), before, "exp.spent_in_cycle"
    )


def test_attributes_stop_at_5_and_the_sixth_ability_rank_waits_for_seasoned() -> None:
    before = contractor(creation=Creation(attributes={"brawn": 5}, abilities={"melee": 5}))
    assert_refused(
        advance.raise_trait(before, "attribute", "brawn", DAY), before, "raise.above_max"
    )
    assert_refused(advance.raise_trait(before, "ability", "melee", DAY), before, "raise.above_max")
    seasoned = won(10, creation=Creation(abilities={"melee": 5}))
    applied = advance.raise_trait(seasoned, "ability", "melee", DAY)
    assert applied.accepted
    assert applied.character.ledger[-1] == Raise(DAY, TraitKind.ABILITY, "melee", 6, 10)


def test_unknown_traits_and_source_before_a_gift_are_refused() -> None:
    before = contractor()
    assert_refused(
        advance.raise_trait(before, "attribute", "luck", DAY), before, "raise.unknown_trait"
    )
    assert_refused(advance.raise_trait(before, "talent", "luck", DAY), before, "raise.unknown_kind")
    assert_refused(
        advance.raise_trait(before, "source", "source", DAY), before, "raise.source_without_gift"
    )


# --------------------------------------------------------------------------- Contracts and Journals


def test_recording_a_contract_with_its_journals() -> None:
    contract = ContractAttended(DAY, "The Drowned Choir", True, Outcome.VICTORY, commission=True)
    # Journals entered in the app keep their text; the count comes from it, whatever
    # was typed as the claim (the downtime one claims 250 but has 120 words).
    journals = (
        Journal(DAY, "What the choir sang", JournalKind.CONTRACT, 0, text="sang " * 400),
        Journal(DAY, "Scribbles", JournalKind.DOWNTIME, 250, text="ink " * 120),
    )
    applied = advance.record_contract(contractor(), contract, journals)
    assert applied.accepted
    assert rules(applied) == ["journal.too_short"]
    assert [e.words for e in applied.character.ledger[1:]] == [400, 120]
    sheet = evaluate_sheet(applied.character)
    assert sheet.exp.earned_total == 7 + 1
    assert sheet.rewards.credits_earned == 1


def test_a_dead_contractor_attends_no_more_contracts() -> None:
    before = contractor("2024-01-05 contract home death 'The Pit'")
    contract = ContractAttended(DAY, "Afterlife", True, Outcome.FAILURE)
    assert_refused(advance.record_contract(before, contract), before, "ledger.after_death")


def test_a_journal_over_the_cap_is_kept_with_a_warning() -> None:
    before = contractor(
        """
        2024-01-05 contract home failure 'One'
        2024-01-06 journal downtime 300 'a'
        2024-01-07 journal downtime 300 'b'
        """
    )
    journal = Journal(DAY, "c", JournalKind.DOWNTIME, 0, text="word " * 300)
    applied = advance.add_journal(before, journal)
    assert applied.accepted
    (warning,) = applied.findings
    assert (warning.rule, warning.severity) == ("journal.over_cap", Severity.WARNING)
    assert len(applied.character.ledger) == 4


def test_bonus_exp_is_given_at_the_rule_amount_until_the_cap() -> None:
    c = contractor()
    applied = advance.add_bonus_exp(c, BonusKind.GM_INTO_THE_FOLD, DAY, "Ana's first Contract")
    assert applied.accepted
    assert applied.character.ledger[-1].exp == 6  # type: ignore[union-attr]
    c = advance.add_bonus_exp(applied.character, "gm_golden_ratio", DAY).character
    # 12 earned is over 10 + 12 × 0: no more Bonus Exp.
    refused = advance.add_bonus_exp(c, "ringer_objective_met", DAY)
    assert_refused(refused, c, "exp.bonus_ineligible")
    assert refused.findings[0].numbers == {"earned": 12, "cap": 10, "victories": 0, "alive": True}


def test_a_claimed_bonus_that_differs_from_the_rule_is_refused() -> None:
    before = contractor()
    assert_refused(
        advance.add_bonus_exp(before, "gm_move_writeup", DAY, exp=4), before, "exp.bonus_amount"
    )


def test_granting_an_improvement() -> None:
    applied = advance.grant_improvement(contractor(), ImprovementKind.GM_CONTRACT, DAY)
    assert applied.accepted
    assert evaluate_sheet(applied.character).rewards.improvements_earned == 1


# ----------------------------------------------------------- Assets, Liabilities, therapy


def test_an_asset_after_the_first_contract_costs_three_times_and_asks_for_approval() -> None:
    before = contractor("2024-01-05 contract home victory 'One'")
    rich = AssetPick("rich", "Rich", AssetKind.ASSET, 2)
    applied = advance.buy_asset(before, rich, DAY)
    assert applied.accepted
    assert applied.character.ledger[-1] == BuyAsset(DAY, rich, 6)
    assert rules(applied) == ["asset.after_creation"]


def test_buying_off_a_liability() -> None:
    hunted = AssetPick("hunted", "Hunted", AssetKind.LIABILITY, 3)
    before = contractor(
        "2024-01-05 contract home victory 'One'", creation=Creation(liabilities=(hunted,))
    )
    applied = advance.remove_liability(before, "hunted", DAY)
    assert applied.character.ledger[-1] == RemoveLiability(DAY, "Hunted", 3, 9)
    sheet = evaluate_sheet(applied.character)
    assert sheet.liabilities == ()
    assert sheet.exp.available == 150 + 3 + 5 - 9
    assert_refused(
        advance.remove_liability(applied.character, "Hunted", DAY),
        applied.character,
        "liability.unknown",
    )


def test_therapy_cures_a_trauma_for_3_exp() -> None:
    before = contractor(health=Health(traumas=(Trauma("Nightmares"), Trauma("Paranoia"))))
    applied = advance.treat_trauma(before, "nightmares", DAY)
    assert applied.accepted
    assert applied.character.ledger == (Therapy(DAY, "Nightmares", 3),)
    assert [t.name for t in applied.character.health.traumas] == ["Paranoia"]
    assert evaluate_sheet(applied.character).exp.available == 147
    assert_refused(
        advance.treat_trauma(applied.character, "Nightmares", DAY),
        applied.character,
        "therapy.unknown_trauma",
    )


# --------------------------------------------------------------------------- crafting


def test_crafting_puts_items_in_stock_and_charges_the_rule_price() -> None:
    before = contractor(
        "2024-01-01 gift new tonic 0 1 credits=1",
        creation=Creation(charon_coin=True),
        gifts=[gift("tonic", 1, "consumable_crafting")],
    )
    free = advance.craft_item(before, "tonic", "Bottled Courage", DAY, free=True)
    assert free.accepted
    paid = advance.craft_item(free.character, "tonic", "Bottled Courage", DAY)
    assert paid.accepted
    (item,) = paid.character.stock.consumables
    assert (item.name, item.quantity) == ("Bottled Courage", 2)
    assert evaluate_sheet(paid.character).exp.spent_by_kind["consumable"] == 1
    assert_refused(
        advance.craft_item(paid.character, "tonic", "Bottled Courage", DAY, free=True),
        paid.character,
        "craft.no_free_copy",
    )


def test_an_extra_artifact_costs_1_plus_gift_cost() -> None:
    before = contractor(
        "2024-01-01 gift new forge 0 1 credits=1\n2024-01-02 craft forge Blade 0 free",
        creation=Creation(charon_coin=True),
        gifts=[gift("forge", 1, "artifact_crafting")],
    )
    applied = advance.craft_item(before, "forge", "Blade", DAY)
    assert applied.accepted
    assert applied.character.ledger[-1].exp == 2  # type: ignore[union-attr]
    assert applied.character.stock.artifacts[0].quantity == 1


def test_crafting_from_a_gift_that_is_not_held_or_not_crafting_is_refused() -> None:
    before = contractor(gifts=[gift("fire", 1)])
    assert_refused(advance.craft_item(before, "ice", "Ice", DAY), before, "craft.unknown_gift")
    assert_refused(
        advance.craft_item(before, "fire", "Ember", DAY), before, "craft.not_crafting_gift"
    )


# --------------------------------------------------------------------------- Gifts


def test_a_first_gift_spends_a_gift_credit_and_brings_source() -> None:
    before = won(1)
    applied = advance.add_gift(before, gift("spark", 1), DAY, credits=1)
    assert applied.accepted and applied.findings == ()
    assert applied.character.ledger[-1] == GiftChange(
        DAY, "spark", GiftChangeKind.NEW, 0, 1, 1, 0, ""
    )
    sheet = evaluate_sheet(applied.character)
    assert (sheet.ratings.source, sheet.rewards.credits_available) == (1, 0)


def test_a_gift_without_a_credit_to_pay_for_it_is_refused() -> None:
    before = contractor()
    assert_refused(
        advance.add_gift(before, gift("spark", 1), DAY, credits=1),
        before,
        "rewards.credits_overspent",
    )
    assert_refused(
        advance.add_gift(before, gift("spark", 1), DAY, credits=0),
        before,
        "rewards.new_gift_needs_credit",
    )


def test_improving_a_gift_within_the_cap_and_beyond_it() -> None:
    # Two victories and a Coin of Charon: 3 credits, Improvement cap 2 × 2 − 3 = 1.
    c = won(2, creation=Creation(charon_coin=True))
    c = advance.add_gift(c, gift("spark", 1), DAY).character
    c = advance.grant_improvement(c, "gm_contract", DAY).character
    c = advance.grant_improvement(c, "scenario_writeup", DAY).character
    applied = advance.change_gift(c, gift("spark", 2), "improvement", DAY, improvements=1)
    assert applied.accepted
    refused = advance.change_gift(
        applied.character, gift("spark", 3), "improvement", DAY, improvements=1
    )
    assert_refused(refused, applied.character, "rewards.improvement_cap")
    capped = next(f for f in refused.findings if f.rule == "rewards.improvement_cap")
    assert capped.numbers == {"victories": 2, "credits_earned": 3, "cap": 1, "spent": 2}


def test_changing_a_gift_not_held_or_adding_one_twice_is_refused() -> None:
    c = advance.add_gift(won(2), gift("spark", 1), DAY).character
    assert_refused(
        advance.change_gift(c, gift("ghost", 2), "improvement", DAY, credits=1),
        c,
        "rewards.unknown_gift",
    )
    assert_refused(advance.add_gift(c, gift("spark", 1), DAY), c, "rewards.gift_exists")


# --------------------------------------------------------------------------- death and Loose Ends


def test_declaring_and_voiding_a_death() -> None:
    dead = advance.declare_death(contractor(), DAY, "Fell from the bell tower")
    assert dead.accepted
    assert evaluate_sheet(dead.character).charon_coins_earned == 1
    assert_refused(
        advance.raise_trait(dead.character, "attribute", "brawn", DAY),
        dead.character,
        "ledger.after_death",
    )
    back = advance.void_death(dead.character, DAY)
    assert back.accepted
    sheet = evaluate_sheet(back.character)
    assert (sheet.alive, sheet.charon_coins_earned, sheet.deaths_voided) == (True, 0, 1)
    assert_refused(advance.void_death(back.character, DAY), back.character, "death.nothing_to_void")


def test_a_loose_end_granted_now_counts_down_from_the_next_contract() -> None:
    c = won(2)
    applied = advance.add_loose_end(c, "Filmed lifting a car", "dangerous", 1, "Sleuths")
    assert applied.accepted
    assert applied.character.loose_ends[0].granted_after == 2
    contract = ContractAttended(DAY, "Three", True, Outcome.FAILURE)
    after = advance.record_contract(applied.character, contract)
    assert rules(after) == ["loose_end.due"]
    resolved = advance.resolve_loose_end(after.character, 0)
    assert evaluate_sheet(resolved.character).loose_ends[0].due is False
    assert_refused(advance.add_loose_end(c, "?", ThreatLevel.DEADLY, -1), c, "loose_end.cutoff")


# --------------------------------------------------------------------------- spend options


def options(c: Contractor) -> dict[str, advance.SpendOption]:
    return {o.trait: o for o in advance.spend_options(c)}


def test_spend_options_list_every_raise_with_its_price() -> None:
    c = contractor(
        creation=Creation(attributes={"brawn": 2}, abilities={"melee": 3}, secondary={"Knives": 1})
    )
    opts = advance.spend_options(c)
    # 5 Attributes, 19 Primary Abilities, 1 Secondary Ability, Source.
    assert len(opts) == 26
    by = options(c)
    assert (by["brawn"].from_rating, by["brawn"].to_rating, by["brawn"].exp) == (2, 3, 10)
    assert (by["melee"].exp, by["alertness"].exp, by["Knives"].exp) == (6, 2, 2)
    assert by["brawn"].allowed and by["brawn"].label == "Brawn"
    assert not by["source"].allowed
    assert by["source"].reason == "Source comes with the first Gift"


def test_spend_option_reasons() -> None:
    # Brawn 5 (50) + Dexterity 5 (50) + Intellect 3 (15) + Melee 5 (22) +
    # Firearms 3 (8) + Athletics 1 (2) = 147 Exp: 3 are left.
    c = contractor(
        creation=Creation(
            attributes={"brawn": 5, "dexterity": 5, "intellect": 3},
            abilities={"melee": 5, "firearms": 3, "athletics": 1},
        )
    )
    by = options(c)
    assert (by["brawn"].allowed, by["brawn"].exp) == (False, 0)
    assert by["brawn"].reason == "Attributes stop at 5"
    assert (by["melee"].exp, by["melee"].reason) == (10, "needs Seasoned status for a 6th rank")
    assert (by["intellect"].exp, by["intellect"].reason) == (15, "only 3 Exp available")
    assert (by["perception"].exp, by["perception"].reason) == (5, "only 3 Exp available")
    assert (by["athletics"].exp, by["athletics"].allowed) == (2, True)
    assert (by["alertness"].exp, by["alertness"].allowed) == (2, True)
    assert by["firearms"].reason == "only 3 Exp available"  # 3 → 4 costs 6


def test_spend_options_during_a_cycle_and_after_death() -> None:
    cycle = contractor("2024-01-05 contract home victory cycle=Tides open 'Tides 1'")
    assert {o.reason for o in advance.spend_options(cycle)} == {"no spending during a Cycle"}
    dead = contractor("2024-01-05 contract home death 'The Pit'")
    assert {o.allowed for o in advance.spend_options(dead)} == {False}


def test_an_allowed_option_is_exactly_what_raise_trait_accepts() -> None:
    c = won(10, creation=Creation(abilities={"melee": 5}))
    for option in advance.spend_options(c):
        applied = advance.raise_trait(c, option.kind, option.trait, DAY)
        assert applied.accepted == option.allowed, option
        if applied.accepted:
            assert applied.character.ledger[-1].exp == option.exp  # type: ignore[union-attr]
