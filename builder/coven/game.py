"""Summoning the Others and The Game: the vote, the pot, wagers, rules, the end, trades.

Words quoted are from the-coven.txt, "The Game". Each function checks one
event against the table and applies it, or raises ``Refused``.
"""

from __future__ import annotations

from builder.coven.chronicle import (
    OTHERS,
    Colour,
    GameBegins,
    GameEnds,
    ProposeRule,
    SummonVote,
    Trade,
    Wager,
)
from builder.coven.table import CardState, GameTable, Phase, Refused, Table

POT = "pot"


def summoned(yes_practitioners: int, practitioners: int) -> bool:
    """Summoned or not (The Game).

    "This is a simple majority vote among all players. The Others always vote
    Yes, but in the case of a tie the Others are not summoned." Every player
    votes, the Others included.
    """
    yes = yes_practitioners + 1
    return 2 * yes > practitioners + 1


def rule_passes(yes: int, players: int) -> bool:
    """Passed or not: "if there is a clear majority then that rule is now a rule of The
    Game": more than half of all players, the Others included."""
    return 2 * yes > players


def summon_vote(table: Table, event: SummonVote) -> None:
    """The vote at the end of the week, "when everybody has framed all their scenes"."""
    if table.phase is not Phase.SCENES:
        raise Refused("vote.phase", "the coven votes at the end of the week, after the scenes")
    for voter in event.yes:
        table.practitioner(voter)
    if len(set(event.yes)) != len(event.yes):
        raise Refused("vote.twice", "each practitioner votes once")
    table.summoned = summoned(len(event.yes), len(table.practitioner_ids))
    table.phase = Phase.SUMMONED if table.summoned else Phase.WEEK_DONE


def begin_game(table: Table, event: GameBegins) -> None:
    """The Game begins: "1. The Others write a red card for every player and add them to the
    pot. 2. The Others choose the order of play."

    Reading: "every player" counts the Others too, as the sentence before
    says ("Every Practitioner is a player, and so are the Others"), so the pot
    opens with one red card more than there are practitioners. Its new cards
    are ``pot<week>.<n>``.
    """
    if table.phase is not Phase.SUMMONED:
        raise Refused("game.not_summoned", "The Game is played only when the Others are summoned")
    if sorted(event.order) != sorted(table.players):
        raise Refused(
            "game.order", "the order of play names every player once, the Others included"
        )
    pot: list[str] = []
    for n in range(1, len(table.players) + 1):
        card_id = f"pot{table.week}.{n}"
        table.cards[card_id] = CardState(card_id, Colour.RED, "", (), POT, "")
        pot.append(card_id)
    table.game = GameTable(tuple(event.order), pot)
    table.phase = Phase.GAME


def _stake(table: Table, player: str, cards: tuple[str, ...]) -> None:
    """A stake: "one white card or two red cards" from the player's hand into the pot.

    The Others may put in red cards they write on the spot (ids not yet in play).
    """
    game = table.game
    assert game is not None
    new = [c for c in cards if c not in table.cards]
    if new and player != OTHERS:
        raise Refused("wager.card", f"{player} does not hold {new[0]!r}")
    colours = []
    for card_id in cards:
        card = table.cards.get(card_id)
        if card is None:
            colours.append(Colour.RED)
            continue
        if card.holder != player:
            raise Refused("wager.card", f"{player} does not hold {card_id!r}")
        colours.append(card.colour)
    if colours not in ([Colour.WHITE], [Colour.RED, Colour.RED]) or len(set(cards)) != len(cards):
        raise Refused("wager.size", "a wager is one white card or two red cards")
    for card_id in cards:
        if card_id not in table.cards:
            table.cards[card_id] = CardState(card_id, Colour.RED, "", (), OTHERS, "")
        table.move_card(card_id, POT)
        game.pot.append(card_id)


def wager(table: Table, event: Wager) -> None:
    """A wager: "3. Each player must wager one white card or two red cards and add them
    to the pot"."""
    game = _game(table)
    if event.player not in table.players:
        raise Refused("wager.player", f"{event.player!r} is not a player")
    if event.player in game.wagered:
        raise Refused("wager.twice", f"{event.player} has already wagered")
    if game.first_rules:
        raise Refused("wager.late", "every wager is in before the first rule is proposed")
    _stake(table, event.player, event.cards)
    game.wagered.add(event.player)


def propose_rule(table: Table, event: ProposeRule) -> None:
    """Rules in the order of play (steps 4, 4a and 5).

    "Following the order of play, each player proposes a rule ... if there is a
    clear majority then that rule is now a rule of The Game." Then "each player
    (including the Others) may propose a second rule by adding another white
    trait (or two red traits) to the pot. These traits are wagered whether the
    rule is accepted or not." Reading: second rules may be skipped but keep the
    order of play.
    """
    game = _game(table)
    if game.wagered != set(table.players):
        missing = [p for p in table.players if p not in game.wagered]
        raise Refused("rule.wagers", f"{', '.join(missing)} must wager before rules are proposed")
    voters = set(event.yes)
    if not voters <= set(table.players) or len(voters) != len(event.yes):
        raise Refused("rule.vote", "each player votes once on a rule")
    if not event.second:
        if len(game.first_rules) >= len(game.order):
            raise Refused("rule.first_round", "every player has proposed their first rule")
        expected = game.order[len(game.first_rules)]
        if event.player != expected or event.cards:
            raise Refused("rule.order", f"it is {expected}'s turn to propose a rule (no wager)")
        passed = rule_passes(len(event.yes), len(table.players))
        game.first_rules.append((event.player, event.text, event.permanent and passed))
        if passed and event.permanent:
            table.permanent_rules.append(event.text)
        return
    if len(game.first_rules) < len(game.order):
        raise Refused("rule.second_round", "second rules come after every player's first rule")
    done = [game.order.index(p) for p, _, _ in game.second_rules]
    if event.player not in game.order or (done and game.order.index(event.player) <= max(done)):
        raise Refused("rule.order", "second rules follow the order of play, one each")
    _stake(table, event.player, event.cards)
    passed = rule_passes(len(event.yes), len(table.players))
    game.second_rules.append((event.player, event.text, event.permanent and passed))
    if passed and event.permanent:
        table.permanent_rules.append(event.text)


def end_game(table: Table, event: GameEnds) -> None:
    """The end of The Game: "6. Play the Game as established. If the Game breaks down at
    any point because the rules are incomplete, the Others claim everything in the pot."

    Reading: a concluded Game says who takes each pot card, and every card is
    given to someone.
    """
    game = _game(table)
    if len(game.first_rules) < len(game.order):
        raise Refused("game.rules", "every player proposes a rule before The Game is played")
    if event.concluded:
        shares = dict(event.shares)
        if sorted(shares) != sorted(game.pot) or len(shares) != len(event.shares):
            raise Refused("game.shares", "a concluded Game gives each card of the pot once")
        for taker in shares.values():
            if taker not in table.players:
                raise Refused("game.shares", f"{taker!r} is not a player")
    elif event.shares:
        raise Refused("game.shares", "the Others claim everything in a broken-down Game's pot")
    else:
        shares = {card: OTHERS for card in game.pot}
    for card_id, taker in shares.items():
        table.move_card(card_id, taker)
    game.concluded = event.concluded
    table.phase = Phase.GAME_DONE


def trade(table: Table, event: Trade) -> None:
    """A trade: "Once the Game has been played to conclusion, the Practitioners can trade
    cards and bargain among themselves ... Trades which take place immediately are binding."
    """
    if table.phase is not Phase.GAME_DONE or table.game is None or not table.game.concluded:
        raise Refused("trade.phase", "cards are traded after a Game played to conclusion")
    card = table.cards.get(event.card)
    if card is None or card.holder != event.giver:
        raise Refused("trade.card", f"{event.giver} does not hold {event.card!r}")
    if event.taker not in table.players or event.taker == event.giver:
        raise Refused("trade.taker", f"{event.taker!r} is not another player")
    if event.new_text:
        card.text = event.new_text
    table.move_card(event.card, event.taker)


def _game(table: Table) -> GameTable:
    if table.phase is not Phase.GAME or table.game is None:
        raise Refused("game.phase", "The Game is not under way")
    return table.game
