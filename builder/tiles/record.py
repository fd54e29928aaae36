"""A finished (or abandoned) game of Covenants as a file: ``harbinger.tiles-game`` version 1.

The record keeps what is needed to replay the game move by move: the variant,
the deal (and the seed it came from, when it did), the moves in notation, who
played each seat, and the stated result. :func:`audit_record` replays the
moves under the rules and checks the stated result against the replay.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from builder.core.findings import Finding, Severity
from builder.core.registry import FileFormatError
from builder.core.report import Audit, AuditLine
from builder.tiles.state import (
    GameState,
    Move,
    RulesError,
    deal_from_seed,
    parse_deal,
    parse_move,
    replay,
)
from builder.tiles.variants import variant as variant_named

FORMAT = "harbinger.tiles-game"
VERSION = 1


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: seats, variant, deal, moves and the result as stated when it was saved.

    ``players[0]`` took seat 1 (moved first). ``scores`` and ``winner`` (0, 1,
    or None for a draw or an unfinished game) are the stated result;
    ``finished`` says whether the game reached its end.
    """

    id: str
    players: tuple[str, str]
    variant: str
    deal: str
    moves: tuple[str, ...]
    scores: tuple[int, int]
    winner: int | None
    finished: bool = True
    seed: int | None = None
    played_at: str = ""

    @property
    def name(self) -> str:
        return f"{self.players[0]} vs {self.players[1]}"


def record_of(
    state: GameState,
    players: tuple[str, str],
    deal: str,
    record_id: str,
    seed: int | None = None,
    played_at: str = "",
) -> GameRecord:
    """The record of a game whose last state is ``state``."""
    return GameRecord(
        id=record_id,
        players=players,
        variant=state.variant.id,
        deal=deal,
        moves=tuple(str(e.move) for e in state.log),
        scores=state.scores(),
        winner=state.winner() if state.over else None,
        finished=state.over,
        seed=seed,
        played_at=played_at,
    )


def to_json(record: GameRecord) -> dict[str, Any]:
    """The record's JSON object (the file's content without the envelope)."""
    return {
        "id": record.id,
        "players": list(record.players),
        "variant": record.variant,
        "seed": record.seed,
        "deal": record.deal,
        "moves": list(record.moves),
        "result": {
            "scores": list(record.scores),
            "winner": None if record.winner is None else record.winner + 1,
            "finished": record.finished,
        },
        "played_at": record.played_at,
    }


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise FileFormatError(f"missing {key!r}", where)
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise FileFormatError("wrong type", f"{where}.{key}".lstrip("."))
    return value


def from_json(data: Any) -> GameRecord:
    """A record from its JSON object; FileFormatError names the bad field."""
    if not isinstance(data, Mapping):
        raise FileFormatError("a game record is a JSON object")
    players = _need(data, "players", list, "")
    if len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise FileFormatError("two player names", "players")
    moves = _need(data, "moves", list, "")
    if not all(isinstance(m, str) for m in moves):
        raise FileFormatError("moves are strings in move notation", "moves")
    result = _need(data, "result", dict, "")
    scores = _need(result, "scores", list, "result")
    if len(scores) != 2 or not all(isinstance(s, int) for s in scores):
        raise FileFormatError("two whole numbers", "result.scores")
    winner = result.get("winner")
    if winner not in (None, 1, 2):
        raise FileFormatError("1, 2 or null", "result.winner")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise FileFormatError("a whole number or null", "seed")
    return GameRecord(
        id=_need(data, "id", str, ""),
        players=(players[0], players[1]),
        variant=_need(data, "variant", str, ""),
        deal=_need(data, "deal", str, ""),
        moves=tuple(moves),
        scores=(scores[0], scores[1]),
        winner=None if winner is None else winner - 1,
        finished=bool(result.get("finished", True)),
        seed=seed,
        played_at=str(data.get("played_at", "")),
    )


def dumps(document: Mapping[str, Any]) -> str:
    """A file's exact text: sorted keys are not used, so the order stays as written."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def replay_record(record: GameRecord) -> list[GameState]:
    """Every state of the recorded game; RulesError or ValueError when it cannot be replayed."""
    v = variant_named(record.variant)
    deal = parse_deal(record.deal, v)
    states: list[GameState] = []
    moves: list[Move] = []
    for i, text in enumerate(record.moves):
        try:
            moves.append(parse_move(text))
        except ValueError as exc:
            raise RulesError(f"move {i + 1} ({text!r}): {exc}") from None
    states = list(replay(v, deal, moves))
    return states


def _err(rule: str, message: str, where: str = "") -> Finding:
    return Finding(rule=rule, severity=Severity.ERROR, message=message, where=where)


def audit_record(record: GameRecord) -> Audit:
    """Replay the moves under the rules and check the stated result (and seed) against it."""
    findings: list[Finding] = []
    end: GameState | None = None
    try:
        v = variant_named(record.variant)
        if record.seed is not None and str(deal_from_seed(v, record.seed)) != record.deal:
            findings.append(_err("tiles.deal", f"seed {record.seed} does not deal {record.deal}"))
        end = replay_record(record)[-1]
    except (KeyError, ValueError) as exc:
        findings.append(_err("tiles.replay", str(exc).strip("'\""), "moves"))
    lines = [
        AuditLine(
            "tiles.replay",
            "Moves",
            f"{len(record.moves)} moves replayed under {record.variant}'s rules"
            if not findings
            else "the moves cannot be replayed",
            {"moves": len(record.moves)},
            "moves",
            tuple(findings),
        )
    ]
    if end is not None:
        lines.append(_result_line(record, end))
    return Audit("tiles-game", record.id, record.name, tuple(lines))


def _result_line(record: GameRecord, end: GameState) -> AuditLine:
    found: list[Finding] = []
    scores = end.scores()
    winner = end.winner() if end.over else None
    if scores != record.scores:
        found.append(_err("tiles.result", f"the moves score {scores[0]}–{scores[1]}", "result"))
    if winner != record.winner:
        said = "a draw" if winner is None else f"a win for player {winner + 1}"
        found.append(_err("tiles.result", f"the moves give {said}", "result"))
    if end.over != record.finished:
        found.append(_err("tiles.result", "the game is " + ("over" if end.over else "not over")))
    return AuditLine(
        "tiles.result",
        "Result",
        f"stated {record.scores[0]}–{record.scores[1]}; replayed {scores[0]}–{scores[1]}",
        {"stated": list(record.scores), "replayed": list(scores)},
        "result",
        tuple(found),
    )


def result_text(game: GameRecord) -> str:
    """The stated result in words: "Ada won, 4–6", "a draw, 5–5", "unfinished at 2–1"."""
    score = f"{game.scores[0]}–{game.scores[1]}"
    if not game.finished:
        return f"unfinished at {score}"
    if game.winner is None:
        return f"a draw, {score}"
    return f"{game.players[game.winner]} won, {score}"
