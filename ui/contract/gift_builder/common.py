"""Small display helpers shared by the Gift Builder's panels.

Labels are given a role with ``setObjectName`` (the same roles the rest of
the app styles: "muted", "error", "warning", "help") and the builder's own
stylesheet adds the few looks only it needs (the cost badge, cards).
Updating a label only when its text really changes keeps a repaint after a
click cheap: Qt relayouts on every ``setText``.
"""

from __future__ import annotations

from string import Template

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ui.style import render

BUILDER_STYLESHEET = Template("""
QLabel#muted { color: $muted; }
QLabel#error { color: $error; }
QLabel#warning { color: $warning; }
QLabel#notice {
    background: $banner_bg; border: 1px solid $banner_border; border-radius: 4px; padding: 6px;
    color: $text;
}
QLabel#help {
    background: $help_bg; border: 1px solid $help_border; border-radius: 4px; padding: 8px;
    color: $help_text;
}
QLabel#pageTitle { font-size: 13pt; font-weight: bold; }
QLabel#sectionTitle { font-weight: bold; margin-top: 6px; }
QLabel#costBadge {
    background: $badge_bg; color: white; border-radius: 8px;
    font-size: 22pt; font-weight: bold; padding: 2px 14px; min-width: 1.4em;
}
QLabel#costBadge[blocked="true"] { background: $badge_blocked; }
QLabel#costCaption { font-weight: bold; font-size: 11pt; }
QPlainTextEdit#systemText, QLabel#systemText {
    background: $paper_bg; border: 1px solid $help_border; border-radius: 4px; padding: 8px;
}
QFrame#card { border: 1px solid $card_border; border-radius: 6px; background: palette(base); }
QFrame#card[chosen="true"] { border: 2px solid $link; }
QFrame#card[unavailable="true"] { background: $card_off; }
QCheckBox#modifierName, QRadioButton#cardTitle { font-weight: bold; }
QLabel#amount { font-weight: bold; color: $link; }
""")
"""The builder's own looks; ``$name`` colours are ui.style's light/dark pairs."""


def builder_stylesheet() -> str:
    """The builder's stylesheet in the colours of the theme in force."""
    return render(BUILDER_STYLESHEET)


def label(text: str = "", role: str = "", *, wrap: bool = True, selectable: bool = False) -> QLabel:
    """A plain-text label (player text is never read as markup) with a style role."""
    widget = QLabel(text)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    widget.setWordWrap(wrap)
    if role:
        widget.setObjectName(role)
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


def set_flag(widget: QWidget, name: str, value: bool) -> None:
    """Set a boolean style property and repolish only when it changes."""
    if bool(widget.property(name)) != value:
        widget.setProperty(name, value)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def card() -> tuple[QFrame, QVBoxLayout]:
    """A bordered box for one choice (a Gift Type, a Style)."""
    frame = QFrame()
    frame.setObjectName("card")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(10, 8, 10, 8)
    layout.setSpacing(3)
    return frame, layout


def signed(amount: int) -> str:
    """+1 / −1 / +0, with a real minus sign."""
    return f"+{amount}" if amount >= 0 else f"−{abs(amount)}"
