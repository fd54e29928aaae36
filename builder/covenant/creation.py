"""Covenant character creation checks ("Character Creation").

3 Ties with details, at most 10 tokens on Traits and Abilities, complete and
unique assets, goals with conditions, stakes and catharsis. The Contract's
creation checks are ``builder.contract.creation``; the two games never share
these names in one namespace.
"""

from __future__ import annotations

from typing import Any

from builder.core.findings import Finding, Severity
from builder.covenant.character import (
    STARTING_TIES,
    STARTING_TOKENS,
    Asset,
    AssetKind,
    CovenantCreation,
    GoalSlot,
    Succession,
)
from builder.covenant.goals import goal_problem
from builder.covenant.playstate import creation_token_cost


def _asset_findings(
    asset: Asset, where: str, expected: AssetKind, gear: bool | None
) -> list[Finding]:
    found: list[Finding] = []
    if not asset.id.strip() or not asset.name.strip():
        found.append(Finding("covenant.asset.invalid", "An asset needs an id and a name.", where))
    if asset.kind is not expected:
        found.append(
            Finding(
                "covenant.asset.kind",
                f"'{asset.name}' is listed with the {expected.value}s but is a {asset.kind.value}.",
                where,
            )
        )
    if gear is not None and asset.gear is not gear:
        found.append(
            Finding(
                "covenant.asset.kind",
                f"'{asset.name}' is listed with the gear but is not marked as gear."
                if gear
                else f"'{asset.name}' is gear; list it as gear or as a Trait, not an Ability.",
                where,
            )
        )
    if not asset.uses:
        found.append(
            Finding("covenant.asset.invalid", f"'{asset.name}' needs at least one use.", where)
        )
    names = [u.name for u in asset.uses]
    if len(set(names)) != len(names):
        found.append(
            Finding("covenant.asset.invalid", f"'{asset.name}' lists a use name twice.", where)
        )
    if asset.price < 0:
        found.append(
            Finding("covenant.asset.invalid", f"'{asset.name}' has a negative price.", where)
        )
    return found


def creation_findings(  # noqa: C901, PLR0912  (complexity 20, 18 branches with the successor's checks)
    creation: CovenantCreation, succession: Succession | None = None
) -> tuple[Finding, ...]:
    """Every rule check on character creation ("Character Creation").

    3 Ties, at most 10 tokens on Traits and Abilities, complete and unique assets,
    goals with conditions, stakes and catharsis. A missing goal is only a warning:
    the summary calls goals optional, while the sheet expects one major and one minor.
    """
    found: list[Finding] = []
    ties = len(creation.ties)
    if succession is not None:
        found += _successor_findings(creation, succession)
    elif ties != STARTING_TIES:
        found.append(
            Finding(
                "covenant.creation.ties",
                f"A character starts with {STARTING_TIES} Ties; this one has {ties}.",
                "creation.ties",
                numbers={"ties": ties, "required": STARTING_TIES},
            )
        )
    for i, tie in enumerate(creation.ties):
        where = f"creation.ties[{i}]"
        if not tie.id.strip() or not tie.name.strip():
            found.append(Finding("covenant.tie.invalid", "A Tie needs an id and a name.", where))
        elif not tie.details.strip():
            found.append(
                Finding(
                    "covenant.tie.details",
                    f"Tie '{tie.name}' has no details; give each Tie as much detail as you can.",
                    where,
                    Severity.WARNING,
                )
            )
    spent = creation_token_cost(creation)
    if succession is None and spent > STARTING_TOKENS:
        found.append(
            Finding(
                "covenant.creation.tokens",
                f"Creation spends {spent} tokens on Traits and Abilities; only "
                f"{STARTING_TOKENS} are available.",
                "creation",
                numbers={"spent": spent, "available": STARTING_TOKENS},
            )
        )
    for i, asset in enumerate(creation.traits):
        found += _asset_findings(asset, f"creation.traits[{i}]", AssetKind.TRAIT, None)
    for i, asset in enumerate(creation.gear):
        found += _asset_findings(asset, f"creation.gear[{i}]", AssetKind.TRAIT, True)
    for i, asset in enumerate(creation.abilities):
        found += _asset_findings(asset, f"creation.abilities[{i}]", AssetKind.ABILITY, False)
    for slot, goal in (
        (GoalSlot.MAJOR, creation.major_goal),
        (GoalSlot.MINOR, creation.minor_goal),
    ):
        where = f"creation.{slot.value}_goal"
        if goal is None:
            found.append(
                Finding(
                    "covenant.goals.missing",
                    f"No {slot.value} goal: a character may have 1 major and 1 minor goal.",
                    where,
                    Severity.WARNING,
                )
            )
        elif problem := goal_problem(goal):
            found.append(Finding("covenant.goal.invalid", problem, where))
    seen: dict[str, str] = {}
    groups: list[tuple[str, tuple[Any, ...]]] = [
        ("ties", creation.ties),
        ("traits", creation.traits),
        ("gear", creation.gear),
        ("abilities", creation.abilities),
    ]
    for group, items in groups:
        for i, item in enumerate(items):
            where = f"creation.{group}[{i}]"
            if item.id in seen:
                found.append(
                    Finding(
                        "covenant.creation.duplicate_id",
                        f"The id '{item.id}' is used twice (also at {seen[item.id]}).",
                        where,
                    )
                )
            seen.setdefault(item.id, where)
    for slot, goal in (
        (GoalSlot.MAJOR, creation.major_goal),
        (GoalSlot.MINOR, creation.minor_goal),
    ):
        if goal is not None and goal.id in seen:
            found.append(
                Finding(
                    "covenant.creation.duplicate_id",
                    f"The id '{goal.id}' is used twice (also at {seen[goal.id]}).",
                    f"creation.{slot.value}_goal",
                )
            )
        elif goal is not None:
            seen[goal.id] = f"creation.{slot.value}_goal"
    return tuple(found)


def _successor_findings(creation: CovenantCreation, succession: Succession) -> list[Finding]:
    """A successor's creation holds as many Ties and assets as the sacrificed character
    did ("the same number of Discipline, ties, assets, and tokens"); its tokens are the
    Succession entry's, so the 10-token limit of a new character does not apply."""
    found: list[Finding] = []
    ties = len(creation.ties)
    assets = len(creation.traits) + len(creation.gear) + len(creation.abilities)
    for what, have, want in (
        ("Ties", ties, succession.ties),
        ("assets", assets, succession.assets),
    ):
        if have != want:
            found.append(
                Finding(
                    f"covenant.successor.{what.lower()}",
                    f"A successor has as many {what} as the sacrificed character "
                    f"({want}); this one has {have}.",
                    "creation",
                    numbers={"have": have, "required": want},
                )
            )
    return found
