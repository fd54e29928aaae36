"""Ledger corrections in the library: stored append-only, read back exactly, counted by the roster.

The roster's victories and alive flag come from SQL over the ``ledger_entry``
rows (migrations 0007 and 0009); they must agree with the fold of the
corrected history (``builder.contract.ledger.corrections``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.contract.character import ContractAttended, Correction, Death, Outcome
from builder.contract.ledger import fold_ledger
from models.library import Library
from tests.builder.contract.ledger_text import contractor

THREE = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-02 contract away victory 'Low Tide'
    2026-05-03 contract home failure 'The Glass Orchard'
"""


def _roster_line(library: Library, cid: str):  # type: ignore[no-untyped-def]
    return next(line for line in library.roster() if line.id == cid)


def test_corrections_are_appended_read_back_and_counted(library_path: Path) -> None:
    base = contractor(THREE)
    with Library.open(library_path) as library:
        library.save(base)
        assert _roster_line(library, base.id).victories == 2
        voided = replace(base, ledger=(*base.ledger, Correction("2026-05-04", 1, (), "not there")))
        summary = library.save(voided)
        assert summary.ledger_appended == 1
        assert library.load(base.id) == voided
        assert _roster_line(library, base.id).victories == 1 == fold_ledger(voided).victories

        won = ContractAttended("2026-05-03", "The Glass Orchard", True, Outcome.VICTORY)
        fixed = replace(voided, ledger=(*voided.ledger, Correction("2026-05-05", 2, (won,))))
        library.save(fixed)
        assert library.load(base.id) == fixed
        assert _roster_line(library, base.id).victories == 2 == fold_ledger(fixed).victories

        # Putting the voided Contract back: the latest correction of an entry decides.
        back = replace(fixed, ledger=(*fixed.ledger, Correction("2026-05-06", 1, base.ledger[1:2])))
        library.save(back)
        assert _roster_line(library, base.id).victories == 3 == fold_ledger(back).victories


def test_a_voided_death_contract_brings_the_contractor_back_in_the_roster(
    library_path: Path,
) -> None:
    base = contractor(
        """
        2026-05-01 contract home victory 'The Lantern Job'
        2026-05-02 contract home death 'The Drowning'
        """
    )
    with Library.open(library_path) as library:
        library.save(base)
        assert not _roster_line(library, base.id).alive
        fixed = replace(base, ledger=(*base.ledger, Correction("2026-05-03", 1)))
        library.save(fixed)
        assert fold_ledger(fixed).alive
        assert _roster_line(library, base.id).alive
        # A later death still counts, wherever the correction sits.
        dead = replace(fixed, ledger=(*fixed.ledger, Death("2026-05-04", "a fall")))
        library.save(dead)
        assert not _roster_line(library, base.id).alive
        assert not fold_ledger(dead).alive


def test_a_correction_and_a_contract_saved_from_two_windows_are_both_kept(
    library_path: Path,
) -> None:
    base = contractor(THREE)  # 2 victories
    with Library.open(library_path) as first, Library.open(library_path) as second:
        first.save(base)
        mine = first.load(base.id)
        theirs = second.load(base.id)
        won = ContractAttended("2026-05-07", "Salt Road", True, Outcome.VICTORY)
        second.save(replace(theirs, ledger=(*theirs.ledger, won)))  # saved first, elsewhere
        voided = Correction("2026-05-08", 1, (), "never happened")
        summary = first.save(replace(mine, ledger=(*mine.ledger, voided)))  # merged after it
        assert summary.ledger_appended == 1
        stored = first.load(base.id)
        # Both appends, in the order they reached the library; the correction still names
        # entry 1, which no append moved.
        assert stored.ledger == (*base.ledger, won, voided)
        assert fold_ledger(stored).victories == 2  # 2 + Salt Road − the voided Low Tide (entry 1)
        assert _roster_line(second, base.id).victories == 2
