"""Gift cards read back: every Gift's full text on cards that fit the page and can be cut."""

from __future__ import annotations

import dataclasses
import io

import pytest

from printing.common.layout import MARGIN_BOTTOM, MARGIN_TOP, paper_size
from printing.contract.cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    CUT_MARK,
    CUT_OFFSET,
    card_slots,
    gift_cards,
    render_gift_cards,
)
from printing.contract.views import PrintSnapshot
from tests.printing.common.pdfread import (
    body_text,
    font_dictionaries,
    is_embedded,
    read_pdf,
    squash,
)
from tests.printing.common.texts import TRICKY_NAME
from tests.printing.contract.samples import sample_gift, sample_snapshot


def render(snapshot: PrintSnapshot, paper: str = "letter") -> tuple[bytes, int]:
    buffer = io.BytesIO()
    pages = render_gift_cards(snapshot, buffer, paper)
    return buffer.getvalue(), pages


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_card_grid_fits_inside_the_margins_with_room_for_cut_marks(paper: str) -> None:
    width, height = paper_size(paper)
    slots = card_slots(paper)
    assert len(slots) == 6
    reach = CUT_OFFSET + CUT_MARK
    for x, y in slots:
        assert x - reach >= 0 and x + CARD_WIDTH + reach <= width
        assert y >= MARGIN_BOTTOM and y + CARD_HEIGHT <= height - MARGIN_TOP
    # Cards never overlap: neighbours are at least the card size apart.
    for i, (x1, y1) in enumerate(slots):
        for x2, y2 in slots[i + 1 :]:
            assert abs(x1 - x2) >= CARD_WIDTH or abs(y1 - y2) >= CARD_HEIGHT


def test_seven_gifts_make_two_pages_and_every_word_prints() -> None:
    snap = sample_snapshot(name=TRICKY_NAME, gifts=7)
    data, count = render(snap)
    reader, pages = read_pdf(data)
    assert count == len(pages) == 2
    text = body_text(pages)
    for gift in snap.gifts:
        assert f"{gift.name} {gift.tagline} Cost {gift.cost}" in text
        assert f"System. {squash(gift.system_text)}" in text
        assert squash(gift.description) in text
    # The owner is named on each card, as typed.
    assert text.count('Zoë <b>&amp; "Xi/Xir"') == 7
    assert pages[0].furniture == (
        "Player: Ann Lee",
        'Zoë <b>&amp; "Xi/Xir" — Gift cards',
        "Printed by Harbinger",
        "Page 1 of 2",
    )
    assert all(is_embedded(f) for f in font_dictionaries(reader))


def test_a_gift_too_long_for_one_card_continues_on_the_next() -> None:
    long_gift = sample_gift(3, long_text=True)
    huge = dataclasses.replace(long_gift, system_text=long_gift.system_text * 3)
    cards = gift_cards(huge)
    assert len(cards) >= 3
    assert [c.part for c in cards] == list(range(1, len(cards) + 1))
    data, _ = render(dataclasses.replace(sample_snapshot(), gifts=(huge,)))
    _, pages = read_pdf(data)
    text = body_text(pages)
    assert f"System. {squash(huge.system_text)}" not in text  # interrupted by card labels…
    for clause in huge.system_text.split(". "):
        assert squash(clause) in text  # …but every sentence is there
    assert "Glass Storm 3 (continued)" in text
    assert f"card {len(cards)} of {len(cards)}" in text


def test_a_short_gift_takes_one_card() -> None:
    assert len(gift_cards(sample_gift(1))) == 1


@pytest.mark.parametrize(("paper", "size"), [("letter", (612.0, 792.0)), ("a4", (595.28, 841.89))])
def test_card_pages_have_the_paper_size(paper: str, size: tuple[float, float]) -> None:
    data, _ = render(sample_snapshot(gifts=2), paper)
    _, pages = read_pdf(data)
    assert [(round(p.width, 2), round(p.height, 2)) for p in pages] == [size]


def test_no_gifts_gives_one_page_that_says_so() -> None:
    data, count = render(sample_snapshot(gifts=0))
    _, pages = read_pdf(data)
    assert count == 1
    assert "This contractor has no Gifts yet." in pages[0].body


@pytest.mark.parametrize("clauses", [0, 6, 13, 20, 27, 34, 41, 48, 55])
def test_no_length_of_system_text_loses_a_word(clauses: int) -> None:
    text = " ".join(f"Clause {k} holds word{k} in place." for k in range(clauses))
    gift = dataclasses.replace(sample_gift(1), system_text=f"Opening sentence. {text}".strip())
    data, _ = render(dataclasses.replace(sample_snapshot(), gifts=(gift,)))
    _, pages = read_pdf(data)
    printed = body_text(pages)
    for k in range(clauses):
        assert f"word{k} in place." in printed
    assert squash(gift.description) in printed


def test_each_instance_detail_prints_on_the_card() -> None:
    """Issue 15: a modifier taken twice prints both of its details on the Gift card."""
    from builder.contract.character import Concept, Contractor, Gift
    from builder.contract.gifts import GiftDraft, ModifierChoice, default_catalog, evaluate_gift
    from printing.contract.snapshot import print_snapshot

    catalog = default_catalog()
    draft = GiftDraft(
        "power",
        "injure",
        "trap",
        name="Cinder Snare",
        enhancements=(
            ModifierChoice("trigger_condition", details=("a door opens", "a bell rings")),
        ),
    )
    ev = evaluate_gift(draft, catalog)
    contractor = Contractor(
        "c-snare", Concept("Ada"), gifts=(Gift("snare", draft, ev.cost, ev.system_text),)
    )
    snap = print_snapshot(contractor, catalog)
    (gift,) = snap.gifts
    assert gift.modifiers == ("Enhancement: Trigger: Condition ×2 (a door opens; a bell rings)",)
    data, _ = render(snap)
    _, pages = read_pdf(data)
    text = body_text(pages)
    assert "Trigger: Condition ×2 (a door opens; a bell rings)" in text
    assert "springs when a door opens or a bell rings." in text
