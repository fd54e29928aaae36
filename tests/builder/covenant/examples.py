"""The Covenant character the rule tests play with, and small helpers to narrate play.

Ines is a freight rigger: three Ties (xir sister, xir skiff, xir union), three
Traits and two Abilities bought with 5 of xir 10 tokens, and gear bought with
bids. Rule tests start from her and play the summary's situations step by step.
"""

from __future__ import annotations

from builder.core.result import Result
from builder.covenant.character import (
    Asset,
    AssetKind,
    AssetUse,
    CovenantCharacter,
    CovenantCreation,
    Goal,
    Tie,
    UseState,
)
from builder.covenant.rules import evaluate_covenant
from builder.covenant.state import fold

SISTER = Tie("tie-sister", "Xir sister Dana", "Dana runs the clinic on Kessler Ring.")
SKIFF = Tie("tie-skiff", "The Lantern", "The courier skiff xi co-owns, and the loan on it.")
UNION = Tie("tie-union", "Local 9", "Xir union hall, who would strike for xir.")

RIFLES = Asset("rifles", "Rifles", AssetKind.TRAIT)
RIGGING = Asset("zero-g-rigging", "Zero-G Rigging", AssetKind.TRAIT)
STATION_BORN = Asset("station-born", "Station-Born", AssetKind.TRAIT)

SWEEP = Asset(
    "sweep",
    "Sweep",
    AssetKind.ABILITY,
    uses=(AssetUse("trip", UseState.EXPEND), AssetUse("pin", UseState.EXHAUST)),
)
RALLY = Asset("rally", "Rally", AssetKind.ABILITY, uses=(AssetUse("steady them", UseState.TAP),))

COIL_RIFLE = Asset(
    "coil-rifle",
    "Coil Rifle",
    AssetKind.TRAIT,
    gear=True,
    uses=(AssetUse("aimed shot", UseState.TAP), AssetUse("overcharge", UseState.EXHAUST)),
)
VACC_SUIT = Asset(
    "vacc-suit",
    "Vacc Suit",
    AssetKind.TRAIT,
    gear=True,
    uses=(AssetUse("seal up", UseState.TAP), AssetUse("take the hit", UseState.DESTROY)),
)
MULTITOOL = Asset(
    "multitool",
    "Multitool",
    AssetKind.TRAIT,
    gear=True,
    uses=(AssetUse("quick fix", UseState.EXPEND),),
)

PAY_OFF_LOAN = Goal(
    "goal-loan",
    "Pay off the Lantern",
    conditions="Clear the loan on the skiff before the story ends.",
    stakes="The skiff: the lender takes it.",
    catharsis="A new Tie: the crew's own ship.",
    deadline="end of the story",
)
MEDICINE_RUN = Goal(
    "goal-medicine",
    "Get Dana her medicine",
    conditions="Deliver the antivirals to the clinic this chapter.",
    stakes="Dana's trust.",
    catharsis="A new Tie made available: the clinic's patients.",
    deadline="end of the chapter",
)


def ines(**creation: object) -> CovenantCharacter:
    """The example character; keyword arguments replace parts of xir creation."""
    base: dict[str, object] = {
        "ties": (SISTER, SKIFF, UNION),
        "traits": (RIFLES, RIGGING, STATION_BORN),
        "abilities": (SWEEP, RALLY),
        "gear": (COIL_RIFLE, VACC_SUIT, MULTITOOL),
        "major_goal": PAY_OFF_LOAN,
        "minor_goal": MEDICINE_RUN,
    }
    base.update(creation)
    return CovenantCharacter(
        id="ines",
        name="Ines Okafor-Vell",
        creation=CovenantCreation(**base),  # type: ignore[arg-type]
    )


def ok(played: Result[CovenantCharacter]) -> CovenantCharacter:
    """The character after an action the rules must allow."""
    assert played.accepted, [f.message for f in played.findings]
    return played.character


def refused(played: Result[CovenantCharacter], before: CovenantCharacter, rule: str) -> None:
    """The action was refused for ``rule`` and changed nothing."""
    assert not played.accepted
    assert played.character == before
    assert rule in [f.rule for f in played.findings]


def discipline(character: CovenantCharacter) -> tuple[int, int, int, int]:
    """(free, scene, chapter, long-term) Discipline."""
    d = fold(character).state.discipline
    return (d.free, d.scene, d.chapter, d.long_term)


def status(character: CovenantCharacter, asset_id: str) -> str:
    """ "ready", "expended", "tapped", "exhausted" or "destroyed"."""
    report = evaluate_covenant(character)
    (asset,) = [a for a in report.assets if a.id == asset_id]
    return asset.status


def tokens_available(character: CovenantCharacter) -> int:
    return evaluate_covenant(character).tokens.available
