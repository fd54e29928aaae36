"""The one safe reader of character files: bytes from outside become checked JSON data.

Every file Harbinger opens (a contractor, a Covenant character, a file under
review) is hostile input (SPEC §5). This module reads it the same way for every
game system, and never evaluates anything:

1. **Only regular files, size first.** A path is ``stat``-ed before it is
   opened; a folder, FIFO, device or socket is refused by its kind, and a file
   over the limit by its size, without reading a byte. The file is then opened
   with ``O_NONBLOCK`` (so a path swapped for a FIFO in between cannot hang the
   app), checked again with ``fstat``, and at most ``limit + 1`` bytes are read,
   so a file that grew meanwhile is still refused as too large.
2. **UTF-8 JSON only.** A UTF-8 byte order mark is tolerated (some Windows
   editors write one); any other encoding, malformed JSON, a duplicate key in
   one object, ``NaN``/``Infinity`` (or a number too large to be finite) and
   nesting deeper than ``MAX_DEPTH`` are refused.
3. **Storable, harmless text.** Every string (keys too) is refused when it holds
   a NUL or an unpaired surrogate (neither can be stored portably) or any other
   control character except tab, line feed and carriage return (C0, DEL, C1:
   ESC and friends can rewrite a terminal when a name is printed by the CLI,
   BEL rings it). Such text is *refused*, not cleaned: cleaning would change the
   values a leader approved, and a digest over them.
4. **Schema.** Each system checks the document against its JSON Schema (Draft
   2020-12); the helpers here word a problem for a player and name its place
   ("ledger[4].exp: expected an integer, got 'ten'").

Every refusal is an ``UnreadableFile`` (a ``FileFormatError``) with a ``kind``
and the details a system needs to word it in its own messages.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from datetime import date, timedelta
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema itself is imported when a schema is first used:
    # 8 MB and a quarter of a second a process that reads no file (the desktop
    # app opening its library, issue 29) does not pay.
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

from builder.core import quick_json
from builder.core.registry import FileFormatError
from builder.core.schema_words import describe, explain

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest character file accepted: a long-lived character is tens of kB."""

MAX_DEPTH = 32
"""Deepest JSON nesting accepted; the formats need under ten levels."""

MAX_DIGITS = 100
"""Most digits in one integer literal; every number a game stores has far fewer, and
Python refuses (with a hint meant for programmers) to convert more than 4,300."""

Source = str | os.PathLike[str] | bytes | bytearray | memoryview
"""A file to read: its path, or its bytes already in memory."""


class Refusal(StrEnum):
    """Why a file was refused, for systems that word the message themselves."""

    NOT_FOUND = "not_found"
    NOT_A_FILE = "not_a_file"  # a folder, FIFO, device or socket
    UNREADABLE = "unreadable"  # permission denied, I/O error
    TOO_LARGE = "too_large"
    NOT_UTF8 = "not_utf8"
    EMPTY = "empty"
    NOT_JSON = "not_json"
    DUPLICATE_KEY = "duplicate_key"
    NOT_A_NUMBER = "not_a_number"  # NaN, Infinity, -Infinity
    NOT_FINITE = "not_finite"  # a number literal too large for a float, or too many digits
    TOO_DEEP = "too_deep"
    BAD_TEXT = "bad_text"  # NUL, unpaired surrogate, control character
    BAD_DATE = "bad_date"  # not a calendar date, or after tomorrow


class UnreadableFile(FileFormatError):
    """A file refused before any game system looked at it.

    ``problem`` and ``where`` are a ready message (``where`` is the full JSON
    path, "character.notes"); ``kind`` says why and ``detail`` holds its values
    (``size``, ``limit``, ``path``, ``offset``, ``key``, ``constant``...) so a
    system can keep its own wording.
    """

    def __init__(self, kind: Refusal, problem: str, where: str = "", **detail: Any) -> None:
        super().__init__(problem, where)
        self.kind = kind
        self.detail = detail


class CharacterFileError(FileFormatError):
    """A file that is not a readable character file, of any game system.

    ``where`` is the path inside the character ("ledger[4].exp", "" for the
    file as a whole) and ``problem`` says what is wrong there; ``str()`` joins
    them. ``source`` names the file when the caller knows it (set by
    importers of several files); it is not part of ``str()``.
    """


def parse_document(raw: bytes) -> Any:
    """Bytes of any game's character file → JSON data, or CharacterFileError.

    The checks are ``parse_json``'s (oversize, non-UTF-8, non-JSON, too deep,
    unstorable text); the refusal's place is shown as inside the character.
    """
    try:
        return parse_json(raw, limit=MAX_FILE_BYTES, max_depth=MAX_DEPTH)
    except UnreadableFile as exc:
        raise refusal(exc) from None


def refusal(exc: UnreadableFile) -> CharacterFileError:
    """A core refusal as a CharacterFileError, its place shown as in the character."""
    return CharacterFileError(exc.problem, inside_character(exc.where))


def inside_character(where: str) -> str:
    """A document path as messages show it: paths in the character drop the ``character`` prefix."""
    if where == "character":
        return ""
    if where.startswith("character.") or where.startswith("character["):
        return where[len("character") :].lstrip(".")
    return where


# --------------------------------------------------------------------------- bytes


def read_limited(source: Source, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a file (or the given bytes), never reading more than ``limit + 1``.

    A path must name a regular file no larger than ``limit``; anything else is
    refused before it is opened for reading. Bytes given directly are returned
    as they are (``parse_json`` checks their size).
    """
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source)
    path = Path(source)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise UnreadableFile(Refusal.NOT_FOUND, f"{path} does not exist", path=path) from None
    except OSError as exc:
        raise _unreadable(path, exc) from None
    _check_kind(path, info, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_NOCTTY", 0))
    except IsADirectoryError:
        raise _not_a_file(path, "a folder") from None
    except OSError as exc:
        raise _unreadable(path, exc) from None
    try:
        _check_kind(path, os.fstat(fd), limit)  # the path may have been replaced since stat()
        chunks: list[bytes] = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        if remaining <= 0:  # it grew past the limit after stat(): say its size now
            raise too_large(max(os.fstat(fd).st_size, limit + 1), limit, path=path)
        return b"".join(chunks)
    except OSError as exc:
        raise _unreadable(path, exc) from None
    finally:
        os.close(fd)


def _check_kind(path: Path, info: os.stat_result, limit: int) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise _not_a_file(path, "a folder")
    if not stat.S_ISREG(mode):
        kind = "a pipe (FIFO)" if stat.S_ISFIFO(mode) else "a device or socket"
        raise _not_a_file(path, kind)
    if info.st_size > limit:
        raise too_large(info.st_size, limit, path=path)


def _not_a_file(path: Path, kind: str) -> UnreadableFile:
    text = (
        f"{path} is a folder, not a file" if kind == "a folder" else f"{path} is {kind}, not a file"
    )
    return UnreadableFile(Refusal.NOT_A_FILE, text, path=path, what=kind)


def _unreadable(path: Path, exc: OSError) -> UnreadableFile:
    reason = exc.strerror or str(exc)
    return UnreadableFile(
        Refusal.UNREADABLE, f"cannot read {path}: {reason}", path=path, reason=reason
    )


def too_large(size: int, limit: int, path: Path | None = None) -> UnreadableFile:
    """The refusal of a file of ``size`` bytes over ``limit``."""
    return UnreadableFile(
        Refusal.TOO_LARGE,
        f"file is {megabytes(size)}; the limit is {megabytes(limit)}",
        size=size,
        limit=limit,
        path=path,
    )


def megabytes(n: int) -> str:
    """A byte count for messages: '4 MB', '4.0 MB' (just over), '12 MB'."""
    mb = n / (1024 * 1024)
    if mb >= 10 or mb == int(mb):
        return f"{mb:.0f} MB"
    return f"{mb:.1f} MB"


# --------------------------------------------------------------------------- JSON


def load_json(source: Source, *, limit: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """A file's JSON data after every check but the schema: ``read_limited``, ``parse_json``."""
    return parse_json(read_limited(source, limit), limit=limit, max_depth=max_depth)


def parse_json(raw: bytes, *, limit: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Bytes → JSON data: size, UTF-8 (BOM allowed), JSON, duplicate keys, numbers, depth, text."""
    if len(raw) > limit:
        raise too_large(len(raw), limit)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(
            Refusal.NOT_UTF8,
            f"file is not UTF-8 text (bad byte at offset {exc.start})",
            offset=exc.start,
        ) from None
    if not text.strip():
        raise UnreadableFile(Refusal.EMPTY, "file is empty")
    quick = quick_json.DOUBTFUL  # the common, clean file is parsed the quick way
    if quick_json.plain_text(raw):
        quick = quick_json.parse(raw, max_depth, MAX_DIGITS)
    return _careful_parse(text, max_depth) if quick is quick_json.DOUBTFUL else quick


def _careful_parse(text: str, max_depth: int) -> Any:
    """``parse_json`` the long way: every check as the data is built, each refusal worded."""
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=_bounded_int,
        )
    except UnreadableFile:
        raise
    except json.JSONDecodeError as exc:
        # "Unterminated string starting at" names a place itself: no second "at"
        reason = f"{exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"
        raise UnreadableFile(
            Refusal.NOT_JSON, f"file is not valid JSON: {reason}", reason=reason
        ) from None
    except RecursionError:
        raise _too_deep("", max_depth) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise UnreadableFile(
            Refusal.NOT_JSON, f"file is not valid JSON: {exc}", reason=str(exc)
        ) from None
    check_values(data, max_depth)
    return data


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise UnreadableFile(
                Refusal.DUPLICATE_KEY, f"the key {key!r} appears twice in one object", key=key
            )
        seen.add(key)
    raise AssertionError("a shorter dict without a repeated key")  # pragma: no cover


def _bounded_int(literal: str) -> int:
    """An integer literal as a number, refusing one with more than ``MAX_DIGITS`` digits."""
    digits = len(literal.lstrip("-"))
    if digits > MAX_DIGITS:
        raise UnreadableFile(
            Refusal.NOT_FINITE,
            f"file holds a number {digits:,} digits long; numbers here have at most "
            f"{MAX_DIGITS} digits",
            digits=digits,
        )
    return int(literal)


def _no_constant(name: str) -> Any:
    raise UnreadableFile(
        Refusal.NOT_A_NUMBER, f"file is not valid JSON: {name} is not a JSON value", constant=name
    )


def _too_deep(where: str, max_depth: int) -> UnreadableFile:
    if where:
        return UnreadableFile(Refusal.TOO_DEEP, f"nested deeper than {max_depth} levels", where)
    return UnreadableFile(Refusal.TOO_DEEP, f"file is nested deeper than {max_depth} levels")


def check_values(data: Any, max_depth: int = MAX_DEPTH) -> None:
    """Walk parsed data without recursion: nesting depth, finite numbers, storable text.

    Also what a system runs on values it is about to write, so that whatever
    it stores can be read back. Data that passes (nearly all) is seen in one
    quick pass (``_plainly_fine``); only data with a problem is walked again
    to name its place.
    """
    if not _plainly_fine(data, max_depth):
        _walk(data, max_depth)


def _walk(data: Any, max_depth: int) -> None:
    """``check_values`` the long way: depth first, raising at the first problem with its place."""
    stack: list[tuple[Any, str, int]] = [(data, "", 1)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, dict | list) and depth > max_depth:
            raise _too_deep(where, max_depth)
        if isinstance(value, dict):
            for key, item in value.items():
                check_text(key, where)
                stack.append((item, child_path(where, key), depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            check_text(value, where)
        elif isinstance(value, float) and not math.isfinite(value):
            raise UnreadableFile(Refusal.NOT_FINITE, "number is too large or not a number", where)


def _plainly_fine(data: Any, max_depth: int) -> bool:
    """True when ``check_values`` certainly passes: one pass level by level, no paths.

    Every key and string is searched at once, joined; False sends the data to
    the full walk, which names the first problem (or passes, for a false alarm).
    """
    texts: list[str] = []
    level = [data]
    depth = 1
    while level:
        below: list[Any] = []
        for value in level:
            if isinstance(value, dict):
                if depth > max_depth:
                    return False
                texts.extend(value)
                below.extend(value.values())
            elif isinstance(value, list):
                if depth > max_depth:
                    return False
                below.extend(value)
            elif isinstance(value, str):
                texts.append(value)
            elif isinstance(value, float) and not math.isfinite(value):
                return False
        level = below
        depth += 1
    try:
        return _REFUSED_TEXT.search("\n".join(texts)) is None
    except TypeError:  # a key that is not text: the full walk says what it says
        return False


_REFUSED_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""NUL, the C0 controls but tab/LF/CR, DEL, the C1 controls, and surrogates (unpaired after
``json.loads``, which joins escaped pairs)."""


def check_text(text: str, where: str = "") -> None:
    """Refuse text with a NUL, an unpaired surrogate or a control character other than \\t\\n\\r."""
    found = _REFUSED_TEXT.search(text)
    if found is None:
        return
    char = found.group()
    if char == "\x00":
        problem = "text contains a NUL character"
    elif "\ud800" <= char <= "\udfff":
        problem = "text contains an unpaired surrogate escape (not valid Unicode)"
    else:
        problem = f"text contains the control character U+{ord(char):04X}"
    raise UnreadableFile(Refusal.BAD_TEXT, problem, where, char=char)


# --------------------------------------------------------------------------- dates


_ISO_DATE = re.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}")


def latest_date(today: date | None = None) -> date:
    """The latest date a record may carry: tomorrow (a table across time zones)."""
    return (today or date.today()) + timedelta(days=1)


def check_date(text: str, where: str = "", *, today: date | None = None) -> None:
    """Refuse a date that is not a real calendar date ``YYYY-MM-DD`` or lies after tomorrow.

    What a game records happened at the table: a session's date can be today
    or, across time zones, tomorrow, never later (issue 13: ``9999-12-31`` was
    stored). An empty text is no date and passes. ``today`` is for tests.
    """
    if text == "":
        return
    try:
        if _ISO_DATE.fullmatch(text) is None:
            raise ValueError(text)
        value = date.fromisoformat(text)
    except ValueError:
        raise UnreadableFile(
            Refusal.BAD_DATE,
            f"date {describe(text)} is not a calendar date written YYYY-MM-DD",
            where,
            value=text,
        ) from None
    tomorrow = latest_date(today)
    if value > tomorrow:
        raise UnreadableFile(
            Refusal.BAD_DATE,
            f"date {text} is after tomorrow ({tomorrow.isoformat()})",
            where,
            value=text,
        )


# --------------------------------------------------------------------------- places


def child_path(where: str, key: str) -> str:
    """The path of ``key`` inside the object at ``where``: ``a.b``, or ``a["odd key"]``."""
    if key.isidentifier():
        return f"{where}.{key}" if where else key
    return f"{where}[{json.dumps(key, ensure_ascii=False)}]"


def json_path(parts: Any) -> str:
    """A JSON path like ``character.ledger[4].exp`` from its parts (keys and indexes)."""
    text = ""
    for part in parts:
        text = f"{text}[{part}]" if isinstance(part, int) else child_path(text, str(part))
    return text


# --------------------------------------------------------------------------- schema


@cache
def load_schema(path: Path) -> dict[str, Any]:
    """A shipped JSON Schema, checked to be valid Draft 2020-12 (loaded once per path)."""
    from jsonschema import Draft202012Validator

    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return schema


def strict_validator(schema: dict[str, Any]) -> Draft202012Validator:
    """A Draft 2020-12 validator for which only whole-number literals are integers.

    JSON Schema counts 1.0 as an integer; character files never hold
    fractions, so the values read back are exactly what was written.
    """
    import jsonschema
    from jsonschema import Draft202012Validator

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    strict = jsonschema.validators.extend(Draft202012Validator, type_checker=checker)
    validator: Draft202012Validator = strict(schema)
    return validator


def leaves(error: ValidationError) -> list[ValidationError]:
    """The errors a person can act on: the innermost ones under allOf/if-then wrappers."""
    if error.context:
        return [leaf for sub in error.context for leaf in leaves(sub)]
    return [error]


def document_order(document: Any, path: Any) -> tuple[int, ...]:
    """Sort key putting a path where it appears in the file (object keys in their file order)."""
    key: list[int] = []
    node = document
    for part in path:
        if isinstance(node, dict) and part in node:
            key.append(list(node).index(part))
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            key.append(part)
            node = node[part]
        else:
            break
    return tuple(key)


def schema_problems(
    validator: Draft202012Validator, document: Any, *, limit: int = 50
) -> list[tuple[tuple[Any, ...], str]]:
    """(path, explanation) of the schema problems of a document, in the order of the file."""
    problems: list[tuple[tuple[Any, ...], str]] = []
    for error in validator.iter_errors(document):
        problems.extend((tuple(leaf.absolute_path), explain(leaf)) for leaf in leaves(error))
        if len(problems) > limit:
            break
    problems.sort(key=lambda problem: document_order(document, problem[0]))
    return problems


def summarize(problems: list[tuple[str, str]], max_reported: int = 3) -> tuple[str, str]:
    """(where, message) for a list of (where, problem): the first, a few others, a count.

    "expected an integer, got 'ten'; also gifts[0].id: ...; and 4 more problems"
    at the first problem's place; repeated pairs are listed once.
    """
    seen: list[tuple[str, str]] = []
    for pair in problems:
        if pair not in seen:
            seen.append(pair)
    first_where, text = seen[0]
    others = [f"{w}: {p}" if w else p for w, p in seen[1:max_reported]]
    if others:
        text += "; also " + "; ".join(others)
    more = len(seen) - max_reported
    if more > 0:
        text += f"; and {more} more problem{'s' if more != 1 else ''}"
    return first_where, text
