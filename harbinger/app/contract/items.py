"""The Contract's item operations: Legendary Artifacts, item states, Use and transfers.

Issue 31, items 1 and 2. Each plan function takes the contractor (two for a
transfer), asks ``builder.contract.items`` for the contractor as it should
be and returns a :class:`~harbinger.app.common.Plan`. The declarations below
make them ``harbinger contractor artifact|invest|item-state|use ID ...`` and
``harbinger contractor transfer ID --to OTHER ...``; the sheet's Stock tab
calls the same plan functions through ``ui.operations.contract``.

A transfer changes two contractors in one action: :func:`plan_transfer`
returns a :class:`PairPlan` whose two plans are committed together
(``harbinger.app.common.commit_together``: one library transaction), and
whose undo is the two plans reversed, committed together again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.contract import items
from builder.contract.character import Contractor, ItemState, TransferKind
from builder.contract.items import ItemKind
from builder.core.result import Result
from harbinger.app.common import Operation, Plan, about, commit_together, dated, noted, on_or_today
from harbinger.app.contract import operations as ops

__all__ = [
    "ITEM_OPERATIONS",
    "PAIR_OPERATIONS",
    "PairOperation",
    "PairPlan",
    "plan_add_artifact",
    "plan_invest_gift",
    "plan_item_state",
    "plan_transfer",
    "plan_use",
]


def _state_words(state: ItemState) -> str:
    return state.value.replace("_", " ")


def _item_plan(
    name: str, before: Contractor, result: Result[Contractor], line: str
) -> Plan[Contractor]:
    """A plan from an item rule's result; ``line`` says what changed (items move no Exp)."""
    plan = ops.applied(name, before, result)
    if result.refused:
        return plan
    return Plan(
        plan.name, plan.before, plan.after, plan.findings, (line, *plan.lines), roster=False
    )


# --------------------------------------------------------------------------- one contractor


def plan_add_artifact(contractor: Contractor, name: str, description: str = "") -> Plan[Contractor]:
    """Put a new Legendary Artifact on the sheet (its Gifts are invested afterwards)."""
    result = items.add_legendary_artifact(contractor, name, description)
    return _item_plan(
        f"Add Legendary Artifact {name.strip()}",
        contractor,
        result,
        f"Legendary Artifact {name.strip()} added",
    )


def plan_invest_gift(contractor: Contractor, artifact: str, gift_id: str) -> Plan[Contractor]:
    """Invest a held Legendary Artifact Gift in a Legendary Artifact ("add to ...")."""
    gift = next((g for g in contractor.gifts if g.id == gift_id), None)
    gift_name = (gift.draft.name or gift.id) if gift is not None else gift_id
    result = items.invest_gift(contractor, artifact, gift_id)
    return _item_plan(
        f"Invest {gift_name} in {artifact}",
        contractor,
        result,
        f"{gift_name} is now part of {artifact}",
    )


def plan_item_state(
    contractor: Contractor, kind: ItemKind, item: str, state: ItemState, date: str, note: str = ""
) -> Plan[Contractor]:
    """Change an item's state with a dated note (lost, stolen, recovered...)."""
    result = items.set_item_state(contractor, kind, item, state, date, note)
    line = f"{item}: {_state_words(state)}"
    if kind is ItemKind.LEGENDARY and not result.refused:
        off = items.inactive_gifts(result.character) - items.inactive_gifts(contractor)
        on = items.inactive_gifts(contractor) - items.inactive_gifts(result.character)
        if off:
            line += f" (its {len(off)} Gift{'s' if len(off) != 1 else ''} inactive)"
        if on:
            line += f" (its {len(on)} Gift{'s' if len(on) != 1 else ''} active again)"
    return _item_plan(f"Mark {item} {_state_words(state)}", contractor, result, line)


def plan_use(contractor: Contractor, item: str, date: str, note: str = "") -> Plan[Contractor]:
    """Use one Consumable (quantity −1, logged)."""
    result = items.use_consumable(contractor, item, date, note)
    if result.refused:
        return _item_plan(f"Use {item}", contractor, result, "")
    index = next(
        i for i, it in enumerate(contractor.stock.consumables)
        if it.name.casefold() == item.strip().casefold()
    )  # fmt: skip
    before = contractor.stock.consumables[index].quantity
    after = result.character.stock.consumables[index].quantity
    return _item_plan(f"Use {item}", contractor, result, f"{item} {before} → {after}")


# --------------------------------------------------------------------------- two contractors


@dataclass(frozen=True, slots=True)
class PairPlan:
    """One action that changes two contractors: both plans are stored together, or neither.

    ``first`` is the plan of the contractor the action is taken from (the
    giver), ``second`` the other's. ``undo`` is the pair reversed.
    """

    name: str
    first: Plan[Contractor]
    second: Plan[Contractor]

    @property
    def plans(self) -> tuple[Plan[Contractor], Plan[Contractor]]:
        return (self.first, self.second)

    @property
    def errors(self) -> list[Any]:
        return [*self.first.errors, *self.second.errors]

    @property
    def allowed(self) -> bool:
        return not self.errors

    @property
    def lines(self) -> tuple[str, ...]:
        return (*self.first.lines, *self.second.lines)

    @property
    def undo(self) -> PairPlan:
        """The plans that take the action back: each contractor from after to before."""

        def back(plan: Plan[Contractor]) -> Plan[Contractor]:
            return Plan(f"Undo {plan.name}", plan.after, plan.before, (), (), plan.roster, False)

        return PairPlan(f"Undo {self.name}", back(self.first), back(self.second))


def plan_transfer(
    giver: Contractor,
    receiver: Contractor,
    kind: ItemKind,
    item: str,
    quantity: int,
    how: TransferKind,
    date: str,
    note: str = "",
) -> PairPlan:
    """Hand ``quantity`` of a crafted Artifact or Consumable from one contractor to another."""
    given, received = items.transfer_item(giver, receiver, kind, item, quantity, how, date, note)
    name = f"{how.value.capitalize()} {quantity} {item} to {receiver.concept.name}"
    first = _item_plan(name, giver, given, f"{giver.concept.name}: {item} −{quantity}")
    second = _item_plan(name, receiver, received, f"{receiver.concept.name}: {item} +{quantity}")
    if given.refused:
        second = Plan(name, receiver, receiver, (), (), False, False)
    return PairPlan(name, first, second)


def commit_pair(library: Any, pair: PairPlan) -> PairPlan:
    """Store both contractors of a pair in one transaction (``Refused`` when the rules refuse)."""
    commit_together(library, pair.plans, ops.store)
    return pair


# --------------------------------------------------------------------------- declarations


@dataclass(frozen=True, slots=True)
class AddArtifact:
    name: str = field(metadata=about("the Legendary Artifact's name"))
    description: str = field(default="", metadata=about("what it is and looks like"))


@dataclass(frozen=True, slots=True)
class Invest:
    artifact: str = field(metadata=about("the Legendary Artifact's name, as on the sheet"))
    gift: str = field(metadata=about("the id of a held Gift of type Legendary Artifact"))


@dataclass(frozen=True, slots=True)
class ItemStateInputs:
    item: str = field(metadata=about("the item's name, as on the sheet"))
    state: ItemState = field(metadata=about("where the item is now"))
    kind: ItemKind = field(
        default=ItemKind.LEGENDARY, metadata=about("which list the item is on (default: legendary)")
    )
    note: str = noted("what happened")
    date: str = dated()


@dataclass(frozen=True, slots=True)
class UseInputs:
    item: str = field(metadata=about("the Consumable's name, as on the sheet"))
    note: str = noted("what it was used for")
    date: str = dated()


@dataclass(frozen=True, slots=True)
class TransferInputs:
    to: str = field(metadata=about("id of the contractor receiving the item"))
    item: str = field(metadata=about("the item's name, as on the giver's sheet"))
    kind: ItemKind = field(
        default=ItemKind.CONSUMABLE,
        metadata=about("which list the item is on (default: consumable)"),
    )
    quantity: int = field(default=1, metadata=about("how many (default: 1)"))
    how: TransferKind = field(default=TransferKind.GIVEN, metadata=about("how it changes hands"))
    note: str = noted()
    date: str = dated()


def _op(name: str, title: str, help: str, inputs: type, plan: Any) -> Operation:
    return Operation(name, title, help, inputs, plan, Contractor, ops.store)


ITEM_OPERATIONS: tuple[Operation, ...] = (
    _op(
        "artifact",
        "Add Legendary Artifact",
        "put a Legendary Artifact on the sheet (then invest Gifts in it)",
        AddArtifact,
        lambda c, g: plan_add_artifact(c, g.name, g.description),
    ),
    _op(
        "invest",
        "Invest Gift",
        "invest a held Legendary Artifact Gift in a Legendary Artifact of the sheet",
        Invest,
        lambda c, g: plan_invest_gift(c, g.artifact, g.gift),
    ),
    _op(
        "item-state",
        "Change item state",
        "mark an Artifact or Consumable held, lost, stolen, destroyed, recovered, repaired "
        "or left at home, with a dated note",
        ItemStateInputs,
        lambda c, g: plan_item_state(c, g.kind, g.item, g.state, on_or_today(g.date), g.note),
    ),
    _op(
        "use",
        "Use Consumable",
        "use one Consumable (quantity −1, logged)",
        UseInputs,
        lambda c, g: plan_use(c, g.item, on_or_today(g.date), g.note),
    ),
)
"""The single-contractor item operations, merged into ``declared.OPERATIONS``."""


@dataclass(frozen=True, slots=True)
class PairOperation:
    """An operation taken from one contractor that changes another too, declared once.

    ``other`` names the input field holding the other contractor's id;
    ``plan(first, second, inputs) -> PairPlan``.
    """

    name: str
    title: str
    help: str
    inputs: type
    other: str
    plan: Any
    character_type: type = Contractor


PAIR_OPERATIONS: tuple[PairOperation, ...] = (
    PairOperation(
        "transfer",
        "Transfer item",
        "give, trade, steal or loot a crafted Artifact or Consumable to another contractor "
        "of the library (both sheets log it)",
        TransferInputs,
        "to",
        lambda giver, receiver, g: plan_transfer(
            giver, receiver, g.kind, g.item, g.quantity, g.how, on_or_today(g.date), g.note
        ),
    ),
)
"""Operations on two contractors at once, by the CLI as ``harbinger contractor transfer``."""
