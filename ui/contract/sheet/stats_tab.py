"""The Stats tab: Attributes and Abilities as dots, Source, and the derived values.

Every number comes from the sheet report: ratings folded from creation and
the ledger, and ``builder.contract.derived`` values (Body, Mind, Penalty, Initiative,
movement, carrying). Hovering an Ability shows its dice pool with each
Attribute, before and after Penalty (``builder.contract.derived.pool_after_penalty``).

Clicking an Attribute's or an Ability's name (or Enter on it) asks for that roll
(:attr:`StatsTab.roll_requested`): the main window opens the Dice dock with
the Attribute, or the Ability, chosen and the Difficulty ready to type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import ATTRIBUTES, PRIMARY_ABILITIES
from builder.contract.derived import DERIVED_RULES, pool_after_penalty
from ui.contract.sheet.context import SheetContext, penalty_rows, widen_values
from ui.contract.sheet.names import (
    ability_description,
    ability_name,
    attribute_description,
    attribute_name,
)
from ui.style import set_role
from ui.widgets.common import FigureGrid, heading
from ui.widgets.dots import Dots
from ui.widgets.down_scroll import DownScroll
from ui.widgets.reflow import ReflowRow


def pool_tooltip(
    description: str,
    ability_label: str,
    rating: int,
    attributes: Mapping[str, int],
    penalty: int,
) -> str:
    """The hover text of an Ability: what it covers and its pool with each Attribute."""
    lines = [description, ""] if description else []
    lines.append(f"Dice pools with {ability_label} {rating}:")
    for attr in ATTRIBUTES:
        base = attributes[attr] + rating
        after = pool_after_penalty(base, penalty)
        note = f" ({after} after Penalty)" if after != base else ""
        lines.append(f"  {attribute_name(attr)} + {ability_label}: {base} dice{note}")
    return "\n".join(lines)


def carry_text(derived: Any) -> str:
    """The carry line: the limit, and what is carried against it when the table tracks weight."""
    if not derived.carried_lb:
        return f"{derived.carry_lb} lb"
    text = f"{derived.carried_lb} of {derived.carry_lb} lb"
    if derived.carry_over_lb:
        text += f" · {derived.carry_over_lb} lb over"
    return text


ROLL_HINT = "Click to roll it in the Dice dock."


class RollLink(QLabel):
    """A trait's name that asks for its roll: a click, or Enter or Space once focused (Tab)."""

    clicked = Signal()

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
            event.position().toPoint()
        ):
            self.clicked.emit()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.clicked.emit()
            return
        super().keyPressEvent(event)


class RatingRow:
    """One trait line: name, dots, number. Kept so a refresh only changes values."""

    def __init__(
        self,
        grid: QGridLayout,
        row: int,
        col: int,
        label: str,
        parent: QWidget | None = None,
        *,
        rollable: bool = True,
    ) -> None:
        # Rows added after the tab is shown get their parent at once: a widget born
        # parentless is polished as a window first and can keep a window's font.
        self.rollable = rollable
        self.name = RollLink(label, parent) if rollable else QLabel(label, parent)
        self.dots = Dots(parent=parent)
        self.number = QLabel(parent)
        self.grid = grid
        self.number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.number.setMinimumWidth(self.number.fontMetrics().horizontalAdvance("00"))
        grid.addWidget(self.name, row, col)
        grid.addWidget(self.dots, row, col + 1)
        grid.addWidget(self.number, row, col + 2)

    def set(self, rating: int, maximum: int, tooltip: str) -> None:
        self.dots.set_value(rating, maximum)
        self.number.setText(str(rating))
        for widget in (self.dots, self.number):
            widget.setToolTip(tooltip)
        hint = ROLL_HINT if self.rollable else ""
        self.name.setToolTip("\n\n".join(t for t in (tooltip, hint) if t))
        self.name.setAccessibleName(f"{self.name.text()} {rating}")

    def remove(self) -> None:
        for widget in (self.name, self.dots, self.number):
            # Hidden and out of the grid at once: deletion waits for the event loop.
            widget.hide()
            self.grid.removeWidget(widget)
            widget.deleteLater()


class StatsTab(DownScroll):
    """Ratings and derived values: Attributes and Derived beside the Abilities, or above
    them when the tab is too narrow for both (the app font at 1.5× with the Dice dock
    open); it scrolls down, never sideways."""

    roll_requested = Signal(str, str)
    """("attribute" or "ability", the trait's display name): its name was clicked."""

    ABILITY_COLUMNS = 2

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (52 statements when the limits came in)
        body = QWidget()
        super().__init__(body, parent)

        attr_grid = QGridLayout()
        attr_grid.setHorizontalSpacing(12)
        attr_grid.setVerticalSpacing(6)
        self.attribute_rows = {
            a: RatingRow(attr_grid, i, 0, attribute_name(a)) for i, a in enumerate(ATTRIBUTES)
        }
        for row in self.attribute_rows.values():
            self._asks_roll(row, "attribute")
        self.derived = FigureGrid()

        left = QVBoxLayout()
        left.setSpacing(6)
        left.addWidget(heading("Attributes"))
        left.addLayout(attr_grid)
        left.addSpacing(12)
        left.addWidget(heading("Derived"))
        left.addWidget(self.derived)
        left.addStretch(1)

        self.ability_grid = QGridLayout()
        self.ability_grid.setHorizontalSpacing(8)
        self.ability_grid.setVerticalSpacing(6)
        per_column = -(-len(PRIMARY_ABILITIES) // self.ABILITY_COLUMNS)
        self.ability_rows: dict[str, RatingRow] = {}
        for i, ability in enumerate(PRIMARY_ABILITIES):
            col = (i // per_column) * 4
            self.ability_rows[ability] = RatingRow(
                self.ability_grid, i % per_column, col, ability_name(ability)
            )
            self._asks_roll(self.ability_rows[ability], "ability")
        self.ability_grid.setColumnMinimumWidth(3, 16)
        self.secondary_grid = QGridLayout()
        self.secondary_grid.setHorizontalSpacing(12)
        self.secondary_grid.setVerticalSpacing(6)
        self.secondary_rows: list[RatingRow] = []
        self.secondary_empty = QLabel("None. Secondary Abilities are narrow skills you name.")
        set_role(self.secondary_empty, "muted")
        self.secondary_empty.setWordWrap(True)
        self.source_grid = QGridLayout()
        self.source_grid.setHorizontalSpacing(12)
        self.source_row = RatingRow(self.source_grid, 0, 0, "Source", rollable=False)

        right = QVBoxLayout()
        right.setSpacing(6)
        right.addWidget(heading("Abilities"))
        right.addLayout(self.ability_grid)
        right.addSpacing(12)
        right.addWidget(heading("Secondary Abilities", level=2))
        right.addWidget(self.secondary_empty)
        right.addLayout(self.secondary_grid)
        right.addSpacing(12)
        right.addWidget(heading("Source", level=2))
        right.addLayout(self.source_grid)
        right.addStretch(1)

        self.columns = ReflowRow(spacing=20, stacked_spacing=20)
        self.columns.add_layout(left, 2)
        self.columns.add_layout(right, 3)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 12, 8, 12)
        layout.addWidget(self.columns)

    def _asks_roll(self, row: RatingRow, kind: str) -> None:
        """Clicking the row's name asks for its roll (``roll_requested``)."""
        name = row.name.text()
        row.name.clicked.connect(lambda: self.roll_requested.emit(kind, name))

    def show_sheet(self, ctx: SheetContext) -> None:
        report = ctx.report
        ratings = report.ratings
        derived = report.derived
        penalty = derived.roll_penalty
        # With a load carried the dice lost are Penalty and encumbrance together.
        lost = f"−{penalty}" if derived.encumbrance_penalty else "Penalty"
        for attr, row in self.attribute_rows.items():
            rating = ratings.attributes[attr]
            row.set(rating, max(5, rating), attribute_description(ctx.catalog, attr))
        for ability, row in self.ability_rows.items():
            rating = ratings.abilities[ability]
            tip = pool_tooltip(
                ability_description(ctx.catalog, ability),
                ability_name(ability),
                rating,
                ratings.attributes,
                penalty,
            )
            row.set(rating, max(5, rating), tip)

        for row in self.secondary_rows:
            row.remove()
        self.secondary_rows = []
        for i, (name, rating) in enumerate(sorted(ratings.secondary.items())):
            row = RatingRow(self.secondary_grid, i, 0, name, self.widget())
            self._asks_roll(row, "ability")
            tip = pool_tooltip(
                "A Secondary Ability: −1 Difficulty where its speciality applies.",
                name,
                rating,
                ratings.attributes,
                penalty,
            )
            row.set(rating, max(5, rating), tip)
            self.secondary_rows.append(row)
        self.secondary_empty.setVisible(not ratings.secondary)

        source_name = ctx.contractor.source.name or "Source"
        self.source_row.name.setText(source_name)
        if ratings.source:
            self.source_row.set(
                ratings.source,
                max(5, ratings.source),
                f"{source_name}: points spent instead of Exertion to activate Gifts.",
            )
        else:
            self.source_row.set(0, 5, "Source appears with the first Gift.")

        body_tip = (
            f"Body {derived.body}, damage {derived.body_damage} (worst Injury plus one per other "
            f"Injury): {derived.body_remaining} left, {derived.body_state}."
        )
        mind_tip = (
            f"Mind {derived.mind}, damage {derived.mind_damage}: {derived.mind_remaining} left, "
            f"{derived.mind_state}."
        )
        self.derived.set_rows(
            [
                (
                    "Body",
                    f"{derived.body_remaining} of {derived.body} · {derived.body_state}",
                    body_tip,
                ),
                (
                    "Mind",
                    f"{derived.mind_remaining} of {derived.mind} · {derived.mind_state}",
                    mind_tip,
                ),
                *penalty_rows(derived),
                (
                    "Initiative",
                    self._pool(derived.initiative_pool, penalty, lost),
                    "Dexterity + Perception",
                ),
                ("Body roll", self._pool(derived.body_pool, penalty, lost), ""),
                ("Mind roll", self._pool(derived.mind_pool, penalty, lost), ""),
                ("Free movement", f"{derived.free_movement_ft} ft", ""),
                (
                    "Sprint",
                    f"+{derived.sprint_steps} steps ({derived.sprint_ft} ft)",
                    "Extra 5-foot steps beyond free movement, each at −1 die",
                ),
                ("Carry", carry_text(derived), DERIVED_RULES["carry_lb"]),
                ("Lift", f"{derived.lift_lb} lb", "Most you can lift and haul"),
            ]
        )
        widen_values(self.derived)

    @staticmethod
    def _pool(pool: int, penalty: int, words: str = "Penalty") -> str:
        after = pool_after_penalty(pool, penalty)
        return f"{pool} dice" if after == pool else f"{pool} dice ({after} after {words})"
