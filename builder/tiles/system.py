"""Covenants tile games as a game system: how saved games plug into the shared layers.

A "character" of this system is a :class:`~builder.tiles.record.GameRecord`;
its file format is ``harbinger.tiles-game`` version 1 (JSON Schema:
``resources/schemas/tiles-game.v1.schema.json``), so finished games are kept
in the library and listed, exported and audited like any other file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when a file is first checked (``_validator``)
    from jsonschema import Draft202012Validator

from builder.core import schema_words
from builder.core.names import check_identity, check_name
from builder.core.registry import CharacterFile, FileFormatError, GameSystem, Identity
from builder.core.report import Audit
from builder.tiles import record as rec
from builder.tiles.record import GameRecord
from resources import resource_path

ID = "tiles"
SCHEMA_FILE = "tiles-game.v1.schema.json"


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = json.loads(resource_path("schemas", SCHEMA_FILE).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _where(path: Any) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out.lstrip(".")


def _read(document: Any) -> CharacterFile:
    """Check the file against its JSON Schema, then read the game; FileFormatError names places."""
    if not isinstance(document, Mapping):
        raise FileFormatError("a game record file is a JSON object")
    found = sorted(_validator().iter_errors(document), key=lambda e: list(map(str, e.path)))
    if found:
        problems = tuple((_where(e.path), schema_words.brief(e)) for e in found)
        raise FileFormatError(problems[0][1], problems[0][0], problems=problems)
    game = rec.from_json(document.get("character"))
    check_identity(_identity(game), "character.id", "character.players")
    for seat, player in enumerate(game.players):
        check_name(player, f"character.players[{seat}]")
    return CharacterFile(
        ID,
        game,
        tuple(document.get("approvals", ())),
        rec.VERSION,
        str(document.get("exported_at", "")),
        str(document.get("app_version", "")),
    )


def _write(file: CharacterFile) -> dict[str, Any]:
    document: dict[str, Any] = {
        "format": rec.FORMAT,
        "version": rec.VERSION,
        "character": rec.to_json(file.character),
    }
    if file.approvals:
        document["approvals"] = [dict(a) for a in file.approvals]
    if file.exported_at:
        document["exported_at"] = file.exported_at
    if file.app_version:
        document["app_version"] = file.app_version
    return document


def _dumps(file: CharacterFile) -> bytes:
    return rec.dumps(_write(file)).encode("utf-8")


def _identity(game: GameRecord) -> Identity:
    return Identity(game.id, game.name, "")


def _normalize(data: Any) -> dict[str, Any]:
    return rec.to_json(rec.from_json(data))


def _approval_items(game: Mapping[str, Any]) -> dict[str, Any]:
    """A game is approved as a whole: one item, the game."""
    return {"game": dict(game)}


def _audit(game: GameRecord, _context: Mapping[str, Any]) -> Audit:
    return rec.audit_record(game)


def _describe_entry(game: GameRecord, entry: Any) -> str:
    """One move of the game in words (``entry`` is its index), as replayed: "beats with FIRE"."""
    try:
        end = rec.replay_record(game)[-1]
        return end.log[int(entry)].move.describe()
    except (ValueError, KeyError, IndexError):
        return str(game.moves[int(entry)]) if isinstance(entry, int) else str(entry)


SYSTEM = GameSystem(
    id=ID,
    format=rec.FORMAT,
    display_name="Covenants (tile game)",
    noun="tile game",
    character_type=GameRecord,
    identity_keys=("", ""),
    read=_read,
    write=_write,
    dumps=_dumps,
    identity=_identity,
    normalize=_normalize,
    approval_items=_approval_items,
    audit=_audit,
    describe_entry=_describe_entry,
    whole_scope="game",
    history="moves",
    file_version=rec.VERSION,
    item_titles={"game": "the game (players, deal, moves, result)"},
)
"""The tile game's entry in the game-system registry."""
