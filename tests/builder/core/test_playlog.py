"""The game-free play log: a counter whose log adds numbers, and refuses going below 0.

A toy game keeps the fold, the refusal bookkeeping and undo free of any game's
rules: every number below can be checked by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.findings import Severity
from builder.core.playlog import PlayLog, Step, accept, fold_log, note, refuse
from builder.core.result import Result


@dataclass(frozen=True, slots=True)
class Add:
    amount: int


@dataclass(frozen=True, slots=True)
class Tally:
    """The toy character: a starting count and its log."""

    start: int
    log: tuple[Add, ...] = ()


def apply(count: int, entry: Add) -> Step[int]:
    """Adding keeps the count at 0 or more; reaching 10 or more is noted."""
    total = count + entry.amount
    if total < 0:
        return refuse(
            count, "counter.negative", f"{count} + {entry.amount} is below 0.", total=total
        )
    if total >= 10:
        return accept(total, note("counter.ten", "Ten or more.", Severity.WARNING))
    return accept(total)


COUNTER = PlayLog(start=lambda tally: tally.start, apply=apply, empty_rule="counter.log.empty")


def test_fold_replays_every_entry_from_the_start() -> None:
    folded = fold_log(2, (Add(3), Add(4)), apply)
    assert folded.state == 9
    assert folded.findings == ()
    assert folded.refused == ()


def test_a_refused_entry_is_skipped_and_recorded_at_its_index() -> None:
    folded = COUNTER.fold(Tally(1, (Add(2), Add(-5), Add(8), Add(-20))))
    # 1 + 2 = 3; -5 would give -2 (refused); 3 + 8 = 11 (noted); -20 refused.
    assert folded.state == 11
    assert folded.refused == (1, 3)
    assert [(f.rule, f.where, f.severity) for f in folded.findings] == [
        ("counter.negative", "log[1]", Severity.ERROR),
        ("counter.ten", "log[2]", Severity.WARNING),
        ("counter.negative", "log[3]", Severity.ERROR),
    ]
    assert folded.findings[0].numbers == {"total": -2}


def test_play_appends_an_accepted_entry_and_points_notes_at_its_index() -> None:
    tally = Tally(4, (Add(1),))
    played = COUNTER.play(tally, Add(5))
    assert played.accepted
    assert played.character == Tally(4, (Add(1), Add(5)))
    assert [(f.rule, f.where) for f in played.findings] == [("counter.ten", "log[1]")]
    assert COUNTER.fold(played.character).state == 10


def test_play_refuses_without_changing_the_character() -> None:
    tally = Tally(4, (Add(1),))
    played = COUNTER.play(tally, Add(-6))
    assert played.refused
    assert played.character is tally
    assert [(f.rule, f.where) for f in played.findings] == [("counter.negative", "log[1]")]


def test_undo_retracts_the_tail_and_restores_the_state_exactly() -> None:
    tally = Tally(0, (Add(3),))
    before = COUNTER.fold(tally)
    played = COUNTER.play(tally, Add(9))
    assert COUNTER.fold(played.character).state == 12
    undone = COUNTER.undo(played.character)
    assert undone == Result(tally, ())
    assert COUNTER.fold(undone.character) == before
    # Earlier entries are never edited: the retained prefix is the same tuple of values.
    assert undone.character.log == tally.log


def test_undo_on_an_empty_log_is_refused() -> None:
    tally = Tally(7)
    undone = COUNTER.undo(tally)
    assert undone.refused
    assert undone.character is tally
    assert [(f.rule, f.where, f.message) for f in undone.findings] == [
        ("counter.log.empty", "log", "Nothing to undo.")
    ]
