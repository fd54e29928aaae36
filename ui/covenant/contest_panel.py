"""The Covenant sheet's bid panel: fixed and opposed bids, sharing, banked advantages, size.

Only collects numbers and shows builder's answers (issue 28, item 2): the
bid's cost, value and outcome come from ``builder.covenant.contests.plan_bid``
and are shown *before* the button spends anything; whether a button is
enabled comes from the sheet's ``check`` (the fold's own judgement). The
successor of a sacrificed character is made by ``harbinger.app.covenant.successor`` and
stored as a new character.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from builder.covenant.bids import BANKED_USES, contest_plan
from builder.covenant.character import (
    BankedUse,
    BidCost,
    BidKind,
    Contest,
    EliminationCause,
    ShareDiscipline,
    SpendBanked,
)
from builder.covenant.contests import STUNT_EFFECTS, CalledShot, points_for, relative_size
from harbinger.app import covenant as app
from ui.operations.covenant import run
from ui.style import set_role

if TYPE_CHECKING:
    from ui.covenant.sheet import CovenantSheet

KINDS = (
    (BidKind.FIXED, "Fixed bid"),
    (BidKind.ATTACK, "Attacking"),
    (BidKind.DEFEND, "Defending"),
)


def _spin(low: int, high: int, value: int, tip: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setToolTip(tip)
    return spin


class ContestPanel(QGroupBox):
    """Bid controls for one Covenant sheet; ``refresh`` follows the sheet's folded state."""

    def __init__(self, sheet: CovenantSheet, parent: QWidget | None = None) -> None:
        super().__init__("Fixed and opposed bids, sharing, size", parent)
        self.sheet = sheet
        grid = QGridLayout(self)
        row = self._build_bid(grid)
        row = self._build_share_and_bank(grid, row)
        row = self._build_size(grid, row)
        grid.addWidget(self.successor_button, row, 0, 1, 4)
        grid.setRowStretch(row + 1, 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        # Long choices ("Stunt: …", "called shot: …") must not widen the panel past the
        # sheet's left column at 1280×800: each box keeps a short width and elides.
        for box in (self.kind, self.stunt, self.share_cost, self.banked_use, self.called_shot):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(8)
        self._connect()

    def _build_bid(self, grid: QGridLayout) -> int:
        """The bid's numbers, its stunt, its preview and the Bid button; the next free row."""
        self.kind = QComboBox()
        for kind, text in KINDS:
            self.kind.addItem(text, kind.value)
        self.kind.setToolTip(
            "Fixed: the bid must exceed the FM's target. Opposed: the higher bid wins; "
            "ties go to the defender."
        )
        self.against = _spin(0, 99_999, 10, "The FM's target, or the other side's bid")
        self.spent = _spin(0, 99_999, 10, "Discipline spent on the bid (scene damage)")
        self.advantages = _spin(0, 99, 0, "Advantages on the bid (traits tapped, size...)")
        self.disadvantages = _spin(0, 99, 0, "Disadvantages on the bid")
        self.boosts = _spin(0, 99, 0, "Advantages spent for +5 each, before any Discipline")
        self.imposed = _spin(0, 99, 0, "Advantages spent to give the opponent 1 disadvantage")
        self.shared = _spin(0, 99_999, 0, "Bid points other characters shared")
        self.stunt = QComboBox()
        self.stunt.addItem("No stunt", "")
        for effect, text in STUNT_EFFECTS.items():
            self.stunt.addItem(f"Stunt: {text}", effect.value)
        self.bank = QCheckBox("Bank if won")
        self.bank.setToolTip("Bank 1 advantage from a successful bid that has advantages")
        self.preview = QLabel()
        self.preview.setObjectName("contestPreview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.bid_button = QPushButton("Bid")
        self.bid_button.clicked.connect(self.make_bid)
        row = 0
        for label, widget, label2, widget2 in (
            ("", self.kind, "against", self.against),
            ("Discipline", self.spent, "shared +", self.shared),
            ("advantages", self.advantages, "disadvantages", self.disadvantages),
            ("spent +5", self.boosts, "imposed", self.imposed),
        ):
            if label:
                grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(widget, row, 1)
            grid.addWidget(QLabel(label2), row, 2)
            grid.addWidget(widget2, row, 3)
            row += 1
        grid.addWidget(self.stunt, row, 0, 1, 3)
        grid.addWidget(self.bank, row, 3)
        row += 1
        grid.addWidget(self.preview, row, 0, 1, 4)
        row += 1
        grid.addWidget(self.bid_button, row, 3)
        return row + 1

    def _build_share_and_bank(self, grid: QGridLayout, row: int) -> int:
        """Sharing Discipline to another's bid, and spending a banked advantage."""
        share = QHBoxLayout()
        self.share_spent = _spin(1, 99_999, 2, "Discipline you share to another's bid")
        self.share_cost = QComboBox()
        for cost in BidCost:
            self.share_cost.addItem(f"to a {cost.value}-cost bid", cost.value)
        self.share_button = QPushButton("Share")
        self.share_button.clicked.connect(self.share)
        share.addWidget(QLabel("Share"))
        share.addWidget(self.share_spent)
        share.addWidget(self.share_cost, 1)
        share.addWidget(self.share_button)
        grid.addLayout(share, row, 0, 1, 4)
        row += 1

        bank = QHBoxLayout()
        self.banked = QLabel()
        self.banked_use = QComboBox()
        for use, text in BANKED_USES.items():
            self.banked_use.addItem(text, use.value)
        self.banked_button = QPushButton("Spend banked")
        self.banked_button.clicked.connect(self.spend_banked)
        bank.addWidget(self.banked)
        bank.addWidget(self.banked_use, 1)
        bank.addWidget(self.banked_button)
        grid.addLayout(bank, row, 0, 1, 4)
        return row + 1

    def _build_size(self, grid: QGridLayout, row: int) -> int:
        """Relative size and called shots, and the successor button (placed by the caller)."""
        size = QHBoxLayout()
        self.attacker_size = _spin(-20, 40, 5, "The attacker's size (5: about 2 m)")
        self.defender_size = _spin(-20, 40, 5, "The defender's size")
        self.called_shot = QComboBox()
        self.called_shot.addItem("whole body", "")
        for shot in CalledShot:
            self.called_shot.addItem(f"called shot: {shot.value}", shot.value)
        size.addWidget(QLabel("Size"))
        size.addWidget(self.attacker_size)
        size.addWidget(QLabel("vs"))
        size.addWidget(self.defender_size)
        size.addWidget(self.called_shot, 1)
        grid.addLayout(size, row, 0, 1, 4)
        row += 1
        self.size_text = QLabel()
        set_role(self.size_text, "muted")
        self.size_text.setWordWrap(True)
        self.size_text.setTextFormat(Qt.TextFormat.PlainText)
        grid.addWidget(self.size_text, row, 0, 1, 4)
        row += 1

        self.successor_button = QPushButton("Make the successor")
        self.successor_button.setToolTip(
            "A sacrificed character's successor: the same Ties, assets and Discipline, "
            "and xir tokens plus 1 from good karma"
        )
        self.successor_button.clicked.connect(self.make_successor)
        return row

    def _connect(self) -> None:
        """Every input refreshes the preview and the buttons."""
        for spin in (
            self.against,
            self.spent,
            self.advantages,
            self.disadvantages,
            self.boosts,
            self.imposed,
            self.shared,
            self.share_spent,
            self.attacker_size,
            self.defender_size,
        ):
            spin.valueChanged.connect(self.refresh)
        for combo in (self.kind, self.stunt, self.share_cost, self.called_shot, self.banked_use):
            combo.currentIndexChanged.connect(self.refresh)
        self.bank.toggled.connect(self.refresh)

    # ------------------------------------------------------------------ inputs

    def contest(self) -> Contest:
        """The bid the controls describe, as the log entry it would record."""
        return Contest(
            BidKind(self.kind.currentData()),
            self.spent.value(),
            self.against.value(),
            advantages=self.advantages.value(),
            disadvantages=self.disadvantages.value(),
            boosts=self.boosts.value(),
            imposed=self.imposed.value(),
            stunt=self.stunt.currentData(),
            shared=self.shared.value(),
            bank=self.bank.isChecked(),
        )

    def share_entry(self) -> ShareDiscipline:
        return ShareDiscipline(self.share_spent.value(), BidCost(self.share_cost.currentData()))

    # ------------------------------------------------------------------ view

    def refresh(self, *_args: object) -> None:
        """Show the bid's numbers before it is made and enable what the rules allow now."""
        entry = self.contest()
        plan = contest_plan(entry)
        text = plan.explain()
        if plan.problems:
            text = "Not allowed: " + "; ".join(plan.problems) + "."
        self.preview.setText(text)
        self.sheet._bind(self.bid_button, entry, "Spend the Discipline and record the bid")
        share = self.share_entry()
        points = points_for(share.spent, share.cost)
        self.sheet._bind(
            self.share_button,
            share,
            f"{share.spent} of your Discipline raises that bid by {points} (scene damage)",
        )
        self.share_button.setText(f"Share (+{points})")
        state = self.sheet._state
        self.banked.setText(f"Banked: {state.banked}")
        self.sheet._bind(
            self.banked_button,
            SpendBanked(BankedUse(self.banked_use.currentData())),
            "Banked advantages are lost when your next turn starts",
        )
        shot = self.called_shot.currentData()
        rel = relative_size(
            self.attacker_size.value(),
            self.defender_size.value(),
            CalledShot(shot) if shot else None,
        )
        self.size_text.setText(rel.explain() + (f" On a hit: {rel.effect}." if rel.effect else ""))
        sacrificed = state.eliminated is EliminationCause.SACRIFICED
        self.successor_button.setVisible(sacrificed)

    # ------------------------------------------------------------------ actions

    def make_bid(self) -> bool:
        entry = self.contest()
        done = self.sheet._act(
            app.play(self.sheet.character, entry, f"{dict(KINDS)[entry.kind]} bid")
        )
        if done:
            self.bank.setChecked(False)
        return done

    def share(self) -> bool:
        entry = self.share_entry()
        return self.sheet._act(
            app.play(self.sheet.character, entry, f"Share {entry.spent} Discipline")
        )

    def spend_banked(self) -> bool:
        use = BankedUse(self.banked_use.currentData())
        return self.sheet._act(
            app.play(self.sheet.character, SpendBanked(use), "Spend a banked advantage")
        )

    def make_successor(self) -> bool:
        """Store the sacrificed character's successor as a new character in the library."""
        sheet = self.sheet
        made = app.successor(sheet.character, str(uuid.uuid4()))
        if not made.allowed or made.after is None:
            sheet.message.setText("; ".join(f.message for f in made.findings))
            return False
        heir = made.after
        try:
            run(sheet.workspace, made)
        except Exception as exc:  # the library refused: nothing was recorded
            sheet.message.setText(f"The successor could not be saved: {exc}")
            return False
        (entry,) = heir.log
        sheet.message.setText(
            f"{heir.name} joins the library: {entry.ties} Ties, {entry.assets} assets, "  # type: ignore[union-attr]
            f"{entry.tokens} tokens. Open xir sheet from the roster."  # type: ignore[union-attr]
        )
        self.last_successor = heir
        return True
