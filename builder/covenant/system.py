"""Covenant as a game system: how its character files plug into the shared layers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.gm_notes import gm_note_in
from builder.core.names import check_identity
from builder.core.registry import CharacterFile, GameSystem, core_and_log_items
from builder.core.report import Audit
from builder.core.system_parts import file_writers, normalizer, person_identity
from builder.covenant import file as covenant_file
from builder.covenant.audit import audit_covenant
from builder.covenant.character import CovenantCharacter
from builder.covenant.rules import evaluate_covenant
from builder.covenant.wording import describe_entry

ID = "covenant"


def _read(document: Any) -> CharacterFile:
    read = covenant_file.from_document(document)
    check_identity(
        person_identity(read.character), "character.id", "character.name", "character.player"
    )
    version = document.get("version", covenant_file.VERSION)
    return CharacterFile(
        ID, read.character, read.approvals, version, gm_note=gm_note_in(document, read.character.id)
    )


def _as_file(file: CharacterFile) -> covenant_file.CovenantFile:
    return covenant_file.CovenantFile(file.character, file.approvals)


_write, _dumps = file_writers(_as_file, covenant_file.to_document, covenant_file.dumps_covenant)
_normalize = normalizer(
    covenant_file.character_from_json,
    covenant_file.character_to_json,
    covenant_file.CovenantFileError,
)


def _approval_items(character: Mapping[str, Any]) -> dict[str, Any]:
    """``core`` (name, player, pronouns, description, creation) and each play-log entry."""
    return core_and_log_items(character, ("name", "player", "pronouns", "description", "creation"))


def _audit(character: CovenantCharacter, _context: Mapping[str, Any]) -> Audit:
    return audit_covenant(character)


SYSTEM = GameSystem(
    id=ID,
    format=covenant_file.FORMAT,
    display_name="Covenant",
    noun="Covenant character",
    character_type=CovenantCharacter,
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
    file_version=covenant_file.VERSION,
    item_titles={"core": "core (concept, creation, Limits, Source)"},
    in_play=lambda character: not evaluate_covenant(character).eliminated,
)
"""Covenant's entry in the game-system registry."""
