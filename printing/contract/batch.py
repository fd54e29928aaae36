"""Printing a whole roster: one PDF per contractor, or one combined PDF.

The app runs this on a worker thread and shows ``progress(done, total)``; the
callback may raise to stop the batch (files already written are kept).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from reportlab.platypus import Flowable, PageBreak

from printing.common.layout import Paper, build, frame_width, make_document, paper_size
from printing.common.sections import sheet_styles
from printing.common.text import one_line, para
from printing.contract.sheet import render_contractor_sheet, sheet_story
from printing.contract.views import PrintSnapshot

Progress = Callable[[int, int], None]
"""Called with (sheets done, sheets in total)."""

_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]+')
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10))}
_RESERVED |= {f"LPT{i}" for i in range(1, 10)}
MAX_STEM = 80


def safe_stem(text: str, fallback: str = "contractor") -> str:
    """A file name stem from a contractor's name that is legal on Windows, macOS and Linux.

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


def sheet_paths(snapshots: list[PrintSnapshot], folder: Path) -> list[Path]:
    """One distinct ``.pdf`` path per snapshot in ``folder``, named after the contractor.

    Two contractors with the same name are told apart by their id, then by a counter.
    """
    taken: set[str] = set()
    paths: list[Path] = []
    for snap in snapshots:
        stem = safe_stem(snap.name)
        candidate = stem
        if candidate.casefold() in taken:
            candidate = f"{stem} ({safe_stem(snap.contractor_id, 'id')})"
        n = 2
        base = candidate
        while candidate.casefold() in taken:
            candidate = f"{base} {n}"
            n += 1
        taken.add(candidate.casefold())
        paths.append(folder / f"{candidate}.pdf")
    return paths


def _write_sheet(snap: PrintSnapshot, path: Path, paper: Paper) -> None:
    # Write beside the target and rename, so a failure never leaves half a PDF
    # under the real name.
    part = path.with_name(path.name + ".part")
    try:
        render_contractor_sheet(snap, part, paper)
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)


def render_roster(
    snapshots: Iterable[PrintSnapshot],
    out: str | Path,
    paper: Paper = "letter",
    progress: Progress | None = None,
    *,
    combined: bool | None = None,
) -> list[Path]:
    """Print the sheets of a roster; returns the paths written.

    ``out`` ending in ``.pdf`` (or ``combined=True``) writes one file holding
    every sheet, each starting on a new page with its own running header,
    its own "Page N of M" and a PDF bookmark. Otherwise ``out`` is a folder
    (created if missing) that receives one file per contractor.
    """
    paper_size(paper)  # refuse a bad paper name before any work is done
    snaps = list(snapshots)
    target = Path(out)
    if combined is None:
        combined = target.suffix.lower() == ".pdf"
    total = len(snaps)
    if combined:
        return [_render_combined(snaps, target, paper, progress)]
    target.mkdir(parents=True, exist_ok=True)
    paths = sheet_paths(snaps, target)
    if progress is not None:
        progress(0, total)
    for done, (snap, path) in enumerate(zip(snaps, paths, strict=True), start=1):
        _write_sheet(snap, path, paper)
        if progress is not None:
            progress(done, total)
    return paths


def _render_combined(
    snaps: list[PrintSnapshot], path: Path, paper: Paper, progress: Progress | None
) -> Path:
    total = len(snaps)
    width = frame_width(paper)
    story: list[Flowable] = []

    def reached(index: int) -> Callable[[], None]:
        def report() -> None:
            if progress is not None:
                progress(index, total)

        return report

    for i, snap in enumerate(snaps):
        if i:
            story.append(PageBreak())
        story += sheet_story(snap, width, key=f"{i}", outline=True, on_start=reached(i))
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    try:
        doc = make_document(
            str(part), paper, title="Roster", subject="The Contract: contractor sheets"
        )
        if not story:
            story = [para("No contractors to print.", sheet_styles().body)]
        build(doc, story)
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
    if progress is not None:
        progress(total, total)
    return path
