"""Small display helpers shared by the Gift Builder's panels.

Labels are given a role as their ``objectName``, and :func:`style_role` gives
each role its look on that one widget: the app's roles ("muted", "error",
"warning", "help") through :func:`ui.style.set_role`, the builder's own here (a
text colour in the widget's palette, a bold or larger font, and for the few
boxed ones, the notice, the System Text and the cost badge, a style sheet of
their own). The builder sets no style sheet
on its window: one there put Qt's style-sheet layer on each of its hundreds
of widgets, and every row the Customise step made was polished through it
(about half the window's build time, and 30 ms more per new Effect).
Updating a label only when its text really changes keeps a repaint after a
click cheap: Qt relayouts on every ``setText``.
"""

from __future__ import annotations

from functools import cache
from string import Template

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ui.style import ROLES, color_value, is_dark, render, set_role

ROLE_COLOURS = {"amount": "link"}
"""The builder's own roles shown as coloured text: role → ``ui.style`` colour pair (the
app's roles, "muted", "error", "warning", "help", are :func:`ui.style.set_role`'s)."""

ROLE_FONTS: dict[str, tuple[float, bool]] = {
    "pageTitle": (13.0, True),
    "sectionTitle": (0.0, True),
    "costCaption": (11.0, True),
    "amount": (0.0, True),
    "modifierName": (0.0, True),
    "cardTitle": (0.0, True),
}
"""Roles with a font of their own: role → (point size, 0 to keep the inherited one; bold)."""

ROLE_SHEETS = {
    "notice": Template(
        "QLabel { background: $banner_bg; border: 1px solid $banner_border; "
        "border-radius: 4px; padding: 6px; color: $text; }"
    ),
    "systemText": Template(
        "QPlainTextEdit { background: $paper_bg; border: 1px solid $help_border; "
        "border-radius: 4px; padding: 8px; }"
    ),
}
"""Boxed roles: a style sheet on the one widget (a label has no children to pass it to)."""

BADGE_SHEET = Template(
    "QLabel { background: $background; color: white; border-radius: 8px; "
    "font-size: 22pt; font-weight: bold; padding: 2px 14px; min-width: 1.4em; }"
)
"""The Gift Cost badge; ``$background`` is ``badge_bg``, or ``badge_blocked`` below 1."""


def style_role(widget: QWidget, role: str) -> None:
    """Name ``widget``'s role and give it that role's look (colours of the theme in force).

    The app's roles get the app's look (:func:`ui.style.set_role`, which also follows a
    theme switch); the builder's own roles are dressed here.
    """
    if role in ROLES:
        set_role(widget, role)
        return
    widget.setObjectName(role)
    palette, font, sheet = _look(role, is_dark())
    if palette is not None:
        widget.setPalette(palette)
    if font is not None:
        widget.setFont(font)
    if role == "sectionTitle" and isinstance(widget, QLabel):
        widget.setContentsMargins(0, 6, 0, 0)
    if sheet:
        widget.setStyleSheet(sheet)


@cache
def _look(role: str, dark: bool) -> tuple[QPalette | None, QFont | None, str]:
    """A role's palette, font and style sheet, each made once per theme and shared.

    The palette and font set only what the role changes (their other entries are
    unset), so a widget keeps inheriting the rest from its parent and the app.
    """
    palette = None
    colour = ROLE_COLOURS.get(role)
    if colour is not None:
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(color_value(colour, dark)))
    font = None
    font_look = ROLE_FONTS.get(role)
    if font_look is not None:
        points, bold = font_look
        font = QFont()
        font.setBold(bold)
        if points:
            font.setPointSizeF(points)
    sheet = ROLE_SHEETS.get(role)
    return palette, font, render(sheet, dark) if sheet is not None else ""


def show_badge(badge: QLabel, blocked: bool) -> None:
    """Colour the Gift Cost badge: red when the cost is below 1 (only when that changes)."""
    if badge.property("blocked") is blocked:
        return
    badge.setProperty("blocked", blocked)
    colours = {"background": color_value("badge_blocked" if blocked else "badge_bg")}
    badge.setStyleSheet(BADGE_SHEET.substitute(colours))


def label(text: str = "", role: str = "", *, wrap: bool = True, selectable: bool = False) -> QLabel:
    """A plain-text label (player text is never read as markup) with a style role."""
    widget = QLabel(text)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    widget.setWordWrap(wrap)
    if role:
        style_role(widget, role)
    if selectable:
        widget.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return widget


HOUSE_MARK = "⌂"
"""Marks catalog content from a playgroup's house-rule catalog (issue 15, item 8)."""


def house_name(entry: object) -> str:
    """An entry's name, marked "⌂ <catalog>" when it comes from a house-rule catalog."""
    name = str(getattr(entry, "name", ""))
    origin = getattr(entry, "origin", None)
    catalog = getattr(origin, "catalog", "") if origin is not None else ""
    return f"{name}  {HOUSE_MARK} {catalog}" if catalog else name


def set_text(widget: QLabel, text: str) -> None:
    """Set a label's text only when it differs (a relayout is the costly part of a repaint)."""
    if widget.text() != text:
        widget.setText(text)


def set_shown(widget: QWidget, shown: bool) -> None:
    """Show or hide only when it changes."""
    if widget.isHidden() == shown:
        widget.setVisible(shown)


def set_tip(widget: QWidget, text: str) -> None:
    if widget.toolTip() != text:
        widget.setToolTip(text)


class Card(QFrame):
    """A bordered box for one choice (a Gift Type, a Style), painted by itself.

    Its border is ``card_border``, 2 px in ``link`` once chosen; its background
    the palette's base, or ``card_off`` while unavailable.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.chosen = False
        self.unavailable = False
        self._border = QColor(color_value("card_border"))
        self._chosen_border = QColor(color_value("link"))
        self._off = QColor(color_value("card_off"))

    def set_chosen(self, chosen: bool) -> None:
        """Mark the card chosen (a thicker border in the link colour); repaints on a change."""
        if chosen != self.chosen:
            self.chosen = chosen
            self.update()

    def set_unavailable(self, unavailable: bool) -> None:
        """Grey the card's background while its choice cannot be taken; repaints on a change."""
        if unavailable != self.unavailable:
            self.unavailable = unavailable
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        width = 2.0 if self.chosen else 1.0
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self._chosen_border if self.chosen else self._border, width))
        base = self.palette().color(QPalette.ColorRole.Base)
        painter.setBrush(self._off if self.unavailable else base)
        half = width / 2
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(half, half, -half, -half), 6, 6)
        painter.end()


def card() -> tuple[Card, QVBoxLayout]:
    """A bordered box for one choice (a Gift Type, a Style), and the layout for its contents."""
    frame = Card()
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(10, 8, 10, 8)
    layout.setSpacing(3)
    return frame, layout


def signed(amount: int) -> str:
    """+1 / −1 / +0, with a real minus sign."""
    return f"+{amount}" if amount >= 0 else f"−{abs(amount)}"
