"""Printing many sheets at once, of any game: one PDF per character, or one combined PDF.

Each game's printer hands over a :class:`RosterSheet` per character: its name
(for the file name and the PDF bookmark), how to print it alone, and its story
of flowables for a combined file. This module names no game.

The app runs a roster on a worker thread and shows ``progress(done, total)``;
the callback may raise to stop the batch (files already written are kept).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from reportlab.platypus import Flowable, PageBreak

from printing.common.layout import Output, Paper, build, frame_width, make_document, paper_size
from printing.common.sections import sheet_styles
from printing.common.text import one_line, para

Progress = Callable[[int, int], None]
"""Called with (sheets done, sheets in total)."""


class SheetStory(Protocol):
    """A sheet's flowables for a shared file: ``width`` wide, pages counted under ``key``."""

    def __call__(
        self, width: float, *, key: str, outline: bool, on_start: Callable[[], None] | None
    ) -> list[Flowable]: ...


@dataclass(frozen=True, slots=True)
class RosterSheet:
    """One character's sheet as a roster prints it, whatever the game.

    ``name`` names the file and the bookmark; ``ident`` tells two characters
    of the same name apart; ``noun`` is the file name when the name leaves
    nothing usable ("contractor"). ``render(out, paper)`` prints the sheet
    alone and returns its page count; ``story`` gives its flowables for a
    combined file.
    """

    name: str
    ident: str
    noun: str
    render: Callable[[Output, Paper], int]
    story: SheetStory


_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]+')
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10))}
_RESERVED |= {f"LPT{i}" for i in range(1, 10)}
MAX_STEM = 80


def safe_stem(text: str, fallback: str = "character") -> str:
    """A file name stem from a character's name that is legal on Windows, macOS and Linux.

    Separators and reserved characters become "_", leading dots and trailing
    dots or spaces go (a name cannot hide a file or climb out of the folder),
    and reserved device names get a "_" prefix.
    """
    stem = _UNSAFE.sub("_", one_line(text)).strip().lstrip(".").rstrip(". ")
    stem = stem[:MAX_STEM].rstrip(". ")
    if not stem or set(stem) <= {"_"}:
        stem = fallback
    if stem.split(".")[0].upper() in _RESERVED:
        stem = "_" + stem
    return stem


def sheet_paths(sheets: Sequence[RosterSheet], folder: Path) -> list[Path]:
    """One distinct ``.pdf`` path per sheet in ``folder``, named after the character.

    Two characters with the same name are told apart by their id, then by a counter;
    a name already used in the folder (a file, a folder or a link) is passed over the
    same way, so printing never replaces what it did not just write (issue 27).
    """
    taken: set[str] = set()
    paths: list[Path] = []
    for sheet in sheets:
        stem = safe_stem(sheet.name, sheet.noun)
        candidate = stem
        if candidate.casefold() in taken:
            candidate = f"{stem} ({safe_stem(sheet.ident, 'id')})"
        n = 2
        base = candidate
        while candidate.casefold() in taken or os.path.lexists(folder / f"{candidate}.pdf"):
            candidate = f"{base} {n}"
            n += 1
        taken.add(candidate.casefold())
        paths.append(folder / f"{candidate}.pdf")
    return paths


def _write_sheet(sheet: RosterSheet, path: Path, paper: Paper) -> None:
    # Write beside the target and rename, so a failure never leaves half a PDF
    # under the real name.
    part = path.with_name(path.name + ".part")
    try:
        sheet.render(part, paper)
        place_new(part, path)
    finally:
        part.unlink(missing_ok=True)


def place_new(part: Path, path: Path) -> None:
    """Give a finished ``part`` file the name ``path`` without replacing anything there.

    A hard link never replaces (FileExistsError if the name was taken since
    ``sheet_paths`` chose it); where links are not supported, a plain rename.
    """
    try:
        os.link(part, path)
    except FileExistsError:
        raise
    except OSError:
        os.replace(part, path)
    else:
        part.unlink()


@dataclass(frozen=True, slots=True)
class RosterTitle:
    """What a combined roster file says of itself: PDF title and subject, and the one
    line printed when there is nobody to print."""

    title: str = "Roster"
    subject: str = "Harbinger: character sheets"
    empty: str = "No characters to print."


def render_sheets(
    sheets: Iterable[RosterSheet],
    out: str | Path,
    paper: Paper = "letter",
    progress: Progress | None = None,
    *,
    combined: bool | None = None,
    title: RosterTitle | None = None,
) -> list[Path]:
    """Print the sheets of a roster; returns the paths written.

    ``out`` ending in ``.pdf`` (or ``combined=True``) writes one file holding
    every sheet, each starting on a new page with its own running header,
    its own "Page N of M" and a PDF bookmark; ``title`` says what that file
    is (default: a Harbinger roster). Otherwise ``out`` is a folder (created
    if missing) that receives one file per character.
    """
    paper_size(paper)  # refuse a bad paper name before any work is done
    items = list(sheets)
    target = Path(out)
    if combined is None:
        combined = target.suffix.lower() == ".pdf"
    total = len(items)
    if combined:
        return [_render_combined(items, target, paper, progress, title or RosterTitle())]
    target.mkdir(parents=True, exist_ok=True)
    paths = sheet_paths(items, target)
    if progress is not None:
        progress(0, total)
    for done, (sheet, path) in enumerate(zip(items, paths, strict=True), start=1):
        _write_sheet(sheet, path, paper)
        if progress is not None:
            progress(done, total)
    return paths


def _render_combined(
    sheets: list[RosterSheet],
    path: Path,
    paper: Paper,
    progress: Progress | None,
    title: RosterTitle,
) -> Path:
    total = len(sheets)
    width = frame_width(paper)
    story: list[Flowable] = []

    def reached(index: int) -> Callable[[], None]:
        def report() -> None:
            if progress is not None:
                progress(index, total)

        return report

    for i, sheet in enumerate(sheets):
        if i:
            story.append(PageBreak())
        story += sheet.story(width, key=f"{i}", outline=True, on_start=reached(i))
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    try:
        doc = make_document(str(part), paper, title=title.title, subject=title.subject)
        if not story:
            story = [para(title.empty, sheet_styles().body)]
        build(doc, story)
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
    if progress is not None:
        progress(total, total)
    return path
