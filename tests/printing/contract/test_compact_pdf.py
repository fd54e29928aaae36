"""The compact sheet: a contractor on two pages for the table (issue 16 item 10).

Ines Varga (resources/examples) is Seasoned with 11 victories, 47 Exp and 3
Gift Credits available; her five Gifts print with their System Text. Issue 33
item 4: the sheet fills its two pages, sets no text under 7 pt, and says a
System Text is "on its Gift card" only for a Gift whose text does not fit.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from builder.core import files
from builder.core.registry import read_document
from harbinger.cli import main
from printing import systems
from printing.contract.compact import CARDS_NOTE, MIN_SIZE, render_compact_sheet
from printing.contract.snapshot import print_snapshot
from printing.contract.views import HealthView, PrintSnapshot, StockView
from resources import resource_path
from tests.printing.contract.samples import sample_snapshot

INES = resource_path("examples", "seasoned-ines-varga.json")
EXAMPLES = ("seasoned-ines-varga.json", "newbie-wren-halloway.json", "dead-orrin-vale.json")
"""Every example contractor of The Contract in resources/examples."""


def pages_of(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [" ".join((p.extract_text() or "").split()) for p in reader.pages]


def compact(snapshot: object, paper: str = "letter") -> tuple[int, list[str]]:
    out = io.BytesIO()
    n = render_compact_sheet(snapshot, out, paper)  # type: ignore[arg-type]
    return n, pages_of(out.getvalue())


def font_sizes(data: bytes) -> set[float]:
    """Every point size a ``Tf`` operator sets in any page's content stream."""
    reader = PdfReader(io.BytesIO(data))
    sizes: set[float] = set()
    for page in reader.pages:
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"Tf":
                sizes.add(float(operands[1]))
    return sizes


def snapshot_of(name: str) -> PrintSnapshot:
    return print_snapshot(read_document(files.load_json(resource_path("examples", name))).character)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_print_two_pages_nothing_under_7_pt_with_every_system_text(
    name: str, paper: str
) -> None:
    """Issue 33 item 4: "The compact sheet uses its two pages ...: nothing under 7 pt."

    Every ``Tf`` in both pages' content streams sets 7 pt or more (the running
    footer included), and an ordinary contractor's Gifts all fit with their
    System Text, so no Gift is sent to its card.
    """
    snap = snapshot_of(name)
    out = io.BytesIO()
    assert render_compact_sheet(snap, out, paper) == 2
    data = out.getvalue()
    assert len(PdfReader(io.BytesIO(data)).pages) == 2
    sizes = font_sizes(data)
    assert sizes and min(sizes) >= MIN_SIZE == 7.0
    text = " ".join(pages_of(data))
    for gift in snap.gifts:
        assert " ".join(gift.system_text.split()) in text
    assert CARDS_NOTE not in text


def test_ines_fills_both_pages() -> None:
    """Issue 33 item 4: the sheet left page one 40% and page two 75% empty.

    Gifts now follow the ratings on page one and run onto page two: the last
    text on page one is a Gift, and page two opens with Gift text.
    """
    n, (first, second) = compact(snapshot_of("seasoned-ines-varga.json"))
    assert n == 2
    assert first.index("Limits") < first.index("Gifts") < first.index("Ember Lance · Cost 4")
    assert "Assets and Liabilities" not in first
    assert "Hex of Rust · Cost 4" in second
    assert second.index("Ember Flask · Cost 2") < second.index("Assets and Liabilities")
    assert "Assets: Contacts (2) · Keen Sense (3) · Polyglot (1)" in second
    assert "Liabilities: Paranoid (3)" in second


def test_asset_system_text_prints_beside_its_name() -> None:
    """With room to spare, an Asset's system text prints after its name and value."""
    _, pages = compact(sample_snapshot())
    text = " ".join(pages)
    assert "Assets: Contacts (2) — Once per Contract, ask a favor. · Wealthy (4) —" in text
    assert "Liabilities: Hunted (3) — Vos appears when it hurts." in text


def test_ines_fits_two_pages_with_every_system_text() -> None:
    contractor = read_document(files.load_json(INES)).character
    snap = print_snapshot(contractor)
    n, pages = compact(snap)
    assert n == 2 and len(pages) == 2
    first, second = pages
    assert first.startswith("Ines Varga Player: Dana") and "Ines Varga — Compact sheet" in first
    assert "Attributes and Abilities" in first and "Body, Mind and Penalty" in first
    assert "Embers rating 3" in first
    both = f"{first} {second}"
    for gift in snap.gifts:
        assert f"{gift.name} · Cost {gift.cost}" in both
        assert " ".join(gift.system_text.split()) in both
    assert CARDS_NOTE not in both
    assert "Contracts attended 24 (11 victories) · Journals 10" in second
    assert "Exp available 47" in second and "Gift Credits available 3" in second
    assert "Page 2 of 2" in second


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_long_career_still_fits_two_pages(paper: str) -> None:
    """Eight Gifts of ~2,000-character System Text cannot all fit: some go to their cards.

    Each Gift is still named with its cost; a Gift whose text is not printed
    says so on its own line, and at least one long text does print in full.
    """
    snap = sample_snapshot(gifts=8, contracts=40, long_gift=True)
    out = io.BytesIO()
    assert render_compact_sheet(snap, out, paper) == 2
    data = out.getvalue()
    pages = pages_of(data)
    assert len(pages) == 2
    assert "Contracts attended 40" in pages[1]
    assert min(font_sizes(data)) >= MIN_SIZE
    text = " ".join(pages)
    printed = [g for g in snap.gifts if " ".join(g.system_text.split()) in text]
    assert 1 <= len(printed) < len(snap.gifts)
    assert text.count(CARDS_NOTE) == len(snap.gifts) - len(printed)
    for gift in snap.gifts:
        assert f"{gift.name} · Cost {gift.cost}" in text


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


def test_a_small_contractor_still_gets_two_pages() -> None:
    """What fits on one page still prints as the two-page sheet: Assets open page two."""
    small = replace(
        sample_snapshot(gifts=1, contracts=0),
        concept=(),
        secondary=(),
        stock=StockView(),
        health=HealthView(),
        loose_ends=(),
        weapons=(),
        derived=(),
        liabilities=(),
        findings=(),
    )
    n, (first, second) = compact(small)
    assert n == 2
    assert "Glass Storm 1 · Cost 4" in first and "Assets and Liabilities" not in first
    assert second.startswith("Assets and Liabilities")
    assert "Page 2 of 2" in second


def test_notes_lines_fill_page_two_and_a_combined_roster_keeps_two_pages_each(
    tmp_path: Path,
) -> None:
    """The room left on page two is ruled for notes; three compact sheets in one
    file take six pages, each sheet numbered "Page 1 of 2", "Page 2 of 2"."""
    contractors = [
        read_document(files.load_json(resource_path("examples", name))).character
        for name in EXAMPLES
    ]
    (path,) = systems.render_roster(
        contractors, tmp_path / "table.pdf", "a4", combined=True, compact=True
    )
    pages = pages_of(path.read_bytes())
    assert [p.endswith(f"Page {n} of 2") for p, n in zip(pages, [1, 2] * 3, strict=True)] == [
        True
    ] * 6
    assert all("Notes" in p for p in pages[1::2])
    assert min(font_sizes(path.read_bytes())) >= MIN_SIZE
