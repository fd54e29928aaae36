"""Creating a Contractor: the starting 150 Exp, three Limits, Assets and Liabilities.

Rules implemented ("Creating a Contractor", "Filling out a Character Sheet",
"Assets and Liabilities", "Limits"):

- a new contractor has 150 Exp to raise Attributes (from 1, at most 5) and
  Abilities, Primary and Secondary (from 0, at most 5 for a Newbie), priced
  as in ``builder.contract.costs``; whatever is left stays available;
- an Asset costs its value and a Liability credits its value;
- Restricted Assets and Liabilities, and custom Limits, need Playgroup
  Leader approval (a WARNING, not an error);
- exactly three Limits; a normal human has Anguish, Atrocities and Murder.

``creation_report`` gives the wizard its live "Exp left of 150" and the
findings to show next to each field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
    AssetPick,
    Concept,
    Contractor,
    Creation,
    Item,
    Limit,
    SourcePool,
    TraitKind,
)
from builder.contract.costs import (
    ABILITY_MAX,
    ABILITY_MIN,
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    cost_to_reach,
)
from builder.contract.sheet_catalog import GrantKind, SheetCatalog
from builder.core.findings import Finding, Severity

STARTING_EXP = 150
"""Every brand-new contractor starts with 150 Exp ("Earning Experience")."""

LIMITS_REQUIRED = 3
"""A contractor begins with three Limits ("Selecting Limits")."""

DEFAULT_LIMITS: tuple[Limit, ...] = (
    Limit("Anguish", "Long torture or drawn-out agony, of body or mind, calls for a Trauma roll."),
    Limit("Atrocities", "Seeing a massacre, torture or a like horror calls for a Trauma roll."),
    Limit("Murder", "Killing anyone other than in immediate self-defense calls for a Trauma roll."),
)
"""The three Limits of an ordinary, well-adjusted person."""

GIFTED_ASSET_ID = "gifted"
"""Catalog id of the Gifted Asset: a starting Gift Credit, always Restricted."""

APPROVAL = "needs Playgroup Leader approval"


@dataclass(frozen=True, slots=True)
class CreationCost:
    """Where the starting Exp went, so the wizard can show each part of the sum.

    ``total`` = attributes + abilities + secondary + assets − liabilities.
    """

    attributes: int
    abilities: int
    secondary: int
    assets: int
    liabilities: int

    @property
    def total(self) -> int:
        return self.attributes + self.abilities + self.secondary + self.assets - self.liabilities


def _raise_cost(kind: TraitKind, start: int, rating: object) -> int:
    """Creation price of one rating; ratings that cannot be priced cost nothing here
    (``creation_report`` reports them)."""
    if not isinstance(rating, int) or isinstance(rating, bool) or rating < start:
        return 0
    return cost_to_reach(kind, start, rating)


def _value(pick: AssetPick) -> int:
    value = pick.value
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return 0
    return value


def creation_cost(creation: Creation) -> CreationCost:
    """Exp the creation choices cost at creation rates (Assets at their plain value)."""
    return CreationCost(
        attributes=sum(
            _raise_cost(TraitKind.ATTRIBUTE, ATTRIBUTE_MIN, r) for r in creation.attributes.values()
        ),
        abilities=sum(
            _raise_cost(TraitKind.ABILITY, ABILITY_MIN, r) for r in creation.abilities.values()
        ),
        secondary=sum(
            _raise_cost(TraitKind.SECONDARY, ABILITY_MIN, r) for r in creation.secondary.values()
        ),
        assets=sum(_value(a) for a in creation.assets),
        liabilities=sum(_value(li) for li in creation.liabilities),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_ratings(
    ratings: Mapping[str, int],
    *,
    group: str,
    known: tuple[str, ...] | None,
    low: int,
    high: int,
    label: str,
    rule: str,
) -> list[Finding]:
    """Names and ranges of one group of creation ratings; ``rule`` prefixes the rule ids."""
    findings: list[Finding] = []
    for name, rating in ratings.items():
        where = f"creation.{group}.{name}"
        if known is not None and name not in known:
            findings.append(
                Finding(
                    f"creation.unknown_{rule}",
                    f"{name!r} is not one of the {_plural(label)} on the sheet",
                    where,
                )
            )
            continue
        if not str(name).strip():
            findings.append(Finding("creation.secondary_name", f"a {label} needs a name", where))
            continue
        if not _is_int(rating) or not low <= rating <= high:
            why = " (a 6th rank needs Seasoned status)" if rule != "attribute" else ""
            findings.append(
                Finding(
                    f"creation.{rule}_range",
                    f"{_shown(name, rule)} is rated {rating!r}; at creation "
                    f"{_plural(label)} run from {low} to {high}" + why,
                    where,
                    numbers={"rating": rating, "min": low, "max": high},
                )
            )
    return findings


def _check_secondary_names(secondary: Mapping[str, int]) -> list[Finding]:
    findings: list[Finding] = []
    primary = {a.lower() for a in PRIMARY_ABILITIES}
    for name in secondary:
        if str(name).strip().lower() in primary:
            findings.append(
                Finding(
                    "creation.secondary_is_primary",
                    f"Secondary Ability {name!r} has the name of a Primary Ability; a Secondary"
                    " Ability must be narrower than any Primary one",
                    f"creation.secondary.{name}",
                    Severity.WARNING,
                )
            )
    return findings


def _check_picks(picks: tuple[AssetPick, ...], kind: AssetKind, group: str) -> list[Finding]:
    findings: list[Finding] = []
    label = "Asset" if kind is AssetKind.ASSET else "Liability"
    for i, pick in enumerate(picks):
        where = f"creation.{group}[{i}]"
        if pick.kind != kind:
            findings.append(
                Finding(
                    "creation.asset_kind",
                    f"{pick.name!r} is listed with the {group} but is marked {pick.kind!s}",
                    where,
                )
            )
        if not _is_int(pick.value) or pick.value < 0:
            findings.append(
                Finding(
                    "creation.asset_value",
                    f"{label} {pick.name!r} has value {pick.value!r}; a value is a whole number"
                    " of 0 or more",
                    where,
                    numbers={"value": pick.value},
                )
            )
        if pick.restricted or pick.id == GIFTED_ASSET_ID:
            findings.append(
                Finding(
                    f"{'asset' if kind is AssetKind.ASSET else 'liability'}.restricted",
                    f"{label} {pick.name!r} is Restricted and {APPROVAL}",
                    where,
                    Severity.WARNING,
                )
            )
        elif pick.id == "custom":
            findings.append(
                Finding(
                    f"{'asset' if kind is AssetKind.ASSET else 'liability'}.custom",
                    f"{label} {pick.name!r} is custom-made and {APPROVAL}",
                    where,
                    Severity.WARNING,
                )
            )
    gifted = [i for i, p in enumerate(picks) if p.id == GIFTED_ASSET_ID]
    for i in gifted[1:]:
        findings.append(
            Finding(
                "asset.gifted_twice",
                "the Gifted Asset gives a single Gift Credit and can be taken once",
                f"creation.{group}[{i}]",
            )
        )
    return findings


def check_limits(limits: Sequence[Limit]) -> list[Finding]:
    """Exactly three Limits, none blank or repeated; custom ones need approval."""
    findings: list[Finding] = []
    if len(limits) != LIMITS_REQUIRED:
        findings.append(
            Finding(
                "limits.count",
                f"a contractor has exactly {LIMITS_REQUIRED} Limits, not {len(limits)}",
                "limits",
                numbers={"limits": len(limits), "required": LIMITS_REQUIRED},
            )
        )
    seen: set[str] = set()
    for i, limit in enumerate(limits):
        where = f"limits[{i}]"
        key = limit.name.strip().lower()
        if not key:
            findings.append(Finding("limits.name", "a Limit needs a name", where))
            continue
        if key in seen:
            findings.append(
                Finding("limits.duplicate", f"the Limit {limit.name!r} is listed twice", where)
            )
        seen.add(key)
        if limit.custom:
            findings.append(
                Finding(
                    "limits.custom",
                    f"custom Limit {limit.name!r} {APPROVAL}",
                    where,
                    Severity.WARNING,
                )
            )
    return findings


def creation_findings(creation: Creation, limits: Sequence[Limit]) -> list[Finding]:
    """Every creation rule that can be checked without the ledger."""
    findings: list[Finding] = []
    findings += _check_ratings(
        creation.attributes,
        group="attributes",
        known=ATTRIBUTES,
        low=ATTRIBUTE_MIN,
        high=ATTRIBUTE_MAX,
        label="Attribute",
        rule="attribute",
    )
    findings += _check_ratings(
        creation.abilities,
        group="abilities",
        known=PRIMARY_ABILITIES,
        low=ABILITY_MIN,
        high=ABILITY_MAX,
        label="Primary Ability",
        rule="ability",
    )
    findings += _check_ratings(
        creation.secondary,
        group="secondary",
        known=None,
        low=ABILITY_MIN,
        high=ABILITY_MAX,
        label="Secondary Ability",
        rule="secondary",
    )
    findings += _check_secondary_names(creation.secondary)
    findings += _check_picks(creation.assets, AssetKind.ASSET, "assets")
    findings += _check_picks(creation.liabilities, AssetKind.LIABILITY, "liabilities")
    findings += check_limits(limits)
    cost = creation_cost(creation).total
    if cost > STARTING_EXP:
        findings.append(
            Finding(
                "exp.overspent",
                f"creation choices cost {cost} Exp but a new contractor has {STARTING_EXP};"
                f" {cost - STARTING_EXP} Exp too many",
                "creation",
                numbers={
                    "available": STARTING_EXP,
                    "cost": cost,
                    "shortfall": cost - STARTING_EXP,
                },
            )
        )
    return findings


def creation_report(creation: Creation, limits: Sequence[Limit]) -> tuple[int, tuple[Finding, ...]]:
    """The wizard's live figure "Exp left of 150" and the findings for the current choices.

    Exp left can be negative while the player is still choosing; that is an
    ``exp.overspent`` ERROR, not an exception.
    """
    left = STARTING_EXP - creation_cost(creation).total
    return left, tuple(creation_findings(creation, limits))


def starts_with_gift_credit(creation: Creation) -> int:
    """Gift Credits a new contractor holds: 1 for a Coin of Charon, 1 for the Gifted Asset."""
    gifted = any(a.id == GIFTED_ASSET_ID for a in creation.assets)
    return int(bool(creation.charon_coin)) + int(gifted)


def new_contractor(
    id: str,
    concept: Concept,
    limits: Sequence[Limit] | None,
    creation: Creation,
    source: SourcePool | None = None,
) -> Contractor:
    """A fresh contractor with an empty ledger; ``limits=None`` takes the three default ones.

    Nothing is refused here: check the choices with ``creation_report`` (or the
    whole sheet with ``builder.contract.sheet.evaluate_sheet``) and show the findings.
    """
    return Contractor(
        id=id,
        concept=concept,
        limits=tuple(DEFAULT_LIMITS if limits is None else limits),
        creation=creation,
        source=source if source is not None else SourcePool(),
    )


def _plural(label: str) -> str:
    """ "Primary Ability" → "Primary Abilities", "Attribute" → "Attributes"."""
    return label[:-1] + "ies" if label.endswith("y") else label + "s"


def _shown(name: object, rule: str) -> str:
    """A rating's name as the sheet shows it: ids capitalised, Secondary names as written."""
    text = str(name)
    return text if rule == "secondary" else text.replace("_", " ").title()


def with_granted_lines(contractor: Contractor, catalog: SheetCatalog) -> Contractor:
    """The contractor with the sheet lines its creation Assets and Liabilities grant.

    "Assets grant beneficial Conditions and Circumstances, while Liabilities
    grant negative Conditions, negative Circumstances, Battle Scars, and
    Traumas" (and some Liabilities grant Loose Ends): the catalog says which.
    The lines go onto the Stock and Health tabs and the Loose Ends, where play
    may later change them without any Exp changing hands. Custom Assets (not
    in the catalog) grant nothing automatically.
    """
    stock = contractor.stock
    health = contractor.health
    loose_ends = list(contractor.loose_ends)
    for pick in (*contractor.creation.assets, *contractor.creation.liabilities):
        try:
            option = catalog.asset(pick.id)
        except KeyError:
            continue
        system = f"{pick.detail}. {option.system}" if pick.detail else option.system
        for grant in option.grants:
            if grant.kind is GrantKind.CONDITION:
                stock = replace(stock, conditions=(*stock.conditions, Item(grant.name, system)))
            elif grant.kind is GrantKind.CIRCUMSTANCE:
                line = Item(grant.name, system)
                stock = replace(stock, circumstances=(*stock.circumstances, line))
            elif grant.kind is GrantKind.BATTLE_SCAR:
                scar = catalog.battle_scar(grant.ref).to_scar()
                health = replace(health, battle_scars=(*health.battle_scars, scar))
            elif grant.kind is GrantKind.TRAUMA:
                trauma = catalog.trauma(grant.ref).to_trauma(pick.detail)
                health = replace(health, traumas=(*health.traumas, trauma))
            elif grant.kind is GrantKind.LOOSE_END:
                loose_ends.append(catalog.loose_end(grant.ref).to_loose_end(0))
    return replace(contractor, stock=stock, health=health, loose_ends=tuple(loose_ends))
