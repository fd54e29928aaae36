"""The always-live results column: Gift Cost with its breakdown, Status, rewards, System Text.

Everything here is read from the builder's :class:`~builder.contract.gifts.GiftEvaluation`
for the current draft ("Gift Cost": the builder shows the cost and its sum
as the Gift is made; "System Text": generated from the choices). The panel
keeps its widgets and only changes texts, so a repaint after a click costs
a few label updates.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPlainTextEdit,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from builder.contract.gifts import Catalog, GiftEvaluation
from builder.contract.gifts.glossary import TermHit, find_terms
from builder.core.findings import Severity
from ui.contract.gift_builder.common import (
    label,
    set_shown,
    set_text,
    show_badge,
    signed,
    style_role,
)
from ui.contract.gift_builder.controller import BuilderState

# Errors that only say a step is not done yet; the panel says "still to choose" instead.
_STEP_ERRORS = {
    "Gift Type": "gift.unknown_type",
    "Effect": "gift.unknown_effect",
    "Activation Style": "gift.style_not_allowed",
}


class SystemTextView(QPlainTextEdit):
    """The System Text: read-only, selectable, scrolling on its own.

    A text view rather than a word-wrapped label so a new System Text never
    relayouts the column around it (a selectable wrapped QLabel costs
    milliseconds per change, more than the rest of a click's repaint).
    Hovering a game term (Exert, Resist, Difficulty...) shows its glossary
    explanation (issue 15, item 4).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style_role(self, "systemText")
        self.setReadOnly(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setTabChangesFocus(True)
        self.setMinimumHeight(140)
        self._terms: tuple[TermHit, ...] = ()

    def text(self) -> str:
        return self.toPlainText()

    def setText(self, text: str) -> None:
        self.setPlainText(text)
        self._terms = find_terms(text)

    def term_at(self, position: int) -> TermHit | None:
        """The glossary term covering a character position of the text, if any."""
        for hit in self._terms:
            if hit.start <= position < hit.end:
                return hit
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            cursor = self.cursorForPosition(self.viewport().mapFrom(self, event.pos()))
            hit = self.term_at(cursor.position())
            if hit is not None:
                QToolTip.showText(event.globalPos(), f"{hit.text}: {hit.term.explanation}", self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)


class ResultsPanel(QWidget):
    """Cost badge, breakdown, Status, rewards, problems and the System Text preview.

    ``who`` names the contractor ("Mara Quill") or is "" when building
    without one; ``holdings`` is the line saying what they have unspent.
    """

    def __init__(  # noqa: PLR0915  (54 statements when the limits came in)
        self,
        catalog: Catalog,
        who: str = "",
        holdings: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.who = who
        self.setMinimumWidth(300)

        self.cost_caption = label("Gift Cost", "costCaption", wrap=False)
        self.cost_badge = label("1", "costBadge", wrap=False)
        self.cost_badge.setAccessibleName("Gift Cost")
        self.cost_delta = label("", "muted")
        self.breakdown = label("", "muted")
        self.breakdown.setAccessibleName("Gift Cost breakdown")

        self.gift_title = label("", "sectionTitle")
        self.status = label("")
        self.status_reasons = label("", "muted")
        self.rewards = label("")
        self.rewards.setAccessibleName("What saving does to the rewards")
        self.holdings = label(holdings, "muted")
        self.notice = label("", "notice")
        self.blocking = label("", "error")
        self.warnings = label("", "warning")
        self.house_rules = label("", "warning")
        self.save_problem = label("", "error")

        self.system_title = label("System Text", "sectionTitle")
        self.system_text = SystemTextView()
        self.system_text.setAccessibleName("System Text")
        self.system_placeholder = label(
            "The System Text appears here once a Gift Type, an Effect and an Activation Style "
            "are chosen.",
            "muted",
        )

        top = QHBoxLayout()
        top.setSpacing(10)
        top.addWidget(self.cost_badge)
        caption = QVBoxLayout()
        caption.setSpacing(0)
        caption.addWidget(self.cost_caption)
        caption.addWidget(self.cost_delta)
        top.addLayout(caption, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.breakdown)
        layout.addWidget(self.gift_title)
        layout.addWidget(self.status)
        layout.addWidget(self.status_reasons)
        layout.addWidget(self.rewards)
        layout.addWidget(self.holdings)
        layout.addWidget(self.notice)
        layout.addWidget(self.blocking)
        layout.addWidget(self.warnings)
        layout.addWidget(self.house_rules)
        layout.addWidget(self.save_problem)
        layout.addWidget(self.system_title)
        layout.addWidget(self.system_text, 1)
        layout.addWidget(self.system_placeholder)
        layout.addStretch(0)
        for widget in (
            self.notice,
            self.blocking,
            self.warnings,
            self.house_rules,
            self.save_problem,
            self.status_reasons,
        ):
            widget.hide()
        set_shown(self.holdings, bool(holdings))

    # ------------------------------------------------------------------ repaint

    def show_state(self, state: BuilderState, previous_cost: int | None = None) -> None:
        """Repaint from the builder's evaluation of the current draft."""
        ev = state.evaluation
        draft = state.draft
        set_text(self.cost_badge, str(ev.cost))
        show_badge(self.cost_badge, ev.cost < 1)
        if previous_cost is not None:
            delta = ev.cost - previous_cost
            set_text(
                self.cost_delta,
                f"was {previous_cost}: {signed(delta)}"
                if delta
                else f"unchanged from {previous_cost}",
            )
        else:
            set_text(self.cost_delta, "new Gift")
        set_text(self.breakdown, ev.breakdown_text())

        set_text(self.gift_title, self._title(state))
        set_text(self.status, self._status_line(ev))
        reasons = "\n".join(f"• {r.message}" for r in ev.status_reasons)
        set_text(self.status_reasons, reasons)
        set_shown(self.status_reasons, bool(reasons))
        # Nothing is spent on a Gift not chosen yet: no "spends 1 Gift Credit" until then.
        rewards = "" if state.missing and ev.rewards is not None else self._rewards_line(ev)
        set_text(self.rewards, rewards)
        set_shown(self.rewards, bool(rewards))

        set_text(self.notice, state.notice)
        set_shown(self.notice, bool(state.notice))
        blocking, warnings = self._problems(state)
        set_text(self.blocking, "\n".join(f"✗ {m}" for m in blocking))
        set_shown(self.blocking, bool(blocking))
        set_text(self.warnings, "\n".join(f"! {m}" for m in warnings))
        set_shown(self.warnings, bool(warnings))
        house = ", ".join(ev.house_rules)
        set_text(
            self.house_rules,
            f"Uses house-rule content ({house}): a contractor with this Gift is locked to "
            "that playgroup."
            if house
            else "",
        )
        set_shown(self.house_rules, bool(house))

        set_text(self.system_text, ev.system_text)
        set_shown(self.system_text, bool(ev.system_text))
        set_shown(self.system_placeholder, not ev.system_text)
        if draft.name:
            set_text(self.system_title, f"System Text of {draft.name}")
        else:
            set_text(self.system_title, "System Text")

    def shown_messages(self) -> str:
        """The text of every problem and the rewards line now on screen (to avoid repeats)."""
        return "\n".join(
            w.text()
            for w in (self.rewards, self.blocking, self.warnings, self.notice)
            if not w.isHidden()
        )

    def show_save_problem(self, text: str) -> None:
        """A reason the last save attempt was refused ("" clears it)."""
        set_text(self.save_problem, text)
        set_shown(self.save_problem, bool(text))

    # ------------------------------------------------------------------ texts

    def _title(self, state: BuilderState) -> str:
        d = state.draft
        parts = [
            self.catalog.gift_types[d.gift_type].name
            if d.gift_type in self.catalog.gift_types
            else "",
            self.catalog.effects[d.effect].name if d.effect in self.catalog.effects else "",
            self.catalog.styles[d.style].name if d.style in self.catalog.styles else "",
        ]
        shown = " · ".join(p for p in parts if p)
        if state.missing:
            still = ", ".join(state.missing)
            return f"{shown} — still to choose: {still}" if shown else f"Still to choose: {still}"
        return shown

    def _status_line(self, ev: GiftEvaluation) -> str:
        needs = f"Needs {ev.required_status.label} Status"
        if ev.status is None:
            return needs
        who = self.who or "The contractor"
        if ev.status_met:
            return f"{needs} — {who} is {ev.status.label}: met ✓"
        return f"{needs} — {who} is {ev.status.label}: not met ✗"

    def _rewards_line(self, ev: GiftEvaluation) -> str:
        if ev.rewards is None:
            return "Built without a contractor: saving spends nothing."
        text = f"Saving {ev.rewards.message}"
        if ev.rewards.enough is False:
            return f"{text} — not enough unspent rewards ✗"
        return text

    def _problems(self, state: BuilderState) -> tuple[list[str], list[str]]:
        ev = state.evaluation
        skip = {_STEP_ERRORS[step] for step in state.missing}
        if state.missing:
            # a missing Effect also makes the Style check meaningless
            skip.add("gift.style_not_allowed")
        if ev.rewards is not None and not state.missing:
            skip.add("gift.rewards")  # the rewards line already says it: never twice
        blocking = [e.message for e in ev.errors if e.rule not in skip]
        blocking += [
            w.message for w in ev.warnings if w.severity is Severity.ERROR and w.rule not in skip
        ]
        warnings = [w.message for w in ev.warnings if w.severity is not Severity.ERROR]
        return blocking, warnings
