"""Gift Credits and Improvements ("Gift Credits and Improvements", "Improvement Limits")."""

from __future__ import annotations

from builder.contract.character import AssetKind, AssetPick, Creation
from builder.contract.ledger import fold_ledger, improvement_cap
from builder.core.findings import Finding, Severity
from tests.builder.contract.ledger_text import contractor, gift

GIFTED = AssetPick("gifted", "Gifted", AssetKind.ASSET, 0, restricted=True)


def victories(n: int, start_day: int = 1) -> str:
    return "\n".join(
        f"2024-01-{start_day + i:02d} contract home victory 'Win {i + 1}'" for i in range(n)
    )


def rules(findings: tuple[Finding, ...]) -> list[str]:
    return [f.rule for f in findings]


def only(findings: tuple[Finding, ...], rule: str) -> Finding:
    matches = [f for f in findings if f.rule == rule]
    assert len(matches) == 1, findings
    return matches[0]


# --------------------------------------------------------------------------- earning


def test_each_victory_gives_one_gift_credit() -> None:
    fold = fold_ledger(contractor(victories(3) + "\n2024-02-01 contract home failure 'Loss'"))
    assert fold.rewards.credits_earned == 3
    assert fold.rewards.credits_earned_by_source["victory"] == 3
    assert fold.rewards.credits_available == 3


def test_a_coin_of_charon_and_the_gifted_asset_each_give_a_starting_gift_credit() -> None:
    fold = fold_ledger(contractor(creation=Creation(charon_coin=True, assets=(GIFTED,))))
    assert dict(fold.rewards.credits_earned_by_source) == {
        "victory": 0,
        "charon_coin": 1,
        "gifted_asset": 1,
    }
    assert fold.rewards.credits_earned == 2


def test_gifted_bought_before_the_first_contract_counts_but_not_after() -> None:
    before = fold_ledger(contractor("2024-01-01 buy-asset gifted 0 0 Gifted restricted"))
    assert before.rewards.credits_earned == 1
    assert rules(before.findings) == ["asset.restricted"]

    after = fold_ledger(
        contractor(
            """
            2024-01-05 contract home failure 'One'
            2024-01-06 buy-asset gifted 0 0 Gifted restricted
            """
        )
    )
    assert after.rewards.credits_earned == 0
    assert "asset.gifted_after_creation" in rules(after.findings)


def test_improvements_from_gming_and_scenario_writeups() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 improvement gm_contract
            2024-01-06 improvement scenario_writeup
            2024-01-07 improvement gm_contract
            """
        )
    )
    assert dict(fold.rewards.improvements_earned_by_source) == {
        "contract_journals": 0,
        "gm_contract": 2,
        "scenario_writeup": 1,
    }
    assert fold.rewards.improvements_earned == 3
    # With no victories none of them can be used yet.
    assert fold.rewards.improvement_cap == 0
    assert fold.rewards.improvements_available == 0


# --------------------------------------------------------------------------- the cap


def test_seven_victories_allow_seven_improvements() -> None:
    # "if your Contractor has been victorious 7 times, you may spend at most 7
    # Improvements on them, since they have already received 7 Gift Credits"
    assert improvement_cap(victories=7, credits_earned=7) == 7


def test_seven_victories_and_a_charon_coin_allow_six_improvements() -> None:
    # "if you have won 7 Contracts but you started with a Charon Coin, you may
    # spend at most 6 Improvements before you hit the cap"
    fold = fold_ledger(contractor(victories(7), creation=Creation(charon_coin=True)))
    assert fold.rewards.credits_earned == 8
    assert fold.rewards.improvement_cap == 6


def test_the_cap_is_never_negative() -> None:
    fold = fold_ledger(contractor(creation=Creation(charon_coin=True, assets=(GIFTED,))))
    assert fold.rewards.improvement_cap == 0


def test_improvements_over_the_cap_are_an_error_with_the_numbers() -> None:
    # One victory and a Charon coin: 2 × 1 − 2 = 0 Improvements may be used.
    fold = fold_ledger(
        contractor(
            victories(1)
            + """
            2024-02-01 gift new spark 0 1 credits=1
            2024-02-02 improvement gm_contract
            2024-02-03 gift improvement spark 1 2 improvements=1
            """,
            creation=Creation(charon_coin=True),
            gifts=[gift("spark", 2)],
        )
    )
    capped = only(fold.findings, "rewards.improvement_cap")
    assert capped.where == "ledger[3]"
    assert capped.numbers == {"victories": 1, "credits_earned": 2, "cap": 0, "spent": 1}


def test_improvements_used_within_earned_and_cap() -> None:
    fold = fold_ledger(
        contractor(
            victories(3)
            + """
            2024-02-01 gift new spark 0 1 credits=1
            2024-02-02 improvement gm_contract
            2024-02-03 improvement scenario_writeup
            2024-02-04 gift improvement spark 1 3 improvements=2
            2024-02-05 gift improvement spark 3 4 credits=1
            """,
            gifts=[gift("spark", 4)],
        )
    )
    assert fold.findings == ()
    r = fold.rewards
    assert (r.credits_spent, r.improvements_spent) == (2, 2)
    assert (r.credits_available, r.improvement_cap, r.improvements_available) == (1, 3, 0)


def test_spending_improvements_not_yet_earned_is_an_error() -> None:
    fold = fold_ledger(
        contractor(
            victories(3)
            + """
            2024-02-01 gift new spark 0 1 credits=1
            2024-02-04 gift improvement spark 1 2 improvements=1
            """,
            gifts=[gift("spark", 2)],
        )
    )
    over = only(fold.findings, "rewards.improvements_overspent")
    assert over.numbers == {"earned": 0, "spent_before": 0, "spending": 1}


# --------------------------------------------------------------------------- spending on Gifts


def test_a_new_gift_needs_a_gift_credit() -> None:
    fold = fold_ledger(
        contractor(
            """
            2024-01-05 improvement gm_contract
            2024-01-06 gift new spark 0 1 improvements=1
            """,
            gifts=[gift("spark", 1)],
        )
    )
    assert "rewards.new_gift_needs_credit" in rules(fold.findings)
    assert "rewards.improvement_on_new_gift" in rules(fold.findings)


def test_spending_more_gift_credits_than_earned_is_an_error() -> None:
    fold = fold_ledger(
        contractor(
            victories(1)
            + """
            2024-02-01 gift new spark 0 1 credits=1
            2024-02-02 gift new flame 0 1 credits=1
            """,
            gifts=[gift("spark", 1), gift("flame", 1)],
        )
    )
    over = only(fold.findings, "rewards.credits_overspent")
    assert over.where == "ledger[2]"
    assert over.numbers == {"earned": 1, "spent_before": 1, "spending": 1}


def test_a_new_contractor_with_a_coin_of_charon_may_start_with_a_gift() -> None:
    fold = fold_ledger(
        contractor(
            "2024-01-01 gift new spark 0 1 credits=1",
            creation=Creation(charon_coin=True),
            gifts=[gift("spark", 1)],
        )
    )
    assert fold.findings == ()
    assert fold.ratings.source == 1  # Source appears with the first Gift


def test_improving_a_gift_that_is_not_held_is_an_error() -> None:
    fold = fold_ledger(
        contractor(
            victories(2) + "\n2024-02-01 gift improvement ghost 0 1 credits=1",
        )
    )
    assert "rewards.unknown_gift" in rules(fold.findings)


def test_a_change_must_spend_what_the_cost_moved() -> None:
    fold = fold_ledger(
        contractor(
            victories(2)
            + """
            2024-02-01 gift new spark 0 1 credits=1
            2024-02-02 gift improvement spark 1 3 credits=1
            """,
            gifts=[gift("spark", 3)],
        )
    )
    mismatch = only(fold.findings, "rewards.change_mismatch")
    assert mismatch.numbers == {"delta": 2, "credits": 1, "improvements": 0}


def test_a_revision_may_refund_a_credit() -> None:
    fold = fold_ledger(
        contractor(
            victories(2)
            + """
            2024-02-01 gift new spark 0 2 credits=2
            2024-02-02 gift revision spark 2 1 credits=-1
            """,
            gifts=[gift("spark", 1)],
        )
    )
    assert fold.findings == ()
    assert fold.rewards.credits_spent == 1
    assert fold.rewards.credits_available == 1


def test_gift_costs_must_balance_the_rewards_spent() -> None:
    fold = fold_ledger(
        contractor(
            victories(2) + "\n2024-02-01 gift new spark 0 1 credits=1",
            gifts=[gift("spark", 3)],
        )
    )
    unbalanced = only(fold.findings, "rewards.unbalanced")
    assert unbalanced.where == "gifts"
    assert unbalanced.numbers == {"gift_costs": 3, "credits_spent": 1, "improvements_spent": 0}
    history = only(fold.findings, "rewards.gift_cost_history")
    assert history.where == "gifts[0]"
    assert history.numbers == {"cost": 3, "recorded": 1}


def test_gifts_without_any_history_are_unbalanced_but_still_bring_source() -> None:
    fold = fold_ledger(contractor(victories(1), gifts=[gift("spark", 1)]))
    assert rules(fold.findings) == ["rewards.unbalanced"]
    assert fold.ratings.source == 1
    assert fold.findings[0].severity is Severity.ERROR
