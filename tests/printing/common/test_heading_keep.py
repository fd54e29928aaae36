"""A heading kept with what follows it (``HeadingKeep``) lays out as reportlab's
``KeepTogether`` does: the same measures, the same page breaks, the same PDF bytes."""

from __future__ import annotations

import io

import pytest
from reportlab.platypus import Flowable, KeepTogether, Spacer

from printing.common.flowables import DotRating, grid
from printing.common.layout import build, frame_width, make_document
from printing.common.sections import (
    HeadingKeep,
    keep_headings_with_next,
    section_heading,
    sheet_styles,
)
from printing.common.text import para


def _story(lead: float) -> list[Flowable]:
    s = sheet_styles()
    width = frame_width("letter")
    story: list[Flowable] = [Spacer(1, lead)]
    for n in range(18):
        story += section_heading(f"Section {n}", s)
        rows: list[list[object]] = [["Date", "Entry"]]
        rows += [
            [f"2024-0{k % 9 + 1}-01", para("lantern " * (k * 5 + 1), s.cell)]
            for k in range(n % 7 + 1)
        ]
        kind = n % 4
        if kind == 0:
            story.append(grid(rows, [width * 0.2, width * 0.8]))
        elif kind == 1:
            story.append(grid(rows, [width * 0.2, width * 0.8], extra=[("SPAN", (0, 0), (-1, 0))]))
        elif kind == 2:
            story.append(para("glass harbor " * (n * 9 + 3), s.body))
        else:
            story.append(DotRating(n % 5, 5))  # not one HeadingKeep measures itself
        story.append(Spacer(1, 5 + n))
    return keep_headings_with_next(story)


def _as_reportlabs(story: list[Flowable]) -> list[Flowable]:
    return [KeepTogether(f._content) if isinstance(f, HeadingKeep) else f for f in story]


def _pdf(story: list[Flowable]) -> bytes:
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story)
    return buffer.getvalue()


@pytest.mark.parametrize("lead", [0.0, 301.0, 577.0])
def test_a_heading_kept_with_the_next_flowable_prints_as_keep_together_prints(
    lead: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    mine = _story(lead)
    assert sum(isinstance(f, HeadingKeep) for f in mine) == 18
    data = _pdf(mine)
    assert data.count(b"/Type /Page\n") >= 3
    assert data == _pdf(_as_reportlabs(_story(lead)))


def test_its_measure_is_keep_togethers() -> None:
    """Width, height and first height as ``KeepTogether.wrap`` works them out (no frame)."""
    s = sheet_styles()
    width = frame_width("letter")
    content: list[Flowable] = [
        para("Heading", s.heading),
        Spacer(1, 4),
        para("lantern glass " * 30, s.body),
        grid([["a", "b"], ["c", "d"]], [width / 2] * 2),
    ]
    mine, theirs = HeadingKeep(content), KeepTogether(content)
    assert mine.wrapOn(None, width, 500) == theirs.wrapOn(None, width, 500)
    assert (mine._H, mine._H0, mine._wrapInfo) == (theirs._H, theirs._H0, theirs._wrapInfo)
