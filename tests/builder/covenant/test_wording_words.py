"""Covenant's words for the player: pronouns, plurals, goals, no bookkeeping (issue 16, 9)."""

from __future__ import annotations

import pytest

from builder.covenant.character import Goal, GoalSlot
from builder.covenant.wording import (
    PHASE_LABELS,
    RECHARGE_LABELS,
    Pronouns,
    counted,
    goal_deadline,
    goal_details,
    goals_due_this_chapter,
    in_player_words,
    in_pronouns,
    parse_pronouns,
)

RULE = "An incapacitated character cannot act until xi is healed."


@pytest.mark.parametrize(
    ("pronouns", "expected"),
    [
        ("she/her", "An incapacitated character cannot act until she is healed."),
        ("he/him", "An incapacitated character cannot act until he is healed."),
        ("they/them", "An incapacitated character cannot act until they are healed."),
        ("ze/zir", "An incapacitated character cannot act until ze is healed."),
        ("", RULE),  # nothing entered: the rules' own xi
        ("xi/xir", RULE),
    ],
)
def test_rules_sentences_take_the_characters_pronouns(pronouns: str, expected: str) -> None:
    assert in_pronouns(RULE, pronouns) == expected


def test_xir_is_object_or_possessive_by_what_follows() -> None:
    text = "Xi loses xir Ties. A name to find xir by. The FM keeps xir."
    assert in_pronouns(text, "he/him") == (
        "He loses his Ties. A name to find him by. The FM keeps him."
    )
    assert in_pronouns(text, "they/them") == (
        "They lose their Ties. A name to find them by. The FM keeps them."
    )
    assert parse_pronouns("fae/faer") == Pronouns("fae", "faer", "faer")
    assert parse_pronouns("sie/hir") == Pronouns("sie", "hir", "hir")


def test_no_ids_or_paths_reach_the_player() -> None:
    assert in_player_words("A Tie needs an id and a name.") == "Give the Tie a name."
    assert in_player_words("An asset needs an id and a name.") == "Give the asset a name."
    assert in_player_words("The id 'tie-dana' is already used on this character.") == (
        "Something on this character already has that name; choose another."
    )
    assert in_player_words("The id 'x' is used twice (also at creation.ties[0]).") == (
        "Two things on this character have the same name; rename one."
    )


def test_plurals() -> None:
    assert [counted(n, "scene") for n in (0, 1, 2)] == ["0 scenes", "1 scene", "2 scenes"]
    assert counted(1, "chapter") == "1 chapter"


def test_goals_say_what_and_when() -> None:
    minor = Goal("g1", "Medicine", "Deliver the crate.", "Dana's trust.", "A new Tie.")
    major = Goal("g2", "The loan", "Pay it off.", "The skiff.", "A ship.", "end of the story")
    assert goal_deadline(minor, GoalSlot.MINOR) == "the end of the current chapter"
    assert goal_details(major, GoalSlot.MAJOR) == (
        ("Conditions", "Pay it off."),
        ("Stakes", "The skiff."),
        ("Catharsis", "A ship."),
        ("Due by", "end of the story"),
    )
    assert goals_due_this_chapter(major, minor) == (
        "The minor goal 'Medicine' is due by the end of the current chapter.",
    )
    assert goals_due_this_chapter(major, None) == ()


def test_the_labels_live_in_wording_for_sheet_and_print() -> None:
    from printing.covenant import sheet, snapshot

    assert snapshot.PHASE_LABELS is PHASE_LABELS
    assert sheet.RECHARGE_LABELS is RECHARGE_LABELS
    assert RECHARGE_LABELS["tap"] == "Tap: ready at the end of the scene"
