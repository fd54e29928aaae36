"""Two windows, two processes, one character: no accepted edit is ever lost (issue 13).

Every ``Library`` here is a separate object on one library (a SQLite file,
and a database on a real PostgreSQL server: ``library_url``), as two app
windows, a window and ``harbinger``, or two players would be; the multiprocessing test uses
real processes. Each checks the same promise (``models.concurrency``): a save
from an older copy is either merged (both sides only appended history) or
refused with ``StaleCharacter`` and a message a player can act on, and what
the library holds afterwards contains every save it accepted.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections.abc import Iterator

import pytest

from builder.contract.character import ContractAttended, Contractor, Outcome
from builder.contract.file import read_character_file
from builder.covenant.character import EndChapter
from builder.covenant.file import read_covenant_file
from builder.systems import register_shipped
from models import Library
from models.errors import StaleCharacter
from resources import resource_path

INES = resource_path("examples") / "seasoned-ines-varga.json"
OKAFOR = resource_path("examples") / "covenant-ines-okafor-vell.json"


@pytest.fixture
def two(library_url: str) -> Iterator[tuple[Library, Library]]:
    with Library.open(library_url) as one, Library.open(library_url) as other:
        yield one, other


def _contract(n: int) -> ContractAttended:
    return ContractAttended(f"2026-01-{n:02d}", f"Scenario {n}", True, Outcome.VICTORY)


def _with(contractor: Contractor, *entries: object) -> Contractor:
    return dataclasses.replace(contractor, ledger=(*contractor.ledger, *entries))


def _ines(two: tuple[Library, Library]) -> Contractor:
    ines = read_character_file(INES)
    two[0].save(ines)
    return ines


def test_load_stored_hands_out_the_version_and_saves_count_it(
    two: tuple[Library, Library],
) -> None:
    one, _ = two
    ines = _ines(two)
    assert one.load_stored(ines.id).version == 1
    assert one.save(dataclasses.replace(ines, notes="a")).version == 2
    assert one.save(dataclasses.replace(ines, notes="a")).version == 2  # nothing changed
    assert one.load_stored(ines.id).version == 2


def test_a_stale_edit_is_refused_with_a_readable_message(two: tuple[Library, Library]) -> None:
    one, other = two
    ines = _ines(two)
    mine, theirs = one.load(ines.id), other.load(ines.id)
    assert other.save(dataclasses.replace(theirs, notes="theirs")).version == 2
    with pytest.raises(StaleCharacter) as refused:
        one.save(dataclasses.replace(mine, notes="mine"))
    assert str(refused.value) == (
        "Ines Varga was changed elsewhere (version 2, you had 1): "
        "reload to see the change, then make yours again"
    )
    assert (refused.value.stored, refused.value.expected) == (2, 1)
    assert one.load(ines.id).notes == "theirs"
    assert one.save(dataclasses.replace(one.load(ines.id), notes="mine")).version == 3
    assert other.load(ines.id).notes == "mine"


def test_two_new_contracts_from_two_copies_are_both_kept(two: tuple[Library, Library]) -> None:
    one, other = two
    ines = _ines(two)
    mine, theirs = one.load(ines.id), other.load(ines.id)
    assert other.save(_with(theirs, _contract(1))).version == 2
    summary = one.save(_with(mine, _contract(2)))
    assert (summary.version, summary.merged, summary.ledger_appended) == (3, True, 1)
    # the window keeps appending from its own copy: still merged, never refused
    summary = one.save(_with(mine, _contract(2), _contract(3)))
    assert (summary.version, summary.merged, summary.ledger_appended) == (4, True, 1)
    stored = other.load(ines.id)
    assert stored.ledger == (*ines.ledger, _contract(1), _contract(2), _contract(3))
    # an edit from the copy that never saw contract 1 is stale, not a rewrite of history
    with pytest.raises(StaleCharacter, match="Ines Varga was changed elsewhere"):
        one.save(dataclasses.replace(_with(mine, _contract(2), _contract(3)), notes="x"))


def test_an_append_after_an_edit_elsewhere_is_refused(two: tuple[Library, Library]) -> None:
    one, other = two
    ines = _ines(two)
    mine, theirs = one.load(ines.id), other.load(ines.id)
    other.save(dataclasses.replace(theirs, notes="theirs"))
    with pytest.raises(StaleCharacter, match=r"\(version 2, you had 1\)"):
        one.save(_with(mine, _contract(1)))
    assert other.load(ines.id) == dataclasses.replace(ines, notes="theirs")


def test_a_save_after_a_delete_elsewhere_does_not_bring_it_back(
    two: tuple[Library, Library],
) -> None:
    one, other = two
    ines = _ines(two)
    mine = one.load(ines.id)
    other.delete(ines.id)
    with pytest.raises(StaleCharacter) as refused:
        one.save(dataclasses.replace(mine, notes="mine"))
    assert str(refused.value) == (
        "Ines Varga was deleted elsewhere (you had version 1): "
        "export your copy or discard the change"
    )
    assert not one.exists(ines.id)
    other.import_file(INES)  # a fresh import takes the version after the tombstone
    assert other.load_stored(ines.id).version == 3


def test_an_undo_of_a_character_changed_elsewhere_is_refused(
    two: tuple[Library, Library],
) -> None:
    one, other = two
    ines = _ines(two)
    before = one.load(ines.id)
    one.save(_with(before, _contract(1)))
    other.save(dataclasses.replace(other.load(ines.id), notes="theirs"))
    with pytest.raises(StaleCharacter, match=r"\(version 3, you had 2\)"):
        one.restore(before)
    assert other.load(ines.id).notes == "theirs"


def test_an_explicit_expected_version_is_checked(two: tuple[Library, Library]) -> None:
    one, other = two
    ines = _ines(two)
    stored = other.load_stored(ines.id)
    one.save(dataclasses.replace(ines, notes="first"), expected_version=stored.version)
    with pytest.raises(StaleCharacter, match=r"\(version 2, you had 1\)"):
        one.save(dataclasses.replace(ines, notes="second"), expected_version=stored.version)


def test_covenant_log_appends_merge_too(two: tuple[Library, Library]) -> None:
    one, other = two
    okafor = read_covenant_file(OKAFOR).character
    one.save(okafor)
    mine, theirs = one.load(okafor.id), other.load(okafor.id)
    other.save(dataclasses.replace(theirs, log=(*theirs.log, EndChapter())))
    summary = one.save(dataclasses.replace(mine, log=(*mine.log, EndChapter())))
    assert (summary.version, summary.merged) == (3, True)
    assert other.load(okafor.id).log == (*okafor.log, EndChapter(), EndChapter())


# --------------------------------------------------------------------------- processes


def _append_contracts(path: str, first: int, count: int, start: object) -> None:
    """One process: load Ines once, then append ``count`` Contracts one save at a time."""
    register_shipped()  # a spawned process is its own program: nothing is registered yet
    start.wait()  # type: ignore[attr-defined]
    with Library.open(path) as library:
        ines = library.load(read_character_file(INES).id)
        for n in range(first, first + count):
            ines = _with(ines, _contract(n))
            library.save(ines)


@pytest.mark.slow  # two processes racing, 45 to 55 s a database
def test_two_processes_appending_contracts_lose_nothing(library_url: str) -> None:
    with Library.open(library_url) as library:
        ines = read_character_file(INES)
        library.save(ines)
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    workers = [
        context.Process(target=_append_contracts, args=(library_url, first, 8, start))
        for first in (1, 11)
    ]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(120)
    assert [w.exitcode for w in workers] == [0, 0]
    with Library.open(library_url) as library:
        stored = library.load_stored(ines.id)
    added = stored.character.ledger[len(ines.ledger) :]
    assert sorted(e.scenario for e in added) == sorted(
        f"Scenario {n}" for n in (*range(1, 9), *range(11, 19))
    )
    assert [e.scenario for e in added if int(e.scenario.split()[1]) < 10] == [
        f"Scenario {n}" for n in range(1, 9)
    ]
    assert stored.version == 17
