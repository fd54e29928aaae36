"""Importing many files: one transaction, batched inserts, progress, versions (issue 13)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from builder.contract.file import dumps_character_file, read_character_file
from models import Library
from models.errors import ImportConflict
from resources import resource_path

INES = resource_path("examples") / "seasoned-ines-varga.json"
OKAFOR = resource_path("examples") / "covenant-ines-okafor-vell.json"


def _copies(count: int) -> list[bytes]:
    ines = read_character_file(INES)
    return [
        dumps_character_file(
            dataclasses.replace(
                ines,
                id=f"ines-{n:03d}",
                concept=dataclasses.replace(ines.concept, name=f"Ines {n:03d}"),
            )
        )
        for n in range(count)
    ]


def test_many_files_go_in_with_progress_and_load_exactly(library_path: Path) -> None:
    files = [*_copies(12), OKAFOR.read_bytes()]
    seen: list[tuple[str, int, int]] = []
    with Library.open(library_path) as library:
        results = library.import_files(files, progress=lambda *step: seen.append(step))
        assert [r.action for r in results] == ["created"] * 13
        assert [e.name for e in library.roster()][:3] == ["Ines 000", "Ines 001", "Ines 002"]
        for data, result in zip(files[:12], results[:12], strict=True):
            stored = library.load_stored(result.contractor_id)
            assert stored.character == read_character_file(data)
            assert stored.version == 1
        assert library.load_stored("covenant-example-ines").version == 1
        assert library.integrity_problems() == []
    assert seen[:13] == [("reading", n, 13) for n in range(1, 14)]
    assert seen[13:] == [("storing", 13, 13)]


def test_a_conflict_late_in_a_batch_leaves_the_library_unchanged(library_path: Path) -> None:
    files = _copies(5)
    with Library.open(library_path) as library:
        library.import_files(files[4:])
        with pytest.raises(ImportConflict, match="'Ines 004' \\(ines-004\\) is already"):
            library.import_files(files)
        assert [e.name for e in library.roster()] == ["Ines 004"]
        replaced = library.import_files(files, "replace")
        assert [r.action for r in replaced] == ["created"] * 4 + ["replaced"]
        assert library.load_stored("ines-004").version == 2
        twice = library.import_files(files[:1] * 2, "copy")
        assert [r.action for r in twice] == ["copied", "copied"]
        assert len(library.roster()) == 7
