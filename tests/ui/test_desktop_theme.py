"""Themes (issue 17): Light/Dark/System from Preferences, and every label with a colour
of its own readable in dark mode (WCAG AA: contrast 4.5:1 or more)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from builder.contract.character import Outcome
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.main_window import MainWindow
from ui.preferences import PreferencesDialog
from ui.settings import AppSettings
from ui.style import (
    COLOR_PAIRS,
    apply_theme,
    contrast_ratio,
    dark_palette,
    is_dark,
    relative_luminance,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
AA = 4.5


@pytest.fixture
def dark(app: QApplication) -> Iterator[QApplication]:
    """The app in the dark theme for one test, back to the system theme after it.

    pytest-qt has closed the test's windows by then; they are deleted before the
    switch back, which would otherwise restyle each of their widgets.
    """
    apply_theme(app, "dark")
    yield app
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    apply_theme(app, "system")


def own_colour(label: QLabel, app: QApplication) -> bool:
    """Whether a label's text or background colour differs from the application's."""
    mine, base = label.palette(), app.palette()
    return mine.color(label.foregroundRole()) != base.color(
        QPalette.ColorRole.WindowText
    ) or mine.color(QPalette.ColorRole.Window) != base.color(QPalette.ColorRole.Window)


def unreadable(root: QWidget, app: QApplication) -> list[str]:
    """Every enabled text label under ``root`` with a colour of its own below AA contrast."""
    problems = []
    for label in root.findChildren(QLabel):
        if not label.text().strip() or not label.isEnabled():
            continue
        label.ensurePolished()
        if not (own_colour(label, app) or label.objectName() or label.styleSheet()):
            continue
        palette = label.palette()
        text = palette.color(label.foregroundRole())
        background = palette.color(QPalette.ColorRole.Window)
        ratio = contrast_ratio(text, background)
        if ratio < AA:
            problems.append(
                f"{label.objectName() or type(label.parent()).__name__}: {label.text()[:40]!r} "
                f"{text.name()} on {background.name()} = {ratio:.2f}"
            )
    return problems


def checked(root: QWidget, app: QApplication) -> int:
    """How many labels :func:`unreadable` looked at (so a test sees it looked at some)."""
    count = 0
    for label in root.findChildren(QLabel):
        label.ensurePolished()
        styled = own_colour(label, app) or label.objectName() or label.styleSheet()
        if label.text().strip() and label.isEnabled() and styled:
            count += 1
    return count


def test_wcag_arithmetic() -> None:
    assert relative_luminance(QColor("#ffffff")) == pytest.approx(1.0)
    assert relative_luminance(QColor("#000000")) == pytest.approx(0.0)
    assert contrast_ratio(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21.0)
    assert contrast_ratio(QColor("#777777"), QColor("#ffffff")) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("name", ["muted", "error", "warning", "info", "accent", "link"])
def test_every_text_colour_pair_reads_on_its_window(app: QApplication, name: str) -> None:
    light, dark_value = COLOR_PAIRS[name]
    light_window = app.style().standardPalette().color(QPalette.ColorRole.Window)
    dark_window = dark_palette().color(QPalette.ColorRole.Window)
    assert contrast_ratio(QColor(light), light_window) >= AA
    assert contrast_ratio(QColor(dark_value), dark_window) >= AA


def test_preferences_switch_the_theme_at_once_and_remember_it(
    qtbot, window: MainWindow, app: QApplication
) -> None:
    from ui.widgets.common import ERROR_COLOR

    assert AppSettings().theme() == "system"
    window.actions["preferences"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, PreferencesDialog)
    assert dialog.buttons["system"].isChecked()
    try:
        dialog.buttons["dark"].click()
        assert is_dark(app.palette())
        assert app.palette().color(QPalette.ColorRole.Window).name() == "#2b2b2b"
        assert ERROR_COLOR.name() == COLOR_PAIRS["error"][1]  # held colours re-tinted
        assert AppSettings().theme() == "dark"
        dialog.buttons["light"].click()
        assert not is_dark(app.palette())
        assert ERROR_COLOR.name() == COLOR_PAIRS["error"][0]
        assert AppSettings().theme() == "light"
    finally:
        dialog.buttons["system"].click()
        dialog.close()
    assert AppSettings().theme() == "system"


@pytest.mark.slow  # 3.5 s of CPU (windows)
def test_dark_mode_main_window_sheet_and_gift_builder_are_readable(
    qtbot, window: MainWindow, dark: QApplication
) -> None:
    create_contractor(window)
    record(window, "Glass Harbor", Outcome.VICTORY)
    sheet = window.sheet
    assert sheet.status_chip.palette().color(sheet.status_chip.foregroundRole()).name() == (
        COLOR_PAIRS["chip_text"][1]
    )
    sheet.tabs.setCurrentWidget(sheet.gifts_tab)  # a tab is made and styled when shown
    assert sheet.gifts_tab.rewards.palette().color(QPalette.ColorRole.Window).name() == (
        COLOR_PAIRS["banner_bg"][1]
    )
    for index in range(sheet.tabs.count()):
        sheet.tabs.setCurrentIndex(index)
        qtbot.wait(1)
        assert unreadable(window, dark) == []
    assert checked(window, dark) >= 5  # the chip, the banner, muted captions…

    sheet.tabs.setCurrentWidget(sheet.gifts_tab)
    sheet.gifts_tab.table.add_button.click()
    builder = window.current_dialog
    assert builder is sheet.gifts_tab.builder
    builder.start_page.select("stock:graveside_whisper")
    builder.start_page.use.click()
    assert unreadable(builder, dark) == []
    assert checked(builder, dark) >= 5
    builder.done(0)  # close without the "Discard changes?" question (the draft changed)


def test_dark_mode_review_is_readable(qtbot, window: MainWindow, dark: QApplication) -> None:
    review = window.open_review()
    with qtbot.waitSignal(review.files_loaded, timeout=30000):
        review.open_paths(
            [EXAMPLES / "dead-orrin-vale.json", EXAMPLES / "seasoned-ines-varga.json"]
        )
    for name in ("dead-orrin-vale.json", "seasoned-ines-varga.json"):
        assert review.select_file(name)
        assert unreadable(review, dark) == []
    assert checked(review, dark) >= 3


def test_dark_mode_covenant_sheet_is_readable(
    qtbot, window: MainWindow, dark: QApplication
) -> None:
    example = EXAMPLES / "covenant-ines-okafor-vell.json"
    window.import_file(example)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    window.open_files([str(example)])
    assert window.game_sheet is not None
    assert unreadable(window, dark) == []
    assert checked(window, dark) >= 6  # the six Discipline captions are muted


def test_the_chosen_dark_radio_shows_on_the_dark_theme(qtbot, dark: QApplication) -> None:  # type: ignore[no-untyped-def]
    """Issue 33, item 8: with Dark on, its radio button's ring and dot stand out from the
    window (WCAG non-text contrast: at least 3:1), so the choice made can be seen."""
    from PySide6.QtWidgets import QStyle, QStyleOptionButton

    settings = AppSettings()
    settings.set_theme("dark")
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    button = dialog.buttons["dark"]
    assert button.isChecked()
    option = QStyleOptionButton()
    button.initStyleOption(option)
    rect = button.style().subElementRect(QStyle.SubElement.SE_RadioButtonIndicator, option, button)
    window = dark.palette().color(QPalette.ColorRole.Window)

    def ring(image: QImage) -> float:
        """The best contrast on the indicator's outer edge (its ring), on its middle row."""
        y = rect.center().y()
        edge = (rect.left(), rect.left() + 1, rect.right() - 1, rect.right())
        return max(contrast_ratio(image.pixelColor(x, y), window) for x in edge)

    chosen = button.grab().toImage()
    assert ring(chosen) >= 3
    assert contrast_ratio(chosen.pixelColor(rect.center()), window) >= 3  # the dot
    unchosen = dialog.buttons["light"].grab().toImage()
    assert ring(unchosen) >= 3  # every choice can be seen, not only the one made
    assert contrast_ratio(unchosen.pixelColor(rect.center()), window) < 3  # and has no dot


def test_an_unticked_box_shows_on_the_dark_theme(qtbot, dark: QApplication) -> None:  # type: ignore[no-untyped-def]
    """Fusion drew an unticked check box on the dark palette as a square darker than the
    window and nearly the same colour, so a box left empty could not be seen: its edge
    now stands out (WCAG non-text contrast, at least 3:1) and a tick shows in its middle."""
    from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton

    window = dark.palette().color(QPalette.ColorRole.Window)
    boxes = {}
    for ticked in (False, True):
        box = QCheckBox("Show retired")
        box.setChecked(ticked)
        qtbot.addWidget(box)
        box.show()
        qtbot.waitExposed(box)
        boxes[ticked] = box
    option = QStyleOptionButton()
    boxes[False].initStyleOption(option)
    rect = boxes[False].style().subElementRect(
        QStyle.SubElement.SE_CheckBoxIndicator, option, boxes[False]
    )

    def edge(image: QImage) -> float:
        """The best contrast on the box's left and right edges, on its middle row."""
        y = rect.center().y()
        xs = (rect.left(), rect.left() + 1, rect.right() - 1, rect.right())
        return max(contrast_ratio(image.pixelColor(x, y), window) for x in xs)

    def middle(image: QImage) -> float:
        """The best contrast inside the box, where the tick is drawn."""
        inner = rect.adjusted(3, 3, -3, -3)
        return max(
            contrast_ratio(image.pixelColor(x, y), window)
            for x in range(inner.left(), inner.right() + 1)
            for y in range(inner.top(), inner.bottom() + 1)
        )

    empty, full = (boxes[t].grab().toImage() for t in (False, True))
    assert edge(empty) >= 3
    assert middle(empty) < 3  # no tick in an empty box
    assert edge(full) >= 3
    assert middle(full) >= 3  # the tick
