"""Role looks without an application-wide style sheet (issue 29, start-up; issue 30, item 4).

An application style sheet puts Qt's style-sheet layer under every widget of the app
(18 M instructions of a cold start, half a millisecond per widget a test shows), so
the light and system themes have none: :func:`ui.style.set_role` gives each role
label its own look (palette colour, font, or a sheet on that label alone for the
boxed roles), and a theme or font change re-dresses the live ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from ui.main_window import MainWindow
from ui.style import COLOR_PAIRS, INDICATOR_WINDOW, TITLE_POINTS, apply_theme, set_role


def _text(label: QLabel) -> str:
    label.ensurePolished()
    return label.palette().color(label.foregroundRole()).name()


def _background(label: QLabel) -> str:
    label.ensurePolished()
    return label.palette().color(QPalette.ColorRole.Window).name()


@pytest.fixture
def light(app: QApplication) -> Iterator[QApplication]:
    """The app in the light theme for one test, back to the system theme after it."""
    apply_theme(app, "light")
    yield app
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    apply_theme(app, "system")


def test_no_theme_sets_an_application_style_sheet(app: QApplication, light: QApplication) -> None:
    """The dark theme's visible indicators come from a palette on the widgets that draw
    them (a light Window, from which Fusion draws their edge), not from a style sheet that
    would put Qt's style-sheet layer under every widget of the app."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QCheckBox, QRadioButton

    window = QPalette.ColorRole.Window
    assert app.styleSheet() == ""
    apply_theme(app, "system")
    assert app.styleSheet() == ""  # the test platform's palette is light
    apply_theme(app, "dark")
    try:
        assert app.styleSheet() == ""
        for kind in (QCheckBox, QRadioButton):
            assert _polished(kind("x")).color(window) == QColor(INDICATOR_WINDOW)
        # every other widget keeps the dark window; every other role is the theme's
        assert _polished(QLabel("x")).color(window) == app.palette().color(window)
        assert _polished(QCheckBox("x")).color(QPalette.ColorRole.Base) == QColor("#1f1f1f")
    finally:
        apply_theme(app, "light")
    assert app.styleSheet() == ""
    assert _polished(QCheckBox("x")).color(window) == app.palette().color(window)


def _polished(widget: QWidget) -> QPalette:
    widget.ensurePolished()
    return widget.palette()


def test_a_role_colours_its_label_and_follows_a_theme_switch(
    qtbot, light: QApplication
) -> None:  # type: ignore[no-untyped-def]
    label = QLabel("nothing yet")
    qtbot.addWidget(label)
    set_role(label, "muted")
    assert label.objectName() == "muted"
    assert _text(label) == COLOR_PAIRS["muted"][0]
    apply_theme(light, "dark")
    try:
        assert _text(label) == COLOR_PAIRS["muted"][1]
    finally:
        apply_theme(light, "light")
    assert _text(label) == COLOR_PAIRS["muted"][0]
    set_role(label, "error")
    assert _text(label) == COLOR_PAIRS["error"][0]
    set_role(label, "")  # plain again: the application's text colour
    assert label.objectName() == ""
    assert _text(label) == light.palette().color(QPalette.ColorRole.WindowText).name()
    assert not label.font().bold()


def test_boxed_roles_and_their_states(qtbot, light: QApplication) -> None:  # type: ignore[no-untyped-def]
    """The banner turns red when overspent, the chip dark for the dead; back again."""
    banner, chip, note = QLabel("Exp left of 150: 3"), QLabel("Newbie"), QLabel("Help")
    for label in (banner, chip, note):
        qtbot.addWidget(label)
    set_role(banner, "banner")
    set_role(chip, "chip")
    set_role(note, "help")
    assert _background(banner) == COLOR_PAIRS["banner_bg"][0]
    assert _background(chip) == COLOR_PAIRS["chip_bg"][0]
    assert (_background(note), _text(note)) == (
        COLOR_PAIRS["help_bg"][0],
        COLOR_PAIRS["help_text"][0],
    )
    set_role(banner, "banner", overspent=True)
    assert banner.property("overspent") is True
    assert (_background(banner), _text(banner)) == (
        COLOR_PAIRS["over_bg"][0],
        COLOR_PAIRS["over_text"][0],
    )
    set_role(chip, "chip", dead=True)
    assert (_background(chip), _text(chip)) == (
        COLOR_PAIRS["dead_bg"][0],
        COLOR_PAIRS["dead_text"][0],
    )
    set_role(banner, "banner", overspent=False)
    assert _background(banner) == COLOR_PAIRS["banner_bg"][0]
    set_role(chip, "muted")  # from a boxed role to a colour: its own sheet goes
    assert chip.styleSheet() == ""
    assert _text(chip) == COLOR_PAIRS["muted"][0]


def test_title_and_heading_sizes_follow_the_application_font(
    qtbot, light: QApplication
) -> None:  # type: ignore[no-untyped-def]
    """A title is 16 points at the font the app started with, a heading 1.25 × body text;
    both follow a font changed while the app runs, with no style sheet to repolish."""
    title, heading = QLabel("No contractor open"), QLabel("Gifts")
    for label in (title, heading):
        qtbot.addWidget(label)
    set_role(title, "title")
    set_role(heading, "heading")
    old = light.font()
    points = old.pointSizeF()
    assert title.font().pointSizeF() == TITLE_POINTS
    assert heading.font().pointSizeF() == points * 1.25
    assert title.font().bold() and heading.font().bold()
    assert title.font().family() == old.family()  # only the size and weight are its own
    big = QFont(old)
    big.setPointSizeF(points * 2)
    try:
        light.setFont(big)
        qtbot.waitUntil(lambda: title.font().pointSizeF() == TITLE_POINTS * 2)
        assert heading.font().pointSizeF() == points * 2 * 1.25
    finally:
        light.setFont(old)
    qtbot.waitUntil(lambda: title.font().pointSizeF() == TITLE_POINTS)


def test_the_main_window_has_no_style_sheet_layer_but_its_boxed_labels(
    open_window: Callable[..., MainWindow], examples_path: Path, qtbot, light: QApplication
) -> None:  # type: ignore[no-untyped-def]
    """Every widget of a main window with a sheet open is drawn by Fusion itself; only
    the boxed role labels (the status chip, banners, help notes) carry a sheet of their own."""
    window = open_window(examples_path)
    qtbot.waitUntil(lambda: len(window.roster.lines()) >= 5, timeout=20000)
    varga = next(line.id for line in window.roster.lines() if line.name == "Ines Varga")
    assert window.roster.select(varga)
    qtbot.waitUntil(lambda: window.sheet.title.text() == "Ines Varga", timeout=20000)
    window.sheet.tabs.setCurrentWidget(window.sheet.gifts_tab)
    layered = {
        w.objectName() or type(w).__name__
        for w in window.findChildren(QWidget)
        if w.style().metaObject().className() == "QStyleSheetStyle"
    }
    assert layered <= {"chip", "banner", "help"}
    assert "chip" in layered  # the sheet's status chip
