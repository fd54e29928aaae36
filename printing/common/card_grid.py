"""The card grid every game's printed cards share: 3.5 × 3 inch cards, six to a page.

The grid is centred on Letter and A4 alike, so cards cut out from either
paper are the same size; each card has cut marks just outside its corners.
"""

from __future__ import annotations

from printing.common.layout import MARGIN_BOTTOM, MARGIN_TOP, Paper, paper_size

CARD_WIDTH = 252.0  # 3.5 in
CARD_HEIGHT = 216.0  # 3 in
COLUMNS = 2
ROWS = 3
GAP_X = 14.0
GAP_Y = 12.0
PADDING = 7.0
FOOTER = 10.0
CUT_MARK = 7.0
CUT_OFFSET = 2.5


def card_slots(paper: Paper) -> list[tuple[float, float]]:
    """Lower-left corners of the card positions on a page, left to right, top to bottom."""
    width, height = paper_size(paper)
    grid_w = COLUMNS * CARD_WIDTH + (COLUMNS - 1) * GAP_X
    grid_h = ROWS * CARD_HEIGHT + (ROWS - 1) * GAP_Y
    left = (width - grid_w) / 2
    usable_top = height - MARGIN_TOP
    top = usable_top - (usable_top - MARGIN_BOTTOM - grid_h) / 2
    slots = []
    for row in range(ROWS):
        for col in range(COLUMNS):
            x = left + col * (CARD_WIDTH + GAP_X)
            y = top - (row + 1) * CARD_HEIGHT - row * GAP_Y
            slots.append((x, y))
    return slots
