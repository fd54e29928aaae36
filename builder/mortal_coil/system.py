"""*This Mortal Coil* as a game system: how spacefarer files plug into the shared layers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.approval import ApprovalError
from builder.core.canonical import file_text
from builder.core.gm_notes import gm_note_in, with_gm_note
from builder.core.names import check_identity
from builder.core.registry import (
    CharacterFile,
    FileFormatError,
    GameSystem,
    Identity,
    core_and_log_items,
)
from builder.core.report import Audit
from builder.mortal_coil import file as mc_file
from builder.mortal_coil.audit import audit_spacefarer
from builder.mortal_coil.character import Spacefarer
from builder.mortal_coil.wording import describe_entry

ID = "mortal-coil"


def _read(document: Any) -> CharacterFile:
    read = mc_file.from_document(document)
    check_identity(_identity(read.character), "character.id", "character.name", "character.player")
    version = document.get("version", 1)
    note = gm_note_in(document, read.character.id)
    return CharacterFile(ID, read.character, read.approvals, version, gm_note=note)


def _as_file(file: CharacterFile) -> mc_file.MortalCoilFile:
    return mc_file.MortalCoilFile(file.character, tuple(file.approvals))


def _write(file: CharacterFile) -> dict[str, Any]:
    return with_gm_note(mc_file.to_document(_as_file(file)), file.gm_note)


def _dumps(file: CharacterFile) -> bytes:
    if file.gm_note is None or file.gm_note.empty:
        return mc_file.dumps(_as_file(file)).encode("utf-8")
    return file_text(_write(file)).encode("utf-8")


def _identity(character: Spacefarer) -> Identity:
    return Identity(character.id, character.name, character.player)


def _normalize(data: Any) -> dict[str, Any]:
    try:
        character = mc_file.character_from_json(data)
    except FileFormatError as exc:
        raise ApprovalError(exc.problem, exc.where) from None
    return mc_file.character_to_json(character)


_CORE = ("name", "player", "pronouns", "background", "creation", "items", "armor", "stability")


def _approval_items(character: Mapping[str, Any]) -> dict[str, Any]:
    """``core`` (who the character is, creation, gear, armor, stability) and each log entry."""
    return core_and_log_items(character, _CORE)


def _audit(character: Spacefarer, _context: Mapping[str, Any]) -> Audit:
    return audit_spacefarer(character)


SYSTEM = GameSystem(
    id=ID,
    format=mc_file.FORMAT,
    display_name="This Mortal Coil",
    noun="spacefarer",
    character_type=Spacefarer,
    read=_read,
    write=_write,
    dumps=_dumps,
    identity=_identity,
    normalize=_normalize,
    approval_items=_approval_items,
    audit=_audit,
    describe_entry=describe_entry,
    whole_scope="character",
    history="log",
    file_version=mc_file.VERSION,
    item_titles={"core": "core (creation, gear, armor, stability)"},
)
"""This Mortal Coil's entry in the game-system registry."""
