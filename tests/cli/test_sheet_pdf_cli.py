"""``harbinger sheet pdf`` prints what builder computes, read back from the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.contract.file import read_character_file
from builder.contract.sheet import evaluate_sheet
from builder.core.registry import GameSystem
from harbinger.cli import main
from printing import systems
from printing.systems import SystemPrinter
from resources import resource_path
from tests.conftest import isolate_user_dirs
from tests.printing.pawn import pawn_document, pawn_sheet, pawn_system

__all__ = ["pawn_system"]  # the fixture, used by name

INES = resource_path("examples", "seasoned-ines-varga.json")


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_sheet_pdf_prints_the_example_on_a4(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ines.pdf"
    assert main(["sheet", "pdf", str(INES), "-o", str(out), "--paper", "a4", "--json"]) == 0
    written = json.loads(capsys.readouterr().out)["written"]
    reader = PdfReader(out)
    assert written == [{"path": str(out), "pages": len(reader.pages), "source": str(INES)}]
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == (595.28, 841.89)
    text = _text(out)
    report = evaluate_sheet(read_character_file(INES))
    assert "Ines Varga" in text
    assert report.exp.available == 47
    assert "47" in text
    for gift in read_character_file(INES).gifts:
        assert gift.draft.name in text


@pytest.fixture(scope="module")
def examples_printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, Path]:
    """``harbinger sheet pdf`` of the shipped examples folder, run once for the two tests
    that read what it wrote (six sheets of every game: the dearest print of this module):
    its exit code and the folder. Isolated as each test is (``isolate_user_dirs``)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        isolate_user_dirs(monkeypatch, tmp_path_factory.mktemp("examples-home"))
        folder = tmp_path_factory.mktemp("examples-printed") / "all"
        code = main(["sheet", "pdf", str(resource_path("examples")), "-o", str(folder)])
    return code, folder


def test_cards_blank_and_a_folder(tmp_path: Path, examples_printed: tuple[int, Path]) -> None:
    cards = tmp_path / "cards.pdf"
    assert main(["sheet", "pdf", str(INES), "--cards", "-o", str(cards)]) == 0
    assert "Ember Lance" in _text(cards)
    blank = tmp_path / "blank.pdf"
    assert main(["sheet", "pdf", "--blank", "-o", str(blank)]) == 0
    assert len(PdfReader(blank).pages) >= 2
    code, folder = examples_printed
    assert code == 0
    names = sorted(p.name for p in folder.glob("*.pdf"))
    assert {"Ines Varga.pdf", "Orrin Vale.pdf", "Wren Halloway.pdf"} <= set(names)


def test_roster_prints_every_library_character(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    assert main(["--db", str(db), "db", "import", str(INES)]) == 0
    out = tmp_path / "roster"
    assert main(["--db", str(db), "sheet", "pdf", "--roster", "-o", str(out)]) == 0
    assert [p.name for p in out.glob("*.pdf")] == ["Ines Varga.pdf"]


def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "harbinger.contractor", "version": 1', encoding="utf-8")
    assert main(["sheet", "pdf", str(bad), "-o", str(tmp_path / "x.pdf")]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()
    assert main(["sheet", "pdf", "--blank", str(INES), "-o", str(tmp_path / "y.pdf")]) == 2


# --------------------------------------------------------------------------- every game


COVENANT = resource_path("examples", "covenant-ines-okafor-vell.json")


def test_a_covenant_file_prints_its_own_sheet(tmp_path: Path) -> None:
    out = tmp_path / "okafor.pdf"
    assert main(["sheet", "pdf", str(COVENANT), "-o", str(out)]) == 0
    text = _text(out)
    assert "Ines Okafor-Vell — Covenant character" in text
    assert "Discipline by damage severity" in text


def test_a_folder_of_both_games_prints_one_file_each_named_after_the_character(
    examples_printed: tuple[int, Path],
) -> None:
    code, folder = examples_printed
    assert code == 0
    assert sorted(p.name for p in folder.glob("*.pdf")) == [
        "Ines Okafor-Vell.pdf",
        "Ines Varga.pdf",
        "Orrin Vale.pdf",
        "Wren Halloway.pdf",
    ]
    assert "Ines Okafor-Vell — Covenant character" in _text(folder / "Ines Okafor-Vell.pdf")


def test_both_games_print_into_one_combined_file(tmp_path: Path) -> None:
    out = tmp_path / "table.pdf"
    assert main(["sheet", "pdf", str(INES), str(COVENANT), "-o", str(out), "--json"]) == 0
    reader = PdfReader(out)
    assert [o.title for o in reader.outline] == ["Ines Varga", "Ines Okafor-Vell"]
    assert reader.metadata is not None
    assert reader.metadata.subject == "Harbinger: character sheets"
    wren = resource_path("examples", "newbie-wren-halloway.json")
    contractors = tmp_path / "contract.pdf"
    assert main(["sheet", "pdf", str(INES), str(wren), "-o", str(contractors)]) == 0
    metadata = PdfReader(contractors).metadata
    assert metadata is not None and metadata.subject == "The Contract: contractor sheets"


def test_cards_of_a_game_without_cards_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cards.pdf"
    assert main(["sheet", "pdf", str(COVENANT), "--cards", "-o", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        "harbinger sheet: Covenant has no cards to print; "
        "only The Contract (Gift cards), The Coven (trait cards) print cards"
    )
    assert not out.exists()


def test_blank_sheet_of_a_game_is_chosen_with_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = tmp_path / "blank.pdf"
    assert main(["sheet", "pdf", "--blank", "--system", "contract", "-o", str(blank)]) == 0
    assert len(PdfReader(blank).pages) >= 2
    capsys.readouterr()
    assert main(["sheet", "pdf", "--blank", "--system", "covenant", "-o", str(blank)]) == 2
    assert capsys.readouterr().err.strip() == (
        "harbinger sheet: Covenant has no blank sheet to print (games that do: contract, "
        "mortal-coil, tiles)"
    )
    assert main(["sheet", "pdf", str(INES), "--system", "contract", "-o", str(blank)]) == 2
    assert "use it with --blank" in capsys.readouterr().err
    assert main(["sheet", "pdf", "--blank", "--system", "chess", "-o", str(blank)]) == 2
    assert capsys.readouterr().err.strip() == (
        "harbinger sheet: no game system 'chess' "
        "(known: contract, covenant, mortal-coil, coven, tiles)"
    )


def test_a_game_without_a_printer_is_refused_by_name(
    pawn_system: GameSystem, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pawn = tmp_path / "pawn.json"
    pawn.write_text(json.dumps(pawn_document("p-1", "Ann")), encoding="utf-8")
    out = tmp_path / "pawn.pdf"
    assert main(["sheet", "pdf", str(pawn), "-o", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        "harbinger sheet: Pawns characters cannot be printed yet "
        "(no printer for game system 'pawn')"
    )
    assert not out.exists()
    systems.register_printer(SystemPrinter("pawn", pawn_sheet))
    try:
        assert main(["sheet", "pdf", str(pawn), str(INES), "-o", str(tmp_path / "out")]) == 0
    finally:
        systems.unregister_printer("pawn")
    assert sorted(p.name for p in (tmp_path / "out").glob("*.pdf")) == ["Ann.pdf", "Ines Varga.pdf"]
