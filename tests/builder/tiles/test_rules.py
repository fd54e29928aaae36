"""The rules of Covenants (base game / Variant 7), each checked on a small position."""

from __future__ import annotations

import pytest

from builder.tiles.elements import Kind, beaten_by, beats, counts_of, parse_tiles
from builder.tiles.state import (
    CONCEDE,
    Action,
    Deal,
    Game,
    RulesError,
    apply,
    beat,
    deal_from_seed,
    legal_moves,
    open_,
    parse_deal,
    parse_move,
    start,
)
from builder.tiles.variants import variant, variants

F, IC, N, S, W, U = Kind.FIRE, Kind.ICE, Kind.WIND, Kind.STORM, Kind.WATER, Kind.UNKNOWN
V7 = variant("v7")

# The example of play. Tiles the text leaves open ("a few turns later") are
# filled in consistently with everything it says: Player 1 never holds WIND or
# WATER, Player 2 holds one WATER and the UNKNOWN.
EXAMPLE_DEAL = "FFIIISS/SSFNIWU/FNNNWWW"
EXAMPLE_MOVES = [
    "o:F",  # P1: FIRE on dawn
    "o:S",  # P2 saves her WATER: concedes dawn, STORM on territory 2
    "o:I",  # P1 has no WIND: concedes territory 2, ICE on territory 3
    "b:F",  # P2: FIRE on the ICE
    "o:S",  # P1 has no WATER: concedes territory 3, STORM on territory 4
    "b:N",  # (a few turns later) P2: WIND on the STORM
    "b:I",  # P1: ICE on the WIND
    "o:S",  # P2 has no FIRE left: concedes territory 4, STORM on 5
    "o:I",  # P1 has no WIND: concedes 5, ICE on 6
    "o:I",  # P2 has no FIRE: concedes 6, ICE on dusk
    "b:F",  # P1's 6th tile, another FIRE, on dusk
    "b:W",  # P2: the WATER she saved
    "b:S",  # P1's final tile, a STORM
    "b:U",  # P2: the UNKNOWN, acting as WIND
]


def test_the_cycle() -> None:
    assert [beats(e).name for e in (F, IC, N, S, W)] == ["ICE", "WIND", "STORM", "WATER", "FIRE"]
    assert [beaten_by(e).name for e in (F, IC, N, S, W)] == [
        "WATER",
        "FIRE",
        "ICE",
        "WIND",
        "STORM",
    ]


def test_worked_example_replays_to_player_2_winning_6_to_4() -> None:
    the_deal = parse_deal(EXAMPLE_DEAL, V7)
    states = [start(V7, the_deal)]
    for text in EXAMPLE_MOVES:
        states.append(apply(states[-1], parse_move(text, states[-1])))
    after_dawn_conceded = states[2]
    assert after_dawn_conceded.scores() == (1, 1)  # dawn marker for P1; P2's STORM on 2
    assert states[3].markers[1] == 1  # "Player 2 now also controls one territory"
    assert states[5].markers[:3] == (0, 1, 1)  # "Player 2 now controls two territories"
    end = states[-1]
    assert end.over and not end.chaos
    assert end.scores() == (4, 6)
    assert end.winner() == 1
    assert [end.owner(t) for t in range(7)] == [0, 1, 1, 0, 1, 0, 1]
    assert end.board[6][-1].tile is U and end.board[6][-1].element is N
    assert end.hands == ((0,) * 6, (0,) * 6) and len(end.pile) == 7


def test_first_move_is_any_tile_on_dawn() -> None:
    s = start(V7, parse_deal(EXAMPLE_DEAL, V7))
    moves = legal_moves(s)
    assert {str(m) for m in moves} == {"o:F", "o:I", "o:S"}
    with pytest.raises(RulesError, match="no tile to beat"):
        apply(s, beat(F))
    assert apply(s, open_(F)).pos == 0


def test_beat_needs_the_one_overcoming_element_and_conceding_is_always_allowed() -> None:
    s = apply(start(V7, parse_deal(EXAMPLE_DEAL, V7)), open_(F))
    assert {str(m) for m in legal_moves(s)} == {
        "b:W", "b:U", "o:F", "o:I", "o:N", "o:S", "o:W",
        "o:U=F", "o:U=I", "o:U=N", "o:U=S", "o:U=W",
    }  # fmt: skip
    with pytest.raises(RulesError, match="STORM does not overcome FIRE: only WATER does"):
        apply(s, beat(S))
    conceded = apply(s, open_(S))
    assert conceded.markers[0] == 0 and conceded.pos == 1  # dawn is Player 1's now


def test_territories_are_never_skipped_or_revisited() -> None:
    s = apply(start(V7, parse_deal(EXAMPLE_DEAL, V7)), open_(F))
    s = apply(s, open_(S))
    assert s.pos == 1 and s.board[0][-1].element is F and s.board[2] == ()
    assert all(m.action is not Action.BEAT or m.element is N for m in legal_moves(s))


def _deal(one: str, two: str, pile_order: str = "") -> Deal:
    """A V7 deal from two hands; the pile is the rest, in ``pile_order``'s order when given."""
    hands = (counts_of(parse_tiles(one)), counts_of(parse_tiles(two)))
    if pile_order:
        return parse_deal(f"{one}/{two}/{pile_order}", V7)
    rest = [k for k in Kind for _ in range(V7.deck[k] - hands[0][k] - hands[1][k])]
    return Deal(hands, tuple(rest))


def _play(the_deal: Deal, moves: list[str]):  # type: ignore[no-untyped-def]
    s = start(V7, the_deal)
    for text in moves:
        s = apply(s, parse_move(text, s))
    return s


def test_unknown_is_any_element_on_an_empty_territory_and_the_beater_on_a_tile() -> None:
    s = apply(start(V7, _deal("UFFIISS", "SSFNIWN")), open_(U, W))
    assert s.top is not None and s.top.tile is U and s.top.element is W
    assert str(legal_moves(s)[0]) == "b:S"  # the UNKNOWN as WATER is beaten as WATER
    s2 = apply(start(V7, _deal("FFFIISS", "SSINIWU")), open_(F))
    with pytest.raises(RulesError, match="does not overcome FIRE"):
        apply(s2, beat(U, N))
    after = apply(s2, parse_move("beat u", s2))
    assert after.top is not None and after.top.element is W and after.top.tile is U
    assert str(legal_moves(after)[0]) == "b:S"


def test_conceding_dusk_ends_the_game() -> None:
    s = _play(parse_deal(EXAMPLE_DEAL, V7), EXAMPLE_MOVES[:11])  # P1 FIRE on dusk
    assert CONCEDE in legal_moves(s) and s.pos == 6
    end = apply(s, CONCEDE)
    assert end.over and end.markers[6] == 0 and end.scores() == (1 + 1 + 2 + 3, 1 + 1 + 1)
    with pytest.raises(RulesError, match="only dusk"):
        apply(_play(parse_deal(EXAMPLE_DEAL, V7), EXAMPLE_MOVES[:3]), CONCEDE)


ALL_ON_DAWN = ["o:F", "b:W", "b:S", "b:N", "b:I", "b:F", "b:W", "b:S", "b:N", "b:I", "b:F",
               "b:W", "b:S", "b:N"]  # fmt: skip


def test_chaos_round_when_both_hands_are_empty_before_dusk() -> None:
    s = _play(_deal("FSIWNFS", "WNFSINW", "IUFNSWI"), ALL_ON_DAWN)
    assert s.chaos and not s.over and s.pos == 0 and s.to_move == 0
    assert s.hands == (counts_of([IC]), (0,) * 6) and len(s.pile) == 6  # P1 drew the ICE
    s = apply(s, beat(IC))
    assert s.hands[1] == counts_of([U])  # P2 draws the UNKNOWN and must play it
    s = apply(s, open_(U, F))
    assert s.markers[0] == 0 and s.pos == 1
    for text in ["o:F", "o:N", "o:S", "o:W"]:
        s = apply(s, parse_move(text, s))
    assert s.hands[0] == counts_of([IC]) and not s.pile and not s.over
    end = apply(s, open_(IC))
    assert end.over and end.pos == 6  # the leftovers ran out
    assert end.scores() == (1 + 1 + 1 + 3, 1 + 1 + 2)


TIED_AT_DUSK = ["o:F", "o:I", "o:I", "o:F", "o:I", "o:S", "b:N", "o:S", "b:N", "b:I", "b:F",
                "b:W", "b:S", "b:N"]  # fmt: skip


def test_chaos_round_on_a_5_5_tie_and_a_drawn_tile_that_cannot_be_played() -> None:
    s = _play(_deal("FIINNFS", "IFSSIWN", "WUFWWNS"), TIED_AT_DUSK)
    assert s.over and s.scores() == (5, 5) and s.winner() is None  # P1 drew a WATER: no move
    assert s.markers[6] == 1 and len(s.pile) == 6


def test_chaos_round_goes_on_until_a_drawn_tile_fits_nowhere() -> None:
    s = _play(_deal("FIINNFS", "IFSSIWN", "UFWWNSW"), TIED_AT_DUSK)
    assert s.chaos and s.hands[0] == counts_of([U])
    assert [str(m) for m in legal_moves(s)] == ["b:U"]  # at dusk: beat or nothing
    s = apply(s, beat(U, IC))
    s = apply(s, beat(F))
    s = apply(s, beat(W))  # P2 then draws a WATER: it cannot beat WATER
    assert s.over and s.markers[6] == 0 and s.scores() == (8, 2)


def test_a_tie_after_dusk_was_conceded_stays_a_draw() -> None:
    s = _play(_deal("FIINNFS", "IFSSIWN"), [*TIED_AT_DUSK[:12], "c"])
    assert s.over and not s.chaos and s.scores() == (5, 5) and s.winner() is None


def test_the_cap_forbids_a_fourth_tile() -> None:
    v = variant("v2-cap")
    the_deal = Deal((counts_of(parse_tiles("FSIWNFSIIII")), counts_of(parse_tiles("WNFSINWUSSS"))))
    s = start(v, the_deal)
    for text in ["o:F", "b:W", "b:S"]:
        s = apply(s, parse_move(text, s))
    assert all(m.action is Action.OPEN for m in legal_moves(s))
    with pytest.raises(RulesError, match="already holds 3 tiles"):
        apply(s, beat(N))


def test_empty_territories_score_for_nobody() -> None:
    s = _play(parse_deal(EXAMPLE_DEAL, V7), EXAMPLE_MOVES[:3])
    assert s.scores() == (2, 1) and s.owner(5) is None and s.owner(3) is None


def test_scores_sum_of_territory_values() -> None:
    assert V7.territories == (1, 1, 1, 1, 1, 2, 3) and V7.total == 10
    assert sum(V7.deck) == 21 and V7.hand_sizes == (7, 7) and V7.leftovers == 7


def test_seeded_deal_is_reproducible_and_alternate() -> None:
    a, b = deal_from_seed(V7, 42), deal_from_seed(V7, 42)
    assert a == b and str(a) == str(parse_deal(str(a), V7))
    assert sum(a.hands[0]) == 7 and sum(a.hands[1]) == 7 and len(a.pile) == 7


def test_undo_restores_exactly() -> None:
    game = Game(V7, parse_deal(EXAMPLE_DEAL, V7))
    before = game.state
    game.play(parse_move("o:F"))
    game.play(parse_move("o:S"))
    game.undo()
    game.undo()
    assert game.state == before and not game.can_undo()


def test_every_variant_deals() -> None:
    for v in variants().values():
        d = deal_from_seed(v, 1)
        assert tuple(sum(h) for h in d.hands) == v.hand_sizes
        assert counts_of(d.pile) == counts_of(parse_tiles(str(d).split("/")[2]))
