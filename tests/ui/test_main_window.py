"""The main window's frame: menus and shortcuts, remembered settings, the roster,
the first-launch offer of example characters, import and export."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox

from harbinger.shell.paths import sqlite_url
from resources import resource_path
from tests.ui.conftest import create_contractor
from ui.main_window import MainWindow
from ui.settings import AppSettings


def test_standard_shortcuts(window: MainWindow) -> None:
    def keys(name: str) -> list[str]:
        return [s.toString() for s in window.actions[name].shortcuts()]

    assert "Ctrl+N" in keys("new_contractor")
    assert "Ctrl+O" in keys("open_library")
    assert "Ctrl+Z" in keys("undo")
    assert "Ctrl+Shift+Z" in keys("redo")
    assert "Ctrl+F" in keys("find")
    assert "Ctrl+P" in keys("print")
    assert keys("import") == ["Ctrl+I"]
    assert keys("export") == ["Ctrl+E"]
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&Contractor", "&View", "&Help"]
    window.actions["find"].trigger()
    assert window.roster.search.hasFocus() or window.focusWidget() is window.roster.search
    assert QKeySequence("Ctrl+D") == window.actions["dice"].shortcut()


def test_settings_live_in_the_test_folder_and_remember_the_window(
    open_window: Callable[..., MainWindow], library_path: Path, tmp_path: Path
) -> None:
    settings = AppSettings()
    assert Path(settings.path).parent == Path(str(Path.home() / "settings"))
    window = open_window(library_path)
    window.resize(790, 560)  # the offscreen screen is only 800 pixels wide
    size = window.size()
    window.close()
    assert AppSettings().recent_libraries() == [sqlite_url(library_path)]

    other = tmp_path / "second.sqlite3"
    again = open_window(other)
    assert again.size() == size
    assert not again.dice_dock.isVisible()
    assert AppSettings().recent_libraries() == [sqlite_url(other), sqlite_url(library_path)]
    again.dice_dock.show()
    again.close()
    third = open_window(other)
    assert third.dice_dock.isVisible()
    again = third
    again.recent_menu.aboutToShow.emit()
    texts = [a.text() for a in again.recent_menu.actions()]
    assert texts[0] == f"&1 {other.resolve()}"
    assert texts[1] == f"&2 {library_path.resolve()}"
    again.recent_menu.actions()[1].trigger()
    assert again.workspace.location == sqlite_url(library_path)


def test_a_library_that_cannot_be_opened_says_why(window: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "not-a-library.sqlite3"
    bad.write_text("this is not a database")
    before = window.workspace.location
    assert not window.open_library(str(bad))
    assert window.workspace.location == before
    box = window.current_dialog
    assert isinstance(box, QMessageBox)
    assert box.windowTitle() == "Could not open the library"
    assert str(bad.resolve()) in box.text()


def test_first_launch_offers_the_examples(
    open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:
    window = open_window(library_path, offer_examples=True)
    qtbot.waitUntil(lambda: isinstance(window.current_dialog, QMessageBox))
    box = window.current_dialog
    assert "Load the example contractors" in box.text()
    box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    expected = sorted(e.name for e in window.workspace.library.roster())
    assert len(expected) == len(list(resource_path("examples").rglob("*.json"))) > 0
    assert sorted(line.name for line in window.roster.lines()) == expected
    # The living are listed; the dead example waits in the graveyard.
    dead = [line.id for line in window.roster.lines() if not line.alive]
    assert not set(dead) & set(window.roster.visible_ids())
    window.close()
    # Asked once per library: a second launch on it does not ask again.
    again = open_window(library_path, offer_examples=True)
    qtbot.wait(50)
    assert again.current_dialog is None


def test_roster_groups_by_player_and_filters(window: MainWindow) -> None:
    create_contractor(window, name="Mara Quill", player="Ines")
    create_contractor(window, name="Ortwin Hale", player="Tomas")
    create_contractor(window, name="Ada Voss", player="Ines")
    model = window.roster.model
    groups = [model.item(row, 0).text() for row in model.players]
    assert groups == ["Ines  (2)", "Tomas  (1)"]
    ines = model.item(0, 0)
    assert [ines.child(r, 0).text() for r in range(ines.rowCount())] == ["Ada Voss", "Mara Quill"]
    assert window.roster.count_label.text() == "3 of 3 characters"

    window.roster.search.setText("hale")
    assert [ln.name for ln in window.roster.lines() if ln.id in window.roster.visible_ids()] == [
        "Ortwin Hale"
    ]
    window.roster.search.clear()
    window.roster.player_filter.setCurrentIndex(window.roster.player_filter.findData("Ines"))
    assert len(window.roster.visible_ids()) == 2
    window.roster.player_filter.setCurrentIndex(0)
    window.roster.status_filter.setCurrentIndex(window.roster.status_filter.findData("novice"))
    assert window.roster.visible_ids() == []
    window.roster.status_filter.setCurrentIndex(window.roster.status_filter.findData("newbie"))
    assert len(window.roster.visible_ids()) == 3
    approvals = [
        window.roster.approval_filter.itemData(i)
        for i in range(window.roster.approval_filter.count())
    ]
    assert approvals == ["any", "unreviewed"]


def test_undo_a_creation_removes_the_contractor(window: MainWindow) -> None:
    create_contractor(window)
    assert len(window.roster.lines()) == 1
    assert window.actions["undo"].text() == "&Undo Create Mara Quill"
    window.actions["undo"].trigger()
    assert window.roster.lines() == []
    # The tab stays, saying the character is gone, so Redo is still at hand there.
    assert type(window.tabs.currentWidget()).__name__ == "GonePage"
    assert window.actions["redo"].text() == "&Redo Create Mara Quill"
    window.actions["redo"].trigger()
    assert [ln.name for ln in window.roster.lines()] == ["Mara Quill"]


def test_delete_asks_first_and_can_be_undone(window: MainWindow) -> None:
    create_contractor(window)
    window.actions["delete"].trigger()
    box = window.current_dialog
    assert isinstance(box, QMessageBox)
    box.button(QMessageBox.StandardButton.Ok).click()
    assert window.roster.lines() == []
    window.actions["undo"].trigger()
    assert [ln.name for ln in window.roster.lines()] == ["Mara Quill"]


def test_export_then_import_into_another_library(
    open_window: Callable[..., MainWindow], library_path: Path, tmp_path: Path, qtbot
) -> None:
    window = open_window(library_path)
    create_contractor(window, ratings={"perception": 3})
    target = tmp_path / "mara.json"
    window.export_file(target)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    assert target.exists()

    window.open_library(str(tmp_path / "other.sqlite3"))
    assert window.roster.lines() == []
    window.import_file(target)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    [line] = window.roster.lines()
    assert line.name == "Mara Quill"
    window.show_contractor(line.id)
    assert window.sheet.stats_tab.attribute_rows["perception"].dots.value() == 3


def test_a_bad_import_file_reaches_a_dialog(window: MainWindow, tmp_path: Path, qtbot) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    window.import_file(bad)
    qtbot.waitUntil(
        lambda: (
            isinstance(window.current_dialog, QMessageBox)
            or window.findChild(QMessageBox) is not None
        )
    )
    box = window.findChild(QMessageBox)
    assert box.windowTitle() == "Could not import"
    assert window.roster.lines() == []


def test_every_example_opens_on_every_tab(examples_window: MainWindow, qtbot) -> None:
    window = examples_window  # a library holding the examples (loaded once per session)
    for line in window.roster.lines():
        game = window.workspace.library.system_of(line.id)
        if game in (
            "mortal-coil",
            "coven",
        ):  # their own sheets (tests/ui/test_examples_every_game.py)
            continue
        if game == "covenant":
            window.show_contractor(line.id)
            assert window.tabs.currentWidget() is window.game_sheet
            assert window.game_sheet.character.name == line.name
            assert window.actions["print"].isEnabled()
            continue
        window.show_contractor(line.id)
        assert window.sheet.title.text() == line.name
        assert window.report.victories == line.victories
        for index in range(window.sheet.tabs.count()):
            window.sheet.tabs.setCurrentIndex(index)
        assert window.sheet.exp_tab.exp.value("Available") == str(window.report.exp.available)


def test_covenant_characters_open_print_delete_and_undo_from_the_main_window(
    examples_window: MainWindow, tmp_path: Path, qtbot
) -> None:
    from pypdf import PdfReader

    from builder.covenant.rules import evaluate_covenant

    window = examples_window  # a library holding the examples (loaded once per session)
    library = window.workspace.library
    covenant = [r for r in window.roster.lines() if library.system_of(r.id) == "covenant"]
    assert len(covenant) == 1
    cid = covenant[0].id
    window.show_contractor(cid)
    sheet = window.game_sheet
    report = evaluate_covenant(library.load(cid))
    assert sheet.report.discipline.total == report.discipline.total
    target = tmp_path / "covenant.pdf"
    window.print_pdf(target, "letter")
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    assert sheet.character.name in "".join(p.extract_text() for p in PdfReader(target).pages)
    window.confirm_delete()
    window.current_dialog.accept()
    assert not library.exists(cid)
    assert window.game_sheet is None
    window.actions["undo"].trigger()
    assert library.exists(cid)
    assert cid in [r.id for r in window.roster.lines()]


def test_working_leaves_the_status_bar_once_the_library_is_open(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """The status bar said "Working…" while the library opened and still said it long after,
    so a player could not tell whether the app was busy: it goes when the work is done."""
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=20000)
    assert window.statusBar().currentMessage() == ""
