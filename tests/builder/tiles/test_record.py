"""Saved games: the ``harbinger.tiles-game`` file, its schema, the registry entry and the audit."""

from __future__ import annotations

import json

import pytest

from builder.core import registry
from builder.tiles.record import GameRecord, audit_record, record_of, replay_record
from builder.tiles.state import deal_from_seed, parse_deal, parse_move, replay
from builder.tiles.system import SYSTEM
from builder.tiles.variants import variant

V7 = variant("v7")
DEAL = "FFIIISS/SSFNIWU/FNNNWWW"
MOVES = [
    "o:F",
    "o:S",
    "o:I",
    "b:F",
    "o:S",
    "b:N",
    "b:I",
    "o:S",
    "o:I",
    "o:I",
    "b:F",
    "b:W",
    "b:S",
    "b:U",
]


def _example() -> GameRecord:
    end = list(replay(V7, parse_deal(DEAL, V7), [parse_move(m) for m in MOVES]))[-1]
    return record_of(end, ("Thest", "Ada"), DEAL, "game-1", played_at="2026-11-24T12:00:00Z")


def test_record_of_the_worked_example() -> None:
    r = _example()
    assert r.scores == (4, 6) and r.winner == 1 and r.finished and r.moves == tuple(MOVES)


def test_the_registry_reads_what_it_writes() -> None:
    assert registry.system("tiles") is SYSTEM
    assert registry.system_for_format("harbinger.tiles-game") is SYSTEM
    r = _example()
    document = SYSTEM.write(registry.CharacterFile("tiles", r))
    assert document["character"]["result"] == {"scores": [4, 6], "winner": 2, "finished": True}
    again = registry.read_document(json.loads(SYSTEM.dumps(registry.CharacterFile("tiles", r))))
    assert again.character == r and again.system == "tiles"
    assert SYSTEM.identity(r) == registry.Identity("game-1", "Thest vs Ada", "")
    assert SYSTEM.describe_entry(r, 13) == "beats with the UNKNOWN as WIND"
    assert SYSTEM.describe_entry(r, 1) == "opens with STORM"


def test_the_schema_names_a_bad_move() -> None:
    document = SYSTEM.write(registry.CharacterFile("tiles", _example()))
    document["character"]["moves"][2] = "x:Q"
    with pytest.raises(registry.FileFormatError) as caught:
        SYSTEM.read(document)
    assert caught.value.where == "character.moves[2]"


def test_audit_replays_and_passes_the_true_result() -> None:
    audit = audit_record(_example())
    assert audit.passed and [line.check for line in audit.lines] == ["tiles.replay", "tiles.result"]
    assert audit.line("tiles.result").numbers == {"stated": [4, 6], "replayed": [4, 6]}


def test_audit_fails_a_false_result_and_an_illegal_move() -> None:
    r = _example()
    lie = GameRecord(**{**{f: getattr(r, f) for f in r.__slots__}, "scores": (6, 4), "winner": 0})
    audit = audit_record(lie)
    assert not audit.passed
    assert [f.message for f in audit.line("tiles.result").findings] == [
        "the moves score 4–6",
        "the moves give a win for player 2",
    ]
    bad = GameRecord(**{**{f: getattr(r, f) for f in r.__slots__}, "moves": ("o:F", "b:S")})
    audit = audit_record(bad)
    assert not audit.passed
    assert audit.line("tiles.replay").findings[0].message == (
        "move 2 (b:S): STORM does not overcome FIRE: only WATER does"
    )


def test_a_seeded_record_checks_its_seed() -> None:
    deal = deal_from_seed(V7, 9)
    r = GameRecord("g", ("a", "b"), "v7", str(deal), (), (0, 0), None, False, seed=9)
    assert audit_record(r).passed and len(replay_record(r)) == 1
    wrong = GameRecord("g", ("a", "b"), "v7", DEAL, (), (0, 0), None, False, seed=9)
    assert audit_record(wrong).line("tiles.replay").findings[0].rule == "tiles.deal"
