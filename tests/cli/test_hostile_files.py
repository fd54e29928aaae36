"""Hostile files: every kind of bad file through ``db import``, ``sheet audit`` and ``sheet pdf``.

Issue 13 ("Nothing lost"): a file from outside is hostile (SPEC §5). Each file
here is made by the test itself. A refused file must end each command with
exit 2 and a message that names the file, never a traceback; the library must
be exactly as it was (a SQL dump before and after); no PDF is left behind; and
each command ends within 10 s. Files that cannot be opened without blocking a
naive reader (a FIFO, a device) run in a subprocess with a timeout (``slow``).
"""

from __future__ import annotations

import copy
import gzip
import json
import os
import resource
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from harbinger.cli import main

ROOT = Path(__file__).resolve().parents[2]
WREN = ROOT / "resources/examples/newbie-wren-halloway.json"
COVENANT = ROOT / "resources/examples/covenant-ines-okafor-vell.json"
MORTAL = ROOT / "resources/mortal_coil/okoye-vale.json"
CREW = ROOT / "resources/mortal_coil/crew-lantern.json"
SECONDS = 10.0
MEMORY_MB = 300

Doc = dict[str, Any]


def _load(path: Path) -> Doc:
    return json.loads(path.read_text(encoding="utf-8"))


def _wren(change: Callable[[Doc], object]) -> bytes:
    """Wren's file with one change made to its document."""
    doc = _load(WREN)
    change(doc)
    return json.dumps(doc).encode("utf-8")


def _of(path: Path, change: Callable[[Doc], object]) -> bytes:
    doc = _load(path)
    change(doc)
    return json.dumps(doc).encode("utf-8")


def _set(doc: Doc, where: str, value: object) -> None:
    """Set ``value`` at a dotted place ("character.concept.name"); digits index lists."""
    *path, last = where.split(".")
    node: Any = doc
    for part in path:
        node = node[int(part)] if part.isdigit() else node[part]
    node[int(last) if last.isdigit() else last] = value


def _setter(where: str, value: object) -> Callable[[Doc], object]:
    return lambda doc: _set(doc, where, copy.deepcopy(value))


def _raw_wren(old: str, new: str) -> bytes:
    """Wren's file with its JSON text edited (for things json.dumps cannot write)."""
    text = json.dumps(_load(WREN))
    assert old in text
    return text.replace(old, new, 1).encode("utf-8")


def _journal(n: int) -> Doc:
    return {
        "type": "journal",
        "date": "2024-01-05",
        "title": f"J{n}",
        "kind": "contract",
        "words": 10,
        "text": "",
    }


def _bonus(exp: object) -> Callable[[Doc], object]:
    entry = {"type": "bonus_exp", "date": "2024-01-05", "kind": "other", "exp": exp, "note": ""}
    return lambda doc: doc["character"].setdefault("ledger", []).append(entry)


def _deep(levels: int) -> Doc:
    node: Doc = {}
    for _ in range(levels):
        node = {"a": node}
    return node


def _month_13(doc: Doc) -> None:
    doc["character"]["ledger"] = [
        {"type": "bonus_exp", "date": "2023-13-45", "kind": "other", "exp": 1, "note": ""}
    ]


NAME = '"name": "Wren Halloway"'

REFUSED: dict[str, bytes] = {
    # --- not JSON at all
    "empty": b"",
    "whitespace-only": b"  \n\t\n",
    "latin-1": json.dumps(_load(WREN), ensure_ascii=False)
    .replace("Wren Halloway", "Renée Ça")
    .encode("latin-1"),
    "utf-16": json.dumps(_load(WREN)).encode("utf-16"),
    "binary-noise": bytes((i * 73 + 41) % 256 for i in range(4096)),
    "gzip": gzip.compress(WREN.read_bytes(), mtime=0),
    "pdf-header": b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
    "truncated": WREN.read_bytes()[: len(WREN.read_bytes()) // 2],
    "trailing-garbage": WREN.read_bytes() + b"\n}{ x",
    "comments": b"// a character\n" + WREN.read_bytes(),
    "single-quotes": str(_load(WREN)).encode(),
    "top-level-array": b"[" + WREN.read_bytes() + b"]",
    "top-level-string": b'"harbinger.contractor"',
    "top-level-null": b"null",
    "top-level-number": b"42",
    # --- JSON the reader refuses before any schema
    "deep-array": b"[" * 100_000 + b"]" * 100_000,
    "deep-objects": _wren(lambda d: _set(d, "character.playgroup", _deep(40))),
    "duplicate-format": b'{"format": "harbinger.contractor", "format": "harbinger.covenant", '
    + WREN.read_bytes().lstrip()[1:],
    "duplicate-name": _raw_wren(NAME, NAME + ', "name": "Someone Else"'),
    "nan": _raw_wren(NAME, NAME + ', "age": NaN'),
    "infinity": _raw_wren('"version": 1', '"version": Infinity'),
    "minus-infinity": _raw_wren('"version": 1', '"version": -Infinity'),
    "float-overflow": _raw_wren('"version": 1', '"version": 1e400'),
    "huge-integer-digits": _raw_wren('"version": 1', '"version": ' + "9" * 5000),
    "huge-integer": _wren(_bonus(10**30)),
    "esc-in-name": _wren(_setter("character.concept.name", "Wren\x1b[2J")),
    "bel-in-name": _wren(_setter("character.concept.name", "Wren\x07")),
    "nul-in-name": _wren(_setter("character.concept.name", "Wren\x00")),
    "c1-in-name": _wren(_setter("character.concept.name", "Wren\x9b31m")),
    "lone-surrogate": _raw_wren(NAME, '"name": "Wren \\ud800"'),
    "control-in-key": _raw_wren(NAME, NAME + ', "x\\u001b": 1'),
    "del-in-notes": _wren(_setter("character.notes", "a\x7fb")),
    # --- schema: sizes
    "name-201": _wren(_setter("character.concept.name", "N" * 201)),
    "notes-100001": _wren(_setter("character.notes", "n" * 100_001)),
    "ledger-20001": _wren(
        lambda d: _set(d, "character.ledger", [_journal(n) for n in range(20_001)])
    ),
    "limits-501": _wren(
        lambda d: _set(d, "character.limits", [{"name": f"L{n}"} for n in range(501)])
    ),
    "approvals-501": _wren(lambda d: _set(d, "approvals", [{}] * 501)),
    "too-large": WREN.read_bytes()[:-2] + b" " * (5 * 1024 * 1024) + b"}\n",
    # --- schema: values the rules do not allow
    "rating-99": _wren(_setter("character.creation.attributes.brawn", 99)),
    "rating-negative": _wren(_setter("character.creation.attributes.brawn", -1)),
    "exp-minus-million": _wren(_bonus(-1_000_000)),
    "date-month-13": _wren(_month_13),
    "date-words": _wren(
        lambda d: _set(
            d,
            "character.ledger",
            [{"type": "bonus_exp", "date": "yesterday", "kind": "other", "exp": 1, "note": ""}],
        )
    ),
    # --- schema: wrong types and shapes
    "name-number": _wren(_setter("character.concept.name", 42)),
    "ledger-object": _wren(_setter("character.ledger", {"0": _journal(0)})),
    "character-list": _wren(_setter("character", [])),
    "exp-string": _wren(_bonus("ten")),
    "exp-boolean": _wren(_bonus(True)),
    "unknown-property": _wren(_setter("character.wealth", 10)),
    "unknown-entry-type": _wren(lambda d: _set(d, "character.ledger", [{"type": "heist"}])),
    "approvals-not-list": _wren(_setter("approvals", "approved")),
    "missing-character": _wren(lambda d: d.pop("character")),
    # --- format and version
    "unknown-format": _wren(_setter("format", "harbinger.unknown")),
    "missing-format": _wren(lambda d: d.pop("format")),
    "newer-version": _wren(_setter("version", 2)),
    "version-string": _wren(_setter("version", "1")),
    # --- every game's format
    "covenant-newer-version": _of(COVENANT, _setter("version", 99)),
    "covenant-long-name": _of(COVENANT, _setter("character.name", "C" * 10_000)),
    "covenant-character-list": _of(COVENANT, _setter("character", [])),
    "covenant-esc-in-name": _of(COVENANT, _setter("character.name", "Ines\x1b]0;pwn\x07")),
    "mortal-coil-newer-version": _of(MORTAL, _setter("version", 99)),
    "mortal-coil-wrong-type": _of(MORTAL, _setter("character.credits", "lots")),
    "mortal-coil-huge-credits": _of(MORTAL, _setter("character.credits", 10**12)),
    "crew-unknown-field": _of(CREW, _setter("crew.mutiny", True)),
    "coven-empty": json.dumps(
        {"format": "harbinger.coven", "version": 1, "character": {}}
    ).encode(),
    "tiles-bad-moves": json.dumps(
        {
            "format": "harbinger.tiles-game",
            "version": 1,
            "character": {
                "id": "g",
                "players": ["a", "b"],
                "variant": "basic",
                "seed": 1,
                "deal": "F/I",
                "moves": ["rm -rf"],
                "result": {"scores": [0, 0], "winner": None},
            },
        }
    ).encode(),
}
"""Files every command must refuse (exit 2), each named by what is wrong with it."""


ACCEPTED: dict[str, bytes] = {
    "bom": b"\xef\xbb\xbf" + WREN.read_bytes(),
    "markup-in-name": _wren(_setter("character.concept.name", "<b>Wren</b> <font size=90>&amp;")),
    "crlf": WREN.read_bytes().replace(b"\n", b"\r\n"),
    "name-200": _wren(_setter("character.concept.name", "W" * 200)),
    "rtl-and-emoji": _wren(_setter("character.concept.name", "Wren \u202eneR \U0001f480")),
}
"""Odd but legal files: read, audited (0 or 1) and printed, never a traceback."""


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding one character, copied by each test."""
    db = tmp_path_factory.mktemp("lib") / "library.sqlite3"
    assert main(["--db", str(db), "db", "import", str(COVENANT)]) == 0
    return db


def _dump(db: Path) -> list[str]:
    with sqlite3.connect(db) as connection:
        return list(connection.iterdump())


def _copy(library: Path, tmp_path: Path) -> Path:
    db = tmp_path / "library.sqlite3"
    db.write_bytes(library.read_bytes())
    return db


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, float]:
    start = time.perf_counter()
    code = main(list(argv))
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    return code, out + err, elapsed


def _check_refused(code: int, text: str, elapsed: float, path: Path) -> None:
    assert code == 2, text
    assert path.name in text, text
    assert "Traceback" not in text
    assert elapsed < SECONDS


def test_the_suite_has_at_least_60_hostile_files() -> None:
    assert len(REFUSED) + len(ACCEPTED) + len(BLOCKING) >= 60


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_hostile_file_is_refused_by_every_command(
    name: str, library: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _copy(library, tmp_path)
    before = _dump(db)
    path = tmp_path / f"{name}.json"
    path.write_bytes(REFUSED[name])
    out = tmp_path / "out.pdf"
    for argv in (
        ("db", "import", str(path)),
        ("sheet", "audit", str(path)),
        ("sheet", "pdf", str(path), "-o", str(out)),
    ):
        _check_refused(*_run(capsys, "--db", str(db), *argv), path)
    assert not out.exists()
    assert _dump(db) == before


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_an_odd_but_legal_file_is_read_audited_and_printed(
    name: str, library: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _copy(library, tmp_path)
    path = tmp_path / f"{name}.json"
    path.write_bytes(ACCEPTED[name])
    code, text, elapsed = _run(capsys, "--db", str(db), "db", "import", str(path))
    assert (code, "Traceback" in text, elapsed < SECONDS) == (0, False, True), text
    code, text, elapsed = _run(capsys, "--db", str(db), "sheet", "audit", str(path))
    assert code in (0, 1) and "Traceback" not in text and elapsed < SECONDS, text
    out = tmp_path / "out.pdf"
    code, text, elapsed = _run(capsys, "sheet", "pdf", str(path), "-o", str(out))
    assert (code, out.exists(), elapsed < SECONDS) == (0, True, True), text


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.json"
    os.mkfifo(path)
    return path


def _fifo_link(tmp_path: Path) -> Path:
    path = tmp_path / "link.json"
    path.symlink_to(_fifo(tmp_path))
    return path


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "folder.json"
    path.mkdir()
    return path


def _zero_link(tmp_path: Path) -> Path:
    path = tmp_path / "zero.json"
    path.symlink_to("/dev/zero")
    return path


def _sparse(tmp_path: Path) -> Path:
    path = tmp_path / "sparse.json"
    with path.open("wb") as handle:
        handle.truncate(1024**3)
    return path


def _missing(tmp_path: Path) -> Path:
    return tmp_path / "missing.json"


BLOCKING: dict[str, Callable[[Path], Path]] = {
    "fifo": _fifo,
    "fifo-behind-symlink": _fifo_link,
    "folder-named-json": _folder,
    "dev-zero": lambda _: Path("/dev/zero"),
    "dev-zero-behind-symlink": _zero_link,
    "sparse-1gb": _sparse,
    "missing": _missing,
}
"""Paths a naive reader would hang on, run out of memory on, or crash on."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BLOCKING))
def test_a_path_that_is_not_a_readable_file_never_blocks(
    name: str, library: Path, tmp_path: Path
) -> None:
    db = _copy(library, tmp_path)
    before = _dump(db)
    path = BLOCKING[name](tmp_path)
    out = tmp_path / "out.pdf"
    for argv in (
        ("db", "import", str(path)),
        ("sheet", "audit", str(path)),
        ("sheet", "pdf", str(path), "-o", str(out)),
    ):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "harbinger", "--db", str(db), *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=SECONDS,
            check=False,
        )
        elapsed = time.perf_counter() - start
        text = done.stdout + done.stderr
        if name == "folder-named-json" and argv[1] == "pdf":
            # A folder is a legal input to print (every file in it); this one is empty.
            text += path.name if "nothing to print" in text else ""
        _check_refused(done.returncode, text, elapsed, path)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    assert peak_mb < MEMORY_MB
    assert not out.exists()
    assert _dump(db) == before
