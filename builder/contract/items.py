"""Items that change hands and state: Legendary Artifacts, crafted Artifacts and Consumables.

Issue 31 items 1 and 2. The rules text this module follows
(``the-contract-rules.txt``):

- "Legendary Artifacts are high-risk and high-reward. [...] they can be lost,
  destroyed, or even stolen by other Contractors, as well as temporarily
  stripped by the GM in some circumstances."
- "As your Contractor progresses, you may invest multiple Gifts and
  Improvements into a single Legendary Artifact, granting it multiple
  activated and passive Effects."
- "Consumables grant an Effect once before being 'consumed'" and "can be
  shared and traded around"; "Crafted Artifacts can be bartered and traded to
  other Contractors".
- "Anyone who witnesses someone using an Artifact or Consumable may use it in
  the same way if they take possession of it."

Every function takes a contractor (two for a transfer) and returns a
:class:`~builder.core.result.Result`: the contractor after the change, or the
same contractor with an ERROR finding saying why not. Nothing here spends
Exp: the Gifts invested in an artifact are priced by the audit exactly as
before, whether the artifact is held or not.

Readings where the text is silent: ``recovered`` and ``repaired`` put an item
back in hand (``character.IN_HAND``); a Consumable used or an item given away
stays on the sheet at quantity 0, so its line and its log remain; an item
received from another contractor carries no crafting Gift id on the
receiver's sheet (the Gift that made it is not theirs), and joins a line of
the same name the receiver already holds. Legendary Artifacts change state
but do not move between sheets: the Gifts invested in one were bought with
its owner's Gift Credits and stay on the owner's sheet, which marks it
``stolen`` or ``lost``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any

from builder.contract.character import (
    IN_HAND,
    Contractor,
    CraftedItem,
    Gift,
    ItemAction,
    ItemEvent,
    ItemState,
    LegendaryArtifact,
    Stock,
    TransferKind,
)
from builder.core.findings import Finding
from builder.core.result import Result

LEGENDARY_TYPE = "legendary_artifact"
"""The catalog id of the Gift Type "Legendary Artifact" (``resources/gifts/core.toml``)."""


class ItemKind(StrEnum):
    """Which list of the Stock an item is on."""

    ARTIFACT = "artifact"  # a crafted Artifact
    CONSUMABLE = "consumable"
    LEGENDARY = "legendary"  # a Legendary Artifact


_SHELF = {ItemKind.ARTIFACT: "artifacts", ItemKind.CONSUMABLE: "consumables"}


def _refuse(
    contractor: Contractor, rule: str, message: str, where: str = "stock"
) -> Result[Contractor]:
    return Result(contractor, (Finding(rule, message, where),))


def _logged(stock: Stock, *events: ItemEvent) -> Stock:
    return replace(stock, item_log=(*stock.item_log, *events))


def _shelved(stock: Stock, field_name: str, items: tuple[Any, ...]) -> Stock:
    """``stock`` with one item list (``artifacts``, ``consumables``, ``legendary``) replaced."""
    changes: dict[str, Any] = {field_name: items}
    return replace(stock, **changes)


def _find(items: Sequence[CraftedItem | LegendaryArtifact], name: str) -> int | None:
    wanted = name.strip().casefold()
    return next((i for i, it in enumerate(items) if it.name.strip().casefold() == wanted), None)


def _missing(contractor: Contractor, kind: ItemKind, name: str) -> Result[Contractor]:
    noun = {
        ItemKind.ARTIFACT: "crafted Artifact",
        ItemKind.CONSUMABLE: "Consumable",
        ItemKind.LEGENDARY: "Legendary Artifact",
    }[kind]
    return _refuse(
        contractor,
        "items.unknown",
        f"{contractor.concept.name} has no {noun} called {name!r}",
        f"stock.{kind.value}",
    )


# --------------------------------------------------------------------------- which Gifts work


def artifact_of(contractor: Contractor, gift_id: str) -> LegendaryArtifact | None:
    """The Legendary Artifact a Gift is invested in, or None."""
    return next((a for a in contractor.stock.legendary if gift_id in a.gifts), None)


def find_legendary(contractor: Contractor, name: str) -> LegendaryArtifact | None:
    """The Legendary Artifact of that name (case and outer spaces aside), or None."""
    index = _find(contractor.stock.legendary, name)
    return contractor.stock.legendary[index] if index is not None else None


def inactive_gifts(contractor: Contractor) -> frozenset[str]:
    """Ids of the Gifts invested in a Legendary Artifact that is not in hand.

    Their Effects (and dice bonuses) do not work until the artifact is held,
    recovered or repaired; the audit still counts their cost.
    """
    return frozenset(
        gift_id
        for artifact in contractor.stock.legendary
        if artifact.state not in IN_HAND
        for gift_id in artifact.gifts
    )


def is_legendary_gift(gift: Gift) -> bool:
    """True for a Gift of the Gift Type Legendary Artifact."""
    return gift.draft.gift_type == LEGENDARY_TYPE


# --------------------------------------------------------------------------- Legendary Artifacts


def add_legendary_artifact(
    contractor: Contractor, name: str, description: str = ""
) -> Result[Contractor]:
    """Put a new Legendary Artifact on the sheet, with no Gift invested in it yet."""
    name = name.strip()
    if not name:
        return _refuse(
            contractor, "items.no_name", "a Legendary Artifact needs a name", "stock.legendary"
        )
    if _find(contractor.stock.legendary, name) is not None:
        return _refuse(
            contractor,
            "items.duplicate",
            f"{contractor.concept.name} already has a Legendary Artifact called {name!r}",
            "stock.legendary",
        )
    artifact = LegendaryArtifact(name=name, description=description.strip())
    stock = replace(contractor.stock, legendary=(*contractor.stock.legendary, artifact))
    return Result(replace(contractor, stock=stock))


def invest_gift(contractor: Contractor, artifact: str, gift_id: str) -> Result[Contractor]:
    """Invest a held Legendary Artifact Gift in the Legendary Artifact named ``artifact``.

    A Gift sits in one artifact at a time: investing it in another takes it
    out of the first. Its cost and the rewards paid for it do not change.
    """
    index = _find(contractor.stock.legendary, artifact)
    if index is None:
        return _missing(contractor, ItemKind.LEGENDARY, artifact)
    gift = next((g for g in contractor.gifts if g.id == gift_id), None)
    if gift is None:
        return _refuse(
            contractor, "items.unknown_gift", f"the contractor holds no Gift {gift_id!r}", "gifts"
        )
    if not is_legendary_gift(gift):
        return _refuse(
            contractor,
            "items.not_legendary_gift",
            f"{gift.draft.name or gift.id} is not a Legendary Artifact Gift "
            f"(its Gift Type is {gift.draft.gift_type or 'unset'})",
            "gifts",
        )
    legendary = tuple(
        replace(
            a, gifts=tuple(g for g in a.gifts if g != gift_id) + ((gift_id,) if i == index else ())
        )
        for i, a in enumerate(contractor.stock.legendary)
    )
    return Result(replace(contractor, stock=replace(contractor.stock, legendary=legendary)))


# --------------------------------------------------------------------------- states


def set_item_state(
    contractor: Contractor,
    kind: ItemKind,
    name: str,
    state: ItemState,
    date: str,
    note: str = "",
) -> Result[Contractor]:
    """Change an item's state (lost, stolen, recovered...), logged with its date and note."""
    stock = contractor.stock
    if kind is ItemKind.LEGENDARY:
        items: tuple[CraftedItem | LegendaryArtifact, ...] = stock.legendary
    else:
        items = getattr(stock, _SHELF[kind])
    index = _find(items, name)
    if index is None:
        return _missing(contractor, kind, name)
    item = items[index]
    if item.state is state:
        return _refuse(
            contractor,
            "items.same_state",
            f"{item.name} is already {state.value.replace('_', ' ')}",
            f"stock.{kind.value}",
        )
    changed = tuple(replace(it, state=state) if i == index else it for i, it in enumerate(items))
    field_name = "legendary" if kind is ItemKind.LEGENDARY else _SHELF[kind]
    stock = _shelved(stock, field_name, changed)
    event = ItemEvent(date, item.name, ItemAction.STATE, note.strip(), state=state)
    return Result(replace(contractor, stock=_logged(stock, event)))


# --------------------------------------------------------------------------- use


def use_consumable(
    contractor: Contractor, name: str, date: str, note: str = ""
) -> Result[Contractor]:
    """Use one Consumable: its quantity drops by one, and the use is logged.

    "Consumables grant an Effect once before being 'consumed'." One not in
    hand (lost, left at home...) or with none left cannot be used.
    """
    shelf = contractor.stock.consumables
    index = _find(shelf, name)
    if index is None:
        return _missing(contractor, ItemKind.CONSUMABLE, name)
    item = shelf[index]
    if item.state not in IN_HAND:
        return _refuse(
            contractor,
            "items.not_in_hand",
            f"{item.name} is {item.state.value.replace('_', ' ')}: it cannot be used",
            "stock.consumable",
        )
    if item.quantity < 1:
        return _refuse(
            contractor, "items.none_left", f"no {item.name} is left to use", "stock.consumable"
        )
    shelf = tuple(
        replace(it, quantity=it.quantity - 1) if i == index else it for i, it in enumerate(shelf)
    )
    event = ItemEvent(date, item.name, ItemAction.USE, note.strip(), quantity=1)
    stock = _logged(replace(contractor.stock, consumables=shelf), event)
    return Result(replace(contractor, stock=stock))


# --------------------------------------------------------------------------- transfers


def _transfer_problem(
    giver: Contractor, receiver: Contractor, kind: ItemKind, name: str, quantity: int
) -> Finding | None:
    """Why ``giver`` cannot hand ``quantity`` of the item over, or None when they can."""
    where = f"stock.{kind.value}"
    if kind is ItemKind.LEGENDARY:
        return Finding(
            "items.legendary_stays",
            "a Legendary Artifact stays on its owner's sheet with the Gifts invested in it: "
            "mark it stolen or lost instead",
            where,
        )
    if giver.id == receiver.id:
        return Finding(
            "items.same_contractor", "an item cannot be transferred to its holder", where
        )
    if quantity < 1:
        return Finding(
            "items.quantity", f"the quantity moved must be at least 1, not {quantity}", where
        )
    return _holding_problem(giver, kind, name, quantity)


def _holding_problem(giver: Contractor, kind: ItemKind, name: str, quantity: int) -> Finding | None:
    """Why ``giver`` does not hold ``quantity`` of the item in hand, or None."""
    where = f"stock.{kind.value}"
    shelf: tuple[CraftedItem, ...] = getattr(giver.stock, _SHELF[kind])
    index = _find(shelf, name)
    if index is None:
        return _missing(giver, kind, name).findings[0]
    item = shelf[index]
    if item.state not in IN_HAND:
        return Finding(
            "items.not_in_hand",
            f"{item.name} is {item.state.value.replace('_', ' ')}: "
            f"{giver.concept.name} does not have it to hand over",
            where,
        )
    if item.quantity < quantity:
        return Finding(
            "items.too_few",
            f"{giver.concept.name} holds {item.quantity} {item.name}, not {quantity}",
            where,
        )
    return None


def transfer_item(
    giver: Contractor,
    receiver: Contractor,
    kind: ItemKind,
    name: str,
    quantity: int,
    how: TransferKind,
    date: str,
    note: str = "",
) -> tuple[Result[Contractor], Result[Contractor]]:
    """Move ``quantity`` of a crafted Artifact or Consumable from ``giver`` to ``receiver``.

    Both sheets log the transfer (``sent`` on the giver's, ``received`` on
    the receiver's) with its kind, date and the other contractor. Refused,
    on the giver's result, when the item is unknown, not in hand, or fewer
    than ``quantity`` are held; a Legendary Artifact does not move (see the
    module docstring).
    """

    problem = _transfer_problem(giver, receiver, kind, name, quantity)
    if problem is not None:
        return Result(giver, (problem,)), Result(receiver)
    field_name = _SHELF[kind]
    shelf: tuple[CraftedItem, ...] = getattr(giver.stock, field_name)
    index = _find(shelf, name)
    assert index is not None
    item = shelf[index]
    given = tuple(
        replace(it, quantity=it.quantity - quantity) if i == index else it
        for i, it in enumerate(shelf)
    )
    sent = ItemEvent(
        date,
        item.name,
        ItemAction.SENT,
        note.strip(),
        quantity=quantity,
        transfer=how,
        other=receiver.concept.name,
        other_id=receiver.id,
    )
    received = replace(
        sent, action=ItemAction.RECEIVED, other=giver.concept.name, other_id=giver.id
    )
    theirs: tuple[CraftedItem, ...] = getattr(receiver.stock, field_name)
    same = _find(theirs, item.name)
    if same is None:
        theirs = (*theirs, CraftedItem(item.name, "", quantity, item.detail))
    else:
        theirs = tuple(
            replace(it, quantity=it.quantity + quantity) if i == same else it
            for i, it in enumerate(theirs)
        )
    giver_after = replace(giver, stock=_logged(_shelved(giver.stock, field_name, given), sent))
    receiver_after = replace(
        receiver, stock=_logged(_shelved(receiver.stock, field_name, theirs), received)
    )
    return Result(giver_after), Result(receiver_after)


# --------------------------------------------------------------------------- words


def state_words(state: ItemState) -> str:
    """A state as the sheet prints it: "left at home" for ``left_at_home``."""
    return state.value.replace("_", " ")


def event_words(event: ItemEvent) -> str:
    """One line of the item log in words: "lost: in the Thames", "traded 2 to Bo Lindqvist"."""
    if event.action is ItemAction.STATE:
        what = state_words(event.state)
    elif event.action is ItemAction.USE:
        what = f"used {event.quantity}"
    elif event.action is ItemAction.SENT:
        what = f"{event.transfer.value} {event.quantity} to {event.other}"
    else:
        what = f"received {event.quantity} from {event.other} ({event.transfer.value})"
    return f"{what}: {event.note}" if event.note else what
