"""Make resources/coven/conflict-odds.json: a two-party conflict's chance of winning, k vs m cards.

A conflict in The Coven is a Texas Hold'Em showdown where each party holds
as many cards as its traits are worth (the-coven.txt, "The Practitioners
Act"); how it is dealt and settled, and why a tie is worth exactly 1/2, is
in ``builder.coven.odds``. Enumerating every deal is out of reach, so this
script deals ``--deals`` seeded deals for each ordered pair of sizes
(``builder.coven.odds.conflict_counts``, one seed per cell) and pools the two
orders (``pooled_chance``): the table then keeps p(k v m) + p(m v k) = 1 and
p(n v n) = 1/2 exactly. Values are stored as exact fractions of the deals'
counts, with each cell's standard error.

Run offline, never by the app: ``python scripts/coven_conflict_table.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from builder.coven.odds import cell_seed, conflict_counts, pooled_chance  # noqa: E402

OUT = ROOT / "resources" / "coven" / "conflict-odds.json"

Counts = tuple[int, int, int]


def _variance(counts: Counts) -> float:
    """The variance of one deal's score (1 won, 1/2 tied, 0 lost) estimated from the counts."""
    won, tied, deals = counts
    mean = (won + tied / 2) / deals
    return max(0.0, (won + tied / 4) / deals - mean * mean)


def cell(mine: int, theirs: int, deals: int, seed: int, largest: int) -> tuple[Fraction, float]:
    """One cell's value and standard error; the diagonal is 1/2 exactly (no deals)."""
    if mine == theirs:
        return Fraction(1, 2), 0.0
    forward = conflict_counts(mine, theirs, deals, cell_seed(seed, mine, theirs))
    backward = None
    if 1 <= mine <= largest:
        backward = conflict_counts(theirs, mine, deals, cell_seed(seed, theirs, mine))
    value = pooled_chance(forward, backward)
    if backward is None:
        return value, math.sqrt(_variance(forward) / deals)
    return value, math.sqrt(_variance(forward) / deals + _variance(backward) / deals) / 2


def table(deals: int, seed: int, largest: int) -> dict[str, object]:
    """The document: win[k][m] as "p/q" strings, error[k][m], and how it was made."""
    win: dict[str, dict[str, str]] = {}
    error: dict[str, dict[str, float]] = {}
    done: dict[tuple[int, int], tuple[Fraction, float]] = {}
    for mine in range(0, largest + 1):
        for theirs in range(1, largest + 1):
            if (theirs, mine) in done and mine >= 1:
                other, err = done[(theirs, mine)]
                value = 1 - other  # pooled once for both orders
            else:
                value, err = cell(mine, theirs, deals, seed, largest)
            done[(mine, theirs)] = (value, err)
            win.setdefault(str(mine), {})[str(theirs)] = str(value)
            error.setdefault(str(mine), {})[str(theirs)] = round(err, 5)
    worst = max(e for row in error.values() for e in row.values())
    return {
        "what": "P(a party with k cards beats a party with m), five shared cards, "
        "ties settled by high-card rounds (worth exactly 1/2); win[k][m] as a fraction",
        "precision": f"exact where k = m (1/2); elsewhere estimated from {deals} seeded deals "
        f"of each order (seed {seed}), one standard error at most {worst:.4f}",
        "deals": deals,
        "seed": seed,
        "win": win,
        "error": error,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals per ordered cell")
    parser.add_argument("--largest", type=int, default=10, help="largest hand in the table")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    document = table(args.deals, args.seed, args.largest)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
