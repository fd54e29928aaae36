"""The roll a Gift's System Text names (issue 33, item 5: roll a Gift from the sheet)."""

from __future__ import annotations

from builder.contract.gifts.roll_text import GiftRoll, gift_roll


def test_the_gifts_own_roll_is_found_and_an_opponents_is_not() -> None:
    # Ember Lance (resources/examples/seasoned-ines-varga.json).
    text = (
        "Spend an Action and Exert your Mind to make a supernatural attack against one "
        "target you can see within 100 feet. Roll Intellect + Occult at Difficulty 6 "
        "against the target's Dodge or Defense; the attack has Weapon Damage 2."
    )
    assert gift_roll(text) == GiftRoll("Intellect", "Occult", 6)
    contested = (
        "When someone within 30 feet tells a lie you can hear, roll Perception + Alertness "
        "at Difficulty 7, contested by the liar's Charisma + Influence."
    )
    assert gift_roll(contested) == GiftRoll("Perception", "Alertness", 7)


def test_the_rules_own_phrasing_and_no_roll() -> None:
    # the-contract-rules.txt 454: "you would normally roll Intellect + Medicine (Difficulty 6)".
    assert gift_roll("you would normally roll Intellect + Medicine (Difficulty 6).") == (
        GiftRoll("Intellect", "Medicine", 6)
    )
    assert gift_roll("Spend an Action to heal one Injury by 1.") is None
    assert gift_roll("the liar's Charisma + Influence at Difficulty 6") is None  # not "roll"
    assert gift_roll("Roll Luck + Occult at Difficulty 6") is None  # no such Attribute
