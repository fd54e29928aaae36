"""What every sheet tab is given: the contractor, builder's evaluation of it, the catalog.

Tabs read numbers only from ``report`` (``builder.contract.sheet.evaluate_sheet``) and
names and descriptions from ``catalog`` (``builder.contract.sheet_catalog``); the
contractor value supplies the player's own text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.contract.character import Contractor
from builder.contract.derived import DERIVED_RULES
from ui.widgets.common import title_case

__all__ = [
    "SheetContext",
    "penalty_rows",
    "penalty_source_text",
    "signed",
    "title_case",
    "widen_values",
]


@dataclass(frozen=True, slots=True)
class SheetContext:
    contractor: Contractor
    report: Any  # builder.contract.sheet.SheetReport
    catalog: Any  # builder.contract.sheet_catalog.SheetCatalog


def signed(value: int) -> str:
    """+3, 0, −2 (with a real minus sign)."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"


def penalty_rows(derived: Any) -> list[tuple[str, str, str]]:
    """The Penalty and encumbrance lines (label, value, tooltip) of a sheet, from builder.

    ``derived`` is ``builder.contract.derived.Derived``: the Penalty names its
    source ("wounds" or the Battle Scar that sets a floor), and the tooltips
    quote the rules builder follows (``DERIVED_RULES``).
    """
    penalty = derived.penalty
    value = f"−{penalty} dice · {penalty_source_text(derived)}" if penalty else "none"
    tip = (
        f"Wounds: Body −{derived.body_penalty}, Mind −{derived.mind_penalty} "
        f"(−{derived.wound_penalty} in all)."
    )
    if derived.scar_floor:
        tip += f" Battle Scar {derived.scar_floor_from}: at least −{derived.scar_floor}."
    tip += f"\n{DERIVED_RULES['penalty']}. Pools never drop below 2 dice from Penalty."
    rows = [("Penalty", value, tip)]
    if derived.encumbrance_penalty:
        load = f"−{derived.encumbrance_penalty} dice · {derived.carry_over_lb} lb over"
    elif derived.unencumbered_bonus:
        load = f"+{derived.unencumbered_bonus} die to physical actions · unencumbered"
    else:
        load = "none"
    rows.append(("Encumbrance", load, DERIVED_RULES["carry_lb"]))
    if derived.roll_penalty != penalty:
        rows.append(
            (
                "Every roll",
                f"−{derived.roll_penalty} dice",
                "The Penalty plus encumbrance: dice penalties stack.",
            )
        )
    return rows


def penalty_source_text(derived: Any) -> str:
    """Where the Penalty comes from, in the player's words ("from wounds", "Battle Scar …")."""
    source = derived.penalty_source
    if source == "wounds":
        return "from wounds"
    return source


def widen_values(grid: Any) -> None:
    """Give a figure grid's value column the spare width, so "−1 dice · from wounds" and
    "7 dice (6 after Penalty)" stay on one line (call after each ``set_rows``)."""
    layout = grid.layout()
    layout.setColumnStretch(0, 0)
    layout.setColumnStretch(1, 1)
