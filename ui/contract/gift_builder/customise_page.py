"""Step 4: customise — Parameters, Enhancements and Drawbacks ("Parameters",
"Enhancements and Drawbacks").

Every modifier of the Effect is a row: a check box with its name and Gift
Cost (+1 / −1), its one-line rules text, a detail field when it takes the
player's text, and a count when it may be taken several times. A row that
cannot be taken now stays visible but disabled, with the builder's reasons
("requires Trigger: Touch", "excludes Quick", "needs Seasoned Status") under
it and in its tooltip. Each Parameter is a level selector listing every
level with the Gift Cost it adds and the Status it needs; levels the
contractor cannot take are disabled with the reason.

Rows are built once per Effect, and only once the page is shown (or its rows
are asked for): a player clicking through Effects on step 2 makes no rows
for the Effects passed over. Every click then only updates them in place
from the builder's evaluation.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.contract.gifts import (
    GiftDraft,
    GiftEvaluation,
    Modifier,
    ModifierChoice,
    ModifierKind,
    Parameter,
)
from builder.contract.gifts.choices import ROLL, PlayerChoice
from builder.contract.gifts.detail import DETAIL_MAX_CHARS
from builder.contract.gifts.evaluate import detail_clause
from builder.contract.status import Status
from ui.contract.gift_builder.common import (
    house_name,
    label,
    set_shown,
    set_text,
    set_tip,
    signed,
    style_role,
)
from ui.contract.gift_builder.controller import BuilderState, GiftBuilderController
from ui.widgets.elided import ElidedLabel
from ui.widgets.reflow import ReflowRow
from ui.widgets.scroll import scrolling


class ModifierRow(QWidget):
    """One Enhancement or Drawback: check box, cost, rules text, detail, count, reasons."""

    toggled = Signal(str, bool)
    detail_edited = Signal(str, str)
    instance_edited = Signal(str, int, str)
    count_changed = Signal(str, int)

    def __init__(self, modifier: Modifier, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (59 statements when the limits came in)
        super().__init__(parent)
        self.modifier = modifier
        needs = f"  · {modifier.status.label}" if modifier.status > Status.NEWBIE else ""
        self.check = QCheckBox(f"{house_name(modifier)}{needs}")
        style_role(self.check, "modifierName")
        self.check.setAccessibleName(modifier.name)
        self.amount = label(signed(modifier.kind.sign), "amount", wrap=False)
        self.rules = label(modifier.rules, "muted")
        # Beside the name on the first line, one line high: a reason appearing or going
        # never moves the rows below under the pointer (issue 33, item 7); the whole
        # reason is its tooltip and the check box's.
        self.reason = ElidedLabel()
        style_role(self.reason, "error")
        self.reason.hide()
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.check, 0, 0)
        grid.addWidget(self.amount, 0, 1)
        self.count: QSpinBox | None = None
        if modifier.max > 1:
            self.count = QSpinBox()
            self.count.setRange(1, modifier.max)
            self.count.setPrefix("× ")
            self.count.setAccessibleName(f"{modifier.name}: times taken")
            self.count.setEnabled(False)
            self.count.valueChanged.connect(lambda n: self.count_changed.emit(modifier.id, n))
            grid.addWidget(self.count, 0, 2)
        grid.setColumnStretch(3, 1)
        grid.addWidget(self.rules, 1, 0, 1, 4)
        self.detail: QLineEdit | None = None
        if modifier.detail_label:
            self.detail = QLineEdit()
            self.detail.setPlaceholderText(modifier.detail_blank)
            self.detail.setMaxLength(DETAIL_MAX_CHARS)
            self.detail.setAccessibleName(f"{modifier.name}: {modifier.detail_label}")
            self.detail.setEnabled(False)
            self.detail.textEdited.connect(lambda t: self.detail_edited.emit(modifier.id, t))
            box = QHBoxLayout()
            box.addWidget(label(f"{modifier.detail_label}:", wrap=False))
            box.addWidget(self.detail, 1)
            grid.addLayout(box, 2, 0, 1, 4)
        self.instances: list[QLineEdit] = []
        self._instance_labels: list[QWidget] = []
        if modifier.detail_label and modifier.max > 1:
            for i in range(1, modifier.max):
                field = QLineEdit()
                field.setPlaceholderText(modifier.detail_blank)
                field.setMaxLength(DETAIL_MAX_CHARS)
                field.setAccessibleName(f"{modifier.name}: {modifier.detail_label} {i + 1}")
                field.textEdited.connect(
                    lambda t, i=i: self.instance_edited.emit(modifier.id, i, t)
                )
                field.hide()
                self.instances.append(field)
                ibox = QHBoxLayout()
                name = label(f"{modifier.detail_label} {i + 1}:", wrap=False)
                name.hide()
                self._instance_labels.append(name)
                ibox.addWidget(name)
                ibox.addWidget(field, 1)
                grid.addLayout(ibox, 2 + i, 0, 1, 4)
        grid.addWidget(self.reason, 0, 3)
        self.check.toggled.connect(lambda on: self.toggled.emit(modifier.id, on))
        self._search = f"{modifier.name} {modifier.rules}".lower()

    def show_clause(self, clause: str) -> None:
        """Show the System Text sentence the detail sits in ("... springs when ___.")."""
        if self.detail is not None:
            tip = f"Your words fill the blank: {clause}" if clause else ""
            if self.detail.toolTip() != tip:
                self.detail.setToolTip(tip)
                self.detail.setAccessibleDescription(tip)

    def matches(self, words: list[str]) -> bool:
        return all(w in self._search for w in words)

    def show_choice(  # noqa: C901  (complexity 12 when the limits came in)
        self, choice: ModifierChoice | None, unavailable: tuple[str, ...], problems: list[str]
    ) -> None:
        """Repaint from the draft's choice and the builder's reasons (no rule decided here)."""
        taken = choice is not None
        if self.check.isChecked() != taken:
            self.check.blockSignals(True)
            self.check.setChecked(taken)
            self.check.blockSignals(False)
        allowed = taken or not unavailable
        if self.check.isEnabled() != allowed:
            self.check.setEnabled(allowed)
        tip = self.modifier.rules
        if unavailable and not taken:
            tip += "\nNot available: " + "; ".join(unavailable)
        elif problems:
            tip += "\n" + "\n".join(problems)
        set_tip(self.check, tip)
        if unavailable and not taken:
            reason = "Not available: " + "; ".join(unavailable)
        else:
            reason = "\n".join(problems)
        set_text(self.reason, reason)
        set_shown(self.reason, bool(reason))
        if self.detail is not None:
            self.detail.setEnabled(taken)
            text = choice.detail if choice is not None else ""
            if taken and self.detail.text() != text:
                self.detail.setText(text)
        details = choice.instance_details if choice is not None else ()
        for i, field in enumerate(self.instances, start=1):
            shown = i < len(details)
            set_shown(field, shown)
            set_shown(self._instance_labels[i - 1], shown)
            if shown and field.text() != details[i]:
                field.setText(details[i])
        if self.count is not None:
            self.count.setEnabled(taken)
            n = choice.count if choice is not None else 1
            if self.count.value() != n:
                self.count.blockSignals(True)
                self.count.setValue(n)
                self.count.blockSignals(False)


class ParameterRow(QWidget):
    """A Parameter's level selector: each level with its Gift Cost step and Status."""

    level_chosen = Signal(str, str)

    def __init__(
        self, parameter: Parameter, steps: dict[str, int], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.parameter = parameter
        self.combo = QComboBox()
        self.combo.setAccessibleName(parameter.name)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for level in parameter.levels:
            bits = [signed(steps.get(level.id, 0))]
            if level.id == parameter.default:
                bits.append("default")
            if level.status > Status.NEWBIE:
                bits.append(f"needs {level.status.label}")
            self.combo.addItem(f"{level.name}  ({', '.join(bits)})", level.id)
        self.value = label("", "muted")
        self.reason = label("", "error")
        self.reason.hide()
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 2, 4, 2)
        grid.setHorizontalSpacing(8)
        name = label(parameter.name, "sectionTitle", wrap=False)
        name.setBuddy(self.combo)
        # Name, levels and System Text on one line while they fit, else one under another:
        # side by side at 2x the font they made the page scroll sideways.
        self.line = ReflowRow(spacing=8, stacked_spacing=2)
        self.line.add_widget(name)
        self.line.add_widget(self.combo)
        self.line.add_widget(self.value, 1)
        grid.addWidget(self.line, 0, 0, 1, 3)
        row = 1
        if parameter.summary:
            grid.addWidget(label(parameter.summary, "muted"), row, 0, 1, 3)
            row += 1
        grid.addWidget(self.reason, row, 0, 1, 3)
        self.combo.activated.connect(
            lambda i: self.level_chosen.emit(parameter.id, self.combo.itemData(i))
        )

    def show_level(self, level_id: str, unavailable: dict[str, tuple[str, ...]]) -> None:
        index = self.combo.findData(level_id)
        if index >= 0 and self.combo.currentIndex() != index:
            self.combo.setCurrentIndex(index)
        model = self.combo.model()
        assert isinstance(model, QStandardItemModel)
        for i, level in enumerate(self.parameter.levels):
            item = model.item(i)
            why = unavailable.get(level.id, ())
            enabled = not why or level.id == level_id
            if item.isEnabled() != enabled:
                item.setEnabled(enabled)
            tip = "Not available: " + "; ".join(why) if why else f"System Text: {level.text}"
            if item.toolTip() != tip:
                item.setToolTip(tip)
        level = self.parameter.level(level_id)
        set_text(self.value, f"System Text: “{level.text}”" if level and level.text else "")
        why = unavailable.get(level_id, ())
        set_text(self.reason, "; ".join(why) if why else "")
        set_shown(self.reason, bool(why))


class ChoiceRow(QWidget):
    """The player's pick of an Effect's roll (Attribute + Ability) or weapon (issue 15).

    Blank boxes keep the catalog's wording (``default``); picking only one
    half of a roll keeps the other half of the default.
    """

    picked = Signal(str, str)

    def __init__(self, choice: PlayerChoice, default: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = choice
        base_attr, _, base_abil = default.lower().partition(" + ")
        self._default = (base_attr, base_abil)
        box = QHBoxLayout(self)
        box.setContentsMargins(4, 2, 4, 2)
        name = label(choice.name, "sectionTitle", wrap=False)
        # The name and its boxes side by side while they fit, else one under another.
        self.line = ReflowRow(spacing=6, stacked_spacing=2)
        self.line.add_widget(name)
        box.addWidget(self.line)
        self.boxes: list[QComboBox] = []
        if choice.kind == ROLL:
            parts = [
                ("Attribute", choice.attributes, base_attr),
                ("Ability", choice.abilities, base_abil),
            ]
        else:
            parts = [("Weapon", tuple(o.id for o in choice.options), "")]
        for title, values, base in parts:
            combo = QComboBox()
            combo.setAccessibleName(f"{choice.name}: {title}")
            shown = base.capitalize() if base else default
            combo.addItem(f"{shown} (default)", "")
            for value in values:
                text = value.capitalize()
                if choice.kind != ROLL:
                    text = next(o.name for o in choice.options if o.id == value)
                combo.addItem(text, value)
            combo.activated.connect(lambda _i: self._emit())
            self.boxes.append(combo)
            self.line.add_widget(combo)
        name.setBuddy(self.boxes[0])
        box.addStretch(1)
        if choice.prompt:
            self.setToolTip(choice.prompt)

    def _emit(self) -> None:
        values = [str(b.currentData() or "") for b in self.boxes]
        if self.choice.kind == ROLL:
            attr = values[0] or self._default[0]
            abil = values[1] or self._default[1]
            value = "" if not any(values) else f"{attr}+{abil}"
        else:
            value = values[0]
        self.picked.emit(self.choice.id, value)

    def show_value(self, value: str) -> None:
        """Repaint from the draft's pick ("" = the default wording)."""
        if self.choice.kind == ROLL:
            attr, _, abil = value.partition("+")
            wanted = [
                attr if attr != self._default[0] else "",
                abil if abil != self._default[1] else "",
            ]
        else:
            wanted = [value]
        for combo, data in zip(self.boxes, wanted, strict=True):
            index = combo.findData(data)
            if index >= 0 and combo.currentIndex() != index:
                combo.setCurrentIndex(index)


class CustomisePage(QWidget):
    """Parameters, then Enhancements, then Drawbacks, in one scrolling column with a filter."""

    rows_built = Signal()
    """New rows were made for a new Effect (their text fields are new too)."""

    def __init__(self, controller: GiftBuilderController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self._rows: dict[str, ModifierRow] = {}
        self._state: BuilderState | None = None
        self._parameter_rows: dict[str, ParameterRow] = {}
        self._choice_rows: dict[str, ChoiceRow] = {}
        self._group_notes: dict[str, tuple[QWidget, frozenset[str]]] = {}
        self._effect: str | None = None

        self.title = label("Customise", "pageTitle")
        self.intro = label("", "muted")
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter Enhancements and Drawbacks by name or rules text")
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName("Filter modifiers")
        self.filter.textChanged.connect(self._apply_filter)

        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 6, 0)
        self.body_layout.setSpacing(4)
        self.scroll = scrolling(self.body)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.intro)
        layout.addWidget(self.filter)
        layout.addWidget(self.scroll, 1)

    @property
    def rows(self) -> dict[str, ModifierRow]:
        """The rows of the current Effect's Enhancements and Drawbacks, by modifier id.

        Made now if the Effect changed while the page was hidden.
        """
        self._catch_up()
        return self._rows

    @property
    def parameter_rows(self) -> dict[str, ParameterRow]:
        """The current Effect's Parameter level selectors, by parameter id (made if put off)."""
        self._catch_up()
        return self._parameter_rows

    @property
    def choice_rows(self) -> dict[str, ChoiceRow]:
        """The current Effect's roll or weapon pickers, by choice id (made if put off)."""
        self._catch_up()
        return self._choice_rows

    @property
    def group_notes(self) -> dict[str, tuple[QWidget, frozenset[str]]]:
        """The notes of the current Effect's Enhancement groups and the Styles each is for."""
        self._catch_up()
        return self._group_notes

    def setVisible(self, visible: bool) -> None:
        """Made visible (its step chosen): first the rows put off, laid out as the page shows."""
        if visible:
            self._catch_up()
        super().setVisible(visible)

    def _catch_up(self) -> None:
        """Build and show the rows of the last state if its Effect's rows were put off."""
        if self._state is not None and self._state.draft.effect != self._effect:
            self._show(self._state)

    # ------------------------------------------------------------------ building

    def _level_steps(self, effect_id: str) -> dict[str, dict[str, int]]:
        """Gift Cost step of every level, read from the builder's breakdown of trial drafts."""
        draft = self.controller.draft
        base = replace(draft, enhancements=(), drawbacks=(), parameters={})
        out: dict[str, dict[str, int]] = {}
        effect = self.controller.catalog.effects[effect_id]
        for pid, param in effect.parameters.items():
            out[pid] = {}
            for level in param.levels:
                trial = self.controller.evaluate(replace(base, parameters={pid: level.id}))
                line = next(
                    (ln for ln in trial.breakdown if ln.source == "parameter" and ln.id == pid),
                    None,
                )
                out[pid][level.id] = line.amount if line is not None else 0
        return out

    def _rebuild(self, effect_id: str) -> None:  # noqa: C901, PLR0912, PLR0915  (complexity 14, 13 branches, 54 statements when the limits came in)
        """New rows for a new Effect (the only time rows are created)."""
        self._effect = effect_id
        while self.body_layout.count():
            item = self.body_layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.deleteLater()
        self._rows.clear()
        self._parameter_rows.clear()
        self._choice_rows.clear()
        self._group_notes.clear()
        catalog = self.controller.catalog
        effect = catalog.effects.get(effect_id)
        if effect is None:
            set_text(
                self.intro,
                "Choose an Effect first; its Parameters, Enhancements and Drawbacks appear here.",
            )
            self.filter.setEnabled(False)
            self.body_layout.addStretch(1)
            return
        self.filter.setEnabled(True)
        set_text(
            self.intro,
            f"Tune {effect.name}: each Enhancement adds 1 to the Gift Cost, each Drawback takes "
            "1 away, and each Parameter level above its default adds 1 (below: takes 1 away). "
            "Space toggles the focused row.",
        )
        if effect.choices:
            self.body_layout.addWidget(label("Your choice", "pageTitle"))
            for cid, choice in effect.choices.items():
                crow = ChoiceRow(choice, effect.slots.get(choice.slot, ""))
                crow.picked.connect(self.controller.set_choice)
                self._choice_rows[cid] = crow
                self.body_layout.addWidget(crow)
        if effect.parameters:
            self.body_layout.addWidget(label("Parameters", "pageTitle"))
            steps = self._level_steps(effect_id)
            for pid, param in effect.parameters.items():
                prow = ParameterRow(param, steps[pid])
                prow.level_chosen.connect(self.controller.set_level)
                self._parameter_rows[pid] = prow
                self.body_layout.addWidget(prow)
        entry = catalog.index[effect_id]
        modifiers = catalog.modifiers_for(effect_id)
        for kind, title, note in (
            (ModifierKind.ENHANCEMENT, "Enhancements", "+1 Gift Cost each."),
            (
                ModifierKind.DRAWBACK,
                "Drawbacks",
                "−1 Gift Cost each. The rules recommend no more than three: an unusable Gift "
                "is no fun.",
            ),
        ):
            self.body_layout.addWidget(label(title, "pageTitle"))
            self.body_layout.addWidget(label(note, "muted"))
            if kind is ModifierKind.ENHANCEMENT:
                for group in entry.groups.values():
                    when = (
                        " (with "
                        + " or ".join(
                            catalog.styles[s].name for s in group.styles if s in catalog.styles
                        )
                        + ")"
                        if group.styles
                        else ""
                    )
                    group_note = label(
                        f"{group.name}: choose at least {group.min}{when} — {group.rules}.",
                        "help",
                    )
                    self._group_notes[group.id] = (group_note, group.styles)
                    self.body_layout.addWidget(group_note)
            for mod in modifiers.values():
                if mod.kind is not kind:
                    continue
                row = ModifierRow(mod)
                row.toggled.connect(self.controller.set_modifier)
                row.detail_edited.connect(self.controller.set_detail)
                row.instance_edited.connect(self.controller.set_instance_detail)
                row.count_changed.connect(self.controller.set_count)
                if row.detail is not None:
                    row.detail.editingFinished.connect(self.controller.end_typing)
                self._rows[mod.id] = row
                self.body_layout.addWidget(row)
        self.body_layout.addStretch(1)
        self._apply_filter()
        self.rows_built.emit()

    def _apply_filter(self) -> None:
        words = self.filter.text().lower().split()
        for row in self._rows.values():
            row.setHidden(not row.matches(words))

    # ------------------------------------------------------------------ repaint

    def show_state(self, state: BuilderState) -> None:
        """Follow the builder's state; a new Effect's rows wait until the page is shown."""
        self._state = state
        if state.draft.effect != self._effect and self.isHidden():  # another step's
            return
        self._show(state)

    def _show(self, state: BuilderState) -> None:
        draft = state.draft
        if draft.effect != self._effect:
            self._rebuild(draft.effect)
        if not draft.effect:
            return
        ev = state.evaluation
        unavailable, levels_blocked = _unavailable_maps(ev)
        problems = _problems_by_choice(ev, draft)
        chosen = {c.id: c for c in (*draft.enhancements, *draft.drawbacks)}
        for mid, row in self._rows.items():
            row.show_choice(chosen.get(mid), unavailable.get(mid, ()), problems.get(mid, []))
            if row.detail is not None:
                taken = mid in chosen
                row.show_clause(detail_clause(draft, self.controller.catalog, mid) if taken else "")
        for note, styles in self._group_notes.values():
            set_shown(note, not styles or draft.style in styles)
        effect = self.controller.catalog.effects[draft.effect]
        for cid, crow in self._choice_rows.items():
            crow.show_value(draft.choices.get(cid, ""))
        for pid, prow in self._parameter_rows.items():
            level = draft.parameters.get(pid, effect.parameters[pid].default)
            prow.show_level(level, levels_blocked.get(pid, {}))


def _unavailable_maps(
    ev: GiftEvaluation,
) -> tuple[dict[str, tuple[str, ...]], dict[str, dict[str, tuple[str, ...]]]]:
    mods: dict[str, tuple[str, ...]] = {}
    levels: dict[str, dict[str, tuple[str, ...]]] = {}
    for u in ev.unavailable:
        if u.kind == "parameter_level":
            levels.setdefault(u.parameter, {})[u.id] = u.reasons
        else:
            mods[u.id] = u.reasons
    return mods, levels


def _problems_by_choice(ev: GiftEvaluation, draft: GiftDraft) -> dict[str, list[str]]:
    """The evaluator's errors/warnings about each taken modifier, and unmet Status needs."""
    out: dict[str, list[str]] = {}
    index = {
        f"{key}[{i}]": choice.id
        for key in ("enhancements", "drawbacks")
        for i, choice in enumerate(getattr(draft, key))
    }
    for finding in (*ev.errors, *ev.warnings):
        where = finding.where.split(".", 1)[0]
        mid = index.get(where)
        if mid is not None:
            out.setdefault(mid, []).append(finding.message)
    if ev.status is not None:
        for reason in ev.status_reasons:
            if reason.element in ("enhancement", "drawback") and reason.status > ev.status:
                out.setdefault(reason.id, []).append(
                    f"{reason.message}; the contractor is {ev.status.label}"
                )
    return out
