"""The Covenant sheet read back from the PDF: every Tie, asset, token and Discipline number.

The character is the shipped example, Ines Okafor-Vell, played one scene further
so the sheet has something in every box. Worked by hand from the summary:

- 3 Ties × 100 = 300 Discipline. Before this scene she stood at 285 free and 15
  chapter damage (the example's own log).
- She overcharges the Coil Rifle (exhaust), bids 30 (scene damage) and resists
  20 long-term damage spending 25 (bid 25 > 20: no incapacitation).
- Free 285 − 30 − 25 = 230; scene 30, chapter 15, long-term 25; 230 + 30 + 15 + 25 = 300.
- Tokens: 10 at the start, 7 spent on 5 Traits and 2 Abilities: 3 available.
"""

from __future__ import annotations

import dataclasses
import io

import pytest

from builder.covenant.character import Condition, CovenantCharacter, DamageSeverity, Drain
from builder.covenant.file import read_covenant_file
from builder.covenant.rules import (
    add_condition,
    add_drain,
    begin_scene,
    bid,
    evaluate_covenant,
    resist,
    use_asset,
)
from printing.covenant.sheet import render_covenant_sheet
from printing.covenant.snapshot import LOG_LINES_PRINTED, CovenantPrint, covenant_print
from resources import resource_path
from tests.printing.common.pdfread import (
    Page,
    body_text,
    font_dictionaries,
    is_embedded,
    read_pdf,
    squash,
)
from tests.printing.common.texts import TRICKY_NAME

LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)


def _ok(played):  # type: ignore[no-untyped-def]
    assert played.accepted, played.findings
    return played.character


def played_ines() -> CovenantCharacter:
    ines = read_covenant_file(resource_path("examples", "covenant-ines-okafor-vell.json")).character
    ines = _ok(begin_scene(ines, "Boarding the Marrow"))
    ines = _ok(use_asset(ines, "coil-rifle", "overcharge"))
    ines = _ok(bid(ines, 30))
    ines = _ok(resist(ines, 20, DamageSeverity.LONG_TERM, 25))
    ines = _ok(
        add_condition(
            ines, Condition("shaken", "Shaken", "1 disadvantage on social bids", "A quiet drink")
        )
    )
    bleeding = Drain("bleeding", "Bleeding", "every round", 5, DamageSeverity.CHAPTER, "A bandage")
    return _ok(add_drain(ines, bleeding))


def render(snapshot: CovenantPrint, paper: str = "letter") -> tuple[bytes, int]:
    buffer = io.BytesIO()
    pages = render_covenant_sheet(snapshot, buffer, paper)
    return buffer.getvalue(), pages


@pytest.fixture(scope="module")
def ines() -> CovenantCharacter:
    return played_ines()


@pytest.fixture(scope="module")
def printed(ines: CovenantCharacter) -> tuple[list[Page], str, int]:
    data, count = render(covenant_print(ines))
    _, pages = read_pdf(data)
    return pages, body_text(pages), count


def test_the_hand_worked_numbers_are_builders(ines: CovenantCharacter) -> None:
    report = evaluate_covenant(ines)
    assert report.discipline.to_json() == {
        "free": 230,
        "scene": 30,
        "chapter": 15,
        "long_term": 25,
        "total": 300,
    }
    assert report.tokens.available == 3


def test_the_discipline_strip_and_breakdown_print(printed) -> None:
    _, text, _ = printed
    assert "Discipline Free Scene damage Chapter damage Long-term damage Ties held Tokens" in text
    assert "300 230 30 15 25 3 3" in text
    assert "Free 230 + scene 30 + chapter 15 + long-term 25 = 300." in text
    for line in ("Scene damage 30", "Chapter damage 15", "Long-term damage 25"):
        assert line in text


def test_every_tie_prints_with_its_details_and_discipline(ines, printed) -> None:
    _, text, _ = printed
    for tie in ines.creation.ties:
        assert squash(f"{tie.name} {tie.details} 100 Ready") in text, tie.name


def test_every_asset_and_every_use_prints(ines, printed) -> None:
    _, text, _ = printed
    report = evaluate_covenant(ines)
    for asset in report.assets:
        assert asset.name in text, asset.name
        for name, _recharge, effect in asset.uses:
            assert squash(name) in text
            if effect:
                assert squash(effect) in text, effect
    assert "Coil Rifle Exhausted" in text  # the state under the name, from the report
    assert "Exhaust: ready at the end of the chapter" in text
    assert "Destroy: gone for good" in text


def test_tokens_goals_conditions_and_drains_print(printed) -> None:
    _, text, _ = printed
    assert (
        "Starting tokens 10 From chapters survived +0 Spent at creation −7 Spent in play −0 "
        "Available 3" in text
    )
    assert "Major goal: Pay off the Lantern" in text
    assert "Stakes The skiff itself: the lender takes it." in text
    assert "Shaken 1 disadvantage on social bids A quiet drink Fast" in text
    assert "Bleeding 5 chapter damage, every round A bandage Fast" in text


def test_the_play_log_prints_in_words(printed) -> None:
    _, text, _ = printed
    assert "18 entries · 2 scenes ended · 0 chapters survived." in text
    assert "1 Scene begins (Ambush at the cargo lock)" in text
    assert "14 Used Coil Rifle: overcharge (exhausted)" in text
    assert "16 Resisted 20 long-term damage, spending 25" in text


def test_a_long_log_prints_its_newest_entries(ines: CovenantCharacter) -> None:
    long = ines
    for n in range(LOG_LINES_PRINTED):
        long = _ok(bid(long, 1, note=f"step {n}"))
    snap = covenant_print(long)
    assert snap.log_total == 18 + LOG_LINES_PRINTED
    data, _ = render(snap)
    text = body_text(read_pdf(data)[1])
    assert f"The newest {LOG_LINES_PRINTED} entries; 18 earlier entries are in the file." in text
    assert f"{18 + LOG_LINES_PRINTED} Bid 1 Discipline (scene damage) (step 59)" in text


def test_pages_are_numbered_and_headed(printed) -> None:
    pages, _, count = printed
    assert count == len(pages) >= 2
    assert [(p.number, p.total) for p in pages] == [(i + 1, count) for i in range(count)]
    for page in pages:
        assert page.furniture[:2] == (
            "Player: Example Player · Discipline 300",
            "Ines Okafor-Vell — Covenant character",
        )


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4)])
def test_paper_sizes(ines: CovenantCharacter, paper: str, size: tuple[float, float]) -> None:
    data, _ = render(covenant_print(ines), paper)
    _, pages = read_pdf(data)
    for page in pages:
        assert (page.width, page.height) == pytest.approx(size, abs=0.01)
    assert "Ties" in body_text(pages)


def test_fonts_are_embedded(ines: CovenantCharacter) -> None:
    data, _ = render(covenant_print(ines))
    reader, _ = read_pdf(data)
    fonts = font_dictionaries(reader)
    assert fonts
    assert all(is_embedded(f) for f in fonts), [f.get("/BaseFont") for f in fonts]


def test_user_text_prints_literally(ines: CovenantCharacter) -> None:
    tricky_tie = dataclasses.replace(
        ines.creation.ties[0], name="<i>Dana</i> & co", details="<br/>"
    )
    creation = dataclasses.replace(ines.creation, ties=(tricky_tie, *ines.creation.ties[1:]))
    character = dataclasses.replace(
        ines,
        name=TRICKY_NAME,
        notes='<font size="90">big</font>',
        description="x < y & z",
        creation=creation,
    )
    data, _ = render(covenant_print(character))
    _, pages = read_pdf(data)
    text = body_text(pages)
    assert TRICKY_NAME in text
    assert "<i>Dana</i> & co <br/> 100 Ready" in text
    assert '<font size="90">big</font>' in text
    assert "x < y & z" in text
    assert pages[0].furniture[1] == f"{TRICKY_NAME} — Covenant character"


def test_an_eliminated_character_says_so(ines: CovenantCharacter) -> None:
    from builder.covenant.rules import lose_tie

    gone = ines
    for tie in ("tie-sister", "tie-skiff", "tie-guild"):
        gone = _ok(lose_tie(gone, tie))
    data, _ = render(covenant_print(gone))
    text = body_text(read_pdf(data)[1])
    assert "Eliminated (all ties lost)" in text
    assert "Xir sister Dana" in text and "0 Lost" in text


def test_harbinger_sheet_pdf_prints_a_covenant_file(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from harbinger.cli import main

    source = resource_path("examples", "covenant-ines-okafor-vell.json")
    out = tmp_path / "ines.pdf"
    assert main(["sheet", "pdf", str(source), "-o", str(out), "--paper", "a4"]) == 0
    capsys.readouterr()
    _, pages = read_pdf(out)
    text = body_text(pages)
    # The example's own numbers: 285 free + 15 chapter damage = 300; 3 tokens.
    assert "300 285 0 15 0 3 3" in text
    assert "Xir sister Dana" in text and "Coil Rifle" in text
    assert (pages[0].width, pages[0].height) == pytest.approx(A4, abs=0.01)
