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
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
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


def _bonus(exp: object, date: str = "2024-01-05") -> Callable[[Doc], object]:
    """Append a Bonus Exp entry (a legal kind: only ``exp`` or ``date`` is wrong)."""
    entry = {"type": "bonus_exp", "date": date, "kind": "gm_move_writeup", "exp": exp, "note": ""}
    return lambda doc: doc["character"].setdefault("ledger", []).append(entry)


def _deep(levels: int) -> Doc:
    node: Doc = {}
    for _ in range(levels):
        node = {"a": node}
    return node


def _coven_document() -> Doc:
    from builder.coven import file as coven_file
    from tests.builder.coven.examples import town

    return json.loads(coven_file.dumps(coven_file.CovenFile(town())))


def _tiles_document() -> Doc:
    from builder.core.registry import CharacterFile
    from builder.tiles.record import GameRecord
    from builder.tiles.system import SYSTEM

    game = GameRecord("game-1", ("Thest", "Ada"), "v7", "F/I", (), (0, 0), None, False)
    return SYSTEM.write(CharacterFile("tiles", game))


GAMES: dict[str, tuple[Callable[[], Doc], str, str]] = {
    "contract": (lambda: _load(WREN), "character.id", "character.concept.name"),
    "covenant": (lambda: _load(COVENANT), "character.id", "character.name"),
    "mortal-coil": (lambda: _load(MORTAL), "character.id", "character.name"),
    "coven": (_coven_document, "character.id", "character.town"),
    "tiles": (_tiles_document, "character.id", "character.players.0"),
}
"""Each game's format: a valid document, and the places of its character's id and name."""


def _game(game: str, where: str, value: object) -> bytes:
    """A valid file of ``game`` with ``value`` put at its id ("id") or name ("name")."""
    make, id_at, name_at = GAMES[game]
    doc = make()
    _set(doc, id_at if where == "id" else name_at, value)
    return json.dumps(doc).encode("utf-8")


HOSTILE_IDS = {
    "etc-passwd": "/etc/passwd",
    "climb": "../../../../tmp/pwned",
    "backslash-climb": "..\\..\\settings.json",
    "dot-dot": "..",
}
"""The ids of issue 27 that a naive exporter turned into paths outside its folder."""

HIDDEN_NAMES = {
    "rlo": ("Wren \u202eneR", "a right-to-left override (U+202E)"),
    "rli": ("Wren \u2067x\u2069", "a right-to-left isolate (U+2067)"),
    "zwsp": ("Wr\u200ben", "a zero-width space (U+200B)"),
    "lf": ("Wren\n[ok] approved", "a line feed (U+000A)"),
    "cr": ("Wren\rOrrin", "a carriage return (U+000D)"),
}
"""Names that would read as something else in a terminal, a roster or a PDF."""

_EVERY_GAME_REFUSED: dict[str, tuple[bytes, str]] = {}
for _game_id, (_make, _id_at, _name_at) in GAMES.items():
    for _label, _hostile in HOSTILE_IDS.items():
        _EVERY_GAME_REFUSED[f"{_game_id}-id-{_label}"] = (
            _game(_game_id, "id", _hostile),
            "is not a valid id (an id is 1 to 64 letters, digits",
        )
    for _label, (_text, _said) in HIDDEN_NAMES.items():
        _where = _name_at.removeprefix("character.").replace(".0", "[0]")
        _EVERY_GAME_REFUSED[f"{_game_id}-name-{_label}"] = (
            _game(_game_id, "name", _text),
            f"{_where}: the text holds {_said}",
        )

NAME = '"name": "Wren Halloway"'
IN_TWO_YEARS = f"{date.today().year + 2}-01-01"

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
    "scenario-201": _wren(
        lambda d: d["character"]["ledger"].append(
            {
                "type": "contract",
                "date": "2024-01-05",
                "scenario": "S" * 201,
                "home": True,
                "outcome": "victory",
            }
        )
    ),
    "secondary-abilities-201": _wren(
        _setter("character.creation.secondary", {f"Skill {n}": 1 for n in range(201)})
    ),
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
    "secondary-rating-7": _wren(_setter("character.creation.secondary", {"Lockpicking": 7})),
    "exp-minus-million": _wren(_bonus(-1_000_000)),
    "exp-plus-million": _wren(_bonus(1_000_000)),
    "date-month-13": _wren(_bonus(1, "2023-13-45")),
    "date-words": _wren(_bonus(1, "yesterday")),
    "date-february-30": _wren(_bonus(1, "2023-02-30")),
    "date-year-9999": _wren(_bonus(1, "9999-12-31")),
    "date-in-two-years": _wren(_bonus(1, IN_TWO_YEARS)),
    "date-with-time": _wren(_bonus(1, "2024-01-05T10:00")),
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
    **{name: data for name, (data, _said) in _EVERY_GAME_REFUSED.items()},
    "contract-id-too-long": _wren(_setter("character.id", "a" * 65)),
}
"""Files every command must refuse (exit 2), each named by what is wrong with it."""


NOT_JSON = "file is not valid JSON: "
NOT_UTF8 = "file is not UTF-8 text (bad byte at offset "
CALENDAR = "is not a calendar date written YYYY-MM-DD"
TOMORROW = f"is after tomorrow ({date.today() + timedelta(days=1)})"
WHOLE = "JSON object"

MESSAGES: dict[str, str] = {
    "empty": "file is empty",
    "whitespace-only": "file is empty",
    "latin-1": NOT_UTF8,
    "utf-16": NOT_UTF8 + "0)",
    "binary-noise": NOT_UTF8,
    "gzip": NOT_UTF8 + "1)",
    "pdf-header": NOT_UTF8,
    "truncated": NOT_JSON + "Unterminated string starting at line",
    "trailing-garbage": NOT_JSON + "Extra data at line",
    "comments": NOT_JSON + "Expecting value at line 1 column 1",
    "single-quotes": NOT_JSON + "Expecting property name enclosed in double quotes",
    "top-level-array": WHOLE,
    "top-level-string": WHOLE,
    "top-level-null": WHOLE,
    "top-level-number": WHOLE,
    "deep-array": "file is nested deeper than 32 levels",
    "deep-objects": ": nested deeper than 32 levels",
    "duplicate-format": "the key 'format' appears twice in one object",
    "duplicate-name": "the key 'name' appears twice in one object",
    "nan": NOT_JSON + "NaN is not a JSON value",
    "infinity": NOT_JSON + "Infinity is not a JSON value",
    "minus-infinity": NOT_JSON + "-Infinity is not a JSON value",
    "float-overflow": "version: number is too large or not a number",
    "huge-integer-digits": "a number 5,000 digits long; numbers here have at most 100 digits",
    "huge-integer": "ledger[1].exp: must be at most 100000, got 1000000000000000000000000000000",
    "esc-in-name": "concept.name: text contains the control character U+001B",
    "bel-in-name": "concept.name: text contains the control character U+0007",
    "nul-in-name": "concept.name: text contains a NUL character",
    "c1-in-name": "concept.name: text contains the control character U+009B",
    "lone-surrogate": "concept.name: text contains an unpaired surrogate escape",
    "control-in-key": "concept: text contains the control character U+001B",
    "del-in-notes": "notes: text contains the control character U+007F",
    "name-201": "concept.name: text is longer than 200 characters",
    "notes-100001": "notes: text is longer than 100,000 characters",
    "scenario-201": "ledger[1].scenario: text is longer than 200 characters",
    "secondary-abilities-201": "creation.secondary: object has 201 entries; at most 200 are",
    "ledger-20001": "ledger: list has 20,001 items; at most 20,000 are allowed",
    "limits-501": "limits: list has 501 items; at most 500 are allowed",
    "approvals-501": "approvals: list has 501 items; at most 500 are allowed",
    "too-large": "file is 5.0 MB; the limit is 4 MB",
    "rating-99": "creation.attributes.brawn: must be at most 6, got 99",
    "rating-negative": "creation.attributes.brawn: must be at least 0, got -1",
    "secondary-rating-7": "creation.secondary.Lockpicking: must be at most 6, got 7",
    "exp-minus-million": "ledger[1].exp: must be at least -100000, got -1000000",
    "exp-plus-million": "ledger[1].exp: must be at most 100000, got 1000000",
    "date-month-13": f"ledger[1].date: date '2023-13-45' {CALENDAR}",
    "date-words": f"ledger[1].date: date 'yesterday' {CALENDAR}",
    "date-february-30": f"ledger[1].date: date '2023-02-30' {CALENDAR}",
    "date-year-9999": f"ledger[1].date: date 9999-12-31 {TOMORROW}",
    "date-in-two-years": f"ledger[1].date: date {IN_TWO_YEARS} {TOMORROW}",
    "date-with-time": f"ledger[1].date: date '2024-01-05T10:00' {CALENDAR}",
    "name-number": "concept.name: expected text, got 42",
    "ledger-object": "ledger: expected a list, got an object",
    "character-list": "expected an object, got a list",
    "exp-string": "ledger[1].exp: expected an integer, got 'ten'",
    "exp-boolean": "ledger[1].exp: expected an integer, got true",
    "unknown-property": "unexpected field 'wealth'",
    "unknown-entry-type": "ledger[0].type: expected one of 'contract', 'journal',",
    "approvals-not-list": "approvals: expected a list, got 'approved'",
    "missing-character": "missing field 'character'",
    "unknown-format": "format 'harbinger.unknown' is not a Harbinger character file",
    "missing-format": "no 'format' field: not a Harbinger character file",
    "newer-version": "version 2 is newer than this Harbinger (1); update Harbinger to open it",
    "version-string": "version: expected a whole number, got '1'",
    "covenant-newer-version": "written by a newer Harbinger (version 99)",
    "covenant-long-name": "name: text is longer than 200 characters",
    "covenant-character-list": "character: [] is not of type 'object'",
    "covenant-esc-in-name": "name: text contains the control character U+001B",
    "mortal-coil-newer-version": "written by a newer Harbinger (version 99)",
    "mortal-coil-wrong-type": "character.credits: 'lots' is not of type 'integer'",
    "mortal-coil-huge-credits": "1000000000000 is greater than the maximum of 1000000000",
    "crew-unknown-field": "format 'harbinger.mortal-coil-crew' is not a Harbinger character file",
    "coven-empty": "character: missing field 'id'",
    "tiles-bad-moves": "character.moves[0]: 'rm -rf' does not match",
    **{name: said for name, (_data, said) in _EVERY_GAME_REFUSED.items()},
    "contract-id-too-long": ": id: text is longer than 64 characters",
}
"""What each refusal must say (part of the message; every command names the file too)."""


def test_every_hostile_file_has_its_expected_message() -> None:
    assert sorted(MESSAGES) == sorted(REFUSED)


ACCEPTED: dict[str, bytes] = {
    "bom": b"\xef\xbb\xbf" + WREN.read_bytes(),
    "markup-in-name": _wren(_setter("character.concept.name", "<b>Wren</b> <font size=90>&amp;")),
    "crlf": WREN.read_bytes().replace(b"\n", b"\r\n"),
    "name-200": _wren(_setter("character.concept.name", "W" * 200)),
    "rtl-and-emoji": _wren(_setter("character.concept.name", "\u05e8\u05d5\u05ea \U0001f480")),
    "rtl-in-notes": _wren(_setter("character.notes", "a note \u202eeton")),
    "dotted-id": _wren(_setter("character.id", "wren.halloway:2")),
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
    """(exit code, output, CPU seconds) of one command run in this process.

    CPU time, not wall time: on a machine busy with other work the wall clock
    says nothing about this command, while a command stuck laying out a huge
    table burns CPU either way."""
    start = time.process_time()
    code = main(list(argv))
    cpu = time.process_time() - start
    out, err = capsys.readouterr()
    return code, out + err, cpu


def _check_refused(code: int, text: str, cpu: float, path: Path, expected: str = "") -> None:
    assert code == 2, text
    assert path.name in text, text
    assert expected in text, text
    assert "Traceback" not in text and "set_int_max_str_digits" not in text, text
    assert len(text) < 2_000, f"{len(text):,} characters of messages"
    assert cpu < SECONDS


def test_the_suite_has_at_least_60_hostile_files() -> None:
    assert len(REFUSED) + len(ACCEPTED) + len(BLOCKING) >= 60


HEAVY = ("ledger-20001", "too-large", "deep-array", "notes-100001", "huge-integer-digits")
"""The refused files that cost the most to look at, run in a process of their own so
their peak memory can be measured."""


@pytest.mark.parametrize(
    "name",
    # The heavy ones take up to a minute each: the fast loop (-m "not slow") leaves them out.
    [pytest.param(n, marks=pytest.mark.slow) if n in HEAVY else n for n in sorted(REFUSED)],
)
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
        _check_refused(*_run(capsys, "--db", str(db), *argv), path, MESSAGES[name])
    assert not out.exists()
    assert _dump(db) == before


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_an_odd_but_legal_file_is_read_audited_and_printed(
    name: str, library: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _copy(library, tmp_path)
    path = tmp_path / f"{name}.json"
    path.write_bytes(ACCEPTED[name])
    code, text, cpu = _run(capsys, "--db", str(db), "db", "import", str(path))
    assert (code, "Traceback" in text, cpu < SECONDS) == (0, False, True), text
    code, text, cpu = _run(capsys, "--db", str(db), "sheet", "audit", str(path))
    assert code in (0, 1) and "Traceback" not in text and cpu < SECONDS, text
    out = tmp_path / "out.pdf"
    code, text, cpu = _run(capsys, "sheet", "pdf", str(path), "-o", str(out))
    assert (code, out.exists(), cpu < SECONDS) == (0, True, True), text


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


def _grown(tmp_path: Path) -> Path:
    path = tmp_path / "grown.json"
    with path.open("wb") as handle:
        handle.truncate(200 * 1024**2)
    return path


BLOCKING: dict[str, tuple[Callable[[Path], Path], str]] = {
    "fifo": (_fifo, "is a pipe (FIFO), not a file"),
    "fifo-behind-symlink": (_fifo_link, "is a pipe (FIFO), not a file"),
    "folder-named-json": (_folder, "folder"),
    "dev-zero": (lambda _: Path("/dev/zero"), "is a device or socket, not a file"),
    "dev-zero-behind-symlink": (_zero_link, "is a device or socket, not a file"),
    "sparse-1gb": (_sparse, "file is 1024 MB; the limit is 4 MB"),
    "sparse-200mb": (_grown, "file is 200 MB; the limit is 4 MB"),
    "missing": (_missing, "does not exist"),
}
"""Paths a naive reader would hang on, run out of memory on, or crash on, each with
the words its refusal must use."""

HANG_SECONDS = 60.0
"""A command still running after this long is taken to be blocked (and killed)."""


_LAUNCHER = """
import json, os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as f:
    json.dump([os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime,
               usage.ru_maxrss], f)
"""
"""Runs a command and writes its exit code, CPU seconds and peak kB to a file."""


def _run_child(*argv: str) -> tuple[int, str, float, float]:
    """(exit code, output, CPU seconds, peak MB) of one ``harbinger`` run in its own process.

    The command runs as the child of a small launcher, which reaps it with
    ``os.wait4``: that one process's CPU time and peak memory. Measured from
    here directly, the peak would include this test worker's own memory,
    which a forked child counts until it execs (over 300 MB late in a full
    run); ``RUSAGE_CHILDREN`` would report the largest child the worker ever
    had. A command still running after ``HANG_SECONDS`` is killed with its
    launcher and reported as exit -9.
    """
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "usage.json"
        out_path = Path(folder) / "out.txt"
        with out_path.open("wb") as out:
            launcher = subprocess.Popen(
                [sys.executable, "-c", _LAUNCHER, str(report), sys.executable, "-m", "harbinger",
                 *argv],
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                cwd=ROOT,
                start_new_session=True,
            )
            try:
                launcher.wait(timeout=HANG_SECONDS)
            except subprocess.TimeoutExpired:
                os.killpg(launcher.pid, signal.SIGKILL)
                launcher.wait()
        text = out_path.read_text("utf-8", "replace")
        if not report.exists():
            return -9, text, HANG_SECONDS, 0.0
        code, cpu, peak_kb = json.loads(report.read_text("utf-8"))
    return code, text, cpu, peak_kb / 1024  # ru_maxrss is in kB on Linux


COMMANDS: tuple[tuple[str, ...], ...] = (
    ("db", "import"),
    ("sheet", "audit"),
    ("sheet", "show"),
    ("sheet", "pdf"),
    ("gift", "evaluate"),
    ("tmc", "pdf"),
)
"""Every command that reads a file named on the command line."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BLOCKING))
def test_a_path_that_is_not_a_readable_file_never_blocks(
    name: str, library: Path, tmp_path: Path
) -> None:
    db = _copy(library, tmp_path)
    before = _dump(db)
    make, expected = BLOCKING[name]
    path = make(tmp_path)
    out = tmp_path / "out.pdf"
    for command in COMMANDS:
        argv = [*command, str(path)]
        if command[1] == "pdf":
            argv += ["-o", str(out)]
        code, text, cpu, peak_mb = _run_child("--db", str(db), *argv)
        assert code != -9, f"{' '.join(command)} blocked on {name}: {text}"
        _check_refused(code, text, cpu, path, expected)
        assert peak_mb < MEMORY_MB, f"{' '.join(command)}: {peak_mb:.0f} MB"
    assert not out.exists()
    assert _dump(db) == before


@pytest.mark.slow
@pytest.mark.parametrize("name", HEAVY)
def test_the_heaviest_refusals_stay_under_300_mb(name: str, library: Path, tmp_path: Path) -> None:
    db = _copy(library, tmp_path)
    path = tmp_path / f"{name}.json"
    path.write_bytes(REFUSED[name])
    out = tmp_path / "out.pdf"
    for argv in (("db", "import", str(path)), ("sheet", "pdf", str(path), "-o", str(out))):
        code, text, cpu, peak_mb = _run_child("--db", str(db), *argv)
        _check_refused(code, text, cpu, path, MESSAGES[name])
        assert peak_mb < MEMORY_MB, f"{argv[:2]}: {peak_mb:.0f} MB"
    assert not out.exists()
