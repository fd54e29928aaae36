"""Build the old-library fixtures of ``tests/data/libraries/`` with the code that made them.

Issue 13: a library made by the first commit with migrations upgraded
"successfully" and then could not be read, because ``0001_initial.py`` was
edited after that commit. A fixture built from today's migration files cannot
show such a bug, so each fixture here is made by the *released* code of one
commit: its tree is taken out of git (``git archive``) into a temporary
folder, and that tree's own ``Library`` creates the library (running that
commit's original migration files) and imports a few characters the way a
player of that day would have. The result is copied, compacted (one
self-contained file, no WAL), into ``tests/data/libraries/<name>.sqlite3``.

Run from the repository root: ``python scripts/build_library_fixtures.py``.
The fixtures are committed; tests never need git.
"""

from __future__ import annotations

import io
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "libraries"

EXAMPLES_FROM = "27728a5"
"""The first commit that shipped example contractors; older trees import these."""


@dataclass(frozen=True)
class Fixture:
    """One library as the code of ``commit`` made it (schema ``head`` there)."""

    name: str
    commit: str
    head: str
    files: tuple[str, ...]  # example files (of the commit) to import
    then: tuple[str, ...] = ()  # later commits whose code opened (so upgraded) the library


FIXTURES = (
    Fixture(
        "0002-16e665a-first",
        "16e665a",
        "0002_ledger_death_marker",
        ("seasoned-ines-varga.json", "dead-orrin-vale.json"),
    ),
    Fixture(
        "0002-90cf22d",
        "90cf22d",
        "0002_ledger_death_marker",
        ("seasoned-ines-varga.json", "newbie-wren-halloway.json", "dead-orrin-vale.json"),
    ),
    Fixture(
        "0003-e0036fe",
        "e0036fe",
        "0003_covenant_characters",
        ("seasoned-ines-varga.json", "dead-orrin-vale.json", "covenant-ines-okafor-vell.json"),
    ),
    Fixture(
        "0004-55877c4-first",
        "55877c4",
        "0004_generic_characters",
        ("seasoned-ines-varga.json", "covenant-ines-okafor-vell.json"),
    ),
    Fixture(
        "0004-e0036fe-upgraded-by-55877c4",
        "e0036fe",
        "0004_generic_characters",
        ("seasoned-ines-varga.json", "covenant-ines-okafor-vell.json"),
        then=("55877c4",),
    ),
)

_MAKE = """
import sys
from pathlib import Path
from models.library import Library
try:  # commits since issue 26 register their games explicitly; older ones on first use
    from builder.systems import register_shipped
except ImportError:
    pass
else:
    register_shipped()
library = Library.open(Path(sys.argv[1]))
for name in sys.argv[2:]:
    library.import_file(Path(name))
library.close()
"""


def _git(*args: str) -> bytes:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True).stdout


def _extract(commit: str, into: Path) -> None:
    """The whole tree of ``commit`` (code, migrations, examples) into a folder."""
    with tarfile.open(fileobj=io.BytesIO(_git("archive", commit)), mode="r") as archive:
        archive.extractall(into, filter="data")


def _example(commit: str, name: str, into: Path) -> Path:
    """An example file of ``commit``, or of the first commit that shipped examples."""
    for source in (commit, EXAMPLES_FROM):
        try:
            data = _git("show", f"{source}:resources/examples/{name}")
        except subprocess.CalledProcessError:
            continue
        path = into / name
        path.write_bytes(data)
        return path
    raise SystemExit(f"no example {name} at {commit}")


def _compact(source: Path, target: Path) -> None:
    """A one-file copy (no WAL journal), vacuumed small."""
    target.unlink(missing_ok=True)
    with sqlite3.connect(source) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    copy = sqlite3.connect(target)
    with sqlite3.connect(source) as db:
        db.backup(copy)
    copy.execute("PRAGMA journal_mode=DELETE")
    copy.execute("PRAGMA page_size=1024")  # dozens of near-empty tables: small pages
    copy.execute("VACUUM")
    copy.close()


def _run(commit: str, work: Path, *args: str) -> None:
    """Run ``_MAKE`` with the code of ``commit`` (its tree extracted once into ``work``)."""
    tree = work / commit
    if not tree.exists():
        tree.mkdir()
        _extract(commit, tree)
    subprocess.run(
        [sys.executable, "-c", _MAKE, *args],
        cwd=tree,
        check=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(work), "PYTHONPATH": str(tree)},
    )


def build(fixture: Fixture, work: Path) -> Path:
    """Make one fixture with the code of its commit; returns the committed file's path."""
    files = [str(_example(fixture.commit, name, work)) for name in fixture.files]
    library = work / f"{fixture.name}.sqlite3"
    _run(fixture.commit, work, str(library), *files)
    for later in fixture.then:
        _run(later, work, str(library))
    with sqlite3.connect(library) as db:
        (head,) = db.execute("SELECT version_num FROM alembic_version").fetchone()
    if head != fixture.head:
        raise SystemExit(f"{fixture.name}: schema {head}, expected {fixture.head}")
    target = OUT / f"{fixture.name}.sqlite3"
    _compact(library, target)
    return target


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for fixture in FIXTURES:
            path = build(fixture, Path(folder))
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
