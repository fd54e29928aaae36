"""The opening book against a random player: the turn of the element cycle, its names, its use."""

from __future__ import annotations

import json
import random

import pytest

from builder.tiles.elements import Kind, counts_of, parse_tiles, sub, tiles_of
from builder.tiles.opening import (
    BOOK_FILE,
    FIRST_MODEL,
    Book,
    canonical,
    move_values,
    notation,
    parse_book,
    shipped_book,
    turn_counts,
    turn_kind,
    turn_move,
)
from builder.tiles.players import SearchPlayer
from builder.tiles.solver import UNIFORM_MODEL, Solver
from builder.tiles.state import (
    Deal,
    GameState,
    apply,
    deal_from_seed,
    legal_moves,
    open_,
    parse_deal,
    parse_move,
    start,
)
from builder.tiles.variants import variant
from resources import resource_path

V7 = variant("v7")


def test_turning_the_cycle_renames_elements_and_keeps_the_unknown() -> None:
    """ "FIRE melts ICE freezes WIND blows STORM shocks WATER douses FIRE": one step on is ICE."""
    assert turn_kind(Kind.FIRE, 1) is Kind.ICE
    assert turn_kind(Kind.WATER, 1) is Kind.FIRE
    assert turn_kind(Kind.WIND, 3) is Kind.FIRE
    assert turn_kind(Kind.UNKNOWN, 2) is Kind.UNKNOWN
    assert turn_counts(counts_of(parse_tiles("FFIU")), 1) == counts_of(parse_tiles("IINU"))
    # WATER douses FIRE; two steps on, that is ICE freezing WIND
    assert str(turn_move(parse_move("b:W"), 2)) == "b:I"
    assert turn_move(parse_move("o:U=S"), 2) == open_(Kind.UNKNOWN, Kind.FIRE)


def test_the_game_is_the_same_under_a_turn_of_the_cycle() -> None:
    """Every beat stays a beat when all elements move one step on: equal solver values."""
    rng = random.Random(3)
    the_deal = deal_from_seed(V7, 11)
    for steps in (1, 3):
        turned = Deal(
            (turn_counts(the_deal.hands[0], steps), turn_counts(the_deal.hands[1], steps)),
            tuple(turn_kind(k, steps) for k in the_deal.pile),
        )
        a, b = start(V7, the_deal), start(V7, turned)
        for _ in range(5):  # into the game, where a solve is quick
            move = rng.choice(legal_moves(a))
            a, b = apply(a, move), apply(b, turn_move(move, steps))
        one, two = Solver(V7, uniform=1).solve(a), Solver(V7, uniform=1).solve(b)
        assert one.value == pytest.approx(two.value)
        assert {turn_move(m, steps): v for m, v in one.moves.items()} == pytest.approx(two.moves)


def test_situation_names_worked_by_hand() -> None:
    """Seat 1: its hand turned to come first in letter order. Seat 2: the opened element to FIRE."""
    first = start(V7, parse_deal("FFIINSU/INNSSWW/FFINSWW", V7))
    assert canonical(first) is not None
    assert (canonical(first).key, canonical(first).steps) == ("1/FFIINSU", 0)
    # seat 1 opens with the UNKNOWN as WIND: three steps on, WIND is FIRE; seat 2's
    # FFIISWW -> F->S, I->W, S->I, W->N
    second = apply(start(V7, parse_deal("FFIINSU/FFIISWW/NNNSSWW", V7)), parse_move("o:U=N"))
    assert canonical(second) is not None
    assert (canonical(second).key, canonical(second).steps) == ("2/INNSSWW/o:U=F", 3)
    assert canonical(apply(second, parse_move("o:W"))) is None  # past the first moves


def test_a_book_move_is_turned_back_to_the_real_game() -> None:
    """The book's b:W (WATER douses FIRE) is, two steps on, ICE freezing the real WIND."""
    book = Book("v7", {"2/INNSSWW/o:U=F": "b:W"})
    second = apply(start(V7, parse_deal("FFIINSU/FFIISWW/NNNSSWW", V7)), parse_move("o:U=N"))
    assert book.move(second) == parse_move("b:I")
    assert book.move(second) in legal_moves(second)
    assert Book("v1", book.moves).move(second) is None  # another variant's book says nothing


def test_a_bad_book_is_refused() -> None:
    with pytest.raises(ValueError, match="variant"):
        parse_book("[1, 2]")
    with pytest.raises(ValueError, match="no best move"):
        parse_book('{"variant": "v7", "entries": {"1/FFFFIII": {}}}')
    with pytest.raises(ValueError):
        parse_book('{"variant": "v7", "entries": {"1/FFFFIII": {"best": "jump"}}}')


def test_the_shipped_book_names_every_first_move_of_seat_1_and_its_best() -> None:
    """Every hand of seven from 4 of each element + 1 UNKNOWN, up to a turn: 88 situations."""
    book = shipped_book()
    assert book is not None and book.variant == "v7"
    ones = [k for k in book.moves if k.startswith("1/")]
    assert len(ones) == 88
    rng = random.Random(8)
    for seed in range(40):
        s = start(V7, deal_from_seed(V7, seed))
        assert book.move(s) in legal_moves(s)
        s = apply(s, rng.choice(legal_moves(s)))  # seat 2's first move: in the book or not
        assert book.move(s) is None or book.move(s) in legal_moves(s)


def test_the_shipped_book_names_every_first_move_of_seat_2() -> None:
    """Seat 1 opened, turned to FIRE: with a FIRE tile or with the UNKNOWN as FIRE.

    After the UNKNOWN, seat 2 holds 7 of 4 of each element: sums of five counts
    0-4 to 7, C(11,4) - 5 C(6,4) = 330 - 75 = 255. After a FIRE tile (3 FIRE
    left, 1 UNKNOWN): without the UNKNOWN 255 less the 20 with four FIRE (three
    more of four kinds: C(6,3)) = 235; with it, six of the elements,
    C(10,4) - 5 C(5,4) = 185 less the 10 with four FIRE (C(5,3)) = 175. In all
    255 + 235 + 175 = 665.
    """
    book = shipped_book()
    assert book is not None
    twos = [k for k in book.moves if k.startswith("2/")]
    assert len(twos) == 665
    assert sum(k.endswith("/o:U=F") for k in twos) == 255
    rng = random.Random(9)
    for seed in range(40):
        s = start(V7, deal_from_seed(V7, seed))
        s = apply(s, rng.choice(legal_moves(s)))
        assert book.move(s) in legal_moves(s)


def test_each_shipped_entry_is_the_best_of_its_values() -> None:
    doc = json.loads(resource_path(*BOOK_FILE).read_text(encoding="utf-8"))
    assert doc["variant"] == "v7" and doc["opponent"] == "uniform"
    for key, entry in doc["entries"].items():
        values = entry["values"]
        assert values[entry["best"]] == max(values.values()), key


def test_strong_plays_the_book_against_a_random_player_only() -> None:
    s = start(V7, deal_from_seed(V7, 0))
    book = shipped_book()
    assert book is not None
    assert SearchPlayer(assume="uniform").choose(s) == book.move(s)
    fake = Book("v7", {canonical(s).key: "o:U=F"}) if canonical(s) else None  # type: ignore[union-attr]
    if s.hands[0][Kind.UNKNOWN]:
        assert SearchPlayer(assume="uniform", book=fake).choose(s).tile is Kind.UNKNOWN
    assert SearchPlayer(assume="greedy", book=fake).choose(s).tile is not Kind.UNKNOWN


def test_a_book_valued_with_another_model_is_not_played() -> None:
    """A book names the random-player model its values were worked with; one made with
    another (or before books named it: ``uniform-1``, whose random player played its
    Chaos-round draws at their best) answers another question, so it gives no move, and
    an entry valued with another model than its book's is left out."""
    s = start(V7, parse_deal("FFIINSU/INNSSWW/FFINSWW", V7))
    entry = {"best": "o:F", "values": {"o:F": 1.0}}
    assert UNIFORM_MODEL != FIRST_MODEL
    today = parse_book(
        json.dumps({"variant": "v7", "model": UNIFORM_MODEL, "entries": {"1/FFIINSU": entry}})
    )
    assert today.model == UNIFORM_MODEL and today.move(s) == parse_move("o:F")
    unnamed = parse_book(json.dumps({"variant": "v7", "entries": {"1/FFIINSU": entry}}))
    assert unnamed.model == FIRST_MODEL and unnamed.move(s) is None
    assert Book("v7", {"1/FFIINSU": "o:F"}, "uniform-0").move(s) is None
    stale = {
        "variant": "v7",
        "model": UNIFORM_MODEL,
        "entries": {"1/FFIINSU": {**entry, "model": FIRST_MODEL}},
    }
    assert parse_book(json.dumps(stale)).move(s) is None
    with pytest.raises(ValueError, match="model"):
        parse_book('{"variant": "v7", "model": 2, "entries": {}}')


def test_the_shipped_book_was_valued_with_todays_model() -> None:
    doc = json.loads(resource_path(*BOOK_FILE).read_text(encoding="utf-8"))
    assert doc["model"] == UNIFORM_MODEL
    assert [k for k, entry in doc["entries"].items() if "model" in entry] == []  # none stale
    book = shipped_book()
    assert book is not None and book.model == UNIFORM_MODEL


def _situation(key: str) -> GameState:
    """A state the book names ``key`` (in its own turn of the cycle): the seat's hand as
    named, seat 1's opening for seat 2, the tiles the seat cannot see dealt in letter order
    (the values weigh every hidden hand the seat may face, whichever was dealt)."""
    seat, letters, *opened = key.split("/")
    hand = counts_of(parse_tiles(letters))
    rest = list(tiles_of(sub(V7.deck, hand)))
    if seat == "1":
        return start(V7, Deal((hand, counts_of(rest[:7])), tuple(rest[7:])))
    move = parse_move(opened[0])
    assert move.tile is not None
    rest.remove(move.tile)
    other = counts_of([move.tile, *rest[:6]])
    return apply(start(V7, Deal((other, hand), tuple(rest[6:]))), move)


ENTRIES_TO_CHECK = ("1/FFFFIII", "2/FFFFNNN/o:U=F", "2/FFFFSSS/o:U=F")
"""Entries quick to value again (a tenth of a second or two each)."""


@pytest.mark.parametrize("key", ENTRIES_TO_CHECK)
def test_shipped_entries_are_what_todays_model_gives(key: str) -> None:
    """A few cheap entries valued again as scripts/tiles_opening_book.py values them (the
    seed and hands the book records, today's solver): the same values to the 4 places it
    keeps. Each differs in the book made before the random player's Chaos draws were
    modelled as random (``uniform-1``)."""
    doc = json.loads(resource_path(*BOOK_FILE).read_text(encoding="utf-8"))
    made = doc["made_with"][f"seat {key[0]}"]
    state = _situation(key)
    assert canonical(state) is not None and canonical(state).key == key  # type: ignore[union-attr]
    solver = Solver(V7, uniform=1 - state.to_move, table_limit=3_000_000)
    values = move_values(state, made["hands"], random.Random(f"{made['seed']}/{key}"), solver)
    assert {notation(m): round(x, 4) for m, x in values.items()} == doc["entries"][key]["values"]
