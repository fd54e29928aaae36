"""Compute the tile game's opening book against a random player (``builder.tiles.opening``).

Run: ``python scripts/tiles_opening_book.py --seat 1`` (then ``--seat 2``).
For every situation of a seat's first move (up to a turn of the element
cycle) it values each legal move by determinized search against the
random-player model over ``--hands`` opponent hands drawn by weight (seeded
by ``--seed`` and the situation's name, so a run is reproducible), and
writes the best move with every move's value to
``resources/tiles/opening_uniform.json``. Entries already in the file are
kept, so an interrupted run goes on where it stopped; those valued with
another random-player model than today's (``UNIFORM_MODEL``: the book names
its model, and an entry valued with another names its own) are valued again.

The book is made from the rules alone (the solver and the random-player
model); no benchmark deal is used.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder.tiles.elements import Counts, Kind, sub, tiles_of  # noqa: E402
from builder.tiles.inference import _multisets  # noqa: E402
from builder.tiles.opening import (  # noqa: E402
    BOOK_FILE,
    FIRST_MODEL,
    Situation,
    canonical,
    move_values,
    notation,
    turn_counts,
)
from builder.tiles.solver import UNIFORM_MODEL, Solver  # noqa: E402
from builder.tiles.state import Deal, GameState, apply, legal_moves, open_, start  # noqa: E402
from builder.tiles.variants import Variant, variant  # noqa: E402
from resources import resource_path  # noqa: E402


def _deal(v: Variant, mine: Counts, seat: int, theirs_has: Kind | None = None) -> Deal:
    """A deal giving ``seat`` the hand ``mine`` (the other hand and pile: any fitting tiles)."""
    rest = sub(v.deck, mine)
    for combo in _multisets(rest, v.draw):
        other: Counts = combo  # type: ignore[assignment]
        if theirs_has is None or other[theirs_has]:
            hands = (mine, other) if seat == 0 else (other, mine)
            return Deal(hands, tiles_of(sub(rest, other)))
    raise ValueError("no deal fits")


def situations(v: Variant, seat: int) -> dict[str, GameState]:
    """One state for each situation of ``seat``'s first move, by the book's name."""
    found: dict[str, GameState] = {}
    if seat == 1:
        for combo in _multisets(v.deck, v.draw):
            named = canonical(start(v, _deal(v, combo, 0)))  # type: ignore[arg-type]
            assert named is not None
            if named.key not in found:  # the hand as the book names it: values in its frame
                turned = turn_counts(combo, named.steps)  # type: ignore[arg-type]
                found[named.key] = start(v, _deal(v, turned, 0))
        return found
    for tile in (Kind.FIRE, Kind.UNKNOWN):
        pool = list(v.deck)
        pool[tile] -= 1
        for combo in _multisets(tuple(pool), v.draw):  # type: ignore[arg-type]
            state = apply(start(v, _deal(v, combo, 1, tile)), open_(tile, Kind.FIRE))  # type: ignore[arg-type]
            found.setdefault(canonical(state).key, state)  # type: ignore[union-attr]
    return found


def write_book(path: Path, doc: dict[str, Any]) -> None:
    """The book as JSON, one line per entry (a few hundred lines, easy to read in a diff)."""
    head = {k: v for k, v in doc.items() if k != "entries"}
    lines = [json.dumps(head, sort_keys=True)[:-1] + ', "entries": {']
    entries = sorted(doc["entries"].items())
    for i, (key, entry) in enumerate(entries):
        comma = "," if i < len(entries) - 1 else ""
        lines.append(f"  {json.dumps(key)}: {json.dumps(entry, sort_keys=True)}{comma}")
    lines.append("}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _own_models(doc: dict[str, Any]) -> None:
    """Make ``doc`` a book of today's model: each entry valued with another names its own."""
    was = doc.get("model", FIRST_MODEL)
    for entry in doc["entries"].values():
        entry.setdefault("model", was)
        if entry["model"] == UNIFORM_MODEL:
            del entry["model"]
    doc["model"] = UNIFORM_MODEL


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seat", type=int, choices=(1, 2), required=True)
    parser.add_argument(
        "--hands", type=int, help="opponent hands per situation (24 for seat 1, 12 for seat 2)"
    )
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--variant", default="v7")
    parser.add_argument("--out", type=Path, default=resource_path(*BOOK_FILE))
    parser.add_argument(
        "--reverse", action="store_true", help="last situation first (a second run shares the work)"
    )
    args = parser.parse_args(argv)
    v = variant(args.variant)
    if args.hands is None:  # as the shipped book was made: seat 2 has 7x more situations
        args.hands = 24 if args.seat == 1 else 12
    doc: dict[str, Any] = {"variant": v.id, "opponent": "uniform", "entries": {}}
    if args.out.exists():
        doc = json.loads(args.out.read_text(encoding="utf-8"))
    _own_models(doc)
    doc["method"] = (
        "determinized search against the random-player model: each move's open-hands value "
        "averaged over opponent hands drawn by weight; scripts/tiles_opening_book.py"
    )
    doc.setdefault("made_with", {})[f"seat {args.seat}"] = {"hands": args.hands, "seed": args.seed}
    entries = doc["entries"]
    todo = {  # missing, or valued with another model (then the entry names it)
        k: s for k, s in situations(v, args.seat).items() if "model" in entries.get(k, {"model": 0})
    }
    print(f"{len(todo)} situations to value", flush=True)
    for i, (key, state) in enumerate(sorted(todo.items(), reverse=args.reverse)):
        assert canonical(state) == Situation(key, 0)  # the values are in the book's frame
        t0 = time.process_time()
        solver = Solver(v, uniform=1 - state.to_move, table_limit=3_000_000)
        values = move_values(state, args.hands, random.Random(f"{args.seed}/{key}"), solver)
        best = max(legal_moves(state), key=lambda m: values[m])
        entries[key] = {
            "best": notation(best),
            "values": {notation(m): round(x, 4) for m, x in values.items()},
        }
        write_book(args.out, doc)
        took = time.process_time() - t0
        print(f"{i + 1}/{len(todo)} {key} {notation(best)} {took:.1f}s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
