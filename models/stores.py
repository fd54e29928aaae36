"""Which store keeps which game system's characters, and what every store can do.

The Contract's characters live in relational tables of their own
(``models.contract_store``); every other system, including any registered
later, is kept generically as documents (``models.document_store``). This is
the one place in ``models/`` that names a game system.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from sqlmodel import Session

from builder.core.registry import GameSystem
from models.contract_store import SYSTEM_ID as CONTRACT
from models.contract_store import ContractStore
from models.document_store import DocumentStore
from models.values import NewCharacter, RosterEntry, SaveSummary, StoredCharacter


class Store(Protocol):
    """The session work behind ``Library`` for one kind of storage.

    ``Library`` opens the transaction, picks the store (``store_for``) and
    settles id conflicts; a store reads and writes its own rows. ``update``
    and ``restore`` are only called for a character the store holds.
    """

    def system_of(self, session: Session, character_id: str) -> str | None: ...

    def read(self, session: Session, character_id: str) -> StoredCharacter: ...

    def history_only(self, session: Session, character: Any) -> bool:
        """True when ``character`` differs from the stored one only by ledger rows appended
        or taken back (what a playgroup's leader may write for another's character)."""
        ...

    def insert(
        self,
        session: Session,
        game: GameSystem,
        character: Any,
        now: datetime,
        *,
        approvals: Sequence[Mapping[str, Any]] = (),
        created_at: datetime | None = None,
    ) -> SaveSummary: ...

    def insert_many(
        self, session: Session, game: GameSystem, items: Sequence[NewCharacter], now: datetime
    ) -> None: ...

    def update(
        self, session: Session, game: GameSystem, character: Any, now: datetime
    ) -> SaveSummary: ...

    def restore(
        self, session: Session, game: GameSystem, character: Any, now: datetime
    ) -> SaveSummary: ...

    def retract_tail(
        self, session: Session, character_id: str, count: int, now: datetime
    ) -> tuple[Any, ...]: ...

    def remove(self, session: Session, character_id: str) -> None: ...

    def created_at(self, session: Session, character_id: str) -> datetime: ...

    def set_approval(
        self,
        session: Session,
        character_id: str,
        state: str,
        approvals: Sequence[Mapping[str, Any]] | None,
        now: datetime,
    ) -> None: ...

    def roster(
        self, session: Session, ids: Sequence[str] | None = None
    ) -> list[RosterEntry]: ...


CONTRACT_STORE = ContractStore()
DOCUMENT_STORE = DocumentStore()

_RELATIONAL: dict[str, Store] = {CONTRACT: CONTRACT_STORE}
"""Systems with relational tables of their own; every other system is a document."""

STORES: tuple[Store, ...] = (CONTRACT_STORE, DOCUMENT_STORE)
"""Every store, in the order ``Library`` asks them who holds an id."""


def store_for(system_id: str) -> Store:
    """The store that keeps characters of this system."""
    return _RELATIONAL.get(system_id, DOCUMENT_STORE)
