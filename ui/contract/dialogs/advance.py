"""Dialogs for advancing a contractor: Contracts, Journals, Bonus Exp, purchases, death.

Each one collects inputs, previews the operation's plan (what changes, and
builder's findings) and runs exactly one named operation on OK. Prices,
amounts and refusals all come from ``builder``; the dialogs only show them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from builder.contract.character import (
    AssetKind,
    AssetPick,
    BonusKind,
    ContractAttended,
    Contractor,
    ImprovementKind,
    Journal,
    JournalKind,
    Outcome,
    ThreatLevel,
)
from builder.contract.ledger import BONUS_EXP
from builder.contract.ledger.earning import count_words
from ui.contract.dialogs.base import OperationDialog, connect_all, date_edit, iso
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.sheet.context import title_case
from ui.operations.contract import Operations, Plan
from ui.workspace import Change

OUTCOME_LABELS = {
    Outcome.VICTORY: "&Victory",
    Outcome.FAILURE: "&Failure",
    Outcome.DEATH: "&Death",
}

BONUS_LABELS = {
    BonusKind.GM_INTO_THE_FOLD: "GMed a Contract: Into the Fold (a player's first Contract)",
    BonusKind.GM_GOLDEN_RATIO: "GMed a Contract: the Golden Ratio (if your group uses it)",
    BonusKind.RINGER_OBJECTIVE_MET: "Played a Ringer who fulfilled their purpose",
    BonusKind.RINGER_OBJECTIVE_MISSED: "Played a Ringer who did not",
    BonusKind.GM_MOVE_WRITEUP: "GMed a Move and wrote it up (250+ words)",
}

IMPROVEMENT_LABELS = {
    ImprovementKind.GM_CONTRACT: "GMed a Contract",
    ImprovementKind.SCENARIO_WRITEUP: "Wrote up a Scenario (1,000+ words) that was run",
}


class RecordContractDialog(OperationDialog):
    """Record one Contract attended and the Journals written about it, in one step."""

    ok_text = "&Record"

    def __init__(self, ops: Operations, contractor: Contractor, parent: QWidget | None = None):  # noqa: PLR0915  (59 statements when the limits came in)
        super().__init__(
            "Record Contract",
            "Enter how the Contract went. Attending earns Exp (more in your home playgroup), a "
            "victory adds Exp and a Gift Credit, and being picked for commission adds Exp. "
            "Loose End Cutoffs count down, and a death sends the contractor to the graveyard. "
            "Journals about this Contract can be added here too.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.date = date_edit()
        self.scenario = QLineEdit()
        self.scenario.setPlaceholderText("Scenario name")
        self.home = QRadioButton("&Home playgroup")
        self.away = QRadioButton("&Away (visiting)")
        self.home.setChecked(True)
        place = QHBoxLayout()
        place.addWidget(self.home)
        place.addWidget(self.away)
        place.addStretch(1)
        self.outcome_group = QButtonGroup(self)
        self.outcome_buttons: dict[Outcome, QRadioButton] = {}
        outcome_row = QHBoxLayout()
        for outcome, label in OUTCOME_LABELS.items():
            button = QRadioButton(label)
            self.outcome_group.addButton(button)
            self.outcome_buttons[outcome] = button
            outcome_row.addWidget(button)
        outcome_row.addStretch(1)
        self.outcome_buttons[Outcome.FAILURE].setChecked(True)
        self.commission = QCheckBox("Selected for &commission")
        self.cycle = QLineEdit()
        self.cycle.setPlaceholderText("Leave empty unless this Contract is part of a Cycle")
        self.cycle_more = QCheckBox("More Contracts of this Cycle &follow")
        self.cycle_more.setToolTip("Exp cannot be spent until the Cycle's last Contract.")
        self.gm = QLineEdit()
        self.notes = QLineEdit()

        form = QFormLayout()
        form.addRow("Da&te", self.date)
        form.addRow("&Scenario", self.scenario)
        form.addRow("Where", place)
        form.addRow("Outcome", outcome_row)
        form.addRow("", self.commission)
        form.addRow("C&ycle", self.cycle)
        form.addRow("", self.cycle_more)
        form.addRow("&GM", self.gm)
        form.addRow("&Notes", self.notes)
        self.body.addLayout(form)

        self.journals: list[Journal] = []
        self.journal_table = QTableWidget(0, 2)
        self.journal_table.setHorizontalHeaderLabels(["Journal about this Contract", "Words"])
        self.journal_table.horizontalHeader().setStretchLastSection(False)
        self.journal_table.horizontalHeader().setSectionResizeMode(
            0, self.journal_table.horizontalHeader().ResizeMode.Stretch
        )
        self.journal_table.verticalHeader().setVisible(False)
        self.journal_table.setMaximumHeight(self.fontMetrics().height() * 6)
        add = QPushButton("Add &Journal…")
        add.clicked.connect(self.ask_journal)
        remove = QPushButton("Remo&ve Journal")
        remove.clicked.connect(self._remove_journal)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        self.body.addWidget(self.journal_table)
        self.body.addLayout(buttons)

        connect_all(
            self.refresh_preview,
            self.date.dateChanged,
            self.scenario.textChanged,
            self.home.toggled,
            self.outcome_group.buttonToggled,
            self.commission.toggled,
            self.cycle.textChanged,
            self.cycle_more.toggled,
        )
        self.refresh_preview()

    def outcome(self) -> Outcome:
        return next(o for o, b in self.outcome_buttons.items() if b.isChecked())

    def set_outcome(self, outcome: Outcome) -> None:
        self.outcome_buttons[Outcome(outcome)].setChecked(True)

    def contract(self) -> ContractAttended:
        cycle = self.cycle.text().strip()
        return ContractAttended(
            date=iso(self.date),
            scenario=self.scenario.text().strip(),
            home=self.home.isChecked(),
            outcome=self.outcome(),
            commission=self.commission.isChecked(),
            cycle=cycle,
            cycle_final=not (cycle and self.cycle_more.isChecked()),
            gm=self.gm.text().strip(),
            notes=self.notes.text().strip(),
        )

    def add_journal(self, title: str, words: int, text: str = "") -> None:
        """Add a Journal; with text its word count is the text's (``count_words``)."""
        if text.strip():
            words = count_words(text)
        self.journals.append(Journal(iso(self.date), title, JournalKind.CONTRACT, words, text))
        self._show_journals()

    def ask_journal(self) -> None:
        form = FormDialog(
            "Journal about this Contract",
            [
                Field("title", "&Title", required=True),
                Field(
                    "words",
                    "&Words",
                    "int",
                    250,
                    maximum=100000,
                    tooltip="A Journal needs 250 words or more to earn anything. With text, "
                    "the count is taken from the text; without it the claim needs the leader.",
                ),
                Field("text", "Te&xt (counted)", "multiline"),
            ],
            parent=self,
        )
        words, text = form.editors["words"], form.editors["text"]
        assert isinstance(words, QSpinBox) and isinstance(text, QPlainTextEdit)

        def follow_text() -> None:
            # With text, the count is the text's (what the Journal is judged by); the claim
            # box shows it and cannot say otherwise. Without text the claim is typed.
            typed = text.toPlainText().strip()
            words.setEnabled(not typed)
            if typed:
                words.setValue(count_words(typed))

        text.textChanged.connect(follow_text)
        form.accepted.connect(
            lambda: self.add_journal(
                form.values()["title"], form.values()["words"], form.values()["text"]
            )
        )
        form.open()

    def _remove_journal(self) -> None:
        row = self.journal_table.currentRow()
        if 0 <= row < len(self.journals):
            del self.journals[row]
            self._show_journals()

    def _show_journals(self) -> None:
        self.journal_table.setRowCount(len(self.journals))
        for r, journal in enumerate(self.journals):
            self.journal_table.setItem(r, 0, QTableWidgetItem(journal.title))
            self.journal_table.setItem(r, 1, QTableWidgetItem(str(journal.words)))
        self.refresh_preview()

    def plan(self) -> Plan | None:
        if not self.scenario.text().strip():
            return None
        journals = [
            Journal(iso(self.date), j.title, j.kind, j.words, j.text) for j in self.journals
        ]
        return self.ops.plan_record_contract(self.contractor, self.contract(), journals)

    def perform(self) -> Change:
        journals = [
            Journal(iso(self.date), j.title, j.kind, j.words, j.text) for j in self.journals
        ]
        return self.ops.record_contract(self.contractor, self.contract(), journals)


class JournalDialog(OperationDialog):
    """A Journal written outside a Contract record (or later about one)."""

    ok_text = "&Add Journal"

    def __init__(self, ops: Operations, contractor: Contractor, parent: QWidget | None = None):
        super().__init__(
            "Add Journal",
            "An in-character Journal of 250 words or more earns 1 Exp, up to 2 Exp of Journals "
            "per Contract attended. Every fourth Journal about a Contract gives an Improvement "
            "instead of the Exp.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.date = date_edit()
        self.title = QLineEdit()
        self.kind = QComboBox()
        self.kind.addItem("About a Contract", JournalKind.CONTRACT)
        self.kind.addItem("About a Downtime", JournalKind.DOWNTIME)
        self.words = QSpinBox()
        self.words.setRange(0, 100000)
        self.words.setValue(250)
        self.text = QPlainTextEdit()
        self.text.setTabChangesFocus(True)
        form = QFormLayout()
        form.addRow("Da&te", self.date)
        form.addRow("&Title", self.title)
        form.addRow("&Kind", self.kind)
        self.words.setToolTip(
            "Used only for a Journal kept elsewhere: without text the claim cannot be verified "
            "and the audit says so."
        )
        self.counted = QLabel()
        self.counted.setAccessibleName("Words counted")
        form.addRow("Te&xt", self.text)
        form.addRow("Words counted", self.counted)
        form.addRow("&Words claimed", self.words)
        self.body.addLayout(form)
        connect_all(
            self.refresh_preview,
            self.title.textChanged,
            self.kind.currentIndexChanged,
            self.words.valueChanged,
            self.date.dateChanged,
            self.text.textChanged,
        )
        self.refresh_preview()

    def refresh_preview(self) -> None:
        text = self.text.toPlainText()
        has_text = bool(text.strip())
        self.words.setEnabled(not has_text)
        self.counted.setText(
            f"{count_words(text)} (from the text)" if has_text else "no text: the claim below"
        )
        super().refresh_preview()

    def journal(self) -> Journal:
        return Journal(
            iso(self.date),
            self.title.text().strip(),
            self.kind.currentData(),
            self.words.value(),
            self.text.toPlainText(),
        )

    def plan(self) -> Plan | None:
        if not self.title.text().strip():
            return None
        return self.ops.plan_journal(self.contractor, self.journal())

    def perform(self) -> Change:
        return self.ops.add_journal(self.contractor, self.journal())


class _EarnedRewardDialog(OperationDialog):
    """A reward earned away from the contractor's own Contracts: what for, when, a note."""

    def __init__(
        self,
        ops: Operations,
        contractor: Contractor,
        title: str,
        help_text: str,
        choices: list[tuple[str, object]],
        parent: QWidget | None = None,
    ):
        super().__init__(title, help_text, parent)
        self.ops = ops
        self.contractor = contractor
        self.kind = QComboBox()
        for label, kind in choices:
            self.kind.addItem(label, kind)
        self.date = date_edit()
        self.note = QLineEdit()
        form = QFormLayout()
        form.addRow("&Earned by", self.kind)
        form.addRow("Da&te", self.date)
        form.addRow("&Note", self.note)
        self.body.addLayout(form)
        connect_all(self.refresh_preview, self.kind.currentIndexChanged, self.date.dateChanged)
        self.refresh_preview()

    def inputs(self) -> tuple[Contractor, object, str, str]:
        """The operation's arguments: contractor, kind, ISO date, note."""
        return self.contractor, self.kind.currentData(), iso(self.date), self.note.text().strip()


class BonusExpDialog(_EarnedRewardDialog):
    """Bonus Exp a player earned away from this contractor's own Contracts."""

    ok_text = "&Give Bonus Exp"

    def __init__(
        self, ops: Operations, contractor: Contractor, report: Any, parent: QWidget | None = None
    ):
        super().__init__(
            ops,
            contractor,
            "Bonus Exp",
            "Players earn Bonus Exp by GMing, playing Ringers or writing up Moves, and give it to "
            "one of their living contractors, as long as that contractor's earned Exp is within "
            f"the cap (now {report.exp.bonus_cap}: 10 + 12 per victory).",
            [(f"{label}: +{BONUS_EXP[kind]} Exp", kind) for kind, label in BONUS_LABELS.items()],
            parent,
        )

    def plan(self) -> Plan:
        return self.ops.plan_bonus(*self.inputs())

    def perform(self) -> Change:
        return self.ops.add_bonus_exp(*self.inputs())


class ImprovementDialog(_EarnedRewardDialog):
    """An Improvement earned by GMing or by a Scenario write-up."""

    ok_text = "&Grant"

    def __init__(self, ops: Operations, contractor: Contractor, parent: QWidget | None = None):
        super().__init__(
            ops,
            contractor,
            "Grant Improvement",
            "An Improvement raises a Gift the contractor already has; it cannot buy a new Gift. "
            "Gift Credits and Improvements together are capped at twice the victories.",
            [(label, kind) for kind, label in IMPROVEMENT_LABELS.items()],
            parent,
        )

    def plan(self) -> Plan:
        return self.ops.plan_improvement(*self.inputs())

    def perform(self) -> Change:
        return self.ops.grant_improvement(*self.inputs())


class TherapyDialog(OperationDialog):
    """Treat one Trauma with therapy during a Downtime."""

    ok_text = "&Treat"

    def __init__(self, ops: Operations, contractor: Contractor, parent: QWidget | None = None):
        super().__init__(
            "Therapy",
            "During a Downtime a contractor can talk a Trauma through with a counselor and "
            "spend Exp to be rid of it.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.trauma = QComboBox()
        for trauma in contractor.health.traumas:
            self.trauma.addItem(trauma.name)
        self.date = date_edit()
        form = QFormLayout()
        form.addRow("&Trauma", self.trauma)
        form.addRow("Da&te", self.date)
        self.body.addLayout(form)
        connect_all(self.refresh_preview, self.trauma.currentIndexChanged)
        self.refresh_preview()

    def plan(self) -> Plan | None:
        if not self.trauma.currentText():
            return None
        return self.ops.plan_therapy(self.contractor, self.trauma.currentText(), iso(self.date))

    def perform(self) -> Change:
        return self.ops.treat_trauma(self.contractor, self.trauma.currentText(), iso(self.date))


class BuyAssetDialog(OperationDialog):
    """Buy an Asset after creation (the leader must approve it)."""

    ok_text = "&Buy"

    def __init__(
        self, ops: Operations, contractor: Contractor, catalog: Any, parent: QWidget | None = None
    ):
        super().__init__(
            "Buy Asset",
            "After the first Contract an Asset costs three times its value, and your Playgroup "
            "Leader must approve it. Restricted Assets always need approval.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.entries = list(catalog_assets(catalog, AssetKind.ASSET))
        self.asset = QComboBox()
        for entry in self.entries:
            mark = " (restricted)" if entry.restricted else ""
            self.asset.addItem(f"{entry.name}: value {entry.value}{mark}", entry.id)
        self.detail = QLineEdit()
        self.date = date_edit()
        form = QFormLayout()
        form.addRow("&Asset", self.asset)
        form.addRow("De&tail", self.detail)
        form.addRow("Da&te", self.date)
        self.body.addLayout(form)
        connect_all(self.refresh_preview, self.asset.currentIndexChanged, self.detail.textChanged)
        self.refresh_preview()

    def pick(self) -> AssetPick | None:
        index = self.asset.currentIndex()
        if index < 0:
            return None
        return pick_from_entry(self.entries[index], AssetKind.ASSET, self.detail.text().strip())

    def plan(self) -> Plan | None:
        pick = self.pick()
        return (
            None if pick is None else self.ops.plan_buy_asset(self.contractor, pick, iso(self.date))
        )

    def perform(self) -> Change:
        return self.ops.buy_asset(self.contractor, self.pick(), iso(self.date))


class RemoveLiabilityDialog(OperationDialog):
    """Buy off a Liability after creation (the leader must approve it)."""

    ok_text = "&Remove"

    def __init__(
        self, ops: Operations, contractor: Contractor, report: Any, parent: QWidget | None = None
    ):
        super().__init__(
            "Remove Liability",
            "Buying off a Liability after the first Contract costs three times its value, with "
            "your Playgroup Leader's approval.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.liability = QComboBox()
        for liability in report.liabilities:
            self.liability.addItem(f"{liability.name} (value {liability.value})", liability.name)
        self.date = date_edit()
        form = QFormLayout()
        form.addRow("&Liability", self.liability)
        form.addRow("Da&te", self.date)
        self.body.addLayout(form)
        connect_all(self.refresh_preview, self.liability.currentIndexChanged)
        self.refresh_preview()

    def plan(self) -> Plan | None:
        name = self.liability.currentData()
        return (
            None
            if not name
            else self.ops.plan_remove_liability(self.contractor, name, iso(self.date))
        )

    def perform(self) -> Change:
        return self.ops.remove_liability(
            self.contractor, self.liability.currentData(), iso(self.date)
        )


class CraftDialog(OperationDialog):
    """Craft a Consumable or an Artifact from a crafting Gift."""

    ok_text = "&Craft"

    def __init__(self, ops: Operations, contractor: Contractor, parent: QWidget | None = None):
        super().__init__(
            "Craft",
            "A Consumable Crafting Gift makes one free Consumable each Downtime and more for Exp; "
            "an Artifact Crafting Gift makes a free Artifact when it is gained or improved, and "
            "more for Exp.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.gift = QComboBox()
        for gift in contractor.gifts:
            self.gift.addItem(gift.draft.name or gift.id, gift.id)
        self.item = QLineEdit()
        self.free = QCheckBox("This is the &free one the Gift grants")
        self.date = date_edit()
        form = QFormLayout()
        form.addRow("&Gift", self.gift)
        form.addRow("&Item", self.item)
        form.addRow("", self.free)
        form.addRow("Da&te", self.date)
        self.body.addLayout(form)
        connect_all(
            self.refresh_preview,
            self.gift.currentIndexChanged,
            self.item.textChanged,
            self.free.toggled,
        )
        self.refresh_preview()

    def plan(self) -> Plan | None:
        if not self.gift.currentData() or not self.item.text().strip():
            return None
        return self.ops.plan_craft(
            self.contractor,
            self.gift.currentData(),
            self.item.text().strip(),
            iso(self.date),
            free=self.free.isChecked(),
        )

    def perform(self) -> Change:
        return self.ops.craft_item(
            self.contractor,
            self.gift.currentData(),
            self.item.text().strip(),
            iso(self.date),
            free=self.free.isChecked(),
        )


class DeathDialog(OperationDialog):
    """Declare a death outside a Contract record, or void a recorded one."""

    def __init__(
        self, ops: Operations, contractor: Contractor, void: bool, parent: QWidget | None = None
    ):
        title = "Void Death" if void else "Declare Death"
        help_text = (
            "Voiding a death brings the contractor back from the graveyard; the sheet keeps a "
            "notice that a death was voided."
            if void
            else "A dead contractor moves to the graveyard and cannot play or spend Exp; "
            "the player receives a Coin of Charon for a new contractor."
        )
        super().__init__(title, help_text, parent)
        self.ok_button.setText("&Void death" if void else "&Declare death")
        self.ops = ops
        self.contractor = contractor
        self.void = void
        self.date = date_edit()
        self.cause = QLineEdit()
        form = QFormLayout()
        form.addRow("Da&te", self.date)
        form.addRow("&Note" if void else "&Cause", self.cause)
        self.body.addLayout(form)
        self.refresh_preview()

    def plan(self) -> Plan:
        if self.void:
            return self.ops.plan_void_death(self.contractor, iso(self.date))
        return self.ops.plan_death(self.contractor, iso(self.date), self.cause.text().strip())

    def perform(self) -> Change:
        if self.void:
            return self.ops.void_death(self.contractor, iso(self.date))
        return self.ops.declare_death(self.contractor, iso(self.date), self.cause.text().strip())


def loose_end_form(parent: QWidget | None = None) -> FormDialog:
    """The GM's form for granting a Loose End."""
    return FormDialog(
        "Add Loose End",
        [
            Field("title", "&Title", required=True),
            Field(
                "threat_level",
                "Threat &level",
                "choice",
                ThreatLevel.DANGEROUS,
                choices=[(title_case(t.value), t) for t in ThreatLevel],
            ),
            Field("cutoff", "&Cutoff (Contracts)", "int", 3, minimum=0, maximum=20),
            Field("threat", "T&hreat (hidden from the player)", "multiline"),
        ],
        help_text="For the GM: the player sees only the threat level until the Cutoff has "
        "counted down to 0, one step per Contract attended.",
        parent=parent,
    )


# --------------------------------------------------------------------------- catalog helpers


def catalog_assets(catalog: Any, kind: AssetKind) -> list[Any]:
    """The catalog's Assets or Liabilities (entries with id, name, value, restricted...)."""
    entries = getattr(catalog, "assets" if kind is AssetKind.ASSET else "liabilities", ())
    return list(entries.values() if isinstance(entries, dict) else entries)


def pick_from_entry(entry: Any, kind: AssetKind, detail: str = "") -> AssetPick:
    """The sheet value for a catalog Asset or Liability the player chose."""
    return AssetPick(
        id=entry.id,
        name=entry.name,
        kind=kind,
        value=entry.value,
        detail=detail,
        restricted=bool(getattr(entry, "restricted", False)),
        system=getattr(entry, "system", ""),
        category=str(getattr(entry, "category", "")),
    )


__all__ = [
    "BonusExpDialog",
    "BuyAssetDialog",
    "CraftDialog",
    "DeathDialog",
    "ImprovementDialog",
    "JournalDialog",
    "RecordContractDialog",
    "RemoveLiabilityDialog",
    "TherapyDialog",
    "loose_end_form",
]
