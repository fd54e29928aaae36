"""Earning and spending Exp, folded from ledgers written like the rulebook's examples."""

from __future__ import annotations

from builder.contract.character import AssetKind, AssetPick, Creation
from builder.contract.ledger import fold_ledger
from builder.core.findings import Finding, Severity
from tests.builder.contract.ledger_text import contractor, gift


def rules(fold_findings: tuple[Finding, ...], severity: Severity | None = None) -> list[str]:
    return [f.rule for f in fold_findings if severity is None or f.severity is severity]


def only(findings: tuple[Finding, ...], rule: str) -> Finding:
    matches = [f for f in findings if f.rule == rule]
    assert len(matches) == 1, findings
    return matches[0]


# --------------------------------------------------------------------------- earning per Contract


def test_home_victory_earns_5_exp() -> None:
    # "if a Contractor attends a Contract in their home Playgroup and claims
    # victory, they earn 5 Exp"
    fold = fold_ledger(contractor("2024-01-05 contract home victory 'The Drowned Choir'"))
    assert fold.exp.earned_total == 5
    assert fold.exp.earned_by_source["attendance_home"] == 3
    assert fold.exp.earned_by_source["victory"] == 2
    assert fold.exp.available == 155


def test_home_victory_with_commission_earns_7_exp() -> None:
    # "If they are also selected for Commission, they receive a total of 7 Exp"
    fold = fold_ledger(contractor("2024-01-05 contract home victory commission 'Choir'"))
    assert fold.exp.earned_total == 7
    assert fold.exp.earned_by_source["commission"] == 2


def test_away_failure_earns_1_exp() -> None:
    # "attends a Contract outside of their home Playgroup and fails, they
    # receive only 1 Exp"
    fold = fold_ledger(contractor("2024-01-05 contract away failure 'Low Tide'"))
    assert fold.exp.earned_total == 1
    assert fold.exp.earned_by_source["attendance_away"] == 1


def test_away_victory_earns_3_and_a_home_death_still_earns_attendance() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract away victory 'Low Tide'
            2024-02-05 contract home death commission 'High Tide'
            """
        )
    )
    # 1 + 2 for the away victory, then 3 + 2 for attending and Commission.
    assert fold.exp.earned_total == 3 + 5
    assert fold.victories == 1
    assert fold.contracts_attended == 2
    assert not fold.alive


def test_a_season_of_contracts_adds_up() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory 'One'
            2024-02-05 contract home failure 'Two'
            2024-03-05 contract away victory commission 'Three'
            2024-04-05 contract home victory commission 'Four'
            """
        )
    )
    # 5 + 3 + (1 + 2 + 2) + 7 = 20
    assert fold.exp.earned_total == 20
    assert fold.victories == 3
    assert fold.exp.bonus_cap == 10 + 12 * 3


# --------------------------------------------------------------------------- Journals


def test_a_journal_of_250_words_earns_1_exp_and_249_words_earns_nothing() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home failure 'One'
            2024-01-06 journal contract 250 'Long enough'
            2024-01-07 journal downtime 249 'One word short'
            """
        )
    )
    assert fold.exp.earned_by_source["journal"] == 1
    short = only(fold.findings, "journal.too_short")
    assert short.severity is Severity.WARNING
    assert short.where == "ledger[2]"
    assert short.numbers == {"words": 249, "required": 250}


def test_journals_earn_at_most_2_exp_per_contract_attended() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home failure 'One'
            2024-01-10 journal downtime 400 'First week'
            2024-01-20 journal downtime 400 'Second week'
            2024-01-30 journal downtime 400 'Third week'
            """
        )
    )
    assert fold.exp.earned_by_source["journal"] == 2
    over = only(fold.findings, "journal.over_cap")
    assert over.severity is Severity.WARNING
    assert over.where == "ledger[3]"
    assert over.numbers == {"journal_exp": 2, "contracts": 1, "cap": 2}


def test_the_journal_cap_is_counted_at_each_journals_position() -> None:
    # Two Journals after the first Contract use its 2 Exp; a third waits for
    # nothing, but after the second Contract two more fit.
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home failure 'One'
            2024-01-10 journal downtime 300 'a'
            2024-01-11 journal downtime 300 'b'
            2024-01-12 journal downtime 300 'c'
            2024-02-05 contract home failure 'Two'
            2024-02-10 journal downtime 300 'd'
            2024-02-11 journal downtime 300 'e'
            """
        )
    )
    assert fold.exp.earned_by_source["journal"] == 4
    assert [f.where for f in fold.findings if f.rule == "journal.over_cap"] == ["ledger[3]"]


def test_every_fourth_contract_journal_gives_an_improvement_instead_of_exp() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory 'One'
            2024-02-05 contract home victory 'Two'
            2024-02-06 journal contract 300 'One, from the roof'
            2024-02-07 journal contract 300 'One, from the cellar'
            2024-02-08 journal contract 300 'Two, the escape'
            2024-02-09 journal contract 300 'Two, the reckoning'
            """
        )
    )
    assert fold.exp.earned_by_source["journal"] == 3
    assert fold.rewards.improvements_earned_by_source["contract_journals"] == 1
    assert fold.rewards.improvements_earned == 1
    assert not fold.findings


def test_downtime_journals_never_count_toward_the_fourth() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory 'One'
            2024-02-05 contract home victory 'Two'
            2024-03-05 contract home victory 'Three'
            2024-03-06 journal contract 300 'c1'
            2024-03-07 journal downtime 300 'd1'
            2024-03-08 journal contract 300 'c2'
            2024-03-09 journal downtime 300 'd2'
            2024-03-10 journal contract 300 'c3'
            2024-03-11 journal contract 300 'c4'
            """
        )
    )
    # c1, d1, c2, d2, c3 earn 1 Exp each; c4 is the fourth Contract Journal.
    assert fold.exp.earned_by_source["journal"] == 5
    assert fold.rewards.improvements_earned == 1


def test_a_contract_journal_over_the_exp_cap_still_counts_toward_the_fourth() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory 'One'
            2024-01-06 journal contract 300 'c1'
            2024-01-07 journal contract 300 'c2'
            2024-01-08 journal contract 300 'c3'
            2024-01-09 journal contract 300 'c4'
            """
        )
    )
    assert fold.exp.earned_by_source["journal"] == 2
    assert rules(fold.findings) == ["journal.over_cap"]
    assert fold.rewards.improvements_earned == 1


def test_a_short_contract_journal_does_not_count_toward_the_fourth() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory 'One'
            2024-02-05 contract home victory 'Two'
            2024-02-06 journal contract 300 'c1'
            2024-02-07 journal contract 100 'too short'
            2024-02-08 journal contract 300 'c2'
            2024-02-09 journal contract 300 'c3'
            """
        )
    )
    assert fold.rewards.improvements_earned == 0
    assert fold.exp.earned_by_source["journal"] == 3


def test_a_contract_journal_before_any_contract_earns_nothing() -> None:
    fold = fold_ledger(contractor("2024-01-01 journal contract 300 'Before it began'"))
    assert fold.exp.earned_total == 0
    assert only(fold.findings, "journal.no_contract").severity is Severity.WARNING


# --------------------------------------------------------------------------- Bonus Exp


def test_bonus_exp_amounts_by_kind() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory 'One'
            2024-01-06 bonus gm_into_the_fold 6
            2024-01-07 bonus ringer_objective_met 4
            2024-01-08 bonus gm_move_writeup 2
            """
        )
    )
    assert fold.exp.earned_by_source["gm_into_the_fold"] == 6
    assert fold.exp.earned_by_source["ringer_objective_met"] == 4
    assert fold.exp.earned_by_source["gm_move_writeup"] == 2
    assert fold.exp.earned_total == 5 + 12
    assert not fold.findings


def test_a_ringer_who_missed_the_objective_gets_2_and_golden_ratio_gives_6() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 bonus ringer_objective_missed 2
            2024-01-06 bonus gm_golden_ratio 6
            """
        )
    )
    assert fold.exp.earned_total == 8
    assert not fold.findings


def test_a_claimed_bonus_amount_other_than_the_rule_is_an_error() -> None:
    fold = fold_ledger(contractor("2024-01-05 bonus ringer_objective_met 6"))
    wrong = only(fold.findings, "exp.bonus_amount")
    assert wrong.severity is Severity.ERROR
    assert wrong.numbers == {"claimed": 6, "expected": 4}
    assert fold.exp.earned_total == 4  # the rule amount is what counts


def test_bonus_exp_stops_once_earned_exp_passes_10_plus_12_per_victory() -> None:
    # No victories: the cap is 10. Four away failures (4) and Into the Fold
    # (6) make exactly 10, still allowed; the Golden Ratio then makes 16, and
    # the next bonus is refused.
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract away failure 'a'
            2024-02-05 contract away failure 'b'
            2024-03-05 contract away failure 'c'
            2024-03-06 bonus gm_into_the_fold 6
            2024-04-05 contract away failure 'd'
            2024-04-06 bonus gm_golden_ratio 6
            2024-04-07 bonus gm_move_writeup 2
            """
        )
    )
    refused = only(fold.findings, "exp.bonus_ineligible")
    assert refused.where == "ledger[6]"
    assert refused.numbers == {"earned": 16, "cap": 10, "victories": 0, "alive": True}
    assert fold.exp.earned_total == 16
    assert not fold.exp.bonus_eligible


def test_a_victory_raises_the_bonus_cap_by_12() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory 'One'
            2024-01-06 bonus gm_into_the_fold 6
            2024-01-07 bonus gm_into_the_fold 6
            2024-01-08 bonus gm_into_the_fold 6
            2024-01-09 bonus gm_into_the_fold 6
            """
        )
    )
    # Cap 22: before the last bonus 5 + 18 = 23 is over it.
    assert [f.where for f in fold.findings] == ["ledger[4]"]
    assert fold.exp.earned_total == 23


def test_bonus_exp_only_goes_to_living_contractors() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home death 'One'
            2024-01-06 bonus gm_move_writeup 2
            """
        )
    )
    assert rules(fold.findings) == ["exp.bonus_ineligible"]
    assert fold.findings[0].numbers["alive"] is False
    assert fold.exp.earned_total == 3


# --------------------------------------------------------------------------- spending


def test_every_spending_kind_at_its_rule_price() -> None:
    creation = Creation(liabilities=(AssetPick("one_eye", "One Eye", AssetKind.LIABILITY, 2),))
    fold = fold_ledger(
        contractor(
            """
            2024-01-01 raise attribute brawn 2 5
            2024-01-01 raise ability firearms 1 2
            2024-01-01 raise secondary 'Knife Fighting' 1 2
            2024-01-05 contract home victory 'One'
            2024-01-06 gift new kiln 0 1 credits=1
            2024-01-07 raise source source 2 2
            2024-01-07 buy-asset rich 2 6 Rich
            2024-01-07 remove-liability 'One Eye' 2 6
            2024-01-07 therapy Nightmares 3
            2024-01-07 craft kiln 'Glass Knife' 0 free
            2024-01-08 craft kiln 'Glass Shield' 2
            """,
            creation=creation,
            gifts=[gift("kiln", 1, "artifact_crafting")],
        )
    )
    spent = fold.exp.spent_by_kind
    assert dict(spent) == {
        "attribute": 5,
        "ability": 2,
        "secondary": 2,
        "source": 2,
        "asset": 6,
        "liability": 6,
        "therapy": 3,
        "consumable": 0,
        "artifact": 2,
    }
    assert fold.exp.spent_total == 28
    # 150 + 2 (the Liability's credit) + 5 earned - 28 spent
    assert fold.exp.creation_cost == -2
    assert fold.exp.available == 150 + 2 + 5 - 28
    assert rules(fold.findings, Severity.ERROR) == []
    assert fold.ratings.source == 2
    assert fold.liabilities == ()


def test_brawn_2_to_3_recorded_at_5_exp_is_the_wrong_price() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-01 raise attribute brawn 2 5
            2024-01-02 raise attribute brawn 3 5
            """
        )
    )
    wrong = only(fold.findings, "exp.wrong_price")
    assert wrong.where == "ledger[1]"
    assert wrong.numbers == {"claimed": 5, "expected": 10}
    assert fold.exp.spent_total == 15  # the rule price, not the claim
    assert fold.ratings.attributes["brawn"] == 3


def test_available_exp_never_goes_below_zero() -> None:
    # Intellect 5 and Brawn 5 cost 50 each at creation, Dexterity 4 costs 30:
    # 20 Exp left. Perception 1 → 2 → 3 costs 5 + 10; then Charisma 1 → 2 → 3
    # needs 15 with only 5 left.
    creation = Creation(attributes={"intellect": 5, "brawn": 5, "dexterity": 4})
    fold = fold_ledger(
        contractor(
            """
            2024-01-01 raise attribute perception 2 5
            2024-01-01 raise attribute perception 3 10
            2024-01-01 raise attribute charisma 2 5
            2024-01-01 raise attribute charisma 3 10
            """,
            creation=creation,
        )
    )
    over = only(fold.findings, "exp.overspent")
    assert over.where == "ledger[3]"
    assert over.numbers == {"available": 0, "cost": 10, "shortfall": 10}
    assert fold.exp.available == -10


def test_no_spending_between_the_contracts_of_a_cycle() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory cycle=Tides open 'Tides, part 1'
            2024-01-05 raise ability athletics 1 2
            2024-01-06 contract home victory cycle=Tides open 'Tides, part 2'
            2024-01-06 therapy Nightmares 3
            2024-01-07 contract home victory cycle=Tides 'Tides, part 3'
            2024-01-08 raise ability athletics 2 2
            """
        )
    )
    in_cycle = [f for f in fold.findings if f.rule == "exp.spent_in_cycle"]
    assert [f.where for f in in_cycle] == ["ledger[1]", "ledger[3]"]
    assert in_cycle[0].numbers == {"cycle": "Tides"}
    assert fold.cycle_open == ""


def test_a_cycle_still_running_at_the_end_of_the_ledger_is_open() -> None:
    fold = fold_ledger(contractor("2024-01-05 contract home victory cycle=Tides open 'Part 1'"))
    assert fold.cycle_open == "Tides"


def test_a_raise_of_two_ranks_is_priced_as_its_two_steps() -> None:
    # "if your Brawn is at 2 … raise it to 3, you must spend 10 Exp"; 3 → 4 is 15 more,
    # so Brawn 2 → 4 at once costs 25 Exp and is legal at that price.
    fold = fold_ledger(
        contractor(
            "2024-01-01 raise attribute brawn 4 25", creation=Creation(attributes={"brawn": 2})
        )
    )
    assert fold.findings == ()
    assert (fold.exp.spent_total, fold.ratings.attributes["brawn"]) == (25, 4)


def test_a_two_rank_raise_at_one_step_price_is_refused_with_the_right_price() -> None:
    fold = fold_ledger(
        contractor(
            "2024-01-01 raise attribute brawn 4 10", creation=Creation(attributes={"brawn": 2})
        )
    )
    wrong = only(fold.findings, "exp.wrong_price")
    assert wrong.numbers == {"claimed": 10, "expected": 25}
    assert wrong.severity is Severity.ERROR
    # Totals use the rule price, never the claim.
    assert fold.exp.spent_total == 25


def test_the_rules_own_1_to_3_example_costs_15() -> None:
    fold = fold_ledger(contractor("2024-01-01 raise attribute brawn 3 15"))
    assert fold.findings == ()
    assert fold.exp.spent_total == 15


def test_a_raise_must_go_up() -> None:
    fold = fold_ledger(
        contractor(
            "2024-01-01 raise attribute brawn 2 0", creation=Creation(attributes={"brawn": 3})
        )
    )
    assert only(fold.findings, "raise.not_up").numbers == {"from": 3, "to": 2}
    assert fold.ratings.attributes["brawn"] == 3
    assert fold.exp.spent_total == 0


def test_attributes_stop_at_5() -> None:
    fold = fold_ledger(
        contractor(
            "2024-01-01 raise attribute brawn 6 25", creation=Creation(attributes={"brawn": 5})
        )
    )
    above = only(fold.findings, "raise.above_max")
    assert "Attributes stop at 5" in above.message
    assert above.numbers["max"] == 5


def test_a_sixth_ability_rank_needs_seasoned_status_at_that_moment() -> None:
    nine = "\n".join(f"2024-01-{d:02d} contract home victory 'V{d}'" for d in range(1, 10))
    creation = Creation(abilities={"firearms": 5})
    newbie_to_novice = fold_ledger(
        contractor(nine + "\n2024-02-01 raise ability firearms 6 10", creation=creation)
    )
    above = only(newbie_to_novice.findings, "raise.above_max")
    assert "Seasoned" in above.message
    assert above.numbers == {"to": 6, "max": 5, "victories": 9}

    seasoned = fold_ledger(
        contractor(
            nine
            + "\n2024-02-01 contract home victory 'V10'"
            + "\n2024-02-02 raise ability firearms 6 10",
            creation=creation,
        )
    )
    assert rules(seasoned.findings) == []
    assert seasoned.ratings.abilities["firearms"] == 6
    assert seasoned.status.label == "Seasoned"


def test_source_cannot_be_raised_before_a_gift() -> None:
    fold = fold_ledger(contractor("2024-01-01 raise source source 2 2"))
    assert rules(fold.findings) == ["raise.source_without_gift"]
    assert fold.ratings.source == 0
    assert fold.exp.spent_total == 0


def test_a_secondary_ability_is_matched_by_name_in_any_case() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-01 raise secondary Knives 1 2
            2024-01-01 raise secondary knives 2 2
            2024-01-01 raise secondary KNIVES 3 4
            """
        )
    )
    assert dict(fold.ratings.secondary) == {"Knives": 3}
    assert fold.exp.spent_by_kind["secondary"] == 8


def test_an_unknown_attribute_is_an_error_and_charges_nothing() -> None:
    fold = fold_ledger(contractor("2024-01-01 raise attribute luck 2 5"))
    assert rules(fold.findings) == ["raise.unknown_trait"]
    assert fold.exp.spent_total == 0


# --------------------------------------------------------------------------- Assets and Liabilities


def test_an_asset_before_the_first_contract_costs_its_value() -> None:
    fold = fold_ledger(contractor("2024-01-01 buy-asset rich 2 2 Rich"))
    assert fold.exp.spent_by_kind["asset"] == 2
    assert fold.findings == ()
    assert [a.name for a in fold.assets] == ["Rich"]


def test_an_asset_after_the_first_contract_costs_three_times_and_needs_approval() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home failure 'One'
            2024-01-06 buy-asset rich 2 2 Rich
            """
        )
    )
    assert only(fold.findings, "exp.wrong_price").numbers == {"claimed": 2, "expected": 6}
    approval = only(fold.findings, "asset.after_creation")
    assert approval.severity is Severity.WARNING
    assert "needs Playgroup Leader approval" in approval.message
    assert fold.exp.spent_by_kind["asset"] == 6


def test_removing_a_liability_after_creation_costs_three_times_its_value() -> None:
    creation = Creation(
        liabilities=(AssetPick("hunted", "Hunted", AssetKind.LIABILITY, 3),),
    )
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home failure 'One'
            2024-01-06 remove-liability hunted 3 9
            """,
            creation=creation,
        )
    )
    assert rules(fold.findings) == ["liability.after_creation"]
    assert fold.exp.spent_by_kind["liability"] == 9
    assert fold.liabilities == ()
    # The Liability's 3 Exp credit at creation stays: 150 + 3 + 3 - 9.
    assert fold.exp.available == 147


def test_removing_a_liability_that_is_not_on_the_sheet_is_an_error() -> None:
    fold = fold_ledger(contractor("2024-01-06 remove-liability Hunted 3 3"))
    assert rules(fold.findings) == ["liability.unknown"]
    assert fold.exp.spent_total == 0


def test_therapy_costs_3_exp() -> None:
    fold = fold_ledger(contractor("2024-01-06 therapy 'Fear of the Dark' 2"))
    assert only(fold.findings, "exp.wrong_price").numbers == {"claimed": 2, "expected": 3}
    assert fold.exp.spent_by_kind["therapy"] == 3


# --------------------------------------------------------------------------- crafting


def test_a_consumable_crafting_gift_gives_one_free_consumable_per_downtime() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-01 gift new tonic 0 1 credits=1
            2024-01-02 craft tonic 'Bottled Courage' 0 free
            2024-01-02 craft tonic 'Bottled Courage' 1
            2024-01-03 craft tonic 'Bottled Courage' 0 free
            2024-01-05 contract home failure 'One'
            2024-01-06 craft tonic 'Bottled Courage' 0 free
            """,
            creation=Creation(charon_coin=True),
            gifts=[gift("tonic", 1, "consumable_crafting")],
        )
    )
    free = only(fold.findings, "craft.no_free_copy")
    assert free.where == "ledger[3]"
    assert fold.exp.spent_by_kind["consumable"] == 1


def test_an_artifact_costs_1_plus_gift_cost_and_one_comes_free_with_the_gift() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-01 gift new forge 0 1 credits=1
            2024-01-02 craft forge 'Rune Blade' 0 free
            2024-01-03 craft forge 'Rune Blade' 0 free
            2024-01-05 contract home victory 'One'
            2024-01-05 contract home victory 'Two'
            2024-01-06 gift improvement forge 1 2 improvements=1
            2024-01-06 improvement gm_contract
            2024-01-07 craft forge 'Rune Blade' 0 free
            2024-01-08 craft forge 'Rune Blade' 3
            """,
            creation=Creation(charon_coin=True),
            gifts=[gift("forge", 2, "artifact_crafting")],
        )
    )
    # The second free copy at ledger[2] is not owed; improving the Gift owes one more.
    assert [f.where for f in fold.findings if f.rule == "craft.no_free_copy"] == ["ledger[2]"]
    assert fold.exp.spent_by_kind["artifact"] == 3


def test_crafting_needs_a_crafting_gift() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-01 gift new fire 0 1 credits=1
            2024-01-02 craft fire 'Ember' 1
            2024-01-02 craft ghost 'Ember' 1
            """,
            creation=Creation(charon_coin=True),
            gifts=[gift("fire", 1, "power")],
        )
    )
    assert rules(fold.findings) == ["craft.not_crafting_gift", "craft.unknown_gift"]
    assert fold.exp.spent_total == 0


# ------------------------------------------------------------------ conservation and the log


def test_exp_is_conserved_and_the_log_shows_each_balance() -> None:
    creation = Creation(attributes={"brawn": 3, "dexterity": 2}, abilities={"melee": 3})
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home victory commission 'One'
            2024-01-06 journal contract 300 'First blood'
            2024-01-07 raise ability melee 4 6
            2024-02-05 contract away failure 'Two'
            2024-02-06 bonus ringer_objective_met 4
            """,
            creation=creation,
        )
    )
    # Creation: Brawn 1→3 is 15, Dexterity 1→2 is 5, Melee 0→3 is 2 + 2 + 4 = 8.
    assert fold.exp.creation_cost == 28
    assert fold.exp.earned_total == 7 + 1 + 1 + 4
    assert fold.exp.spent_total == 6
    assert fold.exp.available == 150 - 28 + 13 - 6 == 129
    assert [line.available_after for line in fold.lines] == [129, 130, 124, 125, 129]
    assert [line.entry for line in fold.lines][:3] == ["ContractAttended", "Journal", "Raise"]


# --------------------------------------------------------------------------- death


def test_nothing_happens_after_death_except_voiding_it() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home death 'One'
            2024-01-06 raise attribute brawn 2 5
            2024-01-07 void-death
            2024-01-08 raise attribute brawn 2 5
            """
        )
    )
    after = only(fold.findings, "ledger.after_death")
    assert after.where == "ledger[1]"
    assert fold.alive
    assert fold.deaths_voided == 1
    assert fold.charon_coins_earned == 0


def test_each_death_not_voided_earns_a_coin_of_charon() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 contract home death 'One'
            2024-01-07 void-death
            2024-02-05 contract home failure 'Two'
            2024-02-10 death 'Fell from the bell tower'
            """
        )
    )
    assert not fold.alive
    assert fold.charon_coins_earned == 1
    assert fold.deaths_voided == 1
    assert fold.findings == ()


def test_voiding_a_death_that_did_not_happen_is_an_error() -> None:
    fold = fold_ledger(contractor("2024-01-07 void-death"))
    assert rules(fold.findings) == ["death.nothing_to_void"]
    assert fold.alive
