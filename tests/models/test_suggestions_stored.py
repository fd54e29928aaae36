"""The library keeps a leader's suggestions and the player's answers exactly (issue 32 item 5).

They are rows of the ``sheet_item`` table in their own section (no migration), rewritten
with the stock when they change; the ledger stays append-only.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.contract.suggesting import accept, decline, suggest
from models.library import Library
from tests.builder.contract.ledger_text import contractor

TWO_VICTORIES = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-08 contract home victory 'Low Tide'
"""


def test_suggestions_and_answers_are_read_back_exactly(library_path: Path) -> None:
    base = contractor(TWO_VICTORIES)
    away = replace(base.ledger[1], home=False)
    made = suggest(base, 1, away, by="Lee", date="2026-05-10", reason="away").character
    also = suggest(made, 0, None, by="Lee", date="2026-05-10", reason="not there").character
    with Library.open(library_path) as library:
        library.save(base)
        library.save(also)
        assert library.load(base.id) == also
        declined = decline(also, 1, "2026-05-11", "I was there").character
        library.save(declined)
        assert library.load(base.id) == declined
        accepted = accept(declined, 0, "2026-05-12").character
        summary = library.save(accepted)
        assert summary.ledger_appended == 1
        assert library.load(base.id) == accepted
        assert [s.answer.value for s in library.load(base.id).suggestions] == [
            "accepted",
            "declined",
        ]
        # Undo of the acceptance: the library takes back the appended correction.
        library.restore(declined)
        assert library.load(base.id) == declined
