"""The greedy policy (the benchmark's greedy player) and how likely a hand makes observed play.

Greedy beats whenever it can and otherwise opens with its least useful tile.
Because the policy is fixed, each of its moves says much about its hand; the
Strong player uses :func:`greedy_likelihood` once it believes it faces such a
player (it has never seen it concede while able to beat).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from builder.tiles.elements import Counts, Kind, beats
from builder.tiles.inference import played_in_hand_phase, unseen
from builder.tiles.state import Action, GameState, Move, Placed, legal_moves

GREEDY_MISS = 0.02
"""Likelihood of a move the greedy policy would not have made (not zero: the model may be wrong)."""


def greedy_move(state: GameState) -> Move:
    """Beat when possible (a plain tile before the UNKNOWN); else open with the least useful tile.

    A tile's use is beating; an element is least useful when fewest of the
    tiles it beats may still come (its prey are in my hand or on the board).
    The UNKNOWN can beat anything, so it is opened with only when nothing else
    is left, as the element whose beater is least likely to be out there.
    """
    moves = legal_moves(state)
    beats_ = [m for m in moves if m.action is Action.BEAT]
    if beats_:
        return min(beats_, key=lambda m: m.tile is Kind.UNKNOWN)
    opens = [m for m in moves if m.action is Action.OPEN and m.tile is not Kind.UNKNOWN]
    hand = state.hands[state.to_move]
    pool = unseen(state, state.to_move)

    def element(move: Move) -> Kind:
        assert move.element is not None  # an OPEN always names the element it plays as
        return move.element

    def tile(move: Move) -> Kind:
        assert move.tile is not None  # and the tile it takes from the hand
        return move.tile

    if opens:
        return min(opens, key=lambda m: (pool[beats(element(m))], -hand[tile(m)], tile(m)))
    unknown_opens = [m for m in moves if m.action is Action.OPEN]
    if unknown_opens:
        return min(unknown_opens, key=lambda m: pool[Kind((element(m) - 1) % 5)])
    return moves[0]


def _pasts(state: GameState, opp: int, hand: Counts) -> Iterator[tuple[Move, GameState]]:
    """Each hand-phase move of ``opp`` with the position it was made in, had it held ``hand`` now.

    Its hand then is ``hand`` plus the tiles it has played since.
    """
    played = played_in_hand_phase(state, opp)
    board: list[list[Placed]] = [[] for _ in state.board]
    pos = -1
    for i, event in enumerate(state.log):
        if event.seat == opp and not event.chaos:
            then = list(hand)
            for j, tile in played:
                if j >= i:
                    then[tile] += 1
            hands = list(state.hands)
            # Counts is a six-tuple (one count per kind); tuple() of six gives tuple[int, ...].
            hands[opp] = tuple(then)  # type: ignore[assignment]
            yield (
                event.move,
                replace(
                    state,
                    hands=(hands[0], hands[1]),
                    board=tuple(tuple(stack) for stack in board),
                    pos=pos,
                    to_move=opp,
                    chaos=False,
                    over=False,
                ),
            )
        if event.move.action is Action.OPEN:
            pos += 1
        if event.move.tile is not None and event.move.element is not None:
            board[pos].append(Placed(event.move.tile, event.move.element, event.seat))


def greedy_likelihood(state: GameState, opp: int, hand: Counts, miss: float = GREEDY_MISS) -> float:
    """How likely the opponent's moves so far were for a greedy player now holding ``hand``.

    Each of its hand-phase moves is checked against what greedy would have
    played holding ``hand`` plus the tiles it has played since; a move greedy
    would not have made counts ``miss`` (0 rules the hand out).
    """
    p = 1.0
    for move, past in _pasts(state, opp, hand):
        if greedy_move(past) != move:
            p *= miss
    return p


def strict_greedy_likelihood(state: GameState, opp: int, hand: Counts) -> float:
    """1 when a greedy player holding ``hand`` now would have made all its moves, else 0."""
    return greedy_likelihood(state, opp, hand, 0.0)


def uniform_likelihood(state: GameState, opp: int, hand: Counts) -> float:
    """How likely the opponent's moves were for a uniformly random player now holding ``hand``.

    Each move was one of the legal moves of its hand then, so it had
    probability one over their number (the UNKNOWN's declarations counted
    apart, as the random player counts them).
    """
    p = 1.0
    for move, past in _pasts(state, opp, hand):
        moves = legal_moves(past)
        p *= 1 / len(moves) if move in moves else 0.0
    return p
