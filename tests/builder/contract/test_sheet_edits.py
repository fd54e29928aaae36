"""Edits a sheet needs over years (issue 31 item 4): removing a Gift.

The rules text is silent on removing a Gift; the reading (``builder.contract.sheet_edits``)
rests on "The online Character Sheet keeps track of total Gift Credits and Improvements
earned, as well as the total cost of all Gifts on a given Contractor": a removed Gift leaves
that total, so what it spent is available again, each reward as what it was.
"""

from __future__ import annotations

from builder.contract.character import GiftChange, GiftChangeKind
from builder.contract.ledger import fold_ledger
from builder.contract.sheet_edits import remove_gift, spent_on_gift
from builder.core.findings import errors
from tests.builder.contract.ledger_text import contractor, gift

# Three victories: 3 Gift Credits; two Improvements from GMing.
# "A given Contractor is limited to a number of Gift Credits and Improvements equal to twice
# the number of Contracts they have won": cap 2 × 3 − 3 = 3, so 2 Improvements are legal.
HISTORY = """
2024-01-01 contract home victory 'One'
2024-01-02 contract home victory 'Two'
2024-01-03 contract home victory 'Three'
2024-02-01 gift new spark 0 1 credits=1
2024-02-02 improvement gm_contract
2024-02-03 improvement gm_contract
2024-02-04 gift improvement spark 1 3 improvements=2
2024-02-05 gift new flame 0 1 credits=1
"""


def _held():
    return contractor(HISTORY, gifts=[gift("spark", 3), gift("flame", 1)])


def test_what_a_gift_spent_is_read_from_its_history() -> None:
    """spark: 1 Gift Credit (new) + 2 Improvements (improved 1 → 3)."""
    assert spent_on_gift(_held(), "spark") == (1, 2)
    assert spent_on_gift(_held(), "flame") == (1, 0)


def test_removing_a_gift_gives_back_its_credit_and_improvements() -> None:
    """Before: 3 credits earned, 2 spent → 1 available; 2 Improvements earned, 2 spent → 0.
    Removing spark (cost 3 = 1 Gift Credit + 2 Improvements) gives back 1 and 2:
    credits available 1 + 1 = 2, Improvements available 0 + 2 = 2."""
    before = fold_ledger(_held()).rewards
    assert (before.credits_available, before.improvements_available) == (1, 0)

    result = remove_gift(_held(), "spark", "2024-03-01", "retired the power")
    assert not errors(result.findings), result.findings
    after = result.character
    assert [g.id for g in after.gifts] == ["flame"]
    entry = after.ledger[-1]
    assert entry == GiftChange(
        "2024-03-01",
        "spark",
        GiftChangeKind.REMOVED,
        3,
        0,
        -1,
        -2,
        "Removed 'Spark': retired the power",
    )
    rewards = fold_ledger(after).rewards
    assert (rewards.credits_available, rewards.improvements_available) == (2, 2)
    assert (rewards.credits_spent, rewards.improvements_spent) == (1, 0)
    assert not errors(fold_ledger(after).findings)


def test_a_removed_gift_id_can_be_taken_again_as_a_new_gift() -> None:
    """After the removal the freed Gift Credit pays for a new Gift of cost 1."""
    removed = remove_gift(_held(), "spark", "2024-03-01").character
    again = contractor(
        HISTORY
        + """
        2024-03-01 gift removed spark 3 0 credits=-1 improvements=-2
        2024-03-02 gift new spark 0 1 credits=1
        """,
        gifts=[gift("flame", 1), gift("spark", 1)],
    )
    assert removed.ledger[-1].credits == -1
    fold = fold_ledger(again)
    assert not errors(fold.findings), fold.findings
    assert fold.rewards.credits_available == 1
    assert spent_on_gift(again, "spark") == (1, 0)


def test_a_removal_that_spends_is_an_error() -> None:
    """A removal may only give back: cost 0 after, no reward spent."""
    bad = contractor(
        HISTORY + "2024-03-01 gift removed spark 3 0 credits=1 improvements=-4\n",
        gifts=[gift("flame", 1)],
    )
    assert "rewards.removal" in [f.rule for f in fold_ledger(bad).findings]


def test_removing_a_gift_not_held_is_refused() -> None:
    result = remove_gift(_held(), "nope", "2024-03-01")
    assert result.character == _held()
    assert [f.rule for f in result.findings] == ["rewards.unknown_gift"]


# --------------------------------------------------------------------------- Limits revised


def test_revising_limits_keeps_a_dated_revision_and_spends_nothing() -> None:
    """ "During Character Creation, Contractors begin with three Limits"; "Contractors with
    abnormal psychology ... may choose from a selection of alternative Limits". Murder →
    Sacrilege: a dated entry, Exp and rewards as before."""
    from builder.contract.character import LimitsRevised
    from builder.contract.sheet_catalog import load_sheet_catalog
    from builder.contract.sheet_edits import limits_from_names, revise_limits
    from builder.contract.wording import describe_entry

    held = _held()
    limits = limits_from_names(
        ["Anguish", "atrocities", "sacrilege"], load_sheet_catalog().limits, held.limits
    )
    assert [limit.name for limit in limits] == ["Anguish", "Atrocities", "Sacrilege"]
    assert not any(limit.custom for limit in limits)
    result = revise_limits(held, limits, "2024-04-01", "found religion")
    assert not errors(result.findings), result.findings
    after = result.character
    assert after.limits == limits
    entry = after.ledger[-1]
    assert isinstance(entry, LimitsRevised)
    assert (entry.date, entry.before, entry.after) == ("2024-04-01", held.limits, limits)
    assert describe_entry(entry) == "Limits revised: Murder → Sacrilege"
    assert fold_ledger(after).exp == fold_ledger(held).exp
    assert fold_ledger(after).rewards == fold_ledger(held).rewards


def test_two_limits_are_refused_and_a_custom_one_needs_approval() -> None:
    """Three Limits, as at creation; "Custom Limits are subject to Playgroup Leader approval"."""
    from builder.contract.sheet_catalog import load_sheet_catalog
    from builder.contract.sheet_edits import limits_from_names, revise_limits
    from builder.core.findings import Severity

    held = _held()
    options = load_sheet_catalog().limits
    two = limits_from_names(["Anguish", "Murder"], options, held.limits)
    refused = revise_limits(held, two, "2024-04-01")
    assert refused.character == held
    assert "limits.count" in [f.rule for f in refused.findings]

    custom = limits_from_names(["Anguish", "Murder", "Cowardice"], options, held.limits)
    assert custom[2].custom
    done = revise_limits(held, custom, "2024-04-01")
    assert done.character.limits == custom
    assert [(f.rule, f.severity) for f in done.findings] == [("limits.custom", Severity.WARNING)]


def test_a_file_with_a_limits_revision_round_trips() -> None:
    from builder.contract.serialize import entry_from_dict, entry_to_dict
    from builder.contract.sheet_catalog import load_sheet_catalog
    from builder.contract.sheet_edits import limits_from_names, revise_limits

    held = _held()
    limits = limits_from_names(
        ["Anguish", "Atrocities", "Sacrilege"], load_sheet_catalog().limits, ()
    )
    entry = revise_limits(held, limits, "2024-04-01", "why").character.ledger[-1]
    data = entry_to_dict(entry)
    assert data["type"] == "limits_revised"
    assert entry_from_dict(data) == entry


def test_a_duplicate_is_a_renamed_draft_of_the_same_build() -> None:
    from dataclasses import replace

    from builder.contract.sheet_edits import duplicate_draft

    spark = gift("spark", 3)
    copy = duplicate_draft(spark, [spark])
    assert copy == replace(spark.draft, name="Spark (copy)")
    taken = replace(spark, id="spark2", draft=copy)
    assert duplicate_draft(spark, [spark, taken]).name == "Spark (copy 2)"


# --------------------------------------------------------------------------- corrected revisions


def _revised_twice():  # type: ignore[no-untyped-def]
    """Murder → Sacrilege on 2024-04-01, then Atrocities → Cruelty on 2024-05-01."""
    from builder.contract.sheet_catalog import load_sheet_catalog
    from builder.contract.sheet_edits import limits_from_names, revise_limits

    held = _held()
    options = load_sheet_catalog().limits
    first = limits_from_names(["Anguish", "Atrocities", "Sacrilege"], options, held.limits)
    once = revise_limits(held, first, "2024-04-01").character
    second = limits_from_names(["Anguish", "Cruelty", "Sacrilege"], options, once.limits)
    twice = revise_limits(once, second, "2024-05-01").character
    return held, first, second, twice


def test_voiding_a_limits_revision_puts_the_limits_it_replaced_back() -> None:
    """The sheet's Limits are the latest standing revision's: voiding the second leaves the
    first's (Sacrilege kept, Atrocities back); voiding the first too leaves the creation
    Limits (Murder back)."""
    from builder.contract.correcting import void_entry

    held, first, second, twice = _revised_twice()
    assert twice.limits == second
    index = len(twice.ledger) - 1
    voided = void_entry(twice, index, "2024-06-01", "never happened")
    assert not errors(voided.findings), voided.findings
    assert voided.character.limits == first
    both = void_entry(voided.character, index - 1, "2024-06-02")
    assert both.character.limits == held.limits
    assert [limit.name for limit in both.character.limits][2] == "Murder"


def test_replacing_a_limits_revision_puts_its_new_limits_on_the_sheet() -> None:
    """Correcting the latest revision to name Greed instead of Cruelty: the sheet shows
    Greed; correcting an earlier revision leaves the later one's Limits on the sheet."""
    from dataclasses import replace

    from builder.contract.character import Limit
    from builder.contract.correcting import replace_entry

    _held, _first, second, twice = _revised_twice()
    index = len(twice.ledger) - 1
    fixed_after = (second[0], Limit("Greed", custom=True), second[2])
    entry = replace(twice.ledger[index], after=fixed_after)
    done = replace_entry(twice, index, entry, "2024-06-01", "it was Greed")
    assert done.character.limits == fixed_after
    earlier = replace(twice.ledger[index - 1], reason="typo")
    kept = replace_entry(done.character, index - 1, earlier, "2024-06-02")
    assert kept.character.limits == fixed_after


def test_correcting_another_entry_leaves_the_limits_alone() -> None:
    """Renaming the first Contract's scenario touches no Limits."""
    from dataclasses import replace

    from builder.contract.correcting import replace_entry

    _held_before, _first, second, twice = _revised_twice()
    renamed = replace(twice.ledger[0], scenario="One, properly named")
    done = replace_entry(twice, 0, renamed, "2024-06-01")
    assert not errors(done.findings), done.findings
    assert done.character.ledger[-1].target == 0
    assert done.character.limits == second
