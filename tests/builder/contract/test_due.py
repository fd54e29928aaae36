"""What is due, one contractor per case (issue 32 item 4), from the rules text.

"Once the Cutoff countdown hits 0, the Loose End's Threat manifests."
"Victory: A Contractor that claims Victory in a Contract gains one Gift Credit."
"GMing a Contract grants one Improvement." (cap: Gift Credits + Improvements ≤ 2 × victories)
SPEC §3: "one free Consumable per Consumable Crafting Gift per Downtime".
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Concept, Contractor, Creation, LooseEnd, ThreatLevel
from builder.contract.due import DueKind, badges, what_is_due
from builder.contract.file import character_document
from builder.core.approval import approve
from tests.builder.contract.ledger_text import contractor, gift


def kinds(c: Contractor, approvals: object = ()) -> list[DueKind]:
    return [item.kind for item in what_is_due(c, approvals)]  # type: ignore[arg-type]


def test_a_loose_end_at_its_cutoff() -> None:
    """Cutoff 1, granted before any Contract: one Contract attended brings it to 0."""
    c = contractor(
        "2026-01-05 contract home failure 'One'",
        loose_ends=[LooseEnd("Filmed", ThreatLevel.DANGEROUS, cutoff=1, granted_after=0)],
    )
    (item,) = what_is_due(c)
    assert (item.kind, item.where) == (DueKind.LOOSE_END, "loose_ends[0]")
    assert "'Filmed' reached its Cutoff" in item.message


def test_a_loose_end_still_counting_down_is_not_due() -> None:
    c = contractor(
        "2026-01-05 contract home failure 'One'",
        loose_ends=[LooseEnd("Filmed", ThreatLevel.DANGEROUS, cutoff=2, granted_after=0)],
    )
    assert kinds(c) == []


def test_unspent_gift_credit_and_improvement() -> None:
    """One victory: 1 Gift Credit; GMing: 1 Improvement, within the cap 2 × 1 − 1 = 1."""
    c = contractor(
        """
        2026-01-05 contract home victory 'One'
        2026-01-20 improvement gm_contract
        """
    )
    items = what_is_due(c)
    assert [(i.kind, i.message) for i in items] == [
        (DueKind.GIFT_CREDITS, "1 Gift Credit(s) not spent"),
        (DueKind.IMPROVEMENTS, "1 Improvement(s) not spent"),
    ]
    assert badges(items) == ("Gift Credits", "Improvements")


def test_the_free_consumable_of_this_downtime() -> None:
    """The Gift Credit of the Coin of Charon bought the tonic; a Contract starts a new
    Downtime, whose free Consumable is not crafted until the craft entry."""
    ledger = """
        2026-01-01 gift new tonic 0 1 credits=1
        2026-01-02 craft tonic 'Bottled Courage' 0 free
        2026-01-05 contract home failure 'One'
        """
    tonic = [gift("tonic", 1, "consumable_crafting")]
    c = contractor(ledger, creation=Creation(charon_coin=True), gifts=tonic)
    (item,) = what_is_due(c)
    assert (item.kind, item.where) == (DueKind.FREE_CONSUMABLE, "gifts[0]")
    crafted = contractor(
        ledger + "2026-01-06 craft tonic 'Bottled Courage' 0 free",
        creation=Creation(charon_coin=True),
        gifts=tonic,
    )
    assert kinds(crafted) == []


def test_an_approval_the_file_no_longer_matches() -> None:
    c = contractor("2026-01-05 contract home failure 'One'")
    approved = approve(character_document(c), "all", "Dana", at="2026-01-06T00:00:00Z")
    approvals = approved["approvals"]
    assert kinds(c, approvals) == []
    renamed = replace(c, concept=Concept("Someone Else"))
    items = what_is_due(renamed, approvals)
    assert [(i.kind, i.where) for i in items] == [(DueKind.APPROVAL_CHANGED, "core")]
    assert "approved by Dana" in items[0].message


def test_a_journal_claimed_but_not_written() -> None:
    c = contractor(
        """
        2026-01-05 contract home failure 'One'
        2026-01-06 journal contract 300 'Kept'
        2026-01-07 journal downtime 300 untexted 'Claimed only'
        """
    )
    (item,) = what_is_due(c)
    assert (item.kind, item.where) == (DueKind.JOURNAL_UNWRITTEN, "ledger[2]")
    assert "'Claimed only' (2026-01-07) claims 300 words" in item.message


def test_nothing_is_due_in_the_graveyard() -> None:
    c = contractor(
        """
        2026-01-05 contract home victory 'One'
        2026-02-05 contract home death 'Two'
        """
    )
    assert kinds(c) == []
