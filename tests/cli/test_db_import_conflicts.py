"""``harbinger db import --on-conflict`` and ``--progress`` (issue 13; issue 16, item 8)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from harbinger.cli import main
from harbinger.commands.db import _Progress
from resources import resource_path

INES = str(resource_path("examples", "seasoned-ines-varga.json"))
INES_ID = "1a66ec6f-2352-5dfb-8957-f6a80a3d6f15"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def names(capsys: pytest.CaptureFixture[str], db: str) -> list[str]:
    out = run(capsys, "--db", db, "db", "list", "--json")[1]
    return [c["name"] for c in json.loads(out)["contractors"]]


def test_each_choice_and_its_exit_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "library.sqlite3")
    assert run(capsys, "--db", db, "db", "import", INES)[0] == 0

    code, out, err = run(capsys, "--db", db, "db", "import", INES)
    assert code == 2 and out == ""
    assert "choose replace, keep-both or skip; nothing was imported" in err

    code, out, _ = run(capsys, "--db", db, "db", "import", INES, "--on-conflict", "skip")
    assert (code, out) == (0, f"{INES}: skipped Ines Varga ({INES_ID})\n")

    code, out, _ = run(
        capsys, "--db", db, "db", "import", INES, "--on-conflict", "keep-both", "--json"
    )
    kept = json.loads(out)["imported"][0]
    assert code == 0
    assert (kept["action"], kept["name"]) == ("kept both", "Ines Varga (2)")
    assert kept["id"] != INES_ID

    code, out, _ = run(capsys, "--db", db, "db", "import", INES, "--on-conflict", "replace")
    assert (code, out) == (0, f"{INES}: replaced Ines Varga ({INES_ID})\n")
    assert names(capsys, db) == ["Ines Varga", "Ines Varga (2)"]


def test_an_unknown_choice_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["db", "import", INES, "--on-conflict", "rename"])
    assert exited.value.code == 2
    assert "invalid choice: 'rename'" in capsys.readouterr().err


def test_help_names_every_choice(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["db", "import", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "{refuse,replace,keep-both,skip,copy}" in text
    assert "a numbered name, e.g. 'Ines Varga (2)'" in text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_one_line_is_rewritten_in_place() -> None:
    stream = Terminal()
    progress = _Progress(stream)
    for done in (1, 2):
        progress("reading", done, 2)
    progress("storing", 2, 2)
    progress.end()
    assert stream.getvalue() == "\rreading 1/2\rreading 2/2\rstoring 2/2\n"


def test_elsewhere_a_line_per_twentieth_of_the_files() -> None:
    stream = io.StringIO()
    progress = _Progress(stream)
    for done in range(1, 101):
        progress("reading", done, 100)
    progress.end()
    lines = stream.getvalue().splitlines()
    assert lines[:2] == ["reading 5/100", "reading 10/100"] and len(lines) == 20
