"""Benchmark: the Covenants opponents (issues 21, 28) against random and greedy play, with ceilings.

Run with ``python bench/bench_tiles.py [--deals N]`` (100 by default). Each
level (Strong by default) plays N seeded deals against each opponent (the
random and the greedy player by default), taking seat 1 on even deals and
seat 2 on odd ones; it prints the share of the points, wins/draws/losses
and the median and worst CPU seconds per move (process CPU time, measured
around the player's move from outside: the player's own deadline does not
cap it).

The ceiling (``--no-ceiling`` to skip): on the same deals, the best reply
to each opponent with its hand hidden (``builder.tiles.players.best_reply``:
a belief search that knows the opponent's policy from the first move, with
far more work per move than Strong, trying the exact search by branch and
bound first). Against greedy it finishes every move (the exact best reply,
57.8% on deals 0-199). Against the random player its first move of a game
comes from the opening book, as Strong's does (the exact search of a first
move takes 5-40 s of CPU here, too much for many deals on a shared
machine), and every later move is the exact best reply where the search
finishes in ``--ceiling-work`` positions (from the second move on it
nearly always does, in 2-15 s): the line says on how many of its searched
moves it was exact, and the mean value of each game's first exact move (the
expected margin from there: far less noise than the games' own margins).
``--ceiling-search-first`` searches the first move too; with
``--ceiling-seconds 120 --ceiling-work 30000000`` that search is exact and
the value noted is the true best reply's expected margin from the deal on.
``--progress`` prints a line per deal as it ends. ``--shortfall`` measures
how far Strong is from that ceiling with far less noise: in Strong's own
match against the random player, the exact value the best reply expects
minus what Strong's move expects, at each of its moves from
``--shortfall-ply`` on, summed per game (the performance-difference lemma:
its mean is the gap between the two players' expected margins). ``--oracle`` adds the
all-seeing opponent; ``--ladder`` Strong against Normal and Normal against
Easy; ``--value`` the exact open-hands value of the deal for the first player.

Strong's first move of each seat against the random player comes from the
opening book (``builder.tiles.opening``), made by
``scripts/tiles_opening_book.py`` from the rules alone, on no benchmark deal.

Goals (issue 28): Strong takes >= 75% of the points against random, and no
move of any level takes more than 1 s of CPU. The exit status is 1 when a
goal measured in this run is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder.tiles.belief import BeliefSearch  # noqa: E402
from builder.tiles.greedy import uniform_likelihood  # noqa: E402
from builder.tiles.inference import worlds  # noqa: E402
from builder.tiles.match import Tally, play_game  # noqa: E402
from builder.tiles.opening import shipped_book  # noqa: E402
from builder.tiles.players import Player, SearchPlayer, best_reply, make_player  # noqa: E402
from builder.tiles.solver import Solver  # noqa: E402
from builder.tiles.state import (  # noqa: E402
    GameState,
    Move,
    apply,
    deal_from_seed,
    legal_moves,
    start,
)
from builder.tiles.variants import variant  # noqa: E402

GOAL_RANDOM = 0.75
"""Strong's share of the points against the random player (issue 28)."""
GOAL_MOVE_CPU = 1.0
"""The most CPU seconds any move of a level may take (issue 28)."""
POLICY = {"random": "uniform", "greedy": "greedy"}
"""The policy the ceiling's best reply assumes for each opponent."""


Progress = Callable[[int, tuple[int, int], Tally, int, int], None]
"""Called after each deal: its seed, (my points, theirs), the tally so far, exact and searched."""


def run_pairing(
    level: str | Player,
    opponent: str,
    deals: int,
    variant_id: str,
    first: int,
    progress: Progress | None = None,
) -> tuple[Tally, int, int]:
    """``level`` against ``opponent`` on deals first..first+deals-1, seats alternating.

    Returns the tally and, for a searching player, how many of its searched
    moves were the exact best reply to its model, out of how many searched.
    ``progress`` hears of each deal as it ends (a long run's partial figures).
    """
    v = variant(variant_id)
    tally = Tally()
    me = make_player(level, first) if isinstance(level, str) else level
    them = make_player(opponent, first + 1)
    exact = searched = 0
    for d in range(first, first + deals):
        seat = d % 2
        seats = (me, them) if seat == 0 else (them, me)
        end = play_game(v, deal_from_seed(v, d), seats, me, tally.times)
        inner = me.player if isinstance(me, _FirstExact) else me
        if isinstance(inner, SearchPlayer):
            exact += inner.exact_moves
            searched += inner.searched_moves
            inner.exact_moves = inner.searched_moves = 0
        scores = end.scores()
        tally.add(scores[seat], scores[1 - seat])
        if progress is not None:
            progress(d, (scores[seat], scores[1 - seat]), tally, exact, searched)
    return tally, exact, searched


class _FirstExact:
    """A searching player that notes, each game, the value of its first exact move.

    Where the best reply's search is exact, the value of the move it makes
    is its expected final margin from there on, over the opponent's hidden
    hand (weighed by how likely its play so far was), its random moves and
    the Chaos draws. Its mean over the deals is the ceiling's expected
    margin with much less noise than the games' margins.
    """

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.name = player.name
        self.values: list[float | None] = []
        self._length = -1  # the log length at its last move (a shorter one: a new game)

    def choose(self, state: GameState) -> Move:
        if len(state.log) <= self._length or not self.values:
            self.values.append(None)
        self._length = len(state.log)
        searched = self.player.searched_moves
        move = self.player.choose(state)
        done = self.player.searched_moves > searched and self.player.last_exact
        if done and self.values[-1] is None:
            self.values[-1] = self.player.last_value
        return move


def shortfall(
    deals: int, variant_id: str, first: int, seconds: float, from_ply: int
) -> tuple[float, float, int, int]:
    """Strong's expected shortfall from the exact best reply to the random player, per game.

    Strong plays a match against the random player (seats alternating, as
    in :func:`run_pairing`); at each of its moves from ply ``from_ply`` on
    (its first moves come from the book; their exact search takes 5-100 s)
    the bounded search values the best move and Strong's, each exactly,
    within ``seconds`` of CPU. The mean over games of the summed differences
    is how much more margin the best reply expects in the same positions.
    Returns (mean per game, its standard error, games, moves not valued).
    """
    v = variant(variant_id)
    strong = make_player("strong", first)
    them = make_player("random", first + 1)
    per_game: list[float] = []
    unknown = 0
    for d in range(first, first + deals):
        seat = d % 2
        state = start(v, deal_from_seed(v, d))
        lost = 0.0
        while not state.over:
            if state.to_move != seat:
                state = apply(state, them.choose(state))
                continue
            move = strong.choose(state)
            if len(legal_moves(state)) > 1 and len(state.log) >= from_ply and not state.chaos:
                search = BeliefSearch(Solver(v, uniform=1 - seat), seat, 10**9)
                search.deadline = search.solver.deadline = time.process_time() + seconds
                found = worlds(state, seat, 1.0, uniform_likelihood)
                gap = search.shortfall(state, found, move)
                unknown += gap is None
                lost += gap or 0.0
            state = apply(state, move)
        per_game.append(lost)
        mean = statistics.fmean(per_game)
        print(f"  shortfall deal {d}: {lost:.4f}; mean {mean:.4f} over {len(per_game)}", flush=True)
    spread = statistics.stdev(per_game) / len(per_game) ** 0.5 if len(per_game) > 1 else 0.0
    return statistics.fmean(per_game), spread, len(per_game), unknown


def _progress_line(level: str, opponent: str, noted: _FirstExact | None = None) -> Progress:
    """A progress reporter printing one line per deal: its score and the running figures.

    With ``noted``, the line also gives the value of the game's first exact move.
    """

    def show(d: int, score: tuple[int, int], tally: Tally, exact: int, searched: int) -> None:
        value = ""
        if noted is not None and noted.values and noted.values[-1] is not None:
            value = f" (first exact move's value {noted.values[-1]:+.4f})"
        print(
            f"  {level} vs {opponent} deal {d}: {score[0]}-{score[1]}{value}; "
            f"{tally.games} deals {tally.share:.1%} of points, "
            f"W/D/L {tally.wins}/{tally.draws}/{tally.losses}, "
            f"exact on {exact} of {searched} searched moves",
            flush=True,
        )

    return show


def _expected(noted: _FirstExact) -> str:
    """The mean value of the games' first exact moves, as a margin and a share of 10 points."""
    found = [v for v in noted.values if v is not None]
    if not found:
        return ""
    mean = statistics.fmean(found)
    spread = statistics.stdev(found) / len(found) ** 0.5 if len(found) > 1 else 0.0
    return (
        f"; expected margin from its first exact move {mean:+.3f} +- {spread:.3f} over "
        f"{len(found)} games (a share of {0.5 + mean / 20:.1%} of 10 points a game)"
    )


def first_player_value(deals: int, variant_id: str, first: int) -> float:
    """The exact open-hands value for seat 1 (its expected margin), averaged over the deals."""
    v = variant(variant_id)
    solver = Solver(v)
    values = [
        solver.solve(start(v, deal_from_seed(v, d))).value for d in range(first, first + deals)
    ]
    return statistics.fmean(values)


def _row(level: str, opponent: str, t: Tally) -> dict[str, object]:
    return {
        "level": level,
        "opponent": opponent,
        "games": t.games,
        "share": round(t.share, 4),
        "wins": t.wins,
        "draws": t.draws,
        "losses": t.losses,
        "median_move_cpu_s": round(statistics.median(t.times), 4) if t.times else 0.0,
        "worst_move_cpu_s": round(max(t.times), 4) if t.times else 0.0,
    }


def _line(r: dict[str, object]) -> str:
    """One pairing's figures, each followed by its issue-28 goal where it has one."""
    goal_row = (r["level"], r["opponent"]) == ("strong", "random")
    share_goal = f" (goal >= {GOAL_RANDOM:.0%})" if goal_row else ""
    cpu_goal = f" (goal <= {GOAL_MOVE_CPU:g} s)" if r["level"] != "ceiling" else ""
    return (
        f"{r['level']:>7} vs {r['opponent']:<7} {r['share']:.1%} of points{share_goal}  "
        f"W/D/L {r['wins']}/{r['draws']}/{r['losses']}  "
        f"move CPU median {r['median_move_cpu_s']:.3f}s worst {r['worst_move_cpu_s']:.3f}s"
        f"{cpu_goal}"
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per pairing (100)")
    parser.add_argument("--first", type=int, default=0, help="seed of the first deal (0)")
    parser.add_argument("--variant", default="v7", help="variant id (v7)")
    parser.add_argument("--levels", default="strong", help="levels to measure (strong)")
    parser.add_argument("--opponents", default="random,greedy", help="(random,greedy)")
    parser.add_argument("--oracle", action="store_true", help="also against the all-seeing oracle")
    parser.add_argument("--no-ceiling", action="store_true", help="skip the best-reply ceilings")
    parser.add_argument("--ceiling-work", type=int, default=3_000_000, help="positions per move")
    parser.add_argument("--ceiling-seconds", type=float, default=40.0, help="CPU s per move")
    parser.add_argument(
        "--ceiling-search-first",
        action="store_true",
        help="the ceiling searches its first move against random too (default: the opening book)",
    )
    parser.add_argument("--progress", action="store_true", help="a line per deal as it ends")
    parser.add_argument(
        "--shortfall",
        action="store_true",
        help="Strong's exact shortfall from the best reply to random, move by move (slow)",
    )
    parser.add_argument("--shortfall-ply", type=int, default=2, help="from this ply on (2)")
    parser.add_argument("--ladder", action="store_true", help="Strong-Normal-Easy games")
    parser.add_argument("--value", action="store_true", help="the first player's open-hands value")
    parser.add_argument("--no-ladder", action="store_true", help=argparse.SUPPRESS)  # old
    parser.add_argument("--no-value", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    return parser


class _Report:
    """The rows measured so far, printed as they come (unless JSON), and the goals missed."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.rows: list[dict[str, object]] = []
        self.missed: list[str] = []

    def show(self, row: dict[str, object], extra: str = "") -> None:
        self.rows.append(row)
        if not self.quiet:
            print(_line(row) + extra, flush=True)

    def check(self, level: str, opponent: str, tally: Tally) -> None:
        """Note the issue-28 goals this pairing misses."""
        worst = max(tally.times, default=0.0)
        if worst > GOAL_MOVE_CPU:
            self.missed.append(f"{level} took {worst:.3f}s of CPU on a move (goal 1 s)")
        if level == "strong" and opponent == "random" and tally.share < GOAL_RANDOM:
            self.missed.append(f"strong took {tally.share:.1%} against random (goal 75%)")


def _ceilings(args: argparse.Namespace, opponents: list[str], report: _Report) -> None:
    """The hidden-hand best reply to each opponent whose policy is known, on the same deals."""
    for opponent in opponents:
        if opponent not in POLICY:
            continue
        book = None if args.ceiling_search_first else shipped_book()
        player = _FirstExact(
            best_reply(POLICY[opponent], args.ceiling_work, args.ceiling_seconds, book)
        )
        progress = _progress_line("ceiling", opponent, player) if args.progress else None
        tally, exact, searched = run_pairing(
            player, opponent, args.deals, args.variant, args.first, progress
        )
        row = _row("ceiling", opponent, tally)
        row["exact_moves"], row["searched_moves"] = exact, searched
        row["deals"] = f"{args.first}-{args.first + args.deals - 1}"
        first = "" if book is None or opponent != "random" else ", first move from the book"
        found = [v for v in player.values if v is not None]
        row["first_exact_values"] = len(found)
        row["expected_margin"] = round(statistics.fmean(found), 4) if found else None
        report.show(
            row,
            f"  exact best reply on {exact} of {searched} searched moves{first}{_expected(player)}",
        )


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    opponents = args.opponents.split(",") + (["oracle"] if args.oracle else [])
    report = _Report(args.json)
    for level in filter(None, args.levels.split(",")):
        for opponent in opponents:
            progress = _progress_line(level, opponent) if args.progress else None
            tally, _, _ = run_pairing(
                level, opponent, args.deals, args.variant, args.first, progress
            )
            report.show(_row(level, opponent, tally))
            report.check(level, opponent, tally)
    if not args.no_ceiling:
        _ceilings(args, opponents, report)
    if args.shortfall:
        mean, spread, games, unknown = shortfall(
            args.deals, args.variant, args.first, args.ceiling_seconds, args.shortfall_ply
        )
        print(
            f"strong's shortfall from the exact best reply to random: {mean:.3f} +- {spread:.3f} "
            f"points of margin a game ({mean / 20:.1%} of the points) over {games} games "
            f"from ply {args.shortfall_ply}; {unknown} moves not valued in time"
        )
    if args.ladder:
        for level, opponent in (("strong", "normal"), ("normal", "easy")):
            tally, _, _ = run_pairing(level, opponent, args.deals, args.variant, args.first)
            report.show(_row(level, opponent, tally))
    value = first_player_value(args.deals, args.variant, args.first) if args.value else None
    if args.json:
        doc: dict[str, object] = {"variant": args.variant, "deals": args.deals}
        doc["rows"] = report.rows
        doc["first_player_value"] = None if value is None else round(value, 4)
        doc["goals_missed"] = report.missed
        print(json.dumps(doc, indent=2))
        return 1 if report.missed else 0
    if value is not None:
        print(f"exact open-hands value for the first player, mean margin: {value:+.3f}")
    for line in report.missed:
        print(f"GOAL MISSED: {line}")
    return 1 if report.missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
