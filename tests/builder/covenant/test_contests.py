"""Covenant contests (issue 28, item 2): fixed and opposed bids, cost, spending and banking
advantages, stunting, sharing Discipline, relative size and called shots, the successor.

Every number is worked by hand from ``rules/covenant-rules-summary.txt``; the line it
comes from is quoted in each test."""

from __future__ import annotations

from fractions import Fraction

from builder.covenant.character import (
    BankedUse,
    BidCost,
    BidKind,
    Contest,
    DamageSeverity,
    StuntEffect,
    Succession,
)
from builder.covenant.contests import (
    CalledShot,
    attacker_wins,
    cost_of,
    discipline_for,
    fixed_bid_wins,
    longest_dimension_m,
    plan_bid,
    relative_size,
    share_cost,
    size_for,
    stunted_cost,
)
from builder.covenant.rules import (
    begin_scene,
    buy_asset,
    contest,
    end_chapter,
    end_scene,
    end_turn,
    evaluate_covenant,
    make_successor,
    sacrifice,
    share_discipline,
    spend_banked,
    use_asset,
)
from builder.covenant.state import fold
from tests.builder.covenant.examples import (
    COIL_RIFLE,
    discipline,
    ines,
    ok,
    refused,
    tokens_available,
)

# --------------------------------------------------------------------------- who wins


def test_a_fixed_bid_must_exceed_the_target():
    """ "If the character's bid exceeds the target, then the character wins the bid ... If
    the character's bid does not exceed the target, then the FM wins the bid": 21 beats
    20; 20 against 20 loses."""
    assert fixed_bid_wins(21, 20)
    assert not fixed_bid_wins(20, 20)


def test_an_opposed_bid_tie_goes_to_the_defender():
    """ "Whoever's bid is higher wins the bid. Ties go to the defender." """
    assert attacker_wins(16, 15)
    assert not attacker_wins(15, 15)
    tied = plan_bid(BidKind.DEFEND, 15, against=15)
    assert tied.wins is True
    assert tied.explain().endswith("wins (ties go to the defender).")
    assert plan_bid(BidKind.ATTACK, 15, against=15).wins is False


# --------------------------------------------------------------------------- cost


def test_cost_follows_more_advantages_or_disadvantages():
    """ "More Advantages: Spend 1 Discipline to raise the bid by 2. This makes the bid
    half-cost. More Disadvantages: Spend 2 Discipline to raise the bid by 1 ... double-cost.
    Equal Number: Spend 1 Discipline to raise the bid by 1"."""
    assert cost_of(3, 1) is BidCost.HALF
    assert cost_of(1, 3) is BidCost.DOUBLE
    assert cost_of(2, 2) is BidCost.NORMAL
    assert [discipline_for(7, c) for c in (BidCost.HALF, BidCost.NORMAL, BidCost.DOUBLE)] == [
        4,
        7,
        14,
    ]


def test_spending_advantages_comes_before_discipline_and_changes_the_cost():
    """ "Spending 1 Advantage: Increase a bid by 5"; "Each advantage spent reduces a bid's
    total number of advantages by 1"; "A character must spend xir advantages before xi
    starts spending Discipline".

    2 advantages and 1 disadvantage, one advantage spent on +5: 1 against 1 left, so
    normal cost; 10 Discipline give 10; bid 15. Unspent, the bid is half-cost: 20.
    """
    spent = plan_bid(BidKind.FIXED, 10, advantages=2, disadvantages=1, boosts=1, against=14)
    assert (spent.cost, spent.bid, spent.wins) == (BidCost.NORMAL, 15, True)
    kept = plan_bid(BidKind.FIXED, 10, advantages=2, disadvantages=1)
    assert (kept.cost, kept.bid) == (BidCost.HALF, 20)


def test_an_advantage_can_impose_a_disadvantage_only_in_an_opposed_bid():
    """ "Impose 1 disadvantage on your opponent during an opposed bid"."""
    assert plan_bid(BidKind.ATTACK, 5, advantages=1, imposed=1).legal
    fixed = plan_bid(BidKind.FIXED, 5, advantages=1, imposed=1)
    assert fixed.problems == ("a disadvantage is imposed on an opponent only in an opposed bid",)
    over = plan_bid(BidKind.FIXED, 5, advantages=1, boosts=2)
    assert over.problems == ("2 advantages spent but the bid has only 1",)


# --------------------------------------------------------------------------- stunting


def test_stunting_raises_the_cost_one_step_and_drops_the_advantages():
    """ "Bids can only be stunted if they are half-cost or normal-cost"; "Half-cost bids
    become normal-cost, Normal-cost bids become double-cost"; "Loses all its advantages
    and disadvantages".

    3 advantages, 1 disadvantage: half-cost, stunted to normal: 12 Discipline bid 12
    (unstunted it would be 24). Equal numbers: normal, stunted to double: 12 bid 6.
    """
    assert stunted_cost(BidCost.HALF) is BidCost.NORMAL
    assert stunted_cost(BidCost.NORMAL) is BidCost.DOUBLE
    assert stunted_cost(BidCost.DOUBLE) is None
    half = plan_bid(BidKind.FIXED, 12, advantages=3, disadvantages=1, stunt=StuntEffect.INSPIRE)
    assert (half.cost, half.bid, half.banks) == (BidCost.NORMAL, 12, False)
    normal = plan_bid(BidKind.FIXED, 12, stunt=StuntEffect.OWN_NEXT_HALF)
    assert (normal.cost, normal.bid) == (BidCost.DOUBLE, 6)
    double = plan_bid(BidKind.FIXED, 12, disadvantages=1, stunt=StuntEffect.PIN)
    assert double.problems == ("only a half-cost or normal-cost bid can be stunted",)


# --------------------------------------------------------------------------- sharing


def test_sharing_discipline_costs_the_bids_cost():
    """ "If a bid is double-cost, then a character must share 2 Discipline for every 1 that
    xi wants to increase that bid": +6 costs 12 at double, 6 at normal, 3 at half."""
    assert share_cost(6, BidCost.DOUBLE) == 12
    assert share_cost(6, BidCost.NORMAL) == 6
    assert share_cost(6, BidCost.HALF) == 3


def test_shared_discipline_is_the_sharers_scene_damage():
    """ "Characters don't have to wait for their turns during a scene to share Discipline";
    12 shared to a double-cost bid raise it by 6 and leave 288 free of 300."""
    c = ok(begin_scene(ines()))
    played = share_discipline(c, 12, BidCost.DOUBLE, "cover Dana")
    assert played.accepted
    assert [f.numbers.get("points") for f in played.findings] == [6]
    assert discipline(played.character) == (288, 12, 0, 0)


# --------------------------------------------------------------------------- in the log


def test_a_contest_spends_discipline_and_a_win_with_advantages_banks_one():
    """ "Discipline spent on bids is considered scene damage"; "Characters can bank 1
    advantage from each successful bid, as long as those bids have advantages";
    "Banked advantages are lost when the character starts xir next turn".

    Opposed, attacking: 1 advantage, 0 disadvantages: half-cost; 10 Discipline bid 20
    against 18: won; 290 free, 10 scene damage, 1 banked.
    """
    c = ok(begin_scene(ines()))
    c = ok(contest(c, Contest(BidKind.ATTACK, 10, 18, advantages=1, bank=True)))
    assert discipline(c) == (290, 10, 0, 0)
    assert fold(c).state.banked == 1
    c2 = ok(spend_banked(c, BankedUse.ALLY_ADVANTAGE))
    assert fold(c2).state.banked == 0
    refused(spend_banked(c2, BankedUse.OWN_ADVANTAGE), c2, "covenant.bank.empty")
    after_turn = ok(end_turn(c))
    assert fold(after_turn).state.banked == 0


def test_a_lost_bid_or_one_without_advantages_banks_nothing():
    """ "bank 1 advantage from each successful bid, as long as those bids have advantages":
    10 at normal cost against 10 is a fixed bid lost; 11 against 10 without advantages
    wins but has none to bank."""
    c = ok(begin_scene(ines()))
    lost = Contest(BidKind.FIXED, 10, 10, advantages=1, disadvantages=1, bank=True)
    refused(contest(c, lost), c, "covenant.bid.bank")
    bare = Contest(BidKind.FIXED, 11, 10, bank=True)
    refused(contest(c, bare), c, "covenant.bid.bank")
    played = contest(c, Contest(BidKind.FIXED, 10, 10))
    assert played.accepted and [f.rule for f in played.findings] == ["covenant.bid.lost"]


def test_a_contest_breaking_a_rule_is_refused_and_changes_nothing():
    """A double-cost bid cannot be stunted; a bid cannot spend more than is free."""
    c = ok(begin_scene(ines()))
    refused(
        contest(c, Contest(BidKind.FIXED, 5, 3, disadvantages=1, stunt="pin")),
        c,
        "covenant.bid.plan",
    )
    refused(contest(c, Contest(BidKind.FIXED, 301, 3)), c, "covenant.discipline.insufficient")


# --------------------------------------------------------------------------- size


def test_the_size_table_doubles_each_step():
    """ "1 | 0.125 m", "4 | 1 m", "5 | 2 m", "10 | 64 m", "And so on"; "Thin or Long:
    Reduce size by 1. Massive, Thick, or Fat: Increase size by 1." """
    assert longest_dimension_m(1) == Fraction(1, 8)
    assert longest_dimension_m(4) == 1
    assert longest_dimension_m(10) == 64
    assert longest_dimension_m(11) == 128
    assert size_for(2) == 5
    assert size_for(Fraction(3, 2)) == 4
    assert size_for(2, shape=-1) == 4
    assert size_for(32, shape=+1) == 10


def test_relative_size_gives_advantages_per_step():
    """ "For every 1 size the attacker is smaller than the defender: Add 1 advantage to the
    attacker's Fighting and Stealth bids. Add 1 advantage to the defender's Resistance
    bids." Larger: disadvantages. A size-4 attacker against size 7: 3 advantages each; a
    size-7 attacker against size 5: 2 disadvantages each."""
    small = relative_size(4, 7)
    assert (small.attacker, small.defender) == (3, 3)
    big = relative_size(7, 5)
    assert (big.attacker, big.defender) == (-2, -2)
    assert big.explain() == (
        "Size 7 against 5: the attacker's Fighting and Stealth bids get 2 disadvantage(s); "
        "the defender's Resistance bids get 2 disadvantage(s)."
    )


def test_called_shots_aim_at_a_smaller_part():
    """ "Leg: Size Difference: -2 size"; "Body: Size Difference: -3 size". A size-5 attacker
    aiming at a size-5 defender's leg faces size 3: 2 disadvantages; at the body, size 2:
    3 disadvantages, and the effect "1 disadvantage to Resistance bid vs. that attack"."""
    leg = relative_size(5, 5, CalledShot.LEG)
    assert (leg.target_size, leg.attacker) == (3, -2)
    body = relative_size(5, 5, CalledShot.BODY)
    assert (body.target_size, body.attacker) == (2, -3)
    assert body.effect.startswith("1 disadvantage to Resistance bid vs. that attack")


# --------------------------------------------------------------------------- the successor


def _sacrificed():
    """Ines buys the Coil Rifle's twin between chapters, survives a chapter, then is
    sacrificed. Creation: 5 of 10 tokens (3 Traits + 2 Abilities); +1 for the chapter;
    1 for the purchase: 5 available."""
    c = ok(end_chapter(ok(begin_scene(ines()))))
    twin = type(COIL_RIFLE)("coil-twin", "Coil Twin", COIL_RIFLE.kind)
    c = ok(buy_asset(c, twin))
    c = ok(begin_scene(c))
    c = ok(use_asset(c, "vacc-suit", "take the hit"))  # destroys the suit
    return ok(sacrifice(c, "held the airlock"))


def test_the_successor_has_the_same_ties_assets_and_tokens_plus_one():
    """ "xi can make a new character with the same number of Discipline, ties, assets, and
    tokens ..., plus 1 additional token from good karma."

    Ines held 3 Ties (300 Discipline) and 8 assets (3 Traits + the bought twin, 2
    Abilities, 2 gear left after the suit was destroyed); 5 tokens: the successor has 3
    Ties, 300 Discipline all free, the same 8 assets and 5 + 1 = 6 tokens.
    """
    sacrificed = _sacrificed()
    assert tokens_available(sacrificed) == 5
    heir = ok(make_successor(sacrificed, "ines-2", "Dana Okafor"))
    assert heir.log == (Succession("ines", 3, 8, 6, "Successor of Ines Okafor-Vell"),)
    assert [t.id for t in heir.creation.ties] == ["tie-sister", "tie-skiff", "tie-union"]
    assert [a.id for a in heir.creation.gear] == ["coil-rifle", "multitool"]
    assert len(heir.creation.traits) == 4
    report = evaluate_covenant(heir)
    assert report.tokens.available == 6
    assert (report.discipline.free, report.discipline.total) == (300, 300)
    assert [f.rule for f in report.findings if f.severity.value == "error"] == []


def test_only_a_sacrificed_character_has_a_successor():
    c = ines()
    played = make_successor(c, "x")
    assert played.refused and played.character == c
    assert [f.rule for f in played.findings] == ["covenant.successor.not_sacrificed"]


def test_a_successor_that_drops_a_tie_is_flagged():
    """The successor holds "the same number of ... ties": one Tie fewer is an error."""
    heir = ok(make_successor(_sacrificed(), "ines-2"))
    from dataclasses import replace

    fewer = replace(heir, creation=replace(heir.creation, ties=heir.creation.ties[:2]))
    rules = [f.rule for f in evaluate_covenant(fewer).findings]
    assert "covenant.successor.ties" in rules


def test_the_scene_damage_of_a_contest_returns_at_scene_end():
    """ "Discipline spent on bids is considered scene damage" which is "Recharged into free
    discipline at the end of each scene"."""
    c = ok(begin_scene(ines()))
    c = ok(contest(c, Contest(BidKind.DEFEND, 25, 30, severity=DamageSeverity.SCENE)))
    assert discipline(c) == (275, 25, 0, 0)
    assert discipline(ok(end_scene(c))) == (300, 0, 0, 0)
