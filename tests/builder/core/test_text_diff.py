"""The changed words of two texts, marked as ``git diff --word-diff`` marks them."""

from __future__ import annotations

from builder.core.text_diff import marked_difference

CATALOG = (
    "Spend an Action and Exert your Mind to heal one living creature within arm's reach. "
    "Lower the Severity of one of the target's Injuries by 1; an Injury can be healed by "
    "this Gift only once."
)


def test_equal_texts_have_no_difference() -> None:
    assert marked_difference(CATALOG, CATALOG) == ""
    assert marked_difference("a  b\nc", "a b c") == ""  # only spacing differs


def test_one_changed_word_is_marked_with_four_words_either_side() -> None:
    edited = CATALOG.replace("living creature", "dead creature")
    assert marked_difference(CATALOG, edited) == (
        "… Mind to heal one [-living-]{+dead+} creature within arm's reach. …"
    )


def test_changes_far_apart_are_each_shown_in_their_own_context() -> None:
    edited = CATALOG.replace("Spend an Action", "Spend a Reaction").replace(" by 1;", " by 2;")
    assert marked_difference(CATALOG, edited) == (
        "Spend [-an Action-]{+a Reaction+} and Exert your Mind … the target's Injuries by "
        "[-1;-]{+2;+} an Injury can be …"
    )


def test_words_only_added_or_only_removed() -> None:
    assert marked_difference("roll two dice", "roll two more dice") == "roll two {+more+} dice"
    assert marked_difference("roll two more dice", "roll two dice") == "roll two [-more-] dice"
