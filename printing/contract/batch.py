"""Printing a whole roster of contractors: one PDF per contractor, or one combined PDF.

``printing.common.roster`` does the work for every game; this keeps the
contractor-only entry point (the benchmark and older callers print a list of
``PrintSnapshot`` values) with the Contract's own file subject.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from printing.common.layout import Paper
from printing.common.roster import Progress, RosterTitle, render_sheets
from printing.contract.sheet import roster_sheet
from printing.contract.views import PrintSnapshot

ROSTER_TITLE = RosterTitle(
    subject="The Contract: contractor sheets", empty="No contractors to print."
)
"""How a combined file of contractor sheets describes itself."""


def render_roster(
    snapshots: Iterable[PrintSnapshot],
    out: str | Path,
    paper: Paper = "letter",
    progress: Progress | None = None,
    *,
    combined: bool | None = None,
) -> list[Path]:
    """Print contractor sheets; returns the paths written (see ``render_sheets``).

    ``out`` ending in ``.pdf`` (or ``combined=True``) writes one file with a
    bookmark per contractor; otherwise ``out`` is a folder that receives one
    file per contractor, named after them.
    """
    return render_sheets(
        (roster_sheet(s) for s in snapshots),
        out,
        paper,
        progress,
        combined=combined,
        title=ROSTER_TITLE,
    )
