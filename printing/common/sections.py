"""Pieces every printed sheet is built from, whatever the game: headings that never end a
page alone, "Label value" lines, and the shared cached styles.

A sheet is a story of sections, each opened by a heading. These helpers keep
every game's sheet looking like one family and know nothing of any game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from reportlab import rl_config
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Spacer, Table

from printing.common.styled_grid import StyledGrid
from printing.common.styles import Styles, make_styles
from printing.common.text import Markup, markup, para
from printing.common.text_grid import TextGrid

HEADING_ROOM = 72.0
"""Points a section heading needs below it, or it moves to the next page."""


@lru_cache(maxsize=4)
def sheet_styles(base: float = 8.5) -> Styles:
    """Shared styles for ``base`` points (built once; reportlab only reads them while printing)."""
    return make_styles(base)


def section_heading(text: str, s: Styles) -> list[Flowable]:
    """A section heading, after a page break when fewer than ``HEADING_ROOM`` points remain."""
    return [CondPageBreak(HEADING_ROOM), para(text, s.heading)]


def labelled(label: str, value: str) -> Markup:
    """ "<b>Label</b> value", with the user's ``value`` printed exactly as typed."""
    return markup("<b>{label}</b> {value}", label=label, value=value)


def keep_headings_with_next(story: list[Flowable]) -> list[Flowable]:
    """Bind each section heading to the flowable after it, so no heading ends a page alone."""
    out: list[Flowable] = []
    i = 0
    while i < len(story):
        item = story[i]
        if isinstance(item, Paragraph) and item.style.name == "heading" and i + 1 < len(story):
            following = story[i + 1]
            # KeepTogether reports a huge height to force its own split, so never nest one.
            # KeepTogether keeps its flowables in _content, which reportlab's stubs leave out.
            content = following._content if isinstance(following, KeepTogether) else [following]  # type: ignore[attr-defined]
            out.append(HeadingKeep([item, *content]))
            i += 2
        else:
            out.append(item)
            i += 1
    return out


_QUIET = (Paragraph, TextGrid, StyledGrid, Table, Spacer)
"""Flowables whose measuring neither adds content to the frame nor reads or changes it."""


class HeadingKeep(KeepTogether):
    """``KeepTogether`` for a heading and what follows it, measured without a copy of the frame.

    reportlab's ``KeepTogether`` measures its flowables against a deep copy of the
    current frame, so that content a flowable adds to the frame while measuring (a
    conditional page break does) lands in the copy. Paragraphs, grids, tables and
    spacers add none and never touch the frame, so for them the copy (twenty a full
    sheet, some 2% of its printing; issue 29) changes nothing: they are measured with
    the same sums, in the same order, as ``_listWrapOn`` measures them. Anything else
    is measured by ``KeepTogether`` itself.
    """

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        content = self._content  # type: ignore[attr-defined]  # KeepTogether's; not in the stubs
        if not all(isinstance(f, _QUIET) for f in content):
            return super().wrap(aW, aH)
        dims: list[tuple[float, float]] = []
        width, height = _list_wrap(content, aW, self.canv, dims)
        self._H = height
        self._H0 = (dims and dims[0][1]) or 0
        self._wrapInfo = aW, aH
        return width, 0xFFFFFF  # force a split, as KeepTogether does


def _list_wrap(
    flowables: list[Flowable], width: float, canv: Any, dims: list[tuple[float, float]]
) -> tuple[float, float]:
    """``reportlab.platypus.flowables._listWrapOn`` (spaces merged) for flowables that add
    nothing to the frame: the widest width and the height of them one below another."""
    fake_width = rl_config.listWrapOnFakeWidth
    most: float = 0
    height: float = 0
    after: float = 0
    top = True
    for f in flowables:
        w, h = f.wrapOn(canv, width, 0xFFFFFFF)
        dims.append((w, h))
        if h <= rl_config._FUZZ:  # an empty flowable adds no space either
            continue
        most = max(most, min(w, width) if fake_width else w)
        height += h
        if not top:
            h = f.getSpaceBefore()
            if getattr(f, "_SPACETRANSFER", False):
                h = after
            h = max(h - after, 0)
            height += h
        else:
            top = False
        s = f.getSpaceAfter()
        if getattr(f, "_SPACETRANSFER", False):
            s = after
        after = s
        height += after
    return most, height - after
