"""The creation wizard's pages, one per step of "Creating a Contractor".

Each page shows the Exp meter (builder's Exp left of 150), its own inputs,
and beside them a short note in plain words on the rule of that step. Pages
bind to :class:`~ui.contract.wizard.state.CreationState`; every number and every
refusal is builder's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from builder.contract.character import ATTRIBUTES, PRIMARY_ABILITIES, AssetKind, Limit, TraitKind
from builder.contract.costs import (
    ABILITY_MAX_SEASONED,
    ABILITY_MIN,
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    raise_cost,
)
from builder.contract.creation import GIFTED_ASSET_ID, STARTING_EXP
from builder.contract.porting import PORT_CHOICES
from builder.core.findings import Finding, Severity
from harbinger.app.contract.creation_file import port_lines
from ui.contract.sheet.names import ability_description, ability_name, attribute_description
from ui.contract.wizard.state import CreationState
from ui.style import set_role
from ui.widgets.common import FindingList, heading, help_note, plain
from ui.widgets.dots import Dots
from ui.widgets.name_edit import NameEdit

CUSTOM = "__custom__"


class ExpMeter(QLabel):
    """ "Exp left of 150: 37", with the sum behind it; red when overspent."""

    def __init__(self, state: CreationState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        set_role(self, "banner")
        self.setWordWrap(True)
        self.state = state
        state.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        verdict = self.state.verdict
        cost = verdict.cost
        parts = [f"Attributes {cost.attributes}", f"Abilities {cost.abilities}"]
        if cost.secondary:
            parts.append(f"Secondary {cost.secondary}")
        if cost.assets:
            parts.append(f"Assets {cost.assets}")
        if cost.liabilities:
            parts.append(f"Liabilities −{cost.liabilities}")
        text = f"Exp left of {STARTING_EXP}: {verdict.exp_left}    ({', '.join(parts)})"
        overspent = [f for f in verdict.errors if f.rule == "exp.overspent"]
        if overspent:
            text += f"\n{overspent[0].message}"
        self.setText(text)
        set_role(self, "banner", overspent=bool(overspent))

    def exp_left(self) -> int:
        return self.state.verdict.exp_left


class StepPage(QWizardPage):
    """A page with the Exp meter on top, inputs on the left and help on the right."""

    def __init__(self, state: CreationState, title: str, subtitle: str, help_text: str) -> None:
        super().__init__()
        self.state = state
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.meter = ExpMeter(state)
        self.content = QVBoxLayout()
        self.content.setSpacing(8)
        self.help = help_note(help_text)
        columns = QHBoxLayout()
        columns.addLayout(self.content, 3)
        help_column = QVBoxLayout()
        help_column.addWidget(self.help)
        help_column.addStretch(1)
        columns.addLayout(help_column, 1)
        columns.setSpacing(16)
        layout = QVBoxLayout(self)
        layout.addWidget(self.meter)
        layout.addLayout(columns, 1)
        state.changed.connect(self.completeChanged)


# --------------------------------------------------------------------------- concept


class ConceptPage(StepPage):
    """Name, player and the three parts of a concept, with random suggestions."""

    def __init__(self, state: CreationState, players: list[str], rng: random.Random) -> None:
        super().__init__(
            state,
            "Concept",
            "Who is your contractor?",
            "Start with a person, not a power. An Archetype is their everyday niche (a job, a "
            "temperament, a subculture). A Paradigm is the kind of supernatural potential "
            "sleeping in them, which shapes the Gifts they will earn. An Ambition is what they "
            "want badly enough to risk their life for power; the best ones are lofty or "
            "impossible.\n\nStuck? The Suggest buttons draw from example tables. Only the name "
            "is required, and a concept can change after the first few Contracts.",
        )
        self.rng = rng
        self.name = NameEdit()
        self.name.setPlaceholderText("Required")
        self.player = QComboBox()
        self.player.setEditable(True)
        self.player.addItems(players)
        self.player.setCurrentText("")
        self.age = QLineEdit()
        self.pronouns = QLineEdit()
        self.archetype = QLineEdit()
        self.paradigm = QLineEdit()
        self.ambition = QLineEdit()
        self.home = QLineEdit()
        self.home.setPlaceholderText("The playgroup you play in most")
        self.appearance = QPlainTextEdit()
        self.background = QPlainTextEdit()
        for edit in (self.appearance, self.background):
            edit.setTabChangesFocus(True)
            edit.setMaximumHeight(edit.fontMetrics().height() * 4)
        form = QFormLayout()
        form.addRow(self._label("Nam&e", self.name), self.name)
        form.addRow(self._label("&Player", self.player), self.player)
        form.addRow(self._label("&Age", self.age), self.age)
        form.addRow(self._label("Pron&ouns", self.pronouns), self.pronouns)
        self.suggest_buttons: dict[str, QPushButton] = {}
        for table, edit, label in (
            ("archetypes", self.archetype, "A&rchetype"),
            ("paradigms", self.paradigm, "Para&digm"),
            ("ambitions", self.ambition, "A&mbition"),
        ):
            button = QPushButton("Suggest")
            button.setToolTip(f"A random example from the {table} table")
            button.setAccessibleName(f"Suggest {table[:-1]}")
            button.clicked.connect(lambda _c=False, t=table, e=edit: self._suggest(t, e))
            self.suggest_buttons[table] = button
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(button)
            form.addRow(self._label(label, edit), row)
        form.addRow(self._label("&Home playgroup", self.home), self.home)
        form.addRow(self._label("Appearan&ce", self.appearance), self.appearance)
        form.addRow(self._label("Bac&kground", self.background), self.background)
        self.content.addLayout(form)
        self.content.addStretch(1)

        for key, edit in (
            ("name", self.name),
            ("age", self.age),
            ("pronouns", self.pronouns),
            ("archetype", self.archetype),
            ("paradigm", self.paradigm),
            ("ambition", self.ambition),
            ("home_playgroup", self.home),
        ):
            edit.textChanged.connect(lambda text, k=key: state.set_concept(**{k: text}))
        self.player.currentTextChanged.connect(lambda text: state.set_concept(player=text))
        self.appearance.textChanged.connect(
            lambda: state.set_concept(appearance=self.appearance.toPlainText())
        )
        self.background.textChanged.connect(
            lambda: state.set_concept(background=self.background.toPlainText())
        )

    @staticmethod
    def _label(text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text)
        label.setBuddy(buddy)
        return label

    def _suggest(self, table: str, edit: QLineEdit) -> None:
        edit.setText(self.state.catalog.random_suggestion(table, self.rng))

    def isComplete(self) -> bool:
        return bool(self.state.concept.name.strip())


# --------------------------------------------------------------------------- limits


class LimitSlot(QWidget):
    """One of the three Limits: a choice from the catalog or a custom one."""

    def __init__(self, page: LimitsPage, index: int) -> None:
        super().__init__()
        self.page = page
        self.index = index
        catalog = page.state.catalog
        self.options = {o.id: o for o in catalog.limits}
        self.combo = QComboBox()
        self.combo.setAccessibleName(f"Limit {index + 1}")
        for option in catalog.default_limits:
            self.combo.addItem(option.name, option.id)
        self.combo.insertSeparator(self.combo.count())
        for option in catalog.alternative_limits:
            # The name alone in the box; what it suits is said below it, with its trigger.
            self.combo.addItem(option.name, option.id)
        self.combo.insertSeparator(self.combo.count())
        self.combo.addItem("Custom Limit…", CUSTOM)
        self.trigger = plain("", muted=True)
        self.custom_name = NameEdit()
        self.custom_name.setPlaceholderText("Name of your Limit")
        self.custom_trigger = QLineEdit()
        self.custom_trigger.setPlaceholderText("What crossing it means for your contractor")
        self.problem = QLabel()
        set_role(self.problem, "error")
        self.problem.setWordWrap(True)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 8)
        number = QLabel(f"&{index + 1}.")
        number.setBuddy(self.combo)
        layout.addWidget(number, 0, 0)
        layout.addWidget(self.combo, 0, 1)
        layout.addWidget(self.trigger, 1, 1)
        layout.addWidget(self.custom_name, 2, 1)
        layout.addWidget(self.custom_trigger, 3, 1)
        layout.addWidget(self.problem, 4, 1)
        layout.setColumnStretch(1, 1)
        current = page.state.limits[index]
        match = next((o for o in self.options.values() if o.name == current.name), None)
        self.combo.setCurrentIndex(self.combo.findData(match.id if match else CUSTOM))
        self.combo.currentIndexChanged.connect(self._changed)
        self.custom_name.textChanged.connect(self._changed)
        self.custom_trigger.textChanged.connect(self._changed)
        self._changed()

    def choose(self, option_id: str) -> None:
        self.combo.setCurrentIndex(self.combo.findData(option_id))

    def _changed(self) -> None:
        choice = self.combo.currentData()
        custom = choice == CUSTOM
        self.custom_name.setVisible(custom)
        self.custom_trigger.setVisible(custom)
        if custom:
            self.trigger.setText("A custom Limit needs your Playgroup Leader's approval.")
            limit = Limit(
                self.custom_name.text().strip(), self.custom_trigger.text().strip(), custom=True
            )
        else:
            option = self.options[choice]
            suits = option.suits
            self.trigger.setText(f"{option.trigger} (Suits {suits}.)" if suits else option.trigger)
            limit = option.to_limit()
        if self.page.state.limits[self.index] != limit:
            self.page.state.set_limit(self.index, limit)

    def show_findings(self, findings: list[Finding]) -> None:
        errors = [f.message for f in findings if f.severity is Severity.ERROR]
        self.problem.setText("\n".join(errors))
        self.problem.setVisible(bool(errors))


class LimitsPage(StepPage):
    def __init__(self, state: CreationState) -> None:
        super().__init__(
            state,
            "Limits",
            "Three lines your contractor cannot cross without paying for it.",
            "A Limit is a kind of event that tests how well your contractor copes. When they "
            "cross one, you roll Mind against Difficulty 8; failing costs Mind damage or a new "
            "Trauma.\n\nMost people have Anguish, Atrocities and Murder. If your concept's mind "
            "works differently (a zealot, a sociopath, something not quite human), swap in "
            "alternatives or write your own; custom Limits need your leader's approval.",
        )
        self.slots = [LimitSlot(self, i) for i in range(3)]
        for slot in self.slots:
            self.content.addWidget(slot)
        self.content.addStretch(1)
        state.changed.connect(self._show_findings)
        self._show_findings()

    def _show_findings(self) -> None:
        verdict = self.state.verdict
        for slot in self.slots:
            slot.show_findings(verdict.about(f"limits[{slot.index}]"))

    def isComplete(self) -> bool:
        return not [f for f in self.state.verdict.errors if f.where.startswith("limits")]


# --------------------------------------------------------------------------- ratings


class RatingEditor(QObject):
    """Dots and a spin box for one creation rating; builder may refuse a value.

    Not a widget itself: its label, dots and spin box sit in the page's grid. It
    is owned by the page, so it goes with the wizard; as a parentless widget each
    of the 24 editors was a hidden top-level window that outlived its wizard until
    Python collected the page, and every theme or font change walked them.
    """

    def __init__(
        self,
        page: RatingsPage,
        group: str,
        trait: str,
        label: str,
        kind: TraitKind,
        low: int,
        high: int,
        description: str,
    ) -> None:
        super().__init__(page)
        self.page = page
        self.group = group
        self.trait = trait
        self.kind = kind
        self.description = description
        self.name = QLabel(label)
        self.spin = QSpinBox()
        self.spin.setRange(low, high)
        self.spin.setAccessibleName(label)
        self.spin.setValue(getattr(page.state, group)[trait])
        self.name.setBuddy(self.spin)
        self.dots = Dots(self.spin.value(), 5)
        self.dots.set_editable(True)  # creation: ratings are set freely, builder checks them
        self.dots.picked.connect(lambda value: self.spin.setValue(max(value, self.spin.minimum())))
        self.spin.valueChanged.connect(self._changed)
        self._update_tips()

    def _changed(self, value: int) -> None:
        refused = self.page.state.try_rating(self.group, self.trait, value)
        if refused:
            self.spin.blockSignals(True)
            self.spin.setValue(getattr(self.page.state, self.group)[self.trait])
            self.spin.blockSignals(False)
            self.page.show_refusal(refused)
        else:
            self.page.show_refusal([])
        self.dots.set_value(self.spin.value(), max(5, self.spin.value()))
        self._update_tips()

    def _update_tips(self) -> None:
        rating = self.spin.value()
        next_rank = ""
        if rating < self.spin.maximum():
            next_rank = f"\nRank {rating + 1} costs {raise_cost(self.kind, rating)} Exp."
        tip = f"{self.description}{next_rank}".strip()
        for widget in (self.name, self.spin, self.dots):
            widget.setToolTip(tip)


class RatingsPage(StepPage):
    def __init__(self, state: CreationState) -> None:
        super().__init__(
            state,
            "Attributes and Abilities",
            "Spend your 150 starting Exp.",
            "Attributes run from 1 (poor) to 5 (world-class); 2 is average. Raising one costs "
            "five times its current rating: 1→2 is 5 Exp, 2→3 is 10 more.\n\nAbilities run "
            "from 0 (untrained) to 5; 3 is professional. The first rank costs 2 Exp, each "
            "later rank twice the current rating.\n\nA roll adds one Attribute to one Ability, "
            "so spread Exp over what your contractor does. Exp you keep is saved for later. "
            "Hover a trait to see what it covers and what the next rank costs.",
        )
        catalog = state.catalog
        self.editors: dict[str, RatingEditor] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        grid.addWidget(heading("Attributes", level=2), 0, 0, 1, 3)
        for i, attr in enumerate(ATTRIBUTES, start=1):
            editor = RatingEditor(
                self,
                "attributes",
                attr,
                attr.capitalize(),
                TraitKind.ATTRIBUTE,
                ATTRIBUTE_MIN,
                ATTRIBUTE_MAX,
                attribute_description(catalog, attr),
            )
            self._place(grid, editor, i, 0)
        grid.addWidget(heading("Abilities", level=2), 0, 4, 1, 7)
        per_column = -(-len(PRIMARY_ABILITIES) // 2)
        for i, ability in enumerate(PRIMARY_ABILITIES):
            # The spin box reaches the Seasoned-only 6th rank so that builder, not the
            # widget, says why a Newbie cannot take it.
            editor = RatingEditor(
                self,
                "abilities",
                ability,
                ability_name(ability),
                TraitKind.ABILITY,
                ABILITY_MIN,
                ABILITY_MAX_SEASONED,
                ability_description(catalog, ability),
            )
            self._place(grid, editor, 1 + i % per_column, 4 + (i // per_column) * 4)
        grid.setColumnMinimumWidth(3, 24)
        grid.setColumnMinimumWidth(7, 16)
        self.refusal = QLabel()
        set_role(self.refusal, "error")
        self.refusal.setWordWrap(True)
        self.refusal.hide()
        self.content.addLayout(grid)
        self.content.addWidget(self.refusal)
        self.content.addStretch(1)

    def _place(self, grid: QGridLayout, editor: RatingEditor, row: int, col: int) -> None:
        grid.addWidget(editor.name, row, col)
        grid.addWidget(editor.dots, row, col + 1)
        grid.addWidget(editor.spin, row, col + 2)
        self.editors[editor.trait] = editor

    def show_refusal(self, findings: list[Finding]) -> None:
        self.refusal.setText("\n".join(f.message for f in findings))
        self.refusal.setVisible(bool(findings))

    def set_rating(self, trait: str, rating: int) -> None:
        """Set a trait as a player would, through its spin box."""
        self.editors[trait].spin.setValue(rating)


# --------------------------------------------------------------------------- secondary


class SecondaryPage(StepPage):
    def __init__(self, state: CreationState) -> None:
        super().__init__(
            state,
            "Secondary Abilities",
            "Optional: narrow skills you name yourself.",
            "A Secondary Ability is a speciality narrower than any Primary Ability, such as "
            "Knife Fighting rather than Melee. Where its speciality applies it is rolled at "
            "−1 Difficulty; where it only hints at skill, at +1.\n\nThey are priced like "
            "Abilities (2 Exp for the first rank, then twice the rating). They never grant "
            "supernatural powers. Skip this step if nothing fits.",
        )
        self.name = QLineEdit()
        self.name.setPlaceholderText(
            "e.g. " + ", ".join(e.name for e in state.catalog.secondary_examples[:3])
        )
        self.rating = QSpinBox()
        self.rating.setRange(1, ABILITY_MAX_SEASONED)
        self.rating.setValue(1)
        self.add_button = QPushButton("&Add")
        self.add_button.setEnabled(False)
        row = QHBoxLayout()
        name_label = QLabel("Nam&e")
        name_label.setBuddy(self.name)
        row.addWidget(name_label)
        row.addWidget(self.name, 1)
        rating_label = QLabel("&Rating")
        rating_label.setBuddy(self.rating)
        row.addWidget(rating_label)
        row.addWidget(self.rating)
        row.addWidget(self.add_button)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Secondary Ability", "Rating", ""])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(False)
        self.table.horizontalHeader().setSectionResizeMode(
            0, self.table.horizontalHeader().ResizeMode.Stretch
        )
        self.problem = QLabel()
        set_role(self.problem, "error")
        self.problem.setWordWrap(True)
        self.warning = QLabel()
        set_role(self.warning, "warning")
        self.warning.setWordWrap(True)
        examples = "; ".join(
            f"{e.name} ({e.description})" for e in state.catalog.secondary_examples[:6]
        )
        self.content.addLayout(row)
        self.content.addWidget(self.problem)
        self.content.addWidget(self.table, 1)
        self.content.addWidget(self.warning)
        self.content.addWidget(plain(f"Examples: {examples}", muted=True))
        self.name.textChanged.connect(lambda t: self.add_button.setEnabled(bool(t.strip())))
        self.name.returnPressed.connect(self.add_current)
        self.add_button.clicked.connect(self.add_current)
        state.changed.connect(self._refresh)
        self._refresh()

    def add_current(self) -> None:
        name = self.name.text().strip()
        if not name:
            return
        self.add(name, self.rating.value())

    def add(self, name: str, rating: int) -> bool:
        refused = self.state.try_rating("secondary", name, rating)
        self.problem.setText("\n".join(f.message for f in refused))
        if not refused:
            self.name.clear()
        return not refused

    def _refresh(self) -> None:
        items = sorted(self.state.secondary.items())
        self.table.setRowCount(len(items))
        for r, (name, rating) in enumerate(items):
            self.table.setItem(r, 0, QTableWidgetItem(name))
            self.table.setItem(r, 1, QTableWidgetItem(str(rating)))
            remove = QPushButton("Remove")
            remove.setAccessibleName(f"Remove {name}")
            remove.clicked.connect(lambda _c=False, n=name: self.state.remove_secondary(n))
            self.table.setCellWidget(r, 2, remove)
        warnings = [
            f.message
            for f in self.state.verdict.about("creation.secondary")
            if f.severity is Severity.WARNING
        ]
        self.warning.setText("\n".join(warnings))


# --------------------------------------------------------------------------- assets


class PickList(QWidget):
    """The catalog's Assets or Liabilities by category, with a box to take each."""

    def __init__(self, page: AssetsPage, kind: AssetKind) -> None:
        super().__init__()
        self.page = page
        self.kind = kind
        catalog = page.state.catalog
        options = catalog.assets if kind is AssetKind.ASSET else catalog.liabilities
        self.options = {o.id: o for o in options}
        title = "Assets (cost Exp)" if kind is AssetKind.ASSET else "Liabilities (give Exp)"
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([title, "Value", ""])
        self.tree.setAccessibleName(title)
        self.tree.setRootIsDecorated(False)
        self.items: dict[str, QTreeWidgetItem] = {}
        categories: dict[str, QTreeWidgetItem] = {}
        for option in options:
            category = str(option.category)
            if category not in categories:
                group = QTreeWidgetItem([_category_label(category), "", ""])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                font = group.font(0)
                font.setBold(True)
                group.setFont(0, font)
                self.tree.addTopLevelItem(group)
                categories[category] = group
            mark = "Restricted" if option.restricted else ""
            item = QTreeWidgetItem([option.name, str(option.value), mark])
            item.setData(0, Qt.ItemDataRole.UserRole, option.id)
            item.setFlags(
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsUserCheckable
            )
            item.setCheckState(0, Qt.CheckState.Unchecked)
            tip = option.system + (
                "\nRestricted: your Playgroup Leader must approve it." if option.restricted else ""
            )
            for col in range(3):
                item.setToolTip(col, tip)
            categories[category].addChild(item)
            self.items[option.id] = item
        self.tree.expandAll()
        for col in (1, 2):
            self.tree.resizeColumnToContents(col)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, self.tree.header().ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tree)
        self.tree.itemChanged.connect(self._item_changed)
        self.tree.currentItemChanged.connect(lambda cur, _prev: page.show_option(self, cur))

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        option_id = item.data(0, Qt.ItemDataRole.UserRole)
        if column != 0 or not option_id:
            return
        taken = item.checkState(0) == Qt.CheckState.Checked
        picks = (
            self.page.state.assets if self.kind is AssetKind.ASSET else self.page.state.liabilities
        )
        if taken != (option_id in picks):
            self.page.state.set_pick(self.kind, option_id, taken)
        self.tree.setCurrentItem(item)

    def set_taken(self, option_id: str, taken: bool) -> None:
        """Tick or untick an entry as a player would."""
        self.items[option_id].setCheckState(
            0, Qt.CheckState.Checked if taken else Qt.CheckState.Unchecked
        )

    def sync(self) -> None:
        picks = (
            self.page.state.assets if self.kind is AssetKind.ASSET else self.page.state.liabilities
        )
        self.tree.blockSignals(True)
        for option_id, item in self.items.items():
            item.setCheckState(
                0, Qt.CheckState.Checked if option_id in picks else Qt.CheckState.Unchecked
            )
        self.tree.blockSignals(False)


def _category_label(category: str) -> str:
    return {
        "physical": "Physical",
        "background": "Background",
        "mental": "Mental and emotional",
    }.get(category, category.capitalize())


class AssetsPage(StepPage):
    def __init__(self, state: CreationState) -> None:
        super().__init__(
            state,
            "Assets and Liabilities",
            "Optional: strengths that cost Exp, flaws that give Exp back.",
            "An Asset costs its value in Exp; a Liability gives you its value in Exp to spend "
            "elsewhere. Both put Conditions, Circumstances, Battle Scars or Traumas on your "
            "sheet, and those can change in play without any Exp coming back.\n\nEntries marked "
            "Restricted need your Playgroup Leader's approval. Some ask you to name a detail, "
            "like who your Contacts are.",
        )
        self.asset_list = PickList(self, AssetKind.ASSET)
        self.liability_list = PickList(self, AssetKind.LIABILITY)
        lists = QHBoxLayout()
        lists.addWidget(self.asset_list)
        lists.addWidget(self.liability_list)
        self.selected_title = heading("", level=2)
        self.selected_system = plain("")
        self.detail_label = QLabel()
        self.detail = QLineEdit()
        self.detail_label.setBuddy(self.detail)
        detail_row = QHBoxLayout()
        detail_row.addWidget(self.detail_label)
        detail_row.addWidget(self.detail, 1)
        self.notes = QLabel()
        set_role(self.notes, "warning")
        self.notes.setWordWrap(True)
        self.content.addLayout(lists, 1)
        self.content.addWidget(self.selected_title)
        self.content.addWidget(self.selected_system)
        self.content.addLayout(detail_row)
        self.content.addWidget(self.notes)
        self._current: tuple[AssetKind, str] | None = None
        self.detail.textEdited.connect(self._detail_edited)
        state.changed.connect(self._refresh)
        self.show_option(self.asset_list, None)
        self._refresh()

    def show_option(self, source: PickList, item: QTreeWidgetItem | None) -> None:
        option_id = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if not option_id:
            self._current = None
            self.selected_title.setText("Select an entry to read what it does.")
            self.selected_system.setText("")
            self.detail_label.hide()
            self.detail.hide()
            return
        option = source.options[option_id]
        self._current = (source.kind, option_id)
        restricted = " · Restricted" if option.restricted else ""
        self.selected_title.setText(f"{option.name} (value {option.value}){restricted}")
        self.selected_system.setText(option.system)
        self.detail_label.setVisible(option.takes_detail)
        self.detail.setVisible(option.takes_detail)
        self.detail_label.setText(f"&{option.detail_label or 'Detail'}")
        picks = self.state.assets if source.kind is AssetKind.ASSET else self.state.liabilities
        self.detail.setText(picks[option_id].detail if option_id in picks else "")
        self.detail.setEnabled(option_id in picks)
        self.detail.setPlaceholderText("Tick the entry first" if option_id not in picks else "")

    def _detail_edited(self, text: str) -> None:
        if self._current is not None:
            self.state.set_detail(self._current[0], self._current[1], text.strip())

    def _refresh(self) -> None:
        self.asset_list.sync()
        self.liability_list.sync()
        if self._current is not None:
            kind, option_id = self._current
            picks = self.state.assets if kind is AssetKind.ASSET else self.state.liabilities
            self.detail.setEnabled(option_id in picks)
        notes = [
            f.message
            for f in self.state.verdict.findings
            if f.where.startswith(("creation.assets", "creation.liabilities"))
        ]
        self.notes.setText("\n".join(notes))


# --------------------------------------------------------------------------- start


class StartPage(StepPage):
    """Coin of Charon or Gifted. ``coins`` maps player names to the Coins of Charon the
    library records as unspent (shown for the player's information)."""

    def __init__(self, state: CreationState, coins: Mapping[str, int] | None = None) -> None:
        super().__init__(
            state,
            "A head start",
            "Optional: begin with a Gift Credit.",
            "A new contractor normally earns their first Gift by winning a Contract. Two things "
            "let them start with a Gift Credit instead:\n\n• A Coin of Charon, which a player "
            "receives when one of their contractors dies. Spending it here uses the coin up.\n"
            "• The Gifted Asset, which costs Exp and is Restricted, so your leader must "
            "approve it.",
        )
        gifted = state.catalog.asset(GIFTED_ASSET_ID)
        self.charon = QCheckBox("Spend a &Coin of Charon: start with 1 Gift Credit")
        self.gifted = QCheckBox(
            f"Take the &Gifted Asset ({gifted.value} Exp, Restricted): start with "
            f"{gifted.gift_credits} Gift Credit"
        )
        self.gifted.setToolTip(gifted.system)
        self.credits = QLabel()
        set_role(self.credits, "banner")
        self.content.addWidget(self.charon)
        self.content.addWidget(self.gifted)
        self.coins = dict(coins or {})
        self.coin_note = QLabel()
        self.coin_note.setWordWrap(True)
        self.content.addWidget(self.coin_note)
        self.ported = QComboBox()
        for choice in PORT_CHOICES:
            self.ported.addItem(PORT_LABELS[choice], choice)
        self.ported.setAccessibleName("Ported from elsewhere")
        port_label = QLabel("&Ported from elsewhere (the leader approves it):")
        port_label.setBuddy(self.ported)
        self.content.addWidget(port_label)
        self.content.addWidget(self.ported)
        self.port_note = QLabel()
        self.port_note.setWordWrap(True)
        self.content.addWidget(self.port_note)
        self.content.addSpacing(12)
        self.content.addWidget(self.credits)
        self.build_gift = QCheckBox(
            "&Open the Gift Builder for the first Gift once the contractor is created"
        )
        self.build_gift.setChecked(True)
        self.content.addWidget(self.build_gift)
        self.content.addStretch(1)
        self.charon.toggled.connect(state.set_charon_coin)
        self.ported.currentIndexChanged.connect(
            lambda _i: state.set_ported(str(self.ported.currentData()))
        )
        self.gifted.toggled.connect(
            lambda on: state.set_gifted(on) if on != state.gifted() else None
        )
        state.changed.connect(self._refresh)
        self._refresh()

    def _refresh(self) -> None:
        self.gifted.blockSignals(True)
        self.gifted.setChecked(self.state.gifted())
        self.gifted.blockSignals(False)
        credits = self.state.verdict.gift_credits
        self.credits.setText(f"Gift Credits at the start: {credits}")
        self.port_note.setText(" ".join(port_lines(self.state.ported)))
        self.build_gift.setVisible(credits > 0)
        player = self.state.concept.player.strip()
        held = self.coins.get(player, 0)
        if not player:
            note = "Name the player on the Concept step to see their Coins of Charon."
        else:
            plural = "Coin" if held == 1 else "Coins"
            note = f"{player} has {held} unspent {plural} of Charon in this library."
            if self.state.charon_coin and held < 1:
                note += " Your leader will want to know where this coin came from."
        self.coin_note.setText(note)
        set_role(self.coin_note, "warning" if self.state.charon_coin and held < 1 else "")


# --------------------------------------------------------------------------- review


PORT_LABELS = {
    "none": "Not ported: a new contractor",
    "seasoned": "Ported at Seasoned",
    "veteran": "Ported at Veteran",
}
"""The wizard's words for each port choice."""


def _rows(rows: list[tuple[str, str]]) -> str:
    """Label/value rows of the review summary as an HTML table (values already escaped)."""
    cells = "".join(
        f"<tr><td style='padding:2px 12px 2px 0'><b>{label}</b></td><td>{value}</td></tr>"
        for label, value in rows
    )
    return f"<table cellspacing='0'>{cells}</table>"


def review_summary(s: CreationState) -> str:
    """The Review step's summary of every choice, as rich text (the player's text escaped).

    Sections: who the contractor is, Limits, ratings, Assets and Liabilities,
    what the choices put on the sheet, and the head start.
    """
    from html import escape

    c = s.concept
    who = escape(c.name.strip() or "(no name yet)")
    played = f" <span>played by {escape(c.player)}</span>" if c.player.strip() else ""
    concept = " · ".join(escape(x) for x in (c.archetype, c.paradigm, c.ambition) if x)
    parts = [f"<h2 style='margin-bottom:2px'>{who}{played}</h2>"]
    parts.append(f"<p style='margin-top:0'>{concept or '<i>No concept written yet</i>'}</p>")
    parts.append("<h3>Limits</h3>")
    parts.append(
        "<ul style='margin-top:0'>"
        + "".join(
            f"<li><b>{escape(limit.name or '(unnamed)')}</b>"
            + (f" — {escape(limit.description)}" if limit.description else "")
            + "</li>"
            for limit in s.limits
        )
        + "</ul>"
    )
    parts.append("<h3>Ratings</h3>")
    rated = [(ability_name(a), r) for a, r in s.abilities.items() if r]
    rows = [
        ("Attributes", ", ".join(f"{a.capitalize()} {r}" for a, r in s.attributes.items())),
        ("Abilities", ", ".join(f"{escape(n)} {r}" for n, r in rated) or "none"),
    ]
    if s.secondary:
        rows.append(("Secondary", ", ".join(f"{escape(n)} {r}" for n, r in s.secondary.items())))
    parts.append(_rows(rows))
    picks = [
        (label, ", ".join(escape(p.name + (f" ({p.detail})" if p.detail else "")) for p in chosen))
        for label, chosen in (
            ("Assets", s.assets.values()),
            ("Liabilities", s.liabilities.values()),
        )
        if chosen
    ]
    granted = s.contractor("preview")  # with the lines its picks put on the sheet
    placed = [
        *(f"{i.name} (Condition)" for i in granted.stock.conditions),
        *(f"{i.name} (Circumstance)" for i in granted.stock.circumstances),
        *(f"{b.name} (Battle Scar)" for b in granted.health.battle_scars),
        *(f"{t.name} (Trauma)" for t in granted.health.traumas),
        *(f"{le.title} (Loose End)" for le in granted.loose_ends),
    ]
    if placed:
        picks.append(("Put on the sheet by them", escape(", ".join(placed))))
    if picks:
        parts.append("<h3>Assets and Liabilities</h3>")
        parts.append(_rows(picks))
    parts.append("<h3>Starting out</h3>")
    parts.append(
        _rows(
            [
                ("Gift Credits at the start", str(s.verdict.gift_credits)),
                ("Exp kept for later", str(max(0, s.verdict.exp_left))),
            ]
        )
    )
    return "".join(parts)


class ReviewPage(StepPage):
    def __init__(self, state: CreationState) -> None:
        super().__init__(
            state,
            "Review",
            "Check everything before your contractor joins the library.",
            "This is every rule check on your choices. Red entries must be fixed before you can "
            "finish: go Back to the step they name. Amber entries are fine to keep but your "
            "Playgroup Leader will look at them when approving the sheet.\n\nUnspent Exp is "
            "kept and can be spent in any Downtime.",
        )
        self.summary = plain("")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setAccessibleName("Summary of the new contractor")
        self.findings = FindingList()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        holder = QWidget()
        inner = QVBoxLayout(holder)
        inner.addWidget(self.summary)
        inner.addStretch(1)
        scroll.setWidget(holder)
        self.content.addWidget(scroll, 2)
        self.content.addWidget(heading("Rule checks", level=2))
        self.content.addWidget(self.findings, 1)
        state.changed.connect(self._refresh)
        self._refresh()

    def initializePage(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        s = self.state
        self.summary.setText(review_summary(s))
        shown = list(s.verdict.findings)
        if not s.concept.name.strip():
            shown.insert(0, Finding("concept.name", "Your contractor needs a name", "concept.name"))
        self.findings.set_findings(shown, "✔ Every rule check passes.")

    def isComplete(self) -> bool:
        return bool(self.state.concept.name.strip()) and not self.state.verdict.errors

    def blocking_messages(self) -> list[str]:
        """Why Finish is disabled (empty when it is enabled)."""
        return [f.message for f in self.findings.findings() if f.severity is Severity.ERROR]
