"""Make resources/coven/conflict-odds.json: a two-party conflict's chance of winning, k vs m cards.

A conflict in The Coven is a Texas Hold'Em showdown where each party holds
as many hole cards as its traits are worth (the-coven.txt, "The Practitioners
Act"). Enumerating every deal exactly is out of reach for most sizes, so this
script deals ``--deals`` seeded random deals per cell and records the share
won, ties counting one half (a tie is settled by rounds of single cards from
the same deck, which either party wins with equal chance). The precision is
written into the file: one standard error is at most 0.5/sqrt(deals).

Run offline, never by the app: ``python scripts/coven_conflict_table.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

from builder.coven.cards import DECK, best_hand

OUT = Path(__file__).resolve().parent.parent / "resources" / "coven" / "conflict-odds.json"


def win_share(mine: int, theirs: int, deals: int, rng: random.Random) -> float:
    """The share of ``deals`` seeded deals won by the party with ``mine`` cards (ties ½)."""
    score = 0.0
    deck = list(DECK)
    for _ in range(deals):
        cards = rng.sample(deck, mine + theirs + 5)
        shared = cards[:5]
        a = best_hand(cards[5 : 5 + mine] + shared)
        b = best_hand(cards[5 + mine :] + shared)
        score += 1.0 if a > b else 0.5 if a == b else 0.0
    return score / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--max-mine", type=int, default=10)
    parser.add_argument("--max-theirs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table: dict[str, dict[str, float]] = {}
    for mine in range(0, args.max_mine + 1):
        row = table.setdefault(str(mine), {})
        for theirs in range(1, args.max_theirs + 1):
            row[str(theirs)] = round(win_share(mine, theirs, args.deals, rng), 4)
    error = 0.5 / math.sqrt(args.deals)
    document = {
        "what": "P(a party with k hole cards beats a party with m), five shared cards, "
        "ties counted 1/2; win[k][m]",
        "precision": f"estimated from {args.deals} seeded random deals per cell (seed "
        f"{args.seed}); one standard error at most {error:.4f}; not exact",
        "deals": args.deals,
        "seed": args.seed,
        "win": table,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
