"""Printing a folder of sheets on every core (``printing.pool``, issue 16 item 10).

The pool must give the same files, under the same names, as printing in this
process: each worker reads the character back from its JSON document and
prints it with the same printer.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.core import files
from builder.core.registry import read_document
from printing import pool, systems
from resources import resource_path

EXAMPLES = ("seasoned-ines-varga.json", "newbie-wren-halloway.json", "dead-orrin-vale.json")


def characters() -> list:
    found = [
        read_document(files.load_json(resource_path("examples", n))).character for n in EXAMPLES
    ]
    cov = read_document(
        files.load_json(resource_path("examples", "covenant-ines-okafor-vell.json"))
    )
    return [*found, cov.character]


def texts(folder: Path) -> dict[str, list[str]]:
    return {
        p.name: [" ".join((page.extract_text() or "").split()) for page in PdfReader(p).pages]
        for p in sorted(folder.glob("*.pdf"))
    }


@pytest.mark.slow
def test_two_workers_write_what_one_process_writes(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    pooled = systems.render_roster(
        characters(), tmp_path / "pool", jobs=2, progress=lambda d, t: calls.append((d, t))
    )
    # The workers' whole CPU (their start, the jobs' unpickling) counts beyond the sheets'.
    assert pool.worker_process_cpu_seconds > pool.worker_cpu_seconds > 0
    # One tally per worker that printed: every sheet counted once, by the worker that
    # printed it, and each worker's whole CPU holds its sheets'.
    tallies = pool.worker_tallies
    assert 1 <= len(tallies) <= 2
    assert sum(len(t.sheets) for t in tallies) == 4
    assert all(t.process > sum(t.sheets) > 0 for t in tallies)
    assert pool.worker_cpu_seconds == pytest.approx(sum(sum(t.sheets) for t in tallies))
    assert pool.worker_process_cpu_seconds == pytest.approx(sum(t.process for t in tallies))
    serial = systems.render_roster(characters(), tmp_path / "serial", jobs=1)
    assert (
        [p.name for p in pooled]
        == [p.name for p in serial]
        == [
            "Ines Varga.pdf",
            "Wren Halloway.pdf",
            "Orrin Vale.pdf",
            "Ines Okafor-Vell.pdf",
        ]
    )
    assert texts(tmp_path / "pool") == texts(tmp_path / "serial")
    assert calls == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    assert not list((tmp_path / "pool").glob("*.part"))


@pytest.mark.slow
def test_stopping_keeps_finished_sheets_and_leaves_no_part_files(tmp_path: Path) -> None:
    class Stop(Exception):
        pass

    def stop_after_first(done: int, total: int) -> None:
        if done == 1:
            raise Stop

    with pytest.raises(Stop):
        systems.render_roster(characters(), tmp_path / "out", jobs=2, progress=stop_after_first)
    left = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert 1 <= len(left) <= 4
    assert all(name.endswith(".pdf") and not name.startswith(".") for name in left)


@pytest.mark.slow
def test_compact_sheets_in_the_pool_are_two_pages_each(tmp_path: Path) -> None:
    contractors = characters()[:3]
    paths = systems.render_roster(contractors, tmp_path / "c", jobs=2, compact=True)
    assert [len(PdfReader(p).pages) for p in paths] == [2, 2, 2]
    with pytest.raises(systems.NoPrinter, match="Covenant has no compact sheet"):
        systems.render_roster(characters(), tmp_path / "d", jobs=2, compact=True)
    assert not (tmp_path / "d").exists() or not list((tmp_path / "d").iterdir())


def _qt_in_worker() -> list[str]:
    """Run in a pool worker: the Qt modules loaded there (there should be none)."""
    import sys

    import printing.systems  # noqa: F401  (what a print worker imports)

    return sorted(m for m in sys.modules if m.split(".")[0] in {"PySide6", "shiboken6", "ui"})


@pytest.mark.slow
def test_workers_start_fresh_without_qt() -> None:
    from concurrent.futures import ProcessPoolExecutor

    from printing.pool import _context

    with ProcessPoolExecutor(1, mp_context=_context()) as executor:
        assert executor.submit(_qt_in_worker).result(timeout=120) == []


@pytest.mark.slow
def test_a_spawned_worker_registers_the_shipped_games_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under ``spawn`` (Windows, macOS) a worker inherits no registry: it registers its own."""
    import multiprocessing

    from printing import pool

    monkeypatch.setattr(pool, "_context", lambda: multiprocessing.get_context("spawn"))
    two = characters()[:2]
    pooled = pool.print_folder(two, tmp_path / "spawned", jobs=2)
    serial = systems.render_roster(two, tmp_path / "serial", jobs=1)
    assert [p.name for p in pooled] == [p.name for p in serial]
    assert texts(tmp_path / "spawned") == texts(tmp_path / "serial")


def _frozen_in_worker() -> int:
    """Run in a pool worker: the objects frozen out of its garbage collector's reach."""
    import gc

    return gc.get_freeze_count()


@pytest.mark.slow
def test_workers_share_the_forkservers_warm_frozen_heap() -> None:
    """The forkserver prints a sample sheet and freezes its heap before it forks, so a
    worker's collector never walks (and so never copies) the printers, fonts and catalogs."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from printing.pool import _context

    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no forkserver here: each spawned worker starts on its own")
    with ProcessPoolExecutor(1, mp_context=_context()) as executor:
        assert executor.submit(_frozen_in_worker).result(timeout=120) > 10_000


def test_values_go_to_the_workers_as_their_field_values() -> None:
    """builder's slotted frozen values travel to a worker as (class, field values) and are
    rebuilt equal, ledger, Gifts and read-only maps included (issue 29: the dataclasses'
    own unpickling asked for their fields again for every value, half of a contractor's
    unpickling); the contractor's every value takes that form."""
    import pickle
    import pickletools

    from builder.contract.character import Contractor

    pool._register_values()
    for character in characters():
        sent = pickle.dumps(character, protocol=pickle.HIGHEST_PROTOCOL)
        assert pickle.loads(sent) == character
        assert type(pickle.loads(sent)) is type(character)
    contractor = characters()[0]
    assert isinstance(contractor, Contractor)
    sent = pickle.dumps(contractor, protocol=pickle.HIGHEST_PROTOCOL)
    ops = [(op.name, arg) for op, arg, _ in pickletools.genops(sent)]
    assert ("SHORT_BINUNICODE", "_rebuild") in ops
    assert "BUILD" not in {name for name, _ in ops}  # no value rebuilt through __setstate__
