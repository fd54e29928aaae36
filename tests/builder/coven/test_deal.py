"""The app deals legal weeks and conflicts (seeded, so the tests are repeatable)."""

from __future__ import annotations

import random

from builder.coven.chronicle import OTHERS, Challenge, Goal
from builder.coven.deal import deal_conflict, deal_week
from builder.coven.state import fold
from tests.builder.coven.examples import play_influence, town


def test_a_dealt_week_is_legal() -> None:
    c = town()
    week = deal_week(fold(c), random.Random(7))
    assert len(week.dealt) == 9 and len(set(week.dealt)) == 9
    assert fold(c.append(week)).findings == ()


def test_dealt_conflicts_are_legal_and_always_settled() -> None:
    c = play_influence(town(Goal.CORRUPT_PEOPLE))
    rng = random.Random(19)
    winners = set()
    for _ in range(40):
        conflict = deal_conflict(
            fold(c), "p-ann", "stakes", {"p-ann": ("aw2", "ar1")}, Challenge.CHALLENGING, rng
        )
        assert len(conflict.parties[0].cards) == 3 and len(conflict.others_cards) == 3
        state = fold(c.append(conflict))
        assert state.findings == ()
        winners.add(state.conflict_winners[len(c.log)])
    assert winners == {"p-ann", OTHERS}
