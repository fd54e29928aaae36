"""The Coven's printed pages, read back with pypdf the way a player copies text out of them."""

from __future__ import annotations

import io

from pypdf import PdfReader

from builder.coven.chronicle import Goal
from builder.coven.odds import conflict_win_chance, short_conflict_chance
from printing.coven.cards import render_trait_cards
from printing.coven.sheets import render_practitioner_sheet, render_town_sheet
from tests.builder.coven.examples import end_week, play_influence, town
from tests.printing.common.pdfread import body_text, read_pdf, squash


def chronicle():
    c = town(Goal.CORRUPT_PEOPLE)
    for _ in range(3):
        c = end_week(play_influence(c, ("KD", "diner"), ("JH", "mayor")))
    return play_influence(c, ("QD", "mill"))


def test_practitioner_sheet() -> None:
    out = io.BytesIO()
    pages = render_practitioner_sheet(chronicle(), "p-ann", out)
    _, read = read_pdf(out.getvalue())
    assert pages == len(read) == 1
    text = squash(body_text(read))
    assert "Ann Practitioner of Millbrook · played by Alice · human" in text
    assert "Why did you throw in with the Others? to save the mill" in text
    # the diner fell: Ann's tied white card went to the Others for a red card
    assert "White traits (9)" in text and "Red traits (4)" in text
    assert "a white 1 (now with the Others)" in text
    # The red card the Others gave is unwritten: named by its place, never by its id.
    assert (
        "Red traits (4) Card Trait Tied to 1 a red 1 2 a red 2 3 a red 3 4 unwritten red card 4"
    ) in text
    assert read[0].furniture[:2] == ("Alice", "Ann")


def test_town_sheet_with_its_map_and_odds() -> None:
    out = io.BytesIO()
    pages = render_town_sheet(chronicle(), out)
    _, read = read_pdf(out.getvalue())
    assert pages == len(read) == 1  # the conflict odds fit under the elements
    text = squash(body_text(read))
    assert "Millbrook" in text and "goal: To Corrupt People" in text
    assert "Week 4; the next deal is 12 cards." in text  # 4 + (4 + 2) red + 2 corrupt
    assert "The Blue Diner place corrupt" in text
    assert "The Mill Co. organisation 1 of 3 markers" in text
    # the map's labels are text too
    assert text.count("Mayor Hart") >= 2


def test_town_sheet_prints_the_conflict_odds_exact_and_estimated() -> None:
    """Rows of the Others' cards ("Routine 1 + 1 per player involved", Challenging 2 +,
    Ridiculous 3 +), columns of the practitioner's: exact cells plain, estimates marked "≈"."""
    out = io.BytesIO()
    render_town_sheet(chronicle(), out)
    _, read = read_pdf(out.getvalue())
    text = squash(body_text(read))
    assert "Conflict odds" in text
    assert "Others' cards you 1 you 2 you 3 you 4 you 5 you 6 you 7 you 8" in text
    routine = [short_conflict_chance(k, 2) for k in range(1, 9)]
    assert routine[1] == "50.0%" and not routine[2].startswith("≈") and routine[3].startswith("≈")
    assert routine[2] == f"{float(conflict_win_chance(3, 2)):.1%}"  # type: ignore[arg-type]
    assert "2 (routine) " + " ".join(routine) in text
    assert "4 (ridiculous) " + " ".join(short_conflict_chance(k, 4) for k in range(1, 9)) in text
    assert "Plain figures are exact (every deal counted)" in text


def test_trait_cards() -> None:
    out = io.BytesIO()
    pages = render_trait_cards(chronicle(), "p-ann", out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert pages == len(reader.pages) == 3  # 13 cards, six to a page
    first = squash(reader.pages[0].extract_text())
    assert "White trait a white 2" in first
    last = squash(reader.pages[2].extract_text())
    assert "Red trait (not yet written)" in last and "belongs to the Others" in last


def test_the_printer_table_prints_a_chronicle(tmp_path) -> None:
    from printing import systems

    c = chronicle()
    assert systems.printer_for(c).system == "coven"
    pages = systems.print_sheet(c, tmp_path / "millbrook.pdf")
    _, read = read_pdf(tmp_path / "millbrook.pdf")
    assert pages == len(read) == 3  # the town, then Ann, then Bo
    assert [p.number for p in read] == [1, 2, 3] and read[0].total == 3
    assert read[1].body.startswith("Ann")
    assert systems.print_cards(c, tmp_path / "cards.pdf") == 3 + 3  # 13 cards each
