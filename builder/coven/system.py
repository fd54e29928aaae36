"""The Coven as a game system: how chronicle files plug into the shared layers (issue 19).

A Coven file's "character" is the whole chronicle (the town, the coven, the
log); its identity is the town, its history the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.approval import ApprovalError
from builder.core.gm_notes import gm_note_in
from builder.core.names import check_identity
from builder.core.registry import CharacterFile, GameSystem, Identity, core_and_log_items
from builder.core.report import Audit
from builder.core.system_parts import file_writers
from builder.coven import file as coven_file
from builder.coven.audit import audit_chronicle
from builder.coven.chronicle import Chronicle
from builder.coven.state import fold
from builder.coven.wording import describe_entry

ID = "coven"


def _read(document: Any) -> CharacterFile:
    read = coven_file.from_document(document)
    check_identity(
        _identity(read.chronicle), "character.id", "character.town", "character.others_player"
    )
    note = gm_note_in(document, read.chronicle.id)
    return CharacterFile(ID, read.chronicle, read.approvals, coven_file.VERSION, gm_note=note)


def _as_file(file: CharacterFile) -> coven_file.CovenFile:
    return coven_file.CovenFile(file.character, tuple(file.approvals))


_write, _dumps = file_writers(_as_file, coven_file.to_document, coven_file.dumps)


def _identity(chronicle: Chronicle) -> Identity:
    return Identity(chronicle.id, chronicle.town, chronicle.others_player)


def _normalize(data: Any) -> dict[str, Any]:
    document = {
        "format": coven_file.FORMAT,
        "version": coven_file.VERSION,
        "character": data,
        "approvals": [],
    }
    try:
        read = coven_file.from_document(document)
    except coven_file.CovenFileError as exc:
        raise ApprovalError(exc.problem, exc.where) from None
    return coven_file.chronicle_to_json(read.chronicle)


def _approval_items(chronicle: Mapping[str, Any]) -> dict[str, Any]:
    """``core`` (the town, the goal, the practitioners, the links) and each log event."""
    return core_and_log_items(chronicle)


def _audit(chronicle: Chronicle, _context: Mapping[str, Any]) -> Audit:
    return audit_chronicle(chronicle)


def _in_play(chronicle: Chronicle) -> bool:
    """A chronicle leaves play once one side has won (the-coven.txt, "Winning")."""
    return not fold(chronicle).winner


SYSTEM = GameSystem(
    id=ID,
    format=coven_file.FORMAT,
    display_name="The Coven",
    noun="chronicle",
    character_type=Chronicle,
    identity_keys=("town", "others_player"),
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
    file_version=coven_file.VERSION,
    item_titles={"core": "core (town, goal, practitioners and their cards, links)"},
    in_play=_in_play,
)
"""The Coven's entry in the game-system registry."""
