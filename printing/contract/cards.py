"""Gift cards: each Gift on its own card, six to a page, with cut marks.

A card is 3.5 × 3 inches, the same on Letter and A4 (the grid is centred),
so a player can cut them out and keep them with their dice. A card holds the
Gift's name, tagline, cost, classification, cost sum, full System Text and
Description. Text shrinks from 8 pt to 6.5 pt to fit one card; a Gift whose
text is still too long continues on the next card, marked "(continued)", so
nothing is ever cut off.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from printing.common.card_grid import (
    CARD_HEIGHT,
    CARD_WIDTH,
    CUT_MARK,
    CUT_OFFSET,
    FOOTER,
    PADDING,
    card_slots,
)
from printing.common.fonts import SANS
from printing.common.layout import (
    Output,
    Paper,
    RunningCanvas,
    RunningHead,
    paper_size,
    reproducible,
)
from printing.common.sections import sheet_styles
from printing.common.styles import MUTED, RULE
from printing.common.text import fit_width, markup, one_line, para
from printing.contract.gift_blocks import gift_flowables
from printing.contract.views import GiftView, PrintSnapshot

TEXT_SIZES = (8.0, 7.5, 7.0, 6.5)
"""Body sizes tried, largest first, until a Gift fits one card."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card to print: which Gift, which part of it, and its flowables."""

    gift: GiftView
    part: int
    parts: int
    content: tuple[Flowable, ...]


def _inner() -> tuple[float, float]:
    return CARD_WIDTH - 2 * PADDING, CARD_HEIGHT - 2 * PADDING - FOOTER


def _height(flowables: list[Flowable], width: float) -> float:
    total = 0.0
    for i, f in enumerate(flowables):
        _, h = f.wrap(width, 1e6)
        total += h + f.getSpaceAfter() + (f.getSpaceBefore() if i else 0.0)
    return total


def _card_content(gift: GiftView) -> list[Flowable]:
    """The Gift's flowables at the largest text size that fits one card (or the smallest)."""
    width, height = _inner()
    content: list[Flowable] = []
    for size in TEXT_SIZES:
        content = gift_flowables(gift, width, sheet_styles(size))
        if _height(content, width) <= height - 1:
            return content
    return content


def gift_cards(gift: GiftView) -> list[Card]:
    """The cards one Gift needs: usually one; more when its text is very long."""
    width, height = _inner()
    remaining = _card_content(gift)
    chunks: list[list[Flowable]] = []
    small = sheet_styles(TEXT_SIZES[-1])
    while remaining:
        chunk: list[Flowable] = []
        if chunks:
            chunk.append(para(markup("<b>{n}</b> (continued)", n=gift.name), small.body))
        used = _height(chunk, width)
        while remaining:
            f = remaining[0]
            _, h = f.wrap(width, height - used)
            space = f.getSpaceAfter() + (f.getSpaceBefore() if chunk else 0.0)
            if used + h + space <= height - 1:
                chunk.append(remaining.pop(0))
                used += h + space
                continue
            pieces = f.split(width, height - used - space - 1)
            if pieces:
                chunk.append(pieces[0])
                remaining[0:1] = pieces[1:]
            elif not chunk or (len(chunk) == 1 and chunks):
                # Nothing fits on an empty card: place it anyway rather than loop forever.
                chunk.append(remaining.pop(0))
            break
        chunks.append(chunk)
    return [Card(gift, i + 1, len(chunks), tuple(c)) for i, c in enumerate(chunks)]


def _cut_marks(canv: Canvas, x: float, y: float) -> None:
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.4)
    for cx in (x, x + CARD_WIDTH):
        for cy in (y, y + CARD_HEIGHT):
            dx = -1 if cx == x else 1
            dy = -1 if cy == y else 1
            canv.line(cx + dx * CUT_OFFSET, cy, cx + dx * (CUT_OFFSET + CUT_MARK), cy)
            canv.line(cx, cy + dy * CUT_OFFSET, cx, cy + dy * (CUT_OFFSET + CUT_MARK))


def _draw_card(canv: Canvas, card: Card, owner: str, x: float, y: float) -> list[Flowable]:
    """Draw one card; returns whatever did not fit (nothing, since cards are packed to fit)."""
    canv.saveState()
    _cut_marks(canv, x, y)
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.25)
    canv.setDash(1, 2)
    canv.rect(x, y, CARD_WIDTH, CARD_HEIGHT, stroke=1, fill=0)
    canv.restoreState()
    width, height = _inner()
    frame = Frame(x + PADDING, y + PADDING + FOOTER, width, height, 0, 0, 0, 0, showBoundary=0)
    rest = list(card.content)
    frame.addFromList(rest, canv)
    canv.saveState()
    canv.setFont(SANS, 6)
    canv.setFillColor(MUTED)
    label = one_line(owner)
    if card.parts > 1:
        label = f"{label} · card {card.part} of {card.parts}"
    canv.drawString(x + PADDING, y + PADDING - 1, fit_width(label, SANS, 6, width))
    canv.restoreState()
    return rest


def render_gift_cards(snapshot: PrintSnapshot, out: Output, paper: Paper = "letter") -> int:
    """Print every Gift of ``snapshot`` as cut-out cards to ``out``; returns the page count.

    A contractor without Gifts gets one page saying so, so the file is never empty.
    """
    size = paper_size(paper)
    canv = RunningCanvas(
        str(out) if not hasattr(out, "write") else out, pagesize=size, invariant=int(reproducible())
    )
    canv.setTitle(one_line(f"{snapshot.name} — Gift cards"))
    canv.setAuthor(one_line(snapshot.player))
    canv.setSubject("The Contract: Gift cards")
    canv.setCreator("Harbinger")
    canv.harbinger_head = RunningHead(
        key="cards",
        title=f"{snapshot.name} — Gift cards",
        detail=f"Player: {snapshot.player}" if snapshot.player else "",
    )
    cards = [card for gift in snapshot.gifts for card in gift_cards(gift)]
    slots = card_slots(paper)
    queue = deque(cards)
    pages = 0
    while queue:
        for x, y in slots:
            if not queue:
                break
            card = queue.popleft()
            rest = _draw_card(canv, card, snapshot.name, x, y)
            if rest:
                # Never drop text: should packing and drawing ever disagree, the
                # remainder goes on the next card.
                heading = para(
                    markup("<b>{n}</b> (continued)", n=card.gift.name),
                    sheet_styles(TEXT_SIZES[-1]).body,
                )
                queue.appendleft(dataclasses.replace(card, content=(heading, *rest)))
        canv.showPage()
        pages += 1
    if not pages:
        canv.setFont(SANS, 10)
        canv.drawString(72, size[1] - 100, "This contractor has no Gifts yet.")
        canv.showPage()
        pages = 1
    canv.save()
    return pages
