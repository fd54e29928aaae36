"""The printed sheet's Weapons section: each weapon with its attack roll (issue 31, item 3).

The figures are builder's (:func:`builder.contract.weapons.weapon_lines`: the pool
with the Gift bonus that counts and after every dice penalty, the Difficulty with
the untrained step); this module only lays them out. A contractor without weapons
prints no section, so sheets printed before weapons existed look the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.platypus import Flowable, Spacer

from builder.contract.character import Contractor
from builder.contract.gifts.bonus import GiftBonus, contractor_bonuses
from builder.contract.gifts.catalog import Catalog, CatalogError
from builder.contract.sheet import SheetReport
from builder.contract.weapons import weapon_lines
from printing.common.flowables import fit, grid
from printing.common.sections import section_heading
from printing.common.styles import Styles
from printing.common.text import markup, para


@dataclass(frozen=True, slots=True)
class WeaponView:
    """One printed weapon row: the sheet's cells and the weapon's notes."""

    name: str
    roll: str
    pool: str
    difficulty: str
    damage: str
    range: str
    notes: str = ""


def _bonuses(contractor: Contractor, catalog: Any) -> tuple[GiftBonus, ...]:
    if not contractor.gifts or not isinstance(catalog, Catalog):
        return ()
    try:
        return contractor_bonuses(contractor, catalog)
    except CatalogError:
        return ()


def weapon_views(
    contractor: Contractor, report: SheetReport, gift_catalog: Any = None
) -> tuple[WeaponView, ...]:
    """The contractor's weapons as printed, their pools from ``report`` (``evaluate_sheet``)."""
    if not contractor.weapons:
        return ()
    ratings = report.ratings
    lines = weapon_lines(
        contractor.weapons,
        ratings.attributes,
        ratings.abilities,
        report.derived.roll_penalty,
        _bonuses(contractor, gift_catalog),
    )
    return tuple(WeaponView(*line.cells(), notes=line.weapon.notes) for line in lines)


def weapons_section(weapons: Sequence[WeaponView], width: float, s: Styles) -> list[Flowable]:
    """The Weapons heading and table; nothing at all when there are no weapons."""
    if not weapons:
        return []
    out = section_heading("Weapons", s)
    widths = [width * f for f in (0.2, 0.2, 0.21, 0.11, 0.17, 0.11)]
    rows: list[list[Flowable | str]] = [
        ["Weapon", "Attack roll", "Pool", "Difficulty", "Damage", "Range"]
    ]
    for w in weapons:
        rows.append(
            [
                fit(w.name, s.cell_bold, widths[0]),
                fit(w.roll, s.cell, widths[1]),
                fit(w.pool, s.cell, widths[2]),
                fit(w.difficulty, s.cell, widths[3]),
                fit(w.damage, s.cell, widths[4]),
                fit(w.range, s.cell, widths[5]),
            ]
        )
    out.append(grid(rows, widths, fonts={0: s.cell_bold}))
    notes = [w for w in weapons if w.notes]
    for w in notes:
        out.append(para(markup("<b>{name}</b>: {notes}", name=w.name, notes=w.notes), s.small))
    out.append(Spacer(1, 5))
    return out
