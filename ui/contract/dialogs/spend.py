"""Spend Exp: every possible one-rank raise with its price, or the reason it is not allowed.

The list is ``builder.contract.advance.spend_options``: the dialog shows each option's
label, ratings, price and reason as given, and a raise runs the named
operation. The dialog stays open so several raises can be bought in a row;
each is its own undoable step.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.contract.advance import SpendOption, spend_options
from builder.contract.character import Contractor, TraitKind
from builder.contract.sheet import evaluate_sheet
from ui.operations.contract import Operations, Plan, Refused
from ui.style import set_role
from ui.widgets.common import help_note

KIND_HEADINGS = {
    TraitKind.ATTRIBUTE: "Attribute",
    TraitKind.ABILITY: "Ability",
    TraitKind.SECONDARY: "Secondary Ability",
    TraitKind.SOURCE: "Source",
}


def _key(kind: TraitKind, trait: str) -> str:
    """A trait's key in the several-ranks list ("attribute:brawn")."""
    return f"{kind}:{trait}"


class SpendExpDialog(QDialog):
    """Raise traits, a rank or several at a time, with the contractor's available Exp."""

    COLUMNS = ("Trait", "Kind", "Now", "Raise to", "Exp", "", "Why not")

    def __init__(self, ops: Operations, contractor: Contractor, parent: QWidget | None = None):  # noqa: PLR0915  (60 statements when the limits came in)
        super().__init__(parent)
        self.setWindowTitle("Spend Exp")
        self.ops = ops
        self.contractor = contractor
        self.options: tuple[SpendOption, ...] = ()
        self.buttons_by_trait: dict[tuple[str, str], QPushButton] = {}

        self.available = QLabel()
        set_role(self.available, "banner")
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # "Why not" takes the spare width; stretched as the last section it kept 100 pixels
        # however short of room the table was (see _hold_columns).
        header.setSectionResizeMode(len(self.COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setAccessibleName("Possible raises")

        self.secondary_name = QLineEdit()
        self.secondary_name.setPlaceholderText("New Secondary Ability, e.g. Lockpicking")
        self.secondary_button = QPushButton("&Learn it")
        self.secondary_note = QLabel()
        self.secondary_note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.secondary_name, 1)
        row.addWidget(self.secondary_button)

        # Several ranks at once, priced by builder as the sum of the single steps.
        self.multi_trait = QComboBox()
        self.multi_trait.setAccessibleName("Trait to raise several ranks")
        self.multi_to = QSpinBox()
        self.multi_to.setAccessibleName("Raise to rating")
        self.multi_button = QPushButton("Raise to &rating")
        self.multi_note = QLabel()
        self.multi_note.setWordWrap(True)
        multi = QHBoxLayout()
        multi.addWidget(QLabel("Several ranks:"))
        multi.addWidget(self.multi_trait, 1)
        multi.addWidget(QLabel("to"))
        multi.addWidget(self.multi_to)
        multi.addWidget(self.multi_button)

        self.message = QLabel()
        self.message.setWordWrap(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        close.accepted.connect(self.accept)

        layout = QVBoxLayout(self)
        layout.addWidget(
            help_note(
                "Each rank of a trait has its price. Attributes cost five times the current "
                "rating; Abilities cost 2 for the first rank and then twice the current rating; "
                "Source costs twice its rating. Greyed-out raises say why in the last column. "
                "Several ranks at once cost the sum of the single steps. "
                "Each raise can be undone with Edit → Undo."
            )
        )
        layout.addWidget(self.available)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.secondary_note)
        layout.addLayout(multi)
        layout.addWidget(self.multi_note)
        layout.addWidget(self.message)
        layout.addWidget(close)

        self.secondary_name.textChanged.connect(self._secondary_preview)
        self.secondary_button.clicked.connect(self._learn_secondary)
        self.multi_trait.currentIndexChanged.connect(self._multi_trait_changed)
        self.multi_to.valueChanged.connect(self._multi_preview)
        self.multi_button.clicked.connect(self._multi_raise)
        self.resize(780, 720)
        self.refresh()

    def refresh(self) -> None:
        report = evaluate_sheet(self.contractor)
        self.available.setText(f"Exp available: {report.exp.available}")
        self.options = spend_options(self.contractor)
        self.table.setRowCount(len(self.options))
        self.buttons_by_trait.clear()
        for r, option in enumerate(self.options):
            cells = [
                option.label,
                KIND_HEADINGS.get(option.kind, str(option.kind)),
                str(option.from_rating),
                str(option.to_rating),
                str(option.exp) if option.exp else "—",
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if not option.allowed:
                    item.setForeground(self.palette().placeholderText())
                    item.setToolTip(option.reason)
                self.table.setItem(r, c, item)
            button = QPushButton(f"Raise {option.label}")
            button.setEnabled(option.allowed)
            button.setToolTip(option.reason or f"Spend {option.exp} Exp")
            button.setAccessibleName(f"Raise {option.label}")
            button.clicked.connect(lambda _c=False, o=option: self.buy(o))
            self.table.setCellWidget(r, 5, button)
            reason = QTableWidgetItem(option.reason)
            reason.setToolTip(option.reason)
            self.table.setItem(r, 6, reason)
            self.buttons_by_trait[(str(option.kind), option.trait)] = button
        self._hold_columns()
        self._secondary_preview()
        self._fill_multi()

    def _hold_columns(self) -> None:
        """The table at least as wide as its columns, "Why not" at its title's width (a
        longer reason is cut, whole in its tooltip): narrower, at 1.5x the font the table
        scrolled sideways by a column."""
        table = self.table
        header = table.horizontalHeader()
        last = header.count() - 1
        width = sum(max(header.sectionSizeHint(c), table.sizeHintForColumn(c)) for c in range(last))
        width += header.sectionSizeHint(last) + 2 * table.frameWidth()
        width += table.verticalScrollBar().sizeHint().width()
        if table.minimumWidth() != width:
            table.setMinimumWidth(width)

    # ------------------------------------------------------------------ several ranks

    def _fill_multi(self) -> None:
        chosen = self.multi_trait.currentData()
        self.multi_trait.blockSignals(True)
        self.multi_trait.clear()
        for option in self.options:
            self.multi_trait.addItem(
                f"{option.label} ({KIND_HEADINGS.get(option.kind, option.kind)}, now "
                f"{option.from_rating})",
                _key(option.kind, option.trait),
            )
        index = self.multi_trait.findData(chosen) if chosen is not None else -1
        self.multi_trait.setCurrentIndex(max(0, index))
        self.multi_trait.blockSignals(False)
        self._multi_trait_changed()

    def choose_multi(self, kind: TraitKind | str, trait: str, to_rating: int) -> None:
        """Pick the trait and target of a several-rank raise (tests, keyboard users)."""
        self.multi_trait.setCurrentIndex(self.multi_trait.findData(_key(TraitKind(kind), trait)))
        self.multi_to.setValue(to_rating)

    def _multi_option(self) -> SpendOption | None:
        data = self.multi_trait.currentData()
        if not data:
            return None
        kind, trait = data.split(":", 1)
        return self.option(kind, trait)

    def _multi_trait_changed(self) -> None:
        option = self._multi_option()
        if option is None:
            return
        self.multi_to.blockSignals(True)
        self.multi_to.setRange(option.from_rating + 1, option.from_rating + 5)
        self.multi_to.setValue(option.from_rating + 2)
        self.multi_to.blockSignals(False)
        self._multi_preview()

    def multi_plan(self) -> Plan | None:
        """builder's plan for the chosen several-rank raise (price, or why not)."""
        option = self._multi_option()
        if option is None:
            return None
        return self.ops.plan_raise(
            self.contractor,
            option.kind,
            option.trait,
            date.today().isoformat(),
            to_rating=self.multi_to.value(),
        )

    def _multi_preview(self) -> None:
        plan = self.multi_plan()
        if plan is None:
            self.multi_button.setEnabled(False)
            self.multi_note.setText("")
            return
        self.multi_button.setEnabled(plan.allowed)
        option = self._multi_option()
        what = f"{option.label} {option.from_rating} → {self.multi_to.value()}" if option else ""
        # Worded as a preview: nothing is spent until the button is pressed.
        if plan.allowed:
            self.multi_note.setText(f"Raising {what} would give: " + "; ".join(plan.lines))
        else:
            self.multi_note.setText(
                f"{what} cannot be bought now: " + "; ".join(f.message for f in plan.errors)
            )
        self.multi_button.setToolTip(self.multi_note.text())

    def _multi_raise(self) -> None:
        option = self._multi_option()
        if option is not None:
            self._raise(option.kind, option.trait, self.multi_to.value())

    def option(self, kind: TraitKind | str, trait: str) -> SpendOption:
        """The option for one trait (tests and keyboard users look options up by name)."""
        return next(o for o in self.options if o.kind == TraitKind(kind) and o.trait == trait)

    def button(self, kind: TraitKind | str, trait: str) -> QPushButton:
        return self.buttons_by_trait[(str(TraitKind(kind)), trait)]

    def buy(self, option: SpendOption) -> None:
        self._raise(option.kind, option.trait)

    def _raise(self, kind: TraitKind, trait: str, to_rating: int | None = None) -> None:
        try:
            change = self.ops.raise_trait(
                self.contractor, kind, trait, date.today().isoformat(), to_rating
            )
        except Refused as refused:
            set_role(self.message, "error")
            self.message.setText("\n".join(f.message for f in refused.findings))
            return
        except Exception as exc:
            self.message.setText(f"Could not save: {exc}")
            return
        set_role(self.message, "")
        self.message.setText("; ".join(change.lines))
        self.contractor = self.ops.load(self.contractor.id)
        self.refresh()

    def _secondary_preview(self) -> None:
        name = self.secondary_name.text().strip()
        if not name:
            self.secondary_button.setEnabled(False)
            self.secondary_note.setText("")
            return
        plan = self.ops.plan_raise(
            self.contractor, TraitKind.SECONDARY, name, date.today().isoformat()
        )
        self.secondary_button.setEnabled(plan.allowed)
        if plan.allowed:
            self.secondary_note.setText("; ".join(plan.lines))
        else:
            self.secondary_note.setText("; ".join(f.message for f in plan.errors))
        self.secondary_button.setToolTip(self.secondary_note.text())

    def _learn_secondary(self) -> None:
        name = self.secondary_name.text().strip()
        if name:
            self._raise(TraitKind.SECONDARY, name)
            self.secondary_name.clear()
