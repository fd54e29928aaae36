"""The shared dataclass codec: exact round trips and refusals that say where."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pytest

from builder.core.codec import DataclassCodec
from builder.core.registry import FileFormatError


class Mood(StrEnum):
    CALM = "calm"
    ANGRY = "angry"


@dataclass(frozen=True)
class Rest:
    hours: int


@dataclass(frozen=True)
class Shout:
    words: str
    loud: bool


@dataclass(frozen=True)
class Goal:
    text: str
    due: int | None


@dataclass(frozen=True)
class Person:
    name: str
    mood: Mood
    goal: Goal | None
    scores: tuple[int, ...]
    pair: tuple[str, int]
    log: tuple[Rest | Shout, ...]


class MyError(FileFormatError):
    """A test game's own file error."""


CODEC = DataclassCodec(globals(), {"rest": Rest, "shout": Shout}, error=MyError)

PERSON = Person(
    name="Ines",
    mood=Mood.ANGRY,
    goal=Goal("find the key", None),
    scores=(3, 1),
    pair=("left", 2),
    log=(Rest(8), Shout("stop", True)),
)
DOCUMENT = {
    "name": "Ines",
    "mood": "angry",
    "goal": {"text": "find the key", "due": None},
    "scores": [3, 1],
    "pair": ["left", 2],
    "log": [{"type": "rest", "hours": 8}, {"type": "shout", "words": "stop", "loud": True}],
}


def test_encode_writes_every_field_and_tags_entries() -> None:
    assert CODEC.encode(PERSON) == DOCUMENT


def test_decode_inverts_encode() -> None:
    assert CODEC.decode(Person, DOCUMENT, "character") == PERSON
    assert CODEC.decode(Person, {**DOCUMENT, "goal": None}, "character").goal is None


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        ({"mood": "sad"}, "character.mood", "'sad' is not one of calm, angry"),
        ({"scores": [3, True]}, "character.scores[1]", "expected a whole number"),
        ({"scores": "3"}, "character.scores", "expected a list"),
        ({"pair": ["left"]}, "character.pair", "expected a list of 2"),
        ({"name": 7}, "character.name", "expected text"),
        ({"goal": {"text": "x"}}, "character.goal", "missing field 'due'"),
        ({"extra": 1}, "character", "unexpected field 'extra'"),
        ({"log": [{"type": "sing"}]}, "character.log[0].type", "with a known 'type'"),
        ({"log": [{"type": "shout", "words": "a", "loud": 1}]}, "character.log[0].loud",
         "expected true or false"),
    ],
)
def test_decode_refuses_with_the_place(change: dict, where: str, problem: str) -> None:
    with pytest.raises(MyError) as caught:
        CODEC.decode(Person, {**DOCUMENT, **change}, "character")
    assert caught.value.where == where
    assert problem in caught.value.problem
