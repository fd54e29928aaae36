"""A leader opens a game website's archive in review mode: audited as ``db import`` would
read it, never approved (an approval is written into the file it approves).

Odile Marsh's archive holds two "Active" Gifts; the rules' Styles are Activated,
Targeted, Trap and Passive, so each fails the audit with what to do about it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harbinger.app.review_files import ReviewContext, ReviewFileError, record_decision, review_file
from tests.ui.review.conftest import copy_in
from ui.review.files import FileVerdict

ODILE = Path(__file__).resolve().parents[2] / "data" / "website_archives" / "veteran-odile-marsh.md"


def test_an_archive_is_reviewed_but_never_approved(qtbot, review, open_files, tmp_path: Path):
    [archive] = copy_in(tmp_path / "sent", ODILE)
    before = archive.read_bytes()
    open_files(review, [archive])
    verdict, summary = review.verdicts()["veteran-odile-marsh.md"]
    assert verdict is FileVerdict.FAIL
    assert summary.startswith("2 checks failed")
    review.select_file("veteran-odile-marsh.md")
    assert review.sheet.for_system("contract").header.title.text() == "Odile Marsh"
    assert review.audit.item_for("gift.style_not_allowed") is not None
    panel = review.approval
    assert not panel.approve_button.isEnabled() and not panel.request_button.isEnabled()
    assert panel.approve_button.toolTip().startswith(
        "veteran-odile-marsh.md is a website archive: it takes no approval. Import it"
    )
    assert "takes no approval" in panel.trust_note.text()
    assert archive.read_bytes() == before


def test_recording_a_decision_on_an_archive_is_refused_and_writes_nothing(tmp_path: Path):
    from builder.contract.gifts import default_catalog
    from builder.contract.sheet_catalog import load_sheet_catalog
    from builder.contract.system import audit_context

    [archive] = copy_in(tmp_path, ODILE)
    before = archive.read_bytes()
    context = ReviewContext(audit_context(default_catalog(), load_sheet_catalog()), None)
    reviewed = review_file(archive, context)
    assert reviewed.readable and reviewed.archive and reviewed.system_id == "contract"
    with pytest.raises(ReviewFileError, match="is a website archive: it takes no approval"):
        record_decision(reviewed, "contractor", "Lea")
    assert archive.read_bytes() == before
