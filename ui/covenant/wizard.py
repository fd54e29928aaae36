"""The Covenant creation guide: a wizard through "Character Creation", step by step.

Pages: who the character is; three Ties with their details; Traits and
Abilities bought with the 10 starting tokens (what is left shown live);
goals (one major, one minor, both optional); gear bought with bids (no
tokens); and a review listing every finding. Every number (tokens spent and
left) and every verdict (may I add this Trait? is this page done?) comes from
``builder.covenant.rules``: ``creation_findings`` and ``evaluate_covenant`` on
the draft. The widgets only collect the player's choices into a
``CreationDraft`` and show what builder says about it.

Finishing saves the character through the library (one transaction) and, when
given an undo stack, records the creation so Undo removes it again.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from builder.core.findings import Finding, Severity
from builder.covenant.catalog import CovenantCatalog, shipped_catalog
from builder.covenant.character import (
    STARTING_TIES,
    TAP_USE,
    Asset,
    AssetKind,
    AssetUse,
    CovenantCharacter,
    CovenantCreation,
    Goal,
    Tie,
    UseState,
)
from builder.covenant.rules import CovenantReport, creation_findings, evaluate_covenant
from builder.covenant.wording import RECHARGE_LABELS, in_player_words, in_pronouns
from ui.covenant import wizard_draft
from ui.operations.covenant import create
from ui.style import set_role
from ui.widgets.drafts import DraftKeeper
from ui.widgets.name_edit import NameEdit

if TYPE_CHECKING:
    from ui.workspace import Workspace

RECHARGES = (UseState.TAP, UseState.EXPEND, UseState.EXHAUST, UseState.DESTROY)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "item"


@dataclass
class CreationDraft:
    """The choices made so far (mutable, Qt-free); builder judges them as values."""

    name: str = ""
    player: str = ""
    pronouns: str = ""
    description: str = ""
    ties: list[Tie] = field(default_factory=list)
    traits: list[Asset] = field(default_factory=list)
    abilities: list[Asset] = field(default_factory=list)
    gear: list[Asset] = field(default_factory=list)
    major_goal: Goal | None = None
    minor_goal: Goal | None = None

    def creation(self) -> CovenantCreation:
        return CovenantCreation(
            ties=tuple(self.ties),
            traits=tuple(self.traits),
            abilities=tuple(self.abilities),
            gear=tuple(self.gear),
            major_goal=self.major_goal,
            minor_goal=self.minor_goal,
        )

    def character(self, character_id: str = "draft") -> CovenantCharacter:
        return CovenantCharacter(
            id=character_id,
            name=self.name,
            player=self.player,
            pronouns=self.pronouns,
            description=self.description,
            creation=self.creation(),
        )

    def findings(self) -> tuple[Finding, ...]:
        return creation_findings(self.creation())

    def report(self) -> CovenantReport:
        return evaluate_covenant(self.character())

    def ids(self) -> set[str]:
        goals = [g.id for g in (self.major_goal, self.minor_goal) if g is not None]
        return {x.id for x in (*self.ties, *self.traits, *self.abilities, *self.gear)} | set(goals)

    def fresh_id(self, prefix: str, name: str) -> str:
        """An id no Tie, asset or goal of the draft uses yet (builder refuses duplicates)."""
        base = f"{prefix}-{_slug(name)}"
        candidate, n = base, 2
        while candidate in self.ids():
            candidate, n = f"{base}-{n}", n + 1
        return candidate


def _asset_text(asset: Asset) -> str:
    """A list line for an asset: its name, and its uses unless it is a plain tapped Trait."""
    if asset.uses == (TAP_USE,):
        return asset.name
    uses = ", ".join(f"{u.name}: {u.recharge.value}" for u in asset.uses)
    return f"{asset.name} — {uses}"


def _errors(findings: tuple[Finding, ...] | list[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.ERROR]


def _finding_text(findings: list[Finding], pronouns: str = "") -> str:
    """Findings as marked lines, in the player's words and the character's pronouns."""
    marks = {Severity.ERROR: "✖", Severity.WARNING: "⚠", Severity.INFO: "•"}
    return "\n".join(
        f"{marks.get(f.severity, '•')} {in_player_words(f.message, pronouns)}" for f in findings
    )


def _compact(combo: QComboBox) -> QComboBox:
    """A combo box whose width follows the layout, not its longest entry."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(8)
    return combo


def _findings_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    set_role(label, "accent")
    return label


class _Page(QWizardPage):
    def __init__(self, draft: CreationDraft, title: str, subtitle: str) -> None:
        super().__init__()
        self.draft = draft
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self._rules_subtitle = subtitle  # in the rules' xi/xir until the pronouns are known

    def changed(self) -> None:
        """Widgets edited: store them in the draft, show builder's verdict, update Next."""
        self.sync()
        self.show_findings()
        self.completeChanged.emit()

    def sync(self) -> None: ...

    def show_findings(self) -> None: ...

    def initializePage(self) -> None:
        # The guide speaks of the character in the pronouns entered on the first step.
        pronouns = self.draft.pronouns
        self.setSubTitle(in_pronouns(self._rules_subtitle, pronouns))
        for edit in self.findChildren(QLineEdit):
            rules = edit.property("rules_placeholder")
            if rules is None:
                rules = edit.placeholderText()
                edit.setProperty("rules_placeholder", rules)
            edit.setPlaceholderText(in_pronouns(str(rules), pronouns))
        self.sync()
        self.show_findings()


# --------------------------------------------------------------------------- pages


class IdentityPage(_Page):
    def __init__(self, draft: CreationDraft, players: list[str]) -> None:
        super().__init__(
            draft,
            "Who is this character?",
            "A name to find xir by; the rest is optional and can change later.",
        )
        form = QFormLayout(self)
        self.name = NameEdit()
        self.player = QComboBox()
        self.player.setEditable(True)
        self.player.addItems(["", *players])
        self.pronouns = QLineEdit()
        self.pronouns.setPlaceholderText("xi/xir until you know better")
        self.description = QPlainTextEdit()
        self.description.setPlaceholderText("Who xi is, in a few sentences")
        form.addRow("Name", self.name)
        form.addRow("Player", self.player)
        form.addRow("Pronouns", self.pronouns)
        form.addRow("Description", self.description)
        self.name.textChanged.connect(self.changed)
        self.player.currentTextChanged.connect(self.changed)
        self.pronouns.textChanged.connect(self.changed)
        self.description.textChanged.connect(self.changed)

    def sync(self) -> None:
        self.draft.name = self.name.text().strip()
        self.draft.player = self.player.currentText().strip()
        self.draft.pronouns = self.pronouns.text().strip()
        self.draft.description = self.description.toPlainText().strip()

    def isComplete(self) -> bool:
        return bool(self.draft.name)


class TiesPage(_Page):
    def __init__(self, draft: CreationDraft) -> None:
        super().__init__(
            draft,
            f"Choose {STARTING_TIES} Ties",
            "A Tie is something important to the character that xi can lose. Each one held "
            "gives 100 Discipline. Put as much detail into each Tie as you can.",
        )
        layout = QVBoxLayout(self)
        self.names: list[QLineEdit] = []
        self.details: list[QPlainTextEdit] = []
        for i in range(STARTING_TIES):
            box = QGroupBox(f"Tie {i + 1}")
            form = QFormLayout(box)
            name = NameEdit()
            name.setPlaceholderText("Who or what (a person, a place, a crew, a ship…)")
            details = QPlainTextEdit()
            details.setPlaceholderText("Why it matters, and what losing it would mean")
            details.setFixedHeight(56)
            form.addRow("Name", name)
            form.addRow("Details", details)
            name.textChanged.connect(self.changed)
            details.textChanged.connect(self.changed)
            self.names.append(name)
            self.details.append(details)
            layout.addWidget(box)
        self.discipline = QLabel()
        layout.addWidget(self.discipline)
        self.findings = _findings_label()
        layout.addWidget(self.findings)
        layout.addStretch(1)

    def set_tie(self, index: int, name: str, details: str = "") -> None:
        self.names[index].setText(name)
        self.details[index].setPlainText(details)

    def sync(self) -> None:
        self.draft.ties = [
            Tie(f"tie-{i + 1}", n.text().strip(), d.toPlainText().strip())
            for i, (n, d) in enumerate(zip(self.names, self.details, strict=True))
        ]

    def _mine(self) -> list[Finding]:
        return [f for f in self.draft.findings() if f.where.startswith("creation.ties")]

    def show_findings(self) -> None:
        report = self.draft.report()
        self.discipline.setText(
            f"Discipline from {len(report.ties_held)} Ties: {report.discipline.total}"
        )
        self.findings.setText(_finding_text(self._mine(), self.draft.pronouns))

    def isComplete(self) -> bool:
        return not _errors(self._mine())


class AssetsPage(_Page):
    """Traits and Abilities bought with tokens; builder says what is left and what fits."""

    def __init__(self, draft: CreationDraft, catalog: CovenantCatalog) -> None:
        super().__init__(
            draft,
            "Buy Traits and Abilities",
            "Each Trait or Ability costs 1 of your 10 starting tokens. Tokens you keep can "
            "buy story control in play.",
        )
        self.catalog = catalog
        layout = QVBoxLayout(self)
        self.tokens = QLabel()
        self.tokens.setStyleSheet("font-weight: bold;")
        layout.addWidget(self.tokens)
        columns = QHBoxLayout()
        columns.addWidget(self._trait_column(), 1)
        columns.addWidget(self._ability_column(), 1)
        layout.addLayout(columns, 1)
        self.findings = _findings_label()
        layout.addWidget(self.findings)

    def _trait_column(self) -> QGroupBox:
        box = QGroupBox("Traits")
        layout = QVBoxLayout(box)
        self.trait_list = QListWidget()
        layout.addWidget(self.trait_list, 1)
        self.remove_trait = QPushButton("Remove")
        self.remove_trait.clicked.connect(lambda: self._remove(self.draft.traits, self.trait_list))
        layout.addWidget(self.remove_trait)
        pick = QHBoxLayout()
        self.trait_pick = _compact(QComboBox())
        for t in self.catalog.traits:
            self.trait_pick.addItem(t.name, t.id)
            self.trait_pick.setItemData(
                self.trait_pick.count() - 1, t.description, Qt.ItemDataRole.ToolTipRole
            )
        self.add_trait = QPushButton("Add")
        self.add_trait.clicked.connect(self._add_catalog_trait)
        self.trait_pick.currentIndexChanged.connect(self.show_findings)
        pick.addWidget(self.trait_pick, 1)
        pick.addWidget(self.add_trait)
        layout.addLayout(pick)
        custom = QHBoxLayout()
        self.custom_trait = NameEdit()
        self.custom_trait.setPlaceholderText("Your own Trait (a skill, a contact, a culture…)")
        self.add_custom_trait = QPushButton("Add own")
        self.add_custom_trait.clicked.connect(self._add_custom_trait)
        self.custom_trait.textChanged.connect(self.show_findings)
        custom.addWidget(self.custom_trait, 1)
        custom.addWidget(self.add_custom_trait)
        layout.addLayout(custom)
        return box

    def _ability_column(self) -> QGroupBox:
        box = QGroupBox("Abilities")
        layout = QVBoxLayout(box)
        self.ability_list = QListWidget()
        layout.addWidget(self.ability_list, 1)
        self.remove_ability = QPushButton("Remove")
        self.remove_ability.clicked.connect(
            lambda: self._remove(self.draft.abilities, self.ability_list)
        )
        layout.addWidget(self.remove_ability)
        pick = QHBoxLayout()
        self.ability_pick = _compact(QComboBox())
        for a in self.catalog.abilities:
            self.ability_pick.addItem(_asset_text(a), a.id)
            self.ability_pick.setItemData(
                self.ability_pick.count() - 1, a.description, Qt.ItemDataRole.ToolTipRole
            )
        self.add_ability = QPushButton("Add")
        self.add_ability.clicked.connect(self._add_catalog_ability)
        self.ability_pick.currentIndexChanged.connect(self.show_findings)
        pick.addWidget(self.ability_pick, 1)
        pick.addWidget(self.add_ability)
        layout.addLayout(pick)
        custom = QGridLayout()
        self.custom_ability = NameEdit()
        self.custom_ability.setPlaceholderText("Your own Ability")
        self.custom_use = QLineEdit()
        self.custom_use.setPlaceholderText("Its use (e.g. trip)")
        self.custom_recharge = _compact(QComboBox())
        for r in RECHARGES:
            self.custom_recharge.addItem(RECHARGE_LABELS[r.value], r)
        self.custom_effect = QLineEdit()
        self.custom_effect.setPlaceholderText("What the use does")
        self.add_custom_ability = QPushButton("Add own")
        self.add_custom_ability.clicked.connect(self._add_custom_ability)
        for w in (self.custom_ability, self.custom_use, self.custom_effect):
            w.textChanged.connect(self.show_findings)
        custom.addWidget(self.custom_ability, 0, 0, 1, 2)
        custom.addWidget(self.custom_use, 1, 0)
        custom.addWidget(self.custom_recharge, 1, 1)
        custom.addWidget(self.custom_effect, 2, 0)
        custom.addWidget(self.add_custom_ability, 2, 1)
        custom.setColumnStretch(0, 3)
        custom.setColumnStretch(1, 2)
        layout.addLayout(custom)
        return box

    # builder's verdicts ---------------------------------------------------

    def refusal(self, asset: Asset | None, kind: AssetKind) -> str:
        """Why ``asset`` cannot be added (builder's words), or "" when it can."""
        if asset is None:
            return "Choose or name one first."
        traits, abilities = list(self.draft.traits), list(self.draft.abilities)
        (traits if kind is AssetKind.TRAIT else abilities).append(asset)
        creation = CovenantCreation(
            ties=tuple(self.draft.ties),
            traits=tuple(traits),
            abilities=tuple(abilities),
            gear=tuple(self.draft.gear),
            major_goal=self.draft.major_goal,
            minor_goal=self.draft.minor_goal,
        )
        before = {(f.rule, f.where, f.message) for f in _errors(self.draft.findings())}
        new = [
            f
            for f in _errors(creation_findings(creation))
            if (f.rule, f.where, f.message) not in before
        ]
        return " ".join(f.message for f in new)

    def _catalog_asset(self, combo: QComboBox) -> Asset | None:
        # A catalog entry keeps its id, so taking it twice is refused by builder's
        # duplicate-id check, with builder's message.
        return self.catalog.find_asset(combo.currentData()) if combo.count() else None

    def _custom_trait(self) -> Asset | None:
        name = self.custom_trait.text().strip()
        if not name:
            return None
        return Asset(self.draft.fresh_id("trait", name), name, AssetKind.TRAIT)

    def _custom_ability(self) -> Asset | None:
        name = self.custom_ability.text().strip()
        use = self.custom_use.text().strip()
        if not name or not use:
            return None
        return Asset(
            self.draft.fresh_id("ability", name),
            name,
            AssetKind.ABILITY,
            uses=(
                AssetUse(
                    use,
                    UseState(self.custom_recharge.currentData()),
                    self.custom_effect.text().strip(),
                ),
            ),
        )

    def show_findings(self) -> None:
        report = self.draft.report()
        t = report.tokens
        self.tokens.setText(
            f"Tokens: {t.starting} to start · {t.spent_at_creation} spent · {t.available} left"
        )
        for button, asset, kind in (
            (self.add_trait, self._catalog_asset(self.trait_pick), AssetKind.TRAIT),
            (self.add_custom_trait, self._custom_trait(), AssetKind.TRAIT),
            (self.add_ability, self._catalog_asset(self.ability_pick), AssetKind.ABILITY),
            (self.add_custom_ability, self._custom_ability(), AssetKind.ABILITY),
        ):
            why = self.refusal(asset, kind)
            button.setEnabled(not why)
            button.setToolTip(why or "Costs 1 token")
        mine = [
            f
            for f in self.draft.findings()
            if f.rule == "covenant.creation.tokens"
            or f.where.startswith(("creation.traits", "creation.abilities"))
        ]
        self.findings.setText(_finding_text(mine, self.draft.pronouns))

    def isComplete(self) -> bool:
        return not any(
            f.rule == "covenant.creation.tokens"
            or f.where.startswith(("creation.traits", "creation.abilities"))
            for f in _errors(self.draft.findings())
        )

    # edits -----------------------------------------------------------------

    def _refill(self) -> None:
        for items, widget in (
            (self.draft.traits, self.trait_list),
            (self.draft.abilities, self.ability_list),
        ):
            widget.clear()
            for a in items:
                item = QListWidgetItem(_asset_text(a))
                item.setToolTip(a.description)
                widget.addItem(item)
        self.changed()

    def _append(self, asset: Asset | None, kind: AssetKind) -> bool:
        if asset is None or self.refusal(asset, kind):
            return False
        (self.draft.traits if kind is AssetKind.TRAIT else self.draft.abilities).append(asset)
        self._refill()
        return True

    def _add_catalog_trait(self) -> None:
        self._append(self._catalog_asset(self.trait_pick), AssetKind.TRAIT)

    def _add_custom_trait(self) -> None:
        if self._append(self._custom_trait(), AssetKind.TRAIT):
            self.custom_trait.clear()

    def _add_catalog_ability(self) -> None:
        self._append(self._catalog_asset(self.ability_pick), AssetKind.ABILITY)

    def _add_custom_ability(self) -> None:
        if self._append(self._custom_ability(), AssetKind.ABILITY):
            for w in (self.custom_ability, self.custom_use, self.custom_effect):
                w.clear()

    def add_trait_named(self, name: str) -> bool:
        """Add a Trait as the player would: from the examples if it is there, else their own."""
        index = self.trait_pick.findText(name)
        if index >= 0:
            self.trait_pick.setCurrentIndex(index)
            return self._append(self._catalog_asset(self.trait_pick), AssetKind.TRAIT)
        self.custom_trait.setText(name)
        added = self._append(self._custom_trait(), AssetKind.TRAIT)
        if added:
            self.custom_trait.clear()
        return added

    def _remove(self, items: list[Asset], widget: QListWidget) -> None:
        row = widget.currentRow()
        if 0 <= row < len(items):
            del items[row]
            self._refill()


class GoalsPage(_Page):
    def __init__(self, draft: CreationDraft) -> None:
        super().__init__(
            draft,
            "Goals",
            "Optional. A major goal is due by the end of the story, a minor one by the end of "
            "the chapter. Each needs conditions, stakes you could lose, and a catharsis.",
        )
        layout = QVBoxLayout(self)
        self.major = self._goal_box("Major goal", "end of the story")
        self.minor = self._goal_box("Minor goal", "end of the chapter")
        layout.addWidget(self.major["box"])  # type: ignore[arg-type]
        layout.addWidget(self.minor["box"])  # type: ignore[arg-type]
        self.findings = _findings_label()
        layout.addWidget(self.findings)
        layout.addStretch(1)

    def _goal_box(self, title: str, deadline: str) -> dict[str, QWidget]:
        box = QGroupBox(title)
        box.setCheckable(True)
        box.setChecked(False)
        form = QFormLayout(box)
        fields: dict[str, QWidget] = {"box": box}
        for key, label, hint in (
            ("name", "Goal", "In a few words"),
            ("conditions", "Conditions", "What must happen, and by when"),
            ("stakes", "Stakes", "What xi loses on failure"),
            ("catharsis", "Catharsis", "The extra reward on success"),
            ("deadline", "Deadline", ""),
        ):
            edit = QLineEdit()
            edit.setPlaceholderText(hint)
            if key == "deadline":
                edit.setText(deadline)
            edit.textChanged.connect(self.changed)
            form.addRow(label, edit)
            fields[key] = edit
        box.toggled.connect(self.changed)
        return fields

    def fill(self, slot: str, **values: str) -> None:
        fields = self.major if slot == "major" else self.minor
        fields["box"].setChecked(True)  # type: ignore[attr-defined]
        for key, value in values.items():
            fields[key].setText(value)  # type: ignore[attr-defined]

    def _goal(self, fields: dict[str, QWidget], slot: str) -> Goal | None:
        if not fields["box"].isChecked():  # type: ignore[attr-defined]
            return None
        text = {k: w.text().strip() for k, w in fields.items() if k != "box"}  # type: ignore[attr-defined]
        return Goal(
            id=f"goal-{slot}",
            name=text["name"],
            conditions=text["conditions"],
            stakes=text["stakes"],
            catharsis=text["catharsis"],
            deadline=text["deadline"],
        )

    def sync(self) -> None:
        self.draft.major_goal = self._goal(self.major, "major")
        self.draft.minor_goal = self._goal(self.minor, "minor")

    def _mine(self) -> list[Finding]:
        return [f for f in self.draft.findings() if "_goal" in f.where]

    def show_findings(self) -> None:
        self.findings.setText(_finding_text(self._mine(), self.draft.pronouns))

    def isComplete(self) -> bool:
        return not _errors(self._mine())


def gear_price(price: int) -> str:
    """Gear's price as the Gear step lists it: "price 3", or who sets it when none is listed
    (covenant-rules-summary.txt: "Gear is sold at the listed price"; it lists none)."""
    return f"price {price}" if price else "price set by the FM"


class GearPage(_Page):
    def __init__(self, draft: CreationDraft, catalog: CovenantCatalog) -> None:
        super().__init__(
            draft,
            "Gear",
            "Gear is bought with Influence or Crafting bids at its listed price, not with "
            "tokens; the Discipline spent is regained before the game starts. The rules "
            "list no prices: the FM sets the price of gear that has none below.",
        )
        self.catalog = catalog
        layout = QVBoxLayout(self)
        self.gear_list = QListWidget()
        for g in catalog.gear:
            uses = "; ".join(f"{u.name}: {RECHARGE_LABELS[u.recharge.value]}" for u in g.uses)
            item = QListWidgetItem(f"{g.name} · {gear_price(g.price)} — {uses}")
            item.setData(Qt.ItemDataRole.UserRole, g.id)
            item.setToolTip(g.description)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.gear_list.addItem(item)
        self.gear_list.itemChanged.connect(lambda _item: self.changed())
        layout.addWidget(self.gear_list, 1)
        own = QGroupBox("Your own gear")
        grid = QGridLayout(own)
        self.own_name = NameEdit()
        self.own_name.setPlaceholderText("Name")
        self.own_use = QLineEdit()
        self.own_use.setPlaceholderText("Its use")
        self.own_recharge = _compact(QComboBox())
        for r in RECHARGES:
            self.own_recharge.addItem(RECHARGE_LABELS[r.value], r)
        self.own_effect = QLineEdit()
        self.own_effect.setPlaceholderText("What the use does")
        self.add_own = QPushButton("Add")
        self.add_own.clicked.connect(self._add_own)
        grid.addWidget(self.own_name, 0, 0)
        grid.addWidget(self.own_use, 0, 1)
        grid.addWidget(self.own_recharge, 1, 0)
        grid.addWidget(self.own_effect, 1, 1)
        grid.addWidget(self.add_own, 2, 1)
        layout.addWidget(own)
        self.own_list = QListWidget()
        self.own_list.setMaximumHeight(70)
        layout.addWidget(self.own_list)
        self.own: list[Asset] = []
        self.findings = _findings_label()
        layout.addWidget(self.findings)

    def check(self, gear_id: str, checked: bool = True) -> None:
        for i in range(self.gear_list.count()):
            item = self.gear_list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == gear_id:
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def _add_own(self) -> None:
        name, use = self.own_name.text().strip(), self.own_use.text().strip()
        if not name or not use:
            self.findings.setText("Give the gear a name and a use.")
            return
        self.own.append(
            Asset(
                self.draft.fresh_id("gear", name),
                name,
                AssetKind.TRAIT,
                uses=(
                    AssetUse(
                        use,
                        UseState(self.own_recharge.currentData()),
                        self.own_effect.text().strip(),
                    ),
                ),
                gear=True,
            )
        )
        self.own_list.addItem(f"{name} — {use}")
        for w in (self.own_name, self.own_use, self.own_effect):
            w.clear()
        self.changed()

    def sync(self) -> None:
        picked = []
        for i in range(self.gear_list.count()):
            item = self.gear_list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                found = self.catalog.find_asset(item.data(Qt.ItemDataRole.UserRole))
                if found is not None:
                    picked.append(found)
        self.draft.gear = [*picked, *self.own]

    def _mine(self) -> list[Finding]:
        return [f for f in self.draft.findings() if f.where.startswith("creation.gear")]

    def show_findings(self) -> None:
        self.findings.setText(_finding_text(self._mine(), self.draft.pronouns))

    def isComplete(self) -> bool:
        return not _errors(self._mine())


class ReviewPage(_Page):
    def __init__(self, draft: CreationDraft) -> None:
        super().__init__(
            draft,
            "Review",
            "Everything builder checks about this character. Errors must be fixed before "
            "finishing; warnings are advice.",
        )
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.summary)
        self.findings_list = QListWidget()
        layout.addWidget(self.findings_list, 1)
        self.save_error = _findings_label()
        layout.addWidget(self.save_error)

    def show_findings(self) -> None:
        report = self.draft.report()
        d, t = report.discipline, report.tokens
        creation = self.draft.creation()
        goals = [g.name for g in (creation.major_goal, creation.minor_goal) if g is not None]
        self.summary.setText(
            "\n".join(
                [
                    f"{self.draft.name}"
                    + (f" (player: {self.draft.player})" if self.draft.player else ""),
                    "Ties: " + ", ".join(t_.name or "(unnamed)" for t_ in creation.ties),
                    f"Discipline: {d.total} free",
                    "Traits: " + (", ".join(a.name for a in creation.traits) or "none"),
                    "Abilities: " + (", ".join(a.name for a in creation.abilities) or "none"),
                    "Gear: " + (", ".join(a.name for a in creation.gear) or "none"),
                    "Goals: " + (", ".join(goals) or "none"),
                    f"Tokens: {t.spent_at_creation} spent, {t.available} kept for play",
                ]
            )
        )
        self.findings_list.clear()
        findings = self.draft.findings()
        if not findings:
            self.findings_list.addItem("No problems found.")
        for f in findings:
            self.findings_list.addItem(_finding_text([f], self.draft.pronouns))

    def isComplete(self) -> bool:
        return bool(self.draft.name) and not _errors(self.draft.findings())


# --------------------------------------------------------------------------- the wizard


class CovenantCreationWizard(QWizard):
    """Create a Covenant character and save it through the workspace's library.

    After it is accepted, ``character_id`` is the new character's id; the
    creation is the first step of that character's undo history, so Undo
    removes it again.
    """

    def __init__(
        self,
        workspace: Workspace,
        parent: QWidget | None = None,
        *,
        catalog: CovenantCatalog | None = None,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        library = workspace.library
        self.catalog = catalog or shipped_catalog()
        self.draft = CreationDraft()
        self.character_id = ""
        self.setWindowTitle("New Covenant character")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        players = [p.name for p in library.players()]  # type: ignore[attr-defined]
        self.identity_page = IdentityPage(self.draft, players)
        self.ties_page = TiesPage(self.draft)
        self.assets_page = AssetsPage(self.draft, self.catalog)
        self.goals_page = GoalsPage(self.draft)
        self.gear_page = GearPage(self.draft, self.catalog)
        self.review_page = ReviewPage(self.draft)
        for page in (
            self.identity_page,
            self.ties_page,
            self.assets_page,
            self.goals_page,
            self.gear_page,
            self.review_page,
        ):
            self.addPage(page)
        self.resize(760, 620)
        # No lost work (issue 33): ask before discarding; an unfinished one is a draft.
        self.drafts = DraftKeeper(
            self,
            wizard_draft.DRAFT_KIND,
            "character",
            lambda: wizard_draft.snapshot(self),
            lambda values: wizard_draft.restore(self, values),
        )
        self.drafts.resume()

    def accept(self) -> None:
        """Save the new character (one transaction), then close."""
        character = self.draft.character(str(uuid.uuid4()))
        try:
            create(self.workspace, character)
        except Exception as exc:  # the library refused it: keep the wizard open
            self.review_page.save_error.setText(f"Could not save: {exc}")
            return
        self.character_id = character.id
        self.drafts.finished()
        super().accept()

    def reject(self) -> None:
        """Escape, Cancel and the close button: ask before throwing away what was entered."""
        if self.drafts.may_close():
            super().reject()


__all__ = ["CovenantCreationWizard", "CreationDraft"]
