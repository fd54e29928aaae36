"""Scenes and conflicts, hand-worked (the-coven.txt, "The Practitioners Act")."""

from __future__ import annotations

from builder.coven.chronicle import OTHERS, Challenge, Conflict, Goal, Party, RemoveMarkers, Scene
from builder.coven.scenes import others_cards, others_scene_budget, trait_cards
from builder.coven.state import fold
from tests.builder.coven.examples import end_week, play_influence, town

BOARD = ("2S", "7D", "9C", "JH", "4D")
"""Five shared cards that make nothing by themselves."""


def rules(chronicle) -> list[tuple[int, str]]:
    return [(int(f.where[4:-1]), f.rule) for f in fold(chronicle).findings]


def started():
    """Week 1 after the influence phase, nothing marked."""
    return play_influence(town(Goal.CORRUPT_PEOPLE))


def ann_wins(**changes) -> Conflict:
    """Ann brings one white and one red trait (3 cards) to a routine conflict: the Others get 2.

    Ann: AS AH AC + board -> three aces; the Others: KS KH -> a pair of kings.
    """
    values = dict(
        framer="p-ann",
        stakes="the corruption vanishes from the Mayor",
        parties=(Party("p-ann", ("aw2", "ar1"), ("AS", "AH", "AC")),),
        challenge=Challenge.ROUTINE,
        others_cards=("KS", "KH"),
        shared=BOARD,
    )
    values.update(changes)
    return Conflict(**values)


def test_card_counts() -> None:
    assert trait_cards([]) == 0
    from builder.coven.chronicle import Colour

    assert trait_cards([Colour.WHITE, Colour.RED, Colour.RED]) == 5
    assert others_cards(Challenge.ROUTINE, 1) == 2
    assert others_cards(Challenge.CHALLENGING, 2) == 4
    assert others_cards(Challenge.RIDICULOUS, 3) == 6
    assert others_cards(Challenge.CHALLENGING, 1, corrupt_place=True) == 4


def test_the_others_scene_budget() -> None:
    assert others_scene_budget({}, 3) == 2
    assert others_scene_budget({"a": 1, "b": 3}, 3) == 4
    c = started().append(Scene(OTHERS), Scene(OTHERS))
    assert rules(c) == [(len(c.log) - 1, "scene.others_budget")]  # 2 practitioners -> 1 scene
    c = started().append(Scene("p-ann"), Scene("p-ann"), Scene(OTHERS), Scene(OTHERS))
    assert rules(c) == []  # Ann's extra scene gives the Others one more


def test_a_conflict_is_settled_by_the_best_hand() -> None:
    c = started().append(ann_wins())
    assert rules(c) == []
    assert fold(c).conflict_winners == {len(c.log) - 1: "p-ann"}
    lost = ann_wins(parties=(Party("p-ann", ("aw2", "ar1"), ("3S", "5H", "8C")),))
    c = started().append(lost)
    assert fold(c).conflict_winners == {len(c.log) - 1: OTHERS}


def test_conflict_card_counts_are_checked() -> None:
    short = ann_wins(parties=(Party("p-ann", ("aw2", "ar1"), ("AS", "AH")),))
    assert rules(started().append(short))[-1][1] == "conflict.cards"
    stolen = ann_wins(parties=(Party("p-ann", ("bw1",), ("AS",)),))
    assert rules(started().append(stolen))[-1][1] == "conflict.trait"
    greedy = ann_wins(others_cards=("KS", "KH", "KD"))
    assert rules(started().append(greedy))[-1][1] == "conflict.others_cards"
    twice = ann_wins(shared=("AS", "7D", "9C", "JH", "4D"))
    assert rules(started().append(twice))[-1][1] == "conflict.deck"


def test_a_corrupt_place_makes_opposing_the_others_harder() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    for _ in range(3):
        c = end_week(play_influence(c, ("KD", "church")))
    c = play_influence(c)
    at_church = ann_wins(place="church")
    assert rules(c.append(at_church))[-1][1] == "conflict.others_cards"  # 1 + 1 step + 1 = 3
    assert rules(c.append(ann_wins(place="church", others_cards=("KS", "KH", "KD")))) == []


def test_one_conflict_per_week_then_no_more_scenes_but_defending_is_allowed() -> None:
    c = started().append(ann_wins())
    n = len(c.log)
    c = c.append(
        ann_wins(parties=(Party("p-ann", ("aw3",), ("2H",)),), others_cards=("3H", "5H")),
        Scene("p-ann"),
        Conflict(
            "p-bo",
            "Bo takes the diner's keys from Ann",
            (Party("p-bo", ("bw1",), ("QS",)), Party("p-ann", ("aw4",), ("QH",))),
            None,
            (),
            BOARD,
            ((("p-bo", "8S"), ("p-ann", "6S")),),
            against="p-ann",
        ),
    )
    assert rules(c) == [(n, "conflict.one_per_week"), (n + 1, "scene.after_conflict")]
    assert fold(c).conflict_winners[n + 2] == "p-bo"  # queens tie, then 8 beats 6


def test_the_others_cannot_frame_a_conflict() -> None:
    c = started().append(ann_wins(framer=OTHERS))
    assert rules(c)[-1][1] == "conflict.others_frame"


def test_an_unbroken_tie_is_refused() -> None:
    tie = ann_wins(parties=(Party("p-ann", ("aw2",), ("3C",)),), others_cards=("3D", "5S"))
    # Ann: J 9 7 4 3 high... the Others: J 9 7 5 4: the Others win outright, no tie
    assert rules(started().append(tie)) == []
    board = ("AS", "KD", "QC", "JH", "9S")  # the board plays for both: A K Q J 9
    same = ann_wins(
        parties=(Party("p-ann", ("aw2",), ("2C",)),), others_cards=("3D", "4H"), shared=board
    )
    assert rules(started().append(same))[-1][1] == "conflict.tie"
    broken = ann_wins(
        parties=(Party("p-ann", ("aw2",), ("2C",)),),
        others_cards=("3D", "4H"),
        shared=board,
        tie_breaks=((("p-ann", "TC"), ("others", "TD")), (("p-ann", "5C"), ("others", "8D"))),
    )
    c = started().append(broken)
    assert fold(c).conflict_winners == {len(c.log) - 1: OTHERS}


def test_won_stakes_remove_markers_never_below_zero() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    c = end_week(play_influence(c, ("JH", "mayor")))
    c = play_influence(c, ("JH", "mayor")).append(ann_wins())
    won = len(c.log) - 1
    c = c.append(
        RemoveMarkers(won, "mayor", 3),  # the Mayor has only 2
        RemoveMarkers(won, "mayor", 2),
        RemoveMarkers(won + 5, "mayor", 1),  # not a conflict
    )
    assert rules(c) == [(won + 1, "markers.negative"), (won + 3, "stakes.conflict")]
    assert fold(c).markers["mayor"] == 0
