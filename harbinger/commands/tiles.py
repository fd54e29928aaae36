"""``harbinger tiles``: Covenants, the tile game, in the terminal (issue 21).

- ``tiles solve DEAL``: the exact open-hands value of a deal (a seed or a
  deal string ``HAND1/HAND2/PILE``) and its best move, optionally after some
  moves (``--moves``).
- ``tiles play``: a text game against the computer, moves read from stdin
  (``b:F`` beat with FIRE, ``o:U=N`` open with the UNKNOWN as WIND, ``c``
  concede dusk; ``moves`` lists the legal ones, ``undo`` takes back your last
  move). With ``--json`` the finished game's record is printed on stdout and
  the board goes to stderr.

The rules and the players are :mod:`builder.tiles`; this module only reads
input and prints. No Qt is imported.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from typing import TextIO

from builder.tiles.elements import KINDS, spell
from builder.tiles.match import first_seat
from builder.tiles.players import LEVELS, make_player
from builder.tiles.record import record_of, to_json
from builder.tiles.solver import Solver, TooLarge
from builder.tiles.state import (
    Deal,
    Game,
    GameState,
    RulesError,
    apply,
    deal_from_seed,
    legal_moves,
    parse_deal,
    parse_move,
    start,
)
from builder.tiles.variants import DEFAULT_VARIANT, Variant, variant, variants
from harbinger.commands.base import CliError, add_json_flag, emit, wanted

SOLVE_NODE_LIMIT = 5_000_000
"""Largest search ``tiles solve`` attempts (about a minute); bigger variants must start later."""


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``tiles solve`` and ``tiles play`` (only the one ``action`` names when it is not
    None, see :func:`harbinger.commands.base.wanted`); returns the actions."""
    parser = subparsers.add_parser(
        "tiles",
        help="Covenants, the tile game: solve a deal, or play against the computer",
        description="Covenants, the two-player tile game of the Covenant setting.",
    )
    sub = parser.add_subparsers(dest="tiles_command", metavar="ACTION", required=True)
    if wanted(action, "solve"):
        _add_solve(sub)
    if wanted(action, "play"):
        _add_play(sub)
    return sub


def _add_solve(sub: argparse._SubParsersAction) -> None:
    """``tiles solve DEAL``."""
    known = ", ".join(variants())
    solve = sub.add_parser(
        "solve",
        help="exact open-hands value and best move of a deal",
        description="The exact value of the open-hands game (both hands known, the pile "
        "drawn at random in the Chaos round): seat 1's expected final margin with best play "
        "on both sides, every legal move's value for the player to move, and the best move.",
    )
    solve.add_argument(
        "deal",
        metavar="DEAL",
        help="a seed (whole number) or HAND1/HAND2/PILE in letters "
        "F I N(wind) S W(ater) U, e.g. FFIIISS/SSFNIWU/FNNNWWW",
    )
    solve.add_argument("--moves", default="", help="moves already made, e.g. 'o:F o:S'")
    solve.add_argument("--variant", default=DEFAULT_VARIANT, help=f"one of: {known}")
    add_json_flag(solve)
    solve.set_defaults(func=run_solve)


def _add_play(sub: argparse._SubParsersAction) -> None:
    """``tiles play``: a text game against the computer."""
    known = ", ".join(variants())
    play = sub.add_parser(
        "play",
        help="a text game against the computer",
        description="Play against the computer, reading moves from stdin: b:F beats with "
        "FIRE, o:S concedes the territory and opens the next with STORM, o:U=N opens with "
        "the UNKNOWN as WIND, c concedes dusk; 'moves' lists legal moves, 'undo' takes back.",
    )
    play.add_argument("--level", default="strong", help=f"one of: {', '.join(LEVELS)}")
    play.add_argument("--seed", default=None, help="deal seed (default: random)")
    play.add_argument(
        "--seat", default="random", help="your seat: 1 moves first, 2, or random (the default)"
    )
    play.add_argument("--variant", default=DEFAULT_VARIANT, help=f"one of: {known}")
    play.add_argument("--name", default="You", help="your name in the game record")
    add_json_flag(play)
    play.set_defaults(func=run_play)


def _variant(name: str) -> Variant:
    try:
        return variant(name)
    except KeyError as exc:
        raise CliError(str(exc).strip("'\"")) from None


def _deal(text: str, v: Variant) -> tuple[Deal, int | None]:
    text = text.strip()
    if text.lstrip("-").isdigit():
        seed = int(text)
        if seed < 0:
            raise CliError(f"a seed is 0 or more, not {seed}")
        return deal_from_seed(v, seed), seed
    try:
        return parse_deal(text, v), None
    except ValueError as exc:
        raise CliError(f"DEAL {text!r}: {exc}") from None


def _replayed(v: Variant, deal: Deal, moves_text: str) -> GameState:
    state = start(v, deal)
    for i, word in enumerate(moves_text.replace(",", " ").split()):
        try:
            state = apply(state, parse_move(word, state))
        except (ValueError, RulesError) as exc:
            raise CliError(f"move {i + 1} ({word}): {exc}") from None
    return state


def run_solve(args: argparse.Namespace) -> int:
    """Print the open-hands value and best move."""
    v = _variant(args.variant)
    deal, seed = _deal(args.deal, v)
    state = _replayed(v, deal, args.moves)
    if state.over:
        raise CliError("the game is over after those moves")
    try:
        solution = Solver(v, node_limit=SOLVE_NODE_LIMIT).solve(state)
    except TooLarge:
        raise CliError(
            f"{v.id} from this position is too large to solve exactly; give --moves"
        ) from None
    sign = 1 if state.to_move == 0 else -1
    document = {
        "variant": v.id,
        "seed": seed,
        "deal": str(deal),
        "moves": [str(e.move) for e in state.log],
        "to_move": state.to_move + 1,
        "value": solution.value * sign,
        "value_for_player_to_move": solution.value,
        "best_move": str(solution.best),
        "move_values": {str(m): val for m, val in solution.moves.items()},
    }

    def text() -> str:
        lines = [
            f"{v.name}, deal {deal}",
            f"Exact open-hands value for player 1: {solution.value * sign:+g}",
            f"Player {state.to_move + 1} to move; best: {solution.best} "
            f"({solution.best.describe()})",
        ]
        lines += [f"  {m!s:<7} {val:+g}" for m, val in solution.moves.items()]
        return "\n".join(lines)

    emit(args, document, text)
    return 0


def render(state: GameState, seat: int) -> str:
    """The board as text from ``seat``'s side: territories, markers, hands, score."""
    v = state.variant
    lines = []
    for t, value in enumerate(v.territories):
        name = "dawn" if t == 0 else "dusk" if t == len(v.territories) - 1 else f"#{t + 1}"
        stack = " ".join(
            f"{p.element.name}{'(U)' if p.tile.name == 'UNKNOWN' else ''}·P{p.seat + 1}"
            for p in state.board[t]
        )
        marker = state.markers[t]
        note = f" [conceded to P{marker + 1}]" if marker is not None else ""
        here = " <" if t == state.pos and not state.over else ""
        lines.append(f"  {name:>4} ({value}): {stack or '-'}{note}{here}")
    a, b = state.scores()
    opp = 1 - seat
    lines.append(f"Score P1 {a} – P2 {b}; pile {len(state.pile)} face down")
    theirs = spell(state.hands[opp]) if v.open_hands else f"{sum(state.hands[opp])} tiles"
    lines.append(f"Your hand: {spell(state.hands[seat]) or '-'}; opponent: {theirs}")
    if state.chaos and not state.over:
        mover = state.to_move
        hand = state.hands[mover]
        drawn = " ".join(kind.name for kind in KINDS for _ in range(hand[kind]))
        lines.append(
            f"Chaos round: P{mover + 1} drew {drawn or 'nothing'} from the pile; "
            "the drawn tile must be played"
        )
    return "\n".join(lines)


def draw_note(before: GameState, after: GameState) -> str:
    """What a move's Chaos-round draw was, for the terminal ("" when nothing was drawn).

    The rules: "they each draw one random tile per turn from the leftover tiles. If
    the tiles run out, or one player has no possible moves on their turn, the game
    ends." The tile drawn is the top of the face-down pile (``builder.tiles.state``);
    a drawn tile with no legal move forfeits the space and ends the game.
    """
    if len(after.pile) >= len(before.pile):
        if before.chaos and after.over and not before.pile:
            return "Chaos round: the leftover tiles ran out; the game ends."
        return ""
    drawn = before.pile[0].name
    seat = after.to_move
    if not after.over:
        return f"Chaos round: P{seat + 1} draws {drawn} from the pile and must play it."
    where = after.pos
    return (
        f"Chaos round: P{seat + 1} draws {drawn}, which has no legal move: "
        f"the space #{where + 1} goes to P{2 - seat} and the game ends."
    )


def _ask(stdin: TextIO, out: TextIO) -> str:
    out.write("your move> ")
    out.flush()
    line = stdin.readline()
    if not line:
        raise CliError("input ended before the game did")
    return line.strip()


def _human_turn(game: Game, seat: int, stdin: TextIO, out: TextIO) -> None:
    """Read moves until one is legal (or an undo), and make it."""
    while True:
        text = _ask(stdin, out)
        if text in ("moves", "?", "help"):
            out.write("legal: " + " ".join(str(m) for m in legal_moves(game.state)) + "\n")
            continue
        if text == "undo":
            if not any(e.seat == seat for e in game.state.log):
                out.write("nothing to take back\n")
                continue
            while True:  # back to before your last move (and the computer's replies)
                popped = game.state.log[-1]
                game.undo()
                if popped.seat == seat:
                    break
            out.write(render(game.state, seat) + "\n")
            continue
        try:
            move = parse_move(text, game.state)
            game.play(move)
        except (ValueError, RulesError) as exc:
            out.write(f"not allowed: {exc}\n")
            continue
        return


def run_play(args: argparse.Namespace) -> int:
    """Play one game on stdin/stdout; the record as JSON with ``--json``."""
    v = _variant(args.variant)
    if args.level not in LEVELS:
        raise CliError(f"--level must be one of {', '.join(LEVELS)}, not {args.level!r}")
    if args.seat not in ("1", "2", "random"):
        raise CliError(f"--seat must be 1, 2 or random, not {args.seat!r}")
    seed_text = args.seed if args.seed is not None else str(uuid.uuid4().int % 1_000_000)
    deal, seed = _deal(seed_text, v)
    # Reading: who starts is random (and alternates over a match: builder.tiles.match.first_seat)
    seat = first_seat(seed or 0, 0) if args.seat == "random" else int(args.seat) - 1
    ai = make_player(args.level, seed or 0)
    game = Game(v, deal)
    out = sys.stderr if args.json else sys.stdout
    out.write(f"{v.name}; you are player {seat + 1}; deal seed {seed}\n")
    out.write(
        "Moves: b:X beat, o:X concede and open the next territory (o:U=X the UNKNOWN "
        "as X), c concede dusk; X is F I N(wind) S W(ater) U. 'moves' lists them.\n"
    )
    while not game.state.over:
        out.write(render(game.state, seat) + "\n")
        before = game.state
        if game.state.to_move == seat:
            _human_turn(game, seat, sys.stdin, out)
        else:
            move = ai.choose(game.state)
            out.write(f"Computer {move.describe()} ({move})\n")
            game.play(move)
        note = draw_note(before, game.state)
        if note:
            out.write(note + "\n")
    out.write(render(game.state, seat) + "\n")
    winner = game.state.winner()
    a, b = game.state.scores()
    verdict = "a draw" if winner is None else ("you win" if winner == seat else "you lose")
    out.write(f"Game over: {a}–{b}, {verdict}.\n")
    players = [args.name, f"Computer ({args.level})"]
    if seat == 1:
        players.reverse()
    record = record_of(game.state, (players[0], players[1]), str(deal), str(uuid.uuid4()), seed)
    if args.json:
        document = {"format": "harbinger.tiles-game", "version": 1, "character": to_json(record)}
        emit(args, document, "")
    return 0
