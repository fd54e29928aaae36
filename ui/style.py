"""The app's look: Fusion style, a light or dark palette, and a few named roles.

Widgets take a role with :func:`set_role` ("help", "muted", "banner", "error",
"chip", "accent"…), which gives each role its look, so spacing and colours stay
consistent everywhere. Sizes are in points or em-relative so the look reads the
same at 100 % and 200 % scaling. There is no application-wide style sheet (issue
29): each role widget carries its own look.

Themes (issue 17): the app follows the system palette unless the player picks
Light or Dark in Preferences. Every colour of our own is a pair in
:data:`COLOR_PAIRS` (light value, dark value), chosen by whether the palette in
force is dark, and each pair reaches WCAG AA contrast (4.5:1) on its palette's
window colour; ``tests/ui/test_desktop_theme.py`` checks that on real windows.
"""

from __future__ import annotations

import weakref
from string import Template
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTabWidget, QWidget

STYLE = "Fusion"
"""The Qt style under the stylesheet (the same on every platform)."""

THEMES = ("system", "light", "dark")
"""The theme choices Preferences offers; "system" follows the desktop's palette."""

COLOR_PAIRS: dict[str, tuple[str, str]] = {
    # name: (on a light palette, on a dark palette)
    "text": ("#1a1a1a", "#ececec"),
    "muted": ("#5f5f5f", "#b0b0b0"),
    "error": ("#b3261e", "#ff8a80"),
    "warning": ("#8a5a00", "#f0c060"),
    "info": ("#3c6e47", "#8fd19e"),
    "accent": ("#8a2b0f", "#ffab91"),
    "link": ("#2f4f7f", "#9dbbe8"),
    "help_bg": ("#f3f1ea", "#33312b"),
    "help_border": ("#d9d4c3", "#5c5645"),
    "help_text": ("#333333", "#e6e2d6"),
    "banner_bg": ("#e8eef7", "#243247"),
    "banner_border": ("#b8c7de", "#3d5273"),
    "over_bg": ("#fbe9e7", "#4a2220"),
    "over_border": ("#e0a39b", "#8c3b33"),
    "over_text": ("#b3261e", "#ffb4ab"),
    "chip_bg": ("#ece7da", "#45413a"),
    "chip_text": ("#222222", "#f0ece0"),
    "dead_bg": ("#444444", "#d0d0d0"),
    "dead_text": ("#ffffff", "#111111"),
    "badge_bg": ("#2f4f7f", "#2f4f7f"),
    "badge_blocked": ("#b3261e", "#a1251d"),
    "paper_bg": ("#fbfaf6", "#2a2925"),
    "rule": ("#c8c8c8", "#555555"),
    "card_border": ("#d4d4d4", "#4a4a4a"),
    "card_off": ("#f4f4f4", "#262626"),
}

ROLE_FONTS = {
    "accentBold": "bold",
    "title": "title",
    "heading": "heading",
    "subheading": "bold",
    "dice": "large",
}
"""The roles whose font differs from the application's: bold, bold and sized, or (the
dice just rolled) larger."""

LARGE_SCALE = 1.5
"""The dice just rolled are this much larger than body text, to be read across a table."""

ROLE_COLORS = {"muted": "muted", "error": "error", "warning": "warning", "accent": "accent"}
ROLE_COLORS["accentBold"] = "accent"
"""The colour-only roles and the :data:`COLOR_PAIRS` name of their text colour."""

BOXED = {
    "help": Template("""
QLabel {
    background: $help_bg;
    border: 1px solid $help_border;
    border-radius: 4px;
    padding: 8px;
    color: $help_text;
}
QWizard QLabel { min-width: 15em; }
"""),
    "banner": Template("""
QLabel {
    background: $banner_bg;
    border: 1px solid $banner_border;
    border-radius: 4px;
    padding: 6px 10px;
    font-weight: bold;
    color: $text;
}
QLabel[overspent="true"] { background: $over_bg; border-color: $over_border; color: $over_text; }
"""),
    "chip": Template("""
QLabel {
    background: $chip_bg;
    color: $chip_text;
    border-radius: 8px;
    padding: 2px 8px;
}
QLabel[dead="true"] { background: $dead_bg; color: $dead_text; }
"""),
}
"""The boxed roles: a frame or a filled background, drawn by a style sheet on that one
label (a leaf label's own sheet styles only itself, where an application-wide sheet
would put Qt's style-sheet layer under every widget of the app)."""

ROLES = frozenset(ROLE_COLORS) | frozenset(ROLE_FONTS) | frozenset(BOXED)
"""Every role :func:`set_role` knows; any other name ("" too) is plain text."""

INDICATOR_CLASSES = ("QCheckBox", "QRadioButton", "QListWidget", "QTreeWidget")
"""The widgets that draw Fusion's check and radio indicators: the two buttons, and the
list and tree widgets whose items have check boxes (the creation wizards, a crew)."""

INDICATOR_WINDOW = "#d0d0d0"
"""The Window colour those widgets alone get on the dark palette.

Fusion draws an indicator's edge in its widget's Window colour made darker (by 140 %,
then lighter by 110 %): on the dark window (#2b2b2b) that edge came out darker than the
window itself, so a radio button's ring or an unticked box could not be seen. From this
light grey the edge comes out about #a3a3a3, 5.6:1 against the window, where WCAG asks
3:1 for non-text parts. Neither button fills its background, and a list's rows are drawn
on its Base colour, so no light grey shows; only a list's frame comes out lighter.
A class palette costs nothing per widget, where the application style sheet the dark theme
used for this put Qt's style-sheet layer under every widget of the app.
"""

_indicator_palettes = False  # whether INDICATOR_CLASSES have palettes of their own


def _dress_indicators(app: QApplication, dark: bool) -> None:
    """Give :data:`INDICATOR_CLASSES` the application's palette, with a light Window when dark.

    Set only once a dark palette was in force: a light start sets nothing. A palette made
    by ``QPalette()`` is a copy of the application's, as just set.
    """
    global _indicator_palettes
    if not dark and not _indicator_palettes:
        return
    palette = QPalette()
    if dark:
        palette.setColor(QPalette.ColorRole.Window, QColor(INDICATOR_WINDOW))
    for name in INDICATOR_CLASSES:
        app.setPalette(palette, name)
    _indicator_palettes = True


_themed: dict[str, list[QColor]] = {}
_system_palette: QPalette | None = None


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether ``palette`` (default: the application's) has light text on a dark window."""
    if palette is None:
        palette = QGuiApplication.palette()
    window = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    return window.lightnessF() < text.lightnessF()


def color_value(name: str, dark: bool | None = None) -> str:
    """The ``#rrggbb`` of the named colour pair for a light or dark palette (default: current)."""
    light, dark_value = COLOR_PAIRS[name]
    return dark_value if (is_dark() if dark is None else dark) else light


def themed_color(name: str) -> QColor:
    """A QColor for the named pair that :func:`apply_theme` re-tints in place on a switch.

    For module-level colours (tree item foregrounds in review, findings lists):
    holders keep the object, and the next repaint uses the new theme's value.
    """
    color = QColor(color_value(name))
    _themed.setdefault(name, []).append(color)
    return color


TITLE_POINTS = 16.0
"""A page title's size (the sheet's name, "No contractor open") at the font the app started with."""

HEADING_SCALE = 1.25
"""A section heading is this much larger than body text."""

_start_points: float | None = None
"""The application font's point size when the theme was first applied (None until then)."""


def _font_sizes() -> dict[str, str]:
    """The title's and headings' ``font-size`` declarations, relative to the application font
    as it is now: a larger desktop font makes them larger in proportion ("" where the font
    has no point size, a pixel-sized one: Qt's own size stands)."""
    app = QApplication.instance()
    points = app.font().pointSizeF() if isinstance(app, QApplication) else -1.0
    if points <= 0:
        return {"title_font": f"font-size: {TITLE_POINTS:g}pt;", "heading_font": ""}
    start = _start_points if _start_points and _start_points > 0 else points
    title = round(TITLE_POINTS * points / start, 2)
    heading = round(points * HEADING_SCALE, 2)
    return {"title_font": f"font-size: {title:g}pt;", "heading_font": f"font-size: {heading:g}pt;"}


def render(template: Template, dark: bool | None = None) -> str:
    """A stylesheet template with each ``$name`` replaced by its pair's value (and the
    title's and headings' sizes, :func:`_font_sizes`)."""
    dark = is_dark() if dark is None else dark
    values = {name: color_value(name, dark) for name in COLOR_PAIRS}
    return template.substitute(values | _font_sizes())


def dark_palette() -> QPalette:
    """Harbinger's dark palette: grey surfaces, near-white text, a blue highlight."""
    p = QPalette()
    role = QPalette.ColorRole
    window, base, text = QColor("#2b2b2b"), QColor("#1f1f1f"), QColor("#ececec")
    for r, c in (
        (role.Window, window),
        (role.WindowText, text),
        (role.Base, base),
        (role.AlternateBase, QColor("#2f2f2f")),
        (role.ToolTipBase, QColor("#3a3a3a")),
        (role.ToolTipText, text),
        (role.PlaceholderText, QColor("#9a9a9a")),
        (role.Text, text),
        (role.Button, QColor("#353535")),
        (role.ButtonText, text),
        (role.BrightText, QColor("#ff8a80")),
        (role.Light, QColor("#4a4a4a")),
        (role.Midlight, QColor("#3d3d3d")),
        (role.Mid, QColor("#2a2a2a")),
        (role.Dark, QColor("#1a1a1a")),
        (role.Shadow, QColor("#0d0d0d")),
        (role.Highlight, QColor("#3d6fb0")),
        (role.HighlightedText, QColor("#ffffff")),
        (role.Link, QColor("#9dbbe8")),
        (role.LinkVisited, QColor("#c3a6e8")),
    ):
        p.setColor(r, c)
    disabled = QPalette.ColorGroup.Disabled
    for r in (role.WindowText, role.Text, role.ButtonText):
        p.setColor(disabled, r, QColor("#7a7a7a"))
    return p


def theme_palette(app: QApplication, theme: str) -> QPalette:
    """The palette a theme stands for: the system's, Fusion's light one, or our dark one."""
    if theme == "dark":
        return dark_palette()
    if theme == "light":
        return app.style().standardPalette()
    return _system_palette if _system_palette is not None else app.palette()


def apply_theme(app: QApplication, theme: str = "system") -> None:
    """Switch the application's palette to ``theme`` (one of :data:`THEMES`) and give
    every live role label (:func:`set_role`) that theme's look.

    No application-wide style sheet: one would put Qt's style-sheet layer under every
    widget of the app (18 M instructions of a cold start, half a millisecond per widget
    shown in a test). On a dark palette the widgets with check and radio indicators get
    a palette of their own (:data:`INDICATOR_WINDOW`) so Fusion draws them visibly.
    Themed colours held by widgets (:func:`themed_color`) are re-tinted; dialog
    stylesheets rendered earlier keep their colours until the dialog is opened again.
    """
    global _system_palette, _start_points
    if theme not in THEMES:
        theme = "system"
    if _system_palette is None:
        _system_palette = app.palette()  # a copy (QPalette(p) would build the Qt namespace)
        _start_points = app.font().pointSizeF()
        hints = app.styleHints()
        if hasattr(hints, "colorSchemeChanged"):  # Qt 6.5+: the desktop switched light/dark
            hints.colorSchemeChanged.connect(lambda *_: _follow_desktop(app))
        app.fontChanged.connect(lambda *_: _follow_font(app))
    # The system palette as captured sets no role of its own, so Qt keeps resolving it
    # against the desktop's palette, including after the desktop changes scheme.
    app.setPalette(theme_palette(app, theme))
    dark = is_dark(app.palette())
    for name, colors in _themed.items():
        for color in colors:
            value = color_value(name, dark)
            color.setRgb(int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    _dress_indicators(app, dark)
    app.setProperty("harbinger_theme", theme)
    app.setProperty("harbinger_styled", True)
    _redress(dark)


def _follow_desktop(app: QApplication) -> None:
    """Re-tint our own colours when the desktop changes scheme and the theme is "system"."""
    if app.property("harbinger_theme") == "system":
        apply_theme(app, "system")


def _follow_font(app: QApplication) -> None:
    """Size the titles and headings for a new application font (a desktop's font setting,
    a larger font), which Qt itself hands to every widget.

    Each widget gets its FontChange (the roster measures its rows and columns again on
    it); combo boxes are made to measure again once all have it. (Under an application
    style sheet, which Harbinger no longer sets, Qt would keep each widget's old font.)
    """
    if not app.property("harbinger_styled"):
        return
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, _remeasure_combos)  # once every widget has the new font
    _redress(is_dark(app.palette()))


def _remeasure_combos() -> None:
    """Make every combo box measure its smallest size again, in its font as it is now.

    A QComboBox keeps its minimum size hint through a FontChange (only a StyleChange
    forgets it), so without an application style sheet to repolish it, a doubled font
    left each combo, and the roster panel holding four, as narrow as before.
    """
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QComboBox

    for widget in QApplication.allWidgets():
        if isinstance(widget, QComboBox):
            QApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))


_dressed: weakref.WeakKeyDictionary[QWidget, str] = weakref.WeakKeyDictionary()
"""Every widget given a role by :func:`set_role`, with the parts of its look set
("c" colour, "f" font, "s" style sheet), so a theme or font change re-dresses the live
ones and a role cleared undoes exactly what the last one set."""


def set_role(widget: QWidget, role: str, **flags: bool) -> None:
    """Give ``widget`` (a label) the look of ``role`` in the current theme.

    The role is its object name, as tests and code read it ("" or an unknown name:
    plain). Colour roles ("muted", "error", "warning", "accent") set the palette's
    text colour, "title", "heading", "subheading", "accentBold" and "dice" the font (sized
    from the application font), and the boxed roles ("help", "banner", "chip") a style
    sheet on that widget alone. ``flags`` are its states, kept as dynamic properties:
    ``overspent`` turns a banner red, ``dead`` darkens a chip.
    """
    widget.setObjectName(role)
    for name, value in flags.items():
        widget.setProperty(name, value)
    _dress(widget, is_dark())


def _role_font(role: str) -> QFont | None:
    """The font a role sets, only in what differs from the inherited one (None: none)."""
    kind = ROLE_FONTS.get(role)
    if kind is None:
        return None
    font = QFont()  # nothing resolved: family and the rest still follow the parent
    font.setBold(kind != "large")
    app = QApplication.instance()
    points = app.font().pointSizeF() if isinstance(app, QApplication) else -1.0
    if kind == "large" and points > 0:
        font.setPointSizeF(round(points * LARGE_SCALE, 2))
    elif kind == "title":
        start = _start_points if _start_points and _start_points > 0 else points
        font.setPointSizeF(round(TITLE_POINTS * points / start, 2) if points > 0 else TITLE_POINTS)
    elif kind == "heading" and points > 0:
        font.setPointSizeF(round(points * HEADING_SCALE, 2))
    return font


def _dress(widget: QWidget, dark: bool) -> None:
    """Set the parts of ``widget``'s look its role has, and undo those it had and lost."""
    role = widget.objectName()
    before = _dressed.get(widget, "")
    now = ""
    box = BOXED.get(role)
    if box is None and "s" in before:
        widget.setStyleSheet("")  # first: taking a sheet off restores the palette before it
    color = ROLE_COLORS.get(role)
    if color is not None:
        palette = QPalette()  # only the text colours set: the rest comes from the parent
        value = QColor(color_value(color, dark))
        # As a style sheet's ``color`` does: a label on a Base-coloured parent (a wizard's
        # side widget) draws its text in Text, not WindowText.
        roles = QPalette.ColorRole
        for text_role in (roles.WindowText, roles.Text, roles.ButtonText):
            palette.setColor(text_role, value)
        widget.setPalette(palette)
        now += "c"
    elif "c" in before:
        widget.setPalette(QPalette())
    font = _role_font(role)
    if font is not None:
        widget.setFont(font)
        now += "f"
    elif "f" in before:
        widget.setFont(QFont())
    if box is not None:
        widget.setStyleSheet(render(box, dark))  # last: over the palette and font
        now += "s"
    _dressed[widget] = now


def _redress(dark: bool) -> None:
    """Give every live role widget its look again (a theme, a desktop scheme or a font
    changed)."""
    for widget in list(_dressed):
        if shiboken6.isValid(widget):
            _dress(widget, dark)
        else:
            _dressed.pop(widget, None)


def ruled_tabs(tabs: QTabWidget) -> QTabWidget:
    """A tab widget's pages under a rule across the tabs' foot, with no frame around them
    (Fusion's document mode), as the app's tabs look; returns ``tabs``."""
    tabs.setDocumentMode(True)
    return tabs


def apply_style(app: QApplication, theme: str = "system") -> None:
    """Give the application Harbinger's style and theme.

    Idempotent: re-applying a style repolishes every widget alive, so it is only
    done when something would actually change.
    """
    if app.property("harbinger_styled") and app.property("harbinger_theme") == theme:
        return
    # An application made by ui.app.make_application already has it (chosen at creation).
    chosen = app.property("harbinger_style") == STYLE
    if not chosen and app.style().name().lower() != STYLE.lower():
        app.setStyle(STYLE)
    apply_theme(app, theme)


def relative_luminance(color: QColor) -> float:
    """WCAG 2 relative luminance of an opaque colour (0 black … 1 white)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.redF())
        + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF())
    )


def contrast_ratio(first: QColor, second: QColor) -> float:
    """WCAG 2 contrast ratio of two colours (1 … 21; AA body text needs 4.5)."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)
