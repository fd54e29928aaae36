"""Log events of a chronicle in words, for the chronicle view and the review report."""

from __future__ import annotations

from typing import Any, Protocol

from builder.coven import chronicle as ch


def _name(chronicle: ch.Chronicle, some_id: str) -> str:
    if some_id == ch.OTHERS:
        return "the Others"
    for p in chronicle.practitioners:
        if p.id == some_id:
            return p.name
    for e in chronicle.elements:
        if e.id == some_id:
            return e.name
    return some_id


class _Card(Protocol):
    """A trait card as written (``TraitCard``) or as held in play (``HeldCard``)."""

    @property
    def colour(self) -> ch.Colour: ...

    @property
    def text(self) -> str: ...


def card_label(card: _Card, number: int) -> str:
    """What a player sees for a trait card: its text, or which unwritten card it is.

    A card's id ("p1c2") is the file's, never shown; an unwritten card is named by
    its colour and ``number``, its place among the cards shown beside it (from 1).
    """
    return card.text or f"unwritten {card.colour.value} card {number}"


def describe_entry(chronicle: ch.Chronicle, event: Any) -> str:  # noqa: C901, PLR0911, PLR0912  (complexity 18, 18 returns, 17 branches when the limits came in)
    """One event as a sentence ("Red J (JH): a marker on Mayor Hart")."""
    n = lambda some_id: _name(chronicle, some_id)  # noqa: E731
    match event:
        case ch.BeginWeek(dealt=dealt):
            return f"A new week: the Others deal {len(dealt)} cards ({' '.join(dealt)})"
        case ch.PlaceMarker(card=card, element=element):
            return f"{card}: a corruption marker on {n(element)}"
        case ch.EndInfluence():
            return "The influence phase ends"
        case ch.CascadeMarker(person=person, element=element):
            return f"Cascade: corrupt {n(person)} marks {n(element)}"
        case ch.AddElement(element=element):
            return f"{element.name} ({element.kind.value}) joins the town"
        case ch.AddLink(a=a, b=b):
            return f"{n(a)} is linked to {n(b)}"
        case ch.Scene(framer=framer, summary=summary):
            return f"{n(framer)} frames a scene" + (f": {summary}" if summary else "")
        case ch.Conflict(framer=framer, stakes=stakes, challenge=challenge):
            level = challenge.value if challenge else "against a practitioner"
            return f"{n(framer)} frames a conflict ({level}): {stakes}"
        case ch.RemoveMarkers(element=element, count=count, purify=purify):
            if purify:
                return f"The corruption vanishes from {n(element)}"
            return f"{count} corruption marker(s) come off {n(element)}"
        case ch.SummonVote(yes=yes):
            return f"Summoning vote: {len(yes) + 1} Yes (the Others included)"
        case ch.GameBegins(order=order):
            return "The Game begins; order of play " + ", ".join(n(p) for p in order)
        case ch.Wager(player=player, cards=cards):
            return f"{n(player)} wagers {', '.join(cards)}"
        case ch.ProposeRule(player=player, text=text, yes=yes):
            return f"{n(player)} proposes: {text} ({len(yes)} Yes)"
        case ch.GameEnds(concluded=concluded):
            return "The Game is played to its end" if concluded else "The Game breaks down"
        case ch.Trade(card=card, giver=giver, taker=taker):
            return f"{n(giver)} gives {card} to {n(taker)}"
        case ch.WriteCard(card=card, text=text):
            return f"{card} reads: {text}"
    return type(event).__name__
