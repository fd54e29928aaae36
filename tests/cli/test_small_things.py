"""Small things a command-line user notices (issue 33, item 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harbinger.cli import main
from resources import resource_path

EXAMPLES = sorted(resource_path("examples").glob("*.json"))


def test_a_progress_line_to_a_log_has_no_carriage_returns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Printing several sheets into a folder with stderr captured (not a terminal): the
    progress is plain lines a log can hold, ending with all of them done."""
    out = tmp_path / "sheets"
    code = main(["sheet", "pdf", *map(str, EXAMPLES), "-o", str(out)])
    _out, err = capsys.readouterr()
    assert code == 0
    total = len(EXAMPLES)
    assert "\r" not in err
    assert err.splitlines()[-1] == f"{total}/{total} sheets"
    assert len(list(out.glob("*.pdf"))) == total


def test_a_refused_duplicate_import_names_the_option_that_settles_it(
    capsys: pytest.CaptureFixture[str], library_path: Path
) -> None:
    db = str(library_path)
    ines = str(resource_path("examples", "seasoned-ines-varga.json"))
    assert main(["--db", db, "db", "import", ines]) == 0
    capsys.readouterr()
    assert main(["--db", db, "db", "import", ines]) == 2
    _out, err = capsys.readouterr()
    assert "is already in the library" in err
    assert "--on-conflict replace, keep-both, copy or skip" in err


def test_db_list_says_one_victory_in_the_singular(
    capsys: pytest.CaptureFixture[str], library_path: Path
) -> None:
    """A contractor with one victory: "1 victory", not "1 victories" (issue 33, item 8)."""
    from dataclasses import replace

    from harbinger.commands.db import _line
    from models import Library

    db = library_path
    assert main(["--db", str(db), "db", "import", *map(str, EXAMPLES)]) == 0
    capsys.readouterr()
    with Library.open(f"sqlite:///{db}") as library:
        entry = next(e for e in library.roster() if e.victories is not None)
    assert ", 1 victory" in _line(replace(entry, victories=1))
    assert "victories" not in _line(replace(entry, victories=1))
    assert ", 2 victories" in _line(replace(entry, victories=2))
