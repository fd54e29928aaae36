"""Clicking through the Gift Builder: after every click the cost badge and the System Text
are exactly what builder computes for the same draft ("Building Custom Gifts")."""

from __future__ import annotations

from PySide6.QtCore import Qt

from builder.contract.gifts import GiftDraft, ModifierChoice, evaluate_gift
from tests.ui.contract.gift_builder.conftest import assert_live, click, won
from ui.contract.gift_builder import Step

INJURE_PLAIN = (
    "Spend an Action and Exert your Mind to make a supernatural attack against one target you "
    "can see within 30 feet. Roll Intellect + Occult at Difficulty 6 against the target's Dodge "
    "or Defense; the attack has Weapon Damage 2."
)


def choose_level(dialog, parameter: str, level: str) -> None:  # type: ignore[no-untyped-def]
    """Pick a Parameter level the way a player does: the combo box's activated signal."""
    combo = dialog.customise_page.parameter_rows[parameter].combo
    index = combo.findData(level)
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def test_building_an_injure_gift_from_scratch(open_builder, qtbot) -> None:  # noqa: PLR0915  (70 statements when the limits came in)
    """Mara has won once: a Newbie with one Gift Credit, building her first Gift."""
    dialog = open_builder(won(1))
    assert dialog.steps.currentIndex() == Step.START
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "1"
    assert (
        "Still to choose: Gift Type, Effect, Activation Style" in dialog.results.gift_title.text()
    )
    assert not dialog.save.isEnabled()

    # 1. Gift Type: a Power (+0)
    dialog.start_page.scratch.click()
    assert dialog.steps.currentIndex() == Step.TYPE
    click(qtbot, dialog.type_page.buttons["power"])
    assert dialog.controller.draft.gift_type == "power"
    assert_live(dialog)

    # 2. Effect: search by a word of the summary, Enter on the only match chooses it
    dialog.next.click()
    page = dialog.effect_page
    qtbot.keyClicks(page.search, "supernatural attack")
    assert page.matches() == ["injure"]
    qtbot.keyClick(page.search, Qt.Key.Key_Return)
    draft = dialog.controller.draft
    assert (draft.gift_type, draft.effect, draft.style) == ("power", "injure", "targeted")
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "1"
    assert dialog.results.breakdown.text() == "1 base = 1"
    assert dialog.results.system_text.text() == INJURE_PLAIN
    assert dialog.results.rewards.text() == "Saving spends 1 Gift Credit"
    assert "Needs Newbie Status" in dialog.results.status.text()
    assert "met ✓" in dialog.results.status.text()
    assert dialog.save.isEnabled()

    # 3. Style: Targeted stays; the Passive card is disabled with Injure's reason
    dialog.next.click()
    passive = dialog.style_page.buttons["passive"]
    assert not passive.isEnabled()
    assert passive.toolTip() == "Injure does not allow the Passive Style"
    assert dialog.style_page.buttons["targeted"].isChecked()

    # 4. Customise: Armor-Piercing +1 → 2
    dialog.next.click()
    rows = dialog.customise_page.rows
    click(qtbot, rows["armor_piercing"].check)
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "2"
    assert dialog.results.breakdown.text() == "1 base + 1 Armor-Piercing = 2"
    assert dialog.results.system_text.text() == (
        INJURE_PLAIN + " The attack ignores up to 2 points of Armor."
    )
    # a new Gift of cost 2 needs 2 Gift Credits; she has 1, so it cannot be saved
    assert "not enough unspent rewards" in dialog.results.rewards.text()
    assert not dialog.save.isEnabled()

    # Living Flesh Only −1 → 1
    click(qtbot, rows["living_only"].check)
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "1"

    # Range 100 feet is one step above 30 feet (+1), Weapon Damage 1 one below 2 (−1) → 1
    choose_level(dialog, "range", "far")
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "2"
    choose_level(dialog, "damage", "one")
    assert_live(dialog)
    assert dialog.results.breakdown.text() == (
        "1 base + 1 Armor-Piercing − 1 Living Flesh Only + 1 Range: 100 feet "
        "− 1 Weapon Damage: 1 = 1"
    )
    assert dialog.results.system_text.text() == (
        "Spend an Action and Exert your Mind to make a supernatural attack against one target "
        "you can see within 100 feet. Roll Intellect + Occult at Difficulty 6 against the "
        "target's Dodge or Defense; the attack has Weapon Damage 1. The attack ignores up to 2 "
        "points of Armor and harms only living creatures, leaving objects, machines and the "
        "dead untouched."
    )

    # Back to Style: a Trap (−1) keeps every choice (all fit the Trap) but needs a Trigger
    dialog.go(Step.STYLE)
    click(qtbot, dialog.style_page.buttons["trap"])
    assert dialog.controller.draft.enhancements == (ModifierChoice("armor_piercing"),)
    assert dialog.controller.state.notice == ""
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "0"
    assert "choose at least 1 from Trigger" in dialog.results.blocking.text()
    assert not dialog.save.isEnabled()
    dialog.go(Step.CUSTOMISE)
    click(qtbot, rows["trigger_touch"].check)
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "1"
    assert "springs when something touches the trapped spot or object" in (
        dialog.results.system_text.text()
    )
    assert dialog.save.isEnabled()

    # 5. Name: each keystroke re-evaluates; the System Text heading follows the name
    dialog.go(Step.FLAVOR)
    qtbot.keyClicks(dialog.flavor_page.name, "Cinder Snare")
    assert dialog.controller.draft.name == "Cinder Snare"
    assert dialog.results.system_title.text() == "System Text of Cinder Snare"
    assert_live(dialog)


def test_detail_text_and_counts_reach_the_system_text(open_builder, qtbot) -> None:
    """Focus Item takes the player's words; Suggestion's Chorus may be taken twice, +1 each."""
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    rows = dialog.customise_page.rows
    detail = rows["focus_item"].detail
    assert detail is not None and not detail.isEnabled()
    click(qtbot, rows["focus_item"].check)
    assert detail.isEnabled()
    assert "needs its detail text (Focus item)" in dialog.results.warnings.text()
    qtbot.keyClicks(detail, "a brass lighter")
    assert dialog.controller.choice("focus_item") == ModifierChoice("focus_item", "a brass lighter")
    assert_live(dialog)
    assert "The Gift works only while you hold or wear a brass lighter." in (
        dialog.results.system_text.text()
    )
    assert dialog.results.warnings.isHidden()

    dialog.controller.load(GiftDraft("power", "suggestion", "targeted"), "suggestion")
    row = dialog.customise_page.rows["extra_listener"]
    assert row.count is not None and not row.count.isEnabled()
    click(qtbot, row.check)
    assert_live(dialog)
    assert dialog.results.breakdown.text() == "1 base + 1 Chorus = 2"
    row.count.setValue(2)
    assert dialog.controller.choice("extra_listener") == ModifierChoice("extra_listener", count=2)
    assert_live(dialog)
    assert dialog.results.breakdown.text() == "1 base + 2 Chorus ×2 = 3"


def test_a_stock_gift_above_a_newbie_names_the_newbie_status(open_builder) -> None:
    """Ghost Step needs Veteran; a Newbie (0 victories, Status 0) is named as one (issue 33)."""
    dialog = open_builder(won(0))
    dialog.start_page.select("stock:ghost_step")
    assert dialog.start_page.cost.text().endswith(
        "needs Veteran Status (the contractor is Newbie: customise it down)"
    )


def test_starting_from_a_stock_gift(open_builder, qtbot, catalog) -> None:
    """Ember Lance, a stock Injure at Gift Cost 1, loaded and then customised."""
    dialog = open_builder(won(1))
    start = dialog.start_page
    assert "stock:ember_lance" in start.listed()
    start.select("stock:ember_lance")
    assert start.name.text() == "Ember Lance"
    assert start.cost.text() == "Gift Cost 1 · needs Newbie Status"
    assert (
        start.system.text()
        == evaluate_gift(catalog.stock["ember_lance"].draft, catalog).system_text
    )
    qtbot.mouseClick(start.use, Qt.MouseButton.LeftButton)
    assert dialog.controller.draft == catalog.stock["ember_lance"].draft
    assert dialog.steps.currentIndex() == Step.CUSTOMISE
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "1"
    rows = dialog.customise_page.rows
    assert rows["armor_piercing"].check.isChecked()
    assert rows["focus_item"].detail.text() == "a brass lighter with a dented lid"  # type: ignore[union-attr]
    assert dialog.flavor_page.name.text() == "Ember Lance"

    click(qtbot, rows["backlash"].check)
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "0"
    assert "Gift Cost is 0" in dialog.results.blocking.text()
    click(qtbot, rows["armor_piercing"].check)
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "-1"
    click(qtbot, rows["unerring"].check)
    assert_live(dialog)
    click(qtbot, rows["armor_piercing"].check)
    assert_live(dialog)
    assert dialog.results.breakdown.text() == (
        "1 base + 1 Unerring + 1 Armor-Piercing − 1 Focus Item − 1 Backlash = 1"
    )


def test_going_back_to_another_effect_keeps_what_fits(open_builder, qtbot) -> None:
    """Injure → Afflict: the general Focus Item stays, Injure's Armor-Piercing goes (with why)."""
    dialog = open_builder(won(1))
    dialog.controller.load(
        GiftDraft(
            "power",
            "injure",
            "targeted",
            enhancements=(ModifierChoice("armor_piercing"),),
            drawbacks=(ModifierChoice("focus_item", "a bone flute"),),
            parameters={"range": "far"},
        ),
        "start",
    )
    dialog.go(Step.EFFECT)
    dialog.effect_page.select("afflict")
    qtbot.mouseClick(dialog.effect_page.use, Qt.MouseButton.LeftButton)
    draft = dialog.controller.draft
    assert draft.effect == "afflict"
    assert draft.style == "targeted"
    assert draft.enhancements == ()
    assert draft.drawbacks == (ModifierChoice("focus_item", "a bone flute"),)
    # both Effects have a Range with a "far" level, so the level is kept too
    assert dict(draft.parameters) == {"range": "far"}
    notice = dialog.results.notice.text()
    assert "'armor_piercing' is not a modifier of Afflict" in notice
    assert not dialog.results.notice.isHidden()
    assert_live(dialog)
    assert "Contagious" in [r.modifier.name for r in dialog.customise_page.rows.values()]

    dialog.undo_action.trigger()
    assert dialog.controller.draft.effect == "injure"
    assert dialog.controller.draft.enhancements == (ModifierChoice("armor_piercing"),)
    assert dialog.results.notice.isHidden()
    assert_live(dialog)


def test_a_consumable_cannot_be_passive_so_the_style_moves(open_builder, qtbot) -> None:
    """Heal as a Passive Power, then Consumable Crafting: the Type allows no Passive Style."""
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "heal", "passive"), "start")
    dialog.go(Step.TYPE)
    note = dialog.type_page.notes["consumable_crafting"]
    assert not note.isHidden()
    assert "cannot use the Passive Style" in note.text()
    click(qtbot, dialog.type_page.buttons["consumable_crafting"])
    draft = dialog.controller.draft
    assert draft.gift_type == "consumable_crafting"
    assert draft.style == "targeted"
    assert "Style changed to Targeted" in dialog.results.notice.text()
    assert_live(dialog)
    dialog.go(Step.STYLE)
    passive = dialog.style_page.buttons["passive"]
    assert not passive.isEnabled()
    assert "a Consumable Crafting Gift cannot use it" in passive.toolTip()


def test_a_trap_drops_what_only_an_activated_or_targeted_gift_can_take(open_builder, qtbot) -> None:
    """Quick (a Quick Action instead of an Action) has no meaning for a Trap: it goes, with why."""
    dialog = open_builder(won(1))
    dialog.controller.load(
        GiftDraft(
            "power", "injure", "targeted", (ModifierChoice("quick"), ModifierChoice("blast"))
        ),
        "start",
    )
    assert dialog.results.cost_badge.text() == "3"
    dialog.go(Step.STYLE)
    click(qtbot, dialog.style_page.buttons["trap"])
    assert dialog.controller.draft.enhancements == (ModifierChoice("blast"),)
    notice = dialog.results.notice.text()
    assert notice.startswith("Dropped what no longer fits: Quick cannot be chosen")
    assert notice.endswith("Ctrl+Z brings it back.")
    assert_live(dialog)
    # 1 base − 1 Trap + 1 Blast = 1, but a Trap still needs its Trigger
    assert dialog.results.breakdown.text() == "1 base − 1 Injure as Trap + 1 Blast = 1"
    assert not dialog.save.isEnabled()
    dialog.undo_action.trigger()
    assert dialog.controller.draft.style == "targeted"
    assert dialog.controller.choice("quick") is not None


def test_a_detail_field_is_limited_and_shows_its_sentence(open_builder, qtbot) -> None:
    """Issue 15, item 3: at most 120 characters, and the sentence it fills is shown."""
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    row = dialog.customise_page.rows["focus_item"]
    assert row.detail is not None and row.detail.maxLength() == 120
    assert row.detail.toolTip() == ""
    click(qtbot, row.check)
    assert row.detail.toolTip() == (
        "Your words fill the blank: The Gift works only while you hold or wear ___."
    )
    qtbot.keyClicks(row.detail, "a wand! {x}")
    assert "The Gift works only while you hold or wear a wand x." in (
        dialog.results.system_text.text()
    )
    assert "the detail text was changed to fit its sentence" in dialog.results.warnings.text()


def test_the_roll_picker_reaches_the_system_text(open_builder, qtbot) -> None:
    """Issue 15, item 1: Injure lets the player choose the Attribute + Ability it rolls."""
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    row = dialog.customise_page.choice_rows["roll"]
    attribute, ability = row.boxes
    assert attribute.currentText() == "Intellect (default)"
    assert ability.currentText() == "Occult (default)"
    attribute.setCurrentIndex(attribute.findData("dexterity"))
    attribute.activated.emit(attribute.currentIndex())
    assert dialog.controller.draft.choices == {"roll": "dexterity+occult"}
    ability.setCurrentIndex(ability.findData("athletics"))
    ability.activated.emit(ability.currentIndex())
    assert dialog.controller.draft.choices == {"roll": "dexterity+athletics"}
    assert "Roll Dexterity + Athletics at Difficulty 6" in dialog.results.system_text.text()
    assert dialog.undo_action.text() == "&Undo Attack roll: Dexterity + Athletics"
    dialog.undo_action.trigger()
    assert dialog.controller.draft.choices == {"roll": "dexterity+occult"}
    assert ability.currentText() == "Occult (default)"
    dialog.controller.choose_effect("afflict")
    assert dialog.controller.draft.choices == {}
    assert dialog.customise_page.choice_rows["roll"].boxes[0].count() == 4


def test_each_instance_gets_its_own_detail_field(open_builder, qtbot) -> None:
    """Issue 15, item 2: Trigger: Condition taken twice has two Condition fields, joined by or."""
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "injure", "trap"), "start")
    row = dialog.customise_page.rows["trigger_condition"]
    assert len(row.instances) == 2 and all(f.isHidden() for f in row.instances)
    click(qtbot, row.check)
    assert row.detail is not None
    qtbot.keyClicks(row.detail, "a door opens")
    assert row.count is not None
    row.count.setValue(2)
    assert not row.instances[0].isHidden() and row.instances[1].isHidden()
    qtbot.keyClicks(row.instances[0], "a bell rings")
    assert dialog.controller.choice("trigger_condition") == ModifierChoice(
        "trigger_condition", details=("a door opens", "a bell rings")
    )
    assert "springs when a door opens or a bell rings." in dialog.results.system_text.text()
    row.count.setValue(1)
    assert dialog.controller.choice("trigger_condition") == ModifierChoice(
        "trigger_condition", "a door opens"
    )
    assert row.instances[0].isHidden()


def test_game_terms_in_the_system_text_have_hover_help(open_builder) -> None:
    """Issue 15, item 4: the term under the mouse is explained from the glossary."""
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    view = dialog.results.system_text
    text = view.text()
    exert = text.index("Exert")
    hit = view.term_at(exert + 2)
    assert hit is not None and hit.term.id == "exert" and hit.text == "Exert"
    assert view.term_at(text.index("supernatural")) is None
