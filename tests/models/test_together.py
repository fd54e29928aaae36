"""``Library.together``: several saves as one transaction (issue 32 item 1's all-or-none)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from builder.contract.advance import record_contract
from builder.contract.character import ContractAttended, Outcome
from models.library import Library
from tests.builder.contract.test_table import the_table

WON = ContractAttended("2026-11-20", "Choir", True, Outcome.VICTORY)


def test_an_error_inside_the_block_stores_none_of_it(library_path: Path) -> None:
    with Library.open(library_path) as library:
        for c in the_table().values():
            library.save(c)
        ada, fay = library.load("ada"), library.load("fay")
        with pytest.raises(RuntimeError, match="half-way"), library.together():
            library.save(record_contract(ada, WON).character)
            library.save(record_contract(fay, WON).character)
            raise RuntimeError("half-way")
        assert (library.load("ada"), library.load("fay")) == (ada, fay)
        # The versions this object remembers are the stored ones: the next save is not stale.
        assert library.save(replace(ada, notes="after")).version == 2


def test_a_block_stores_every_save_and_its_versions(library_path: Path) -> None:
    with Library.open(library_path) as library:
        for c in the_table().values():
            library.save(c)
        ada, fay = library.load("ada"), library.load("fay")
        with library.together():
            library.save(record_contract(ada, WON).character)
            library.save(record_contract(fay, WON).character)
        assert len(library.load("ada").ledger) == len(ada.ledger) + 1
        assert (library.seen_version("ada"), library.seen_version("fay")) == (2, 2)
        outer = library.together()
        outer.__enter__()
        try:
            with pytest.raises(RuntimeError, match="do not nest"), library.together():
                pass
        finally:
            outer.__exit__(None, None, None)
