"""Player histories: one summary per player across all their contractors (issue 32 item 3).

Everything is folded from each contractor's ledger by ``fold_ledger`` (so a
corrected or voided entry counts as the ledger says it does now):

- *Contracts played*: Contracts attended ("Earning Experience");
- *Contracts GMed*: Improvements granted for GMing — "GMing a Contract grants
  one Improvement. The GM decides which of their Contractors receives the
  Improvement", so each Contract a player ran is one such entry on one of
  their contractors;
- *victories* and *deaths* (a voided death does not count, "Death");
- *Exp earned*: Exp earned after creation, not the starting 150 ("Finally,
  all brand-new Contractors start with 150 Exp").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from builder.contract.character import Contractor, ImprovementKind
from builder.contract.ledger import fold_ledger

NO_PLAYER = "(no player)"
"""How a contractor whose sheet names no player is grouped."""


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """One player's record across their contractors in the library."""

    player: str
    contractors: int
    living: int
    contracts_played: int
    contracts_gmed: int
    victories: int
    deaths: int
    exp_earned: int

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "contractors": self.contractors,
            "living": self.living,
            "contracts_played": self.contracts_played,
            "contracts_gmed": self.contracts_gmed,
            "victories": self.victories,
            "deaths": self.deaths,
            "exp_earned": self.exp_earned,
        }


def _one(contractor: Contractor) -> PlayerHistory:
    fold = fold_ledger(contractor)
    gmed = fold.rewards.improvements_earned_by_source.get(ImprovementKind.GM_CONTRACT.value, 0)
    return PlayerHistory(
        player=contractor.concept.player.strip() or NO_PLAYER,
        contractors=1,
        living=1 if fold.alive else 0,
        contracts_played=fold.contracts_attended,
        contracts_gmed=gmed,
        victories=fold.victories,
        deaths=fold.deaths,
        exp_earned=fold.exp.earned_total,
    )


def _add(a: PlayerHistory, b: PlayerHistory) -> PlayerHistory:
    return PlayerHistory(
        a.player,
        a.contractors + b.contractors,
        a.living + b.living,
        a.contracts_played + b.contracts_played,
        a.contracts_gmed + b.contracts_gmed,
        a.victories + b.victories,
        a.deaths + b.deaths,
        a.exp_earned + b.exp_earned,
    )


def player_histories(contractors: Iterable[Contractor]) -> tuple[PlayerHistory, ...]:
    """One history per player (named on the sheet; case and spacing as first seen), by name."""
    by_player: dict[str, PlayerHistory] = {}
    for contractor in contractors:
        one = _one(contractor)
        key = " ".join(one.player.split()).casefold()
        held = by_player.get(key)
        by_player[key] = one if held is None else _add(held, one)
    return tuple(sorted(by_player.values(), key=lambda h: (h.player.casefold(), h.player)))


__all__ = ["NO_PLAYER", "PlayerHistory", "player_histories"]
