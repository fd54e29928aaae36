"""This Mortal Coil and The Coven in the main window (issue 12 item 6, issues 18 and 19).

Both games are created from the Contractor menu, played on their own sheet in
the sheet area, and every action is one ``CharacterCommand`` on the
character's own undo stack: switching to a contractor and back leaves each
character's Undo naming its own last action. Everything is saved at once, so
closing and reopening the library finds them as they were, and exported
files open in review mode.

The fight, worked by hand: a spacefarer entered with STR 10 and HP 4, armor 0,
takes a d8 result of 9: 4 off HP, the 5 beyond 0 off STR (10 → 5); the STR
save is entered as 7 > 5, so it fails (critical damage). A save passes on a
d20 roll ≤ STR, so at STR 5 the chance is 5/20 = 1/4.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QKeySequence

from tests.ui.conftest import create_contractor
from tests.ui.coven.test_coven_ui import fill
from ui.coven import ChronicleView, CreateChronicleDialog
from ui.main_window import MainWindow
from ui.mortal_coil import SpacefarerCreationDialog, SpacefarerSheet
from ui.roster import GAME_COLUMN, ID_ROLE


def new_spacefarer(window: MainWindow, name: str = "Tamsin Roe") -> SpacefarerSheet:
    """New Spacefarer… from the menu, entered from a paper sheet: STR 10, HP 4."""
    window.actions["new_spacefarer"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, SpacefarerCreationDialog)
    dialog.form.name.setText(name)
    dialog.form.player.setText("Ines")
    dialog.form.use_entered.setChecked(True)
    dialog.form.entered["str"].setValue(10)
    dialog.form.entered["hp"].setValue(4)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    sheet = window.game_sheet
    assert isinstance(sheet, SpacefarerSheet)
    assert window.tabs.currentWidget() is sheet
    return sheet


def take_a_hit(sheet: SpacefarerSheet) -> None:
    sheet.attack_die.setValue(8)
    sheet.harm_roll.setValue(9)
    sheet.save_roll.setValue(7)
    sheet.harm_button.click()


def new_chronicle(window: MainWindow) -> ChronicleView:
    """New Chronicle… from the menu: Millbrook with Ann and Bo."""
    window.actions["new_chronicle"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, CreateChronicleDialog)
    fill(dialog)
    dialog.accept()
    view = window.game_sheet
    assert isinstance(view, ChronicleView)
    assert window.tabs.currentWidget() is view
    return view


def add_contractor(window: MainWindow) -> str:
    create_contractor(window, "Mara Quill")
    assert window.contractor is not None and window.game_sheet is None
    return window.contractor.id


def roster_cell(window: MainWindow, character_id: str, column: int) -> str:
    """The text of a character's roster row in ``column``."""
    model = window.roster.model
    for g in range(model.rowCount()):
        group = model.item(g, 0)
        for r in range(group.rowCount()):
            if group.child(r, 0).data(ID_ROLE) == character_id:
                return group.child(r, column).text()
    return ""


def test_every_action_has_its_own_shortcut(window: MainWindow) -> None:
    keys = [
        key.toString()
        for action in window.findChildren(type(window.actions["quit"]))
        for key in action.shortcuts()
    ]
    assert len(keys) == len(set(keys)), sorted(keys)
    shortcut = {k: window.actions[k].shortcut() for k in ("new_spacefarer", "new_chronicle")}
    assert shortcut == {
        "new_spacefarer": QKeySequence("Ctrl+Shift+M"),
        "new_chronicle": QKeySequence("Ctrl+Shift+H"),
    }
    assert window.actions["new_covenant"].shortcut() != window.actions["new_library"].shortcut()


def test_a_spacefarer_keeps_its_own_undo_beside_a_contractor(
    window: MainWindow, open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:
    undo = window.actions["undo"]
    sheet = new_spacefarer(window)
    sid = sheet.character_id
    library = window.workspace.library
    assert library.system_of(sid) == "mortal-coil"
    # The game has its own column; Status holds statuses only (issue 33, item 2).
    assert roster_cell(window, sid, GAME_COLUMN) == "Mortal Coil"  # short; whole in its tooltip
    assert roster_cell(window, sid, 1) == "—"
    assert undo.text() == "&Undo Create Tamsin Roe"

    take_a_hit(sheet)
    assert sheet.vitals["hp"].text() == "0 / 4"
    assert sheet.vitals["str"].text() == "5 / 10   save 1/4"
    assert sheet.status.text() == "Disabled: dies within an hour without aid and rest."
    assert undo.text() == "&Undo Take damage"
    assert len(library.load(sid).log) == 1

    cid = add_contractor(window)
    assert undo.text() != "&Undo Take damage"
    window.roster.select(sid)
    assert window.game_sheet.character_id == sid
    assert undo.text() == "&Undo Take damage"
    window.roster.select(cid)
    window.roster.select(sid)
    undo.trigger()  # takes back the hit, in the library too
    assert library.load(sid).log == ()
    assert window.game_sheet.vitals["str"].text() == "10 / 10   save 1/2"
    assert window.statusBar().currentMessage() == "Undid Take damage"
    window.actions["redo"].trigger()
    assert len(library.load(sid).log) == 1

    window.close()
    reopened = open_window(library_path)
    assert roster_cell(reopened, sid, GAME_COLUMN) == "Mortal Coil"
    reopened.roster.select(sid)
    shown = reopened.game_sheet
    assert isinstance(shown, SpacefarerSheet)
    assert shown.vitals["str"].text() == "5 / 10   save 1/4"
    assert shown.log.item(0).text().startswith("1. ")


def test_a_chronicle_keeps_its_own_undo_beside_a_contractor(
    window: MainWindow, open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:
    undo = window.actions["undo"]
    view = new_chronicle(window)
    chronicle_id = view.character_id
    library = window.workspace.library
    assert library.system_of(chronicle_id) == "coven"
    assert roster_cell(window, chronicle_id, GAME_COLUMN) == "Coven"  # short; whole in its tooltip
    view.physical.setText("JH AS KD QD 2C 3C 4C 5C 6C 7C")
    view.record_deal()
    assert view.session.state.week == 1
    assert undo.text() == "&Undo Record the week's deal"

    cid = add_contractor(window)
    assert undo.text() != "&Undo Record the week's deal"
    window.roster.select(chronicle_id)
    assert window.game_sheet.character_id == chronicle_id
    assert undo.text() == "&Undo Record the week's deal"
    window.roster.select(cid)
    window.roster.select(chronicle_id)
    undo.trigger()
    assert library.load(chronicle_id).log == ()
    assert window.game_sheet.session.state.week == 0
    window.actions["redo"].trigger()
    assert len(library.load(chronicle_id).log) == 1

    window.close()
    reopened = open_window(library_path)
    assert roster_cell(reopened, chronicle_id, GAME_COLUMN) == "Coven"
    reopened.roster.select(chronicle_id)
    shown = reopened.game_sheet
    assert isinstance(shown, ChronicleView)
    assert shown.session.state.week == 1
    assert shown.dealt.text() == "JH AS KD QD 2C 3C 4C 5C 6C 7C"


def test_both_games_print_delete_and_undo_the_deletion(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    from pypdf import PdfReader

    library = window.workspace.library
    for make, name in ((new_spacefarer, "Tamsin Roe"), (new_chronicle, "Millbrook")):
        sheet = make(window)
        target = tmp_path / f"{name}.pdf"
        window.print_pdf(target, "a4")
        qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
        assert name in "".join(page.extract_text() for page in PdfReader(target).pages)
        character_id = sheet.character_id
        window.confirm_delete()
        window.current_dialog.accept()
        assert not library.exists(character_id) and window.game_sheet is None
        assert window.actions["undo"].text() == f"&Undo Delete {name}"
        window.actions["undo"].trigger()
        assert library.exists(character_id)
        assert window.game_sheet.character_id == character_id


def test_the_roster_opens_them_on_a_double_click(window: MainWindow, qtbot) -> None:
    sid = new_spacefarer(window).character_id
    add_contractor(window)
    window.roster.contractor_activated.emit(sid)
    assert window.game_sheet is not None and window.game_sheet.character_id == sid


def test_review_mode_opens_exported_spacefarer_and_chronicle_files(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    files = []
    for make, name in ((new_spacefarer, "Tamsin Roe"), (new_chronicle, "Millbrook")):
        sheet = make(window)
        if isinstance(sheet, SpacefarerSheet):
            take_a_hit(sheet)
        path = tmp_path / f"{name}.json"
        window.export_file(path)
        qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
        files.append(path)
    window.actions["review"].trigger()
    review = window.review_window
    with qtbot.waitSignal(review.files_loaded, timeout=30000):
        review.open_paths(files)
    verdicts = review.verdicts()
    assert set(verdicts) == {"Tamsin Roe.json", "Millbrook.json"}
    assert all(v[0].name in ("PASS", "FAIL") for v in verdicts.values()), verdicts

    review.select_file("Tamsin Roe.json")
    spacefarer = review.sheet.for_system("mortal-coil")
    assert review.sheet.currentWidget() is spacefarer
    assert spacefarer.header.title.text() == "Tamsin Roe"
    assert spacefarer.vitals.value("STR") == "5 / 10 (save 1/4)"
    assert spacefarer.log.row_count() == 1
    assert spacefarer.jump_to("log[0]") and spacefarer.current_tab() == "Play log"

    review.select_file("Millbrook.json")
    chronicle = review.sheet.for_system("coven")
    assert review.sheet.currentWidget() is chronicle
    assert chronicle.header.title.text() == "Millbrook"
    assert chronicle.elements.row_count() == 5
    assert [chronicle.practitioners.cell(r, 0) for r in range(2)] == ["Ann", "Bo"]
    assert chronicle.practitioners.cell(0, 2) == "10" and chronicle.practitioners.cell(0, 3) == "3"
