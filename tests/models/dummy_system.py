"""A tiny game system for tests: characters with an id, a name, a player and a log of notes.

It exists to show that a game registered with ``builder.core.registry`` is
stored, listed, exported and imported by the shared layers with no code of
its own outside this file. A note reading "out" puts the character out of play.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from builder.core.registry import (
    CharacterFile,
    FileFormatError,
    GameSystem,
    Identity,
    register,
    unregister,
)
from builder.core.report import Audit

ID = "dummy"
FORMAT = "harbinger.test-dummy"


@dataclass(frozen=True, slots=True)
class Note:
    """One log entry: something that happened, in words."""

    text: str


@dataclass(frozen=True, slots=True)
class DummyCharacter:
    id: str
    name: str
    player: str = ""
    log: tuple[Note, ...] = ()


def text(value: Any, where: str) -> str:
    """``value`` read from a file where text belongs, else FileFormatError naming ``where``."""
    if not isinstance(value, str):
        raise FileFormatError(f"expected text, got {value!r}", where)
    return value


def _read(document: Any) -> CharacterFile:
    if document.get("format") != FORMAT:
        raise FileFormatError(f"not a dummy file (format {document.get('format')!r})", "format")
    body = document.get("character")
    if not isinstance(body, dict):
        raise FileFormatError("expected an object", "character")
    log = body.get("log")
    if not isinstance(log, list):
        raise FileFormatError("expected a list", "character.log")
    character = DummyCharacter(
        id=text(body.get("id"), "character.id"),
        name=text(body.get("name"), "character.name"),
        player=text(body.get("player", ""), "character.player"),
        log=tuple(Note(text(e.get("text"), f"character.log[{i}].text")) for i, e in enumerate(log)),
    )
    approvals = tuple(document.get("approvals", ()))
    return CharacterFile(ID, character, approvals, int(document.get("version", 1)))


def _write(file: CharacterFile) -> dict[str, Any]:
    character: DummyCharacter = file.character
    return {
        "format": FORMAT,
        "version": 1,
        "character": {
            "id": character.id,
            "name": character.name,
            "player": character.player,
            "log": [{"text": note.text} for note in character.log],
        },
        "approvals": [dict(a) for a in file.approvals],
    }


def json_dumps(
    write: Callable[[CharacterFile], dict[str, Any]],
) -> Callable[[CharacterFile], bytes]:
    """A test system's ``dumps``: its ``write`` document as sorted, indented UTF-8 JSON."""

    def dumps(file: CharacterFile) -> bytes:
        return (json.dumps(write(file), indent=2, sort_keys=True) + "\n").encode("utf-8")

    return dumps


def _approval_items(character: Mapping[str, Any]) -> dict[str, Any]:
    items: dict[str, Any] = {"core": {k: character[k] for k in ("name", "player")}}
    items.update({f"log[{i}]": e for i, e in enumerate(character["log"])})
    return items


SYSTEM = GameSystem(
    id=ID,
    format=FORMAT,
    display_name="Dummy Game",
    noun="dummy character",
    character_type=DummyCharacter,
    read=_read,
    write=_write,
    dumps=json_dumps(_write),
    identity=lambda c: Identity(c.id, c.name, c.player),
    normalize=lambda data: dict(data),
    approval_items=_approval_items,
    audit=lambda c, _context: Audit("dummy", c.id, c.name, ()),
    describe_entry=lambda _c, entry: entry.text,
    in_play=lambda c: not any(note.text == "out" for note in c.log),
)


def registering(system: GameSystem) -> Iterator[GameSystem]:
    """Register a test's game system for one test, and take it out again afterwards."""
    register(system)
    try:
        yield system
    finally:
        unregister(system.id)


def registered() -> Iterator[GameSystem]:
    """Register the dummy system for one test, and take it out again afterwards."""
    yield from registering(SYSTEM)
