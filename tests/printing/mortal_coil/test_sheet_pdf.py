"""This Mortal Coil sheets read back from the PDF: numbers, slots, log; fonts embedded.

Okoye (tests/builder/mortal_coil/examples.py) takes 9 damage against armor 1
with HP 4: 8 through, 4 off HP, 4 off STR 10 -> 6, and fails the STR save
on a 7 (disabled). A short rest of 2 brings HP to 2 and ends the disability.
Then 6 stress: 2 off HP, 4 off CTRL 8 -> 4; the CTRL save of 15 fails and
fallout 7 is rolled. Slots: gear 4 + fallout 1 = 5.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from builder.mortal_coil.character import AddFallout, HarmKind, ShortRest, TakeHarm
from builder.mortal_coil.creation import Associate
from builder.mortal_coil.crew import Crew, Ship
from printing.mortal_coil.sheet import (
    render_blank_spacefarer_sheet,
    render_crew_sheet,
    render_spacefarer_sheet,
)
from tests.builder.mortal_coil.examples import OKOYE
from tests.printing.common.pdfread import body_text, font_dictionaries, is_embedded, read_pdf

LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)

FOUGHT = replace(
    OKOYE,
    notes="Owes the Kestrel yard 40 credits.",
    log=(
        TakeHarm(HarmKind.DAMAGE, 9, 1, 7),
        ShortRest(2),
        TakeHarm(HarmKind.STRESS, 6, 0, 15),
        AddFallout(7, (7,)),
    ),
)


def _pdf(render, *args, paper="letter"):  # type: ignore[no-untyped-def]
    buf = io.BytesIO()
    pages = render(*args, buf, paper) if args else render(buf, paper)
    reader, read = read_pdf(buf.getvalue())
    assert len(read) == pages
    assert all(is_embedded(f) for f in font_dictionaries(reader))
    return read, body_text(read)


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4)])
def test_the_character_sheet_reads_back(paper, size):
    pages, text = _pdf(render_spacefarer_sheet, FOUGHT, paper=paper)
    assert (pages[0].width, pages[0].height) == pytest.approx(size, abs=0.01)
    assert "Okoye Vale" in text and "Background: Salvage diver" in text
    assert "HP STR DEX CTRL Armor Stability Credits 0/4 6/10 12/12 4/8 1 0 120" in text
    assert "1 fallout to take" not in text
    # Save odds beside each ability: STR 6 -> 6/20, DEX 12 -> 12/20, CTRL 4 -> 4/20.
    assert "STR 6 10 3/10 (30%)" in text
    assert "DEX 12 12 3/5 (60%)" in text
    assert "CTRL 4 8 1/5 (20%)" in text
    assert "Inventory: 5 of 10 slots" in text
    assert "2 Vac suit (bulky) 3 Vac suit (bulky, cont.)" in text
    assert "4 Torch · Multitool · Ration pack (small)" in text
    assert "5 Fallout 7: Peeling skin" in text
    assert "1 Took 9 damage (armor 1); STR save rolled 7" in text
    assert "4 Fallout 7 (rolled 7)" in text
    assert "Owes the Kestrel yard 40 credits." in text


def test_a_disabled_character_says_so():
    _, text = _pdf(render_spacefarer_sheet, replace(OKOYE, log=FOUGHT.log[:1]))
    assert "Disabled by critical damage" in text


def test_the_blank_sheet_reads_back():
    pages, text = _pdf(render_blank_spacefarer_sheet)
    assert pages[0].total == len(pages)
    assert "This Mortal Coil — spacefarer" in text
    assert "Name Pronouns Background Player Crew" in text
    assert "Ability Current Maximum Notes STR DEX CTRL HP Armor Stability" in text
    assert "Slot Carried 1 2 3 4 5 6 7 8 9 10" in text
    assert text.endswith("Credits and notes Credits")


def test_the_crew_sheet_reads_back():
    crew = Crew(
        "crew-lantern",
        "The Lantern",
        ("tmc-okoye", "tmc-unknown"),
        Ship("Lantern", "Kestrel-class hauler", 6, 4, notes="Leaks coolant."),
        (Associate("Pell", 14, 15, 12, 4, 6, 80),),
        300,
    )
    _, text = _pdf(render_crew_sheet, crew, paper="a4")
    assert "The Lantern" in text
    assert "Members Ship BP Shared credits Wages a day 2 4/6 300 80" in text
    assert "Hull: Kestrel-class hauler" in text and "Leaks coolant." in text
    assert "Pell 14 15 12 4 d6 80" in text
    assert "tmc-okoye" in text
    buf = io.BytesIO()
    render_crew_sheet(crew, buf, "letter", {"tmc-okoye": "Okoye Vale"})
    assert "Okoye Vale" in body_text(read_pdf(buf.getvalue())[1])


def test_the_sheet_prints_the_combat_rules_with_the_dex_odds():
    """ "you may move up to 40 feet and then take one action"; the start-of-combat and
    retreat DEX saves at DEX 12 pass on 1-12 of a d20: 3/5. The short rest ended the
    disability, so Okoye moves again."""
    _pages, text = _pdf(render_spacefarer_sheet, FOUGHT)
    assert (
        "Movement: up to 40 feet, then one action (80 feet if the action is a second move)." in text
    )
    assert "passing (3/5, 60%) acts before the first round" in text
    assert "Retreat: a DEX save (3/5, 60%) and a safe destination." in text
    assert "roll the weapon's standard die for the number of targets" in text


def test_the_sheets_print_what_thralls_and_associates_carry():
    """ "You can also utilize your undead thralls to carry items for you": a bulky crate
    (2 slots) and a lamp (1) fill 3 of a thrall's 10 slots; an associate's bulky tent 2."""
    from builder.mortal_coil.character import Item, ItemSize, Thrall

    thrall = Thrall("Bones", (Item("Crate", ItemSize.BULKY), Item("Lamp")))
    _, text = _pdf(render_spacefarer_sheet, replace(FOUGHT, thralls=(thrall,)))
    assert "Thrall Bones: 3 of 10 slots (Crate, Lamp)" in text
    porter = Associate("Ama", 10, 11, 9, 4, carried=(Item("Tent", ItemSize.BULKY),))
    _, crew_text = _pdf(render_crew_sheet, Crew("crew-1", "Kestrel", associates=(porter,)))
    assert "Associate Ama: 2 of 10 slots (Tent)" in crew_text
