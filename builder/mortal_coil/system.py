"""*This Mortal Coil* as a game system: how spacefarer files plug into the shared layers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.gm_notes import gm_note_in
from builder.core.names import check_identity
from builder.core.registry import CharacterFile, GameSystem, core_and_log_items
from builder.core.report import Audit
from builder.core.system_parts import file_writers, normalizer, person_identity
from builder.mortal_coil import file as mc_file
from builder.mortal_coil.audit import audit_spacefarer
from builder.mortal_coil.character import Spacefarer
from builder.mortal_coil.wording import describe_entry

ID = "mortal-coil"


def _read(document: Any) -> CharacterFile:
    read = mc_file.from_document(document)
    check_identity(
        person_identity(read.character), "character.id", "character.name", "character.player"
    )
    version = document.get("version", 1)
    note = gm_note_in(document, read.character.id)
    return CharacterFile(ID, read.character, read.approvals, version, gm_note=note)


def _as_file(file: CharacterFile) -> mc_file.MortalCoilFile:
    return mc_file.MortalCoilFile(file.character, tuple(file.approvals))


_write, _dumps = file_writers(_as_file, mc_file.to_document, mc_file.dumps)
_normalize = normalizer(mc_file.character_from_json, mc_file.character_to_json)


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
    identity=person_identity,
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
