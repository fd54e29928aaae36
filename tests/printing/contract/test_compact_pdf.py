"""The compact sheet: a contractor on two pages for the table (issue 16 item 10).

Ines Varga (resources/examples) is Seasoned with 11 victories, 47 Exp and 3
Gift Credits available; her five Gifts print in short form (name, cost,
classification, tagline) and their System Text stays on the Gift cards.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.core import files
from builder.core.registry import read_document
from harbinger.cli import main
from printing.contract.compact import CARDS_NOTE, render_compact_sheet
from printing.contract.snapshot import print_snapshot
from resources import resource_path
from tests.printing.contract.samples import sample_snapshot

INES = resource_path("examples", "seasoned-ines-varga.json")


def pages_of(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [" ".join((p.extract_text() or "").split()) for p in reader.pages]


def compact(snapshot: object, paper: str = "letter") -> tuple[int, list[str]]:
    out = io.BytesIO()
    n = render_compact_sheet(snapshot, out, paper)  # type: ignore[arg-type]
    return n, pages_of(out.getvalue())


def test_ines_fits_two_pages_with_gifts_in_short_form() -> None:
    contractor = read_document(files.load_json(INES)).character
    snap = print_snapshot(contractor)
    n, pages = compact(snap)
    assert n == 2 and len(pages) == 2
    first, second = pages
    assert first.startswith("Ines Varga Player: Dana") and "Ines Varga — Compact sheet" in first
    assert "Attributes and Abilities" in first and "Body, Mind and Penalty" in first
    assert "Embers rating 3" in first
    for gift in snap.gifts:
        assert f"{gift.name} {gift.cost}" in second
        assert gift.system_text not in second
    assert CARDS_NOTE in second
    assert "Contracts attended 24 (11 victories) · Journals 10" in second
    assert "Exp available 47" in second and "Gift Credits available 3" in second
    assert "Page 2 of 2" in second


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_long_career_still_fits_two_pages(paper: str) -> None:
    n, pages = compact(sample_snapshot(gifts=8, contracts=40, long_gift=True), paper)
    assert n == 2
    assert "Contracts attended 40" in pages[1]


def test_cli_compact_flag_prints_two_pages_and_refuses_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ines.pdf"
    assert main(["sheet", "pdf", str(INES), "--compact", "-o", str(out)]) == 0
    assert len(PdfReader(out).pages) == 2
    assert "wrote" in capsys.readouterr().out
    assert main(["sheet", "pdf", str(INES), "--compact", "--cards", "-o", str(out)]) == 2
    assert "--compact" in capsys.readouterr().err
    covenant = resource_path("examples", "covenant-ines-okafor-vell.json")
    assert main(["sheet", "pdf", str(covenant), "--compact", "-o", str(tmp_path / "c.pdf")]) == 2
    assert "Covenant has no compact sheet" in capsys.readouterr().err


def test_cli_jobs_must_be_a_positive_whole_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["sheet", "pdf", str(INES), "--jobs", "0", "-o", str(tmp_path / "x")])
    assert stop.value.code == 2
    assert "--jobs needs at least 1 worker, not 0" in capsys.readouterr().err
