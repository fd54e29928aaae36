"""Item operations below the UI: a transfer stores two contractors at once, one undo reverts both.

Rules text: Consumables "can be shared and traded around"; Crafted Artifacts
"can be bartered and traded to other Contractors"; Consumables "grant an
Effect once before being 'consumed'".
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from builder.contract.character import (
    Concept,
    Contractor,
    CraftedItem,
    ItemAction,
    Stock,
    TransferKind,
)
from builder.contract.items import ItemKind
from harbinger.app.common import Refused, commit
from harbinger.app.contract.items import commit_pair, plan_transfer, plan_use
from harbinger.app.contract.operations import store
from models.errors import StaleCharacter
from models.library import Library

DATE = "2026-11-20"


def _pair(library: Library) -> tuple[Contractor, Contractor]:
    ada = Contractor(
        "ada", Concept("Ada"), stock=Stock(consumables=(CraftedItem("Flash Bomb", "bang", 3),))
    )
    bo = Contractor("bo", Concept("Bo"))
    library.save(ada)
    library.save(bo)
    return library.load("ada"), library.load("bo")


def _bombs(contractor: Contractor) -> int:
    return sum(c.quantity for c in contractor.stock.consumables if c.name == "Flash Bomb")


def test_a_transfer_moves_three_to_one_and_none_to_two_and_one_undo_restores_both(
    library_path: Path,
) -> None:
    with Library.open(library_path) as library:
        ada, bo = _pair(library)
        pair = plan_transfer(
            ada, bo, ItemKind.CONSUMABLE, "Flash Bomb", 2, TransferKind.GIVEN, DATE
        )
        assert pair.lines == ("Ada: Flash Bomb −2", "Bo: Flash Bomb +2")
        commit_pair(library, pair)
        assert (_bombs(library.load("ada")), _bombs(library.load("bo"))) == (1, 2)
        assert library.load("bo").stock.item_log[0].action is ItemAction.RECEIVED

        commit_pair(library, pair.undo)
        assert library.load("ada") == ada
        assert library.load("bo") == bo
        assert (_bombs(library.load("ada")), _bombs(library.load("bo"))) == (3, 0)


def test_when_the_second_contractor_cannot_be_stored_neither_is(library_path: Path) -> None:
    """Bo was changed from another window meanwhile: the transfer stores nothing at all."""
    with Library.open(library_path) as library, Library.open(library_path) as elsewhere:
        ada, bo = _pair(library)
        elsewhere.load("bo")
        elsewhere.save(replace(bo, notes="changed elsewhere"))
        pair = plan_transfer(
            ada, bo, ItemKind.CONSUMABLE, "Flash Bomb", 2, TransferKind.LOOTED, DATE
        )
        with pytest.raises(StaleCharacter):
            commit_pair(library, pair)
        assert _bombs(library.load("ada")) == 3
        assert library.load("bo").notes == "changed elsewhere"


def test_a_refused_transfer_is_refused_before_anything_is_stored(library_path: Path) -> None:
    with Library.open(library_path) as library:
        ada, bo = _pair(library)
        pair = plan_transfer(
            ada, bo, ItemKind.CONSUMABLE, "Flash Bomb", 5, TransferKind.GIVEN, DATE
        )
        with pytest.raises(Refused, match="Ada holds 3 Flash Bomb, not 5"):
            commit_pair(library, pair)
        assert (library.load("ada"), library.load("bo")) == (ada, bo)


def test_use_two_to_one_and_undo(library_path: Path) -> None:
    """Two Flash Bombs, one used: 2 → 1; the undo puts the second back."""
    with Library.open(library_path) as library:
        ada = Contractor(
            "ada", Concept("Ada"), stock=Stock(consumables=(CraftedItem("Flash Bomb", "b", 2),))
        )
        library.save(ada)
        ada = library.load("ada")
        plan = plan_use(ada, "Flash Bomb", DATE, "cleared the stairwell")
        assert plan.lines[0] == "Flash Bomb 2 → 1"
        commit(library, plan, store)
        assert _bombs(library.load("ada")) == 1
        assert library.load("ada").stock.item_log[0].note == "cleared the stairwell"
        store(library, plan.after, plan.before)  # the undo the GUI's command runs
        assert library.load("ada") == ada
