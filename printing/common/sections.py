"""Pieces every printed sheet is built from, whatever the game: headings that never end a
page alone, "Label value" lines, and the shared cached styles.

A sheet is a story of sections, each opened by a heading. These helpers keep
every game's sheet looking like one family and know nothing of any game.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph

from printing.common.styles import Styles, make_styles
from printing.common.text import Markup, markup, para

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
            out.append(KeepTogether([item, *content]))
            i += 2
        else:
            out.append(item)
            i += 1
    return out
