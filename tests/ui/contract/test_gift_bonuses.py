"""Gift Attribute bonuses in the dice panel and on the Gifts tab (issue 15, item 5)."""

from __future__ import annotations

from builder.contract.gifts.bonus import GiftBonus
from ui.contract.dice_panel import DicePanel, RollSheet

WOLF = GiftBonus("wolf", "Wolf Form", "brawn", 1, True, "Form")
BRUTE = GiftBonus("brute", "Brute Strength", "brawn", 3, True, "Brute Strength")
EYES = GiftBonus("eyes", "Owl Eyes", "perception", 2, False, "Owl Eyes")


def test_toggles_apply_the_highest_bonus_only(qtbot) -> None:
    panel = DicePanel()
    qtbot.addWidget(panel)
    sheet = RollSheet(
        attributes={"Brawn": 3, "Perception": 2},
        abilities={"Brawl": 2, "Alertness": 1},
        bonuses=(WOLF, BRUTE, EYES),
    )
    panel.set_sheet(sheet)
    assert not panel.bonus_box.isHidden()
    assert set(panel.bonus_box.toggles) == {"wolf", "brute"}
    assert panel.bonus_box.always[0].text() == "Owl Eyes: +2 Perception (always)"
    assert panel.bonus_box.toggles["wolf"].text() == "Wolf Form: +1 Brawn"
    assert panel.bonus_box.toggles["wolf"].toolTip().startswith(
        "Wolf Form: +1 die to Brawn (Form). Tick while"
    )
    panel.choose("Brawn", "Brawl")
    assert panel.pool_label.text().startswith("Brawn 3 + Brawl 2 = 5 dice")
    panel.bonus_box.set_active("wolf")
    assert panel.pool_label.text().startswith("Brawn 3 + Brawl 2 + Wolf Form 1 = 6 dice")
    panel.bonus_box.set_active("brute")
    # the rules' werewolf example: Brawn + Brawl + 3, never + 4
    assert panel.pool_label.text().startswith("Brawn 3 + Brawl 2 + Brute Strength 3 = 8 dice")
    panel.choose("Perception", "Alertness")
    assert panel.pool_label.text().startswith("Perception 2 + Alertness 1 + Owl Eyes 2 = 5 dice")
    panel.set_sheet(sheet)  # a refresh of the same contractor keeps the toggles
    assert panel.bonus_box.active() == frozenset({"wolf", "brute"})


def test_no_bonuses_no_section(qtbot) -> None:
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.set_sheet(RollSheet(attributes={"Brawn": 3}))
    assert panel.bonus_box.isHidden()
