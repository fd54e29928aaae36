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

from tests.ui.conftest import create_contractor
from ui.feedback import WrittenNotice
from ui.main_window import MainWindow
from ui.print_dialog import BLANK, COMPACT, FULL, PrintDialog, RosterPrint

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
    create_contractor(window, name="Ada Voss")
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
    create_contractor(window, name="Ada Voss")
    target = tmp_path / "ada.json"
    window.export_file(target)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    assert target.exists()
    assert window.statusBar().currentMessage() == f"Exported to {target}"
    assert notice_of(window).label.text() == "Wrote ada.json"


def test_the_print_dialog_previews_the_real_pages(window: MainWindow, qtbot) -> None:
    create_contractor(window, name="Ada Voss")
    dialog = PrintDialog(window.shown_character(), "Ada Voss", window)
    qtbot.addWidget(dialog)
    kinds = [dialog.kind.itemText(i) for i in range(dialog.kind.count())]
    assert kinds == [FULL, COMPACT, "Gift cards", BLANK]
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
        create_contractor(window, name=name)
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
    create_contractor(window, name="Ada Voss")
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


def _ines(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Open the example Ines Varga (resources/examples/seasoned-ines-varga.json): 5 Gifts.

    ``window`` is on a library holding the examples (``examples_window``)."""
    ines = next(line.id for line in window.roster.lines() if line.name == "Ines Varga")
    assert window.open_character(ines)


INES_GIFTS = ["Ember Lance", "Veil of Ash", "Cinder Stitch", "Hex of Rust", "Ember Flask"]


def test_every_print_the_command_line_makes_is_printed_from_the_gui(
    examples_window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """Issue 33, item 4: full, compact, Gift cards and blank sheet, each written by the GUI
    and read back: the cards hold every Gift's card, the blank sheet is empty."""
    window = examples_window
    _ines(window, qtbot)
    window.actions["print"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, PrintDialog)
    keys = [dialog.kind.itemData(i) for i in range(dialog.kind.count())]
    assert keys == ["full", "compact", "cards", "blank"]
    dialog.reject()
    texts: dict[str, str] = {}
    pages: dict[str, int] = {}
    chosen = (("full", FULL), ("compact", COMPACT), ("cards", "Gift cards"), ("blank", BLANK))
    for kind, label in chosen:
        target = tmp_path / f"{kind}.pdf"
        window.print_pdf(target, "letter", kind=kind, label=label)
        qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=60000)
        assert window.statusBar().currentMessage() == f"Saved {target}"
        reader = PdfReader(str(target))
        pages[kind] = len(reader.pages)
        texts[kind] = "\n".join(page.extract_text() for page in reader.pages)
    assert pages["compact"] == 2
    for gift in INES_GIFTS:
        assert gift in texts["cards"] and gift in texts["full"]
    assert "Ines Varga" in texts["full"] and "Ines Varga" in texts["compact"]
    assert texts["blank"].startswith("Contractor sheet")
    assert "Ines Varga" not in texts["blank"] and "Ember Lance" not in texts["blank"]


def test_the_preview_zooms_and_pages(examples_window: MainWindow, qtbot) -> None:
    window = examples_window
    _ines(window, qtbot)
    dialog = PrintDialog(window.shown_character(), "Ines Varga", window)
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData("blank"))
    preview = dialog.show_preview()
    qtbot.waitExposed(preview)
    count = len(preview.page_labels)
    assert count == 5 and preview.page_label.text() == "Page 1 of 5"
    assert not preview.previous_button.isEnabled() and preview.next_button.isEnabled()
    # US Letter at 60 dpi: 612 × 792 points → 510 × 660 pixels.
    assert (preview.images[0].width(), preview.images[0].height()) == (510, 660)

    preview.next_button.click()
    assert preview.current_page() == 2 and preview.page_label.text() == "Page 2 of 5"
    preview.go_to(5)
    assert preview.page_label.text() == "Page 5 of 5" and not preview.next_button.isEnabled()

    preview.step_zoom(1)  # 150 %: drawn afresh at 90 dpi, the page kept in view
    assert preview.zoom.currentText() == "150 %"
    assert (preview.images[0].width(), preview.images[0].height()) == (765, 990)
    assert preview.page_labels[0].pixmap().width() == 765
    assert preview.current_page() == 5
    preview.set_zoom(50)
    assert (preview.images[0].width(), preview.images[0].height()) == (255, 330)
    preview.go_to(1)
    assert preview.page_label.text() == "Page 1 of 5"
    SHOTS.mkdir(parents=True, exist_ok=True)
    preview.grab().save(str(SHOTS / "print-preview-blank-50.png"))
    preview.reject()
