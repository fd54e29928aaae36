"""The table while a chronicle's log is folded: markers, cards in hand, the week's phase.

``builder.coven.state.fold`` walks the log once, event by event; the rules
modules (``week``, ``scenes``, ``game``) check an event against this table and
either apply it or raise :class:`Refused`, which the fold records as a finding
naming the rule and skips. Nothing outside the fold sees this mutable table:
it ends as a frozen ``CovenState``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from builder.coven.cards import DECK_SIZE
from builder.coven.chronicle import OTHERS, Chronicle, Colour, Element, Goal, Kind


class Refused(Exception):
    """An event the rules do not allow: ``rule`` is the finding's id, ``message`` says why."""

    def __init__(self, rule: str, message: str, **numbers: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.numbers = numbers


class Phase(StrEnum):
    """Where the week stands (the-coven.txt, "The Week", then "The Game").

    SETUP before the first deal; INFLUENCE while marker cards are spent;
    SCENES after the influence phase ends; then the summoning vote ends the
    week (WEEK_DONE) or opens The Game (SUMMONED, GAME, GAME_DONE).
    """

    SETUP = "setup"
    INFLUENCE = "influence"
    SCENES = "scenes"
    WEEK_DONE = "week_done"
    SUMMONED = "summoned"
    GAME = "game"
    GAME_DONE = "game_done"


@dataclass(slots=True)
class CardState:
    """One trait card where it is now: its holder (a practitioner id, ``OTHERS`` or "pot")."""

    id: str
    colour: Colour
    text: str
    tied_to: tuple[str, ...]
    holder: str
    owner: str
    """The practitioner whose own card it is (white cards are marked on the back), or ""."""


@dataclass(slots=True)
class GameTable:
    """One Game in progress: the order of play, the pot, wagers and rules so far."""

    order: tuple[str, ...]
    pot: list[str]
    wagered: set[str] = field(default_factory=set)
    first_rules: list[tuple[str, str, bool]] = field(default_factory=list)
    second_rules: list[tuple[str, str, bool]] = field(default_factory=list)
    concluded: bool | None = None


@dataclass(slots=True)
class Table:
    """Everything the fold keeps track of (see the module docstring)."""

    chronicle: Chronicle
    elements: dict[str, Element]
    links: set[frozenset[str]]
    cards: dict[str, CardState]
    week: int = 0
    phase: Phase = Phase.SETUP
    dealt: tuple[str, ...] = ()
    spent: set[str] = field(default_factory=set)
    markers: dict[str, int] = field(default_factory=dict)
    marked_this_week: set[str] = field(default_factory=set)
    marker_history: list[tuple[int, str, str]] = field(default_factory=list)
    corrupt: set[str] = field(default_factory=set)
    destroyed: set[str] = field(default_factory=set)
    corrupted_week: dict[str, int] = field(default_factory=dict)
    pending_cascades: list[str] = field(default_factory=list)
    other: set[str] = field(default_factory=set)
    scenes: dict[str, int] = field(default_factory=dict)
    others_scenes: int = 0
    conflicts_framed: set[str] = field(default_factory=set)
    conflict_winners: dict[int, str] = field(default_factory=dict)
    summoned: bool | None = None
    game: GameTable | None = None
    permanent_rules: list[str] = field(default_factory=list)
    winner: str = ""
    win_reason: str = ""

    # ------------------------------------------------------------------ lookups

    @property
    def practitioner_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.chronicle.practitioners)

    @property
    def players(self) -> tuple[str, ...]:
        """Every player: "Every Practitioner is a player, and so are the Others" (The Game)."""
        return (*self.practitioner_ids, OTHERS)

    def element(self, element_id: str, rule: str = "element.unknown") -> Element:
        try:
            return self.elements[element_id]
        except KeyError:
            raise Refused(rule, f"there is no town element {element_id!r}") from None

    def practitioner(self, practitioner_id: str) -> str:
        if practitioner_id not in self.practitioner_ids:
            raise Refused("practitioner.unknown", f"there is no practitioner {practitioner_id!r}")
        return practitioner_id

    def linked(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.links

    def neighbours(self, element_id: str) -> tuple[str, ...]:
        return tuple(
            sorted(next(iter(link - {element_id})) for link in self.links if element_id in link)
        )

    def held(self, holder: str) -> list[CardState]:
        return [c for c in self.cards.values() if c.holder == holder]

    def red_held(self, practitioner_id: str) -> int:
        return sum(1 for c in self.held(practitioner_id) if c.colour is Colour.RED)

    def own_white_held(self, practitioner_id: str) -> int:
        """White cards a practitioner holds that are their own: what keeps them human.

        Reading: "If you lose all of your white cards" counts the player's own
        white cards (the ones marked as theirs on the back), not another's.
        """
        return sum(
            1
            for c in self.held(practitioner_id)
            if c.colour is Colour.WHITE and c.owner == practitioner_id
        )

    def fallen(self, element_id: str) -> bool:
        """Corrupt or destroyed: out of the practitioners' hands."""
        return element_id in self.corrupt or element_id in self.destroyed

    def kind_of(self, element_id: str) -> Kind:
        """An element's kind for the marker cards: a beachhead counts as a place (Beachhead)."""
        element = self.elements[element_id]
        return Kind.PLACE if element.beachhead else element.kind

    # ------------------------------------------------------------------ rules shared by modules

    def deal_size(self) -> int:
        """The Others' weekly deal (the-coven.txt, "The Others Exert Their Influence").

        "deal out two for every player plus one for every red card the players
        have and one for every corrupted element in town", and a corrupt
        organisation deals "an extra card every time you act in future (on top
        of the one you get for a corrupt element)"; never more than the deck.
        Reading: "player" here is a practitioner (the Others deal; the same
        sentence counts the red cards "the players have", which the Others'
        own player never holds), practitioners who became Other included; a
        destroyed place is not a corrupted element ("You don't get the
        corruption bonus") and adds no card.
        """
        practitioners = len(self.practitioner_ids)
        red = sum(self.red_held(p) for p in self.practitioner_ids)
        corrupt = len(self.corrupt)
        organisations = sum(1 for e in self.corrupt if self.kind_of(e) is Kind.ORGANISATION)
        return min(DECK_SIZE, 2 * practitioners + red + corrupt + organisations)

    def move_card(self, card_id: str, taker: str) -> None:
        """A card changes hands; a practitioner left with no white card of their own becomes Other.

        (the-coven.txt, "Becoming Other") "If you lose all of your white cards
        then you also lose your humanity and become Other ... Once lost,
        humanity cannot be regained."
        """
        card = self.cards[card_id]
        giver = card.holder
        card.holder = taker
        for practitioner in (giver, taker):
            if practitioner in self.practitioner_ids and self.own_white_held(practitioner) == 0:
                self.other.add(practitioner)

    def corrupt_element(self, element_id: str) -> None:
        """An element with three markers falls (the-coven.txt, "The Others Exert Their Influence").

        "it becomes corrupt ... any players with white cards tied to it must now
        give the Others those cards in exchange for any red cards the Others feel
        like handing out." Under *destruction* a place is destroyed instead.
        Reading: each white card handed over is exchanged for one new red card
        (id ``<card>.red``, its text written later with ``WriteCard``), since the
        Others "write up some new ones" when short "to make the trades"; a
        destroyed place takes its tied white cards the same way. A newly
        corrupted person may cascade (``pending_cascades``).
        """
        element = self.elements[element_id]
        destroy = self.chronicle.goal is Goal.DESTROY_TOWN and element.kind is Kind.PLACE
        (self.destroyed if destroy else self.corrupt).add(element_id)
        self.corrupted_week[element_id] = self.week
        for card in list(self.cards.values()):
            if (
                card.colour is Colour.WHITE
                and element_id in card.tied_to
                and card.holder in self.practitioner_ids
            ):
                holder = card.holder
                red_id = f"{card.id}.red"
                self.cards[red_id] = CardState(red_id, Colour.RED, "", (), OTHERS, "")
                self.move_card(card.id, OTHERS)
                self.move_card(red_id, holder)
        if not destroy and element.kind is Kind.PERSON and not element.beachhead:
            self.pending_cascades.append(element_id)

    def add_marker(self, element_id: str, source: str) -> None:
        self.markers[element_id] = self.markers.get(element_id, 0) + 1
        self.marked_this_week.add(element_id)
        self.marker_history.append((self.week, element_id, source))

    def check_markable(self, element_id: str) -> None:
        """The limits every marker obeys, whatever placed it.

        "You can't add more than one corruption marker to an element per week
        in this phase" (a cascade is "still one per element per week", issue
        19). Reading: a corrupt or destroyed element takes no more markers.
        """
        self.element(element_id)
        if element_id in self.marked_this_week:
            raise Refused(
                "marker.once_per_week",
                f"{self.elements[element_id].name} already gained a corruption marker this week",
                week=self.week,
            )
        if self.fallen(element_id):
            raise Refused(
                "marker.fallen",
                f"{self.elements[element_id].name} is already "
                + ("destroyed" if element_id in self.destroyed else "corrupt"),
            )

    def check_winner(self) -> None:
        """Who has won, checked after every event (the-coven.txt, "Goals", "Beachhead", "Winning").

        The Others win when every element is corrupt ("If at the end of this
        phase the Others have corrupted every element in town"), under
        *corruption* when every person is, under Beachhead when the beachhead
        reaches three markers ("becomes fully active"). The practitioners win
        when "None of the human coven members have any red cards" and "There
        are no corrupt entities in town". Reading: a destroyed place counts as
        taken for the Others ("Everything must go") and is not a corrupt entity.
        """
        if self.winner:
            return
        elements = list(self.elements)
        people = [e for e in elements if self.elements[e].kind is Kind.PERSON]
        goal = self.chronicle.goal
        if elements and all(self.fallen(e) for e in elements):
            self.winner, self.win_reason = OTHERS, "every element of the town has fallen"
        elif goal is Goal.CORRUPT_PEOPLE and people and all(e in self.corrupt for e in people):
            self.winner, self.win_reason = OTHERS, "every person in town is corrupt"
        elif goal is Goal.BEACHHEAD and any(
            self.elements[e].beachhead and e in self.corrupt for e in elements
        ):
            self.winner, self.win_reason = OTHERS, "the beachhead is fully active"
        elif not self.corrupt and all(
            self.red_held(p) == 0 for p in self.practitioner_ids if p not in self.other
        ):
            self.winner = "practitioners"
            self.win_reason = "no human coven member holds a red card and nothing is corrupt"
