"""A small town and coven to play hand-worked weeks in (shared by the Coven tests)."""

from __future__ import annotations

from builder.coven.chronicle import (
    Chronicle,
    Colour,
    Element,
    Goal,
    Kind,
    Link,
    Practitioner,
    TraitCard,
)


def cards(prefix: str, white: int, red: int, ties: dict[int, tuple[str, ...]] | None = None):
    """``white`` white then ``red`` red cards ``<prefix>w<n>`` / ``<prefix>r<n>``."""
    ties = ties or {}
    out = [
        TraitCard(f"{prefix}w{n}", Colour.WHITE, f"{prefix} white {n}", ties.get(n, ()))
        for n in range(1, white + 1)
    ]
    out += [TraitCard(f"{prefix}r{n}", Colour.RED, f"{prefix} red {n}") for n in range(1, red + 1)]
    return tuple(out)


ANSWERS = ("Ann", "the diner", "a brother", "the mayor", "to save the mill", "")

ELEMENTS = (
    Element("ann", "Ann Lowe", Kind.PERSON),
    Element("bo", "Bo Reyes", Kind.PERSON),
    Element("mayor", "Mayor Hart", Kind.PERSON),
    Element("diner", "The Blue Diner", Kind.PLACE),
    Element("church", "St Agnes", Kind.PLACE, added_by_others=True),
    Element("mill", "The Mill Co.", Kind.ORGANISATION),
    Element("council", "Town Council", Kind.ORGANISATION, added_by_others=True),
)

LINKS = (
    Link("ann", "diner"),
    Link("ann", "mayor"),
    Link("bo", "mill"),
    Link("mayor", "council"),
    Link("mayor", "church"),
    Link("bo", "diner"),
)


def town(goal: Goal = Goal.DESTROY_TOWN, **changes) -> Chronicle:
    """Ann (10 white, 3 red; her first white card tied to the diner) and Bo (11 white, 2 red)."""
    ann = Practitioner("p-ann", "Ann", "Alice", ANSWERS, cards("a", 10, 3, {1: ("diner",)}), "ann")
    bo = Practitioner("p-bo", "Bo", "Bob", ANSWERS, cards("b", 11, 2), "bo")
    values = dict(
        id="c-1",
        town="Millbrook",
        others_player="Olga",
        others_description="the court of the drowned king",
        goal=goal,
        practitioners=(ann, bo),
        elements=ELEMENTS,
        links=LINKS,
        log=(),
    )
    values.update(changes)
    return Chronicle(**values)


def deal(chronicle: Chronicle, *markers: str) -> tuple[str, ...]:
    """A deal of exactly this week's size: the given cards, then cards that place no marker."""
    from builder.coven.cards import DECK, marker_kind
    from builder.coven.state import fold

    size = fold(chronicle).deal_size
    filler = [c for c in DECK if marker_kind(c) is None and c not in markers]
    return (*markers, *filler[: size - len(markers)])


def play_influence(chronicle: Chronicle, *placements: tuple[str, str]) -> Chronicle:
    """A week's deal holding the placements' cards, each marker placed, the phase ended."""
    from builder.coven.chronicle import BeginWeek, EndInfluence, PlaceMarker

    chronicle = chronicle.append(BeginWeek(deal(chronicle, *(card for card, _ in placements))))
    chronicle = chronicle.append(*(PlaceMarker(card, element) for card, element in placements))
    return chronicle.append(EndInfluence())


def end_week(chronicle: Chronicle) -> Chronicle:
    """The coven votes not to summon the Others: the week is over."""
    from builder.coven.chronicle import SummonVote

    return chronicle.append(SummonVote(()))
