"""Player histories folded from every contractor's ledger, worked by hand (issue 32 item 3).

"+3 Exp - Attend a Contract in their home Playgroup. +1 Exp - ... outside of their home
Playgroup. +2 Exp - Claim victory on a Contract. +2 Exp - ... Commission."
"+4 Exp - Playing an NPC Ringer that fulfills their major purpose during a Contract."
"GMing a Contract grants one Improvement. The GM decides which of their Contractors
receives the Improvement."
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Concept, Contractor
from builder.contract.players import NO_PLAYER, PlayerHistory, player_histories
from tests.builder.contract.ledger_text import contractor


def of(player: str, name: str, ledger: str) -> Contractor:
    return replace(contractor(ledger), id=name.lower(), concept=Concept(name, player=player))


def test_one_history_per_player_sorted_by_name() -> None:
    histories = player_histories(
        [
            # home victory with Commission 3 + 2 + 2 = 7, away loss 1: 8 Exp; GMed once
            of(
                "Ines",
                "Mara",
                """
                2026-01-05 contract home victory commission 'One'
                2026-02-05 contract away failure 'Two'
                2026-02-20 improvement gm_contract
                """,
            ),
            # Ringer bonus 4, then a home death 3: 7 Exp; dead
            of(
                "Ines",
                "Tobin",
                """
                2026-01-10 bonus ringer_objective_met 4
                2026-03-05 contract home death 'Three'
                """,
            ),
            # home victory 5 Exp; GMed twice; the same player written differently
            of(
                "Dana ",
                "Orla",
                """
                2026-01-05 contract home victory 'One'
                2026-02-01 improvement gm_contract
                2026-03-01 improvement gm_contract
                """,
            ),
            of("dana", "Pike", ""),
            of("", "Nobody's", ""),
        ]
    )
    assert histories == (
        PlayerHistory(NO_PLAYER, 1, 1, 0, 0, 0, 0, 0),
        PlayerHistory("Dana", 2, 2, 1, 2, 1, 0, 5),
        PlayerHistory("Ines", 2, 1, 3, 1, 1, 1, 15),
    )


def test_a_voided_death_does_not_count() -> None:
    (history,) = player_histories(
        [
            of(
                "Ines",
                "Mara",
                """
                2026-01-05 death 'Fell'
                2026-01-06 void-death
                """,
            )
        ]
    )
    assert (history.deaths, history.living) == (0, 1)
