"""Small display helpers shared by the Gift Builder's panels.

Labels are given a role with ``setObjectName`` (the same roles the rest of
the app styles: "muted", "error", "warning", "help") and the builder's own
stylesheet adds the few looks only it needs (the cost badge, cards).
Updating a label only when its text really changes keeps a repaint after a
click cheap: Qt relayouts on every ``setText``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

BUILDER_STYLESHEET = """
QLabel#muted { color: #5f5f5f; }
QLabel#error { color: #b3261e; }
QLabel#warning { color: #8a5a00; }
QLabel#notice {
    background: #e8eef7; border: 1px solid #b8c7de; border-radius: 4px; padding: 6px;
}
QLabel#help {
    background: #f3f1ea; border: 1px solid #d9d4c3; border-radius: 4px; padding: 8px; color: #333;
}
QLabel#pageTitle { font-size: 13pt; font-weight: bold; }
QLabel#sectionTitle { font-weight: bold; margin-top: 6px; }
QLabel#costBadge {
    background: #2f4f7f; color: white; border-radius: 8px;
    font-size: 22pt; font-weight: bold; padding: 2px 14px; min-width: 1.4em;
}
QLabel#costBadge[blocked="true"] { background: #b3261e; }
QLabel#costCaption { font-weight: bold; font-size: 11pt; }
QPlainTextEdit#systemText, QLabel#systemText {
    background: #fbfaf6; border: 1px solid #d9d4c3; border-radius: 4px; padding: 8px;
}
QFrame#card { border: 1px solid #d4d4d4; border-radius: 6px; background: palette(base); }
QFrame#card[chosen="true"] { border: 2px solid #2f4f7f; }
QFrame#card[unavailable="true"] { background: #f4f4f4; }
QCheckBox#modifierName, QRadioButton#cardTitle { font-weight: bold; }
QLabel#amount { font-weight: bold; color: #2f4f7f; }
"""


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
