"""A chronicle folded into the state of the game: the town's markers, who holds what, who won.

``fold(chronicle)`` checks the chronicle as created (13 trait cards, at least
two of each colour, the Others' extra elements, links) and then replays the
log through the shared fold (``builder.core.playlog.fold_log``), one event at
a time. An event the rules refuse is skipped and recorded as a finding naming
the rule (``where`` is ``log[i]``), beancount-style: the file stays readable
and the audit lists what is wrong. Winning is checked after every event;
events after the game has ended are refused.

Between two events the game is a frozen :class:`TableState`. The rules
modules (``week``, ``scenes``, ``game``) work on a :class:`Table`, a mutable
scratch copy that :func:`step` makes from the state for one event and freezes
again, so no event can touch the state another one saw, and a refused or
crashing event leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from builder.core.findings import Finding
from builder.core.playlog import Step, accept, fold_log, refuse
from builder.coven import game, scenes, week
from builder.coven.chronicle import (
    MIN_EACH_COLOUR,
    OTHERS,
    QUESTIONS,
    TRAIT_CARDS,
    AddElement,
    AddLink,
    BeginWeek,
    CascadeMarker,
    Chronicle,
    Colour,
    Conflict,
    Element,
    EndInfluence,
    Event,
    GameBegins,
    GameEnds,
    Kind,
    PlaceMarker,
    ProposeRule,
    RemoveMarkers,
    Scene,
    SummonVote,
    Trade,
    Wager,
    WriteCard,
)
from builder.coven.table import CardState, GameTable, Phase, Refused, Table


@dataclass(frozen=True, slots=True)
class HeldCard:
    """A trait card as it stands: colour, text, ties, and who holds it now."""

    id: str
    colour: Colour
    text: str
    tied_to: tuple[str, ...]
    holder: str
    owner: str


@dataclass(frozen=True, slots=True)
class CovenState:
    """The game after the whole log: what the app shows and the audit checks.

    ``marker_history`` lists every marker placed as (week, element, source),
    source being the card or ``cascade:<person>``; ``findings`` are the
    refusals and creation problems.
    """

    week: int
    phase: Phase
    elements: Mapping[str, Element]
    links: tuple[tuple[str, str], ...]
    markers: Mapping[str, int]
    corrupt: frozenset[str]
    destroyed: frozenset[str]
    other: frozenset[str]
    cards: Mapping[str, HeldCard]
    deal_size: int
    dealt: tuple[str, ...]
    spent: frozenset[str]
    pending_cascades: tuple[str, ...]
    permanent_rules: tuple[str, ...]
    marker_history: tuple[tuple[int, str, str], ...]
    conflict_winners: Mapping[int, str]
    winner: str
    win_reason: str
    findings: tuple[Finding, ...]
    refused: tuple[int, ...]

    def held(self, holder: str) -> tuple[HeldCard, ...]:
        return tuple(c for c in self.cards.values() if c.holder == holder)


_Handler = Callable[[Table, Any, int], None]

_HANDLERS: dict[type, _Handler] = {
    BeginWeek: lambda t, e, i: week.begin_week(t, e),
    PlaceMarker: lambda t, e, i: week.place_marker(t, e),
    EndInfluence: lambda t, e, i: week.end_influence(t, e),
    CascadeMarker: lambda t, e, i: week.cascade_marker(t, e),
    AddElement: lambda t, e, i: week.add_element(t, e),
    AddLink: lambda t, e, i: week.add_link(t, e),
    WriteCard: lambda t, e, i: week.write_card(t, e),
    Scene: lambda t, e, i: scenes.frame_scene(t, e),
    Conflict: scenes.conflict,
    RemoveMarkers: lambda t, e, i: scenes.remove_markers(t, e),
    SummonVote: lambda t, e, i: game.summon_vote(t, e),
    GameBegins: lambda t, e, i: game.begin_game(t, e),
    Wager: lambda t, e, i: game.wager(t, e),
    ProposeRule: lambda t, e, i: game.propose_rule(t, e),
    GameEnds: lambda t, e, i: game.end_game(t, e),
    Trade: lambda t, e, i: game.trade(t, e),
}


def creation_findings(chronicle: Chronicle) -> list[Finding]:
    """The chronicle as created, against "Create Characters" and "Create Your Town".

    "take 13 cards -- two white, two red, and the others of either colour as
    you like"; "The Others player can add one more element to the town for
    every player"; every link and tie names an element of the town. Reading:
    the creation answers are the six questions, in order (empty when a
    question does not apply).
    """
    found: list[Finding] = []
    ids = [e.id for e in chronicle.elements]
    if len(set(ids)) != len(ids):
        found.append(Finding("town.duplicate", "two town elements share an id", "elements"))
    known = set(ids)
    if not chronicle.practitioners:
        found.append(Finding("coven.players", "the game needs at least one practitioner", ""))
    added = sum(1 for e in chronicle.elements if e.added_by_others)
    if added > len(chronicle.practitioners):
        found.append(
            Finding(
                "town.others_elements",
                f"the Others added {added} elements; they may add one per player "
                f"({len(chronicle.practitioners)})",
                "elements",
                numbers={"added": added, "allowed": len(chronicle.practitioners)},
            )
        )
    for i, link in enumerate(chronicle.links):
        if link.a not in known or link.b not in known or link.a == link.b:
            found.append(Finding("town.link", "a link joins two different elements", f"links[{i}]"))
    card_ids: set[str] = set()
    for p_index, practitioner in enumerate(chronicle.practitioners):
        found.extend(_practitioner_findings(practitioner, p_index, known, card_ids, chronicle))
    return found


def _practitioner_findings(
    practitioner: Any, index: int, known: set[str], card_ids: set[str], chronicle: Chronicle
) -> list[Finding]:
    at = f"practitioners[{index}]"
    found: list[Finding] = []
    white = sum(1 for c in practitioner.cards if c.colour is Colour.WHITE)
    red = len(practitioner.cards) - white
    if len(practitioner.cards) != TRAIT_CARDS or white < MIN_EACH_COLOUR or red < MIN_EACH_COLOUR:
        found.append(
            Finding(
                "practitioner.cards",
                f"{practitioner.name} has {len(practitioner.cards)} trait cards ({white} white, "
                f"{red} red): take 13 cards -- two white, two red, the others either colour",
                f"{at}.cards",
                numbers={"cards": len(practitioner.cards), "white": white, "red": red},
            )
        )
    if len(practitioner.answers) != len(QUESTIONS):
        found.append(
            Finding("practitioner.answers", "answer the six creation questions", f"{at}.answers")
        )
    element = next((e for e in chronicle.elements if e.id == practitioner.element), None)
    if practitioner.element and (element is None or element.kind is not Kind.PERSON):
        found.append(
            Finding("practitioner.element", "a practitioner is a person in town", f"{at}.element")
        )
    for c_index, card in enumerate(practitioner.cards):
        where = f"{at}.cards[{c_index}]"
        if card.id in card_ids or card.id.endswith(".red") or card.id.startswith("pot"):
            found.append(Finding("card.id", f"the card id {card.id!r} is taken", where))
        card_ids.add(card.id)
        if card.tied_to and card.colour is not Colour.WHITE:
            found.append(Finding("card.tie", "only white cards are tied to the town", where))
        for tie in card.tied_to:
            if tie not in known:
                found.append(Finding("card.tie", f"{tie!r} is not a town element", where))
    return found


def _table(chronicle: Chronicle) -> Table:
    cards = {
        c.id: CardState(
            c.id, c.colour, c.text, c.tied_to, p.id, p.id if c.colour is Colour.WHITE else ""
        )
        for p in chronicle.practitioners
        for c in p.cards
    }
    table = Table(
        chronicle,
        {e.id: e for e in chronicle.elements},
        {frozenset((link.a, link.b)) for link in chronicle.links if link.a != link.b},
        cards,
    )
    table.markers = {e.id: 0 for e in chronicle.elements}
    for practitioner in chronicle.practitioners:
        if table.own_white_held(practitioner.id) == 0:
            table.other.add(practitioner.id)
    return table


def apply(table: Table, event: Event, index: int) -> None:
    """One event against the table; raises ``Refused`` (the table untouched) when illegal."""
    if table.winner:
        raise Refused("game.over", f"the game is over: {table.win_reason}")
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise Refused("log.unknown", f"{type(event).__name__} is not an event of The Coven")
    cascading = isinstance(event, CascadeMarker | EndInfluence)
    handler(table, event, index)
    if not cascading:
        table.pending_cascades.clear()


@dataclass(frozen=True, slots=True)
class GameState:
    """One Game in progress, frozen: the order of play, the pot, wagers and rules so far."""

    order: tuple[str, ...]
    pot: tuple[str, ...]
    wagered: frozenset[str]
    first_rules: tuple[tuple[str, str, bool], ...]
    second_rules: tuple[tuple[str, str, bool], ...]
    concluded: bool | None


@dataclass(frozen=True, slots=True)
class TableState:
    """The table between two events of the log, as a frozen value (the fold's state).

    Field for field the :class:`Table` the rules modules work on; see there.
    """

    chronicle: Chronicle
    elements: Mapping[str, Element]
    links: frozenset[frozenset[str]]
    cards: Mapping[str, HeldCard]
    week: int
    phase: Phase
    dealt: tuple[str, ...]
    spent: frozenset[str]
    markers: Mapping[str, int]
    marked_this_week: frozenset[str]
    marker_history: tuple[tuple[int, str, str], ...]
    corrupt: frozenset[str]
    destroyed: frozenset[str]
    corrupted_week: Mapping[str, int]
    pending_cascades: tuple[str, ...]
    other: frozenset[str]
    scenes: Mapping[str, int]
    others_scenes: int
    conflicts_framed: frozenset[str]
    conflict_winners: Mapping[int, str]
    summoned: bool | None
    game: GameState | None
    permanent_rules: tuple[str, ...]
    winner: str
    win_reason: str


def _frozen(items: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(items))


Convert = Callable[[Any], Any] | None
"""How one field's value is copied in one direction (frozen -> mutable or back); None: as is."""

_SAME: tuple[Convert, Convert] = (None, None)
_SET: tuple[Convert, Convert] = (frozenset, set)
_LIST: tuple[Convert, Convert] = (tuple, list)
_MAP: tuple[Convert, Convert] = (_frozen, dict)
_FREEZE, _THAW = 0, 1

_GAME_FIELDS: Mapping[str, tuple[Convert, Convert]] = {
    "order": _SAME,
    "pot": _LIST,
    "wagered": _SET,
    "first_rules": _LIST,
    "second_rules": _LIST,
    "concluded": _SAME,
}
"""Each field of :class:`GameState` / :class:`GameTable`: how it freezes and how it thaws."""


Way = tuple[tuple[str, Convert], ...]
"""One direction of a field table: each field's name and how it is copied that way."""


def _ways(fields: Mapping[str, tuple[Convert, Convert]]) -> tuple[Way, Way]:
    """The freezing and the thawing direction of a field table, worked out once."""
    return (
        tuple((name, convert[_FREEZE]) for name, convert in fields.items()),
        tuple((name, convert[_THAW]) for name, convert in fields.items()),
    )


def _copied(source: Any, way: Way) -> dict[str, Any]:
    """Every field of ``way`` read from ``source`` and copied that way, by name."""
    return {
        name: getattr(source, name) if convert is None else convert(getattr(source, name))
        for name, convert in way
    }


_GAME_FREEZE, _GAME_THAW = _ways(_GAME_FIELDS)


def _freeze_game(game: GameTable | None) -> GameState | None:
    return None if game is None else GameState(**_copied(game, _GAME_FREEZE))


def _thaw_game(game: GameState | None) -> GameTable | None:
    return None if game is None else GameTable(**_copied(game, _GAME_THAW))


def _cards_as(cards: Mapping[str, HeldCard | CardState], kind: type[Any]) -> dict[str, Any]:
    """Every card copied as ``kind`` (HeldCard or CardState), field for field."""
    return {k: kind(c.id, c.colour, c.text, c.tied_to, c.holder, c.owner) for k, c in cards.items()}


def _freeze_cards(cards: Mapping[str, CardState]) -> Mapping[str, HeldCard]:
    return _frozen(_cards_as(cards, HeldCard))


def _thaw_cards(cards: Mapping[str, HeldCard]) -> dict[str, CardState]:
    return _cards_as(cards, CardState)


_TABLE_FIELDS: Mapping[str, tuple[Convert, Convert]] = {
    "chronicle": _SAME,
    "elements": _MAP,
    "links": _SET,
    "cards": (_freeze_cards, _thaw_cards),
    "week": _SAME,
    "phase": _SAME,
    "dealt": _SAME,
    "spent": _SET,
    "markers": _MAP,
    "marked_this_week": _SET,
    "marker_history": _LIST,
    "corrupt": _SET,
    "destroyed": _SET,
    "corrupted_week": _MAP,
    "pending_cascades": _LIST,
    "other": _SET,
    "scenes": _MAP,
    "others_scenes": _SAME,
    "conflicts_framed": _SET,
    "conflict_winners": _MAP,
    "summoned": _SAME,
    "game": (_freeze_game, _thaw_game),
    "permanent_rules": _LIST,
    "winner": _SAME,
    "win_reason": _SAME,
}
"""Each field of :class:`TableState` / :class:`Table`: how it freezes and how it thaws.

One table drives both :func:`freeze` and :func:`thaw`, so the two cannot drift
apart; a field missing here makes ``TableState(...)`` fail at once.
"""


_TABLE_FREEZE, _TABLE_THAW = _ways(_TABLE_FIELDS)


def freeze(table: Table) -> TableState:
    """The table as a frozen value (nothing shared with the table)."""
    return TableState(**_copied(table, _TABLE_FREEZE))


def thaw(state: TableState) -> Table:
    """A fresh mutable table for one event, holding exactly what ``state`` holds."""
    return Table(**_copied(state, _TABLE_THAW))


def step(state: TableState, numbered: tuple[int, Event]) -> Step[TableState]:
    """One event of the log (with its index, which a Conflict records) as the shared fold takes it.

    Winning is checked after every event, a refused one too: the check for the
    event before is made first (it changes nothing when that event was accepted).
    """
    index, event = numbered
    table = thaw(state)
    if index:
        table.check_winner()
    try:
        apply(table, event, index)
    except Refused as exc:
        return refuse(state, exc.rule, exc.message, **exc.numbers)
    except Exception as exc:  # a crashing check is reported, never a crash (STYLE)
        return refuse(state, "log.check_failed", f"this event could not be checked: {exc!r}")
    table.check_winner()
    return accept(freeze(table))


def fold(chronicle: Chronicle) -> CovenState:
    """The state after the chronicle's whole log, with every refusal as a finding."""
    findings = creation_findings(chronicle)
    folded = fold_log(freeze(_table(chronicle)), enumerate(chronicle.log), step)
    table = thaw(folded.state)
    table.check_winner()  # after the last event, refused or not; or before any
    return snapshot(table, [*findings, *folded.findings], list(folded.refused))


def snapshot(table: Table, findings: list[Finding], refused: list[int]) -> CovenState:
    """The frozen view of a table."""
    return CovenState(
        week=table.week,
        phase=table.phase,
        elements=MappingProxyType(dict(table.elements)),
        # A link is a pair, and sorting its two ends keeps two; mypy sees tuple[str, ...].
        links=tuple(sorted(tuple(sorted(link)) for link in table.links)),  # type: ignore[misc]
        markers=MappingProxyType(dict(table.markers)),
        corrupt=frozenset(table.corrupt),
        destroyed=frozenset(table.destroyed),
        other=frozenset(table.other),
        cards=MappingProxyType(
            {
                k: HeldCard(c.id, c.colour, c.text, c.tied_to, c.holder, c.owner)
                for k, c in table.cards.items()
            }
        ),
        deal_size=table.deal_size(),
        dealt=table.dealt,
        spent=frozenset(table.spent),
        pending_cascades=tuple(table.pending_cascades),
        permanent_rules=tuple(table.permanent_rules),
        marker_history=tuple(table.marker_history),
        conflict_winners=MappingProxyType(dict(table.conflict_winners)),
        winner=table.winner,
        win_reason=table.win_reason,
        findings=tuple(findings),
        refused=tuple(refused),
    )


def check(chronicle: Chronicle, event: Event) -> Finding | None:
    """Would this event be refused if appended now? The refusal, or None (for the app's buttons)."""
    state_findings = fold(chronicle.append(event))
    index = len(chronicle.log)
    return next((f for f in state_findings.findings if f.where == f"log[{index}]"), None)


__all__ = [
    "OTHERS",
    "CovenState",
    "GameState",
    "HeldCard",
    "TableState",
    "apply",
    "check",
    "creation_findings",
    "fold",
    "freeze",
    "step",
    "thaw",
]
