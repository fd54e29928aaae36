"""Summoning votes, The Game, trades and winning, hand-worked (the-coven.txt, "The Game",
"Beachhead", "Winning")."""

from __future__ import annotations

from builder.coven.chronicle import (
    OTHERS,
    AddElement,
    BeginWeek,
    Element,
    GameBegins,
    GameEnds,
    Goal,
    Kind,
    Link,
    ProposeRule,
    SummonVote,
    Trade,
    Wager,
)
from builder.coven.game import rule_passes, summoned
from builder.coven.state import fold
from tests.builder.coven.examples import end_week, play_influence, town

ORDER = (OTHERS, "p-ann", "p-bo")


def rules(chronicle) -> list[tuple[int, str]]:
    return [(int(f.where[4:-1]), f.rule) for f in fold(chronicle).findings]


def test_summoning_is_a_simple_majority_with_the_others_always_yes() -> None:
    assert not summoned(0, 2)  # 1 Yes of 3
    assert summoned(1, 2)  # 2 of 3
    assert not summoned(1, 3)  # 2 of 4: a tie is no
    assert summoned(2, 3)  # 3 of 4
    assert not summoned(0, 1)  # 1 of 2: a tie
    assert rule_passes(2, 3) and not rule_passes(2, 4) and rule_passes(3, 4)


def summoned_week():
    c = play_influence(town(Goal.CORRUPT_PEOPLE)).append(SummonVote(("p-ann",)))
    assert fold(c).phase.value == "summoned"
    return c


def wagers(c):
    return c.append(
        GameBegins(ORDER),
        Wager(OTHERS, ("o1", "o2")),  # the Others write two new red cards
        Wager("p-ann", ("aw2",)),
        Wager("p-bo", ("br1", "br2")),
    )


def test_the_pot_and_the_wagers() -> None:
    c = wagers(summoned_week())
    state = fold(c)
    assert rules(c) == []
    pot = {card.id for card in state.held("pot")}
    # one red card per player written by the Others (3), then 2 + 1 + 2 wagered
    assert pot == {"pot1.1", "pot1.2", "pot1.3", "o1", "o2", "aw2", "br1", "br2"}
    bad = summoned_week().append(GameBegins(ORDER), Wager("p-ann", ("aw2", "ar1")))
    assert rules(bad)[-1][1] == "wager.size"
    thief = summoned_week().append(GameBegins(ORDER), Wager("p-ann", ("bw1",)))
    assert rules(thief)[-1][1] == "wager.card"


def test_rules_in_order_of_play_and_by_clear_majority() -> None:
    c = wagers(summoned_week())
    n = len(c.log)
    c = c.append(
        ProposeRule("p-ann", "one hand of poker, winner takes all", True, ("p-ann",)),  # not turn
        ProposeRule(OTHERS, "the Others deal", True, (OTHERS,)),  # 1 of 3: fails
        ProposeRule("p-ann", "one hand of poker, winner takes all", True, ("p-ann", "p-bo")),
        ProposeRule("p-bo", "aces low", False, ("p-bo", "p-ann")),  # temporary
        ProposeRule("p-bo", "jokers wild", True, ("p-bo", "p-ann"), True, ("bw2",)),
        ProposeRule("p-ann", "too late", True, ("p-bo", "p-ann"), True, ("aw3",)),  # order
    )
    assert rules(c) == [(n, "rule.order"), (n + 5, "rule.order")]
    state = fold(c)
    assert state.permanent_rules == ("one hand of poker, winner takes all", "jokers wild")
    assert state.cards["bw2"].holder == "pot"  # wagered whether the rule passed or not


def test_a_broken_game_gives_the_pot_to_the_others_and_allows_no_trades() -> None:
    c = wagers(summoned_week())
    c = c.append(
        ProposeRule(OTHERS, "a", True, ()),
        ProposeRule("p-ann", "b", True, ()),
        ProposeRule("p-bo", "c", True, ()),
        GameEnds(False),
        Trade("ar1", "p-ann", "p-bo"),
    )
    state = fold(c)
    assert not state.held("pot")
    assert {"aw2", "br1", "br2", "pot1.1"} <= {card.id for card in state.held(OTHERS)}
    assert rules(c) == [(len(c.log) - 1, "trade.phase")]


def practitioners_clean_up(c):
    """A Game won by Ann, then every red card a practitioner holds handed to the Others."""
    c = wagers(c).append(
        ProposeRule(OTHERS, "a", True, ()),
        ProposeRule("p-ann", "b", True, ()),
        ProposeRule("p-bo", "c", True, ()),
    )
    pot = sorted(card.id for card in fold(c).held("pot"))
    c = c.append(GameEnds(True, tuple((card, OTHERS) for card in pot)))
    state = fold(c)
    reds = [card for card in state.cards.values() if card.colour.value == "red"]
    return c.append(
        *(Trade(card.id, card.holder, OTHERS) for card in reds if card.holder in ("p-ann", "p-bo"))
    )


def test_the_practitioners_win_with_no_red_cards_and_nothing_corrupt() -> None:
    c = practitioners_clean_up(summoned_week())
    state = fold(c)
    assert state.winner == "practitioners"
    assert rules(c.append(SummonVote(()))) == [(len(c.log), "game.over")]


def test_no_win_while_an_element_is_corrupt() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    for _ in range(3):
        c = end_week(play_influence(c, ("QD", "mill")))
    c = play_influence(c).append(SummonVote(("p-ann",)))
    state = fold(practitioners_clean_up(c))
    assert state.winner == "" and state.corrupt == {"mill"}


def test_the_others_win_by_corrupting_every_person() -> None:
    c = town(Goal.CORRUPT_PEOPLE)
    for week in range(3):
        c = play_influence(c, ("JH", "ann"), ("JD", "bo"), ("AS", "mayor"))
        assert fold(c).winner == ("" if week < 2 else OTHERS)
        c = end_week(c) if week < 2 else c
    assert fold(c).win_reason == "every person in town is corrupt"


def test_the_others_win_by_destroying_everything() -> None:
    small = (
        Element("ann", "Ann Lowe", Kind.PERSON),
        Element("diner", "The Blue Diner", Kind.PLACE),
    )
    c = town(Goal.DESTROY_TOWN, elements=small, links=(Link("ann", "diner"),))
    for week in range(3):
        c = play_influence(c, ("JH", "ann"), ("KD", "diner"))
        c = end_week(c) if week < 2 else c
    state = fold(c)
    assert state.destroyed == {"diner"} and state.corrupt == {"ann"}
    assert (state.winner, state.win_reason) == (OTHERS, "every element of the town has fallen")


def test_the_beachhead() -> None:
    c = town(Goal.BEACHHEAD)
    portal = Element("portal", "Portal to the Drowned Court", Kind.PLACE, beachhead=True)
    for _ in range(3):
        c = end_week(play_influence(c, ("JH", "mayor"), ("QD", "council"), ("KD", "church")))
    early = c.append(AddElement(portal, ("mayor", "council", "diner")))
    assert rules(early)[-1][1] == "beachhead.foundations"  # the diner is not corrupt
    c = c.append(AddElement(portal, ("mayor", "council", "church")))
    assert rules(c) == []
    for week in range(3):
        c = play_influence(c, ("KH", "portal"))  # marked as a place
        assert fold(c).winner == ("" if week < 2 else OTHERS)
        c = end_week(c) if week < 2 else c
    assert fold(c).win_reason == "the beachhead is fully active"


def test_the_others_win_when_every_element_is_corrupt() -> None:
    small = (Element("ann", "Ann Lowe", Kind.PERSON), Element("mill", "Mill", Kind.ORGANISATION))
    c = town(Goal.BEACHHEAD, elements=small, links=())
    for week in range(3):
        c = play_influence(c, ("JH", "ann"), ("QD", "mill"))
        c = end_week(c) if week < 2 else c
    assert fold(c).winner == OTHERS


def test_an_event_that_crashes_a_check_is_a_finding() -> None:
    c = town().append(BeginWeek(None))  # type: ignore[arg-type]
    (finding,) = fold(c).findings
    assert (finding.rule, finding.where) == ("log.check_failed", "log[0]")
