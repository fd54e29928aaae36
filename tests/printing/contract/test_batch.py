"""Printing a roster: one file each or one combined file, with progress and safe file names."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from printing.contract.batch import render_roster
from tests.printing.common.pdfread import body_text, read_pdf
from tests.printing.common.texts import TRICKY_NAME
from tests.printing.contract.samples import sample_snapshot


def roster() -> list:
    return [
        sample_snapshot(name="Marguerite Okafor", gifts=1, contracts=2),
        dataclasses.replace(
            sample_snapshot(name=TRICKY_NAME, gifts=2, contracts=3), contractor_id="c-2"
        ),
        dataclasses.replace(
            sample_snapshot(name="Marguerite Okafor", gifts=1, contracts=1), contractor_id="c-3"
        ),
    ]


def test_one_file_per_contractor_with_progress(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    paths = render_roster(
        iter(roster()), tmp_path / "out", "a4", lambda done, total: calls.append((done, total))
    )
    assert [p.name for p in paths] == [
        "Marguerite Okafor.pdf",
        "Zoë _b_&amp; _Xi_Xir_.pdf",
        "Marguerite Okafor (c-3).pdf",
    ]
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
    for path, snap in zip(paths, roster(), strict=True):
        _, pages = read_pdf(path)
        assert body_text(pages).startswith(snap.name)
        assert round(pages[0].width, 2) == 595.28
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(p.name for p in paths)


def test_one_combined_file_restarts_page_numbers_per_sheet(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    (path,) = render_roster(
        roster(), tmp_path / "all.pdf", "letter", lambda d, t: calls.append((d, t))
    )
    reader, pages = read_pdf(path)
    starts = [i for i, p in enumerate(pages) if p.number == 1]
    assert len(starts) == 3
    for start, snap in zip(starts, roster(), strict=True):
        total = pages[start].total
        sheet = pages[start : start + total]
        assert [p.number for p in sheet] == list(range(1, total + 1))
        assert all(p.furniture[1] == f"{snap.name} — Contractor sheet" for p in sheet)
        assert sheet[0].body.startswith(snap.name)
    assert [o.title for o in reader.outline] == [s.name for s in roster()]
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_progress_callback_can_stop_a_batch(tmp_path: Path) -> None:
    class Stop(Exception):
        pass

    def stop_after_first(done: int, total: int) -> None:
        if done == 1:
            raise Stop

    with pytest.raises(Stop):
        render_roster(roster(), tmp_path / "out", "letter", stop_after_first)
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["Marguerite Okafor.pdf"]


def test_empty_roster_combined_still_writes_a_readable_file(tmp_path: Path) -> None:
    (path,) = render_roster([], tmp_path / "none.pdf")
    _, pages = read_pdf(path, furniture=2)
    assert "No contractors to print." in pages[0].body


def test_contractors_with_the_same_name_are_told_apart_by_id(tmp_path: Path) -> None:
    same = [
        dataclasses.replace(sample_snapshot(name="Ann"), contractor_id="same") for _ in range(3)
    ]
    paths = render_roster(same, tmp_path / "out")
    assert [p.name for p in paths] == ["Ann.pdf", "Ann (same).pdf", "Ann (same) 2.pdf"]


def test_a_nameless_contractor_is_filed_as_contractor(tmp_path: Path) -> None:
    (path,) = render_roster([sample_snapshot(name="///")], tmp_path / "out")
    assert path.name == "contractor.pdf"


def test_bad_paper_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown paper size"):
        render_roster(roster(), tmp_path / "out", "tabloid")
    assert not (tmp_path / "out").exists()
