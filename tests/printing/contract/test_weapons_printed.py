"""The printed sheet's Weapons section (issue 31, item 3), read back from the PDF."""

from __future__ import annotations

import dataclasses
import io

from pypdf import PdfReader

from builder.contract.file import read_character_file
from builder.contract.weapons import load_weapon_table
from printing.contract.sheet import render_contractor_sheet
from printing.contract.snapshot import print_snapshot
from resources import resource_path

INES = resource_path("examples", "seasoned-ines-varga.json")
HEADER = "Weapon Attack roll Pool Difficulty Damage Range"


def _text(contractor: object) -> str:
    out = io.BytesIO()
    render_contractor_sheet(print_snapshot(contractor), out)  # type: ignore[arg-type]
    reader = PdfReader(io.BytesIO(out.getvalue()))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def test_weapons_print_with_their_attack_pools() -> None:
    """Ines Varga: Dexterity 4, Firearms 3, Brawl 1, Melee 0, Brawn 3, and a Penalty of 1.
    Handgun ("All gun attacks are rolled with Dexterity + Firearms", "Difficulty 6", 2):
    4 + 3 = 7 dice, 6 after Penalty. A knife may use "(Brawn or Dexterity) + (Melee or
    Brawl)": Dexterity + Brawl is the biggest, 4 + 1 = 5 dice, 4 after Penalty.
    """
    ines = read_character_file(INES)
    table = load_weapon_table()
    armed = dataclasses.replace(
        ines,
        weapons=(
            table.weapon("handgun").record(),
            table.weapon("knife").record("dexterity", "brawl"),
            table.weapon("sling").record(),
        ),
    )
    text = _text(armed)
    assert HEADER in text
    assert "Handgun Dexterity + Firearms 7 dice (6 after Penalty) 6 2 50 ft" in text
    assert "Knife or Dagger Dexterity + Brawl 5 dice (4 after Penalty) 6 1" in text
    assert "Sling: Damage only on a successful Called Shot" in text


def test_no_weapons_no_section() -> None:
    assert HEADER not in _text(read_character_file(INES))


def test_bio_lines_print_only_when_filled() -> None:
    """Issue 31, item 5: "optional, printed when filled"."""
    from builder.contract.bio import Bio

    ines = read_character_file(INES)
    text = _text(dataclasses.replace(ines, bio=Bio(residence="Budapest", wish_list="A boat")))
    assert "Residence Budapest" in text
    assert "Wish list A boat" in text
    assert "Tagline" not in text and "Aliases" not in text
