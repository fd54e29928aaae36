"""What every headless subcommand shares: ``--json``, output, and input errors."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from builder.core import files

EXIT_BAD_INPUT = 2
EXIT_CHECK_FAILED = 1

MAX_INPUT_BYTES = files.MAX_FILE_BYTES
"""Largest JSON file a command reads: a character or gift file is a few kB."""


class CliError(Exception):
    """A problem with what the user asked for; printed to stderr, exits non-zero."""

    def __init__(self, message: str, exit_code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def wanted(action: str | None, name: str) -> bool:
    """Whether a command's ``register`` adds the parser of its action ``name``.

    ``action`` is the action a run names (``contractor gift`` names ``gift``), or None
    for every action (help, a mistyped action, the tests that compare parsers): a run
    needs only the parser of its own action, and The Contract's fifty cost some 45 ms
    of CPU to build. A register function adds exactly the parsers this lets through;
    nothing stands in for the others.
    """
    return action is None or action == name


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` flag every subcommand takes."""
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def whole_number(text: object, what: str, low: int, high: int) -> int:
    """``text`` given on the command line as a whole number in [low, high].

    Raises CliError (exit 2) naming ``what`` (the argument or flag) and the range,
    so every command says the same thing about a number it cannot use.
    """
    try:
        value = int(str(text).strip())
    except ValueError:
        raise CliError(
            f"{what} must be a whole number from {low} to {high}, not {text!r}"
        ) from None
    if not low <= value <= high:
        raise CliError(f"{what} must be from {low} to {high}, not {value}")
    return value


def emit(args: argparse.Namespace, document: Any, text: str | Callable[[], str]) -> None:
    """Print ``document`` as JSON when ``--json`` was given, else the human ``text``."""
    if getattr(args, "json", False):
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write((text() if callable(text) else text).rstrip("\n") + "\n")


def read_json_file(path: str | Path, what: str = "file") -> Any:
    """Parse a JSON file given on the command line through the one safe reader.

    ``builder.core.files.load_json``: regular files only (a FIFO or device never
    blocks), size from ``stat`` before reading, duplicate keys, NaN, control
    characters and deep nesting refused. Raises CliError (exit 2) naming the file
    and what is wrong (for syntax errors, the line and column).
    """
    try:
        return files.load_json(path, limit=MAX_INPUT_BYTES)
    except files.UnreadableFile as exc:
        raise CliError(f"{what} {path}: {exc}") from None


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """``text`` with every control character but newline and tab shown as ``\\uXXXX``.

    A name with ESC, BEL or CR in it cannot move a leader's cursor, recolour the
    terminal or hide a line; inside JSON strings the same form is a valid escape.
    """
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class _VisibleStream:
    """A text stream that writes through ``visible``; everything else goes to the real one."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return int(self._stream.write(visible(text)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def terminal_safe_output() -> Iterator[None]:
    """While a command runs, what it prints on stdout and stderr shows control characters."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _VisibleStream(out), _VisibleStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
