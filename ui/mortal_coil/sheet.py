"""The spacefarer sheet with its play controls: the table-side view of one character.

Everything shown comes from ``builder.mortal_coil`` (``rules.fold`` for the
state, ``odds.save_pass`` for the chance beside each ability). Every button is
one named operation of ``harbinger.app.mortal_coil`` (no Qt); an accepted one is
saved through the library and recorded on the spacefarer's own undo stack
(``ui.operations.mortal_coil.run``: the shared ``CharacterCommand`` holding
the value before and after), a refused one shows builder's reason. The sheet
reloads from the library whenever the workspace's ``changed`` signal names
its spacefarer (an action, an Undo from the Edit menu) and then emits
``changed(Spacefarer)``.

Dice are rolled with the generator passed in (seeded in tests) unless the
player enters the result: a roll spin box left at 0 means "roll it".
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.mortal_coil.character import (
    ABILITIES,
    INVENTORY_SLOTS,
    Deprived,
    EndDeprivation,
    HarmKind,
    LogEntry,
    NightRest,
    Retire,
    ShortRest,
    Spacefarer,
    WeekOfCare,
)
from builder.mortal_coil.combat import carrier_lines, combat_lines
from builder.mortal_coil.odds import save_pass
from builder.mortal_coil.rules import attack_die, fold
from builder.mortal_coil.wording import describe, slot_lines
from harbinger.app import mortal_coil as app
from harbinger.app.common import Plan
from ui.mortal_coil.blast_box import BlastBox
from ui.operations.gm_notes import WorkspaceGmNotes
from ui.operations.mortal_coil import run
from ui.widgets.gm_notes_box import GmNotesBox

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace


def _spin(low: int, high: int, value: int = 0) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


class SpacefarerSheet(QWidget):
    """One stored spacefarer: vitals with save odds, slots, play log, and the play buttons.

    ``workspace`` holds the open library and the undo stacks; ``character_id``
    names the spacefarer (loaded now: the library's error if it is absent).
    """

    changed = Signal(object)

    def __init__(  # noqa: PLR0915  (54 statements when the limits came in)
        self,
        workspace: Workspace,
        character_id: str,
        rng: random.Random | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.character_id = character_id
        self.character: Spacefarer = workspace.library.load(character_id)
        self.undo_stack = workspace.stack_for(character_id)
        self.rng = rng or random.Random()
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        right = QVBoxLayout()
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)

        self.title = QLabel()
        self.title.setObjectName("tmcTitle")
        self.status = QLabel()
        self.status.setWordWrap(True)
        left.addWidget(self.title)
        left.addWidget(self.status)
        vitals = QGroupBox("HP and abilities (chance a save passes)")
        grid = QGridLayout(vitals)
        self.vitals: dict[str, QLabel] = {}
        for row, key in enumerate(("hp", *(a.value for a in ABILITIES), "armor")):
            grid.addWidget(QLabel(key.upper() if key != "armor" else "Armor / stability"), row, 0)
            self.vitals[key] = QLabel()
            grid.addWidget(self.vitals[key], row, 1)
        left.addWidget(vitals)
        self.combat_box = QGroupBox("Combat")
        combat_layout = QVBoxLayout(self.combat_box)
        self.combat = QLabel()
        self.combat.setObjectName("tmcCombat")
        self.combat.setWordWrap(True)
        combat_layout.addWidget(self.combat)
        left.addWidget(self.combat_box)
        self.slots_box = QGroupBox("Inventory")
        slots_layout = QVBoxLayout(self.slots_box)
        self.slots = QListWidget()
        slots_layout.addWidget(self.slots)
        left.addWidget(self.slots_box)
        log_box = QGroupBox("Play log")
        log_layout = QVBoxLayout(log_box)
        self.log = QListWidget()
        log_layout.addWidget(self.log)
        left.addWidget(log_box)

        right.addWidget(self._harm_box())
        right.addWidget(self._rest_box())
        self.blast = BlastBox()
        right.addWidget(self.blast)
        self.message = QLabel("")
        self.message.setObjectName("tmcMessage")
        self.message.setWordWrap(True)
        right.addWidget(self.message)
        self.gm_notes = GmNotesBox(
            WorkspaceGmNotes(workspace, "mortal-coil", "spacefarer"), self._run_edit
        )
        right.addWidget(self.gm_notes)
        undo_row = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(self.undo_stack.undo)
        self.redo_button = QPushButton("Redo")
        self.redo_button.clicked.connect(self.undo_stack.redo)
        undo_row.addWidget(self.undo_button)
        undo_row.addWidget(self.redo_button)
        right.addLayout(undo_row)
        right.addStretch(1)
        self.undo_stack.canUndoChanged.connect(self._allow_undo)
        self.undo_stack.canRedoChanged.connect(self._allow_undo)
        workspace.changed.connect(self._on_changed)
        self.refresh()
        self._allow_undo()

    # ------------------------------------------------------------------ controls

    def _harm_box(self) -> QGroupBox:
        box = QGroupBox("Take damage or stress")
        grid = QGridLayout(box)
        self.harm_kind = QComboBox()
        self.harm_kind.addItem("Damage (armor, then STR)", HarmKind.DAMAGE.value)
        self.harm_kind.addItem("Stress (stability, then CTRL)", HarmKind.STRESS.value)
        self.attack_die = _spin(1, 100, 6)
        self.impaired = QComboBox()
        self.impaired.addItems(["Normal", "Impaired (d4)", "Enhanced (d12)"])
        self.harm_roll = _spin(0, 100)
        self.harm_roll.setSpecialValueText("roll it")
        self.save_roll = _spin(0, 20)
        self.save_roll.setSpecialValueText("roll it")
        self.harm_button = QPushButton("Take it")
        self.harm_button.clicked.connect(self.take_harm)
        for row, (label, widget) in enumerate(
            (
                ("Kind", self.harm_kind),
                ("Attack die d", self.attack_die),
                ("Attack", self.impaired),
                ("Result", self.harm_roll),
                ("Save d20", self.save_roll),
            )
        ):
            grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(widget, row, 1)
        grid.addWidget(self.harm_button, 5, 0, 1, 2)
        return box

    def _rest_box(self) -> QGroupBox:
        box = QGroupBox("Rest, deprivation, fallout")
        grid = QGridLayout(box)
        self.night_ability = QComboBox()
        for a in ABILITIES:
            self.night_ability.addItem(f"Night heals {a.label}", a.value)
        self.buttons: dict[str, QPushButton] = {}
        actions: tuple[tuple[str, str, Callable[[], None]], ...] = (
            ("short", "Short rest (1d6 HP)", self.short_rest),
            ("night", "Safe night", self.night_rest),
            ("week", "Week of care", lambda: self._do("Week of care", WeekOfCare())),
            ("deprived", "A day deprived", lambda: self._do("Deprived", Deprived(1))),
            ("fed", "End deprivation", lambda: self._do("End deprivation", EndDeprivation())),
            ("fallout", "Roll fallout (d10)", self.roll_fallout),
            ("retire", "Retire", lambda: self._do("Retire", Retire("retired by the player"))),
        )
        for i, (key, text, slot) in enumerate(actions):
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[key] = button
            grid.addWidget(button, i // 2, i % 2)
        grid.addWidget(self.night_ability, 4, 0, 1, 2)
        return box

    # ------------------------------------------------------------------ operations

    def _d(self, sides: int) -> int:
        return self.rng.randint(1, sides)

    def _apply(self, plan: Plan[Spacefarer]) -> bool:
        """Commit an app-layer plan, or show the rules' reason for refusing it."""
        if not plan.allowed:
            self.message.setText(f"Refused: {'; '.join(f.message for f in plan.errors)}")
            return False
        assert plan.after is not None
        line = describe(plan.after.log[-1])
        try:
            run(self.workspace, plan)
        except Exception as exc:
            self.message.setText(f"Could not save: {exc or type(exc).__name__}")
            return False
        self.message.setText(line)  # the entry's wording names the action already
        return True

    def _run_edit(self, action: Callable[[], object]) -> None:
        """Run an edit that is not a play-log entry (the GM note), saying why it failed."""
        try:
            action()
        except Exception as exc:
            self.message.setText(f"Could not save: {exc or type(exc).__name__}")

    def _do(self, name: str, entry: LogEntry) -> bool:
        return self._apply(app.record(self.character, entry, name))

    def take_harm(self) -> bool:
        """Roll (or take) the attack, apply armor or stability, and ask for the save if needed."""
        kind = HarmKind(self.harm_kind.currentData())
        mode = self.impaired.currentIndex()
        die = attack_die(self.attack_die.value(), mode == 1, mode == 2)
        roll = self.harm_roll.value() or self._d(die)
        preview = app.preview_harm(self.character, kind, roll)
        save = 0
        if preview.save_needed:
            save = self.save_roll.value() or self._d(20)
        done = self._apply(app.take_harm(self.character, kind, roll, save, self.rng))
        self.harm_roll.setValue(0)
        self.save_roll.setValue(0)
        return done

    def short_rest(self) -> bool:
        return self._do("Short rest", ShortRest(self._d(6)))

    def night_rest(self) -> bool:
        """A safe night: at full HP it rolls 1d6 for the ability picked below the buttons."""
        state = fold(self.character)
        if state.hp >= state.hp_max and not state.deprived:
            return self._do("Safe night", NightRest(self._d(6), self.night_ability.currentData()))
        return self._do("Safe night", NightRest())

    def roll_fallout(self) -> bool:
        return self._apply(app.add_fallout(self.character, rng=self.rng))

    # ------------------------------------------------------------------ view

    def _on_changed(self, change: Change) -> None:
        """Reload when the change is this spacefarer's (its own action, or an Undo/Redo)."""
        if change.character_id != self.character_id:
            return
        library = self.workspace.library
        if library is None or not library.exists(self.character_id):
            return  # deleted (or its creation undone): whoever shows the sheet closes it
        self.character = library.load(self.character_id)
        if change.undone:
            self.message.setText(change.summary)
        self.refresh()
        self.changed.emit(self.character)

    def _allow_undo(self, *_args: object) -> None:
        # The stack may be on its way out (a library switch drops every history).
        with contextlib.suppress(RuntimeError):
            self.undo_button.setEnabled(self.undo_stack.canUndo())
            self.redo_button.setEnabled(self.undo_stack.canRedo())
            self.undo_button.setToolTip(self.undo_stack.undoText())
            self.redo_button.setToolTip(self.undo_stack.redoText())

    def closeEvent(self, event: QCloseEvent) -> None:
        self.disconnect_workspace()
        super().closeEvent(event)

    def disconnect_workspace(self) -> None:
        """Stop following the workspace (the sheet is being closed or replaced)."""
        with contextlib.suppress(RuntimeError, TypeError):
            self.workspace.changed.disconnect(self._on_changed)

    def refresh(self) -> None:
        """Show the folded state of the current character value."""
        c = self.character
        state = fold(c)
        self.gm_notes.show_for(c.id)
        about = " · ".join(p for p in (c.pronouns, c.background) if p)
        self.title.setText(f"<b>{c.name or '(unnamed)'}</b>" + (f" — {about}" if about else ""))
        self.vitals["hp"].setText(f"{state.effective_hp} / {state.hp_max}")
        for a in ABILITIES:
            p = save_pass(state.current(a))
            self.vitals[a.value].setText(
                f"{state.current(a)} / {state.maximum(a)}   save {p.numerator}/{p.denominator}"
            )
        self.vitals["armor"].setText(f"{c.armor} / {c.stability}")
        self.combat.setText(
            "\n".join(
                (
                    *combat_lines(state.dex_now, state.disabled, c.small_per_slot),
                    *carrier_lines(c),
                )
            )
        )
        parts = []
        if state.retired:
            parts.append(f"Retired: {state.retired_reason}.")
        if state.disabled:
            parts.append("Disabled: dies within an hour without aid and rest.")
        if state.fallout_owed:
            parts.append(f"{state.fallout_owed} fallout to take.")
        if state.deprived:
            parts.append(f"Deprived ({state.deprived_days} days).")
        self.status.setText(" ".join(parts) or "In play.")
        self.slots_box.setTitle(f"Inventory: {state.slots_used} of {INVENTORY_SLOTS} slots")
        self.slots.clear()
        for i, line in enumerate(slot_lines(c, state.fatigue, state.fallout), start=1):
            self.slots.addItem(f"{i:>2}. {line}")
        self.log.clear()
        for i, entry in enumerate(c.log):
            refused = " (refused)" if i in state.refused else ""
            self.log.addItem(f"{i + 1}. {describe(entry)}{refused}")
        for button in self.buttons.values():
            button.setEnabled(not state.retired)
        self.harm_button.setEnabled(not state.retired)
