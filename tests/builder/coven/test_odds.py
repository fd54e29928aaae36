"""The odds of the weekly deal and of corruption, against independent calculations written here."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb, sqrt

import pytest

from builder.coven.chronicle import Goal, Kind
from builder.coven.odds import (
    cards_marking,
    chance_of_a_marker,
    conflict_precision,
    conflict_win_chance,
    corruption_chance,
    markers_in_deal,
    town_chances,
)
from builder.coven.state import fold
from resources import resource_path
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


def test_the_conflict_table_is_labelled_and_consistent() -> None:
    data = json.loads(resource_path("coven", "conflict-odds.json").read_text("utf-8"))
    assert "not exact" in conflict_precision()
    error = 0.5 / sqrt(data["deals"])
    for k in range(1, 11):
        assert conflict_win_chance(k, k) == pytest.approx(0.5, abs=4 * error)
        for m in range(1, 11):
            # the two parties' shares add up to 1 (ties count a half each)
            total = conflict_win_chance(k, m) + conflict_win_chance(m, k)  # type: ignore[operator]
            assert total == pytest.approx(1.0, abs=8 * error)
    assert conflict_win_chance(6, 2) > conflict_win_chance(4, 2) > conflict_win_chance(2, 2)
    assert conflict_win_chance(11, 1) is None
