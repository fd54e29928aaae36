"""The Health tab: Injuries, Battle Scars, Traumas and Mind damage, with Penalty live.

Body, Mind and Penalty shown at the top are the report's derived values, each
explained below them by ``builder.contract.derived.explain_health`` (an unhurt
"Mind 5 of 5: no damage, no Penalty");
every edit here is an undoable operation, after which the report (and so
the Penalty) is re-evaluated by builder.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import BattleScar, Injury, ScarTier, Trauma
from builder.contract.derived import explain_health, explain_movement
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.dialogs.play import WillToSurviveDialog
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext, penalty_rows, title_case, widen_values
from ui.contract.sheet.names import entries, entry_name
from ui.widgets.common import FigureGrid, heading, plain
from ui.widgets.down_scroll import DownScroll
from ui.widgets.tables import ListTable

SEVERITY_NAMES = {
    1: "Minor",
    2: "Moderate",
    3: "Threatening",
    4: "Serious",
    5: "Severe",
    6: "Critical",
}


def severity_label(severity: int) -> str:
    """Severity with the rules' name for it ("5 · Severe"; 7 and up are Deadly)."""
    name = SEVERITY_NAMES.get(severity, "Deadly" if severity >= 7 else "")
    return f"{severity} · {name}" if name else str(severity)


class HealthTab(SheetTab):
    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (56 statements when the limits came in)
        super().__init__(host, parent)
        self.vitals = FigureGrid()
        self.mind_damage = QSpinBox()
        self.mind_damage.setRange(0, 20)
        self.mind_damage.setAccessibleName("Mind damage")
        self.mind_damage.setKeyboardTracking(False)
        mind_row = QHBoxLayout()
        label = QLabel("&Mind damage")
        label.setBuddy(self.mind_damage)
        mind_row.addWidget(label)
        mind_row.addWidget(self.mind_damage)
        mind_row.addStretch(1)

        # Three tables in sight: their buttons take no Alt+letter (see ListTable).
        self.injuries = ListTable(
            "Injuries", ("Injury", "Severity", "Stabilized"), stretch=0, mnemonics=False
        )
        self.scars = ListTable("Battle Scars", ("Scar", "Tier", "Effect"), mnemonics=False)
        self.traumas = ListTable("Traumas", ("Trauma", "Effect"), mnemonics=False)
        self.therapy_button = QPushButton("Ther&apy…")
        self.therapy_button.setToolTip("Treat a Trauma with therapy during a Downtime")
        self.traumas.layout().itemAt(0).layout().insertWidget(2, self.therapy_button)
        self.will_button = QPushButton("W&ill to Survive…")
        self.will_button.setToolTip(
            "Take an incoming Injury with Will to Survive: Severity down by up to 4 (not below "
            "4), 1 Mind damage and a Major Battle Scar. Once per Contract; not against falling."
        )
        self.injuries.layout().itemAt(0).layout().insertWidget(2, self.will_button)
        self.will_button.clicked.connect(self._will_to_survive)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(16, 12, 16, 12)
        top = QHBoxLayout()
        vitals_box = QVBoxLayout()
        vitals_box.addWidget(heading("Condition"))
        vitals_box.addWidget(self.vitals)
        self.explained = plain("", muted=True)
        self.explained.setAccessibleName("Where Body, Mind and Penalty come from")
        vitals_box.addWidget(self.explained)
        vitals_box.addLayout(mind_row)
        top.addLayout(vitals_box, 1)
        top.addStretch(1)
        layout.addLayout(top)
        layout.addWidget(self.injuries)
        layout.addWidget(self.scars)
        layout.addWidget(self.traumas)
        layout.addStretch(1)
        self.scroll = scroll = DownScroll(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self.mind_damage.valueChanged.connect(self._set_mind_damage)
        self.injuries.add_requested.connect(lambda: self._injury_form(-1))
        self.injuries.edit_requested.connect(self._injury_form)
        self.injuries.remove_requested.connect(lambda r: self._remove("injuries", r, "Injury"))
        self.scars.add_requested.connect(lambda: self._scar_form(-1))
        self.scars.edit_requested.connect(self._scar_form)
        self.scars.remove_requested.connect(
            lambda r: self._remove("battle_scars", r, "Battle Scar")
        )
        self.traumas.add_requested.connect(lambda: self._trauma_form(-1))
        self.traumas.edit_requested.connect(self._trauma_form)
        self.traumas.remove_requested.connect(lambda r: self._remove("traumas", r, "Trauma"))

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        self.scroll.updateGeometry()  # its least width follows what the page will hold
        health = ctx.contractor.health
        derived = ctx.report.derived
        self.vitals.set_rows(
            [
                (
                    "Body",
                    f"{derived.body_remaining} of {derived.body} · {derived.body_state}",
                    f"Damage {derived.body_damage}: the worst Injury's Severity plus one for each "
                    "other Injury",
                ),
                (
                    "Mind",
                    f"{derived.mind_remaining} of {derived.mind} · {derived.mind_state}",
                    "Intellect + Charisma + 1, at most 9; Mind damage lowers what remains",
                ),
                *penalty_rows(derived)[:1],
                (
                    "Movement",
                    f"{derived.free_movement_ft} ft free · {derived.sprint_ft} ft sprint",
                    "5 + 5 × Dexterity, −5 per Penalty and per encumbrance step; Battle Scars "
                    "slow it (rounded down to 5-foot steps)",
                ),
            ]
        )
        widen_values(self.vitals)
        explained = explain_health(ctx.report.ratings, health, derived)
        self.explained.setText("\n".join((*explained.lines(), *explain_movement(derived))))
        self.mind_damage.blockSignals(True)
        self.mind_damage.setValue(health.mind_damage)
        self.mind_damage.blockSignals(False)
        self.injuries.set_rows(
            [
                (i.description, severity_label(i.severity), "yes" if i.stabilized else "no")
                for i in health.injuries
            ]
        )
        self.scars.set_rows(
            [(s.name, title_case(str(s.tier)), s.system) for s in health.battle_scars],
            [s.system for s in health.battle_scars],
        )
        self.traumas.set_rows(
            [(t.name, t.system) for t in health.traumas], [t.system for t in health.traumas]
        )
        self.therapy_button.setEnabled(bool(health.traumas) and ctx.report.alive)
        self.will_button.setEnabled(ctx.report.alive)

    def will_to_survive_dialog(self) -> WillToSurviveDialog:
        """The Will to Survive dialog for the shown contractor (builder judges each use)."""
        return WillToSurviveDialog(self.host.ops, self.ctx.contractor, self.host.catalog)

    def _will_to_survive(self) -> None:
        if self.ctx is not None:
            self.host.show_dialog(self.will_to_survive_dialog())

    # ------------------------------------------------------------------ edits

    def _save(self, health, what: str) -> None:
        ctx = self.ctx
        self.host.run(lambda: self.host.ops.edit_health(ctx.contractor, health, what))

    def _set_mind_damage(self, value: int) -> None:
        if self.ctx is None or value == self.ctx.contractor.health.mind_damage:
            return
        self._save(replace(self.ctx.contractor.health, mind_damage=value), "Mind damage")

    def _remove(self, field: str, row: int, what: str) -> None:
        health = self.ctx.contractor.health
        items = getattr(health, field)
        self._save(replace(health, **{field: items[:row] + items[row + 1 :]}), f"{what}: remove")

    def _replace_or_add(self, field: str, row: int, value: object, what: str) -> None:
        health = self.ctx.contractor.health
        items = list(getattr(health, field))
        if row < 0:
            items.append(value)
        else:
            items[row] = value
        self._save(replace(health, **{field: tuple(items)}), what)

    def _injury_form(self, row: int) -> None:
        current = self.ctx.contractor.health.injuries[row] if row >= 0 else Injury("", 1)
        form = FormDialog(
            "Injury",
            [
                Field("description", "&What happened", value=current.description, required=True),
                Field(
                    "severity",
                    "&Severity (damage taken)",
                    "int",
                    current.severity,
                    minimum=1,
                    maximum=12,
                ),
                Field("stabilized", "S&tabilized", "bool", current.stabilized),
            ],
            help_text="Severity is the damage taken. Injuries of Severity 4 or more worsen "
            "until stabilized and leave a Battle Scar.",
        )
        form.accepted.connect(
            lambda: self._replace_or_add(
                "injuries",
                row,
                Injury(
                    form.values()["description"],
                    form.values()["severity"],
                    form.values()["stabilized"],
                ),
                "Injury",
            )
        )
        self.host.show_dialog(form)

    def _scar_form(self, row: int) -> None:
        current = (
            self.ctx.contractor.health.battle_scars[row]
            if row >= 0
            else BattleScar("", ScarTier.MINOR)
        )
        stock = entries(self.host.catalog, "battle_scars")
        form = FormDialog(
            "Battle Scar",
            [
                Field(
                    "name",
                    "&Scar",
                    "choice",
                    current.name,
                    required=True,
                    editable=True,
                    choices=[(entry_name(s), entry_name(s)) for s in stock],
                ),
                Field(
                    "tier",
                    "&Tier",
                    "choice",
                    current.tier,
                    choices=[(title_case(t.value), t) for t in ScarTier],
                ),
                Field("system", "&Effect", "multiline", current.system),
            ],
            help_text="Pick a stock scar or name your own. A scar's tier follows the Severity "
            "of the Injury that caused it; each scar after the fourth lowers Body by 1.",
        )
        by_name = {entry_name(s): s for s in stock}

        def fill(values: dict) -> None:
            entry = by_name.get(values["name"])
            if entry is not None and not form.values()["system"]:
                form.set_value("system", getattr(entry, "system", ""))
                form.set_value("tier", ScarTier(entry.tier))

        form.editors["name"].currentTextChanged.connect(lambda _t: fill(form.values()))
        form.accepted.connect(
            lambda: self._replace_or_add(
                "battle_scars",
                row,
                BattleScar(
                    form.values()["name"], ScarTier(form.values()["tier"]), form.values()["system"]
                ),
                "Battle Scar",
            )
        )
        self.host.show_dialog(form)

    def _trauma_form(self, row: int) -> None:
        current = self.ctx.contractor.health.traumas[row] if row >= 0 else Trauma("")
        stock = entries(self.host.catalog, "traumas")
        form = FormDialog(
            "Trauma",
            [
                Field(
                    "name",
                    "&Trauma",
                    "choice",
                    current.name,
                    required=True,
                    editable=True,
                    choices=[(entry_name(t), entry_name(t)) for t in stock],
                ),
                Field("system", "&Effect", "multiline", current.system),
            ],
            help_text="Pick a stock Trauma or describe your own. Each Trauma after the fourth "
            "lowers Mind by 1.",
        )
        by_name = {entry_name(t): t for t in stock}

        def fill() -> None:
            entry = by_name.get(form.values()["name"])
            if entry is not None and not form.values()["system"]:
                form.set_value("system", getattr(entry, "system", ""))

        form.editors["name"].currentTextChanged.connect(lambda _t: fill())
        form.accepted.connect(
            lambda: self._replace_or_add(
                "traumas", row, Trauma(form.values()["name"], form.values()["system"]), "Trauma"
            )
        )
        self.host.show_dialog(form)
