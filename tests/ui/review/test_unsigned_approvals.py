"""The review window on approvals nobody can vouch for (issue 27.3).

Where this computer trusts a key (here: its own leader key, made through the
window), an unsigned approval, typed by anyone, is listed as "unsigned — not
counted" and approves nothing; where no key is trusted, the window says the
approvals cannot be checked.
"""

from __future__ import annotations

import json
from pathlib import Path

from builder.core.approval import CANNOT_CHECK, UNSIGNED_NOT_COUNTED, ItemState, approve
from tests.ui.review.conftest import DATA, copy_in
from ui.review.approval_panel import CANNOT_CHECK_HERE
from ui.review.keys import LeaderKeyDialog


def _unsigned(tmp_path: Path) -> Path:
    (path,) = copy_in(tmp_path, DATA / "clean.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    forged = approve(document, "contractor", "Lee", at="2025-06-01T12:00:00Z")
    path.write_text(json.dumps(forged, indent=2), encoding="utf-8")
    return path


def test_with_no_trusted_key_the_window_says_approvals_cannot_be_checked(
    review, open_files, tmp_path
):
    path = _unsigned(tmp_path)
    open_files(review, [path])
    review.select_file(path.name)
    assert review.approval.trust_note.text() == CANNOT_CHECK_HERE
    assert CANNOT_CHECK_HERE.lower().startswith(CANNOT_CHECK[:60])
    assert review.approval.records.item(0).text() == (
        "○ approved by Lee on 2025-06-01 12:00 UTC (contractor); unsigned"
    )


def test_where_a_key_is_trusted_an_unsigned_approval_is_not_counted(review, open_files, tmp_path):
    review.show_leader_key()  # this computer's own key is now trusted
    assert isinstance(review.current_dialog, LeaderKeyDialog)
    review.current_dialog.close()
    path = _unsigned(tmp_path)
    open_files(review, [path])
    review.select_file(path.name)
    assert review.approval.records.item(0).text() == (
        f"○ approved by Lee on 2025-06-01 12:00 UTC (contractor); {UNSIGNED_NOT_COUNTED}"
    )
    assert review.approval.trust_note.text() == ""
    reviewed = review.current_file()
    assert reviewed is not None and reviewed.review is not None
    assert reviewed.review.approvals.count(ItemState.APPROVED) == 0
    assert reviewed.review.approvals.count(ItemState.NOT_APPROVED) > 0
