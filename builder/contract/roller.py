"""Rolling a planned roll at the table, and the short log of rolls a contractor keeps.

``builder.contract.rolls`` works out which dice a roll uses (pool after
Penalty, the untrained +1 Difficulty, the rank-6 floor); ``builder.contract.dice``
rolls them ("Rolling Dice": each face at or above the Difficulty +1, a 10 +2,
a 1 −1; the final Difficulty kept between 4 and 9, each point over 9 costing a
die). This module joins the two with a random generator the caller passes in,
so tests seed it and the app seeds it from the operating system.

Pure: no Qt, no storage. The log is a value; adding a roll gives a new log.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from builder.contract.dice import Band, RollResult, roll
from builder.contract.rolls import PlannedRoll

LOG_SIZE = 20
"""How many rolls a contractor's log keeps (the newest first)."""

BAND_WORDS = {
    Band.BOTCH: "Botch",
    Band.FAIL: "Failure",
    Band.PARTIAL: "Partial success",
    Band.SUCCESS: "Success",
    Band.EXCEPTIONAL: "Exceptional success",
}
"""Each band as the Outcome table of "Rolling Dice" names it."""


def table_rng() -> random.Random:
    """The app's own random generator, seeded from the operating system's randomness."""
    return random.Random(int.from_bytes(os.urandom(32), "big"))


@dataclass(frozen=True, slots=True)
class LoggedRoll:
    """One roll made at the table: what was rolled (``label``) and what the dice showed."""

    label: str
    result: RollResult

    def text(self) -> str:
        """ "Dexterity + Firearms: 10 7 3 1 → Outcome 2, Partial success"."""
        return f"{self.label}: {faces_text(self.result)} → {outcome_text(self.result)}"


def faces_text(result: RollResult) -> str:
    """The faces shown, in the order rolled ("10 7 3 1"); "no dice" for an empty pool."""
    return " ".join(str(face) for face in result.faces) or "no dice"


def outcome_text(result: RollResult) -> str:
    """ "Outcome 2, Partial success"."""
    return f"Outcome {result.outcome}, {BAND_WORDS[result.band]}"


def roll_planned(planned: PlannedRoll, rng: random.Random) -> RollResult:
    """Roll ``planned`` (its pool after Penalty, at its rolled Difficulty) with ``rng``.

    The rank-6 floor of the plan applies ("Abilities": the Outcome cannot drop below 0).
    """
    return roll(planned.pool, planned.rolled_difficulty, rng, floor_at_zero=planned.floor_at_zero)


@dataclass(frozen=True, slots=True)
class RollLog:
    """A contractor's recent rolls, newest first, at most ``LOG_SIZE`` of them."""

    rolls: tuple[LoggedRoll, ...] = ()

    def add(self, entry: LoggedRoll) -> RollLog:
        """This log with ``entry`` in front; the oldest roll drops off past ``LOG_SIZE``."""
        return RollLog((entry, *self.rolls)[:LOG_SIZE])
