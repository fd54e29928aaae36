"""A library with one contractor per kind of thing due (issue 32 item 4), for the CLI and UI.

Each contractor is the case of ``tests/builder/contract/test_due.py`` under its own
id and name; ``DUE`` says which badges each one must show.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.contract.character import Concept, Contractor, Creation, LooseEnd, ThreatLevel
from builder.contract.file import character_document
from builder.core.approval import approve
from models.library import Library
from tests.builder.contract.ledger_text import contractor, gift

DUE = {
    "lex": ("Loose End",),
    "mo": ("Gift Credits", "Improvements"),
    "tia": ("Consumable",),
    "val": ("Approval",),
    "jo": ("Journal",),
}
"""Badges per contractor id; "ned" (nothing due) and "dee" (dead) show none."""


def _named(c: Contractor, cid: str, name: str) -> Contractor:
    return replace(c, id=cid, concept=Concept(name, player="Ines"))


def due_contractors() -> list[Contractor]:
    one_contract = "2026-01-05 contract home failure 'One'"
    return [
        _named(
            contractor(
                one_contract,
                loose_ends=[LooseEnd("Filmed", ThreatLevel.DANGEROUS, cutoff=1, granted_after=0)],
            ),
            "lex",
            "Lex",
        ),
        _named(
            contractor(
                "2026-01-05 contract home victory 'One'\n2026-01-20 improvement gm_contract"
            ),
            "mo",
            "Mo",
        ),
        _named(
            contractor(
                "2026-01-01 gift new tonic 0 1 credits=1\n" + one_contract,
                creation=Creation(charon_coin=True),
                gifts=[gift("tonic", 1, "consumable_crafting")],
            ),
            "tia",
            "Tia",
        ),
        _named(contractor(one_contract), "val", "Val"),
        _named(
            contractor(one_contract + "\n2026-01-07 journal downtime 300 untexted 'Claimed'"),
            "jo",
            "Jo",
        ),
        _named(contractor(one_contract), "ned", "Ned"),
        _named(
            contractor(
                "2026-01-05 contract home victory 'One'\n2026-02-05 contract home death 'Two'"
            ),
            "dee",
            "Dee",
        ),
    ]


def fill_due_library(path: Path) -> None:
    """Store every case; Val is approved as "Val" and then renamed "Valerie"."""
    with Library.open(path) as library:
        for c in due_contractors():
            library.save(c)
        val = library.load("val")
        approved = approve(character_document(val), "all", "Dana", at="2026-01-06T00:00:00Z")
        library.set_approval("val", "approved", approved["approvals"])
        library.save(replace(val, concept=Concept("Valerie", player="Ines")))
