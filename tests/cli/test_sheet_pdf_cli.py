"""``harbinger sheet pdf`` prints what builder computes, read back from the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.contract.file import read_character_file
from builder.contract.sheet import evaluate_sheet
from harbinger.cli import main
from resources import resource_path

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


def test_cards_blank_and_a_folder(tmp_path: Path) -> None:
    cards = tmp_path / "cards.pdf"
    assert main(["sheet", "pdf", str(INES), "--cards", "-o", str(cards)]) == 0
    assert "Ember Lance" in _text(cards)
    blank = tmp_path / "blank.pdf"
    assert main(["sheet", "pdf", "--blank", "-o", str(blank)]) == 0
    assert len(PdfReader(blank).pages) >= 2
    folder = tmp_path / "all"
    assert main(["sheet", "pdf", str(resource_path("examples")), "-o", str(folder)]) == 0
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
