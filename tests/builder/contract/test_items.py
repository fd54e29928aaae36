"""Legendary Artifacts with several Gifts, item states, Use and transfers (issue 31, items 1-2).

Rules text (``the-contract-rules.txt``, "Legendary Artifacts"): "As your
Contractor progresses, you may invest multiple Gifts and Improvements into a
single Legendary Artifact, granting it multiple activated and passive
Effects." and "they can be lost, destroyed, or even stolen by other
Contractors". "Consumables grant an Effect once before being 'consumed'" and
"can be shared and traded around".
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from builder.contract import advance
from builder.contract.audit import Verdict, audit_contractor
from builder.contract.character import (
    Concept,
    ContractAttended,
    Contractor,
    CraftedItem,
    Gift,
    ItemAction,
    ItemEvent,
    ItemState,
    Outcome,
    Stock,
    TransferKind,
)
from builder.contract.file import document_from_data
from builder.contract.gifts import Catalog, GiftDraft, default_catalog
from builder.contract.gifts.bonus import contractor_bonuses
from builder.contract.items import (
    ItemKind,
    add_legendary_artifact,
    inactive_gifts,
    invest_gift,
    set_item_state,
    transfer_item,
    use_consumable,
)
from builder.contract.rolls import strongest_bonus, trait_roll

DATA = Path(__file__).resolve().parents[2] / "data" / "review"
DATE = "2026-11-20"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


def blade_gift(gift_id: str = "blade", name: str = "Ember Blade") -> Gift:
    """A Legendary Artifact Gift: Injure, Targeted (Gift Cost 1 in the catalog)."""
    return Gift(gift_id, GiftDraft("legendary_artifact", "injure", "targeted", name=name), 1)


def girdle_gift() -> Gift:
    """A Legendary Artifact Gift with a dice bonus: Alter Size, growing gives +2 Brawn."""
    return Gift(
        "girdle", GiftDraft("legendary_artifact", "alter_size", "activated", name="Girdle"), 1
    )


def with_artifact(contractor: Contractor, *gift_ids: str, name: str = "Sunsword") -> Contractor:
    made = add_legendary_artifact(contractor, name, "a blade forged in a dying star")
    assert made.accepted, made.findings
    current = made.character
    for gift_id in gift_ids:
        result = invest_gift(current, name, gift_id)
        assert result.accepted, result.findings
        current = result.character
    return current


# --------------------------------------------------------------------------- item 1


def veteran_with_two_artifact_gifts() -> Contractor:
    """The review fixture's clean contractor, holding two Legendary Artifact Gifts."""
    data = json.loads((DATA / "clean.json").read_text(encoding="utf-8"))
    contractor = document_from_data(data).contractor
    for scenario in ("Red Harbour", "The Salt Road"):  # a victory earns a Gift Credit
        won = ContractAttended(DATE, scenario, home=True, outcome=Outcome.VICTORY)
        contractor = advance.record_contract(contractor, won).character
    for gift in (blade_gift(), blade_gift("flare", "Solar Flare")):
        result = advance.add_gift(contractor, gift, DATE)
        assert result.accepted, result.findings
        contractor = result.character
    return contractor


def test_two_gifts_invested_in_one_artifact_are_priced_as_two_gifts(catalog: Catalog) -> None:
    """Each Gift in the artifact is priced on its own: Injure, Targeted is 1 Gift Credit each."""
    loose = veteran_with_two_artifact_gifts()
    joined = with_artifact(loose, "blade", "flare")
    assert joined.stock.legendary[0].gifts == ("blade", "flare")
    before = audit_contractor(loose, catalog)
    after = audit_contractor(joined, catalog)
    assert [(ln.check, ln.where, ln.verdict, ln.numbers) for ln in after.lines] == [
        (ln.check, ln.where, ln.verdict, ln.numbers) for ln in before.lines
    ]
    count = len(loose.gifts)
    for index in (count - 2, count - 1):
        cost = after.line("gift.cost", f"gifts[{index}]")
        assert (cost.numbers["stored"], cost.numbers["catalog"]) == (1, 1)
        assert after.line("gift.draft", f"gifts[{index}]").verdict is Verdict.PASS
    rewards = after.line("rewards")
    assert rewards.verdict is Verdict.PASS
    assert "spent 3" in rewards.message  # Mend 1 + Ember Blade 1 + Solar Flare 1


def test_only_a_held_legendary_artifact_gift_can_be_invested() -> None:
    power = Gift("spark", GiftDraft("power", "injure", "targeted", name="Spark"), 1)
    ada = Contractor("ada", Concept("Ada"), gifts=(power, blade_gift()))
    ada = add_legendary_artifact(ada, "Sunsword").character
    refused = invest_gift(ada, "Sunsword", "spark")
    assert [f.rule for f in refused.findings] == ["items.not_legendary_gift"]
    assert invest_gift(ada, "Sunsword", "nothing").findings[0].rule == "items.unknown_gift"
    assert invest_gift(ada, "Moonsword", "blade").findings[0].rule == "items.unknown"
    assert add_legendary_artifact(ada, "sunsword").findings[0].rule == "items.duplicate"


def test_a_gift_moved_to_another_artifact_leaves_the_first() -> None:
    ada = Contractor("ada", Concept("Ada"), gifts=(blade_gift(),))
    ada = with_artifact(ada, "blade")
    ada = add_legendary_artifact(ada, "Moonshield").character
    ada = invest_gift(ada, "Moonshield", "blade").character
    assert [a.gifts for a in ada.stock.legendary] == [(), ("blade",)]


# --------------------------------------------------------------------------- item 2: states


def test_a_lost_artifacts_gift_bonus_is_gone_from_the_dice_pool(catalog: Catalog) -> None:
    """Girdle (Alter Size, growing: +2 dice to Brawn) while held: Brawn 3 + Athletics 2 + 2 = 7.

    Lost ("they can be lost, destroyed, or even stolen"), its Gift is
    inactive: the roll is Brawn 3 + Athletics 2 = 5.
    """
    ada = with_artifact(Contractor("ada", Concept("Ada"), gifts=(girdle_gift(),)), "girdle")
    held = strongest_bonus(contractor_bonuses(ada, catalog), "brawn", active={"girdle"})
    assert held is not None and held.dice == 2
    assert trait_roll(3, 2, 0, 6, held.dice).pool == 7

    lost = set_item_state(
        ada, ItemKind.LEGENDARY, "Sunsword", ItemState.LOST, DATE, "in the Thames"
    )
    assert lost.accepted
    ada_lost = lost.character
    assert inactive_gifts(ada_lost) == {"girdle"}
    assert contractor_bonuses(ada_lost, catalog) == ()
    none = strongest_bonus(contractor_bonuses(ada_lost, catalog), "brawn", active={"girdle"})
    assert none is None
    assert trait_roll(3, 2, 0, 6, 0).pool == 5
    assert ada_lost.stock.item_log == (
        ItemEvent(DATE, "Sunsword", ItemAction.STATE, "in the Thames", state=ItemState.LOST),
    )

    back = set_item_state(ada_lost, ItemKind.LEGENDARY, "Sunsword", ItemState.RECOVERED, DATE)
    assert inactive_gifts(back.character) == frozenset()
    assert len(contractor_bonuses(back.character, catalog)) == 1


def test_an_inactive_gift_still_costs_what_it_cost(catalog: Catalog) -> None:
    loose = veteran_with_two_artifact_gifts()
    joined = with_artifact(loose, "blade", "flare")
    stolen = set_item_state(joined, ItemKind.LEGENDARY, "Sunsword", ItemState.STOLEN, DATE)
    before = audit_contractor(loose, catalog)
    after = audit_contractor(stolen.character, catalog)
    assert [(ln.check, ln.verdict, ln.numbers) for ln in after.lines] == [
        (ln.check, ln.verdict, ln.numbers) for ln in before.lines
    ]


def test_a_state_change_to_the_same_state_is_refused() -> None:
    ada = Contractor("ada", Concept("Ada"), stock=Stock(artifacts=(CraftedItem("Goggles"),)))
    same = set_item_state(ada, ItemKind.ARTIFACT, "Goggles", ItemState.HELD, DATE)
    assert [f.rule for f in same.findings] == ["items.same_state"]
    home = set_item_state(ada, ItemKind.ARTIFACT, "goggles", ItemState.LEFT_AT_HOME, DATE)
    assert home.character.stock.artifacts[0].state is ItemState.LEFT_AT_HOME


# --------------------------------------------------------------------------- item 2: use


def test_use_takes_one_consumable_and_logs_it() -> None:
    """Two Healing Draughts; one used ("grant an Effect once before being 'consumed'"): 2 → 1."""
    potions = Stock(consumables=(CraftedItem("Healing Draught", "brew", 2),))
    ada = Contractor("ada", Concept("Ada"), stock=potions)
    used = use_consumable(ada, "Healing Draught", DATE, "after the fall")
    assert used.accepted
    assert used.character.stock.consumables[0].quantity == 1
    assert used.character.stock.item_log == (
        ItemEvent(DATE, "Healing Draught", ItemAction.USE, "after the fall", quantity=1),
    )
    last = use_consumable(used.character, "Healing Draught", DATE).character
    assert last.stock.consumables[0].quantity == 0
    assert use_consumable(last, "Healing Draught", DATE).findings[0].rule == "items.none_left"


def test_a_consumable_left_at_home_cannot_be_used() -> None:
    stock = Stock(
        consumables=(CraftedItem("Flash Bomb", quantity=2, state=ItemState.LEFT_AT_HOME),)
    )
    ada = Contractor("ada", Concept("Ada"), stock=stock)
    assert use_consumable(ada, "Flash Bomb", DATE).findings[0].rule == "items.not_in_hand"


# --------------------------------------------------------------------------- item 2: transfers


def test_a_transfer_moves_two_of_three_and_both_sheets_log_it() -> None:
    """Ada gives Bo two of her three Flash Bombs: Ada 3 → 1, Bo 0 → 2."""
    ada = Contractor(
        "ada", Concept("Ada"), stock=Stock(consumables=(CraftedItem("Flash Bomb", "bang", 3),))
    )
    bo = Contractor("bo", Concept("Bo"))
    giver, receiver = transfer_item(
        ada, bo, ItemKind.CONSUMABLE, "Flash Bomb", 2, TransferKind.TRADED, DATE, "for a map"
    )
    assert giver.accepted and receiver.accepted
    assert giver.character.stock.consumables[0].quantity == 1
    assert receiver.character.stock.consumables == (CraftedItem("Flash Bomb", "", 2),)
    sent = ItemEvent(
        DATE, "Flash Bomb", ItemAction.SENT, "for a map", quantity=2,
        transfer=TransferKind.TRADED, other="Bo", other_id="bo",
    )  # fmt: skip
    assert giver.character.stock.item_log == (sent,)
    assert receiver.character.stock.item_log == (
        replace(sent, action=ItemAction.RECEIVED, other="Ada", other_id="ada"),
    )


def test_a_transfer_joins_a_line_the_receiver_already_has() -> None:
    ada = Contractor(
        "ada", Concept("Ada"), stock=Stock(artifacts=(CraftedItem("Night Goggles", "g", 2),))
    )
    bo = Contractor("bo", Concept("Bo"), stock=Stock(artifacts=(CraftedItem("Night Goggles"),)))
    _, receiver = transfer_item(
        ada, bo, ItemKind.ARTIFACT, "Night Goggles", 1, TransferKind.LOOTED, DATE
    )
    assert receiver.character.stock.artifacts[0].quantity == 2


@pytest.mark.parametrize(
    ("kind", "name", "quantity", "rule"),
    [
        (ItemKind.CONSUMABLE, "Flash Bomb", 4, "items.too_few"),
        (ItemKind.CONSUMABLE, "Flash Bomb", 0, "items.quantity"),
        (ItemKind.CONSUMABLE, "Smoke Pellet", 1, "items.unknown"),
        (ItemKind.LEGENDARY, "Sunsword", 1, "items.legendary_stays"),
    ],
)
def test_a_transfer_that_cannot_happen_is_refused_and_changes_neither(
    kind: ItemKind, name: str, quantity: int, rule: str
) -> None:
    ada = Contractor(
        "ada", Concept("Ada"), stock=Stock(consumables=(CraftedItem("Flash Bomb", "bang", 3),))
    )
    bo = Contractor("bo", Concept("Bo"))
    giver, receiver = transfer_item(ada, bo, kind, name, quantity, TransferKind.GIVEN, DATE)
    assert [f.rule for f in giver.findings] == [rule]
    assert (giver.character, receiver.character) == (ada, bo)
