"""Trait cards of The Coven: every card a practitioner holds, six to a page, with cut marks.

The same card size, grid and cut marks as the Gift cards
(``printing.contract.cards``): 3.5 × 3 inches, centred on Letter or A4. A
white card is framed in black and says whose it is ("The reverse of your
white cards should be marked with something to indicate that they're
yours"); a red card is framed in red and marked as belonging to the Others
("Red cards all belong to the Others").
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from builder.coven.chronicle import Chronicle, Colour
from builder.coven.state import HeldCard, fold
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
from printing.common.styles import INK, MUTED, RULE, make_styles
from printing.common.text import fit_width, markup, one_line, para

RED_INK = HexColor("#9b1c1c")


def _cut_marks(canv: Canvas, x: float, y: float) -> None:
    """Short lines just outside each corner, like the Gift cards'."""
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.4)
    for cx, dx in ((x, -1), (x + CARD_WIDTH, 1)):
        for cy, dy in ((y, -1), (y + CARD_HEIGHT, 1)):
            canv.line(cx + dx * CUT_OFFSET, cy, cx + dx * (CUT_OFFSET + CUT_MARK), cy)
            canv.line(cx, cy + dy * CUT_OFFSET, cx, cy + dy * (CUT_OFFSET + CUT_MARK))


def _draw_card(canv: Canvas, card: HeldCard, owner: str, ties: str, x: float, y: float) -> None:
    red = card.colour is Colour.RED
    canv.saveState()
    _cut_marks(canv, x, y)
    canv.setStrokeColor(RED_INK if red else INK)
    canv.setLineWidth(2 if red else 0.8)
    canv.rect(x + 3, y + 3, CARD_WIDTH - 6, CARD_HEIGHT - 6, stroke=1, fill=0)
    canv.restoreState()
    s = make_styles(9)
    width = CARD_WIDTH - 2 * PADDING - 6
    height = CARD_HEIGHT - 2 * PADDING - FOOTER - 6
    content: list[Flowable] = [
        para("Red trait" if red else "White trait", s.label),
        para(card.text or "(not yet written)", s.gift_name),
    ]
    if ties:
        content.append(para(markup("Tied to {t}", t=ties), s.muted))
    frame = Frame(x + PADDING + 3, y + PADDING + FOOTER + 3, width, height, 0, 0, 0, 0)
    frame.addFromList(content, canv)
    canv.saveState()
    canv.setFont(SANS, 6)
    canv.setFillColor(RED_INK if red else MUTED)
    label = "belongs to the Others" if red else f"{one_line(owner)}'s"
    label = f"{label} · held by {one_line(owner)}"
    canv.drawString(x + PADDING + 3, y + PADDING + 1, fit_width(label, SANS, 6, width))
    canv.restoreState()


def render_trait_cards(
    chronicle: Chronicle, practitioner_id: str | None, out: Output, paper: Paper = "letter"
) -> int:
    """Print the trait cards a practitioner holds now (white first), or every practitioner's
    (``practitioner_id`` None), each practitioner starting a new page; returns the page count."""
    state = fold(chronicle)
    chosen = [p for p in chronicle.practitioners if practitioner_id in (None, p.id)]
    if practitioner_id is not None and not chosen:
        raise KeyError(f"no practitioner {practitioner_id!r}")
    size = paper_size(paper)
    canv = RunningCanvas(
        str(out) if not hasattr(out, "write") else out, pagesize=size, invariant=int(reproducible())
    )
    title = f"{chosen[0].name if practitioner_id else chronicle.town} — trait cards"
    canv.setTitle(one_line(title))
    canv.setAuthor(one_line(chosen[0].player if practitioner_id else chronicle.others_player))
    canv.setSubject("The Coven: trait cards")
    canv.setCreator("Harbinger")
    slots = card_slots(paper)
    pages = 0
    for practitioner in chosen:
        canv.harbinger_head = RunningHead(
            f"cards-{practitioner.id}", f"{practitioner.name} — trait cards", practitioner.player
        )
        held = sorted(state.held(practitioner.id), key=lambda c: (c.colour is Colour.RED, c.id))
        for start in range(0, max(1, len(held)), len(slots)):
            for card, (x, y) in zip(held[start : start + len(slots)], slots, strict=False):
                ties = ", ".join(
                    state.elements[t].name if t in state.elements else t for t in card.tied_to
                )
                _draw_card(canv, card, practitioner.name, ties, x, y)
            if not held:
                canv.setFont(SANS, 10)
                canv.drawString(72, size[1] - 100, "This practitioner holds no trait cards.")
            canv.showPage()
            pages += 1
    if not pages:
        canv.setFont(SANS, 10)
        canv.drawString(72, size[1] - 100, "This chronicle has no practitioners yet.")
        canv.showPage()
        pages = 1
    canv.save()
    return pages
