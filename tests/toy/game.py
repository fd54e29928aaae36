"""Tally, a toy game defined only here: a character is a name and one number.

It shows that a game nobody in Harbinger's shared code has heard of is read,
stored, listed, exported, audited, changed by a named operation and shown in
the desktop app once a test registers it (issue 26, "Done when"). Its rules:

- a tally is a whole number from 0 to ``MOST`` (the audit fails outside);
- "add" (the one operation) adds a whole number, refused when the tally would
  fall below 0 or rise over ``MOST``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from builder.core.findings import Finding, Severity
from builder.core.registry import CharacterFile, FileFormatError, GameSystem, Identity
from builder.core.report import Audit, AuditLine
from harbinger.app.common import Operation, Plan, about, store_whole
from tests.models.dummy_system import json_dumps, registering
from tests.models.dummy_system import text as _text

ID = "tally"
FORMAT = "harbinger.test-tally"
MOST = 99
"""The largest tally the toy's rules allow."""


@dataclass(frozen=True, slots=True)
class Tally:
    """A toy character: who it is and its one number."""

    id: str
    name: str
    count: int = 0
    player: str = ""


def _whole(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise FileFormatError(f"expected a whole number, got {value!r}", where)
    return value


def _read(document: Any) -> CharacterFile:
    body = document.get("character")
    if not isinstance(body, dict):
        raise FileFormatError("expected an object", "character")
    tally = Tally(
        _text(body.get("id"), "character.id"),
        _text(body.get("name"), "character.name"),
        _whole(body.get("count"), "character.count"),
        _text(body.get("player", ""), "character.player"),
    )
    return CharacterFile(ID, tally, tuple(document.get("approvals", ())))


def _write(file: CharacterFile) -> dict[str, Any]:
    tally: Tally = file.character
    return {
        "format": FORMAT,
        "version": 1,
        "character": {
            "id": tally.id,
            "name": tally.name,
            "count": tally.count,
            "player": tally.player,
        },
        "approvals": [dict(a) for a in file.approvals],
    }


def _approval_items(character: Mapping[str, Any]) -> dict[str, Any]:
    return {"core": dict(character)}


def check_count(count: int) -> tuple[Finding, ...]:
    """The toy's one rule: a tally is a whole number from 0 to MOST."""
    if 0 <= count <= MOST:
        return ()
    return (
        Finding(
            "tally.range",
            f"a tally is 0 to {MOST}, not {count}",
            where="count",
            severity=Severity.ERROR,
        ),
    )


def audit(tally: Tally, _context: Mapping[str, Any]) -> Audit:
    """One check line: the tally within its range."""
    line = AuditLine(
        "tally.range",
        "Tally",
        f"tally {tally.count} of at most {MOST}",
        {"count": tally.count, "most": MOST},
        "count",
        check_count(tally.count),
    )
    return Audit("tally", tally.id, tally.name, (line,))


SYSTEM = GameSystem(
    id=ID,
    format=FORMAT,
    display_name="Tally (toy)",
    noun="tally",
    character_type=Tally,
    read=_read,
    write=_write,
    dumps=json_dumps(_write),
    identity=lambda t: Identity(t.id, t.name, t.player),
    normalize=lambda data: dict(data),
    approval_items=_approval_items,
    audit=audit,
    describe_entry=lambda _t, entry: str(entry),
    whole_scope="tally",
    history="",
)


# --------------------------------------------------------------------------- the operation


@dataclass(frozen=True, slots=True)
class AddInputs:
    """What "add" asks for: how much to add (negative takes away)."""

    amount: int = field(metadata=about("how much to add to the tally (negative takes away)"))


def plan_add(tally: Tally, inputs: AddInputs) -> Plan[Tally]:
    """The tally with ``amount`` added; refused when the result leaves 0 to MOST."""
    after = replace(tally, count=tally.count + inputs.amount)
    findings = check_count(after.count)
    lines = (f"tally {tally.count} → {after.count}",)
    return Plan("Add to the tally", tally, tally if findings else after, findings, lines, False)


ADD = Operation(
    "add", "Add to the tally", "add to a tally", AddInputs, plan_add, Tally, store_whole
)


def registered() -> Iterator[GameSystem]:
    """Register Tally for one test (rules and storage only), and take it out afterwards."""
    yield from registering(SYSTEM)
