"""The Weapons tab: the weapons a contractor keeps, each with its attack pool, and a roll.

Each row shows the attack roll as builder makes it now
(:func:`builder.contract.weapons.weapon_lines`: Attribute + Ability + the Gift bonus
that counts, less every dice penalty, at the weapon's Difficulty with the untrained
step). "Roll attack" (or a double-click on the pool) asks the Dice dock for that roll,
with the weapon's damage filled into its attack calculator. Adding, editing and
removing go through the named weapon operations (``harbinger.app.contract.weapon_ops``),
the same the CLI's ``contractor weapon`` runs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import ATTRIBUTES, PRIMARY_ABILITIES
from builder.contract.weapon_record import Weapon, WeaponClass
from builder.contract.weapons import WeaponLine, load_weapon_table, weapon_lines
from harbinger.app.contract.weapon_ops import AddWeapon, EditWeapon
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext
from ui.contract.sheet.names import ability_name, attribute_name
from ui.style import set_role
from ui.widgets.tables import ListTable

COLUMNS = ("Weapon", "Roll", "Pool", "Difficulty", "Damage", "Range")
POOL_COLUMN = COLUMNS.index("Pool")

CLASS_NAMES = {
    WeaponClass.FIREARM: "Gun",
    WeaponClass.MELEE: "Melee",
    WeaponClass.THROWN: "Thrown or projectile",
    WeaponClass.SPECIAL: "Special",
}


class WeaponsTab(SheetTab):
    """The weapons table with Add from tables, Custom, Edit, Remove and Roll attack."""

    roll_requested = Signal(object)
    """(:class:`~builder.contract.character.Weapon`): roll this weapon's attack."""

    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.lines: tuple[WeaponLine, ...] = ()
        self.table = ListTable("Weapons", COLUMNS, add_text="&Add from tables…", stretch=0)
        self.table.empty_text = "No weapons yet."
        # The tab's one list: it takes the height there is (wrapped rows never hide a weapon).
        self.table.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.custom_button = QPushButton("C&ustom weapon…")
        self.roll_button = QPushButton("R&oll attack")
        self.roll_button.setToolTip(
            "Open the Dice dock on this weapon's attack roll, its Weapon Damage in the "
            "attack calculator."
        )
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setAccessibleName("Weapon notes")
        self.penalty_note = QLabel()
        set_role(self.penalty_note, "muted")
        self.penalty_note.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.custom_button)
        buttons.addStretch(1)
        buttons.addWidget(self.roll_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.notes)
        layout.addWidget(self.penalty_note)

        self.table.add_requested.connect(self.add_from_tables)
        self.table.edit_requested.connect(self.edit)
        self.table.remove_requested.connect(self.remove)
        self.custom_button.clicked.connect(lambda: self.edit(-1))
        self.roll_button.clicked.connect(lambda: self.roll(self.table.current_row()))
        self.table.table.itemSelectionChanged.connect(self._selection_changed)
        self._selection_changed()

    def _selection_changed(self) -> None:
        row = self.table.current_row()
        self.roll_button.setEnabled(row >= 0)
        weapon = self.lines[row].weapon if 0 <= row < len(self.lines) else None
        self.notes.setText(f"{weapon.name}: {weapon.notes}" if weapon and weapon.notes else "")
        self.notes.setVisible(bool(self.notes.text()))

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        from ui.contract.sheet.view import gift_bonuses

        ratings = ctx.report.ratings
        derived = ctx.report.derived
        self.lines = weapon_lines(
            ctx.contractor.weapons,
            ratings.attributes,
            ratings.abilities,
            derived.roll_penalty,
            gift_bonuses(ctx.contractor),
        )
        self.table.set_rows(
            [line.cells() for line in self.lines], [line.weapon.notes for line in self.lines]
        )
        penalty = derived.roll_penalty
        self.penalty_note.setText(
            f"Pools lose {penalty} {'die' if penalty == 1 else 'dice'} to the Penalty and "
            "encumbrance, never below 2. Only Gift bonuses that are always on are counted here."
            if penalty
            else "Only Gift bonuses that are always on are counted here; a Gift you switch "
            "on is ticked in the Dice dock."
        )
        self._selection_changed()

    # ------------------------------------------------------------------ actions

    def roll(self, row: int) -> None:
        """Ask for the attack roll of the weapon on ``row``."""
        if 0 <= row < len(self.lines):
            self.roll_requested.emit(self.lines[row].weapon)

    def remove(self, row: int) -> None:
        contractor = self.ctx.contractor if self.ctx else None
        if contractor is not None and 0 <= row < len(contractor.weapons):
            self.host.run(lambda: self.host.ops.remove_weapon(contractor, row))

    def add_from_tables(self) -> None:
        """Pick a row of the rules' weapon tables; the op takes this contractor's best pair."""
        if self.ctx is None:
            return
        contractor = self.ctx.contractor
        rows = load_weapon_table().weapons
        form = FormDialog(
            "Add weapon",
            [
                Field(
                    "table",
                    "&Weapon",
                    "choice",
                    rows[0].id,
                    required=True,
                    choices=[(f"{r.name} ({CLASS_NAMES[r.weapon_class]})", r.id) for r in rows],
                ),
                Field("name", "&Name on the sheet", placeholder="as in the table"),
            ],
            help_text="The rules' weapon tables. Where a weapon may use either of two "
            "Attributes or Abilities, the pair with your biggest pool is taken; edit it after.",
        )

        def accepted() -> None:
            values = form.values()
            given = AddWeapon(table=values["table"], name=values["name"].strip() or None)
            self.host.run(lambda: self.host.ops.add_weapon(contractor, given))

        form.accepted.connect(accepted)
        self.host.show_dialog(form)

    def edit(self, row: int) -> None:
        """Edit the weapon on ``row``, or write a custom one (``row`` −1)."""
        if self.ctx is None:
            return
        contractor = self.ctx.contractor
        held = contractor.weapons[row] if 0 <= row < len(contractor.weapons) else None
        current = held or Weapon(name="", attribute="dexterity", ability="melee")
        form = FormDialog("Edit weapon" if held else "Custom weapon", _fields(current))

        def accepted() -> None:
            values = _inputs(form.values())
            if held is None:
                given: Any = AddWeapon(**values)
                self.host.run(lambda: self.host.ops.add_weapon(contractor, given))
            else:
                given = EditWeapon(**values, weapon=row)
                self.host.run(lambda: self.host.ops.edit_weapon(contractor, given))

        form.accepted.connect(accepted)
        self.host.show_dialog(form)


def _fields(current: Weapon) -> list[Field]:
    return [
        Field("name", "&Name", value=current.name, required=True),
        Field(
            "attribute",
            "&Attribute",
            "choice",
            current.attribute,
            choices=[(attribute_name(a), a) for a in ATTRIBUTES],
        ),
        Field(
            "ability",
            "A&bility",
            "choice",
            current.ability,
            choices=[(ability_name(a), a) for a in PRIMARY_ABILITIES],
        ),
        Field("difficulty", "&Difficulty", "int", current.difficulty, minimum=1, maximum=30),
        Field("damage", "Weapon Da&mage", "int", current.damage, minimum=-20, maximum=50),
        Field("no_damage", "Deals no Weapon Damage", "bool", not current.deals_damage),
        Field("range_feet", "&Range (feet, 0: none)", "int", current.range_feet, maximum=100000),
        Field("armor_piercing", "Armor &pierced", "int", current.armor_piercing, maximum=50),
        Field(
            "weapon_class",
            "&Kind",
            "choice",
            current.weapon_class,
            choices=[(name, kind) for kind, name in CLASS_NAMES.items()],
        ),
        Field("notes", "N&otes", "multiline", current.notes),
    ]


def _inputs(values: dict[str, Any]) -> dict[str, Any]:
    """The form's values as the weapon operations' inputs."""
    return {
        "name": values["name"],
        "attribute": values["attribute"],
        "ability": values["ability"],
        "difficulty": values["difficulty"],
        "damage": values["damage"],
        "no_damage": values["no_damage"],
        "range_feet": values["range_feet"],
        "armor_piercing": values["armor_piercing"],
        "weapon_class": WeaponClass(values["weapon_class"]),
        "notes": values["notes"],
    }
