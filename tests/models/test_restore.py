"""Undo in the app puts back an earlier contractor in one transaction: ``Library.restore``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from builder.contract.advance import record_contract
from builder.contract.character import Concept, ContractAttended, Contractor, Outcome
from builder.contract.sheet import evaluate_sheet
from models.library import LedgerRewriteError, Library


def _fresh() -> Contractor:
    return Contractor(id="c-restore", concept=Concept("Mara Quill", player="Sam"))


def test_restore_takes_back_the_newest_ledger_entries(library_path: Path) -> None:
    with Library.open(library_path) as library:
        before = _fresh()
        library.save(before)
        victory = ContractAttended("2025-03-01", "Ashfall", True, Outcome.VICTORY, commission=True)
        after = record_contract(before, victory).character
        library.save(after)
        # A home victory with commission: 3 + 2 + 2 = 7 Exp, one Gift Credit.
        assert evaluate_sheet(library.load(after.id)).exp.earned_total == 7
        summary = library.restore(before)
        assert "ledger" in summary.parts
        assert library.load(before.id) == before
        assert evaluate_sheet(library.load(before.id)).exp.earned_total == 0
        library.save(after)  # redo
        assert library.load(after.id) == after


def test_restore_refuses_to_rewrite_older_history(library_path: Path) -> None:
    with Library.open(library_path) as library:
        first = ContractAttended("2025-03-01", "Ashfall", True, Outcome.FAILURE)
        stored = record_contract(_fresh(), first).character
        library.save(stored)
        other = dataclasses.replace(
            stored, ledger=(dataclasses.replace(first, scenario="Something else"),)
        )
        with pytest.raises(LedgerRewriteError):
            library.restore(other)
        assert library.load(stored.id) == stored
