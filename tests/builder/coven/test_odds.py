"""The odds of the weekly deal and of corruption, against independent calculations written here."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from builder.coven.cards import rank_of
from builder.coven.chronicle import Goal, Kind
from builder.coven.odds import (
    cards_marking,
    chance_of_a_marker,
    corruption_chance,
    markers_in_deal,
    pooled_chance,
    town_chances,
)
from builder.coven.state import fold
from tests.builder.coven.examples import end_week, play_influence, town


def by_drawing(deck: int, good: int, draws: int) -> dict[int, Fraction]:
    """How many good cards ``draws`` cards hold, card by card (not by the binomial formula)."""
    states = {(0, 0): Fraction(1)}  # (good drawn, bad drawn) -> probability
    for _ in range(draws):
        following: dict[tuple[int, int], Fraction] = {}
        for (g, b), p in states.items():
            left = deck - g - b
            for key, ways in (((g + 1, b), good - g), ((g, b + 1), deck - good - b)):
                if ways > 0:
                    following[key] = following.get(key, Fraction(0)) + p * Fraction(ways, left)
        states = following
    out: dict[int, Fraction] = {}
    for (g, _), p in states.items():
        out[g] = out.get(g, Fraction(0)) + p
    return out


def test_the_issue_example_twelve_cards() -> None:
    d = markers_in_deal(12)
    assert d.probability(0) == Fraction(comb(42, 12), comb(52, 12))
    assert round(float(d.probability(0)), 3) == 0.054
    assert d.expected() == Fraction(12 * 10, 52) and round(float(d.expected()), 2) == 2.31
    assert round(float(d.at_least(3)), 3) == 0.418


@pytest.mark.parametrize("cards", [0, 1, 5, 9, 12, 20, 43, 52])
def test_markers_in_deal_against_drawing_card_by_card(cards: int) -> None:
    assert dict(markers_in_deal(cards).probabilities) == {
        k: p for k, p in by_drawing(52, 10, cards).items() if p
    }


def test_corruption_chance() -> None:
    assert cards_marking(Kind.PERSON) == cards_marking(Kind.PLACE) == 6  # red pair + 4 Aces
    # nine cards: 1 - C(46,9)/C(52,9)
    assert chance_of_a_marker(Kind.PERSON, 9) == 1 - Fraction(comb(46, 9), comb(52, 9))
    assert chance_of_a_marker(Kind.ORGANISATION, 9) == 1 - by_drawing(52, 6, 9)[0]
    assert corruption_chance(Kind.PLACE, 2, 9) == chance_of_a_marker(Kind.PLACE, 9)
    assert corruption_chance(Kind.PLACE, 2, 9) == Fraction(78363, 111860)  # ≈ 0.7005
    assert corruption_chance(Kind.PLACE, 1, 52) == 0  # one marker a week at most
    assert corruption_chance(Kind.PLACE, 0, 9) == 0
    assert corruption_chance(Kind.PLACE, 3, 0) == 1


def test_court_cards_of_a_missing_kind_mark_anything() -> None:
    no_orgs = frozenset({Kind.PERSON, Kind.PLACE})
    assert cards_marking(Kind.PERSON, no_orgs) == 8  # red Jacks, red Queens, 4 Aces


def test_town_chances() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    for _ in range(2):
        c = end_week(play_influence(c, ("JH", "mayor")))
    chances = town_chances(fold(c))
    assert chances["mayor"] == 1 - Fraction(comb(46, 9), comb(52, 9))
    assert chances["diner"] == 0
    assert set(chances) == {e.id for e in town().elements}


def test_a_tie_is_worth_exactly_a_half_by_enumerating_the_tie_break_rounds() -> None:
    """Every way the single cards can fall, from a small rest of the deck: each side wins 1/2.

    the-coven.txt: "deal out single cards for each tied player: high card wins.
    Further ties result in further rounds of high-card-wins." The rest is
    chosen lopsided (many Aces) so that repeated rounds happen.
    """

    def a_wins(rest: tuple[str, ...]) -> Fraction:
        if len(rest) < 2:
            return Fraction(1, 2)  # reading: reshuffled; too few cards here to matter
        total = Fraction(0)
        pairs = [(x, y) for x in rest for y in rest if x != y]
        for x, y in pairs:  # x to the first party, y to the second, in deal order
            if rank_of(x) > rank_of(y):
                total += 1
            elif rank_of(x) == rank_of(y):
                total += a_wins(tuple(c for c in rest if c not in (x, y)))
        return total / len(pairs)

    assert a_wins(("AS", "AH", "AD", "KS", "2C", "2D")) == Fraction(1, 2)
    assert a_wins(("AS", "AH", "KD", "KS")) == Fraction(1, 2)


def test_pooling_both_orders_counts_a_tie_as_a_half() -> None:
    """3 wins and 2 ties in 10 deals is 8/20; the mirror's 4 wins, 2 ties is 10/20 for the other."""
    assert pooled_chance((3, 2, 10), None) == Fraction(2, 5)
    assert pooled_chance((3, 2, 10), (4, 2, 10)) == (Fraction(2, 5) + Fraction(1, 2)) / 2
    assert pooled_chance((4, 2, 10), (3, 2, 10)) == 1 - pooled_chance((3, 2, 10), (4, 2, 10))
