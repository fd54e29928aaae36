"""The blank sheet: room to write, and the prices a pencil builder needs, as printed."""

from __future__ import annotations

import io

import pytest

from printing.contract.blank import render_blank_sheet
from tests.printing.common.pdfread import body_text, font_dictionaries, is_embedded, read_pdf


@pytest.fixture(scope="module")
def blank() -> tuple[int, str]:
    buffer = io.BytesIO()
    count = render_blank_sheet(buffer, "letter")
    _, pages = read_pdf(buffer.getvalue())
    assert pages[0].furniture == (
        "The Contract · blank, for pencil",
        "Contractor sheet",
        "Printed by Harbinger",
        f"Page 1 of {count}",
    )
    return count, body_text(pages)


def test_cost_rules_are_printed(blank: tuple[int, str]) -> None:
    _, text = blank
    assert "Every contractor starts with 150 Exp." in text
    # Attribute r→r+1 costs 5 × r.
    assert "Attribute (5 × rating) Rank Exp 1 → 2 5 2 → 3 10 3 → 4 15 4 → 5 20" in text
    # Ability 0→1 costs 2, then 2 × r; the 6th rank for Seasoned and up.
    assert (
        "Ability (first rank 2, then 2 × rating) Rank Exp "
        "0 → 1 2 1 → 2 2 2 → 3 4 3 → 4 6 4 → 5 8 5 → 6 10 Seasoned and up"
    ) in text
    assert "Source (2 × rating) Rank Exp 1 → 2 2 2 → 3 4 3 → 4 6 4 → 5 8 5 → 6 10" in text
    assert "Asset at creation its value" in text
    assert "Asset after creation value × 3 (leader approval)" in text
    assert "Remove a Liability value × 3 (leader approval)" in text


def test_derived_tables_are_printed(blank: tuple[int, str]) -> None:
    _, text = blank
    assert "Brawn → Body 1–2 6 3–4 7 5–6 8 7–8 9" in text
    assert "Brawn → Lift maximum 1 75 lb 2 125 lb 3 225 lb 4 300 lb 5 375 lb" in text
    assert "6+ Bruised None 5 Hurt −1 die 4 Injured −1 die 3 Wounded −2 dice" in text
    assert "6+ Distracted None 5 Rattled −1 die 4 Worried −1 die 3 Alarmed −2 dice" in text
    assert "Mind Intellect + Charisma + 1, at most 9" in text
    assert (
        "Source replenishment Newbie none Novice 1 condition, 1 day cooldown "
        "Seasoned 1 condition, 1 hour cooldown Professional 2 conditions, 1 hour cooldown each "
        "Veteran 3 conditions, 1 hour cooldown each"
    ) in text
    assert "Bonus Exp only while Exp earned is at most 10 + 12 × victories" in text
    assert (
        "Contract in your home playgroup +3 Contract away +1 Victory +2 and 1 Gift Credit" in text
    )


def test_every_section_has_room_to_write(blank: tuple[int, str]) -> None:
    _, text = blank
    for words in (
        "Name",
        "Archetype",
        "Attributes (start at 1) Brawn Dexterity Perception Charisma Intellect",
        "Thievery",
        "Secondary Abilities",
        "Source name",
        "Usual Limits: Anguish, Atrocities, Murder.",
        "Gift Cost Type Style Effect Tagline System Description",
        "Asset or Liability Value System Restricted",
        "Injury Severity Stabilized",
        "# Date Scenario Home/Away Outcome Commission Journals Exp",
        "Date Entry Exp Exp left Credits / Improvements",
    ):
        assert words in text


@pytest.mark.parametrize(("paper", "size"), [("letter", (612.0, 792.0)), ("a4", (595.28, 841.89))])
def test_blank_sheet_pages(paper: str, size: tuple[float, float]) -> None:
    buffer = io.BytesIO()
    count = render_blank_sheet(buffer, paper)
    reader, pages = read_pdf(buffer.getvalue())
    assert count == len(pages) == 5
    assert {(round(p.width, 2), round(p.height, 2)) for p in pages} == {size}
    assert [p.number for p in pages] == [1, 2, 3, 4, 5]
    assert all(is_embedded(f) for f in font_dictionaries(reader))
