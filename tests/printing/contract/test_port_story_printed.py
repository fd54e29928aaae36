"""The Story section of an imported contractor's full sheet says what the port brought.

A contractor imported from the website's archive opens its ledger with one
``Ported`` entry carrying the archive's record ("Veteran Contractor with 27
victories and 6 losses"); before, the Story said "No Contracts attended yet." as
for a contractor made yesterday. These tests import the sample archives the
website-archive tests use (tests/data/website_archives) through ``db import`` and
read the printed PDF back with pypdf.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from builder.contract.character import Ported, PortLevel
from builder.contract.wording import port_story
from printing.common.styles import make_styles
from printing.contract.record import story_section
from printing.contract.views import PrintSnapshot
from tests.app.walk import ok

ARCHIVES = Path(__file__).parents[2] / "data" / "website_archives"


def _story(pdf: Path) -> str:
    """The printed text from the Story heading up to the Journals, spaces squeezed."""
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    text = re.sub(r"\s+", " ", text)
    start = text.index("Story")
    return text[start : text.index("Journals", start)]


def _import_and_print(capsys: Any, tmp_path: Path, archive: str) -> str:
    imported = ok(capsys, f"db import {ARCHIVES / archive}")["imported"]
    exported = tmp_path / "out.json"
    ok(capsys, f"db export {imported[0]['id']} -o {exported}")
    pdf = tmp_path / "sheet.pdf"
    ok(capsys, f"sheet pdf {exported} -o {pdf}")
    return _story(pdf)


@pytest.mark.parametrize(
    ("archive", "record", "status"),
    [
        # "Veteran Contractor with 27 victories and 6 losses"
        ("veteran-odile-marsh.md", "27 victories and 6 losses", "Veteran on the website"),
        # "Newbie Contractor with 1 victories and ..." – one victory reads in the singular
        ("newbie-tamsin-rook.md", "1 victory and", "Newbie on the website"),
    ],
)
def test_an_imported_archive_prints_its_record_in_the_story(
    capsys: Any, tmp_path: Path, archive: str, record: str, status: str
) -> None:
    story = _import_and_print(capsys, tmp_path, archive)
    assert "Brought from the website's archive on" in story
    assert record in story
    assert status in story
    assert "No Contracts attended yet." not in story
    assert "No Contracts attended since." in story


def test_a_contractor_made_here_still_says_no_contracts_yet() -> None:
    flow = story_section(PrintSnapshot("c1", "Wren Halloway"), 400, make_styles())
    words = [getattr(f, "text", "") for f in flow]
    assert "No Contracts attended yet." in words
    assert not any("Brought from" in w for w in words)


def test_a_seasoned_port_says_where_from_and_that_earlier_contracts_are_elsewhere() -> None:
    entry = Ported("2026-05-01", PortLevel.SEASONED, "the Lantern playgroup")
    assert port_story(entry) == (
        "Ported at Seasoned from the Lantern playgroup on 2026-05-01; the Contracts before "
        "that are not in this record."
    )
