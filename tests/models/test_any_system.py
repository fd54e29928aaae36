"""A game system the library has never heard of is stored generically, with no models code.

The dummy system (``tests.models.dummy_system``) is registered for each test
only; its characters go through the same ``Library`` calls as every other
game's: save, load, roster, history, undo, approval, delete, export, import.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.core.registry import GameSystem
from models import CharacterNotFound, LedgerRewriteError, Library, OnConflict, UnknownSystem
from tests.models.dummy_system import DummyCharacter, Note, registered

DEE = DummyCharacter("dee-1", "Dee", "Sam", (Note("arrived"), Note("found a key")))


@pytest.fixture
def dummy() -> Iterator[GameSystem]:
    yield from registered()


@pytest.fixture
def library(library_url: str, dummy: GameSystem) -> Iterator[Library]:
    with Library.open(library_url) as opened:
        yield opened


def test_a_new_system_saves_loads_and_lists(library: Library) -> None:
    summary = library.save(DEE)
    assert (summary.created, summary.ledger_appended) == (True, 2)
    assert library.load("dee-1") == DEE
    assert library.system_of("dee-1") == "dummy" and library.exists("dee-1")
    (entry,) = library.roster()
    assert (entry.id, entry.name, entry.player, entry.system, entry.system_name) == (
        "dee-1",
        "Dee",
        "Sam",
        "dummy",
        "Dummy Game",
    )
    assert (entry.alive, entry.victories, entry.approval_state) == (True, None, "unreviewed")


def test_its_log_is_append_only_and_undo_takes_back_the_newest(library: Library) -> None:
    library.save(DEE)
    out = DummyCharacter("dee-1", "Dee", "Sam", (*DEE.log, Note("out")))
    assert library.save(out).ledger_appended == 1
    assert [e.alive for e in library.roster()] == [False]
    with pytest.raises(LedgerRewriteError, match="cannot save 'Dee': log entry 1 differs"):
        library.save(DummyCharacter("dee-1", "Dee", "Sam", (Note("left"),)))
    assert library.restore(DEE).parts == ("log",)
    assert library.load("dee-1") == DEE
    assert [e.alive for e in library.roster()] == [True]
    assert library.retract_log_tail("dee-1") == (Note("found a key"),)
    assert library.load("dee-1").log == (Note("arrived"),)
    assert library.save(DummyCharacter("dee-1", "Deirdre", "Sam", DEE.log[:1])).parts == ("name",)


def test_approval_export_import_and_delete(library: Library, tmp_path: Path) -> None:
    library.save(DEE)
    library.set_approval("dee-1", "approved", [{"scope": "all", "by": "Priya"}])
    stored = library.load_stored("dee-1")
    assert (stored.system, stored.approval_state, stored.approvals) == (
        "dummy",
        "approved",
        ({"by": "Priya", "scope": "all"},),
    )
    path = library.export_file("dee-1", tmp_path / "dee.json")
    assert path.read_text(encoding="utf-8").startswith('{\n  "approvals": [\n')
    assert library.delete("dee-1") == DEE
    with pytest.raises(CharacterNotFound):
        library.load("dee-1")
    (result,) = library.import_files([path])
    assert (result.action, result.system, result.contractor_id) == ("created", "dummy", "dee-1")
    assert library.load_stored("dee-1").approvals == stored.approvals
    copied = library.import_file(path, OnConflict.COPY)
    assert copied.action == "copied" and copied.contractor_id != "dee-1"
    assert library.load(copied.contractor_id).log == DEE.log
    assert library.export_file("dee-1", tmp_path / "again.json").read_bytes() == path.read_bytes()


def test_a_stored_character_of_an_unknown_system_is_named_not_crashed_on(
    library_url: str, dummy: GameSystem
) -> None:
    from builder.core.registry import register, unregister

    with Library.open(library_url) as library:
        library.save(DEE)
        unregister("dummy")
        try:
            (entry,) = library.roster()
            assert (entry.name, entry.system_name) == ("Dee", "dummy")
            with pytest.raises(UnknownSystem, match="game system 'dummy', which this Harbinger"):
                library.load("dee-1")
        finally:
            register(dummy)
