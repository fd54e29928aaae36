"""What every game's operations share: the plan, the refusal, the one runner, the declaration.

An *operation* takes a character as it is now and typed inputs, asks the
game's rules (``builder/<game>/``) for the character as it should be, and
returns a :class:`Plan`: the value before and after, the findings the rules
reported, the change in the player's terms (``lines``: "Exp available
12 → 19") and the undo text. Nothing is stored by working out a plan, so a
dialog can preview one before the player commits.

:func:`commit` is the one runner that makes a library hold a plan: it
refuses a plan with an ERROR finding (:class:`Refused`, with the rules'
reasons), then calls the game's ``store``, which goes through
``Library.save`` (the version check: a stale copy never overwrites a newer
one; concurrent appends merge) or ``Library.restore`` (an undo takes back only
the newest history entries). The GUI wraps the same call in a
``QUndoCommand``; the CLI calls it directly.

An :class:`Operation` declares one operation once — its name, help, typed
input dataclass and plan function — and both front ends are built from it:
``harbinger.commands.operations`` makes a CLI subcommand of every field
(``--date``, ``--outcome``...) or reads them all from a JSON object; the GUI's
dialogs collect the same inputs and call the same function.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from builder.core.findings import Finding, Severity
from builder.core.result import Result

T = TypeVar("T")

Store = Callable[[Any, Any, Any], None]
"""``store(library, held, wanted)``: make ``library`` hold ``wanted`` where it holds ``held``."""


def store_logged(library: Any, held: Any, wanted: Any) -> None:
    """Make ``library`` hold ``wanted`` where it holds ``held``, for a character with a play log.

    None on either side is a creation or a deletion. The log is append-only:
    going back (``wanted``'s log a shorter prefix of ``held``'s: an Undo) is
    ``restore``, which retracts only the newest entries; anything else
    (creation, an appended entry, a Redo, an edit of what was created) is an
    ordinary ``save``. Covenant, This Mortal Coil and The Coven all store so.
    """
    if wanted is None:
        if held is not None:
            library.delete(held.id)
        return
    going_back = (
        held is not None
        and len(wanted.log) < len(held.log)
        and held.log[: len(wanted.log)] == wanted.log
    )
    if going_back:
        library.restore(wanted)
    else:
        library.save(wanted)


def store_whole(library: Any, held: Any, wanted: Any) -> None:
    """Make ``library`` hold ``wanted`` for a value that never changes once kept (a tile game)."""
    if wanted is None:
        if held is not None:
            library.delete(held.id)
        return
    library.save(wanted)


def errors(findings: Sequence[Finding]) -> list[Finding]:
    """The ERROR findings: the ones that refuse an operation."""
    return [f for f in findings if f.severity is Severity.ERROR]


def arrow(label: str, before: Any, after: Any) -> str | None:
    """One line of a change summary, "Exp available 12 → 19 (+7)"; None when nothing moved."""
    if before == after:
        return None
    if isinstance(before, int) and isinstance(after, int):
        delta = after - before
        sign = "+" if delta > 0 else "−"
        return f"{label} {before} → {after} ({sign}{abs(delta)})"
    return f"{label} {before} → {after}"


NOTHING_CHANGES = "app.nothing"
"""Rule id of the refusal of an edit that would leave the character as it is."""


@dataclass(frozen=True, slots=True)
class Plan(Generic[T]):
    """An edit worked out but not yet stored: what the character would become, and why not.

    ``before``/``after`` None is "no such character" (a creation or a
    deletion). ``findings`` are the rules' findings for this edit; an ERROR
    among them refuses it. ``lines`` preview what would change in the
    player's terms. ``roster`` is True when roster rows may change (a name, a
    character added or removed). ``must_change``: an edit that would leave the
    character as it is is refused ("nothing would change").
    """

    name: str
    before: T | None
    after: T | None
    findings: tuple[Finding, ...] = ()
    lines: tuple[str, ...] = ()
    roster: bool = True
    must_change: bool = True

    @property
    def errors(self) -> list[Finding]:
        """Why the plan is refused (empty: it may be committed)."""
        found = errors(self.findings)
        if not found and self.must_change and self.before is not None and self.after == self.before:
            found = [Finding(NOTHING_CHANGES, "nothing would change", severity=Severity.ERROR)]
        return found

    @property
    def allowed(self) -> bool:
        return not self.errors

    @property
    def undo_text(self) -> str:
        """What Edit → Undo offers once this plan is committed."""
        return f"Undo {self.name}"

    @property
    def character_id(self) -> str:
        """The id of the character this plan creates, changes or removes."""
        target = self.after if self.after is not None else self.before
        return str(getattr(target, "id", "")) if target is not None else ""

    @property
    def summary(self) -> str:
        """One line for a status bar: what is done and its results."""
        return f"{self.name}: " + "; ".join(self.lines) if self.lines else self.name


def from_result(
    name: str,
    before: T,
    result: Result[T],
    *,
    lines: Callable[[T | None, T | None], tuple[str, ...]] | None = None,
    roster: bool = False,
    must_change: bool = False,
) -> Plan[T]:
    """A plan from a rules operation's ``Result`` (refused: ``after`` is ``before``)."""
    after = result.character
    described = lines(before, after) if lines is not None and not result.refused else ()
    return Plan(name, before, after, tuple(result.findings), described, roster, must_change)


class InputError(ValueError):
    """An operation's input is malformed (not a rule's refusal): what is wrong, and where."""


class Refused(Exception):
    """The rules refused the edit; ``findings`` say why (shown to the player as they are)."""

    def __init__(self, action: str, findings: Sequence[Finding]) -> None:
        self.action = action
        self.findings = tuple(findings)
        reasons = "; ".join(f.message for f in self.findings) or "not allowed"
        super().__init__(f"{action}: {reasons}")


def commit(library: Any, plan: Plan[Any], store: Store) -> Plan[Any]:
    """The one runner: store ``plan`` through ``store`` in one library transaction.

    Raises :class:`Refused` (nothing stored) when the rules refuse the plan,
    and whatever the library raises (``StaleCharacter`` when a newer version
    was stored meanwhile and the two cannot be merged); then nothing was
    stored either. Returns the plan, for its summary and undo text.
    """
    if plan.errors:
        raise Refused(plan.name, plan.errors)
    store(library, plan.before, plan.after)
    return plan


def commit_together(
    library: Any, plans: Sequence[Plan[Any]], store: Store
) -> tuple[Plan[Any], ...]:
    """Store several plans (one per character) as one change: all of them, or none.

    For an action that changes two characters at once (an item handed from
    one contractor to another). Refuses, storing nothing, when any plan is
    refused; otherwise every plan goes through ``store`` inside one
    ``library.together()`` transaction, so a failure in the second leaves the
    first unstored too. Undoing it is committing the reversed plans together.
    """
    for plan in plans:
        if plan.errors:
            raise Refused(plan.name, plan.errors)
    with library.together():
        for plan in plans:
            store(library, plan.before, plan.after)
    return tuple(plans)


# --------------------------------------------------------------------------- declarations


def option(help: str, *, flag: str = "", file: bool = False, metavar: str = "") -> Any:
    """A field of an operation's input dataclass, with the help its CLI flag shows.

    ``flag`` overrides the flag's name (default: ``--field-name``); ``file``
    marks a JSON document that the CLI reads from a file named on the
    command line (a gift draft); ``metavar`` names the value in the help.
    """
    return {"help": help, "flag": flag, "file": file, "metavar": metavar}


def about(help: str, **more: Any) -> dict[str, Any]:
    """Dataclass field metadata for an operation's input: ``field(metadata=about("..."))``."""
    return {"cli": option(help, **more)}


def today() -> str:
    """The ledger's date format (ISO) for today."""
    return _dt.date.today().isoformat()


def on_or_today(date: str) -> str:
    """The date an operation records: the one given, or today when none was."""
    return date or today()


def dated(what: str = "date") -> Any:
    """An optional date input of an operation (ISO); empty stands for today."""
    return field(default="", metadata=about(f"{what}, YYYY-MM-DD (default: today)"))


def noted(help: str = "note") -> Any:
    """An optional free-text input of an operation: what the ledger line says about it."""
    return field(default="", metadata=about(help))


@dataclass(frozen=True, slots=True)
class Operation:
    """One named operation, declared once for every front end.

    ``name`` is the CLI subcommand ("record-contract"); ``title`` the words a
    menu or the undo history uses; ``inputs`` a frozen dataclass whose fields
    (with :func:`about` metadata) are what the user supplies; ``plan`` works
    out the edit: ``plan(character, inputs) -> Plan``. ``character_type`` is
    the value the operation applies to (the CLI refuses an id of another
    game's character). ``load(library, id)``, when given, reads that value
    instead of ``library.load`` (a character's GM note, kept apart from it).
    """

    name: str
    title: str
    help: str
    inputs: type
    plan: Callable[[Any, Any], Plan[Any]]
    character_type: type
    store: Store
    load: Callable[[Any, str], Any] | None = None


def operation_table(*operations: Operation) -> dict[str, Operation]:
    """Operations by CLI name; two with one name are a programming error."""
    table: dict[str, Operation] = {}
    for op in operations:
        if op.name in table:
            raise ValueError(f"two operations are called {op.name!r}")
        table[op.name] = op
    return table


# --------------------------------------------------------------------------- the registry

_REGISTERED: dict[str, dict[str, Operation]] = {}


def register_operations(system_id: str, operations: Mapping[str, Operation]) -> None:
    """Make a game's operations known to every front end, under its system id.

    The composition roots register the shipped games
    (``harbinger.app.systems.register_shipped``); a game defined elsewhere (a
    test's toy game) registers its own the same way.
    """
    _REGISTERED[system_id] = dict(operations)


def unregister_operations(system_id: str) -> None:
    """Forget a game's operations (a test's toy game, once the test is over)."""
    _REGISTERED.pop(system_id, None)


def registered_operations() -> dict[str, dict[str, Operation]]:
    """Every registered game's operations by system id, in registration order."""
    return dict(_REGISTERED)
