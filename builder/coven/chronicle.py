"""A chronicle of one game of *The Coven*: the town and coven as created, then a log of events.

The chronicle is what a ``harbinger.coven`` file holds. It is written once at
the table ("Create Characters", "Create Your Town" in the-coven.txt) and then
only grows: every week appends events (the deal, each marker, scenes,
conflicts, the vote, The Game, trades). Nothing here is derived: markers,
corrupt and destroyed elements, who holds which card and who has won are
worked out by folding the log (``builder.coven.state.fold``), which also
refuses illegal events with a finding naming the rule.

Every value is frozen; an event is appended by making a new chronicle
(``Chronicle.append``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

OTHERS = "others"
"""The id of the player of the Others wherever a player is named (votes, wagers, the pot)."""

TRAIT_CARDS = 13
MIN_EACH_COLOUR = 2
"""(the-coven.txt, "The Practitioners") "take 13 cards -- two white, two red, and the others
of either colour as you like"."""


class Goal(StrEnum):
    """The Others' goal, chosen at creation (the-coven.txt, "Goals")."""

    BEACHHEAD = "beachhead"
    CORRUPT_PEOPLE = "corrupt_people"
    DESTROY_TOWN = "destroy_town"

    @property
    def label(self) -> str:
        return {
            "beachhead": "To Establish a Beachhead",
            "corrupt_people": "To Corrupt People",
            "destroy_town": "To Destroy The Town",
        }[self.value]


class Colour(StrEnum):
    """A trait card's colour: white is human, red came from the Others."""

    WHITE = "white"
    RED = "red"


class Kind(StrEnum):
    """What a town element is: "Each element should be categorised as a person, a place, or an
    organisation" (the-coven.txt, "Create Your Town")."""

    PERSON = "person"
    PLACE = "place"
    ORGANISATION = "organisation"


class Challenge(StrEnum):
    """How brutal a conflict is: the Others' cards (the-coven.txt, "The Practitioners Act")."""

    ROUTINE = "routine"
    CHALLENGING = "challenging"
    RIDICULOUS = "ridiculous"

    @property
    def base_cards(self) -> int:
        """Routine 1, Challenging 2, Ridiculous 3 (before "+ 1 per player involved")."""
        return {"routine": 1, "challenging": 2, "ridiculous": 3}[self.value]


QUESTIONS: tuple[str, ...] = (
    "What is your name?",
    "Where do you work, if you do?",
    "Do you have family in town?",
    "Who are you closest to in town?",
    "Why did you throw in with the Others?",
    "What are you trying to achieve? (If not covered by 5.)",
)
"""The creation questions every practitioner answers (the-coven.txt, "The Practitioners")."""


@dataclass(frozen=True, slots=True)
class TraitCard:
    """One trait card: white (something human) or red (a gift of the Others), with its text.

    ``tied_to`` names the town elements a white card is tied to (an explicit
    link the player sets): when one of them is corrupted the card goes to the
    Others ("The Others Exert Their Influence").
    """

    id: str
    colour: Colour
    text: str
    tied_to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Practitioner:
    """A member of the coven: the answers to the creation questions and the 13 trait cards."""

    id: str
    name: str
    player: str
    answers: tuple[str, ...]
    cards: tuple[TraitCard, ...]
    element: str = ""
    """The town element (a person) that is this practitioner on the town map, if any."""


@dataclass(frozen=True, slots=True)
class Element:
    """A person, place or organisation of the town.

    ``added_by_others`` marks the elements the Others added ("one more element
    to the town for every player"); ``beachhead`` marks the element the Others
    add when establishing a beachhead ("corrupted as if it was a place").
    """

    id: str
    name: str
    kind: Kind
    note: str = ""
    added_by_others: bool = False
    beachhead: bool = False


@dataclass(frozen=True, slots=True)
class Link:
    """A line drawn between two elements on the town map (the graph is undirected)."""

    a: str
    b: str


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class BeginWeek:
    """The Others shuffle and deal: ``dealt`` is every card dealt, in order (app or table)."""

    dealt: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlaceMarker:
    """A dealt marker card spent on an element."""

    card: str
    element: str


@dataclass(frozen=True, slots=True)
class EndInfluence:
    """The end of the Others' influence phase: three markers corrupt an element."""


@dataclass(frozen=True, slots=True)
class CascadeMarker:
    """A newly corrupted person exerts influence: a marker on a linked place or organisation."""

    person: str
    element: str


@dataclass(frozen=True, slots=True)
class AddElement:
    """A new element (and its links) during play; a beachhead needs the goal's three elements."""

    element: Element
    links: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AddLink:
    a: str
    b: str


@dataclass(frozen=True, slots=True)
class Scene:
    """A scene framed by a practitioner or by the Others (``framer`` is ``OTHERS``)."""

    framer: str
    summary: str = ""


@dataclass(frozen=True, slots=True)
class Party:
    """One practitioner in a conflict: the traits they bring and the cards dealt to them."""

    practitioner: str
    traits: tuple[str, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Conflict:
    """A conflict scene framed by a practitioner and settled by poker.

    ``challenge`` is empty when the Others take no part (a conflict against
    another practitioner only, ``against``); ``others_cards`` are the Others'
    hole cards; ``tie_breaks`` are the rounds of single cards (party id → card,
    ``OTHERS`` for the Others). ``place`` names where it happens, if a town
    place: a corrupt place makes it one step more difficult.
    """

    framer: str
    stakes: str
    parties: tuple[Party, ...]
    challenge: Challenge | None
    others_cards: tuple[str, ...]
    shared: tuple[str, ...]
    tie_breaks: tuple[tuple[tuple[str, str], ...], ...] = ()
    against: str = ""
    place: str = ""


@dataclass(frozen=True, slots=True)
class RemoveMarkers:
    """A won conflict's stakes: corruption markers taken off an element (never below zero).

    ``purify`` also lifts a corrupt element's corruption ("If I win, the
    corruption vanishes from this person"). ``conflict`` is the index in the
    log of the conflict whose stakes these were.
    """

    conflict: int
    element: str
    count: int = 1
    purify: bool = False


@dataclass(frozen=True, slots=True)
class SummonVote:
    """The end-of-week vote: the practitioners who vote Yes (the Others always do)."""

    yes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameBegins:
    """The Game: the pot's red cards (one per player) and the order of play the Others chose."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Wager:
    """A player's wager: one white card or two red cards into the pot.

    The Others' wagers may be red cards they write on the spot (ids not yet held).
    """

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ProposeRule:
    """A rule for The Game and its vote; ``second`` rules cost another wager (``cards``)."""

    player: str
    text: str
    permanent: bool
    yes: tuple[str, ...]
    second: bool = False
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameEnds:
    """How The Game ended: played to conclusion (``shares``: card → new holder) or broken down."""

    concluded: bool
    shares: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Trade:
    """A card changing hands after The Game (between practitioners, or with the Others)."""

    card: str
    giver: str
    taker: str
    new_text: str = ""


@dataclass(frozen=True, slots=True)
class WriteCard:
    """A card's text written or rewritten (a red card the Others handed out, say)."""

    card: str
    text: str


Event = (
    BeginWeek
    | PlaceMarker
    | EndInfluence
    | CascadeMarker
    | AddElement
    | AddLink
    | Scene
    | Conflict
    | RemoveMarkers
    | SummonVote
    | GameBegins
    | Wager
    | ProposeRule
    | GameEnds
    | Trade
    | WriteCard
)


@dataclass(frozen=True, slots=True)
class Chronicle:
    """One game of The Coven: who plays, the town as created, the Others' goal, the log."""

    id: str
    town: str
    others_player: str
    others_description: str
    goal: Goal
    practitioners: tuple[Practitioner, ...]
    elements: tuple[Element, ...]
    links: tuple[Link, ...]
    log: tuple[Event, ...] = field(default=())

    @property
    def name(self) -> str:
        """What lists show: the town's name."""
        return self.town

    def append(self, *events: Event) -> Chronicle:
        """The chronicle with ``events`` added at the end of the log."""
        return replace(self, log=(*self.log, *events))

    def practitioner(self, practitioner_id: str) -> Practitioner:
        return next(p for p in self.practitioners if p.id == practitioner_id)
