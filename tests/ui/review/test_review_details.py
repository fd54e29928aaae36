"""Review mode, part by part: jumps to each kind of field, Covenant files, requests for
changes, refusals that leave the file alone, trusted keys, catalogs, keyboard, background.

Every file is a real one copied into tmp_path; approvals are read back with
``builder.core.approval.verify``.
"""

from __future__ import annotations

import json
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from builder.core.approval import (
    ItemState,
    Verdict,
    approve,
    key_fingerprint,
    public_key_text,
    verify,
)
from builder.covenant.file import read_covenant_file
from harbinger.shell.keys import export_public_key
from tests.ui.review.conftest import COVENANT_EXAMPLE, DATA, EXAMPLES, close_dialog, copy_in
from ui.review import ReviewWindow
from ui.review.files import FileVerdict
from ui.review.keys import LeaderKeyDialog, TrustedKeysDialog

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


def _records(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["approvals"]


# --------------------------------------------------------------------------- jumping


def test_each_finding_of_a_seasoned_contractor_jumps_to_its_row(review, open_files, tmp_path):
    """Ines Varga (Seasoned example) has a custom Limit (limits[2]), an Asset bought after
    creation (ledger[62]) and a Loose End whose Cutoff has run out (loose_ends[0])."""
    (path,) = copy_in(tmp_path, EXAMPLES / "seasoned-ines-varga.json")
    open_files(review, [path])
    review.select_file(path.name)
    sheet = review.sheet.for_system("contract")

    review.audit.select("limits.custom")
    qtbot_enter(review)
    assert sheet.current_tab() == "Concept"
    assert sheet.limits.current_row() == 2
    assert sheet.limits.cell(2, 0) == "Desecration (custom)"

    review.audit.select("asset.after_creation")
    qtbot_enter(review)
    assert sheet.current_tab() == "Exp log"
    row = sheet.ledger.current_row()
    assert sheet.ledger.cell(row, 0) == "62"
    assert sheet.ledger.cell(row, 2).startswith("Buy Asset: ")

    review.audit.select("loose_end.due")
    qtbot_enter(review)
    assert sheet.current_tab() == "Story"
    assert sheet.loose_ends.current_row() == 0

    # A Gift's cost line points at the Gift; its stored System Text is shown beside it.
    third = [i for i in review.audit.items() if i.data(0, Qt.ItemDataRole.UserRole) == "gifts[2]"]
    review.audit.tree.setCurrentItem(third[0])
    qtbot_enter(review)
    assert sheet.current_tab() == "Gifts"
    assert sheet.gifts.current_row() == 2
    gift = review.current_file().character.gifts[2]
    assert sheet.gift_system.text() == gift.system_text

    # Pointers at creation choices open the Stats tab on the right row.
    assert review.jump_to("creation.attributes.charisma")
    assert sheet.current_tab() == "Stats"
    assert sheet.attributes.current_row() == 3
    assert sheet.attributes.cell(3, 0) == "Charisma"
    assert review.jump_to("creation.abilities.firearms")
    assert sheet.abilities.cell(sheet.abilities.current_row(), 0) == "Firearms"
    assert not review.jump_to("nowhere.at.all")


def qtbot_enter(review: ReviewWindow) -> None:
    """Press Enter in the audit, as a leader moving by keyboard does."""
    QTest.keyClick(review.audit.tree, Qt.Key.Key_Return)


# --------------------------------------------------------------------------- Covenant


def test_a_covenant_file_is_audited_approved_and_still_reads(review, open_files, tmp_path):
    (path,) = copy_in(tmp_path, COVENANT_EXAMPLE)
    open_files(review, [path])
    review.select_file(path.name)
    assert review.verdicts()[path.name] == (FileVerdict.PASS, "all 6 checks pass; not approved")
    ties = review.audit.item_for("covenant.ties")
    assert ties.text(0) == (
        "✔ Ties and Discipline\nTies: 3 held, 0 lost; Discipline 300 = 100 × 3 "
        "(free 285, scene 0, chapter 15, long-term 0)"
    )
    sheet = review.sheet.for_system("covenant")
    assert review.sheet.currentWidget() is sheet
    assert review.jump_to("log[3]")
    assert sheet.current_tab() == "Play log"
    assert sheet.log.current_row() == 3
    assert review.jump_to("creation.ties[1]")
    assert sheet.ties.current_row() == 1

    panel = review.approval
    assert [row.scope for row in panel.rows] == ["character", "core", "log"]
    assert panel.row("log").title == "Play log (12 entries)"
    panel.approver.setText("Sam Okoye")
    panel.select_scope("core")
    assert review.decide(Verdict.APPROVED)
    panel.select_scope("log")
    panel.set_note("Scene 2's resist roll: say which Trait you used.")
    assert review.decide(Verdict.CHANGES_REQUESTED)

    assert [(r["scope"], r["verdict"]) for r in _records(path)] == [
        ("core", "approved"),
        ("log", "changes_requested"),
    ]
    reread = read_covenant_file(path)  # the file is still a valid Covenant file
    status = verify(json.loads(path.read_text(encoding="utf-8")))
    states = {item.key: item.state for item in status.items}
    assert states["core"] is ItemState.APPROVED
    assert {states[f"log[{i}]"] for i in range(len(reread.character.log))} == {
        ItemState.CHANGES_REQUESTED
    }
    assert panel.row("log").status_text == "changes requested (12 of 12)"
    assert panel.row("character").status_text == "changes requested (12 of 13)"


# --------------------------------------------------------------------------- refusals


def test_requesting_changes_needs_a_note_and_records_it_per_item(review, open_files, tmp_path):
    (path,) = copy_in(tmp_path, DATA / "stored-cost-differs.json")
    before = path.read_bytes()
    open_files(review, [path])
    review.select_file(path.name)
    panel = review.approval
    panel.approver.setText("Lee Marsh")
    gift_scope = next(row.scope for row in panel.rows if row.scope.startswith("gift:"))
    panel.select_scope(gift_scope)

    assert not review.decide(Verdict.CHANGES_REQUESTED)
    assert close_dialog(review).startswith("Type a note for the player")
    assert path.read_bytes() == before

    panel.set_note("Stored at the wrong cost: price it again in the Gift Builder.")
    assert review.decide(Verdict.CHANGES_REQUESTED)
    (record,) = _records(path)
    assert record["verdict"] == "changes_requested"
    assert record["item_notes"] == {
        gift_scope: "Stored at the wrong cost: price it again in the Gift Builder."
    }
    row = panel.row(gift_scope)
    assert row.state is ItemState.CHANGES_REQUESTED
    assert row.status_text == "changes requested · Lee Marsh"
    assert "note: Stored at the wrong cost" in row.detail
    assert panel.note.text() == ""  # the note went into the file


def test_no_approval_without_a_name(review, open_files, tmp_path):
    (path,) = copy_in(tmp_path, DATA / "clean.json")
    before = path.read_bytes()
    open_files(review, [path])
    review.approval.approver.clear()
    assert not review.decide(Verdict.APPROVED)
    assert close_dialog(review).startswith("Type your name under Approved by")
    assert path.read_bytes() == before


def test_a_file_changed_on_disk_since_opening_is_not_written(review, open_files, tmp_path):
    (path,) = copy_in(tmp_path, DATA / "clean.json")
    open_files(review, [path])
    edited = path.read_text(encoding="utf-8").replace('"Jo"', '"Jo R."')
    path.write_text(edited, encoding="utf-8")
    review.approval.approver.setText("Lee Marsh")
    assert not review.decide(Verdict.APPROVED)
    assert close_dialog(review) == (
        "clean.json changed on disk since it was opened; it was not written. "
        "Reload it and review it again."
    )
    assert path.read_text(encoding="utf-8") == edited


# --------------------------------------------------------------------------- keys


def test_another_leaders_signature_counts_once_their_key_is_trusted(
    qtbot, review, open_files, tmp_path
):
    """Ana signed an approval on her computer. Until her public key is trusted here, the
    record is rejected; after it is added under Trusted keys, it is valid and named."""
    ana = Ed25519PrivateKey.generate()
    ana_public = public_key_text(ana)
    (path,) = copy_in(tmp_path, DATA / "clean.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    signed = approve(document, "contractor", "Ana Ruiz", key=ana, at="2025-06-01T12:00:00Z")
    path.write_text(json.dumps(signed, indent=2), encoding="utf-8")

    review.show_leader_key()  # this leader's own key now exists: signatures are checked
    assert isinstance(review.current_dialog, LeaderKeyDialog)
    review.current_dialog.close()
    open_files(review, [path])
    verdict, summary = review.verdicts()[path.name]
    assert verdict is FileVerdict.REJECTED
    assert "1 approval rejected" in summary
    review.select_file(path.name)
    assert review.approval.records.item(0).text() == (
        "✖ approved by Ana Ruiz on 2025-06-01 12:00 UTC (contractor); REJECTED: signed with "
        f"key {key_fingerprint(ana_public)}, which is not one you trust"
    )

    review.manage_trusted_keys()
    dialog = review.current_dialog
    assert isinstance(dialog, TrustedKeysDialog)
    dialog.key_field.setText("not-a-key")
    dialog.name_field.setText("Mallory")
    assert not dialog.add()
    assert dialog.message.text() == "not a public key: the public key is not valid base64"
    dialog.key_field.setText(ana_public)
    dialog.name_field.setText("Ana Ruiz")
    with qtbot.waitSignal(review.files_loaded, timeout=30000):
        assert dialog.add()
    assert dialog.names() == ["Ana Ruiz"]
    dialog.close()
    # The Journals' word count cannot be verified without their text: one line to look at.
    assert review.verdicts()[path.name] == (FileVerdict.PASS, "1 to look at; approved")
    assert review.approval.row("contractor").signature_text == "✔ valid"
    assert "signature valid (by Ana Ruiz, key " in review.approval.records.item(0).text()
    assert export_public_key() != ana_public


def test_signing_uses_one_key_and_the_approver_is_remembered(qtbot, review, open_files, tmp_path):
    first, second = copy_in(tmp_path, DATA / "clean.json", DATA / "bonus-past-cap.json")
    open_files(review, [first, second])
    panel = review.approval
    panel.approver.setText("Lee Marsh")
    panel.sign.setChecked(True)
    for path in (first, second):
        review.select_file(path.name)
        assert review.decide(Verdict.APPROVED)
        if review.current_dialog is not None:
            review.current_dialog.close()
    keys = {_records(p)[0]["signature"]["public_key"] for p in (first, second)}
    assert keys == {export_public_key()}

    again = ReviewWindow()
    qtbot.addWidget(again)
    assert again.approval.approver.text() == "Lee Marsh"
    assert again.approval.sign.isChecked()


# --------------------------------------------------------------------------- catalogs


def test_a_catalog_that_cannot_load_reaches_the_leader(qtbot, review, open_files, tmp_path):
    (path,) = copy_in(tmp_path / "sent", DATA / "house-rules" / "house-rule-gift.json")
    empty = tmp_path / "not-a-catalog"
    empty.mkdir()
    review.settings.set_house_catalogs([str(empty)])
    open_files(review, [path])
    message = close_dialog(review)
    assert message.startswith("1 problem(s) in the Gift catalog:")
    assert "a house-rule catalog folder needs catalog.toml" in message
    verdict, summary = review.verdicts()[path.name]
    assert verdict is FileVerdict.UNREADABLE
    assert summary.startswith("not reviewed: 1 problem(s) in the Gift catalog")

    # With the playgroup's house-rule catalog the same file is reviewed, and passes.
    with qtbot.waitSignal(review.files_loaded, timeout=30000):
        review.set_house_catalogs([str(DATA / "house-rules" / "lantern-catalog")])
    verdict, summary = review.verdicts()[path.name]
    assert verdict is FileVerdict.PASS
    assert summary == "2 to look at; not approved"  # house-rule content, unverifiable Journals


# --------------------------------------------------------------------------- keyboard, background


def test_arrows_move_through_files_and_shortcuts_are_bound(qtbot, review, open_files, tmp_path):
    copy_in(tmp_path, DATA / "clean.json", DATA / "overspent-by-5.json")
    open_files(review, [tmp_path])
    review.file_list.setFocus()
    review.file_list.setCurrentRow(0)
    assert review.sheet.for_system("contract").header.title.text() == "Mara Quill"
    qtbot.keyClick(review.file_list, Qt.Key.Key_Down)
    assert review.current_path().name == "overspent-by-5.json"
    assert review.sheet.for_system("contract").header.title.text() == "Ivo Brandt"
    qtbot.keyClick(review.approval.table, Qt.Key.Key_Up, ALT)
    assert review.current_path().name == "clean.json"
    shortcuts = {
        key: [s.toString() for s in review.actions[key].shortcuts()]
        for key in ("open_file", "open_folder", "approve")
    }
    assert shortcuts == {
        "open_file": ["Ctrl+O"],
        "open_folder": ["Ctrl+Shift+O"],
        "approve": ["Ctrl+Return", "Ctrl+Enter"],
    }


def test_a_folder_is_read_in_the_background_with_progress(qtbot, review, tmp_path):
    for i in range(12):
        (tmp_path / f"copy-{i:02}.json").write_bytes((DATA / "clean.json").read_bytes())
    with qtbot.waitSignal(review.files_loaded, timeout=30000):
        review.open_paths([tmp_path])
        # open_paths returned before any file was read: the work is on the worker thread.
        assert review.verdicts() == {}
        assert review.list_texts()[0] == "… copy-00.json\nreading"
        assert review.progress.isVisible()
        assert review.progress.maximum() == 12
    assert not review.progress.isVisible()
    assert len(review.verdicts()) == 12
    assert {v for v, _ in review.verdicts().values()} == {FileVerdict.PASS}
    assert review.statusBar().currentMessage() == "Reviewed 12 files: 12 pass"


def test_approving_the_whole_contractor_carries_the_notes_typed_per_item(
    review, open_files, tmp_path
):
    (path,) = copy_in(tmp_path, DATA / "clean.json")
    open_files(review, [path])
    panel = review.approval
    panel.approver.setText("Lee Marsh")
    for scope, note in (
        ("gift:mend", "Nice restraint on the range."),
        ("ledger", "Journal of 2025-01-12 counted once, as it should be."),
        ("contractor", "Welcome to the Tuesday Lantern table."),
    ):
        panel.select_scope(scope)
        panel.set_note(note)
    panel.select_scope("gift:mend")
    assert panel.note.text() == "Nice restraint on the range."  # each row keeps its own note
    (other,) = copy_in(tmp_path / "other", DATA / "overspent-by-5.json")
    open_files(review, [other])
    review.select_file(other.name)
    assert panel.notes == {}
    review.select_file(path.name)  # and each file its own notes
    panel.select_scope("gift:mend")
    assert panel.note.text() == "Nice restraint on the range."
    panel.select_scope("contractor")
    assert review.decide(Verdict.APPROVED)
    (record,) = _records(path)
    assert record["scope"] == "contractor"
    assert record["item_notes"] == {"gift:mend": "Nice restraint on the range."}
    assert record["note"] == (
        "Welcome to the Tuesday Lantern table.\n"
        "Exp ledger (6 entries): Journal of 2025-01-12 counted once, as it should be."
    )
    assert panel.notes == {}
    assert panel.row("gift:mend").detail.splitlines()[1] == "    note: Nice restraint on the range."
