"""A This Mortal Coil crew sheet in a window: members, ship, associates, shared credits.

A crew is a file of its own (``harbinger.mortal-coil-crew``); this dialog creates
one or opens one, edits it and saves it. Every change goes through
``harbinger.app.mortal_coil_crew`` (hiring rolls the associate there); builder's
findings about the sheet are shown under it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.core.registry import FileFormatError
from builder.mortal_coil.character import ASSOCIATE_WAGE
from harbinger.app import mortal_coil_crew as crews
from ui.style import set_role
from ui.widgets.name_edit import NameEdit

ASSOCIATE_COLUMNS = ("Name", "STR", "DEX", "CTRL", "HP", "Weapon", "Wage / day")
MAX_NUMBER = 1_000_000_000


class CrewDialog(QDialog):
    """Create or edit one crew sheet; ``crew`` is the sheet as edited, ``path`` its file."""

    def __init__(
        self,
        spacefarers: Sequence[tuple[str, str]] = (),
        parent: QWidget | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Crew — This Mortal Coil")
        self.rng = rng or random.Random()
        self.spacefarers = list(spacefarers)  # (id, name) of the library's spacefarers
        self.crew = crews.new_crew()
        self.path: Path | None = None
        self._filling = False
        layout = QVBoxLayout(self)
        layout.addLayout(self._build_head())
        middle = QHBoxLayout()
        middle.addWidget(self._build_members(), 1)
        middle.addWidget(self._build_ship(), 1)
        layout.addLayout(middle)
        layout.addWidget(self._build_associates(), 1)
        self.findings = QLabel()
        set_role(self.findings, "error")
        self.findings.setWordWrap(True)
        self.message = QLabel()
        set_role(self.message, "muted")
        self.message.setWordWrap(True)
        layout.addWidget(self.findings)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.open_button = buttons.addButton("&Open…", QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button = buttons.addButton("&Save…", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.clicked.connect(lambda: self.open_file())
        self.save_button.clicked.connect(lambda: self.save_file())
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fill()
        self.resize(900, 640)

    # ------------------------------------------------------------------ layout

    def _build_head(self) -> QFormLayout:
        form = QFormLayout()
        self.name = NameEdit()
        self.name.setPlaceholderText("The crew's name")
        self.credits = QSpinBox()
        self.credits.setRange(0, MAX_NUMBER)
        self.credits.setSuffix(" credits")
        self.notes = QLineEdit()
        form.addRow("&Crew", self.name)
        form.addRow("Shared &wallet", self.credits)
        form.addRow("&Notes", self.notes)
        self.name.textChanged.connect(self._edited)
        self.credits.valueChanged.connect(self._edited)
        self.notes.textChanged.connect(self._edited)
        return form

    def _build_members(self) -> QGroupBox:
        box = QGroupBox("Members (spacefarers in this library)")
        self.members = QListWidget()
        self.members.setAccessibleName("Crew members")
        self.members.itemChanged.connect(lambda _item: self._edited())
        QVBoxLayout(box).addWidget(self.members)
        return box

    def _build_ship(self) -> QGroupBox:
        box = QGroupBox("Ship")
        form = QFormLayout(box)
        self.ship_name = QLineEdit()
        self.hull = QLineEdit()
        self.hull.setPlaceholderText("Type or model, e.g. a Kestrel-class hauler")
        self.bp_max = QSpinBox()
        self.bp_max.setRange(0, 999)
        self.bp = QSpinBox()
        self.bp.setRange(0, 999)
        self.destroyed = QCheckBox("Destroyed")
        self.ship_notes = QLineEdit()
        form.addRow("Name", self.ship_name)
        form.addRow("Hull", self.hull)
        form.addRow("BP (most)", self.bp_max)
        form.addRow("BP now", self.bp)
        form.addRow("", self.destroyed)
        form.addRow("Notes", self.ship_notes)
        for edit in (self.ship_name, self.hull, self.ship_notes):
            edit.textChanged.connect(self._edited)
        for spin in (self.bp_max, self.bp):
            spin.valueChanged.connect(self._edited)
        self.destroyed.toggled.connect(self._edited)
        return box

    def _build_associates(self) -> QGroupBox:
        low, high = ASSOCIATE_WAGE
        box = QGroupBox(f"Associates (3d6 per ability, 1d6 HP, a d6 weapon, {low}-{high} a day)")
        grid = QGridLayout(box)
        self.associates = QTableWidget(0, len(ASSOCIATE_COLUMNS))
        self.associates.setHorizontalHeaderLabels(list(ASSOCIATE_COLUMNS))
        self.associates.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.associates.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.associates.horizontalHeader().setStretchLastSection(True)
        self.hire_name = NameEdit()
        self.hire_name.setPlaceholderText("Name of the hire")
        self.wage = QSpinBox()
        self.wage.setRange(low, high)
        self.wage.setSuffix(" a day")
        self.hire_button = QPushButton("&Hire (roll)")
        self.dismiss_button = QPushButton("&Dismiss")
        self.wages = QLabel()
        grid.addWidget(self.associates, 0, 0, 1, 5)
        grid.addWidget(self.hire_name, 1, 0)
        grid.addWidget(self.wage, 1, 1)
        grid.addWidget(self.hire_button, 1, 2)
        grid.addWidget(self.dismiss_button, 1, 3)
        grid.addWidget(self.wages, 1, 4)
        grid.setColumnStretch(0, 1)
        self.hire_button.clicked.connect(self.hire)
        self.hire_name.returnPressed.connect(self.hire)
        self.dismiss_button.clicked.connect(self.dismiss)
        return box

    # ------------------------------------------------------------------ edits

    def _edited(self, *_args: Any) -> None:
        """A widget changed: the crew follows it, then the findings."""
        if self._filling:
            return
        ship = replace(
            self.crew.ship,
            name=self.ship_name.text().strip(),
            hull=self.hull.text().strip(),
            bp_max=self.bp_max.value(),
            bp=self.bp.value(),
            destroyed=self.destroyed.isChecked(),
            notes=self.ship_notes.text().strip(),
        )
        members = []
        for row in range(self.members.count()):
            item = self.members.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                members.append(str(item.data(Qt.ItemDataRole.UserRole)))
        self.crew = replace(
            self.crew,
            name=self.name.text().strip(),
            credits=self.credits.value(),
            notes=self.notes.text().strip(),
            ship=ship,
            members=tuple(members),
        )
        self._show_findings()

    def hire(self) -> None:
        """Roll a new associate with the name and wage entered."""
        try:
            self.crew = crews.hire_associate(
                self.crew, self.rng, self.hire_name.text(), self.wage.value()
            )
        except ValueError as exc:
            self.message.setText(f"Not hired: {exc}.")
            return
        hired = self.crew.associates[-1]
        self.message.setText(
            f"Hired {hired.name}: STR {hired.str_max}, DEX {hired.dex_max}, "
            f"CTRL {hired.ctrl_max}, HP {hired.hp_max}."
        )
        self.hire_name.clear()
        self._fill_associates()
        self._show_findings()

    def dismiss(self) -> None:
        """Let the selected associate go."""
        row = self.associates.currentRow()
        if row < 0:
            self.message.setText("Pick an associate to dismiss first.")
            return
        name = self.crew.associates[row].name
        self.crew = crews.dismiss_associate(self.crew, row)
        self.message.setText(f"Dismissed {name}.")
        self._fill_associates()
        self._show_findings()

    # ------------------------------------------------------------------ files

    def open_file(self, path: str | Path | None = None) -> bool:
        """Open a crew file (asking for one when no path is given); False when refused."""
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(self, "Open a crew", "", "Crew files (*.json)")
            if not chosen:
                return False
            path = chosen
        try:
            crew = crews.read_crew(path)
        except FileFormatError as exc:
            self.message.setText(f"Could not open {Path(path).name}: {exc}")
            return False
        self.crew = crew
        self.path = Path(path)
        self._fill()
        self.message.setText(f"Opened {self.path.name}.")
        return True

    def save_file(self, path: str | Path | None = None) -> bool:
        """Save the crew (asking where when no path is given); False when not saved."""
        if path is None:
            suggested = str(self.path or f"{self.crew.name or 'crew'}.json")
            chosen, _ = QFileDialog.getSaveFileName(
                self, "Save the crew", suggested, "Crew files (*.json)"
            )
            if not chosen:
                return False
            path = chosen
        try:
            written = crews.write_crew(path, self.crew)
        except OSError as exc:
            self.message.setText(f"Could not save: {exc.strerror or exc}")
            return False
        self.path = written
        self.message.setText(f"Saved {written.name}.")
        return True

    # ------------------------------------------------------------------ view

    def _fill(self) -> None:
        """Every widget from :attr:`crew` (after opening a file)."""
        self._filling = True
        try:
            crew = self.crew
            self.name.setText(crew.name)
            self.credits.setValue(crew.credits)
            self.notes.setText(crew.notes)
            ship = crew.ship
            self.ship_name.setText(ship.name)
            self.hull.setText(ship.hull)
            self.bp_max.setValue(ship.bp_max)
            self.bp.setValue(ship.bp)
            self.destroyed.setChecked(ship.destroyed)
            self.ship_notes.setText(ship.notes)
            self.members.clear()
            known = dict(self.spacefarers)
            strangers = [(m, "") for m in crew.members if m not in known]
            for cid, name in [*self.spacefarers, *strangers]:
                label = name or f"{cid} (not in this library)"
                item = QListWidgetItem(label)
                item.setData(Qt.ItemDataRole.UserRole, cid)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                checked = cid in crew.members
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
                self.members.addItem(item)
        finally:
            self._filling = False
        self._fill_associates()
        self._show_findings()

    def _fill_associates(self) -> None:
        table = self.associates
        table.setRowCount(len(self.crew.associates))
        for row, a in enumerate(self.crew.associates):
            values = (
                a.name,
                a.str_max,
                a.dex_max,
                a.ctrl_max,
                a.hp_max,
                f"d{a.weapon_die}",
                a.daily_wage,
            )
            for col, value in enumerate(values):
                table.setItem(row, col, QTableWidgetItem(str(value)))
        total = crews.daily_wages(self.crew)
        self.wages.setText(f"Wages: {total} credits a day")
        self.dismiss_button.setEnabled(bool(self.crew.associates))

    def _show_findings(self) -> None:
        found = crews.findings(self.crew)
        self.findings.setText("\n".join(f"⚠ {f.message}" for f in found))
        self.findings.setVisible(bool(found))
