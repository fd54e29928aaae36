"""The Others exert their influence: the weekly deal, corruption markers, corruption, cascades.

Each function checks one event against the table (``builder.coven.table``)
and applies it, or raises ``Refused`` naming the rule it breaks. The words
quoted are from the-coven.txt, "The Week" / "The Others Exert Their Influence".
"""

from __future__ import annotations

from builder.coven.cards import MarkerKind, is_card, marker_kind
from builder.coven.chronicle import (
    AddElement,
    AddLink,
    BeginWeek,
    CascadeMarker,
    EndInfluence,
    Goal,
    Kind,
    PlaceMarker,
    WriteCard,
)
from builder.coven.table import Phase, Refused, Table

_KIND_OF_MARKER = {
    MarkerKind.PERSON: Kind.PERSON,
    MarkerKind.ORGANISATION: Kind.ORGANISATION,
    MarkerKind.PLACE: Kind.PLACE,
}


def begin_week(table: Table, event: BeginWeek) -> None:
    """A new week: "At the start of each week the Others shuffle the pack of cards and deal out ..."

    The deal must hold exactly ``Table.deal_size`` different cards. A week
    begins only once the last one is over: "At the end of every week ... the
    coven must choose whether or not to summon the Others", and a summoning
    is followed by The Game.
    """
    if table.phase not in (Phase.SETUP, Phase.WEEK_DONE, Phase.GAME_DONE):
        raise Refused(
            "week.unfinished",
            f"week {table.week} is not over (it is at {table.phase.value}): "
            "the coven votes on summoning the Others, and plays The Game if summoned, first",
        )
    size = table.deal_size()
    bad = [c for c in event.dealt if not is_card(c)]
    if bad:
        raise Refused("deal.card", f"{bad[0]!r} is not a playing card")
    if len(set(event.dealt)) != len(event.dealt):
        raise Refused("deal.card", "a card was dealt twice from one shuffled deck")
    if len(event.dealt) != size:
        raise Refused(
            "deal.size",
            f"the Others deal {size} cards this week, not {len(event.dealt)}",
            expected=size,
            dealt=len(event.dealt),
        )
    table.week += 1
    table.phase = Phase.INFLUENCE
    table.dealt = tuple(event.dealt)
    table.spent = set()
    table.marked_this_week = set()
    table.scenes = {}
    table.others_scenes = 0
    table.conflicts_framed = set()
    table.conflict_winners = {}
    table.summoned = None
    table.game = None


def place_marker(table: Table, event: PlaceMarker) -> None:
    """A dealt marker card spent on an element.

    "Red Jack: Add a corruption marker to any person. Red Queen: ... any
    organisation. Red King: ... any place. Ace (any colour): ... any element.
    If you draw a court card and there are no elements of the right kind, you
    can add the marker to any element you like." Reading: "no elements of the
    right kind" means none in town at all (a corrupt one still counts); a
    beachhead counts as a place.
    """
    if table.phase is not Phase.INFLUENCE:
        raise Refused(
            "marker.phase", "markers from the deal are placed only in the influence phase"
        )
    if event.card not in table.dealt:
        raise Refused("marker.not_dealt", f"{event.card} was not dealt this week")
    if event.card in table.spent:
        raise Refused("marker.card_spent", f"{event.card} has already placed its marker")
    kind = marker_kind(event.card)
    if kind is None:
        raise Refused("marker.card", f"{event.card} places no marker (only red J/Q/K and Aces do)")
    table.check_markable(event.element)
    wanted = _KIND_OF_MARKER.get(kind)
    if (
        wanted is not None
        and table.kind_of(event.element) is not wanted
        and any(table.kind_of(e) is wanted for e in table.elements)
    ):
        raise Refused(
            "marker.kind",
            f"{event.card} marks a {wanted.value}, and "
            f"{table.elements[event.element].name} is a {table.kind_of(event.element).value}",
        )
    table.spent.add(event.card)
    table.add_marker(event.element, event.card)


def end_influence(table: Table, _event: EndInfluence) -> None:
    """The end of the phase: "If an element has three corruption markers at the end of this phase,
    it becomes corrupt." Newly corrupted people may then cascade (``cascade_marker``)."""
    if table.phase is not Phase.INFLUENCE:
        raise Refused("influence.phase", "the influence phase is not under way")
    table.phase = Phase.SCENES
    for element_id in list(table.elements):
        if table.markers.get(element_id, 0) >= 3 and not table.fallen(element_id):
            table.corrupt_element(element_id)


def cascade_marker(table: Table, event: CascadeMarker) -> None:
    """A corruption cascade.

    "If you successfully corrupt a person, you can immediately add a corruption
    marker to an organisation or place they are linked to as they exert their
    influence. Yes, this can cause a corruption cascade." Still at most one
    marker per element per week. Reading: the cascade comes right after the
    phase ends (any other event forgoes the remaining ones), one marker per
    newly corrupted person, and a cascade marker that brings an element to
    three corrupts it at once, so the cascade can go on.
    """
    if event.person not in table.pending_cascades:
        raise Refused(
            "cascade.source",
            f"{event.person!r} is not a person corrupted just now with a cascade to spend",
        )
    target = table.element(event.element)
    if table.kind_of(event.element) not in (Kind.PLACE, Kind.ORGANISATION):
        raise Refused(
            "cascade.kind", f"a cascade marks a place or an organisation, not {target.name}"
        )
    if not table.linked(event.person, event.element):
        raise Refused(
            "cascade.link",
            f"{target.name} is not linked to {table.elements[event.person].name}",
        )
    table.check_markable(event.element)
    table.pending_cascades.remove(event.person)
    table.add_marker(event.element, f"cascade:{event.person}")
    if table.markers[event.element] >= 3:
        table.corrupt_element(event.element)


def add_element(table: Table, event: AddElement) -> None:
    """An element added in play; the beachhead (the-coven.txt, "Beachhead").

    "they must corrupt a place, an organisation, and a person ... Once those
    three are established, add a new element connected to each of them that
    represents the beachhead ... with no corruption markers." The beachhead is
    a place, linked to at least one corrupt place, organisation and person.
    """
    element = event.element
    if element.id in table.elements:
        raise Refused("element.duplicate", f"there is already an element {element.id!r}")
    for other in event.links:
        table.element(other)
    if element.beachhead:
        _check_beachhead(table, event)
    table.elements[element.id] = element
    table.markers[element.id] = 0
    table.links.update(frozenset((element.id, other)) for other in event.links)


def _check_beachhead(table: Table, event: AddElement) -> None:
    if table.chronicle.goal is not Goal.BEACHHEAD:
        raise Refused("beachhead.goal", "only Others out to establish a beachhead add one")
    if any(e.beachhead for e in table.elements.values()):
        raise Refused("beachhead.duplicate", "the beachhead is already in town")
    if event.element.kind is not Kind.PLACE:
        raise Refused("beachhead.kind", "the beachhead is corrupted as if it was a place")
    for kind in (Kind.PLACE, Kind.ORGANISATION, Kind.PERSON):
        if not any(e in table.corrupt and table.elements[e].kind is kind for e in event.links):
            raise Refused(
                "beachhead.foundations",
                f"the beachhead is connected to a corrupt {kind.value}, and none is given",
            )


def add_link(table: Table, event: AddLink) -> None:
    """A new line on the town map between two elements."""
    table.element(event.a)
    table.element(event.b)
    if event.a == event.b:
        raise Refused("link.self", "an element is not linked to itself")
    table.links.add(frozenset((event.a, event.b)))


def write_card(table: Table, event: WriteCard) -> None:
    """The text of a card written (a red card the Others handed out in a trade)."""
    if event.card not in table.cards:
        raise Refused("card.unknown", f"there is no trait card {event.card!r}")
    table.cards[event.card].text = event.text
