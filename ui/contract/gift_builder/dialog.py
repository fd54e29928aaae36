"""The Gift Builder window ("Building Custom Gifts"): steps on the left, live results right.

Steps: Start (stock Gifts and templates), 1 Type, 2 Effect, 3 Style,
4 Customise, 5 Name & Save. The right column always shows the builder's
evaluation of the current draft: Gift Cost with its breakdown, the Status
it needs and whether the contractor meets it, what saving spends or
refunds, warnings, and the System Text.

Entry point for the rest of the app::

    dialog = GiftBuilderDialog(catalog, contractor, existing_gift=None, parent=window)
    dialog.gift_saved.connect(...)      # BuilderResult with a SavePlan to commit
    dialog.template_saved.connect(...)  # Path of the template file written
    dialog.exec()

Saving to a contractor does not touch the library: the dialog works out a
:class:`~harbinger.app.contract.gift_saving.SavePlan` through ``builder.contract.advance`` and,
when builder allows it, emits it and closes; the app's named operations
commit ``plan.contractor`` with undo. A refused plan keeps the window open
and shows builder's reasons.

Keyboard: Tab moves through every control, Space toggles the focused row,
Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y both redo builder steps (also inside
text fields), Ctrl+S saves, Ctrl+F jumps to the Effect search,
Ctrl+PgDown / Ctrl+PgUp (or Alt+N / Alt+B) step forward and back, Esc
cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import Contractor, Gift
from builder.contract.gifts import Catalog, GiftDraft, GiftEvaluation
from builder.contract.items import artifact_of
from builder.contract.sheet import SheetReport, evaluate_sheet
from builder.core.findings import Severity
from harbinger.app.contract.gift_saving import (
    SavePlan,
    TemplateStore,
    available_rewards,
    confirm_question,
    free_item_offer,
    plan_save,
)
from ui.contract.gift_builder.controller import EMPTY_DRAFT, BuilderState, GiftBuilderController
from ui.contract.gift_builder.customise_page import CustomisePage
from ui.contract.gift_builder.effect_page import EffectPage
from ui.contract.gift_builder.flavor_page import FlavorPage
from ui.contract.gift_builder.results import ResultsPanel
from ui.contract.gift_builder.start_page import StartPage
from ui.contract.gift_builder.style_page import StylePage
from ui.contract.gift_builder.type_page import TypePage

__all__ = ["BuilderResult", "GiftBuilderDialog", "Step"]


class Step:
    """Indexes of the builder's pages, in order."""

    START = 0
    TYPE = 1
    EFFECT = 2
    STYLE = 3
    CUSTOMISE = 4
    FLAVOR = 5


@dataclass(frozen=True, slots=True)
class BuilderResult:
    """What the builder hands back when the player saves.

    ``plan`` is the save worked out against the contractor (None when
    building without one); commit ``plan.contractor`` to store it.
    ``existing`` is the Gift that was edited (None for a new Gift);
    ``free_item`` the crafted item asked for ("" for none).
    """

    draft: GiftDraft
    evaluation: GiftEvaluation
    existing: Gift | None
    free_item: str
    plan: SavePlan | None


class _UndoKeys(QObject):
    """Lets Ctrl+Z/Ctrl+Shift+Z reach the builder's undo even from a text field.

    A QLineEdit claims those keys for its own undo; the builder keeps one
    history for every step (typing included), so the field must pass them on.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            for seq in (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo):
                if event.matches(seq):
                    event.ignore()
                    return True
            if (
                event.key() == Qt.Key.Key_Y
                and event.modifiers() == Qt.KeyboardModifier.ControlModifier
            ):
                event.ignore()
                return True
        return False


def action_keys(*keys: QKeySequence.StandardKey | str) -> list[QKeySequence]:
    """Key sequences for one action, each once: a standard key gives all its platform bindings.

    Qt treats a key listed twice on one action as an ambiguous shortcut and
    fires nothing, so the list is de-duplicated in order.
    """
    out: list[QKeySequence] = []
    seen: set[str] = set()
    for key in keys:
        bound = (
            QKeySequence.keyBindings(key)
            if isinstance(key, QKeySequence.StandardKey)
            else [QKeySequence(key)]
        )
        for seq in bound:
            text = seq.toString()
            if text and text not in seen and seq.count() == 1:
                seen.add(text)
                out.append(seq)
    return out


class _FixedActionButton(QToolButton):
    """A tool button for Undo or Redo that keeps one short label and one width.

    The undo stack renames its actions after each step ("Undo Take Backlash");
    shown on the button that text would resize it and push Back and Next
    sideways, so the button keeps ``caption`` and the full text goes in its
    tooltip (issue 15: the Back/Next buttons never move).
    """

    def __init__(self, action: QAction, caption: str) -> None:
        super().__init__()
        self._action = action
        self.setText(caption)
        self.setAccessibleName(caption)
        self.clicked.connect(action.trigger)
        action.changed.connect(self._follow)
        width = self.fontMetrics().horizontalAdvance(caption) + 24
        self.setFixedWidth(max(width, self.sizeHint().width()))
        self._follow()

    def _follow(self) -> None:
        try:
            enabled, full = self._action.isEnabled(), self._action.text().replace("&", "")
        except RuntimeError:  # the action went first while the window closes
            return
        self.setEnabled(enabled)
        keys = ", ".join(
            k.toString(QKeySequence.SequenceFormat.NativeText) for k in self._action.shortcuts()
        )
        self.setToolTip(f"{full} ({keys})" if keys else full)


class GiftBuilderDialog(QDialog):
    """Build a new Gift or edit a saved one, with live Gift Cost and System Text.

    ``contractor`` is the contractor the Gift is for (None: build without
    one, e.g. a template); ``existing_gift`` a Gift of theirs to edit;
    ``report`` their evaluated sheet if the caller has it (else it is
    evaluated here); ``templates`` the template store (default: the
    settings folder); ``date`` the ledger date of the save (default today).
    """

    gift_saved = Signal(object)
    """Emitted with a :class:`BuilderResult` (its ``plan`` allowed by builder) before closing."""
    template_saved = Signal(object)
    """Emitted with the :class:`pathlib.Path` of a template just written."""

    def __init__(  # noqa: PLR0915  (62 statements when the limits came in)
        self,
        catalog: Catalog,
        contractor: Contractor | None = None,
        existing_gift: Gift | None = None,
        parent: QWidget | None = None,
        *,
        report: SheetReport | None = None,
        templates: TemplateStore | None = None,
        date: str | None = None,
        start: GiftDraft | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.contractor = contractor
        self.existing = existing_gift
        self.date = date
        self.templates = templates if templates is not None else TemplateStore()
        self.report = (
            report if report is not None or contractor is None else evaluate_sheet(contractor)
        )
        self.result_value: BuilderResult | None = None
        self.last_plan: SavePlan | None = None

        who = contractor.concept.name if contractor is not None else ""
        draft = existing_gift.draft if existing_gift is not None else (start or EMPTY_DRAFT)
        self.initial_draft = draft
        self.controller = GiftBuilderController(
            catalog,
            status=self.report.status if self.report is not None else None,
            rewards=available_rewards(self.report, existing_gift, contractor),
            previous_cost=existing_gift.cost if existing_gift is not None else None,
            draft=draft,
            parent=self,
        )
        self.setObjectName("giftBuilder")
        self.setWindowTitle(self._title(who))
        self.setSizeGripEnabled(True)
        self.setMinimumSize(960, 640)
        self.resize(1180, 760)

        holdings = ""
        if self.report is not None:
            r = self.report.rewards
            holdings = (
                f"{who} has {r.credits_available} Gift Credit"
                f"{'' if r.credits_available == 1 else 's'} and {r.improvements_available} "
                f"Improvement{'' if r.improvements_available == 1 else 's'} unspent "
                f"({self.report.status.label})."
            )
        self.results = ResultsPanel(catalog, who, holdings)
        self.start_page = StartPage(self.controller, self.templates)
        self.type_page = TypePage(self.controller)
        self.effect_page = EffectPage(self.controller)
        self.style_page = StylePage(self.controller)
        self.customise_page = CustomisePage(self.controller)
        self.flavor_page = FlavorPage(self.controller)
        self.pages = (
            self.start_page,
            self.type_page,
            self.effect_page,
            self.style_page,
            self.customise_page,
            self.flavor_page,
        )

        self.steps = QTabWidget()
        self.steps.setDocumentMode(True)
        for page, title in zip(
            self.pages,
            ("Start", "1 Type", "2 Effect", "3 Style", "4 Customise", "5 Name && Save"),
            strict=True,
        ):
            self.steps.addTab(page, title)
        self.steps.currentChanged.connect(self._step_changed)

        results_scroll = QScrollArea()
        results_scroll.setWidgetResizable(True)
        results_scroll.setWidget(self.results)
        results_scroll.setMinimumWidth(320)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.steps)
        split.addWidget(results_scroll)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        split.setSizes([680, 460])
        self.splitter = split

        bar = self._build_buttons(who)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.addWidget(split, 1)
        layout.addLayout(bar)

        self._add_shortcuts()

        # ---- wiring
        self.controller.changed.connect(self._repaint)
        # New rows for a new Effect: their detail fields pass the undo keys on too.
        self.customise_page.rows_built.connect(self._watch_text_fields)
        self.start_page.start_from.connect(self._start_from)
        self.start_page.start_scratch.connect(lambda: self.go(Step.TYPE))
        self.flavor_page.craft_changed.connect(self._refresh_craft_offer)
        if contractor is not None:
            held_in = artifact_of(contractor, existing_gift.id) if existing_gift else None
            self.flavor_page.offer_artifacts(
                [a.name for a in contractor.stock.legendary], held_in.name if held_in else ""
            )

        self._repaint(self.controller.state)
        if existing_gift is not None or start is not None:
            self.go(Step.CUSTOMISE)
        else:
            self.go(Step.START)

    # ------------------------------------------------------------------ setup helpers

    def _add_shortcuts(self) -> None:
        """Ctrl+S saves, Ctrl+F finds an Effect, Ctrl+PgUp/PgDown change step, and Undo keys."""
        self._add_shortcut(QKeySequence.StandardKey.Save, self.save_default)
        self._add_shortcut(QKeySequence.StandardKey.Find, self.focus_effect_search)
        self._add_shortcut(
            QKeySequence("Ctrl+PgDown"), lambda: self.go(self.steps.currentIndex() + 1)
        )
        self._add_shortcut(
            QKeySequence("Ctrl+PgUp"), lambda: self.go(self.steps.currentIndex() - 1)
        )
        self._undo_keys = _UndoKeys(self)
        self._watch_text_fields()

    def _build_buttons(self, who: str) -> QHBoxLayout:
        """The button bar: Undo and Redo of the draft, Back and Next, Template, Cancel, Save."""
        stack = self.controller.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(action_keys(QKeySequence.StandardKey.Undo))
        self.redo_action = stack.createRedoAction(self, "&Redo")
        # The platform's Redo key is Ctrl+Y on some desktops and Ctrl+Shift+Z on others;
        # listing it again beside both made one key an ambiguous shortcut that did nothing.
        self.redo_action.setShortcuts(
            action_keys(QKeySequence.StandardKey.Redo, "Ctrl+Shift+Z", "Ctrl+Y")
        )
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)
        self.undo_button = _FixedActionButton(self.undo_action, "Undo")
        self.redo_button = _FixedActionButton(self.redo_action, "Redo")
        undo_button, redo_button = self.undo_button, self.redo_button

        self.back = QPushButton("&Back")
        self.next = QPushButton("&Next")
        self.back.clicked.connect(lambda: self.go(self.steps.currentIndex() - 1))
        self.next.clicked.connect(lambda: self.go(self.steps.currentIndex() + 1))
        self.save_template = QPushButton("Save as &Template")
        self.save_template.clicked.connect(self.save_as_template)
        self.cancel = QPushButton("Cancel")
        self.cancel.clicked.connect(self.reject)
        self.question: QMessageBox | None = None
        """The question on screen (save confirmation or discard), for tests and screen readers."""
        self.save = QPushButton(self._save_label(who))
        self.save.clicked.connect(self.save_gift)
        self.save.setVisible(self.contractor is not None)
        for button in (self.back, self.next, self.save_template, self.cancel, self.save):
            button.setAutoDefault(False)
        # No default button: Enter in the Effect search or a detail field must never save.

        bar = QHBoxLayout()
        bar.addWidget(undo_button)
        bar.addWidget(redo_button)
        bar.addSpacing(12)
        bar.addWidget(self.back)
        bar.addWidget(self.next)
        bar.addStretch(1)
        bar.addWidget(self.save_template)
        bar.addWidget(self.cancel)
        bar.addWidget(self.save)
        return bar

    def _title(self, who: str) -> str:
        house = ", ".join(self.catalog.house_catalogs)
        # House-rule content is marked ⌂ in every list; the title says which catalog it is.
        tail = f" — with {house} ⌂" if house else ""
        if self.existing is not None:
            name = self.existing.draft.name or self.existing.id
            return f"Gift Builder — edit {name}" + (f" ({who})" if who else "") + tail
        base = f"Gift Builder — new Gift for {who}" if who else "Gift Builder — new Gift"
        return base + tail

    def _save_label(self, who: str) -> str:
        if self.existing is not None:
            return "&Save changes"
        return f"&Save to {who}" if who else "&Save"

    def _add_shortcut(
        self, keys: QKeySequence | QKeySequence.StandardKey, slot: Callable[[], object]
    ) -> QAction:
        action = QAction(self)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _watch_text_fields(self) -> None:
        for widget in self.findChildren(QLineEdit) + self.findChildren(QPlainTextEdit):
            widget.installEventFilter(self._undo_keys)

    # ------------------------------------------------------------------ navigation

    def go(self, step: int) -> None:
        """Show a step (clamped to the first and last)."""
        step = max(0, min(step, self.steps.count() - 1))
        self.steps.setCurrentIndex(step)
        self._step_changed(step)

    def focus_effect_search(self) -> None:
        """Ctrl+F: the Effect step with its search box focused and selected."""
        self.go(Step.EFFECT)
        self.effect_page.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.effect_page.search.selectAll()

    def _step_changed(self, step: int) -> None:
        self.back.setEnabled(step > 0)
        self.next.setEnabled(step < self.steps.count() - 1)
        if step == Step.FLAVOR:
            self._refresh_craft_offer()

    def _start_from(self, draft: GiftDraft, text: str) -> None:
        self.controller.load(draft, text)
        self.go(Step.CUSTOMISE)

    # ------------------------------------------------------------------ repaint

    def _repaint(self, state: BuilderState) -> None:
        """Every panel follows the new state; the Customise rows may be rebuilt for a new Effect."""
        self.results.show_state(state, self.controller.previous_cost)
        self.results.show_save_problem("")
        for page in self.pages[1:]:
            page.show_state(state)  # type: ignore[attr-defined]
        if self.steps.currentIndex() == Step.FLAVOR:
            self._refresh_craft_offer()
        # Save stays on without a name: pressing it says so and opens step 5 at the name.
        self.save.setEnabled(state.evaluation.saveable and self.contractor is not None)
        self.save.setToolTip(self._save_tip(state))
        self.save_template.setEnabled(state.complete)

    def _save_tip(self, state: BuilderState) -> str:
        if state.missing:
            return "Still to choose: " + ", ".join(state.missing)
        if not state.draft.name.strip():
            return "Give the Gift a name first (step 5, Name & Save)"
        ev = state.evaluation
        problems = [e.message for e in ev.errors] + [w.message for w in ev.blocking]
        return "Cannot save yet: " + "; ".join(problems) if problems else ""

    def _refresh_craft_offer(self) -> None:
        if self.contractor is None:
            self.flavor_page.show_craft_offer(False, "no contractor is open")
            return
        gtype = self.catalog.gift_types.get(self.controller.draft.gift_type)
        if gtype is None or not gtype.crafts:
            return
        offered, reason = free_item_offer(
            self.contractor,
            self.controller.draft,
            self.catalog,
            existing=self.existing,
            report=self.report,
        )
        self.flavor_page.show_craft_offer(offered, reason)

    # ------------------------------------------------------------------ saving

    def save_default(self) -> None:
        """Ctrl+S: save to the contractor, or as a template when building without one."""
        if self.contractor is not None:
            self.save_gift()
        else:
            self.save_as_template()

    def plan(self) -> SavePlan | None:
        """The save as builder would do it now (None without a contractor)."""
        if self.contractor is None:
            return None
        return plan_save(
            self.contractor,
            self.controller.draft,
            self.catalog,
            existing=self.existing,
            free_item=self.flavor_page.free_item,
            date=self.date,
            report=self.report,
            artifact=self.flavor_page.artifact,
        )

    def save_gift(self) -> bool:
        """Save onto the contractor if builder allows it: emit ``gift_saved`` and close."""
        plan = self.plan()
        self.last_plan = plan
        if plan is None:
            return False
        if plan.refused:
            shown = self.results.shown_messages()
            fresh = [
                f.message
                for f in plan.findings
                if f.severity is Severity.ERROR
                and f.message not in shown
                and not (f.rule == "gift.rewards" and not self.results.rewards.isHidden())
            ]
            # A reason already on screen is not repeated (a message is never shown twice).
            reasons = "; ".join(fresh) if fresh else "see the problems listed above"
            self.results.show_save_problem(f"Cannot save: {reasons}")
            if not self.controller.draft.name.strip():
                self.go(Step.FLAVOR)
                self.flavor_page.name.setFocus(Qt.FocusReason.OtherFocusReason)
            return False
        question = confirm_question(plan)
        if question and not self.ask("Save the Gift", question, "Save"):
            return False
        problem = ""
        if plan.craft is not None and plan.craft.refused:
            problem = "; ".join(f.message for f in plan.craft.findings)
        self.result_value = BuilderResult(
            self.controller.draft,
            plan.evaluation,
            self.existing,
            self.flavor_page.free_item if not problem else "",
            plan,
        )
        self.gift_saved.emit(self.result_value)
        self.accept()
        return True

    def ask(self, title: str, text: str, yes: str) -> bool:
        """A yes/no question over the builder (``self.question`` while it is open); Esc says no."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self)
        confirm = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton("Go back", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        self.question = box
        try:
            box.exec()
        finally:
            self.question = None
        return box.clickedButton() is confirm

    @property
    def changed(self) -> bool:
        """Whether the draft differs from the one the window opened with."""
        return self.controller.draft != self.initial_draft

    def reject(self) -> None:
        """Cancel or Esc: asks first when the Gift was changed, so no work is lost unseen."""
        if self.result_value is None and self.changed:
            name = self.controller.draft.name.strip()
            what = f"the changes to {name}" if name else "this Gift"
            if not self.ask("Discard changes", f"Discard {what}?", "Discard"):
                return
        super().reject()

    def save_as_template(self) -> Path | None:
        """Keep the draft as a template file (spends nothing); the builder stays open."""
        if not self.controller.state.complete:
            self.results.show_save_problem(
                "Cannot save a template yet: choose " + ", ".join(self.controller.state.missing)
            )
            return None
        path = self.templates.save(self.controller.draft)
        self.start_page.reload()
        self.results.show_save_problem("")
        self.template_saved.emit(path)
        return path
