"""What a player can know of the opponent's hidden tiles, from the tiles in view and the play.

Everything not in my hand and not on the board is either in the opponent's
hand or in the face-down pile. Which of those tiles the opponent holds is not
uniform once it has played: a player who concedes a territory usually does
so because it lacks the element that would have beaten the tile there (the
rules allow conceding anyway, so that is evidence, not proof). Each possible
hand gets its prior weight (how many ways the unseen tiles can make it) times
the likelihood of the opponent's observed concessions under it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb

from builder.tiles.elements import KINDS, Counts, Kind, add, beaten_by, sub
from builder.tiles.state import Action, GameState

CONCEDE_WHEN_ABLE = 0.15
"""Default likelihood ratio of a concession made while able to beat (Strong learns its own)."""


@dataclass(frozen=True, slots=True)
class World:
    """One possible opponent hand, the pile's mix that goes with it, and its posterior weight."""

    hand: Counts
    pile: Counts
    weight: float


def unseen(state: GameState, seat: int) -> Counts:
    """Tiles ``seat`` cannot see: the opponent's hand and the face-down pile together."""
    v = state.variant
    everything = add(add(v.deck, v.fixed[0]), v.fixed[1])
    on_board = [0] * 6
    for stack in state.board:
        for placed in stack:
            on_board[placed.tile] += 1
    # Counts is a six-tuple (one count per kind); tuple() of six gives tuple[int, ...].
    return sub(sub(everything, state.hands[seat]), tuple(on_board))  # type: ignore[arg-type]


def _multisets(pool: Counts, size: int, k: int = 0) -> Iterator[tuple[int, ...]]:
    if k == 5:
        if size <= pool[5]:
            yield (size,)
        return
    for n in range(min(pool[k], size) + 1):
        for rest in _multisets(pool, size - n, k + 1):
            yield (n, *rest)


def played_in_hand_phase(state: GameState, seat: int) -> list[tuple[int, Kind]]:
    """(log index, tile) of each tile ``seat`` played from its hand (not drawn in Chaos)."""
    return [
        (i, e.move.tile)
        for i, e in enumerate(state.log)
        if e.seat == seat and not e.chaos and e.move.tile is not None
    ]


def worlds(
    state: GameState,
    seat: int,
    concede_when_able: float = CONCEDE_WHEN_ABLE,
    model: Callable[[GameState, int, Counts], float] | None = None,
) -> list[World]:
    """Every opponent hand consistent with what ``seat`` knows, heaviest first.

    Weights are normalised to sum to 1. ``concede_when_able=1`` ignores the
    evidence of concessions (hand sampling alone). ``model(state, opponent,
    hand)`` is a further likelihood of the opponent's play under a model of
    its policy (``builder.tiles.greedy.greedy_likelihood``).
    """
    opp = 1 - seat
    v = state.variant
    pool = unseen(state, seat)
    size = sum(state.hands[opp])
    if v.open_hands:
        return [World(state.hands[opp], sub(pool, state.hands[opp]), 1.0)]
    played = played_in_hand_phase(state, opp)
    known_unknowns = state.hands[opp][Kind.UNKNOWN] if v.public_unknown else None
    found: list[World] = []
    for combo in _multisets(pool, size):
        # Counts is a six-tuple (one count per kind); _multisets yields them as tuple[int, ...].
        hand: Counts = combo  # type: ignore[assignment]
        if known_unknowns is not None and hand[Kind.UNKNOWN] != known_unknowns:
            continue
        start_hand = [hand[k] + sum(1 for _, t in played if t == k) for k in KINDS]
        if any(start_hand[k] < v.fixed[opp][k] for k in KINDS):
            continue
        weight = 1.0
        for k in KINDS:
            weight *= comb(pool[k], hand[k])
        weight /= _which_copy(hand, played)
        weight *= _likelihood(state, opp, hand, played, concede_when_able)
        if weight > 0 and model is not None:
            weight *= model(state, opp, hand)
        if weight > 0:
            found.append(World(hand, sub(pool, hand), weight))
    total = sum(w.weight for w in found)
    found.sort(key=lambda w: -w.weight)
    return [World(w.hand, w.pile, w.weight / total) for w in found]


def _which_copy(hand: Counts, played: list[tuple[int, Kind]]) -> float:
    """The product, over the opponent's played tiles, of how many of that kind it held then.

    The count prior above weighs the hand it holds *now* among the unseen
    tiles; the hand it was dealt held each played tile too, and a hand with
    ``n`` tiles of a kind plays one given tile of it one time in ``n``. So the
    posterior of the current hand divides by those counts (with a pool of A,
    A, B and two tiles dealt, playing an A leaves A one time in three, not
    one in two).
    """
    product = 1.0
    held = list(hand)
    for _, tile in reversed(played):
        held[tile] += 1
        product *= held[tile]
    return product


def _likelihood(
    state: GameState,
    opp: int,
    hand: Counts,
    played: list[tuple[int, Kind]],
    concede_when_able: float,
) -> float:
    """How likely the opponent's concessions were, had it held ``hand`` now."""
    if concede_when_able >= 1:
        return 1.0
    p = 1.0
    for i, event in enumerate(state.log):
        if event.seat != opp or event.chaos or event.top is None:
            continue
        if event.move.action is not Action.OPEN:
            continue
        need = beaten_by(event.top)
        # its hand then: the hand now plus what it played from that move on
        held_need = hand[need] + sum(1 for j, t in played if j >= i and t == need)
        held_unknown = hand[Kind.UNKNOWN] + sum(
            1 for j, t in played if j >= i and t == Kind.UNKNOWN
        )
        if held_need or held_unknown:
            p *= concede_when_able
    return p


def concession_evidence(state: GameState, seat: int) -> tuple[int, int]:
    """(the opponent's concessions, those proven made while it held a beater).

    A concession is proven "while able" when the opponent played the
    overcoming element or the UNKNOWN from its hand at that move or later: it
    held that tile when it conceded. A player that never does so, over many
    concessions, is one that always beats when it can.
    """
    opp = 1 - seat
    played = played_in_hand_phase(state, opp)
    conceded = proven = 0
    for i, event in enumerate(state.log):
        if event.seat != opp or event.chaos or event.top is None:
            continue
        if event.move.action is not Action.OPEN:
            continue
        conceded += 1
        need = beaten_by(event.top)
        if any(j >= i and t in (need, Kind.UNKNOWN) for j, t in played):
            proven += 1
    return conceded, proven


def wasteful_unknowns(state: GameState, opp: int) -> int:
    """How often ``opp`` opened a territory with the UNKNOWN while holding other tiles."""
    size = state.variant.hand_sizes[opp]
    count = 0
    for event in state.log:
        if event.seat != opp or event.chaos or event.move.tile is None:
            continue
        if event.move.action is Action.OPEN and event.move.tile is Kind.UNKNOWN and size >= 2:
            count += 1
        size -= 1
    return count
