"""The generic store: a character of any game system kept as the document its system writes.

Every system but The Contract is stored here (``models.stores``), so a new
game needs no new table and no migration. A character is one
``character_document`` row and, when its file has a history list
(``character[<GameSystem.history>]``: Covenant's play "log"), one
``character_log`` row per entry:

- ``document`` is what ``GameSystem.write`` gives, as canonical JSON, minus
  the parts kept elsewhere: ``format`` (from the system), ``version`` and
  ``approvals`` (their own columns) and the history entries (left as an
  empty list, so reading knows to put the rows back);
- ``name``, ``player`` and ``alive`` (``GameSystem.in_play``) are copied out
  for the roster, which therefore runs no game rules;
- reading rebuilds the file document and hands it to ``GameSystem.read``,
  so a row and a file always say the same thing.

The history is append-only like the contractor ledger: a save appends the new
entries and refuses one that would change or drop a stored entry
(``LedgerRewriteError``); Undo takes the newest entries back (``restore``,
``retract_tail``). Every save checks that the new part of the character could
be exported and read again (``UnstorableCharacter`` otherwise); entries
already stored were checked when they were saved, so a long history does not
make play at the table slow.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, delete, select

from builder.core.files import parse_document
from builder.core.registry import CharacterFile, FileFormatError, GameSystem, Identity, system
from models.bulk import Values, insert_values
from models.errors import (
    CharacterNotFound,
    ForgedRow,
    LedgerRewriteError,
    UnknownSystem,
    UnstorableCharacter,
)
from models.tables import CharacterDocumentRow, CharacterLogRow
from models.values import (
    NewCharacter,
    RosterEntry,
    SaveSummary,
    StoredCharacter,
    aware,
    document_roster_entry,
)

_FILE_KEYS = ("format", "version", "approvals")
"""Top-level file fields the document column leaves out (the row holds them)."""


def stored_json(value: Any) -> str:
    """The library's stored JSON text: keys sorted, compact, non-ASCII kept as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class _Split:
    """A character as the document store keeps it: the document head and the history."""

    def __init__(self, game: GameSystem, character: Any) -> None:
        written = dict(game.write(CharacterFile(game.id, character, (), game.file_version)))
        self.version = int(written.get("version", game.file_version))
        self.identity = game.identity(character)
        head = {k: v for k, v in written.items() if k not in _FILE_KEYS}
        body = dict(head.get("character", {}))
        history = body.get(game.history)
        self.entries: list[Any] = list(history) if isinstance(history, list) else []
        if isinstance(history, list):
            body[game.history] = []
        head["character"] = body
        self.head = head
        self.encoded = [stored_json(e) for e in self.entries]

    def probe(self, game: GameSystem, start: int) -> None:
        """Refuse a character whose file (history from ``start`` on) could not be read back."""
        document = {**self.head, "format": game.format, "version": self.version, "approvals": []}
        if game.history in self.head["character"]:
            document["character"] = {**self.head["character"], game.history: self.entries[start:]}
        name = self.identity.name
        try:
            raw = json.dumps(document, ensure_ascii=False).encode("utf-8")
            game.read(parse_document(raw))
        except UnicodeEncodeError:
            raise UnstorableCharacter(
                f"cannot save {name!r}: text contains an unpaired surrogate (not valid Unicode)"
            ) from None
        except FileFormatError as exc:
            raise UnstorableCharacter(f"cannot save {name!r}: {exc}") from None


class DocumentStore:
    """Characters of every generically stored system; methods work inside the caller's session."""

    def system_of(self, session: Session, character_id: str) -> str | None:
        row = session.get(CharacterDocumentRow, character_id)
        return row.system if row is not None else None

    def history_only(self, session: Session, character: Any) -> bool:
        """Always False: a document is written whole, so its log is not rows of its own a
        leader could write apart from the rest (only the owner changes it)."""
        return False

    def read(self, session: Session, character_id: str) -> StoredCharacter:
        row = _get(session, character_id)
        game = _system(row)
        document = json.loads(row.document)
        document.update(format=game.format, version=row.version, approvals=[])
        if game.history in document.get("character", {}):
            entries = [json.loads(r.entry) for r in _log_rows(session, row.id)]
            document["character"][game.history] = entries
        approvals = tuple(json.loads(row.approvals))
        character = game.read(document).character
        _check_row(row, game.identity(character))
        return StoredCharacter(
            character=character,
            system=row.system,
            approval_state=row.approval_state,
            approvals=approvals,
            created_at=aware(row.created_at),
            updated_at=aware(row.updated_at),
        )

    def insert(
        self,
        session: Session,
        game: GameSystem,
        character: Any,
        now: datetime,
        *,
        approvals: Sequence[Mapping[str, Any]] = (),
        created_at: datetime | None = None,
    ) -> SaveSummary:
        split = _Split(game, character)
        split.probe(game, 0)
        row = CharacterDocumentRow(
            id=split.identity.id,
            system=game.id,
            name=split.identity.name,  # _apply sets it again with the other roster columns
            approvals=stored_json([dict(a) for a in approvals]),
            created_at=created_at or now,
            updated_at=now,
        )
        _apply(row, game, split, character)
        session.add(row)
        session.flush()  # the parent row must exist before its log rows reference it
        session.add_all(_log_row(row.id, seq, text, now) for seq, text in enumerate(split.encoded))
        session.flush()
        return SaveSummary(row.id, created=True, ledger_appended=len(split.entries), parts=())

    def insert_many(
        self, session: Session, game: GameSystem, items: Sequence[NewCharacter], now: datetime
    ) -> None:
        """Insert characters read from checked files (an import): the rows ``insert`` would
        write, with one executemany per table (``models.bulk``) for the whole batch.

        The files passed their system's reader when they were read, so they
        are not read back again (``_Split.probe``), as ``ContractStore`` does.
        """
        documents: list[Values] = []
        log: list[Values] = []
        for character, approvals, created_at in items:
            split = _Split(game, character)
            character_id = split.identity.id
            documents.append(
                (
                    CharacterDocumentRow,
                    {
                        "id": character_id,
                        "system": game.id,
                        **_roster_columns(game, split, character),
                        "approval_state": "unreviewed",
                        "approvals": stored_json([dict(a) for a in approvals]),
                        "created_at": created_at or now,
                        "updated_at": now,
                    },
                )
            )
            log.extend(
                (
                    CharacterLogRow,
                    {"character_id": character_id, "seq": seq, "entry": text, "recorded_at": now},
                )
                for seq, text in enumerate(split.encoded)
            )
        insert_values(session, documents)  # parents first: the log rows reference them
        insert_values(session, log)

    def update(
        self, session: Session, game: GameSystem, character: Any, now: datetime
    ) -> SaveSummary:
        split = _Split(game, character)
        row = _get(session, split.identity.id)
        stored = _log_rows(session, row.id)
        for seq, old in enumerate(stored):
            if seq >= len(split.encoded) or old.entry != split.encoded[seq]:
                what = "is missing" if seq >= len(split.encoded) else "differs"
                raise LedgerRewriteError(
                    f"cannot save {split.identity.name!r}: {game.history} entry {seq + 1} {what} "
                    "from the stored one. Either the character was changed elsewhere since this "
                    f"copy was loaded (reload it), or a stored entry was edited (the "
                    f"{game.history} is append-only: Undo takes back only the newest entries)"
                )
        return _write(session, row, game, split, character, len(stored), now)

    def restore(
        self, session: Session, game: GameSystem, character: Any, now: datetime
    ) -> SaveSummary:
        """Put back an earlier state: the stored history must start with the character's."""
        split = _Split(game, character)
        row = _get(session, split.identity.id)
        stored = _log_rows(session, row.id)
        keep = len(split.encoded)
        if [r.entry for r in stored[:keep]] != split.encoded:
            raise LedgerRewriteError(
                f"cannot restore {split.identity.name!r}: its {game.history} is not an earlier "
                "state of the stored one; only the newest entries can be taken back"
            )
        retracted = len(stored) - keep
        if retracted:
            _delete_log_from(session, row.id, keep)
        summary = _write(session, row, game, split, character, keep, now)
        if retracted:
            row.updated_at = now
            session.add(row)
            session.flush()
        parts = (*summary.parts, game.history) if retracted else summary.parts
        return SaveSummary(row.id, created=False, ledger_appended=0, parts=parts)

    def retract_tail(
        self, session: Session, character_id: str, count: int, now: datetime
    ) -> tuple[Any, ...]:
        """Delete the newest ``count`` history rows; returns the entries they held, oldest first."""
        row = _get(session, character_id)
        game = _system(row)
        stored = _log_rows(session, row.id)
        if not 1 <= count <= len(stored):
            raise ValueError(
                f"{row.name!r} has {len(stored)} {game.history} entries; cannot retract {count}"
            )
        before = self.read(session, character_id).character
        removed = tuple(getattr(before, game.history))[-count:]
        _delete_log_from(session, row.id, stored[-count].seq)
        row.alive = bool(game.in_play(self.read(session, character_id).character))
        row.updated_at = now
        session.add(row)
        session.flush()
        return removed

    def remove(self, session: Session, character_id: str) -> None:
        """Delete a character and its history; the history goes first (no cascades needed)."""
        row = _get(session, character_id)
        session.exec(
            delete(CharacterLogRow).where(col(CharacterLogRow.character_id) == character_id)
        )
        session.exec(
            delete(CharacterDocumentRow).where(col(CharacterDocumentRow.id) == character_id)
        )
        session.flush()
        session.expunge(row)  # a new row may take the id in the same session (import: replace)

    def created_at(self, session: Session, character_id: str) -> datetime:
        return _get(session, character_id).created_at

    def set_approval(
        self,
        session: Session,
        character_id: str,
        state: str,
        approvals: Sequence[Mapping[str, Any]] | None,
        now: datetime,
    ) -> None:
        row = _get(session, character_id)
        row.approval_state = state
        if approvals is not None:
            row.approvals = stored_json([dict(a) for a in approvals])
        row.updated_at = now
        session.add(row)

    def roster(self, session: Session, ids: Sequence[str] | None = None) -> list[RosterEntry]:
        """Every character's roster line, or only those of ``ids`` (the ones still here)."""
        query = roster_query()
        if ids is not None:
            query = query.where(col(CharacterDocumentRow.id).in_(list(ids)))
        return [document_roster_entry(row) for row in session.execute(query).all()]


def roster_query() -> Any:
    """The roster's columns of every generically stored character (never its document)."""
    return sa.select(
        col(CharacterDocumentRow.id),
        col(CharacterDocumentRow.name),
        col(CharacterDocumentRow.player),
        col(CharacterDocumentRow.alive),
        col(CharacterDocumentRow.approval_state),
        col(CharacterDocumentRow.updated_at),
        col(CharacterDocumentRow.system),
        col(CharacterDocumentRow.owner),
    )


# --------------------------------------------------------------------------- rows


def _get(session: Session, character_id: str) -> CharacterDocumentRow:
    row = session.get(CharacterDocumentRow, character_id)
    if row is None:
        raise CharacterNotFound(f"no character with id {character_id!r} in this library")
    return row


def _check_row(row: CharacterDocumentRow, identity: Identity) -> None:
    """Refuse a row whose document is another character than the row says (ForgedRow).

    On a shared server a member could insert a row of their own holding another
    member's character (issue 27: "shadow-1" with Wren's id inside); reading it
    as Wren would let a pull write it over the real Wren.
    """
    for what, stored, inner in (
        ("id", row.id, identity.id),
        ("name", row.name, identity.name),
        ("player", row.player, identity.player),
    ):
        if stored != inner:
            raise ForgedRow(
                f"the stored row {row.id!r} ({row.name!r}) holds a character whose {what} is "
                f"{inner!r}, not {stored!r}: it was refused and nothing was read from it"
            )


def _system(row: CharacterDocumentRow) -> GameSystem:
    try:
        return system(row.system)
    except KeyError:
        raise UnknownSystem(
            f"{row.name!r} ({row.id}) is a character of the game system {row.system!r}, "
            "which this Harbinger does not know"
        ) from None


def _log_rows(session: Session, character_id: str) -> list[CharacterLogRow]:
    return list(
        session.exec(
            select(CharacterLogRow)
            .where(CharacterLogRow.character_id == character_id)
            .order_by(col(CharacterLogRow.seq))
        ).all()
    )


def _log_row(character_id: str, seq: int, text: str, now: datetime) -> CharacterLogRow:
    return CharacterLogRow(character_id=character_id, seq=seq, entry=text, recorded_at=now)


def _delete_log_from(session: Session, character_id: str, seq: int) -> None:
    session.exec(
        delete(CharacterLogRow).where(
            col(CharacterLogRow.character_id) == character_id, col(CharacterLogRow.seq) >= seq
        )
    )
    session.flush()


def _apply(row: CharacterDocumentRow, game: GameSystem, split: _Split, character: Any) -> None:
    """Copy the document and the roster's columns onto a row."""
    for name, value in _roster_columns(game, split, character).items():
        setattr(row, name, value)


def _roster_columns(game: GameSystem, split: _Split, character: Any) -> dict[str, Any]:
    """The document and the columns copied out of it for the roster, by column name."""
    return {
        "version": split.version,
        "name": split.identity.name,
        "player": split.identity.player,
        "alive": bool(game.in_play(character)),
        "document": stored_json(split.head),
    }


def _changed_fields(old: Mapping[str, Any], new: Mapping[str, Any]) -> tuple[str, ...]:
    """Names of the character's fields (and other file fields) that differ, in file order."""
    old_body, new_body = old.get("character", {}), new.get("character", {})
    fields = [k for k in new_body if old_body.get(k) != new_body[k]]
    fields += [k for k in old_body if k not in new_body]
    fields += [k for k in new if k != "character" and old.get(k) != new[k]]
    return tuple(fields)


def _write(
    session: Session,
    row: CharacterDocumentRow,
    game: GameSystem,
    split: _Split,
    character: Any,
    stored: int,
    now: datetime,
) -> SaveSummary:
    """Rewrite the document if it changed and append the history after ``stored`` entries."""
    split.probe(game, stored)
    parts = _changed_fields(json.loads(row.document), split.head)
    appended = split.encoded[stored:]
    before = (row.name, row.player, row.alive, row.version, row.document)
    _apply(row, game, split, character)
    session.add_all(_log_row(row.id, stored + i, text, now) for i, text in enumerate(appended))
    if parts or appended or before != (row.name, row.player, row.alive, row.version, row.document):
        row.updated_at = now
        session.add(row)
    session.flush()
    return SaveSummary(row.id, created=False, ledger_appended=len(appended), parts=parts)
