"""``harbinger sheet pdf``: the printed sheet, gift cards, a blank sheet, or a whole roster.

    harbinger sheet pdf FILE -o OUT.pdf [--paper letter|a4]
    harbinger sheet pdf FILE --cards -o CARDS.pdf
    harbinger sheet pdf --blank -o BLANK.pdf
    harbinger sheet pdf FILE|DIR... -o OUT_DIR          (one PDF per character)
    harbinger sheet pdf FILE|DIR... -o ALL.pdf --combined
    harbinger [--db PATH|URL] sheet pdf --roster -o OUT_DIR   (every character in the library)

Every number printed comes from ``builder`` through ``printing.contract.snapshot``; this
module only reads the input and picks the renderer.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harbinger.commands.base import CliError, add_json_flag, emit

PAPERS = ("letter", "a4")


def add_pdf(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``sheet pdf``."""
    parser = commands.add_parser(
        "pdf",
        help="print character files (or the library's roster) to PDF",
        description="Print a character file as a PDF sheet, its Gifts as cards, a blank "
        "sheet, or many characters at once.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="character files or folders")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="PDF file or folder")
    parser.add_argument("--paper", default="letter", type=str.lower, choices=PAPERS)
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--cards", action="store_true", help="print Gift cards instead of the sheet")
    what.add_argument("--blank", action="store_true", help="print a blank sheet for pencil play")
    what.add_argument("--roster", action="store_true", help="print every character in the library")
    parser.add_argument(
        "--combined", action="store_true", help="with several characters, write one PDF file"
    )
    add_json_flag(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.output)
    if args.blank:
        if args.files:
            raise CliError("--blank prints an empty sheet and takes no FILE")
        from printing.contract.blank import render_blank_sheet

        pages = render_blank_sheet(out, args.paper)
        return _done(args, [{"path": str(out), "pages": pages, "kind": "blank"}])

    characters = _roster_characters(args) if args.roster else _file_characters(args.files)
    if not characters:
        raise CliError("nothing to print: give a character FILE, a folder, --roster or --blank")

    if args.cards:
        if len(characters) != 1:
            raise CliError("--cards prints one character's Gifts; give exactly one FILE")
        from printing.contract.cards import render_gift_cards

        pages = render_gift_cards(_snapshot(characters[0][1]), out, args.paper)
        return _done(args, [{"path": str(out), "pages": pages, "kind": "cards"}])

    single = len(characters) == 1 and out.suffix.lower() == ".pdf" and not args.roster
    if single:
        label, character = characters[0]
        pages = _render_one(character, out, args.paper)
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
    """(label, character value) for each file; a folder contributes its ``*.json`` files."""
    from builder.contract.file import CharacterFileError, document_from_data, parse_document
    from builder.covenant.file import FORMAT as COVENANT_FORMAT
    from builder.covenant.file import CovenantFileError, from_document

    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(path.glob("*.json")))
        else:
            files.append(path)
    characters: list[tuple[str, Any]] = []
    for path in files:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CliError(f"{path}: cannot read it: {exc.strerror or exc}") from None
        try:
            document = parse_document(raw)
            if isinstance(document, dict) and document.get("format") == COVENANT_FORMAT:
                character: Any = from_document(document).character
            else:
                character = document_from_data(document).contractor
        except (CharacterFileError, CovenantFileError) as exc:
            raise CliError(f"{path}: {exc}") from None
        characters.append((str(path), character))
    return characters


def _roster_characters(args: argparse.Namespace) -> list[tuple[str, Any]]:
    from harbinger.paths import library_url
    from models.library import Library, LibraryError

    try:
        with Library.open(library_url(args.db)) as library:
            return [(entry.name, library.load(entry.id)) for entry in library.roster()]
    except LibraryError as exc:
        raise CliError(f"library: {exc}") from None


# --------------------------------------------------------------------------- rendering


def _is_covenant(character: Any) -> bool:
    from builder.covenant.character import CovenantCharacter

    return isinstance(character, CovenantCharacter)


def _snapshot(character: Any) -> Any:
    if _is_covenant(character):
        raise CliError("Gift cards are for contractors; Covenant characters have no Gifts")
    from printing.contract.snapshot import print_snapshot

    return print_snapshot(character)


def _render_one(character: Any, out: Path, paper: str) -> int:
    if _is_covenant(character):
        from printing.covenant.sheet import render_covenant_sheet

        return int(render_covenant_sheet(character, out, paper))
    from printing.contract.sheet import render_contractor_sheet

    return render_contractor_sheet(_snapshot(character), out, paper)


def _render_many(args: argparse.Namespace, characters: list[tuple[str, Any]], out: Path) -> int:
    from printing.contract.batch import render_roster

    contractors = [c for _label, c in characters if not _is_covenant(c)]
    covenant = [c for _label, c in characters if _is_covenant(c)]

    def progress(done: int, total: int) -> None:
        if not args.json and total:
            print(f"\r{done}/{total} sheets", end="" if done < total else "\n", file=sys.stderr)

    combined = args.combined or out.suffix.lower() == ".pdf"
    if covenant and combined:
        raise CliError("Covenant characters print one file each; give a folder as -o")
    paths = render_roster(
        [_snapshot(c) for c in contractors], out, args.paper, progress, combined=combined
    )
    written = [{"path": str(p)} for p in paths]
    for character in covenant:
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"covenant-{character.id}.pdf"
        _render_one(character, path, args.paper)
        written.append({"path": str(path)})
    return _done(args, written)
