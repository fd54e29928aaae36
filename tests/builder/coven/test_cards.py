"""Poker hands judged exactly, and conflicts' tie-breaks as the-coven.txt settles them."""

from __future__ import annotations

import pytest

from builder.coven.cards import (
    MARKER_CARDS,
    Hand,
    HandRank,
    MarkerKind,
    best_hand,
    marker_kind,
    showdown,
)


def test_the_ten_marker_cards() -> None:
    assert sorted(MARKER_CARDS) == sorted(
        ["JH", "JD", "QH", "QD", "KH", "KD", "AS", "AH", "AD", "AC"]
    )
    assert marker_kind("JD") is MarkerKind.PERSON
    assert marker_kind("QH") is MarkerKind.ORGANISATION
    assert marker_kind("KD") is MarkerKind.PLACE
    assert marker_kind("AC") is MarkerKind.ANY
    assert marker_kind("JS") is None  # black court cards do nothing
    assert marker_kind("TH") is None


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["AS", "KS", "QS", "JS", "TS", "2D", "3C"], Hand(HandRank.STRAIGHT_FLUSH, (14,))),
        (["AH", "2H", "3H", "4H", "5H", "KD", "KC"], Hand(HandRank.STRAIGHT_FLUSH, (5,))),
        (["9S", "9H", "9D", "9C", "2D", "KC", "KH"], Hand(HandRank.FOUR_OF_A_KIND, (9, 13))),
        (["9S", "9H", "9D", "KC", "KH", "KD", "2C"], Hand(HandRank.FULL_HOUSE, (13, 9))),
        (["2H", "7H", "9H", "JH", "KH", "AH", "QS"], Hand(HandRank.FLUSH, (14, 13, 11, 9, 7))),
        (["AS", "2D", "3C", "4H", "5S", "9D", "9C"], Hand(HandRank.STRAIGHT, (5,))),
        (["TS", "JD", "QC", "KH", "AS", "AD", "2C"], Hand(HandRank.STRAIGHT, (14,))),
        (["7S", "7D", "7C", "AH", "2S", "9D", "4C"], Hand(HandRank.THREE_OF_A_KIND, (7, 14, 9))),
        (["7S", "7D", "5C", "5H", "2S", "2D", "KC"], Hand(HandRank.TWO_PAIR, (7, 5, 13))),
        (["7S", "7D", "5C", "5H", "2S", "2D", "3C"], Hand(HandRank.TWO_PAIR, (7, 5, 3))),
        (["QS", "QD", "5C", "8H", "2S", "JD", "3C"], Hand(HandRank.PAIR, (12, 11, 8, 5))),
        (["QS", "TD", "5C", "8H", "2S", "JD", "3C"], Hand(HandRank.HIGH_CARD, (12, 11, 10, 8, 5))),
    ],
)
def test_best_hand(cards: list[str], expected: Hand) -> None:
    assert best_hand(cards) == expected


def test_many_hole_cards() -> None:
    # 13 cards: two flushes (spades and hearts); the best is the spade one, ace-high
    cards = ["AS", "9S", "7S", "4S", "2S", "KH", "QH", "JH", "8H", "3H", "5D", "6C", "TC"]
    assert best_hand(cards) == Hand(HandRank.FLUSH, (14, 9, 7, 4, 2))
    # an eight-card hand holding quads and a full house: quads win, the best kicker kept
    assert best_hand(["8S", "8H", "8D", "8C", "KS", "KH", "KD", "2C"]) == Hand(
        HandRank.FOUR_OF_A_KIND, (8, 13)
    )


def test_hands_compare_as_poker_does() -> None:
    assert best_hand(["2S", "2D", "3C", "4H", "6S"]) > best_hand(["AS", "KD", "QC", "JH", "9S"])
    pair_king_kicker = best_hand(["QS", "QD", "KC", "4H", "3S"])
    pair_jack_kicker = best_hand(["QH", "QC", "JC", "4D", "3D"])
    assert pair_king_kicker > pair_jack_kicker


def test_showdown_with_a_tie_broken_by_single_cards() -> None:
    shared = ["AS", "AD", "KS", "KD", "QC"]  # the board's two pair with a queen kicker plays
    hole = {"p-ann": ["2C", "3C"], "others": ["2H", "4H"]}
    tied = showdown(hole, shared)
    assert tied.winner == ""  # both play A A K K Q
    assert tied.hands["p-ann"] == tied.hands["others"] == Hand(HandRank.TWO_PAIR, (14, 13, 12))
    # first round: both draw a seven (suits never rank) -> tied again; second: ten beats nine
    result = showdown(
        hole, shared, [{"p-ann": "7S", "others": "7D"}, {"p-ann": "TS", "others": "9C"}]
    )
    assert result.winner == "p-ann"
    assert result.rounds == (("p-ann", "others"), ("p-ann", "others"))


def test_tie_break_rounds_deal_only_to_tied_players() -> None:
    hole = {"p-ann": ["2C", "3C"], "others": ["AH", "4H"], "p-bo": ["2H", "3H"]}
    shared = ["AS", "AD", "KS", "KD", "QC"]
    assert showdown(hole, shared).winner == "others"  # three aces
    with pytest.raises(ValueError, match="already broken"):
        showdown(hole, shared, [{"p-ann": "7S", "p-bo": "8S"}])
    hole["others"] = ["5H", "4H"]
    with pytest.raises(ValueError, match="exactly the tied parties"):
        showdown(hole, shared, [{"p-ann": "7S", "p-bo": "8S"}])
