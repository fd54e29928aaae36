"""A chronicle folded into the state of the game: the town's markers, who holds what, who won.

``fold(chronicle)`` checks the chronicle as created (13 trait cards, at least
two of each colour, the Others' extra elements, links) and then applies the
log one event at a time. An event the rules refuse is skipped and recorded as
a finding naming the rule (``where`` is ``log[i]``), beancount-style: the file
stays readable and the audit lists what is wrong. Winning is checked after
every event; events after the game has ended are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from builder.core.findings import Finding
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
from builder.coven.table import CardState, Phase, Refused, Table


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


def fold(chronicle: Chronicle) -> CovenState:
    """The state after the chronicle's whole log, with every refusal as a finding."""
    findings = creation_findings(chronicle)
    table = _table(chronicle)
    refused: list[int] = []
    for index, event in enumerate(chronicle.log):
        try:
            apply(table, event, index)
        except Refused as exc:
            refused.append(index)
            findings.append(Finding(exc.rule, exc.message, f"log[{index}]", numbers=exc.numbers))
        except Exception as exc:  # a crashing check is reported, never a crash (STYLE)
            refused.append(index)
            findings.append(
                Finding(
                    "log.check_failed", f"this event could not be checked: {exc!r}", f"log[{index}]"
                )
            )
        table.check_winner()
    if not chronicle.log:
        table.check_winner()
    return snapshot(table, findings, refused)


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


__all__ = ["OTHERS", "CovenState", "HeldCard", "apply", "check", "creation_findings", "fold"]
