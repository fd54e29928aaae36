"""Optimistic concurrency: a version number per character, checked on every save (issue 13).

Two windows, or two processes, may hold the same character. Each save names
the version it started from; the library keeps the current one in
``character_version`` (one row per id, of any game system, kept after a
delete as a tombstone). Inside the save's write transaction (SQLite:
``BEGIN IMMEDIATE``; elsewhere the version row is locked ``FOR UPDATE``):

- the versions agree: the save goes ahead, and the version goes up by one
  when something changed;
- they differ, and both the saving copy and the stored character only
  *appended* history (a new Contract on the ledger, a new entry in the play
  log) since the saving copy's base: the new entries are appended after the
  stored ones (a merge) and the version goes up;
- otherwise the save is refused with ``StaleCharacter``, whose message says
  who wins: the stored version, until the player reloads.

``restore`` (Undo) and ``retract_log_tail`` are checked the same way but
never merged; ``delete`` always succeeds and leaves the next version as a
tombstone; an import starts a new id at version 1 and bumps a replaced one;
``set_approval`` records the leader's verdict beside the character and does
not change its version (a player's pending edit is not stale because of it).

This module holds the version rows and the merge rule; ``models.library``
calls it from every writing action, whatever store keeps the character.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from builder.core.registry import CharacterFile, GameSystem
from models.errors import StaleCharacter
from models.tables import CharacterVersionRow

FIRST_VERSION = 1
"""The version of a character that was never saved over (and of one stored before 0006)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What one ``Library`` last handed out or accepted for a character id.

    ``character`` is the copy the caller holds (loaded or saved), ``version``
    the stored version it corresponds to. ``diverged`` is True after a merge:
    the library then holds entries the caller's copy lacks, so the next save
    from that copy must be merged again rather than written over.
    """

    version: int
    character: Any
    diverged: bool = False


def current(session: Session, character_id: str, held: bool, *, lock: bool = True) -> int | None:
    """The stored version of a character; None when no character has the id (``held`` False).

    Writers ``lock`` the row until they commit (PostgreSQL: ``FOR UPDATE``;
    SQLite writers already hold the file's write lock). A stored character
    without a row (never the case after migration 0006) counts as the first
    version.
    """
    if not held:
        return None
    row = session.get(CharacterVersionRow, character_id, with_for_update=lock)
    return row.version if row is not None else FIRST_VERSION


def tombstone(session: Session, character_id: str) -> int:
    """The version left behind by a deleted character (0: the id was never used)."""
    row = session.get(CharacterVersionRow, character_id, with_for_update=True)
    return row.version if row is not None else 0


def known_ids(session: Session, ids: Sequence[str]) -> set[str]:
    """Which of these ids have a version row (a stored character, or a deleted one's tombstone)."""
    statement = select(CharacterVersionRow.character_id).where(
        col(CharacterVersionRow.character_id).in_(list(ids))
    )
    return set(session.exec(statement).all())


def record(session: Session, character_id: str, version: int) -> None:
    """Store a character's new version."""
    row = session.get(CharacterVersionRow, character_id)
    if row is None:
        row = CharacterVersionRow(character_id=character_id, version=version)
    row.version = version
    session.add(row)


def record_first(session: Session, ids: Sequence[str]) -> None:
    """Store the first version of characters just created whose ids never had a version row.

    One executemany (an import of many new characters); ``record`` is the
    one-row form for any other case.
    """
    if ids:
        rows = [{"character_id": i, "version": FIRST_VERSION} for i in ids]
        # SQLModel sets __table__ on a table class when it is made; its type does not say so.
        session.execute(sa.insert(CharacterVersionRow.__table__), rows)  # type: ignore[attr-defined]


def stale(
    name: str, character_id: str, stored: int | None, expected: int | None, *, merged: bool = False
) -> StaleCharacter:
    """The refusal a player reads when their copy is older than the library's.

    ``merged``: the copy's own saves were merged after entries saved
    elsewhere, so it lacks those although its version is the newest.
    """
    if merged:
        message = (
            f"{name} was changed elsewhere (version {stored} holds entries your copy lacks): "
            "reload to see the change, then make yours again"
        )
    elif stored is None:
        message = (
            f"{name} was deleted elsewhere (you had version {expected}): "
            "export your copy or discard the change"
        )
    else:
        message = (
            f"{name} was changed elsewhere (version {stored}, you had {expected}): "
            "reload to see the change, then make yours again"
        )
    return StaleCharacter(message, character_id, stored, expected)


# --------------------------------------------------------------------------- merging appends


def _split(game: GameSystem, character: Any) -> tuple[dict[str, Any], list[Any]]:
    """A character's file body without its history, and the history entries."""
    written = game.write(CharacterFile(game.id, character, (), game.file_version))
    body = dict(written.get("character", {}))
    history = body.pop(game.history, None)
    return body, list(history) if isinstance(history, list) else []


def appended_entries(game: GameSystem, base: Any, copy: Any) -> list[Any] | None:
    """The history entries ``copy`` added to ``base``, or None if it changed anything else."""
    base_body, base_history = _split(game, base)
    body, history = _split(game, copy)
    if body != base_body or history[: len(base_history)] != base_history:
        return None
    return history[len(base_history) :]


def merged(game: GameSystem, seen: Seen, copy: Any, stored: Any) -> Any | None:
    """The stored character with the copy's new entries appended, or None if they conflict.

    The copy must only have appended since ``seen.character`` (its base),
    and the stored character must differ from that base only by history
    (others' appends, merged or not).
    """
    if not game.history:
        return None
    mine = appended_entries(game, seen.character, copy)
    if mine is None:
        return None
    base_body, base_history = _split(game, seen.character)
    stored_body, stored_history = _split(game, stored)
    if stored_body != base_body:
        return None
    if not seen.diverged and stored_history[: len(base_history)] != base_history:
        return None  # the other side took entries back (an undo): a person must look
    document = dict(game.write(CharacterFile(game.id, stored, (), game.file_version)))
    document["character"] = {**document["character"], game.history: stored_history + mine}
    return game.read(document).character
