"""The practitioners act: scene budgets, conflicts settled by poker, and their stakes.

Words quoted are from the-coven.txt, "The Practitioners Act". Each function
checks one event against the table and applies it, or raises ``Refused``.
"""

from __future__ import annotations

from builder.coven.cards import DECK_SIZE, Showdown, is_card, showdown
from builder.coven.chronicle import OTHERS, Challenge, Colour, Conflict, RemoveMarkers, Scene
from builder.coven.table import Phase, Refused, Table

SHARED_CARDS = 5
""""then deal five cards face-up in the centre of the table"."""


def trait_cards(colours: list[Colour]) -> int:
    """Cards a party is dealt: "White traits are worth 1 card, and red traits are worth 2"."""
    return sum(2 if c is Colour.RED else 1 for c in colours)


def others_cards(challenge: Challenge, players: int, corrupt_place: bool = False) -> int:
    """The Others' cards: "Routine 1 + 1 per player involved", Challenging 2 +, Ridiculous 3 +.

    A conflict at a corrupt place that opposes the Others is "one step more
    difficult". Reading: one step up from Ridiculous continues the table (4 + 1
    per player).
    """
    return challenge.base_cards + (1 if corrupt_place else 0) + players


def others_scene_budget(practitioner_scenes: dict[str, int], practitioners: int) -> int:
    """How many scenes the Others may frame this week.

    "the Others get to frame up to one fewer than the number of Practitioners.
    Practitioners can frame additional scenes if they like, but each extra
    scene offers the Others the opportunity to frame a scene of their own."
    A practitioner's extra scenes are those beyond their first (conflicts count).
    """
    extra = sum(max(0, n - 1) for n in practitioner_scenes.values())
    return max(0, practitioners - 1) + extra


def frame_scene(table: Table, event: Scene) -> None:
    """A scene framed by a practitioner or by the Others, within the week's budget.

    "Every Practitioner gets one conflict scene per week. Once it's done, they
    can't frame any more scenes."
    """
    _in_scenes(table)
    if event.framer == OTHERS:
        budget = others_scene_budget(table.scenes, len(table.practitioner_ids))
        if table.others_scenes >= budget:
            raise Refused(
                "scene.others_budget",
                f"the Others may frame {budget} scenes this week and have framed them all",
                budget=budget,
            )
        table.others_scenes += 1
        return
    table.practitioner(event.framer)
    if event.framer in table.conflicts_framed:
        raise Refused(
            "scene.after_conflict",
            "a practitioner who has had their conflict this week can't frame any more scenes",
        )
    table.scenes[event.framer] = table.scenes.get(event.framer, 0) + 1


def _in_scenes(table: Table) -> None:
    if table.phase is not Phase.SCENES:
        raise Refused(
            "scene.phase",
            "scenes are framed after the Others' influence phase and before the vote",
        )


def settle_conflict(conflict: Conflict) -> Showdown:
    """The poker result of a recorded conflict (see ``builder.coven.cards.showdown``)."""
    hole = {p.practitioner: p.cards for p in conflict.parties}
    if conflict.challenge is not None:
        hole[OTHERS] = conflict.others_cards
    return showdown(hole, conflict.shared, [dict(r) for r in conflict.tie_breaks])


def _check_party_cards(table: Table, event: Conflict) -> None:
    """Each party holds the traits it brings; the cards dealt match "1 per white, 2 per red"."""
    for party in event.parties:
        table.practitioner(party.practitioner)
        colours: list[Colour] = []
        for trait in party.traits:
            card = table.cards.get(trait)
            if card is None or card.holder != party.practitioner:
                raise Refused(
                    "conflict.trait", f"{party.practitioner} does not hold the trait {trait!r}"
                )
            colours.append(card.colour)
        wanted = trait_cards(colours)
        if len(party.cards) != wanted:
            raise Refused(
                "conflict.cards",
                f"{party.practitioner} brings traits worth {wanted} cards and was dealt "
                f"{len(party.cards)}",
                expected=wanted,
                dealt=len(party.cards),
            )


def _check_others_cards(table: Table, event: Conflict) -> None:
    if event.challenge is None:
        if not event.against or event.others_cards:
            raise Refused(
                "conflict.challenge",
                "a conflict without the Others is one against another practitioner, "
                "and the Others are dealt nothing",
            )
        return
    corrupt_place = bool(event.place) and event.place in table.corrupt
    if event.place:
        table.element(event.place)
    wanted = others_cards(event.challenge, len(event.parties), corrupt_place)
    if len(event.others_cards) != wanted:
        raise Refused(
            "conflict.others_cards",
            f"a {event.challenge.value} conflict with {len(event.parties)} players involved"
            + (" at a corrupt place" if corrupt_place else "")
            + f" deals the Others {wanted} cards, not {len(event.others_cards)}",
            expected=wanted,
            dealt=len(event.others_cards),
        )


def _check_deck(event: Conflict) -> None:
    every = [c for p in event.parties for c in p.cards]
    every += [*event.others_cards, *event.shared]
    every += [card for round_ in event.tie_breaks for _, card in round_]
    if len(event.shared) != SHARED_CARDS:
        raise Refused("conflict.shared", f"five cards are dealt face-up, not {len(event.shared)}")
    bad = [c for c in every if not is_card(c)]
    if bad:
        raise Refused("conflict.deck", f"{bad[0]!r} is not a playing card")
    if len(set(every)) != len(every):
        raise Refused("conflict.deck", "a card was dealt twice from one deck")
    if len(every) > DECK_SIZE:
        raise Refused("conflict.deck", f"{len(every)} cards are more than one deck holds")


def conflict(table: Table, event: Conflict, index: int) -> None:
    """A conflict scene: who is involved, the cards dealt, the winner.

    "Practitioners can frame scenes as conflicts ... but the Others cannot."
    "Every Practitioner gets one conflict scene per week ... The only exception
    is if another player frames a conflict against them -- they are allowed to
    defend themselves." Reading: only the framer spends their conflict;
    practitioners who join it or defend do not.
    """
    _in_scenes(table)
    if event.framer == OTHERS:
        raise Refused("conflict.others_frame", "the Others cannot frame conflicts")
    table.practitioner(event.framer)
    if event.framer in table.conflicts_framed:
        raise Refused(
            "conflict.one_per_week",
            "every practitioner gets one conflict scene per week",
            week=table.week,
        )
    ids = [p.practitioner for p in event.parties]
    if event.framer not in ids or len(set(ids)) != len(ids):
        raise Refused("conflict.parties", "the framer is involved, and each practitioner once")
    if event.against and event.against not in ids:
        raise Refused("conflict.parties", "a practitioner a conflict is against defends in it")
    _check_party_cards(table, event)
    _check_others_cards(table, event)
    _check_deck(event)
    try:
        result = settle_conflict(event)
    except ValueError as exc:
        raise Refused("conflict.tie_break", str(exc)) from None
    if not result.winner:
        raise Refused(
            "conflict.tie",
            "the best hands are tied: deal single cards to the tied players, high card wins",
        )
    table.scenes[event.framer] = table.scenes.get(event.framer, 0) + 1
    table.conflicts_framed.add(event.framer)
    table.conflict_winners[index] = result.winner


def remove_markers(table: Table, event: RemoveMarkers) -> None:
    """A won conflict's stakes take corruption off an element (the-coven.txt, "A Hint For The
    Practitioners": "If I win, the corruption vanishes from this person").

    Reading: only a conflict of this week that a practitioner won can do it;
    markers never go below zero; ``purify`` lifts the corruption of a corrupt
    element (its markers go with it), and a destroyed place stays destroyed.
    """
    _in_scenes(table)
    winner = table.conflict_winners.get(event.conflict)
    if winner is None or winner == OTHERS:
        raise Refused(
            "stakes.conflict",
            f"log[{event.conflict}] is not a conflict a practitioner won this week",
        )
    element = table.element(event.element)
    if event.element in table.destroyed:
        raise Refused("stakes.destroyed", f"{element.name} is destroyed")
    if event.purify:
        if event.element not in table.corrupt:
            raise Refused("stakes.not_corrupt", f"{element.name} is not corrupt")
        table.corrupt.discard(event.element)
        table.markers[event.element] = 0
        return
    held = table.markers.get(event.element, 0)
    if event.count < 1 or event.count > held:
        raise Refused(
            "markers.negative",
            f"{element.name} has {held} corruption markers; {event.count} cannot come off",
            held=held,
            removed=event.count,
        )
    table.markers[event.element] = held - event.count
