"""Legendary Artifacts, item states and the item log, printed and read back (issue 31, items 1-2).

Rules text: "you may invest multiple Gifts and Improvements into a single
Legendary Artifact"; Legendary Artifacts "can be lost, destroyed, or even
stolen by other Contractors".
"""

from __future__ import annotations

import io
from dataclasses import replace

from builder.contract.character import CraftedItem, ItemState
from builder.contract.items import ItemKind, set_item_state, use_consumable
from printing.contract.cards import render_gift_cards
from printing.contract.compact import render_compact_sheet
from printing.contract.sheet import render_contractor_sheet
from printing.contract.snapshot import print_snapshot
from tests.builder.contract.test_items import veteran_with_two_artifact_gifts, with_artifact
from tests.printing.common.pdfread import body_text, read_pdf, squash


def _contractor():  # type: ignore[no-untyped-def]
    """Mara: Ember Blade and Solar Flare (Gift Cost 1 each) in the Sunsword, stolen."""
    c = with_artifact(veteran_with_two_artifact_gifts(), "blade", "flare")
    goggles = CraftedItem("Night Goggles", "", 1, "see in the dark", ItemState.LEFT_AT_HOME)
    bombs = CraftedItem("Flash Bomb", "", 3, "blinds a room")
    c = replace(c, stock=replace(c.stock, artifacts=(goggles,), consumables=(bombs,)))
    c = use_consumable(c, "Flash Bomb", "2026-11-21", "cleared the stairwell").character
    return set_item_state(
        c, ItemKind.LEGENDARY, "Sunsword", ItemState.STOLEN, "2026-11-22", "taken by the Ringer"
    ).character


def test_the_sheet_prints_the_artifact_with_its_gifts_costs_and_the_item_log() -> None:
    buffer = io.BytesIO()
    render_contractor_sheet(print_snapshot(_contractor()), buffer)
    text = squash(body_text(read_pdf(buffer.getvalue())[1]))
    assert "Sunsword stolen Ember Blade (1), Solar Flare (1) — inactive while not in hand" in text
    assert "Night Goggles (left at home)" in text
    assert "Flash Bomb 2 blinds a room" in text
    assert "2026-11-22 Sunsword stolen: taken by the Ringer" in text
    assert "2026-11-21 Flash Bomb used 1: cleared the stairwell" in text


def test_each_gift_card_names_its_artifact_and_says_it_is_inactive() -> None:
    buffer = io.BytesIO()
    render_gift_cards(print_snapshot(_contractor()), buffer)
    text = squash(body_text(read_pdf(buffer.getvalue())[1]))
    holds = "Legendary Artifact: Sunsword — holds Ember Blade (1), Solar Flare (1)"
    assert text.count(holds) == 2
    assert text.count("Inactive: Sunsword is stolen.") == 2


def test_the_compact_sheet_lists_the_artifact_its_gifts_and_states() -> None:
    buffer = io.BytesIO()
    render_compact_sheet(print_snapshot(_contractor()), buffer)
    text = squash(body_text(read_pdf(buffer.getvalue())[1]))
    assert (
        "Legendary Artifacts: Sunsword (stolen; its Gifts inactive): Ember Blade 1, Solar Flare 1"
        in text
    )
    assert "Night Goggles ×1 (left at home)" in text
