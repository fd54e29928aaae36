"""The Covenant character sheet with its play mode: the table-side view of one character.

Everything shown comes from ``builder.covenant.rules.evaluate_covenant``;
every button is one operation of ``builder.covenant.rules`` and is enabled
only when builder would accept it now (the reason in its tooltip when not).
Each accepted action is saved through the library at once and pushed on the
character's own undo stack (``ui.operations.common.CharacterCommand``, holding
the character before and after).

Play controls:

- time: Begin scene, End turn, End scene, End chapter (each recharges exactly
  what the rules say: builder decides);
- every use of every asset (Ties and Goals included): its own button (Tap,
  Expend, Exhaust or Destroy) and, for Traits, gear and Abilities, a Destroy
  button; a Recharge button per used asset; Lose Tie per Tie;
- Discipline: a bid of N as scene, chapter or long-term damage, a Resistance
  bid against an attack of a given severity, Heal;
- tokens: story control (scene edit, second wind, recharge, cure, succeed,
  fail), one token each, and a Trait or Ability bought between chapters, with
  the play log listing what was spent;
- conditions and drains from the example catalog: add, tick, cure.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QFont, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from builder.core.findings import Finding, Severity
from builder.covenant import rules
from builder.covenant.catalog import shipped_catalog
from builder.covenant.character import (
    AddCondition,
    AddDrain,
    Asset,
    BeginScene,
    Bid,
    BidCost,
    BuyAsset,
    CovenantCharacter,
    CureCondition,
    CureDrain,
    DamageSeverity,
    DrainTick,
    EndChapter,
    EndScene,
    EndTurn,
    GoalSlot,
    Heal,
    LogEntry,
    LoseTie,
    RechargeAsset,
    Resist,
    ResolveGoal,
    StoryControl,
    UseAsset,
    UseState,
    UseStoryControl,
)
from builder.covenant.rules import CovenantReport, evaluate_covenant
from builder.covenant.state import PlayState, apply_entry, fold
from builder.covenant.wording import (
    PHASE_LABELS,
    counted,
    describe_log_entry,
    goal_details,
    goals_due_this_chapter,
    in_player_words,
)
from harbinger.app import covenant as app
from harbinger.app.common import Plan
from ui.covenant.contest_panel import ContestPanel
from ui.operations.covenant import run
from ui.operations.gm_notes import WorkspaceGmNotes
from ui.style import ruled_tabs, set_role
from ui.widgets.gm_notes_box import GmNotesBox
from ui.widgets.steady import SteadyPlace

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace

VERBS = {
    UseState.EXPEND: "Expend",
    UseState.TAP: "Tap",
    UseState.EXHAUST: "Exhaust",
    UseState.DESTROY: "Destroy",
}
"""The button text of each way of using an asset ("Using Assets")."""

READY_AGAIN = {
    UseState.EXPEND: "ready again at your next turn",
    UseState.TAP: "ready again at the end of the scene",
    UseState.EXHAUST: "ready again at the end of the chapter",
    UseState.DESTROY: "the asset is gone for good",
}
"""When a use recharges ("Using Assets"), beside its button."""

SEVERITIES = (
    (DamageSeverity.SCENE, "Scene damage"),
    (DamageSeverity.CHAPTER, "Chapter damage"),
    (DamageSeverity.LONG_TERM, "Long-term damage"),
)

COSTS = (
    (BidCost.NORMAL, "Normal cost (1 for 1)"),
    (BidCost.HALF, "Half cost (more advantages)"),
    (BidCost.DOUBLE, "Double cost (more disadvantages)"),
)

STORY_CONTROLS = (
    (StoryControl.SCENE_EDIT, "Scene edit: add something helpful to the scene"),
    (StoryControl.SECOND_WIND, "Second wind: all scene damage back"),
    (StoryControl.RECHARGE, "Recharge: every Trait, Ability and gear ready"),
    (StoryControl.CURE, "Cure: every condition and drain removed"),
    (StoryControl.SUCCEED, "Succeed: win one bid outright"),
    (StoryControl.FAIL, "Fail: make another character fail one bid"),
)

SOURCE_NAMES = {
    "tie": "Tie",
    "trait": "Trait",
    "gear": "Gear",
    "ability": "Ability",
    "goal": "Goal",
}


def _reasons(findings: tuple[Finding, ...], pronouns: str = "") -> str:
    """Why builder refused, in the player's words and the character's pronouns."""
    return " ".join(
        in_player_words(f.message, pronouns) for f in findings if f.severity is Severity.ERROR
    )


def _notes(findings: tuple[Finding, ...], pronouns: str = "") -> str:
    """What builder noted about an accepted action, as :func:`_reasons` words it."""
    return " ".join(
        in_player_words(f.message, pronouns) for f in findings if f.severity is not Severity.ERROR
    )


class CovenantSheet(QWidget):
    """One Covenant character's sheet and play controls, bound to the library.

    ``report`` is builder's evaluation of the character as stored now; the
    widgets show it and nothing else. ``message`` shows what the last action
    did (builder's notes) or why it was refused.
    """

    def __init__(
        self,
        workspace: Workspace,
        character_id: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.library = library = workspace.library
        self.character_id = character_id
        self.undo_stack = workspace.stack_for(character_id)
        self.character: CovenantCharacter = library.load(character_id)  # type: ignore[attr-defined]
        self.report: CovenantReport = evaluate_covenant(self.character)
        self._state: PlayState = fold(self.character).state
        self.catalog = shipped_catalog()
        self.use_buttons: dict[tuple[str, str], QPushButton] = {}
        self.destroy_buttons: dict[tuple[str, str], QPushButton] = {}
        self.recharge_buttons: dict[str, QPushButton] = {}
        self.lose_tie_buttons: dict[str, QPushButton] = {}
        self.status_labels: dict[str, QLabel] = {}
        self.cure_buttons: dict[str, QPushButton] = {}
        self.tick_buttons: dict[str, QPushButton] = {}
        self.goal_buttons: dict[tuple[str, bool], QPushButton] = {}
        self._build()
        # Steady screens (issue 33, item 7): an action rebuilds the rows, but the
        # scroll positions and the keyboard focus stay where the player left them.
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.place = SteadyPlace(self, (self.assets_scroll, self.bids_scroll), self._keyed)
        # Long choices ("Scene edit: add something helpful to the scene") must not set the
        # panel's width: the Ties and assets column needs the room at 1280 pixels.
        for combo in self.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(12)
        workspace.changed.connect(self._on_changed)
        workspace.failed.connect(self._on_failed)
        self.refresh()

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 10, 10, 10)
        outer.setSpacing(8)

        outer.addLayout(self._build_head())
        outer.addWidget(self._build_strip())
        outer.addLayout(self._build_time())
        self.due_label = QLabel()
        set_role(self.due_label, "accent")
        self.due_label.setWordWrap(True)
        self.due_label.setTextFormat(Qt.TextFormat.PlainText)
        outer.addWidget(self.due_label)

        # Side by side when the sheet is wide enough, one above the other when not
        # (resizeEvent): the sheet never needs more width than one column.
        self.body = body = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        body.setSpacing(10)
        # Left: assets and their uses.
        self.assets_box = QWidget()
        self.assets_layout = QVBoxLayout(self.assets_box)
        self.assets_layout.setContentsMargins(0, 0, 0, 0)
        self.assets_scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.assets_box)
        self.assets_group = assets_group = QGroupBox("Ties and assets")
        assets_group.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 24)
        QVBoxLayout(assets_group).addWidget(scroll)
        body.addWidget(self._build_left_tabs(assets_group), 5)

        # Right: Discipline, tokens, conditions, log.
        self.side = QWidget()
        side = QVBoxLayout(self.side)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self._discipline_group())
        side.addWidget(self._story_group())
        side.addWidget(self._effects_group())
        log_group = QGroupBox("Play log")
        log_layout = QVBoxLayout(log_group)
        self.log_list = QListWidget()
        self.log_list.setAlternatingRowColors(True)
        log_layout.addWidget(self.log_list)
        side.addWidget(log_group, 1)
        body.addWidget(self.side, 4)
        outer.addLayout(body, 1)

        for spin in (self.bid_amount, self.resist_damage, self.resist_spent, self.resist_bonus):
            spin.valueChanged.connect(self._bind_inputs)
        for combo in (
            self.bid_severity,
            self.resist_severity,
            self.resist_cost,
            self.story_kind,
            self.buy_pick,
        ):
            combo.currentIndexChanged.connect(self._bind_inputs)
        self.buy_name.textChanged.connect(self._bind_inputs)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setMinimumHeight(34)
        outer.addWidget(self.message)

    def _build_left_tabs(self, assets_group: QGroupBox) -> QTabWidget:
        """Ties and assets, and the Bids panel as a second tab beside them.

        The tab gives the bid controls the whole column's height and keeps the sheet
        at its 1280×800 footprint (issue 28, item 2).
        """
        self.contest_panel = ContestPanel(self)
        self.bids_scroll = bids = QScrollArea()
        bids.setWidgetResizable(True)
        bids.setWidget(self.contest_panel)
        self.left_tabs = ruled_tabs(QTabWidget())
        self.left_tabs.addTab(assets_group, "Ties and assets")
        self.left_tabs.addTab(bids, "Bids")
        # The leader's GM notes (issue 31 item 6): a tab of their own, there only when
        # this user may read them (the box hides itself for a player).
        self.gm_notes = GmNotesBox(
            WorkspaceGmNotes(self.workspace, "covenant", "Covenant character"), self._run_edit
        )
        self.gm_notes_tab = self.left_tabs.addTab(self.gm_notes, "GM notes")
        return self.left_tabs

    def _run_edit(self, action: Callable[[], object]) -> None:
        """Run an edit that is not a play-log entry (the GM note), saying why it failed."""
        try:
            action()
        except Exception as exc:
            self.message.setText(f"Could not save: {exc or type(exc).__name__}")

    def _show_gm_notes(self) -> None:
        """Show the GM note on this character, and its tab only when this user may read it."""
        self.gm_notes.show_for(self.character_id)
        self.left_tabs.setTabVisible(self.gm_notes_tab, self.gm_notes.access.may_read_gm_notes())

    def _build_head(self) -> QHBoxLayout:
        """Name, what is going on now, and this character's own Undo and Redo."""
        head = QHBoxLayout()
        titles = QVBoxLayout()
        self.title = QLabel()
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.subtitle = QLabel()
        self.subtitle.setTextFormat(Qt.TextFormat.PlainText)
        self.subtitle.setWordWrap(True)
        self.title.setWordWrap(True)
        self.state_label = QLabel()
        self.state_label.setTextFormat(Qt.TextFormat.PlainText)
        set_role(self.state_label, "accentBold")
        titles.addWidget(self.title)
        titles.addWidget(self.subtitle)
        titles.addWidget(self.state_label)
        head.addLayout(titles, 1)
        self.undo_button = QToolButton()
        self.undo_button.setDefaultAction(self.undo_stack.createUndoAction(self, "Undo"))
        self.redo_button = QToolButton()
        self.redo_button.setDefaultAction(self.undo_stack.createRedoAction(self, "Redo"))
        head.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.redo_button, 0, Qt.AlignmentFlag.AlignTop)
        return head

    def _build_strip(self) -> QFrame:
        """The Discipline strip: the numbers the player glances at most."""
        # Discipline strip: the numbers the player glances at most.
        strip = QFrame()
        strip.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(strip)
        self.discipline_labels: dict[str, QLabel] = {}
        names = (
            ("total", "Discipline"),
            ("free", "Free"),
            ("scene", "Scene damage"),
            ("chapter", "Chapter damage"),
            ("long_term", "Long-term damage"),
            ("tokens", "Tokens"),
        )
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        for col, (key, text) in enumerate(names):
            caption = QLabel(text)
            set_role(caption, "muted")
            value = QLabel()
            value.setFont(big)
            value.setObjectName(f"discipline_{key}")
            # Three to a row, so the strip fits a narrow sheet (1280×800 with the Dice dock).
            row, column = divmod(col, 3)
            grid.addWidget(caption, row * 2, column)
            grid.addWidget(value, row * 2 + 1, column)
            self.discipline_labels[key] = value
        self.tokens_detail = QLabel()
        set_role(self.tokens_detail, "muted")
        self.tokens_detail.setWordWrap(True)
        grid.addWidget(self.tokens_detail, 4, 0, 1, 3)
        return strip

    def _build_time(self) -> QHBoxLayout:
        """Time controls: begin a scene, end a turn, a scene, a chapter."""
        # Time controls.
        time = QHBoxLayout()
        self.scene_note = QLineEdit()
        self.scene_note.setPlaceholderText("Scene (optional note)")
        self.scene_note.setMaximumWidth(240)
        time.addWidget(self.scene_note)
        self.time_buttons: dict[str, QPushButton] = {}
        for key, text, action in (
            ("begin_scene", "Begin scene", self._begin_scene),
            (
                "end_turn",
                "End turn",
                lambda: self._act(app.play(self.character, EndTurn(), "End turn")),
            ),
            (
                "end_scene",
                "End scene",
                lambda: self._act(app.play(self.character, EndScene(), "End scene")),
            ),
            (
                "end_chapter",
                "End chapter",
                lambda: self._act(app.play(self.character, EndChapter(), "End chapter")),
            ),
        ):
            button = QPushButton(text)
            button.clicked.connect(action)
            time.addWidget(button)
            self.time_buttons[key] = button
        time.addStretch(1)
        return time

    def _discipline_group(self) -> QGroupBox:
        box = QGroupBox("Discipline: bids and damage")
        form = QFormLayout(box)
        row = QHBoxLayout()
        self.bid_amount = QSpinBox()
        self.bid_amount.setRange(1, 100000)
        self.bid_amount.setValue(10)
        self.bid_severity = QComboBox()
        for severity, text in SEVERITIES:
            self.bid_severity.addItem(text, severity)
        self.bid_button = QPushButton("Spend")
        self.bid_button.clicked.connect(self._bid)
        row.addWidget(self.bid_amount)
        row.addWidget(self.bid_severity, 1)
        row.addWidget(self.bid_button)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow("Bid / damage", row)

        resist = QHBoxLayout()
        self.resist_damage = QSpinBox()
        self.resist_damage.setRange(1, 100000)
        self.resist_damage.setValue(10)
        self.resist_damage.setToolTip("The damage the attack, trap or environment deals")
        self.resist_spent = QSpinBox()
        self.resist_spent.setRange(0, 100000)
        self.resist_spent.setValue(11)
        self.resist_spent.setToolTip("Discipline spent on the Resistance bid")
        self.resist_severity = QComboBox()
        for severity, text in SEVERITIES:
            self.resist_severity.addItem(text, severity)
        resist.addWidget(QLabel("attack"))
        resist.addWidget(self.resist_damage, 1)
        resist.addWidget(QLabel("spend"))
        resist.addWidget(self.resist_spent, 1)
        form.addRow("Resist", resist)
        resist2 = QHBoxLayout()
        self.resist_cost = QComboBox()
        for cost, text in COSTS:
            self.resist_cost.addItem(text, cost)
        self.resist_bonus = QSpinBox()
        self.resist_bonus.setRange(0, 100000)
        self.resist_bonus.setToolTip("Bid points from spent advantages (+5 each) or shared bids")
        self.resist_button = QPushButton("Resist")
        self.resist_button.clicked.connect(self._resist)
        self.heal_button = QPushButton("Heal")
        self.heal_button.clicked.connect(
            lambda: self._act(app.play(self.character, Heal(), "Heal"))
        )
        kinds = QHBoxLayout()
        kinds.addWidget(self.resist_severity, 1)
        kinds.addWidget(self.resist_cost, 1)
        form.addRow("", kinds)
        resist2.addWidget(QLabel("bonus"))
        resist2.addWidget(self.resist_bonus, 1)
        resist2.addWidget(self.resist_button)
        resist2.addWidget(self.heal_button)
        form.addRow("", resist2)
        return box

    def _story_group(self) -> QGroupBox:
        box = QGroupBox("Tokens: story control and new assets")
        layout = QVBoxLayout(box)
        self.story_kind = QComboBox()
        for kind, text in STORY_CONTROLS:
            self.story_kind.addItem(text, kind)
        row = QHBoxLayout()
        self.story_note = QLineEdit()
        self.story_note.setPlaceholderText("What for (optional)")
        self.story_button = QPushButton("Spend 1 token")
        self.story_button.clicked.connect(self._story_control)
        row.addWidget(self.story_note, 1)
        row.addWidget(self.story_button)
        layout.addWidget(self.story_kind)
        layout.addLayout(row)
        buy = QHBoxLayout()
        self.buy_pick = QComboBox()
        self.buy_pick.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.buy_pick.setMinimumContentsLength(10)
        for asset in (*self.catalog.traits, *self.catalog.abilities):
            self.buy_pick.addItem(f"{asset.name} ({asset.kind.value})", asset.id)
        self.buy_name = QLineEdit()
        self.buy_name.setPlaceholderText("or your own Trait")
        self.buy_button = QPushButton("Buy (1 token)")
        self.buy_button.clicked.connect(self._buy)
        buy.addWidget(self.buy_name, 1)
        buy.addWidget(self.buy_button)
        layout.addWidget(self.buy_pick)
        layout.addLayout(buy)
        return box

    def _effects_group(self) -> QGroupBox:
        box = QGroupBox("Conditions and drains")
        layout = QVBoxLayout(box)
        self.effects_list = QWidget()
        self.effects_layout = QVBoxLayout(self.effects_list)
        self.effects_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.effects_list)
        add = QHBoxLayout()
        self.condition_pick = QComboBox()
        for c in self.catalog.conditions:
            self.condition_pick.addItem(c.name, c.id)
        self.add_condition_button = QPushButton("Add condition")
        self.add_condition_button.clicked.connect(self._add_condition)
        add.addWidget(self.condition_pick, 1)
        add.addWidget(self.add_condition_button)
        layout.addLayout(add)
        add2 = QHBoxLayout()
        self.drain_pick = QComboBox()
        for d in self.catalog.drains:
            self.drain_pick.addItem(d.name, d.id)
        self.add_drain_button = QPushButton("Add drain")
        self.add_drain_button.clicked.connect(self._add_drain)
        add2.addWidget(self.drain_pick, 1)
        add2.addWidget(self.add_drain_button)
        layout.addLayout(add2)
        return box

    # ------------------------------------------------------------------ refresh

    def closeEvent(self, event: QCloseEvent) -> None:
        # A closed sheet stops following the library (which may be closed after it).
        self.disconnect_workspace()
        super().closeEvent(event)

    def minimumSizeHint(self) -> QSize:
        """As narrow as one column: a narrower sheet puts its columns one above the other."""
        hint = super().minimumSizeHint()
        one_column = max(self._assets_width(), self.side.minimumSizeHint().width())
        margins = self.layout().contentsMargins()
        one_column += margins.left() + margins.right()
        return QSize(min(hint.width(), one_column), hint.height())

    def _assets_width(self) -> int:
        """The width the Ties and assets column needs to show its cards whole."""
        cards = self.assets_box.minimumSizeHint().width() + 40  # scroll bar and group frame
        return max(self.assets_group.minimumSizeHint().width(), cards)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Columns side by side when both fit, else the Ties and assets above the rest."""
        super().resizeEvent(event)
        margins = self.layout().contentsMargins()
        both = (
            self._assets_width()
            + self.side.minimumSizeHint().width()
            + self.body.spacing()
            + margins.left()
            + margins.right()
        )
        side_by_side = event.size().width() >= both
        direction = (
            QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        )
        if self.body.direction() != direction:
            self.body.setDirection(direction)
            # Stacked, the assets keep room for a few cards (the page scrolls as a whole).
            tall = 0 if side_by_side else self.fontMetrics().height() * 24
            self.assets_group.setMinimumHeight(tall)
            self.log_list.setMinimumHeight(0 if side_by_side else self.fontMetrics().height() * 8)
            self.updateGeometry()

    def showEvent(self, event: QShowEvent) -> None:
        """Shown (again): the play log shows its newest entry."""
        super().showEvent(event)
        self.log_list.scrollToBottom()

    def disconnect_workspace(self) -> None:
        """Stop following the workspace (the main window closes this sheet's tab)."""
        for signal, slot in (
            (self.workspace.changed, self._on_changed),
            (self.workspace.failed, self._on_failed),
        ):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)

    def _on_changed(self, change: Change) -> None:
        if change.character_id == self.character_id:
            self.refresh()

    def _on_failed(self, message: str) -> None:
        self.message.setText(message)

    def _keyed(self) -> dict[Hashable, QWidget]:
        """The sheet's buttons by a key that survives a refresh (for :class:`SteadyPlace`)."""
        keyed: dict[Hashable, QWidget] = {}
        for group, buttons in (
            ("time", self.time_buttons),
            ("use", self.use_buttons),
            ("destroy", self.destroy_buttons),
            ("recharge", self.recharge_buttons),
            ("lose_tie", self.lose_tie_buttons),
            ("cure", self.cure_buttons),
            ("tick", self.tick_buttons),
            ("goal", self.goal_buttons),
        ):
            for key, button in buttons.items():
                keyed[(group, key)] = button
        return keyed

    def refresh(self) -> None:
        """Reload the character and show builder's evaluation of it, keeping the place."""
        place = getattr(self, "place", None)
        if place is not None:
            place.hold()
        try:
            self._refresh()
        finally:
            if place is not None:
                place.restore()

    def _refresh(self) -> None:
        if not self.library.exists(self.character_id):  # type: ignore[attr-defined]
            self.message.setText("This character is no longer in the library.")
            self.setEnabled(False)
            return
        self.setEnabled(True)
        self.character = self.library.load(self.character_id)  # type: ignore[attr-defined]
        self._show_gm_notes()
        self.report = evaluate_covenant(self.character)
        self._state = fold(self.character).state
        r = self.report
        self.title.setText(self.character.name)
        parts = [
            f"Player: {self.character.player}" if self.character.player else "",
            self.character.pronouns,
            PHASE_LABELS.get(r.phase, r.phase),
            f"{counted(r.scenes_ended, 'scene')} ended, "
            f"{counted(r.chapters_survived, 'chapter')} survived",
        ]
        self.subtitle.setText(" · ".join(p for p in parts if p))
        state = ""
        if r.eliminated:
            state = f"Eliminated ({r.elimination_cause.replace('_', ' ')})"
        elif r.incapacitated:
            state = f"Incapacitated ({r.incapacitated.replace('_', '-')} damage) until healed"
        self.state_label.setText(state)
        self.state_label.setVisible(bool(state))
        d = r.discipline
        for key, value in (
            ("total", d.total),
            ("free", d.free),
            ("scene", d.scene),
            ("chapter", d.chapter),
            ("long_term", d.long_term),
            ("tokens", r.tokens.available),
        ):
            self.discipline_labels[key].setText(str(value))
        t = r.tokens
        self.tokens_detail.setText(
            f"Tokens: {t.starting} to start + {t.from_chapters} from chapters − "
            f"{t.spent_at_creation} spent at creation − {t.spent_in_play} spent in play "
            f"= {t.available} available"
        )
        self._refresh_time()
        self._refresh_assets()
        self._refresh_side()
        self.contest_panel.refresh()
        self._refresh_log()

    def check(self, entry: LogEntry) -> tuple[bool, str]:
        """Would builder accept ``entry`` now? (accepted, reasons when not)."""
        step = apply_entry(self._state, entry)
        return step.accepted, _reasons(step.findings, self.character.pronouns)

    def _bind(self, button: QPushButton, entry: LogEntry, help_text: str = "") -> None:
        ok, why = self.check(entry)
        button.setEnabled(ok)
        button.setToolTip(help_text if ok else why)

    def _refresh_time(self) -> None:
        self._bind(self.time_buttons["begin_scene"], BeginScene(), "Start a scene")
        self._bind(
            self.time_buttons["end_turn"],
            EndTurn(),
            "Your turn passes: expended uses are ready at your next turn",
        )
        self._bind(
            self.time_buttons["end_scene"],
            EndScene(),
            "Scene damage returns; tapped and expended uses recharge; fast conditions end",
        )
        due = goals_due_this_chapter(self.report.major_goal, self.report.minor_goal)
        self._bind(
            self.time_buttons["end_chapter"],
            EndChapter(),
            " ".join(
                (
                    "Chapter damage returns; exhausted uses recharge; +1 token if you survived.",
                    *due,
                )
            ),
        )
        self.due_label.setText(" ".join(due))
        self.due_label.setVisible(bool(due))

    def _clear(self, layout: QVBoxLayout) -> None:
        while layout.count():
            item = layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                # Off the screen now, not at the next event loop turn, so a refresh
                # never shows the old rows under the new ones.
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
            elif item.layout() is not None:
                self._clear(item.layout())  # type: ignore[arg-type]

    def _refresh_assets(self) -> None:
        self._clear(self.assets_layout)
        self.use_buttons.clear()
        self.destroy_buttons.clear()
        self.recharge_buttons.clear()
        self.lose_tie_buttons.clear()
        self.goal_buttons.clear()
        self.status_labels.clear()
        for asset in self.report.assets:
            self.assets_layout.addWidget(self._asset_row(asset))
        if not self.report.assets:
            self.assets_layout.addWidget(QLabel("No Ties or assets left."))
        self.assets_layout.addStretch(1)

    def _asset_row(self, asset: rules.AssetReport) -> QWidget:  # noqa: PLR0915  (62 statements when the limits came in)
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(frame)
        grid.setContentsMargins(8, 4, 8, 4)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        name = QLabel(asset.name)
        name.setTextFormat(Qt.TextFormat.PlainText)
        bold = QFont(name.font())
        bold.setBold(True)
        name.setFont(bold)
        kind = QLabel(SOURCE_NAMES.get(asset.source, asset.source))
        set_role(kind, "muted")
        status = QLabel(asset.status.capitalize())
        if not asset.ready:
            status.setText(f"{asset.status.capitalize()} ({asset.last_use})")
            set_role(status, "accent")
        self.status_labels[asset.id] = status
        grid.addWidget(name, 0, 0)
        grid.addWidget(kind, 0, 1)
        grid.addWidget(status, 0, 2)
        extra = QHBoxLayout()
        extra.addStretch(1)
        recharge = QPushButton("Recharge")
        recharge.clicked.connect(
            lambda _=False, a=asset: self._act(
                app.play(self.character, RechargeAsset(a.id, "2 advantages"), f"Recharge {a.name}")
            )
        )
        self._bind(recharge, RechargeAsset(asset.id), "Spend 2 advantages: ready at once")
        self.recharge_buttons[asset.id] = recharge
        extra.addWidget(recharge)
        if asset.source == "tie":
            lose = QPushButton("Lose Tie")
            lose.clicked.connect(lambda _=False, a=asset: self._lose_tie(a.id, a.name))
            self._bind(lose, LoseTie(asset.id), "The Tie and its 100 Discipline are gone")
            self.lose_tie_buttons[asset.id] = lose
            extra.addWidget(lose)
        row = 1
        for use_name, recharge_kind, effect in asset.uses:
            state = UseState(recharge_kind)
            label = QLabel(f"{use_name} — {READY_AGAIN[state]}")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setToolTip(effect)
            label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            grid.addWidget(label, row, 0, 1, 3)
            row += 1
            buttons = QHBoxLayout()
            buttons.addStretch(1)
            use = QPushButton(VERBS[state])
            use.clicked.connect(
                lambda _=False, a=asset, u=use_name, s=state: self._use(a.id, a.name, u, s)
            )
            self._bind(use, UseAsset(asset.id, use_name, state), effect or use_name)
            self.use_buttons[(asset.id, use_name)] = use
            buttons.addWidget(use)
            if state is not UseState.DESTROY and asset.source not in ("tie", "goal"):
                destroy = QPushButton("Destroy")
                destroy.clicked.connect(
                    lambda _=False, a=asset, u=use_name: self._use(
                        a.id, a.name, u, UseState.DESTROY
                    )
                )
                self._bind(
                    destroy,
                    UseAsset(asset.id, use_name, UseState.DESTROY),
                    "Spend this use by giving the asset up for good",
                )
                self.destroy_buttons[(asset.id, use_name)] = destroy
                buttons.addWidget(destroy)
            grid.addLayout(buttons, row, 0, 1, 3)
            row += 1
        if asset.source == "goal":
            row = self._goal_rows(asset, grid, row, extra)
        # The asset-wide actions go last, so a card stays narrow enough for its column.
        grid.addLayout(extra, row, 0, 1, 3)
        grid.setColumnStretch(0, 1)
        return frame

    def _goal_rows(
        self, asset: rules.AssetReport, grid: QGridLayout, row: int, extra: QHBoxLayout
    ) -> int:
        """A goal's conditions, stakes, catharsis and deadline, and its Fulfilled/Failed buttons.

        Returns the next free grid row.
        """
        for slot, goal in (
            (GoalSlot.MAJOR, self.report.major_goal),
            (GoalSlot.MINOR, self.report.minor_goal),
        ):
            if goal is None or goal.id != asset.id:
                continue
            for label, text in goal_details(goal, slot):
                line = QLabel(f"{label}: {text}")
                line.setTextFormat(Qt.TextFormat.PlainText)
                line.setWordWrap(True)
                grid.addWidget(line, row, 0, 1, 3)
                row += 1
            for fulfilled, text in ((True, "Fulfilled"), (False, "Failed")):
                button = QPushButton(text)
                button.clicked.connect(
                    lambda _=False, s=slot, f=fulfilled, n=goal.name: self._act(
                        app.play(
                            self.character,
                            ResolveGoal(s, f),
                            f"Goal {n} {'fulfilled' if f else 'failed'}",
                        )
                    )
                )
                self._bind(
                    button,
                    ResolveGoal(slot, fulfilled),
                    f"The catharsis is earned: {goal.catharsis}"
                    if fulfilled
                    else f"The stakes are lost: {goal.stakes}",
                )
                self.goal_buttons[(asset.id, fulfilled)] = button
                extra.addWidget(button)
        return row

    def _bind_inputs(self, *_args: object) -> None:
        """Enable the buttons whose action depends on the numbers typed beside them."""
        self._bind(
            self.bid_button,
            Bid(self.bid_amount.value(), DamageSeverity(self.bid_severity.currentData())),
            "Move Discipline out of free Discipline",
        )
        self._bind(
            self.resist_button,
            Resist(
                self.resist_damage.value(),
                DamageSeverity(self.resist_severity.currentData()),
                self.resist_spent.value(),
                BidCost(self.resist_cost.currentData()),
                self.resist_bonus.value(),
            ),
            "The bid must exceed the damage, or the character is incapacitated",
        )
        self._bind(
            self.story_button,
            UseStoryControl(StoryControl(self.story_kind.currentData())),
            "One token for this story control",
        )
        candidate = self.buy_candidate()
        if candidate is None:
            self.buy_button.setEnabled(False)
            self.buy_button.setToolTip("Choose a Trait or Ability first.")
        else:
            self._bind(
                self.buy_button,
                BuyAsset(candidate),
                "One token buys a Trait or an Ability between chapters",
            )

    def buy_candidate(self) -> Asset | None:
        """The Trait or Ability the buy controls name: the player's own, or an example."""
        name = self.buy_name.text().strip()
        if name:
            return app.own_trait(self.character, name)
        if self.buy_pick.count() == 0:
            return None
        return self.catalog.find_asset(self.buy_pick.currentData())

    def _refresh_side(self) -> None:
        self._bind_inputs()
        self._bind(self.heal_button, Heal(), "The character is healed and rejoins the game")
        self._clear(self.effects_layout)
        self.cure_buttons.clear()
        self.tick_buttons.clear()
        for c in self.report.conditions:
            row = QHBoxLayout()
            label = QLabel(f"{c.name}: {c.effect} ({'lingering' if c.lingering else 'fast'})")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setToolTip(f"Cure: {c.cure}")
            cure = QPushButton("Cure")
            cure.clicked.connect(
                lambda _=False, c=c: self._act(
                    app.play(self.character, CureCondition(c.id), f"Cure {c.name}")
                )
            )
            self._bind(cure, CureCondition(c.id))
            self.cure_buttons[c.id] = cure
            row.addWidget(label, 1)
            row.addWidget(cure)
            self.effects_layout.addLayout(row)
        for d in self.report.drains:
            row = QHBoxLayout()
            severity_text = str(d.severity).replace("_", "-")
            label = QLabel(f"{d.name}: {d.magnitude} {severity_text} damage, {d.cycle}")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setToolTip(f"Cure: {d.cure}")
            tick = QPushButton("Tick")
            tick.clicked.connect(
                lambda _=False, d=d: self._act(
                    app.play(self.character, DrainTick(d.id), f"{d.name} drains")
                )
            )
            self._bind(tick, DrainTick(d.id), "One cycle of the drain")
            self.tick_buttons[d.id] = tick
            cure = QPushButton("Cure")
            cure.clicked.connect(
                lambda _=False, d=d: self._act(
                    app.play(self.character, CureDrain(d.id), f"Cure {d.name}")
                )
            )
            self._bind(cure, CureDrain(d.id))
            self.cure_buttons[d.id] = cure
            row.addWidget(label, 1)
            row.addWidget(tick)
            row.addWidget(cure)
            self.effects_layout.addLayout(row)
        if not self.report.conditions and not self.report.drains:
            self.effects_layout.addWidget(QLabel("None at the moment."))
        eliminated = self.report.eliminated
        self.add_condition_button.setEnabled(not eliminated)
        self.add_drain_button.setEnabled(not eliminated)

    def _refresh_log(self) -> None:
        self.log_list.clear()
        names = {a.id: a.name for a in self.report.assets}
        names.update({t.id: t.name for t in self.report.ties_lost})
        for c in self.character.creation.ties:
            names.setdefault(c.id, c.name)
        refused = set(self.report.refused_entries)
        for i, entry in enumerate(self.character.log):
            text = f"{i + 1}. {describe_log_entry(entry, names)}"
            if i in refused:
                text += " — refused by the rules"
            self.log_list.addItem(QListWidgetItem(text))
        if self.character.log:
            # The newest entry is the one the table just played: shown and current.
            self.log_list.setCurrentRow(self.log_list.count() - 1)
            self.log_list.scrollToBottom()

    # ------------------------------------------------------------------ actions

    def _act(self, plan: Plan[CovenantCharacter]) -> bool:
        """Commit an app-layer plan: save and push it, or show why builder refused."""
        pronouns = self.character.pronouns
        name = plan.name
        if not plan.allowed:
            self.message.setText(f"{name}: {_reasons(plan.findings, pronouns)}")
            return False
        try:
            run(self.workspace, plan)
        except Exception as exc:  # the library refused: nothing was recorded
            self.message.setText(f"{name} could not be saved: {exc}")
            return False
        notes = _notes(plan.findings, pronouns)
        self.message.setText(f"{name}. {notes}" if notes else f"{name}.")
        return True

    def _begin_scene(self) -> None:
        note = self.scene_note.text().strip()
        if self._act(app.play(self.character, BeginScene(note), "Begin scene")):
            self.scene_note.clear()

    def _use(self, asset_id: str, asset_name: str, use: str, state: UseState) -> None:
        self._act(
            app.play(
                self.character,
                UseAsset(asset_id, use, state),
                f"{VERBS[state]} {asset_name}: {use}",
            )
        )

    def _lose_tie(self, tie_id: str, name: str) -> None:
        self._act(app.play(self.character, LoseTie(tie_id), f"Lose the Tie {name}"))

    def _bid(self) -> None:
        severity = DamageSeverity(self.bid_severity.currentData())
        amount = self.bid_amount.value()
        self._act(
            app.play(
                self.character,
                Bid(amount, severity),
                f"Spend {amount} as {self.bid_severity.currentText().lower()}",
            )
        )

    def _resist(self) -> None:
        entry = Resist(
            self.resist_damage.value(),
            DamageSeverity(self.resist_severity.currentData()),
            self.resist_spent.value(),
            BidCost(self.resist_cost.currentData()),
            self.resist_bonus.value(),
        )
        self._act(
            app.play(
                self.character,
                entry,
                f"Resist {self.resist_damage.value()} {self.resist_severity.currentText().lower()}",
            )
        )

    def _story_control(self) -> None:
        kind = StoryControl(self.story_kind.currentData())
        note = self.story_note.text().strip()
        label = self.story_kind.currentText().split(":")[0]
        if self._act(
            app.play(self.character, UseStoryControl(kind, note), f"Story control: {label}")
        ):
            self.story_note.clear()

    def _buy(self) -> None:
        asset = self.buy_candidate()
        if asset is None:
            return
        if self._act(app.play(self.character, BuyAsset(asset), f"Buy {asset.name}")):
            self.buy_name.clear()

    def _add_condition(self) -> None:
        condition = next(
            c for c in self.catalog.conditions if c.id == self.condition_pick.currentData()
        )
        self._act(app.play(self.character, AddCondition(condition), f"Condition: {condition.name}"))

    def _add_drain(self) -> None:
        drain = next(d for d in self.catalog.drains if d.id == self.drain_pick.currentData())
        self._act(app.play(self.character, AddDrain(drain), f"Drain: {drain.name}"))
