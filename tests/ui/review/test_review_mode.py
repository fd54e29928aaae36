"""Review mode end to end: a leader opens a folder of files a player sent, reads the audit,
jumps to a finding, approves and signs, and later sees what changed since approval.

The files are the hand-made ones in tests/data/review/, copied into tmp_path:
Mara Quill (clean.json) passes every check; Ivo Brandt (overspent-by-5.json)
raises Charisma 2→3 for 10 Exp with only 5 left, so builder reports
``exp.overspent`` at ledger[11] with a shortfall of 5 and an available total
of 150 − 64 + 7 − 98 = −5. The library is opened by the main window and must
stay empty: review mode never imports.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from builder.core.approval import (
    ItemState,
    SignatureState,
    current_items,
    digest,
    public_key_text,
    verify,
)
from harbinger.shell.keys import export_public_key, load_leader_key
from models.library import Library
from tests.ui.review.conftest import DATA, copy_in
from ui.review.audit_panel import NUMBERS_ROLE
from ui.review.files import FileVerdict
from ui.review.keys import LeaderKeyDialog

CTRL = Qt.KeyboardModifier.ControlModifier

BROKEN = b'{"format": "harbinger.contractor", "version": 1,'
"""A file cut off mid-object, as a failed download leaves it."""


def test_review_mode_end_to_end(qtbot, window, library_path: Path, tmp_path: Path, open_files):  # noqa: PLR0915  (111 statements when the limits came in)
    sent = tmp_path / "sent"
    clean, overspent = copy_in(sent, DATA / "clean.json", DATA / "overspent-by-5.json")
    (sent / "broken.json").write_bytes(BROKEN)

    # File → Review Files… opens review mode beside the (empty) library.
    assert window.actions["review"].shortcut().toString() == "Ctrl+Shift+R"
    window.actions["review"].trigger()
    review = window.review_window
    qtbot.waitExposed(review)
    open_files(review, [sent])

    # The list gives each file its verdict; the broken one says why it cannot be read.
    verdicts = review.verdicts()
    # Its Journals carry no text, so their word count is a line to look at, not a failure.
    assert verdicts["clean.json"] == (FileVerdict.PASS, "1 to look at; not approved")
    assert verdicts["overspent-by-5.json"] == (FileVerdict.FAIL, "1 check failed; not approved")
    broken_message = (
        "not a character file: file is not valid JSON: Expecting property name enclosed in "
        "double quotes at line 1 column 49"
    )
    assert verdicts["broken.json"] == (FileVerdict.UNREADABLE, broken_message)
    assert f"⊘ UNREADABLE\nbroken.json · {broken_message}" in review.list_texts()
    review.select_file("broken.json")
    assert broken_message in review.sheet.message.text()

    # The overspent contractor: its audit shows exp.overspent with builder's numbers.
    review.select_file("overspent-by-5.json")
    assert review.sheet.for_system("contract").header.title.text() == "Ivo Brandt"
    finding = review.audit.item_for("exp.overspent")
    assert finding is not None
    assert finding.data(0, NUMBERS_ROLE) == {"available": 5, "cost": 10, "shortfall": 5}
    assert finding.text(0) == (
        "✖ Raise 8 (2025-02-09): this costs 10 Exp but only 5 is available (5 short); record the "
        "Exp earned before it, or remove or edit this entry  (available 5, cost 10, shortfall 5)"
    )
    exp_line = review.audit.item_for("exp")
    assert exp_line.text(0).startswith("✖ Exp earned, spent and available\n")
    assert "available -5 (= 150 starting − 64 at creation + 7 earned − 98 spent)" in (
        exp_line.text(0)
    )

    # Enter on the finding jumps to the ledger row it names.
    assert review.audit.select("exp.overspent")
    qtbot.keyClick(review.audit.tree, Qt.Key.Key_Return)
    sheet = review.sheet.for_system("contract")
    assert sheet.current_tab() == "Exp log"
    assert sheet.ledger.current_row() == 11
    assert sheet.ledger.cell(11, 2) == "Raise Charisma to 3"
    assert sheet.ledger.cell(11, 4) == "10"  # spent
    assert sheet.ledger.cell(11, 5) == "-5"  # available after it

    # Approve the clean contractor as a whole, signed (the key is made on first use).
    review.select_file("clean.json")
    panel = review.approval
    panel.approver.clear()
    qtbot.keyClicks(panel.approver, "Lee Marsh")
    panel.sign.setChecked(True)
    assert panel.select_scope("contractor")
    qtbot.keyClick(panel.table, Qt.Key.Key_Return, CTRL)
    dialog = review.current_dialog
    assert isinstance(dialog, LeaderKeyDialog)
    public = export_public_key()
    assert dialog.key_field.text() == public
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == public
    dialog.close()

    # …and its one Gift on its own, with a note.
    assert panel.select_scope("gift:mend")
    note = "Mend reads well; keep the once-per-Injury line."
    qtbot.keyClicks(panel.note, note)
    panel.approve_button.click()
    assert review.current_dialog is None  # no second key was made

    document = json.loads(clean.read_text(encoding="utf-8"))
    records = document["approvals"]
    assert [r["scope"] for r in records] == ["contractor", "gift:mend"]
    assert {r["approved_by"] for r in records} == {"Lee Marsh"}
    assert records[1]["item_notes"] == {"gift:mend": note}
    items = current_items(document)
    assert records[1]["items"] == {"gift:mend": digest(items["gift:mend"])}
    status = verify(document, {public: "Lee Marsh"})
    assert [r.signature for r in status.records] == [SignatureState.VALID, SignatureState.VALID]
    assert [r.signer for r in status.records] == ["Lee Marsh", "Lee Marsh"]
    assert all(r.public_key == public_key_text(load_leader_key()) for r in status.records)
    assert {i.state for i in status.items} == {ItemState.APPROVED}
    assert review.verdicts()["clean.json"] == (FileVerdict.PASS, "1 to look at; approved")
    gift_row = panel.row("gift:mend")
    assert gift_row.status_text == "approved · Lee Marsh"
    assert gift_row.signature_text == "✔ valid"
    assert f"note: {note}" in gift_row.detail

    # The player edits one word of the Gift's stored System Text; the leader reopens it.
    text = clean.read_text(encoding="utf-8")
    assert text.count("within arm's reach") == 1 + 2  # the Gift, and the two snapshots
    edited = json.loads(text)
    gift = edited["character"]["gifts"][0]
    gift["system_text"] = gift["system_text"].replace("arm's reach", "arm's span")
    clean.write_text(json.dumps(edited, indent=2), encoding="utf-8")
    open_files(review, [clean])
    review.select_file("clean.json")
    # A changed System Text fails the audit, approved or not (issue 33 item 3); the
    # approval panel still says which approved item changed.
    assert review.verdicts()["clean.json"][0] is FileVerdict.FAIL
    gift_row = panel.row("gift:mend")
    assert gift_row.state is ItemState.CHANGED
    assert gift_row.status_text == "changed since approval · Lee Marsh"
    assert "system_text:" in gift_row.detail
    assert "«reach»" in gift_row.detail
    assert "«span»" in gift_row.detail
    core_row = panel.row("core")
    assert core_row.state is ItemState.APPROVED
    assert core_row.status_text == "approved · Lee Marsh"
    assert panel.row("contractor").status_text == "changed since approval (1 of 8)"
    panel.select_scope("gift:mend")
    assert "changed since approval" in panel.detail.toPlainText()

    # A copy whose signed record was altered afterwards shows as rejected.
    forged = json.loads(clean.read_text(encoding="utf-8"))
    forged["approvals"][1]["note"] = "Approved, and 3 extra Gift Credits granted."
    forged_path = sent / "forged.json"
    forged_path.write_text(json.dumps(forged, indent=2), encoding="utf-8")
    open_files(review, [forged_path])
    verdict, summary = review.verdicts()["forged.json"]
    assert verdict is FileVerdict.REJECTED
    assert "1 approval rejected" in summary
    review.select_file("forged.json")
    lines = [panel.records.item(i).text() for i in range(panel.records.count())]
    assert lines[1].startswith("✖ approved by Lee Marsh on ")
    assert "REJECTED: the signature does not match the record (forged or altered)" in lines[1]

    # Files nobody approved are byte for byte as sent, and the library was never touched.
    assert overspent.read_bytes() == (DATA / "overspent-by-5.json").read_bytes()
    assert window.roster.lines() == []
    window.close()
    library = Library.open(str(library_path))
    try:
        assert library.roster() == []
    finally:
        library.close()
