"""The approval panel's rows, read from real files approved with ``builder.core.approval``.

Mara Quill (tests/data/review/clean.json) has a core, one Gift (mend) and six
ledger entries: eight approval items in all.
"""

from __future__ import annotations

import json
from pathlib import Path

from builder.core.approval import ItemState, Verdict, approve
from tests.ui.review.conftest import DATA
from ui.catalog import sheet_catalog
from ui.review.files import (
    FileVerdict,
    ReviewContext,
    ReviewedFile,
    expand_paths,
    review_bytes,
)
from ui.review.items import approval_rows, fold_keys, when

AT = "2025-06-01T12:00:00Z"


def _context() -> ReviewContext:
    from builder.contract.gifts import default_catalog
    from builder.contract.system import audit_context

    return ReviewContext(audit_context(default_catalog(), sheet_catalog()), None)


def _reviewed(document: dict, name: str = "clean.json") -> ReviewedFile:
    data = json.dumps(document).encode("utf-8")
    return review_bytes(Path(name), data, _context())


def _clean() -> dict:
    return json.loads((DATA / "clean.json").read_text(encoding="utf-8"))


def test_rows_of_a_file_never_approved():
    rows = approval_rows(_reviewed(_clean()))
    assert [(r.scope, r.title, len(r.keys)) for r in rows] == [
        ("contractor", "Whole contractor", 8),
        ("core", "Core: concept, creation, Limits, Source", 1),
        ("gift:mend", "Gift 'Mend' (mend)", 1),
        ("ledger", "Exp ledger (6 entries)", 6),
    ]
    assert [r.status_text for r in rows] == [
        "not approved (8 of 8)",
        "not approved",
        "not approved",
        "not approved (6 of 6)",
    ]
    assert rows[0].detail == "Not approved (8): the main sheet, Gift mend, ledger entries 1–6"


def test_a_partly_approved_file_and_a_request_for_changes():
    document = approve(_clean(), "core", "Lee Marsh", at=AT)
    document = approve(
        document,
        "gift:mend",
        "Lee Marsh",
        "Say which Injury it heals first.",
        verdict=Verdict.CHANGES_REQUESTED,
        item_notes={"gift:mend": "Say which Injury it heals first."},
        at=AT,
    )
    reviewed = _reviewed(document)
    rows = {r.scope: r for r in approval_rows(reviewed)}
    assert rows["core"].status_text == "approved · Lee Marsh"
    assert rows["core"].signature_text == "unsigned"
    assert rows["gift:mend"].state is ItemState.CHANGES_REQUESTED
    assert rows["gift:mend"].detail == (
        "Gift 'Mend' (mend): changes requested (by Lee Marsh on 2025-06-01 12:00 UTC)\n"
        "    note: Say which Injury it heals first.\n"
        "    unsigned"
    )
    assert rows["contractor"].status_text == "changes requested (1 of 8)"
    assert rows["ledger"].status_text == "not approved (6 of 6)"
    # Its Journals were recorded without their text: the word count is for the leader to check.
    assert reviewed.summary() == "1 to look at; 1 of 8 items approved; changes requested on 1"


def test_a_gift_removed_after_approval_cannot_be_approved_again():
    document = approve(_clean(), "contractor", "Lee Marsh", at=AT)
    document["character"]["gifts"] = []
    document["character"]["ledger"] = [
        e for e in document["character"]["ledger"] if e["type"] != "gift_change"
    ]
    reviewed = _reviewed(document)
    # Legal (an unspent Gift Credit is allowed), but no longer what was approved.
    assert reviewed.verdict is FileVerdict.CHANGED
    rows = {r.scope: r for r in approval_rows(reviewed)}
    assert rows["gift:mend"].state is ItemState.REMOVED
    assert not rows["gift:mend"].approvable
    assert rows["gift:mend"].status_text == "removed since approval · Lee Marsh"


def test_entries_fold_into_ranges_and_times_read_plainly():
    assert fold_keys(["core", "ledger[0]", "ledger[1]", "ledger[2]", "ledger[5]", "gift:a"]) == (
        "the main sheet, ledger entries 1–3, ledger entry 6, Gift a"
    )
    assert when("2025-06-01T12:00:00Z") == "2025-06-01 12:00 UTC"
    assert when("") == "?"


def test_folders_expand_to_their_character_files(tmp_path):
    (tmp_path / "b.json").write_text("{}", encoding="utf-8")
    (tmp_path / "A.json").write_text("{}", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    files, problems = expand_paths([tmp_path, tmp_path / "b.json", empty, tmp_path / "gone.json"])
    assert [f.name for f in files] == ["A.json", "b.json"]
    assert problems == [
        f"{empty}: the folder holds no .json files",
        f"{tmp_path / 'gone.json'}: no such file",
    ]
