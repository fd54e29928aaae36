"""Libraries made by released code open, upgrade, load and export (issue 13).

Each fixture in ``tests/data/libraries/`` was made by the code of one commit,
running that commit's original migration files
(``scripts/build_library_fixtures.py``), so an edit to a migration after its
release shows up here as a library that cannot be read.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from models.library import Library
from models.migrate import SCHEMA_HEAD

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "libraries"

EXPECTED = {
    "0002-16e665a-first": (
        "0002_ledger_death_marker",
        [("Ines Varga", "contract", 70), ("Orrin Vale", "contract", 15)],
    ),
    "0002-90cf22d": (
        "0002_ledger_death_marker",
        [
            ("Ines Varga", "contract", 70),
            ("Orrin Vale", "contract", 15),
            ("Wren Halloway", "contract", 1),
        ],
    ),
    "0003-e0036fe": (
        "0003_covenant_characters",
        [
            ("Ines Okafor-Vell", "covenant", 12),
            ("Ines Varga", "contract", 70),
            ("Orrin Vale", "contract", 15),
        ],
    ),
    "0004-55877c4-first": (
        "0004_generic_characters",
        [("Ines Okafor-Vell", "covenant", 12), ("Ines Varga", "contract", 70)],
    ),
    "0004-e0036fe-upgraded-by-55877c4": (
        "0004_generic_characters",
        [("Ines Okafor-Vell", "covenant", 12), ("Ines Varga", "contract", 70)],
    ),
}


def _history(character: object) -> tuple[object, ...]:
    return tuple(getattr(character, "ledger", None) or getattr(character, "log", ()))


def _columns(path: Path) -> dict[str, set[str]]:
    with sqlite3.connect(path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: {r[1] for r in db.execute(f"PRAGMA table_info('{t}')")} for t in tables}


def test_every_fixture_is_listed() -> None:
    assert sorted(p.stem for p in FIXTURES.glob("*.sqlite3")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_old_library_upgrades_loads_and_exports(name: str, tmp_path: Path) -> None:
    revision, characters = EXPECTED[name]
    path = tmp_path / f"{name}.sqlite3"
    shutil.copyfile(FIXTURES / f"{name}.sqlite3", path)
    with Library.open(path) as library:
        assert library.migration is not None
        assert library.migration.from_revision == revision
        assert library.migration.to_revision == SCHEMA_HEAD
        assert library.integrity_problems() == []
        roster = library.roster()
        loaded = [library.load_stored(entry.id) for entry in roster]
        assert [
            (e.name, e.system, len(_history(s.character)))
            for e, s in zip(roster, loaded, strict=True)
        ] == characters
        assert [s.version for s in loaded] == [1] * len(characters)
        exported = [library.export_file(e.id, tmp_path / f"{e.id}.json") for e in roster]
    with Library.open(tmp_path / "fresh.sqlite3") as fresh:
        fresh.import_files(exported)
        assert [fresh.load(e.id) for e in roster] == [s.character for s in loaded]
    assert _columns(path) == _columns(tmp_path / "fresh.sqlite3")


def test_upgraded_old_library_takes_new_saves(tmp_path: Path) -> None:
    """The repaired ``asset_pick`` table takes a changed Creation and gives it back."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURES / "0002-16e665a-first.sqlite3", path)
    with Library.open(path) as library:
        ines = next(e for e in library.roster() if e.name == "Ines Varga")
        before = library.load(ines.id)
        assert len(before.creation.assets) == 2
        assert len(before.creation.liabilities) == 1
        changed = before.__class__(
            **{
                **{f: getattr(before, f) for f in before.__dataclass_fields__},
                "notes": "upgraded",
            }
        )
        library.save(changed)
        assert library.load(ines.id) == changed
