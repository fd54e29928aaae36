"""The Coven's operations: each step of a chronicle as one named edit of it.

A chronicle (``builder.coven.chronicle.Chronicle``) changes by appending log
events the rules accept (``builder.coven.state.check``), or, for the town as
created, by replacing it whole. :func:`perform` is the one operation every
step of play goes through: the events are the step's typed inputs, and the
plan is refused with the rules' first finding when any of them is refused.
The desktop's chronicle view and ``harbinger coven ACTION ID`` both call it;
:data:`OPERATIONS` declares each step once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from builder.core.findings import Finding
from builder.coven.chronicle import (
    AddLink,
    BeginWeek,
    CascadeMarker,
    Chronicle,
    EndInfluence,
    Event,
    GameBegins,
    PlaceMarker,
    ProposeRule,
    RemoveMarkers,
    Scene,
    SummonVote,
    Trade,
    Wager,
    WriteCard,
)
from builder.coven.deal import deal_week
from builder.coven.state import check, fold
from harbinger.app.common import (
    InputError,
    Operation,
    Plan,
    about,
    arrow,
    operation_table,
    store_logged,
)

store = store_logged
"""How the library is made to hold a chronicle (append-only log)."""


def refusal(chronicle: Chronicle, *events: Event) -> Finding | None:
    """The first refusal the rules would give these events, appended in turn, or None."""
    for event in events:
        found = check(chronicle, event)
        if found is not None:
            return found
        chronicle = chronicle.append(event)
    return None


def describe_difference(before: Chronicle | None, after: Chronicle | None) -> tuple[str, ...]:
    """What a step changed, in the players' terms: the week, its phase, markers, the winner."""
    if before is None or after is None:
        return ()
    old, new = fold(before), fold(after)
    lines = [
        arrow("Week", old.week, new.week),
        arrow("Phase", str(old.phase).replace("_", " "), str(new.phase).replace("_", " ")),
        arrow("Markers", sum(old.markers.values()), sum(new.markers.values())),
        arrow("Corrupt", len(old.corrupt), len(new.corrupt)),
    ]
    if new.winner and not old.winner:
        lines.append(f"Winner: {new.winner}" + (f" ({new.win_reason})" if new.win_reason else ""))
    return tuple(line for line in lines if line)


def perform(chronicle: Chronicle, name: str, *events: Event) -> Plan[Chronicle]:
    """Append ``events`` as one step named ``name``, or refuse them all (the rules' finding)."""
    found = refusal(chronicle, *events)
    if found is not None:
        return Plan(name, chronicle, chronicle, (found,), roster=False, must_change=False)
    after = chronicle.append(*events)
    lines = describe_difference(chronicle, after)
    return Plan(name, chronicle, after, (), lines, roster=False, must_change=False)


def replace(chronicle: Chronicle, name: str, changed: Chronicle) -> Plan[Chronicle]:
    """A change to the chronicle as created (a new element, a new link), as one step."""
    roster = chronicle.town != changed.town
    return Plan(name, chronicle, changed, roster=roster, must_change=False)


def deal(chronicle: Chronicle, rng: random.Random | None = None) -> Plan[Chronicle]:
    """The Others shuffle and deal the week's cards ("Deal the week")."""
    dealt = deal_week(fold(chronicle), rng or random.SystemRandom())
    return perform(chronicle, "Deal the week", dealt)


def create(chronicle: Chronicle) -> Plan[Chronicle]:
    """Add a new chronicle to the library (undo removes it)."""
    return Plan(f"Create {chronicle.town or 'chronicle'}", None, chronicle)


def delete(chronicle: Chronicle) -> Plan[Chronicle]:
    """Remove a chronicle, log and all (undo puts it back)."""
    return Plan(f"Delete {chronicle.town or 'chronicle'}", chronicle, None)


# --------------------------------------------------------------------------- declared inputs


@dataclass(frozen=True, slots=True)
class EventInput:
    """Any log event, as the chronicle file writes it (a conflict, a new element...)."""

    event: dict[str, Any] = field(
        metadata=about(
            "the event as JSON, tagged with its type as in a chronicle file",
            file=True,
            metavar="EVENT.json",
        )
    )
    name: str = field(default="", metadata=about("what to call the step (the undo text)"))


def _play(chronicle: Chronicle, given: EventInput) -> Plan[Chronicle]:
    from builder.coven.file import CovenFileError, event_from_json

    try:
        event = event_from_json(dict(given.event))
    except CovenFileError as exc:
        raise InputError(f"event: {exc}") from None
    name = given.name or str(given.event.get("type", "event")).replace("_", " ").capitalize()
    return perform(chronicle, name, event)


@dataclass(frozen=True, slots=True)
class NoInput:
    """A step with no inputs but the chronicle."""


def _step(name: str, title: str, help: str, event: type) -> Operation:
    """A step whose input is the log event itself (its fields are plain values)."""
    return Operation(name, title, help, event, lambda c, e: perform(c, title, e), Chronicle, store)


def _op(name: str, title: str, help: str, inputs: type, plan: Any) -> Operation:
    return Operation(name, title, help, inputs, plan, Chronicle, store)


OPERATIONS: dict[str, Operation] = operation_table(
    _op(
        "deal-week",
        "Deal the week",
        "shuffle and deal the week's cards",
        NoInput,
        lambda c, _g: deal(c),
    ),
    _step(
        "begin-week",
        "Record the week's deal",
        "the week's deal as dealt at the table (cards separated by commas)",
        BeginWeek,
    ),
    _step("place-marker", "Place marker", "play a dealt card to place a marker", PlaceMarker),
    _step("end-influence", "End the influence phase", "the influence phase ends", EndInfluence),
    _step("cascade", "Cascade", "a marker cascades to a linked person", CascadeMarker),
    _step("link", "Link", "link two elements of the town", AddLink),
    _step("frame-scene", "Frame a scene", "a practitioner frames a scene", Scene),
    _step("remove-markers", "Apply the stakes", "remove markers won in a conflict", RemoveMarkers),
    _step(
        "summon-vote", "Vote on summoning", "who votes to summon the Others (commas)", SummonVote
    ),
    _step("begin-game", "Begin The Game", "The Game begins, in this order (commas)", GameBegins),
    _step("wager", "Wager", "a player wagers cards (commas)", Wager),
    _step(
        "propose-rule",
        "Propose a rule",
        "a player proposes a rule; who voted yes (commas)",
        ProposeRule,
    ),
    _step("trade", "Trade", "a trait card changes hands", Trade),
    _step("write-card", "Write a card", "write a trait card's text", WriteCard),
    _op(
        "play",
        "Play",
        "any step, as a log event in JSON (a conflict, a new element, the end of The Game)",
        EventInput,
        _play,
    ),
    _op(
        "delete",
        "Delete",
        "remove the chronicle from the library",
        NoInput,
        lambda c, _g: delete(c),
    ),
)
"""Every step of The Coven, by CLI name."""
