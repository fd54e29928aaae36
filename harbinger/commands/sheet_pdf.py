"""``harbinger sheet pdf``: the printed sheet, cards, a blank sheet, or a whole roster.

    harbinger sheet pdf FILE -o OUT.pdf [--paper letter|a4] [--compact]
    harbinger sheet pdf FILE --cards -o CARDS.pdf
    harbinger sheet pdf --blank [--system ID] -o BLANK.pdf
    harbinger sheet pdf FILE|DIR... -o OUT_DIR          (one PDF per character)
    harbinger sheet pdf FILE|DIR... -o ALL.pdf --combined
    harbinger [--db PATH|URL] sheet pdf --roster -o OUT_DIR   (every character in the library)

``--compact`` prints the short sheet for the table (a contractor on two pages;
Gifts in short form, their full System Text on the Gift cards) instead of the
full sheet. Many sheets into a folder are printed on every core (``--jobs N``
to choose how many worker processes; 1 prints in this process).

Every number printed comes from ``builder``; this module only reads the input and
asks ``printing.systems`` for the printer of each character's game (found through
``builder.core.registry``), so it names no game. A game without a printer, or
without cards or a blank sheet, is refused with a message (exit 2).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harbinger.commands.base import CliError, add_json_flag, emit

PAPERS = ("letter", "a4")


def add_pdf(commands: argparse._SubParsersAction) -> None:
    """Register ``sheet pdf``."""
    parser = commands.add_parser(
        "pdf",
        help="print character files (or the library's roster) to PDF",
        description="Print a character file of any game as a PDF sheet, its cards (for games "
        "that have them), a blank sheet, or many characters at once.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="character files or folders")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="PDF file or folder")
    parser.add_argument("--paper", default="letter", type=str.lower, choices=PAPERS)
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--cards", action="store_true", help="print the character's cards instead of the sheet"
    )
    what.add_argument("--blank", action="store_true", help="print a blank sheet for pencil play")
    what.add_argument("--roster", action="store_true", help="print every character in the library")
    parser.add_argument(
        "--system",
        metavar="ID",
        help="with --blank: the game whose blank sheet to print (needed when several have one)",
    )
    parser.add_argument(
        "--combined", action="store_true", help="with several characters, write one PDF file"
    )
    parser.add_argument(
        "--compact",
        action="store_true",
        help="print the short sheet for the table (two pages) instead of the full sheet",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="worker processes for many sheets into a folder (default: every core)",
    )
    add_json_flag(parser)
    parser.set_defaults(func=run)


def _jobs(text: str) -> int:
    """``--jobs``: a whole number of worker processes, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs takes a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"--jobs needs at least 1 worker, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    """Print what was asked; a game that cannot print it is a CliError (exit 2)."""
    from printing.systems import NoPrinter

    try:
        return _run(args)
    except NoPrinter as exc:
        raise CliError(str(exc)) from None


def _run(args: argparse.Namespace) -> int:
    from printing import systems

    out = Path(args.output)
    if args.system is not None and not args.blank:
        raise CliError("--system chooses the game of a blank sheet; use it with --blank")
    if args.compact and (args.blank or args.cards):
        raise CliError(
            "--compact chooses the short sheet; it goes with neither --cards nor --blank"
        )
    if args.blank:
        if args.files:
            raise CliError("--blank prints an empty sheet and takes no FILE")
        pages = systems.print_blank(args.system, out, args.paper)
        return _done(args, [{"path": str(out), "pages": pages, "kind": "blank"}])

    characters = _roster_characters(args) if args.roster else _file_characters(args.files)
    if not characters:
        raise CliError("nothing to print: give a character FILE, a folder, --roster or --blank")

    if args.cards:
        if len(characters) != 1:
            raise CliError("--cards prints one character's cards; give exactly one FILE")
        pages = systems.print_cards(characters[0][1], out, args.paper)
        return _done(args, [{"path": str(out), "pages": pages, "kind": "cards"}])

    single = len(characters) == 1 and out.suffix.lower() == ".pdf" and not args.roster
    if single:
        label, character = characters[0]
        pages = systems.print_sheet(character, out, args.paper, compact=args.compact)
        return _done(args, [{"path": str(out), "pages": pages, "source": label}])
    return _render_many(args, characters, out)


def _done(args: argparse.Namespace, written: list[dict[str, Any]]) -> int:
    lines = [
        f"wrote {w['path']}" + (f" ({_pages(w['pages'])})" if "pages" in w else "") for w in written
    ]
    emit(args, {"written": written}, "\n".join(lines))
    return 0


def _pages(n: int) -> str:
    return "1 page" if n == 1 else f"{n} pages"


# --------------------------------------------------------------------------- inputs


def _file_characters(paths: list[str]) -> list[tuple[str, Any]]:
    """(label, character value) for each file; a folder contributes its ``*.json`` files.

    Each file is parsed as hostile input and read by the game system its ``format``
    names (``builder.core.registry``).
    """
    from builder.core.registry import FileFormatError, load_document, read_document

    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(path.glob("*.json"))
            if not found:
                raise CliError(f"{path}: the folder holds no .json files")
            files.extend(found)
        else:
            files.append(path)
    characters: list[tuple[str, Any]] = []
    for path in files:
        try:
            character = read_document(load_document(path)).character
        except FileFormatError as exc:
            raise CliError(f"{path}: {exc}") from None
        characters.append((str(path), character))
    return characters


def _roster_characters(args: argparse.Namespace) -> list[tuple[str, Any]]:
    from harbinger.shell.paths import library_url
    from models.library import Library, LibraryError

    try:
        with Library.open(library_url(args.db)) as library:
            return [(entry.name, library.load(entry.id)) for entry in library.roster()]
    except LibraryError as exc:
        raise CliError(f"library: {exc}") from None


# --------------------------------------------------------------------------- rendering


def _render_many(args: argparse.Namespace, characters: list[tuple[str, Any]], out: Path) -> int:
    from printing.systems import render_roster

    live = bool(getattr(sys.stderr, "isatty", lambda: False)())

    def progress(done: int, total: int) -> None:
        """How far printing is, on stderr: one line rewritten in place on a terminal; to a
        log or a pipe, a plain line every twentieth of the sheets and at the end."""
        if args.json or not total:
            return
        if live:
            print(f"\r{done}/{total} sheets", end="" if done < total else "\n", file=sys.stderr)
        elif done == total or done % max(1, total // 20) == 0:
            print(f"{done}/{total} sheets", file=sys.stderr, flush=True)

    combined = args.combined or out.suffix.lower() == ".pdf"
    paths = render_roster(
        [character for _label, character in characters],
        out,
        args.paper,
        progress,
        combined=combined,
        jobs=args.jobs,
        compact=args.compact,
    )
    return _done(args, [{"path": str(p)} for p in paths])
