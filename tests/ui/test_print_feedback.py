"""Feedback for exports and prints, the Print dialog's preview, and the roster print
with progress (issue 16 items 6 and 10).

Opening goes through QDesktopServices; the tests take the ``file`` URLs with
Qt's own URL handler hook, so nothing is launched.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices

from tests.ui.conftest import finish, make_contractor
from ui.feedback import WrittenNotice
from ui.main_window import MainWindow
from ui.print_dialog import COMPACT, FULL, PrintDialog, RosterPrint

SHOTS = Path("/tmp/shots/print16")


class Opened(QObject):
    """Collects the URLs the app asks the desktop to open."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def take(self, url: QUrl) -> None:
        self.urls.append(url)


def notice_of(window: MainWindow) -> WrittenNotice:
    notice = window.statusBar().findChild(WrittenNotice, "writtenNotice")
    assert notice is not None
    return notice


def test_print_says_what_it_wrote_and_offers_the_folder(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    finish(make_contractor(window, name="Ada Voss"))
    target = tmp_path / "out" / "ada.pdf"
    target.parent.mkdir()
    window.print_pdf(target, "letter", compact=True)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    assert len(PdfReader(str(target)).pages) == 2
    assert window.statusBar().currentMessage() == f"Saved {target}"
    notice = notice_of(window)
    assert notice.label.text() == "Wrote ada.pdf"
    assert notice.isVisible() and notice.open_file.isVisible()
    opened = Opened()
    QDesktopServices.setUrlHandler("file", opened, "take")
    try:
        notice.open_folder.click()
        notice.open_file.click()
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert [u.toLocalFile() for u in opened.urls] == [str(target.parent), str(target)]


def test_export_says_where_the_file_went(window: MainWindow, tmp_path: Path, qtbot) -> None:
    finish(make_contractor(window, name="Ada Voss"))
    target = tmp_path / "ada.json"
    window.export_file(target)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    assert target.exists()
    assert window.statusBar().currentMessage() == f"Exported to {target}"
    assert notice_of(window).label.text() == "Wrote ada.json"


def test_the_print_dialog_previews_the_real_pages(window: MainWindow, qtbot) -> None:
    finish(make_contractor(window, name="Ada Voss"))
    dialog = PrintDialog(window.shown_character(), "Ada Voss", window)
    qtbot.addWidget(dialog)
    assert [dialog.kind.itemText(i) for i in range(dialog.kind.count())] == [FULL, COMPACT]
    dialog.kind.setCurrentText(COMPACT)
    dialog.paper.setCurrentIndex(1)
    assert (dialog.compact(), dialog.paper_name()) == (True, "a4")
    preview = dialog.show_preview()
    qtbot.waitExposed(preview)
    assert len(preview.page_labels) == 2
    assert preview.windowTitle() == "Preview — Ada Voss (2 pages)"
    # A4 at 60 dpi: 595.28 × 841.89 points → 496.07 × 701.6, PDFium rounds up: 497 × 702.
    assert (preview.images[0].width(), preview.images[0].height()) == (497, 702)
    screen = preview.screen().availableGeometry()
    assert preview.width() <= screen.width() and preview.height() <= screen.height()
    SHOTS.mkdir(parents=True, exist_ok=True)
    preview.grab().save(str(SHOTS / "print-preview-compact.png"))
    preview.save_button.click()
    assert dialog.result() == PrintDialog.DialogCode.Accepted


def test_printing_every_sheet_shows_progress_and_names_the_files(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    for name in ("Ada Voss", "Bo Lind", "Cy Marr"):
        finish(make_contractor(window, name=name))
    library = window.workspace.library
    assert window.actions["print_roster"].isEnabled()
    job = RosterPrint(window, window.tasks)
    with qtbot.waitSignal(job.finished, timeout=60000) as done:
        job.run(
            lambda: [library.load(e.id) for e in library.roster()],
            tmp_path / "all",
            "letter",
            False,
        )
    assert sorted(p.name for p in done.args[0]) == ["Ada Voss.pdf", "Bo Lind.pdf", "Cy Marr.pdf"]
    assert job.progress.maximum() in (0, 3)  # reset once finished
    assert window.statusBar().currentMessage() == f"Saved 3 sheets in {tmp_path / 'all'}"
    assert notice_of(window).label.text() == "Wrote 3 files"
    assert not notice_of(window).open_file.isVisible()


def test_the_print_action_opens_the_dialog_without_blocking(window: MainWindow) -> None:
    finish(make_contractor(window, name="Ada Voss"))
    window.actions["print"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, PrintDialog)
    assert dialog.windowTitle() == "Print Ada Voss"
    dialog.reject()
    window.actions["print_roster"].trigger()
    roster = window.current_dialog
    assert isinstance(roster, PrintDialog) and roster.windowTitle() == "Print sheets"
    assert not roster.preview_button.isVisible()
    roster.reject()
