"""An append-only play log, folded into the state it describes: any game's history.

A game that keeps "what happened at the table" (Covenant's scenes, bids and
Ties lost; a tile game's turns) stores only its entries, frozen values in a
tuple, and folds its current state from them (STYLE.md, after beancount:
"Totals are never stored"). This module is the game-free part:

- ``Step``: what applying one entry gives, the next state (or the same state,
  refused, with an error finding saying why) and any notes;
- ``fold_log``: replay a log from a starting state; a refused entry is skipped
  and its index recorded, so a log read from a file that breaks a rule is a
  finding at ``log[i]``, never a crash;
- ``PlayLog``: one game's log rules bound together (where the state starts,
  how an entry applies, which field of the character holds the log), with
  ``play`` (append an entry if the rules accept it now) and ``undo`` (retract
  the last entry). Earlier entries are never edited: undoing is refolding
  without the tail, so the state after an undo is exactly the one before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from builder.core.findings import Finding, Severity
from builder.core.result import Result

State = TypeVar("State")
Entry = TypeVar("Entry")
Owner = TypeVar("Owner")


@dataclass(frozen=True, slots=True)
class Step(Generic[State]):
    """The outcome of applying one log entry: the next state, and whether it was accepted.

    A refused entry leaves ``state`` identical to the one given and carries at
    least one error finding saying why.
    """

    state: State
    findings: tuple[Finding, ...] = ()
    accepted: bool = True


@dataclass(frozen=True, slots=True)
class Fold(Generic[State]):
    """The state after replaying a whole log, with every finding met on the way.

    ``refused`` lists the indexes of the entries that were refused (and skipped).
    """

    state: State
    findings: tuple[Finding, ...] = ()
    refused: tuple[int, ...] = ()


def accept(state: State, *findings: Finding) -> Step[State]:
    """``state`` accepted as the next one, with any notes the entry raised."""
    return Step(state, tuple(findings), True)


def refuse(state: State, rule: str, message: str, **numbers: Any) -> Step[State]:
    """The entry refused for ``rule``; ``state`` stays as it was."""
    return Step(state, (Finding(rule=rule, message=message, numbers=dict(numbers)),), False)


def note(rule: str, message: str, severity: Severity = Severity.INFO, **numbers: Any) -> Finding:
    """A finding an accepted entry raises (information by default, or a warning)."""
    return Finding(rule=rule, message=message, severity=severity, numbers=dict(numbers))


def located(findings: Iterable[Finding], where: str) -> tuple[Finding, ...]:
    """``findings`` pointed at ``where`` unless they already point somewhere."""
    return tuple(replace(f, where=f.where or where) for f in findings)


def fold_log(
    start: State,
    log: Iterable[Entry],
    apply: Callable[[State, Entry], Step[State]],
    field: str = "log",
) -> Fold[State]:
    """Replay ``log`` from ``start``: refused entries are skipped and their index kept.

    Findings carry ``where="<field>[i]"``, so the state is the one the accepted
    entries produce and every refusal points at its own entry.
    """
    state = start
    findings: list[Finding] = []
    refused: list[int] = []
    for i, entry in enumerate(log):
        step = apply(state, entry)
        findings.extend(located(step.findings, f"{field}[{i}]"))
        if step.accepted:
            state = step.state
        else:
            refused.append(i)
    return Fold(state, tuple(findings), tuple(refused))


@dataclass(frozen=True, slots=True)
class PlayLog(Generic[Owner, State, Entry]):
    """One game's play-log rules: the state's start, how an entry applies, where the log is.

    ``start`` gives the state before the first entry (what creation sets up);
    ``apply`` judges one entry against a state; ``field`` names the owner's
    tuple of entries (a frozen dataclass field); ``empty_rule`` is the rule id
    of "nothing to undo".
    """

    start: Callable[[Owner], State]
    apply: Callable[[State, Entry], Step[State]]
    field: str = "log"
    empty_rule: str = "log.empty"

    def entries(self, owner: Owner) -> tuple[Entry, ...]:
        """The owner's log as it stands."""
        entries: tuple[Entry, ...] = getattr(owner, self.field)
        return entries

    def fold(self, owner: Owner) -> Fold[State]:
        """The owner's state after the whole log, replayed from the start."""
        return fold_log(self.start(owner), self.entries(owner), self.apply, self.field)

    def play(self, owner: Owner, entry: Entry, state: State | None = None) -> Result[Owner]:
        """Append ``entry`` if the rules accept it in the current state, else refuse it.

        ``state`` is the folded current state when the caller already has it.
        Findings point at the index the entry takes (or would have taken).
        """
        log = self.entries(owner)
        current = self.fold(owner).state if state is None else state
        step = self.apply(current, entry)
        findings = located(step.findings, f"{self.field}[{len(log)}]")
        if not step.accepted:
            return Result(owner, findings)
        # replace() wants a dataclass type; the owner is a frozen dataclass typed by a TypeVar.
        return Result(replace(owner, **{self.field: (*log, entry)}), findings)  # type: ignore[type-var]

    def undo(self, owner: Owner) -> Result[Owner]:
        """Retract the last entry (the app's Undo); refused when the log is empty."""
        log = self.entries(owner)
        if not log:
            finding = Finding(rule=self.empty_rule, message="Nothing to undo.", where=self.field)
            return Result(owner, (finding,))
        # replace() wants a dataclass type; the owner is a frozen dataclass typed by a TypeVar.
        return Result(replace(owner, **{self.field: log[:-1]}))  # type: ignore[type-var]
