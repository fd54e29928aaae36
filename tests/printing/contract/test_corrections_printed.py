"""The printed sheet shows the corrected history (issue 16 item 4): a removed Contract is gone
from the Contracts and the log, an edited one prints as it now stands."""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Correction, Outcome
from builder.contract.sheet import evaluate_sheet
from printing.contract.snapshot import snapshot_for
from tests.builder.contract.ledger_text import contractor

THREE = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-02 contract away failure 'Low Tide'
    2026-05-03 contract home failure 'The Glass Orchard'
"""


def test_the_printed_sheet_shows_the_corrected_history() -> None:
    base = contractor(THREE)
    won = replace(base.ledger[2], outcome=Outcome.VICTORY)
    fixed = replace(
        base,
        ledger=(
            *base.ledger,
            Correction("2026-05-04", 1, (), "not there"),
            Correction("2026-05-05", 2, (won,)),
        ),
    )
    snap = snapshot_for(fixed, evaluate_sheet(fixed), {})
    assert [(c.scenario, c.outcome, c.exp) for c in snap.contracts] == [
        ("The Lantern Job", "Victory", 5),
        ("The Glass Orchard", "Victory", 5),
    ]
    assert [(line.entry, line.earned, line.balance) for line in snap.ledger] == [
        ("Contract: The Lantern Job (home, victory)", 5, 155),
        ("Contract: The Glass Orchard (home, victory) (edited 2026-05-05)", 5, 160),
    ]
