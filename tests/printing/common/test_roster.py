"""The roster printer serves every game: file names, one file each, one combined file."""

from __future__ import annotations

from pathlib import Path

import pytest

from printing.common.roster import RosterTitle, render_sheets, safe_stem, sheet_paths
from tests.printing.common.pdfread import read_pdf
from tests.printing.pawn import one_page_sheet


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("../../etc/passwd", "_.._etc_passwd"),
        ("...hidden", "hidden"),
        ("trailing. . ", "trailing"),
        ("CON", "_CON"),
        ("con.txt", "_con.txt"),
        ("a\nb\tc", "a b c"),
        ("", "character"),
        ("///", "character"),
        ('Zoë: the "Quiet" one?', "Zoë_ the _Quiet_ one_"),
        ("x" * 200, "x" * 80),
    ],
)
def test_safe_stem(name: str, stem: str) -> None:
    assert safe_stem(name) == stem


def test_same_names_get_distinct_paths_and_a_nameless_one_its_noun(tmp_path: Path) -> None:
    sheets = [one_page_sheet("Ann", "same") for _ in range(3)] + [one_page_sheet("", "p-9")]
    assert [p.name for p in sheet_paths(sheets, tmp_path)] == [
        "Ann.pdf",
        "Ann (same).pdf",
        "Ann (same) 2.pdf",
        "pawn.pdf",
    ]


def test_any_game_prints_one_file_each(tmp_path: Path) -> None:
    paths = render_sheets([one_page_sheet("Ann"), one_page_sheet("Bo")], tmp_path / "out")
    assert [p.name for p in paths] == ["Ann.pdf", "Bo.pdf"]
    _, pages = read_pdf(paths[1], furniture=3)
    assert [(p.number, p.total) for p in pages] == [(1, 1)]
    assert pages[0].body == "Sheet of Bo"


def test_any_game_prints_one_combined_file_titled_as_asked(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    (path,) = render_sheets(
        [one_page_sheet("Ann"), one_page_sheet("Bo")],
        tmp_path / "all.pdf",
        "a4",
        lambda done, total: calls.append((done, total)),
        title=RosterTitle(subject="Pawns: sheets"),
    )
    reader, pages = read_pdf(path, furniture=3)
    assert [(p.number, p.total) for p in pages] == [(1, 1), (1, 1)]
    assert [o.title for o in reader.outline] == ["Ann", "Bo"]
    assert reader.metadata is not None and reader.metadata.subject == "Pawns: sheets"
    assert calls == [(0, 2), (1, 2), (2, 2)]


def test_an_empty_combined_roster_says_so(tmp_path: Path) -> None:
    (path,) = render_sheets([], tmp_path / "none.pdf")
    _, pages = read_pdf(path, furniture=2)
    assert pages[0].body == "No characters to print."


def test_printing_into_a_folder_never_replaces_what_is_there(tmp_path: Path) -> None:
    """Issue 27: a file Harbinger names is never written over a file it did not just make
    (nor through a link planted under that name)."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "Ann.pdf").write_bytes(b"mine")
    elsewhere = tmp_path / "settings.json"
    elsewhere.write_text("keep", encoding="utf-8")
    (out / "Bo.pdf").symlink_to(elsewhere)
    paths = render_sheets([one_page_sheet("Ann"), one_page_sheet("Bo")], out)
    assert [p.name for p in paths] == ["Ann 2.pdf", "Bo 2.pdf"]
    assert (out / "Ann.pdf").read_bytes() == b"mine"
    assert elsewhere.read_text(encoding="utf-8") == "keep"
    assert sorted(p.name for p in out.iterdir()) == ["Ann 2.pdf", "Ann.pdf", "Bo 2.pdf", "Bo.pdf"]
