"""Importing from the app: a progress dialog, a question per conflict, Cancel (issues 13, 16)."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QProgressDialog, QPushButton

from builder.contract.file import dumps_character_file, read_character_file
from resources import resource_path
from ui.importing import ConflictDialog, summary
from ui.main_window import MainWindow

INES = resource_path("examples", "seasoned-ines-varga.json")
WREN = resource_path("examples", "newbie-wren-halloway.json")
OKAFOR = resource_path("examples", "covenant-ines-okafor-vell.json")


def idle(window: MainWindow, qtbot) -> None:
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=30000)


def status_messages(window: MainWindow) -> list[str]:
    """Every status-bar message from now on (each shows for a few seconds only)."""
    seen: list[str] = []
    window.statusBar().messageChanged.connect(seen.append)
    return seen


def names(window: MainWindow) -> list[str]:
    return sorted(line.name for line in window.roster.lines())


def ask(window: MainWindow, qtbot) -> ConflictDialog:
    qtbot.waitUntil(lambda: isinstance(window.current_dialog, ConflictDialog), timeout=30000)
    dialog = window.current_dialog
    assert isinstance(dialog, ConflictDialog)
    return dialog


def copies(tmp_path: Path, count: int) -> list[Path]:
    ines = read_character_file(INES)
    paths = []
    for n in range(count):
        concept = dataclasses.replace(ines.concept, name=f"Ines {n:02d}")
        path = tmp_path / f"ines-{n:02d}.json"
        path.write_bytes(
            dumps_character_file(dataclasses.replace(ines, id=f"ines-{n:02d}", concept=concept))
        )
        paths.append(path)
    return paths


def test_many_files_go_in_with_progress_steps(window: MainWindow, tmp_path: Path, qtbot) -> None:
    messages = status_messages(window)
    paths = copies(tmp_path, 6)
    steps: list[tuple[str, int, int]] = []
    gate = threading.Event()  # the worker waits until the steps are being recorded
    window.tasks.run("Test gate", lambda: gate.wait(30))
    window.import_files(paths)
    flow = window.import_flow
    flow.relay.step.connect(lambda *step: steps.append(step))
    gate.set()
    assert isinstance(flow.progress, QProgressDialog)
    assert (flow.progress.minimum(), flow.progress.maximum()) == (0, 12)
    idle(window, qtbot)
    assert names(window) == [f"Ines {n:02d}" for n in range(6)]
    assert ("reading", 6, 6) in steps and steps[-1] == ("storing", 6, 6)
    assert "Imported 6 characters" in messages


def test_keep_both_adds_a_numbered_copy(window: MainWindow, qtbot) -> None:
    messages = status_messages(window)
    window.import_file(INES)
    idle(window, qtbot)
    window.import_file(INES)
    dialog = ask(window, qtbot)
    assert "“Ines Varga” from seasoned-ines-varga.json is already in the library" in (
        dialog.message.text()
    )
    assert not dialog.for_all.isVisible()
    dialog.keep_both.click()
    idle(window, qtbot)
    assert names(window) == ["Ines Varga", "Ines Varga (2)"]
    ids = {line.id for line in window.roster.lines()}
    assert len(ids) == 2
    assert "Imported Ines Varga (2) (1 kept both)" in messages


def test_replace_keeps_one_and_one_answer_can_cover_every_conflict(
    window: MainWindow, qtbot
) -> None:
    messages = status_messages(window)
    window.import_files([INES, WREN])
    idle(window, qtbot)
    window.import_files([INES, WREN, OKAFOR])
    dialog = ask(window, qtbot)
    assert dialog.for_all.text() == "Do the same for the other 1 conflict"
    dialog.for_all.setChecked(True)
    dialog.replace.click()
    idle(window, qtbot)
    assert names(window) == ["Ines Okafor-Vell", "Ines Varga", "Wren Halloway"]
    assert "Imported 3 characters (2 replaced)" in messages


def test_skip_and_cancel_leave_the_library_as_it_was(window: MainWindow, qtbot) -> None:
    messages = status_messages(window)
    window.import_file(INES)
    idle(window, qtbot)
    window.import_files([WREN, INES])
    ask(window, qtbot).skip.click()
    idle(window, qtbot)
    assert names(window) == ["Ines Varga", "Wren Halloway"]

    window.import_files([OKAFOR, INES])
    ask(window, qtbot).cancel.click()
    idle(window, qtbot)
    assert names(window) == ["Ines Varga", "Wren Halloway"]
    assert "Import cancelled: nothing was imported" in messages


def test_cancel_in_the_progress_dialog_imports_nothing(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    messages = status_messages(window)
    paths = copies(tmp_path, 4)
    window.import_files(paths)
    [cancel] = window.import_flow.progress.findChildren(QPushButton)
    assert cancel.text() == "Cancel"
    cancel.click()
    idle(window, qtbot)
    assert window.roster.lines() == []
    assert "Import cancelled: nothing was imported" in messages


def test_the_status_line_counts_each_outcome() -> None:
    from models.values import ImportResult

    results = [
        ImportResult("a", "1", "A", "created"),
        ImportResult("b", "2", "B (2)", "kept both"),
        ImportResult("c", "3", "C", "skipped"),
        ImportResult("d", "4", "D", "replaced"),
    ]
    assert summary(results) == "Imported 3 characters (1 kept both, 1 replaced, 1 skipped)"


def test_a_bad_file_is_named_in_the_message(window: MainWindow, tmp_path: Path, qtbot) -> None:
    from PySide6.QtWidgets import QMessageBox

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "harbinger.contractor", "version": 1, "character": 5}')
    window.import_files([INES, bad])
    qtbot.waitUntil(lambda: isinstance(window.current_dialog, QMessageBox), timeout=30000)
    box = window.current_dialog
    assert box.windowTitle() == "Could not import"
    assert box.text().startswith("bad.json: ")
    idle(window, qtbot)
    assert window.roster.lines() == []


def test_a_website_archive_is_imported_from_the_app(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """The same reader as ``db import``: an archive, whatever its name, is told apart by content."""
    archive = Path(__file__).parents[1] / "data" / "website_archives" / "veteran-odile-marsh.md"
    renamed = tmp_path / "odile-download.txt"
    renamed.write_bytes(archive.read_bytes())
    window.import_files([renamed])
    idle(window, qtbot)
    assert names(window) == ["Odile Marsh"]
    # Her Gifts' "Active" is no Style of the catalog: the app says so after the import.
    box = window.current_dialog
    assert isinstance(box, QMessageBox)
    assert box.windowTitle() == "Import report"
    assert "Odile Marsh:" in box.text()
    assert "Gift 'Needle Rain': the website's activation 'Active' is no Style" in box.text()
    box.close()


def test_an_import_with_nothing_to_report_shows_no_report(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    window.import_files([resource_path("examples") / "newbie-wren-halloway.json"])
    idle(window, qtbot)
    assert names(window) == ["Wren Halloway"]
    assert not isinstance(window.current_dialog, QMessageBox)


def _live_character_files() -> int:
    """Character files alive in this process (an import holds the ones it has read)."""
    import gc

    from builder.core.registry import CharacterFile

    return sum(1 for thing in gc.get_objects() if type(thing) is CharacterFile)


def test_the_app_imports_in_batches_holding_at_most_one(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """Issue 29: the app's import, like the CLI's, reads, stores and lets go a batch at a
    time, so memory is bounded by the batch size: whenever a batch has been read, the
    read files alive are at most one batch's (counted through the ``batch_read`` hook)."""
    from ui.importing import start_import

    paths = copies(tmp_path, 5)
    held: list[tuple[int, int]] = []
    stored: list[int] = []
    before = _live_character_files()
    flow = start_import(
        window, paths, done=lambda results: stored.append(len(results)), batch_size=2
    )
    flow.batch_read.connect(lambda batch: held.append((len(batch.files), _live_character_files())))
    idle(window, qtbot)
    assert [size for size, _live in held] == [2, 2, 1]
    assert all(live - before <= 2 for _size, live in held), held
    assert stored == [5]
    assert len(window.workspace.library.roster()) == 5


def test_a_later_batch_failing_keeps_the_batches_before_it(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """Each batch is all or nothing: a bad file in the third batch leaves the first two
    stored (and on the roster), nothing of the third, and the message says so."""
    from PySide6.QtWidgets import QMessageBox

    paths = copies(tmp_path, 6)
    paths[4].write_text('{"format": "harbinger.contractor", "version": 1, "character": 5}')
    window.import_files(paths, batch_size=2)
    qtbot.waitUntil(lambda: isinstance(window.current_dialog, QMessageBox), timeout=30000)
    box = window.current_dialog
    assert box.text().startswith("ines-04.json: ")
    assert "The 4 files of the batches before it were imported" in box.text()
    idle(window, qtbot)
    assert names(window) == [f"Ines {n:02d}" for n in range(4)]


def test_one_answer_covers_the_conflicts_of_later_batches(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """“Do the same” asked in the first batch answers the conflicts of every later batch."""
    paths = copies(tmp_path, 4)
    window.import_files(paths)
    idle(window, qtbot)
    window.import_files(paths, batch_size=2)
    dialog = ask(window, qtbot)
    assert dialog.for_all.text() == "Do the same for every other conflict of this import"
    dialog.for_all.setChecked(True)
    dialog.skip.click()
    idle(window, qtbot)
    assert window.current_dialog is None or not isinstance(window.current_dialog, ConflictDialog)
    assert names(window) == [f"Ines {n:02d}" for n in range(4)]


def test_cancel_after_a_batch_keeps_that_batch_and_says_so(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """Cancel once the second batch is read: the first batch stays stored (each batch is
    all or nothing), nothing of the second, and the status line says which."""
    messages = status_messages(window)
    paths = copies(tmp_path, 5)
    window.import_files(paths, batch_size=2)
    flow = window.import_flow
    seen: list[int] = []

    def cancel_on_second(batch: object) -> None:
        seen.append(1)
        if len(seen) == 2:
            [cancel] = flow.progress.findChildren(QPushButton)
            cancel.click()

    flow.batch_read.connect(cancel_on_second)
    idle(window, qtbot)
    assert len(seen) == 2
    assert names(window) == ["Ines 00", "Ines 01"]
    assert (
        "Import cancelled: the 2 files of the batches already stored were imported, "
        "nothing of the rest"
    ) in messages


def test_the_roster_shows_an_archive_the_website_ported_at_its_status(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """"Ported as Veteran Contractor with 3 victories": 3 victories alone would be a
    Newbie ("Newbie 0–3 victories"); the roster shows Veteran with 3 victories."""
    from ui.roster import ID_ROLE

    archive = Path(__file__).parents[1] / "data" / "website_archives" / "veteran-odile-marsh.md"
    ported = tmp_path / "ported.md"
    ported.write_text(
        archive.read_text(encoding="utf-8").replace(
            "Veteran Contractor with 27 victories and 6 losses",
            "Ported as Veteran Contractor with 3 victories and 0 losses",
        ),
        encoding="utf-8",
    )
    window.import_files([ported])
    idle(window, qtbot)
    model = window.roster.model
    group = model.item(0, 0)
    cells = [group.child(0, c).text() for c in range(len(window.roster.COLUMNS))]
    assert group.child(0, 0).data(ID_ROLE)
    assert cells[:3] == ["Odile Marsh", "Veteran", "3"]
