"""The derived numbers a contractor's sheet shows, as plain JSON for outside tools.

``harbinger sheet show FILE --json`` prints this; the printed sheet
(``printing.contract``) and the app's sheet show the same values, because all
of them read ``builder.contract.sheet.evaluate_sheet``. Each group names the
rule it follows (``builder.contract.derived.DERIVED_RULES``).

Dice pools are given raw and after the dice penalties every roll takes (the
Penalty plus encumbrance; "dice penalties DO stack, reducing the dice pool to
a minimum of 2").
"""

from __future__ import annotations

from typing import Any

from builder.contract.character import Contractor
from builder.contract.derived import DERIVED_RULES, Derived, pool_after_penalty
from builder.contract.scars import roll_modifiers
from builder.contract.sheet import SheetReport, evaluate_sheet


def _track(rating: int, damage: int, remaining: int, state: str, penalty: int) -> dict[str, Any]:
    return {
        "rating": rating,
        "damage": damage,
        "remaining": remaining,
        "state": state,
        "penalty": penalty,
    }


def _pool(dice: int, d: Derived) -> dict[str, int]:
    return {"dice": dice, "after_penalty": pool_after_penalty(dice, d.roll_penalty)}


def penalty_numbers(d: Derived) -> dict[str, Any]:
    """The Penalty and where each part of it comes from."""
    return {
        "total": d.penalty,
        "source": d.penalty_source,
        "body": d.body_penalty,
        "mind": d.mind_penalty,
        "wounds": d.wound_penalty,
        "scar_floor": d.scar_floor,
        "scar": d.scar_floor_from,
        "encumbrance": d.encumbrance_penalty,
        "roll_penalty": d.roll_penalty,
        "rule": DERIVED_RULES["penalty"],
    }


def sheet_numbers(contractor: Contractor, report: SheetReport | None = None) -> dict[str, Any]:
    """Body, Mind, each penalty with its source, dice pools, movement and carry, as JSON."""
    report = report or evaluate_sheet(contractor)
    d = report.derived
    numbers = _numbers(contractor, report, d)
    if contractor.weapons:
        numbers["weapons"] = _weapons(contractor, report)
    return numbers


def _weapons(contractor: Contractor, report: SheetReport) -> list[dict[str, Any]]:
    """Each weapon's attack roll as the sheet shows it (with the Gift bonuses always on)."""
    from builder.contract.gifts import default_catalog
    from builder.contract.gifts.bonus import contractor_bonuses
    from builder.contract.gifts.catalog import CatalogError
    from builder.contract.weapons import weapon_lines, weapon_numbers

    try:
        bonuses = contractor_bonuses(contractor, default_catalog()) if contractor.gifts else ()
    except CatalogError:
        bonuses = ()
    ratings = report.ratings
    lines = weapon_lines(
        contractor.weapons,
        ratings.attributes,
        ratings.abilities,
        report.derived.roll_penalty,
        bonuses,
    )
    return weapon_numbers(lines)


def _numbers(contractor: Contractor, report: SheetReport, d: Derived) -> dict[str, Any]:
    return {
        "id": contractor.id,
        "name": contractor.concept.name,
        "status": report.status.label,
        "body": {
            **_track(d.body, d.body_damage, d.body_remaining, d.body_state, d.body_penalty),
            "rule": DERIVED_RULES["body"],
        },
        "mind": {
            **_track(d.mind, d.mind_damage, d.mind_remaining, d.mind_state, d.mind_penalty),
            "rule": DERIVED_RULES["mind"],
        },
        "penalty": penalty_numbers(d),
        "incapacitated": d.incapacitated,
        "dead": d.dead,
        "pools": {
            "initiative": _pool(d.initiative_pool, d),
            "body": _pool(d.body_pool, d),
            "mind": _pool(d.mind_pool, d),
            "rule": DERIVED_RULES["initiative_pool"],
        },
        "movement": {
            "free_ft": d.free_movement_ft,
            "sprint_steps": d.sprint_steps,
            "sprint_ft": d.sprint_ft,
            "encumbrance_ft": d.encumbrance_ft,
            "scar": d.movement_scar,
            "fraction": f"{d.movement_fraction.numerator}/{d.movement_fraction.denominator}",
            "no_sprint_scar": d.no_sprint_scar,
            "at_lift_limit": d.at_lift_limit,
            "rule": DERIVED_RULES["free_movement_ft"],
        },
        "carry": {
            "limit_lb": d.carry_lb,
            "carried_lb": d.carried_lb,
            "over_lb": d.carry_over_lb,
            "encumbrance_penalty": d.encumbrance_penalty,
            "unencumbered_bonus": d.unencumbered_bonus,
            "lift_lb": d.lift_lb,
            "rule": DERIVED_RULES["carry_lb"],
        },
        "scar_modifiers": [
            m.to_json() for m in roll_modifiers(contractor.health.battle_scars, d.penalty)
        ],
    }
