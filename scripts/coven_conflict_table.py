"""Make resources/coven/conflict-odds.json: a two-party conflict's chance of winning, k vs m cards.

A conflict in The Coven is a Texas Hold'Em showdown where each party holds
as many cards as its traits are worth (the-coven.txt, "The Practitioners
Act"); how it is dealt and settled, and why a tie is worth exactly 1/2, is
in ``builder.coven.odds`` (which also says which cells are exact and why the
others are out of reach).

The counting is done by ``scripts/coven_conflict_odds.c``, compiled here with
the system C compiler (``cc``) into a temporary folder:

- cells where both hands hold at most ``--exact`` cards (3 by default) are
  counted over every deal (``exact`` mode: boards up to a permutation of the
  suits, every private set evaluated once per board, disjoint pairs counted
  by inclusion-exclusion) and stored as exact fractions;
- every other off-diagonal cell is estimated from ``--deals`` seeded deals of
  each order (``sample`` mode), the two orders pooled (``pooled_chance``) so
  that p(k v m) + p(m v k) = 1 still holds exactly, with one standard error.

The diagonal is 1/2 exactly (symmetry, nothing counted). Run offline, never
by the app: ``python scripts/coven_conflict_table.py`` (about 9 minutes of
CPU for the exact cells, 4 for the estimates; the same file every time).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from builder.coven.odds import cell_seed, pooled_chance  # noqa: E402

OUT = ROOT / "resources" / "coven" / "conflict-odds.json"
SOURCE = ROOT / "scripts" / "coven_conflict_odds.c"

Counts = tuple[int, int, int]
"""(won, tied, deals) of the first party."""


def compile_counter(folder: Path) -> Path:
    """Compile the counting program into ``folder`` with the system ``cc``; its path."""
    compiler = shutil.which("cc")
    if compiler is None:
        raise RuntimeError("no C compiler: the table's counts need `cc` on the PATH")
    binary = folder / "coven_conflict_odds"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(SOURCE)], check=True)
    return binary


def exact_counts(
    binary: Path, ranks: int, suits: int, largest: int
) -> dict[tuple[int, int], Counts]:
    """Every deal counted: (s, l) -> (won, tied, deals) of s cards against l, for s < l <= largest.

    The deck is the top ``ranks`` ranks in ``suits`` suits (13 and 4 for the
    real one; smaller decks let a test check the method by brute force).
    """
    out = subprocess.run(
        [str(binary), "exact", str(ranks), str(suits), str(largest)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    counts: dict[tuple[int, int], Counts] = {}
    for line in out.splitlines():
        fields = line.split()
        if fields[0] == "boards":
            continue
        small, large, won, tied, deals = map(int, fields)
        counts[(small, large)] = (won, tied, deals)
    return counts


def numeric_seed(seed: int, mine: int, theirs: int) -> int:
    """The 64-bit seed of one ordered cell's deals (from ``cell_seed``), alike on every machine."""
    digest = hashlib.sha256(cell_seed(seed, mine, theirs).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def sampled_counts(binary: Path, mine: int, theirs: int, deals: int, seed: int) -> Counts:
    """(won, tied, deals) of ``mine`` cards against ``theirs`` over ``deals`` seeded deals."""
    out = subprocess.run(
        [
            str(binary),
            "sample",
            str(mine),
            str(theirs),
            str(deals),
            str(numeric_seed(seed, mine, theirs)),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    won, tied, dealt = map(int, out.split())
    return won, tied, dealt


def exact_chance(counts: Counts) -> Fraction:
    """p = P(higher) + P(equal)/2 from every deal's count, as an exact fraction."""
    won, tied, deals = counts
    return Fraction(2 * won + tied, 2 * deals)


def _variance(counts: Counts) -> float:
    """The variance of one deal's score (1 won, 1/2 tied, 0 lost) estimated from the counts."""
    won, tied, deals = counts
    mean = (won + tied / 2) / deals
    return max(0.0, (won + tied / 4) / deals - mean * mean)


def estimated_cell(
    binary: Path, mine: int, theirs: int, deals: int, seed: int
) -> tuple[Fraction, float]:
    """One off-diagonal cell estimated from both orders' deals, pooled; its standard error."""
    forward = sampled_counts(binary, mine, theirs, deals, seed)
    backward = sampled_counts(binary, theirs, mine, deals, seed)
    value = pooled_chance(forward, backward)
    return value, math.sqrt(_variance(forward) / deals + _variance(backward) / deals) / 2


def table(
    binary: Path, deals: int, seed: int, largest: int, exact_largest: int
) -> dict[str, object]:
    """The document: win[k][m] as "p/q" strings, exact[k][m], error[k][m], and how it was made."""
    counted = exact_counts(binary, 13, 4, exact_largest)
    win: dict[str, dict[str, str]] = {}
    error: dict[str, dict[str, float]] = {}
    exact: dict[str, dict[str, bool]] = {}
    done: dict[tuple[int, int], tuple[Fraction, float]] = {}
    for mine in range(0, largest + 1):
        for theirs in range(1, largest + 1):
            is_exact = mine == theirs or max(mine, theirs) <= exact_largest
            if mine == theirs:
                value, err = Fraction(1, 2), 0.0
            elif is_exact:
                low, high = sorted((mine, theirs))
                lower = exact_chance(counted[(low, high)])
                value, err = (lower if mine < theirs else 1 - lower), 0.0
            elif (theirs, mine) in done:
                other, err = done[(theirs, mine)]
                value = 1 - other  # pooled once for both orders
            else:
                value, err = estimated_cell(binary, mine, theirs, deals, seed)
            done[(mine, theirs)] = (value, err)
            win.setdefault(str(mine), {})[str(theirs)] = str(value)
            error.setdefault(str(mine), {})[str(theirs)] = round(err, 6)
            exact.setdefault(str(mine), {})[str(theirs)] = is_exact
    worst = max(e for row in error.values() for e in row.values())
    return {
        "what": "P(a party with k cards beats a party with m), five shared cards, "
        "ties settled by high-card rounds (worth exactly 1/2); win[k][m] as a fraction",
        "precision": f"exact (every deal counted) where k = m or both hold at most {exact_largest} "
        f"cards; elsewhere estimated from {deals:,} seeded deals of each order (seed {seed}), "
        f"one standard error at most {worst:.4f}",
        "exact_largest": exact_largest,
        "counts": {f"{s} v {big}": list(c) for (s, big), c in sorted(counted.items())},
        "deals": deals,
        "seed": seed,
        "win": win,
        "exact": exact,
        "error": error,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", type=int, default=4_000_000, help="deals per ordered estimated cell"
    )
    parser.add_argument("--largest", type=int, default=10, help="largest hand in the table")
    parser.add_argument(
        "--exact", type=int, default=3, help="largest hand counted exactly (at most 4)"
    )
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        binary = compile_counter(Path(folder))
        document = table(binary, args.deals, args.seed, args.largest, args.exact)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
