"""A small form dialog built from field descriptions, for the sheet's list edits.

Injuries, Items, Battle Scars, Traumas, Loose Ends and the like are a few
typed fields each; describing them as :class:`Field` values keeps every such
dialog consistent (labels with mnemonics, tab order top to bottom, OK only
when required fields are filled).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.widgets.common import help_note
from ui.widgets.whole_lines import keep_lines_whole


@dataclass(frozen=True, slots=True)
class Field:
    """One input: ``kind`` is "text", "multiline", "int", "bool" or "choice".

    For "choice", ``choices`` are (label, value) pairs and ``editable`` allows
    free text (then the value is the typed text when it matches no label).
    """

    key: str
    label: str
    kind: str = "text"
    value: Any = None
    required: bool = False
    minimum: int = 0
    maximum: int = 999
    choices: Sequence[tuple[str, Any]] = field(default_factory=tuple)
    editable: bool = False
    tooltip: str = ""
    placeholder: str = ""


class FormDialog(QDialog):
    """Collects the values of a few :class:`Field` s; read them with :meth:`values`."""

    def __init__(
        self,
        title: str,
        fields: Sequence[Field],
        *,
        help_text: str = "",
        parent: QWidget | None = None,
        on_change: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._fields = list(fields)
        self.editors: dict[str, QWidget] = {}
        form = QFormLayout()
        for spec in self._fields:
            editor = self._editor(spec)
            editor.setAccessibleName(spec.label.replace("&", ""))
            if spec.tooltip:
                editor.setToolTip(spec.tooltip)
            self.editors[spec.key] = editor
            if spec.kind == "bool":
                form.addRow("", editor)
            else:
                label = QLabel(spec.label)
                label.setBuddy(editor)
                form.addRow(label, editor)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if help_text:
            layout.addWidget(help_note(help_text))
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self._on_change = on_change
        for editor in self.editors.values():
            self._connect(editor)
        self._changed()
        keep_lines_whole(self)

    def _editor(self, spec: Field) -> QWidget:
        if spec.kind == "multiline":
            edit = QPlainTextEdit(str(spec.value or ""))
            edit.setTabChangesFocus(True)
            edit.setMinimumHeight(edit.fontMetrics().height() * 4)
            return edit
        if spec.kind == "int":
            spin = QSpinBox()
            spin.setRange(spec.minimum, spec.maximum)
            spin.setValue(int(spec.value or 0))
            return spin
        if spec.kind == "bool":
            box = QCheckBox(spec.label)
            box.setChecked(bool(spec.value))
            return box
        if spec.kind == "choice":
            combo = QComboBox()
            combo.setEditable(spec.editable)
            for label, value in spec.choices:
                combo.addItem(label, value)
            index = combo.findData(spec.value)
            if index >= 0:
                combo.setCurrentIndex(index)
            elif spec.editable:
                # A new line starts blank rather than silently taking the first suggestion.
                combo.setCurrentIndex(-1)
                combo.setEditText(str(spec.value or ""))
            return combo
        edit = QLineEdit(str(spec.value or ""))
        edit.setPlaceholderText(spec.placeholder)
        return edit

    def _connect(self, editor: QWidget) -> None:
        if isinstance(editor, QLineEdit | QPlainTextEdit):
            editor.textChanged.connect(self._changed)
        elif isinstance(editor, QSpinBox):
            editor.valueChanged.connect(self._changed)
        elif isinstance(editor, QCheckBox):
            editor.toggled.connect(self._changed)
        elif isinstance(editor, QComboBox):
            editor.currentIndexChanged.connect(self._changed)
            editor.editTextChanged.connect(self._changed)

    def _changed(self) -> None:
        values = self.values()
        ready = all(str(values[spec.key]).strip() for spec in self._fields if spec.required)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ready)
        if self._on_change is not None:
            self._on_change(values)

    def values(self) -> dict[str, Any]:
        """The current value of each field by key (text stripped of outer spaces)."""
        out: dict[str, Any] = {}
        for spec in self._fields:
            editor = self.editors[spec.key]
            if isinstance(editor, QPlainTextEdit):
                out[spec.key] = editor.toPlainText().strip()
            elif isinstance(editor, QLineEdit):
                out[spec.key] = editor.text().strip()
            elif isinstance(editor, QSpinBox):
                out[spec.key] = editor.value()
            elif isinstance(editor, QCheckBox):
                out[spec.key] = editor.isChecked()
            elif isinstance(editor, QComboBox):
                text = editor.currentText().strip()
                data = editor.currentData()
                if editor.isEditable() and editor.itemText(editor.currentIndex()) != text:
                    out[spec.key] = text
                else:
                    out[spec.key] = data if data is not None else text
        return out

    def set_value(self, key: str, value: Any) -> None:
        """Fill one field (tests and presets use this)."""
        editor = self.editors[key]
        if isinstance(editor, QPlainTextEdit):
            editor.setPlainText(str(value))
        elif isinstance(editor, QLineEdit):
            editor.setText(str(value))
        elif isinstance(editor, QSpinBox):
            editor.setValue(int(value))
        elif isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QComboBox):
            index = editor.findData(value)
            if index < 0:
                index = editor.findText(str(value))
            if index >= 0:
                editor.setCurrentIndex(index)
            elif editor.isEditable():
                editor.setEditText(str(value))
