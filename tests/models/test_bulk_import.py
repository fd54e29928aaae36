"""Importing many files: one transaction, batched inserts, progress, versions (issue 13)."""

from __future__ import annotations

import dataclasses
import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from builder.contract.file import dumps_character_file, read_character_file
from builder.core.registry import CharacterFile, FileFormatError
from models import Library
from models.errors import ImportConflict
from models.values import ImportBatch
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


def _live_character_files() -> int:
    """Character files alive in this process (each import holds the ones it read)."""
    return sum(1 for thing in gc.get_objects() if type(thing) is CharacterFile)


def test_an_import_holds_at_most_one_batch_of_read_files(library_path: Path) -> None:
    """Issue 29: memory bounded by the batch size, not by the number of files. Watched by
    counting the read files alive whenever a batch has been read: never more than a batch."""
    files = _copies(12)
    held: list[tuple[int, int]] = []

    def watch(batch: ImportBatch) -> None:
        held.append((len(batch.files), _live_character_files()))

    with Library.open(library_path) as library:
        before = _live_character_files()
        results = library.import_files(files, batch_size=5, on_batch=watch)
        assert [r.action for r in results] == ["created"] * 12
        assert len(library.roster()) == 12
    assert [size for size, _live in held] == [5, 5, 2]
    assert all(live - before <= 5 for _size, live in held), held


def test_each_batch_is_all_or_nothing_and_the_failure_says_what_went_in(
    library_path: Path,
) -> None:
    """A bad file in the second batch: the first batch stays stored, nothing of the second."""
    files = _copies(8)
    files[6] = b'{"format": "harbinger.contractor", "version": 1, "character": {}}'
    with Library.open(library_path) as library:
        with pytest.raises(FileFormatError) as raised:
            library.import_files(files, batch_size=5)
        assert raised.value.stored_before == 5  # type: ignore[attr-defined]
        assert raised.value.source == "file 7"  # its place in the whole import
        assert [e.name for e in library.roster()] == [f"Ines {n:03d}" for n in range(5)]
    with Library.open(library_path) as library:
        with pytest.raises(FileFormatError) as raised:
            library.import_files(files[5:])
        assert raised.value.source == "file 2"
        assert raised.value.stored_before == 0  # type: ignore[attr-defined]
        assert len(library.roster()) == 5


def test_progress_counts_over_the_whole_import(library_path: Path) -> None:
    seen: list[tuple[str, int, int]] = []
    with Library.open(library_path) as library:
        library.import_files(_copies(4), batch_size=3, progress=lambda *step: seen.append(step))
    assert seen == [
        ("reading", 1, 4),
        ("reading", 2, 4),
        ("reading", 3, 4),
        ("storing", 3, 4),
        ("reading", 4, 4),
        ("storing", 4, 4),
    ]


def test_importing_good_files_of_every_game_never_loads_jsonschema(library_path: Path) -> None:
    """Issue 29: the compiled schema checks are made from the schemas themselves, so an import
    of good files does not pay jsonschema's import (a fifth of a second a process); a
    refused file still loads it, to word its problems. (The process opens an empty library
    at the newest schema, as a copy: creating one would run every migration in it.)"""
    examples = sorted(str(p) for p in resource_path("examples").rglob("*.json"))
    code = f"""
import sys
from pathlib import Path
from builder.systems import register_shipped
from models.library import Library
register_shipped()
with Library.open(Path(sys.argv[1])) as library:
    library.import_files({examples!r}, on_conflict="copy")
    assert "jsonschema" not in sys.modules, "a good file loaded jsonschema"
    try:
        library.import_file(b'{{"format": "harbinger.contractor", "version": 1, "character": 3}}')
    except Exception as exc:
        print(type(exc).__name__, exc)
print("jsonschema" in sys.modules)
"""
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code, str(library_path)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert out == ["CharacterFileError expected an object, got 3", "True"]
