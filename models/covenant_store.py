"""Covenant characters in the library: values ↔ rows, and the session work behind ``Library``.

A Covenant character (``builder.covenant.character.CovenantCharacter``) is stored as one
``covenant_character`` row (own fields, approval state, the creation as
canonical JSON) and one ``covenant_log`` row per play-log entry. Both use the
harbinger.covenant file's own encoding (``builder.covenant.file``), so a row
and the file say the same thing and the library never invents a second
format. Nothing folded is stored: Discipline, asset states and tokens come
from ``builder.covenant.rules.evaluate_covenant`` after loading. The one
derived column, ``covenant_log.eliminated``, marks the entry that put the
character out of the game so the roster need not replay every log.

The log is append-only like the contractor ledger: a save appends the new
entries and refuses one that would change or drop a stored entry
(``LedgerRewriteError``). The app's Undo drops the newest entries through
``retract_tail`` only (``Library.retract_log_tail``).

``Library`` (``models.library``) owns transactions, players, id conflicts
and the file entry points; this module holds the Covenant-specific parts it
calls, and takes a session from it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, delete, select

from builder.contract.file import (
    MAX_FILE_BYTES,
    CharacterDocument,
    CharacterFileError,
    document_from_data,
    parse_document,
)
from builder.contract.serialize import canonical_json
from builder.covenant.character import CovenantCharacter, LogEntry
from builder.covenant.file import (
    FORMAT as COVENANT_FORMAT,
)
from builder.covenant.file import (
    CovenantFile,
    CovenantFileError,
    character_from_json,
    character_to_json,
    dumps_covenant,
    from_document,
    loads_covenant,
)
from builder.covenant.state import apply_entry, fold
from models.errors import CovenantNotFound, LedgerRewriteError, UnstorableCovenant
from models.tables import CovenantCharacterRow, CovenantLogRow, PlayerRow

FAMILY_CONTRACT = "contract"
"""Roster family of a contractor of The Contract."""

FAMILY_COVENANT = "covenant"
"""Roster family of a Covenant character."""


@dataclass(frozen=True, slots=True)
class StoredCovenant:
    """A Covenant character with what the library keeps about it besides the sheet."""

    character: CovenantCharacter
    approval_state: str
    approvals: tuple[Mapping[str, Any], ...]
    created_at: datetime
    updated_at: datetime


# --------------------------------------------------------------------------- files


def _file_bytes(source: str | os.PathLike[str] | bytes) -> bytes:
    """The bytes of a file to import, never reading past the size limit."""
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source)
    path = Path(source)
    try:
        with path.open("rb") as handle:
            # One byte past the limit, so the parser reports an oversize file as such.
            return handle.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise CharacterFileError(f"{path} is a folder, not a file") from None
    except FileNotFoundError:
        raise CharacterFileError(f"{path} does not exist") from None
    except OSError as exc:
        raise CharacterFileError(f"cannot read {path}: {exc.strerror or exc}") from None


def read_any_character_file(
    source: str | os.PathLike[str] | bytes,
) -> CharacterDocument | CovenantFile:
    """A contractor file or a Covenant file, told apart by its ``format`` (SPEC §5).

    The contractor reader's checks (size, UTF-8, JSON, depth, storable text)
    run first for both; a ``harbinger.covenant`` document then goes through
    the Covenant reader (its schema, duplicate keys). Every refusal is a
    ``CharacterFileError`` naming what and where, so importers handle one error.
    """
    raw = _file_bytes(source)
    data = parse_document(raw)
    if isinstance(data, dict) and data.get("format") == COVENANT_FORMAT:
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            return loads_covenant(raw)
        except CovenantFileError as exc:
            raise CharacterFileError(exc.what, exc.where) from None
    return document_from_data(data)


def check_storable(character: CovenantCharacter, log_from: int = 0) -> None:
    """Refuse a character that could not be exported and read back (UnstorableCovenant).

    Only the play-log entries from ``log_from`` on are checked: the stored ones
    were checked when they were saved, and checking a long log again on every
    action at the table would make play slow.
    """
    probe = replace(character, log=character.log[log_from:])
    try:
        raw = dumps_covenant(CovenantFile(probe)).encode("utf-8")
        from_document(parse_document(raw))
    except UnicodeEncodeError:
        raise UnstorableCovenant(
            f"cannot save {character.name!r}: text contains an unpaired surrogate "
            "(not valid Unicode)"
        ) from None
    except (CharacterFileError, CovenantFileError) as exc:
        raise UnstorableCovenant(f"cannot save {character.name!r}: {exc}") from None


# --------------------------------------------------------------------------- values ↔ rows


def _encoded_log(document: dict[str, Any]) -> list[dict[str, Any]]:
    return list(document["log"])


def _log_row(
    character_id: str, seq: int, encoded: dict[str, Any], eliminated: bool | None, now: datetime
) -> CovenantLogRow:
    body = dict(encoded)
    tag = body.pop("type")
    return CovenantLogRow(
        character_id=character_id,
        seq=seq,
        type=tag,
        eliminated=eliminated,
        payload=canonical_json(body),
        recorded_at=now,
    )


def _encoded_from_row(row: CovenantLogRow) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(row.payload)
    body["type"] = row.type
    return body


def elimination_markers(character: CovenantCharacter, start: int) -> list[bool | None]:
    """For each log entry from ``start``: True if it eliminated the character, else None.

    Replays the log with builder's own fold, so the marker says exactly what
    ``evaluate_covenant`` would ("Losing All Ties", "Effects of Incapacitation",
    "Sacrificing"). An eliminated character accepts no further entry, so at most
    one entry is ever marked.
    """
    state = fold(replace(character, log=character.log[:start])).state
    markers: list[bool | None] = []
    for entry in character.log[start:]:
        step = apply_entry(state, entry)
        if step.accepted:
            killed = state.eliminated is None and step.state.eliminated is not None
            state = step.state
        else:
            killed = False
        markers.append(True if killed else None)
    return markers


def _apply_fields(row: CovenantCharacterRow, document: dict[str, Any]) -> None:
    row.name = document["name"]
    row.pronouns = document["pronouns"]
    row.description = document["description"]
    row.notes = document["notes"]
    row.creation = canonical_json(document["creation"])


def insert(
    session: Session,
    character: CovenantCharacter,
    player_id: int | None,
    now: datetime,
    *,
    approvals: Sequence[Mapping[str, Any]] = (),
    created_at: datetime | None = None,
) -> None:
    """Add a character the library does not hold yet, with its whole log."""
    document = character_to_json(character)
    row = CovenantCharacterRow(
        id=character.id,
        player_id=player_id,
        name=character.name,
        approvals=approvals_json(approvals),
        created_at=created_at or now,
        updated_at=now,
    )
    _apply_fields(row, document)
    session.add(row)
    session.flush()  # the parent row must exist before its log rows reference it
    markers = elimination_markers(character, 0)
    session.add_all(
        _log_row(character.id, seq, encoded, markers[seq], now)
        for seq, encoded in enumerate(_encoded_log(document))
    )
    session.flush()


def update(
    session: Session,
    row: CovenantCharacterRow,
    new: CovenantCharacter,
    player_id: int | None,
    now: datetime,
) -> tuple[int, tuple[str, ...]]:
    """Write what changed; returns (log entries appended, parts rewritten).

    Stored log entries must be the first entries of the new log, unchanged:
    anything else is refused with ``LedgerRewriteError`` before a row is written.
    """
    document = character_to_json(new)
    encoded = _encoded_log(document)
    stored = _log_rows(session, row.id)
    for seq, old in enumerate(stored):
        if seq >= len(encoded) or _encoded_from_row(old) != encoded[seq]:
            what = "is missing" if seq >= len(encoded) else "differs"
            raise LedgerRewriteError(
                f"play-log entry {seq + 1} of {new.name!r} {what} from the stored one; the "
                "play log is append-only (Undo removes the newest entries with retract_log_tail)"
            )
    parts: list[str] = []
    if (
        row.name != new.name
        or row.pronouns != new.pronouns
        or row.description != new.description
        or row.notes != new.notes
        or row.player_id != player_id
    ):
        parts.append("concept")
    if row.creation != canonical_json(document["creation"]):
        parts.append("creation")
    if parts:
        _apply_fields(row, document)
        row.player_id = player_id
    appended = encoded[len(stored) :]
    if appended:
        markers = elimination_markers(new, len(stored))
        session.add_all(
            _log_row(new.id, len(stored) + i, e, markers[i], now) for i, e in enumerate(appended)
        )
    if parts or appended:
        row.updated_at = now
        session.add(row)
    session.flush()
    return len(appended), tuple(parts)


def _log_rows(session: Session, character_id: str) -> list[CovenantLogRow]:
    return list(
        session.exec(
            select(CovenantLogRow)
            .where(CovenantLogRow.character_id == character_id)
            .order_by(col(CovenantLogRow.seq))
        ).all()
    )


def get(session: Session, character_id: str) -> CovenantCharacterRow:
    row = session.get(CovenantCharacterRow, character_id)
    if row is None:
        raise CovenantNotFound(f"no Covenant character with id {character_id!r} in this library")
    return row


def read(session: Session, row: CovenantCharacterRow) -> CovenantCharacter:
    """The character a row and its log rows record."""
    player = session.get(PlayerRow, row.player_id) if row.player_id is not None else None
    document = {
        "id": row.id,
        "name": row.name,
        "player": player.name if player else "",
        "pronouns": row.pronouns,
        "description": row.description,
        "notes": row.notes,
        "creation": json.loads(row.creation),
        "log": [_encoded_from_row(r) for r in _log_rows(session, row.id)],
    }
    return character_from_json(document)


def _aware(moment: datetime) -> datetime:
    """Stored times are naive UTC (portable DateTime columns keep no zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def read_stored(session: Session, row: CovenantCharacterRow) -> StoredCovenant:
    return StoredCovenant(
        character=read(session, row),
        approval_state=row.approval_state,
        approvals=approvals_from_json(row.approvals),
        created_at=_aware(row.created_at),
        updated_at=_aware(row.updated_at),
    )


def retract_tail(
    session: Session, row: CovenantCharacterRow, count: int, now: datetime
) -> tuple[LogEntry, ...]:
    """Delete the newest ``count`` log rows; returns the entries they held, oldest first."""
    stored = _log_rows(session, row.id)
    if not 1 <= count <= len(stored):
        raise ValueError(f"{row.name!r} has {len(stored)} play-log entries; cannot retract {count}")
    doomed = stored[-count:]
    before = read(session, row)
    removed = before.log[-count:]
    session.exec(
        delete(CovenantLogRow).where(  # type: ignore[call-overload]
            CovenantLogRow.character_id == row.id,
            col(CovenantLogRow.seq) >= doomed[0].seq,
        )
    )
    row.updated_at = now
    session.add(row)
    session.flush()
    return tuple(removed)


def remove(session: Session, character_id: str) -> None:
    """Delete a character and its log; the log goes first so no database needs cascades on."""
    session.exec(delete(CovenantLogRow).where(CovenantLogRow.character_id == character_id))  # type: ignore[call-overload]
    session.exec(delete(CovenantCharacterRow).where(col(CovenantCharacterRow.id) == character_id))
    session.flush()


# --------------------------------------------------------------------------- approvals


def approvals_json(approvals: Sequence[Mapping[str, Any]]) -> str:
    """The ``approvals`` column text: the records as the file carries them (plain objects)."""
    return canonical_json([dict(a) for a in approvals])


def approvals_from_json(text: str) -> tuple[Mapping[str, Any], ...]:
    return tuple(json.loads(text))
