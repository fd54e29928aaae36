"""The Others' weekly influence, hand-worked (the-coven.txt, "The Others Exert Their Influence")."""

from __future__ import annotations

from dataclasses import replace

from builder.coven.chronicle import (
    OTHERS,
    BeginWeek,
    CascadeMarker,
    Colour,
    Element,
    EndInfluence,
    Goal,
    Kind,
    PlaceMarker,
    Practitioner,
)
from builder.coven.state import fold
from tests.builder.coven.examples import ANSWERS, cards, deal, end_week, play_influence, town


def rules(chronicle) -> list[tuple[str, str]]:
    return [(f.where, f.rule) for f in fold(chronicle).findings]


def test_deal_size_counts_practitioners_red_cards_and_corruption() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    # 2 per practitioner (2 x 2) + red cards held (Ann 3, Bo 2) = 9
    assert fold(c).deal_size == 9
    # three weeks of markers on the Mill (an organisation) corrupt it
    for _ in range(3):
        c = end_week(play_influence(c, ("QD", "mill")))
    state = fold(c)
    assert state.corrupt == {"mill"}
    # 4 + 5 red + 1 corrupt element + 1 corrupt organisation = 11
    assert state.deal_size == 11


def test_deal_size_is_capped_at_the_deck() -> None:
    many = tuple(
        Practitioner(f"p{n}", f"P{n}", "", ANSWERS, cards(f"x{n}", 2, 11)) for n in range(5)
    )
    # 2 x 5 + 55 red cards = 65, capped at 52
    assert fold(town(practitioners=many)).deal_size == 52


def test_deal_must_be_the_right_size_of_distinct_cards() -> None:
    c = town()
    assert rules(c.append(BeginWeek(("2C",) * 9))) == [("log[0]", "deal.card")]
    assert rules(c.append(BeginWeek(deal(c)[:8]))) == [("log[0]", "deal.size")]
    assert rules(c.append(BeginWeek(("1X", *deal(c)[1:])))) == [("log[0]", "deal.card")]
    assert rules(c.append(BeginWeek(deal(c)))) == []


def test_marker_cards_and_their_kinds() -> None:
    c = town()
    c = c.append(BeginWeek(deal(c, "JH", "QD", "KH", "AC", "JS")))
    c = c.append(
        PlaceMarker("JH", "diner"),  # a red Jack marks a person, not a place
        PlaceMarker("JH", "mayor"),
        PlaceMarker("QD", "mill"),
        PlaceMarker("KH", "church"),
        PlaceMarker("AC", "council"),  # an Ace marks anything
        PlaceMarker("JS", "bo"),  # a black Jack places nothing
        PlaceMarker("QH", "mill"),  # not dealt
        PlaceMarker("JH", "bo"),  # already spent
    )
    assert rules(c) == [
        ("log[1]", "marker.kind"),
        ("log[6]", "marker.card"),
        ("log[7]", "marker.not_dealt"),
        ("log[8]", "marker.card_spent"),
    ]
    markers = fold(c).markers
    assert (markers["mayor"], markers["mill"], markers["church"], markers["council"]) == (
        1,
        1,
        1,
        1,
    )


def test_a_court_card_with_no_element_of_its_kind_marks_any_element() -> None:
    no_orgs = tuple(e for e in town().elements if e.kind is not Kind.ORGANISATION)
    links = tuple(link for link in town().links if "mill" not in (link.a, link.b))
    links = tuple(link for link in links if "council" not in (link.a, link.b))
    c = town(elements=no_orgs, links=links)
    c = c.append(BeginWeek(deal(c, "QH")), PlaceMarker("QH", "bo"))
    assert rules(c) == []
    assert fold(c).markers["bo"] == 1


def test_one_marker_per_element_per_week() -> None:
    c = town()
    c = c.append(BeginWeek(deal(c, "JH", "AS")), PlaceMarker("JH", "mayor"))
    c = c.append(PlaceMarker("AS", "mayor"), EndInfluence())
    assert rules(c) == [("log[2]", "marker.once_per_week")]
    c = end_week(c)
    c = play_influence(c, ("AS", "mayor"))  # a new week: allowed again
    assert fold(c).markers["mayor"] == 2


def test_three_markers_corrupt_and_tied_white_cards_go_to_the_others() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    c = end_week(play_influence(c, ("KD", "diner")))
    c = end_week(play_influence(c, ("KD", "diner")))
    two = fold(c)
    assert two.markers["diner"] == 2 and not two.corrupt  # two markers corrupt nothing
    c = c.append(BeginWeek(deal(c, "KD")), PlaceMarker("KD", "diner"))
    assert "diner" not in fold(c).corrupt  # not until the end of the phase
    c = c.append(EndInfluence())
    state = fold(c)
    assert state.corrupt == {"diner"}
    # Ann's first white card was tied to the diner: the Others hold it, Ann a new red one
    assert state.cards["aw1"].holder == OTHERS
    assert state.cards["aw1.red"].holder == "p-ann"
    assert state.cards["aw1.red"].colour is Colour.RED
    assert sum(1 for card in state.held("p-ann") if card.colour is Colour.RED) == 4
    # 4 + (4 + 2) red + 1 corrupt place = 11
    assert state.deal_size == 11


def test_under_destruction_a_place_is_destroyed_instead() -> None:
    c = town(Goal.DESTROY_TOWN)
    for _ in range(3):
        c = end_week(play_influence(c, ("KD", "diner")))
    state = fold(c)
    assert state.destroyed == {"diner"} and not state.corrupt
    assert state.deal_size == 10  # no card for a destroyed place; Ann's tied card traded: 4 + 6
    c = c.append(BeginWeek(deal(c, "AS")), PlaceMarker("AS", "diner"))
    assert rules(c)[-1] == (f"log[{len(c.log) - 1}]", "marker.fallen")


def test_a_cascade_from_a_corrupted_person() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    # two weeks: the Mayor to 2, the Council to 2
    for _ in range(2):
        c = end_week(play_influence(c, ("JH", "mayor"), ("QD", "council")))
    # third week: the Mayor falls and cascades onto the Council, which falls too
    c = play_influence(c, ("JH", "mayor"))
    assert fold(c).pending_cascades == ("mayor",)
    base = len(c.log)
    c = c.append(
        CascadeMarker("mayor", "diner"),  # not linked to the Mayor
        CascadeMarker("mayor", "ann"),  # a person, not a place or organisation
        CascadeMarker("mayor", "council"),
        CascadeMarker("mayor", "church"),  # the Mayor's one cascade is spent
    )
    assert rules(c) == [
        (f"log[{base}]", "cascade.link"),
        (f"log[{base + 1}]", "cascade.kind"),
        (f"log[{base + 3}]", "cascade.source"),
    ]
    state = fold(c)
    assert state.corrupt == {"mayor", "council"}
    assert state.markers["council"] == 3
    assert (3, "council", "cascade:mayor") in state.marker_history


def test_a_cascade_is_still_one_marker_per_element_per_week() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    for _ in range(2):
        c = end_week(play_influence(c, ("JH", "mayor")))
    c = play_influence(c, ("JH", "mayor"), ("QD", "council"))
    c = c.append(CascadeMarker("mayor", "council"))
    assert rules(c) == [(f"log[{len(c.log) - 1}]", "marker.once_per_week")]
    assert fold(c).markers["council"] == 1


def test_a_cascade_lapses_when_play_moves_on() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    for _ in range(2):
        c = end_week(play_influence(c, ("JH", "mayor")))
    c = play_influence(c, ("JH", "mayor"))
    c = end_week(c).append(CascadeMarker("mayor", "council"))
    assert rules(c)[-1][1] == "cascade.source"


def test_losing_every_white_card_makes_a_practitioner_other() -> None:
    tied = cards("z", 2, 11, {1: ("diner",), 2: ("diner",)})
    zed = Practitioner("p-zed", "Zed", "Zoe", ANSWERS, tied)
    c = town(Goal.CORRUPT_PEOPLE, practitioners=(*town().practitioners, zed))
    for _ in range(3):
        c = end_week(play_influence(c, ("KD", "diner")))
    state = fold(c)
    assert state.other == {"p-zed"}
    assert sum(1 for card in state.held("p-zed") if card.colour is Colour.RED) == 13


def test_creation_findings() -> None:
    ann = replace(town().practitioners[0], cards=cards("a", 12, 1))
    extra = (
        Element("x1", "X1", Kind.PLACE, added_by_others=True),
        Element("x2", "X2", Kind.PLACE, added_by_others=True),
    )
    c = town(practitioners=(ann, town().practitioners[1]), elements=(*town().elements, *extra))
    assert [(f.rule, f.where) for f in fold(c).findings] == [
        ("town.others_elements", "elements"),  # 4 added for 2 players
        ("practitioner.cards", "practitioners[0].cards"),  # one red card only
    ]
