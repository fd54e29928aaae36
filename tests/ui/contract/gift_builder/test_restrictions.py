"""Restrictions stay visible: a row that may not be taken is disabled, says why, and cannot
be checked ("Restrictions on Gifts"; SPEC §3 "each shown with its reason")."""

from __future__ import annotations

from builder.contract.gifts import GiftDraft, ModifierChoice
from tests.ui.contract.gift_builder.conftest import assert_live, click, won
from ui.contract.gift_builder import Step


def injure(dialog, *enhancements: str, drawbacks: tuple[str, ...] = ()) -> None:  # type: ignore[no-untyped-def]
    dialog.controller.load(
        GiftDraft(
            "power",
            "injure",
            "targeted",
            tuple(ModifierChoice(m) for m in enhancements),
            tuple(ModifierChoice(m) for m in drawbacks),
        ),
        "start",
    )


def test_a_seasoned_enhancement_cannot_be_checked_by_a_newbie(open_builder, qtbot) -> None:
    """Twin Strike needs Seasoned Status (10+ victories); Mara has won once."""
    dialog = open_builder(won(1))
    injure(dialog)
    row = dialog.customise_page.rows["twin_strike"]
    assert not row.check.isEnabled()
    assert "Not available: needs Seasoned Status" in row.check.toolTip()
    assert row.reason.text() == "Not available: needs Seasoned Status"
    assert not row.reason.isHidden()
    before = dialog.controller.draft
    click(qtbot, row.check)
    row.check.click()  # even a programmatic click does nothing on a disabled box
    assert not row.check.isChecked()
    assert dialog.controller.draft == before
    assert_live(dialog)


def test_the_same_enhancement_is_open_to_a_seasoned_contractor(open_builder, qtbot) -> None:
    dialog = open_builder(won(10))
    injure(dialog)
    row = dialog.customise_page.rows["twin_strike"]
    assert row.check.isEnabled()
    assert row.reason.isHidden()
    click(qtbot, row.check)
    assert dialog.controller.choice("twin_strike") == ModifierChoice("twin_strike")
    assert "Needs Seasoned Status" in dialog.results.status.text()
    assert "met ✓" in dialog.results.status.text()
    assert_live(dialog)


def test_a_drawback_that_excludes_a_checked_enhancement_is_disabled(open_builder, qtbot) -> None:
    """Point-Blank (only a lone target) cannot go with Blast (everyone near the target)."""
    dialog = open_builder(won(1))
    injure(dialog)
    rows = dialog.customise_page.rows
    assert rows["lone_target"].check.isEnabled()
    click(qtbot, rows["blast"].check)
    assert not rows["lone_target"].check.isEnabled()
    assert "excludes Blast" in rows["lone_target"].check.toolTip()
    assert rows["lone_target"].reason.text() == "Not available: excludes Blast"
    click(qtbot, rows["lone_target"].check)
    assert dialog.controller.choice("lone_target") is None
    # unchecking Blast frees it again
    click(qtbot, rows["blast"].check)
    assert rows["lone_target"].check.isEnabled()
    assert rows["lone_target"].reason.isHidden()
    assert_live(dialog)


def test_a_modifier_that_requires_another_says_so_until_it_is_taken(open_builder, qtbot) -> None:
    """Afflict's Virulent needs Contagious (and Seasoned Status)."""
    dialog = open_builder(won(10))
    dialog.controller.load(GiftDraft("power", "afflict", "targeted"), "start")
    rows = dialog.customise_page.rows
    assert not rows["virulent"].check.isEnabled()
    assert rows["virulent"].reason.text() == "Not available: requires Contagious"
    click(qtbot, rows["contagious"].check)
    assert rows["virulent"].check.isEnabled()
    click(qtbot, rows["virulent"].check)
    assert dialog.controller.choice("virulent") is not None
    # dropping Contagious leaves Virulent checked but flagged, and the Gift unsaveable
    click(qtbot, rows["contagious"].check)
    assert rows["virulent"].check.isChecked()
    assert rows["virulent"].reason.text() == "Virulent requires Contagious"
    assert "Virulent requires Contagious" in dialog.results.blocking.text()
    assert not dialog.save.isEnabled()
    assert_live(dialog)


def test_trap_only_rows_are_disabled_with_another_style(open_builder) -> None:
    dialog = open_builder(won(1))
    injure(dialog)
    row = dialog.customise_page.rows["trigger_touch"]
    assert not row.check.isEnabled()
    assert row.reason.text() == "Not available: only with the Trap Style"


def test_a_parameter_level_above_the_status_is_disabled_in_its_selector(open_builder) -> None:
    """Injure's 300 feet needs Seasoned; Weapon Damage 4 needs Professional."""
    dialog = open_builder(won(1))
    injure(dialog)
    rows = dialog.customise_page.parameter_rows
    combo = rows["range"].combo
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts == [
        "Touch  (−1)",
        "30 feet  (+0, default)",
        "100 feet  (+1)",
        "300 feet  (+2, needs Seasoned)",
    ]
    model = combo.model()
    assert [model.item(i).isEnabled() for i in range(combo.count())] == [True, True, True, False]
    assert model.item(3).toolTip() == "Not available: needs Seasoned Status"
    damage = rows["damage"].combo
    assert damage.itemText(3) == "4  (+2, needs Professional)"
    assert not damage.model().item(3).isEnabled()


def test_an_effect_above_the_status_stays_listed_but_cannot_be_used(open_builder, qtbot) -> None:
    """Intangibility is Veteran only (the rules' own example)."""
    dialog = open_builder(won(1))
    dialog.go(Step.EFFECT)
    page = dialog.effect_page
    page.select("intangibility")
    assert not page.items["intangibility"].isHidden()
    assert "Not available: needs Veteran Status" in page.items["intangibility"].toolTip(0)
    assert page.reason.text() == "Not available: needs Veteran Status"
    assert not page.use.isEnabled()
    page.tree.itemActivated.emit(page.items["intangibility"], 0)
    assert dialog.controller.draft.effect == ""


def test_an_effect_the_type_cannot_carry_is_cleared_when_the_type_changes(
    open_builder, qtbot
) -> None:
    """An Elixir is only ever a Consumable; making the Gift a Power clears the Effect."""
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("consumable_crafting", "elixir", "activated"), "start")
    dialog.go(Step.TYPE)
    note = dialog.type_page.notes["power"]
    assert "choosing it clears the Effect" in note.text()
    click(qtbot, dialog.type_page.buttons["power"])
    draft = dialog.controller.draft
    assert (draft.gift_type, draft.effect, draft.style) == ("power", "", "")
    assert "Cleared the Effect" in dialog.results.notice.text()
    assert dialog.results.gift_title.text() == "Power — still to choose: Effect, Activation Style"
    dialog.go(Step.EFFECT)
    assert "cannot be a Power" in dialog.effect_page.items["elixir"].toolTip(0)
    dialog.undo_action.trigger()
    assert dialog.controller.draft.effect == "elixir"
    assert_live(dialog)


def test_the_trigger_rule_shows_only_for_a_trap(open_builder, qtbot) -> None:
    dialog = open_builder(won(1))
    injure(dialog)
    note, styles = dialog.customise_page.group_notes["trigger"]
    assert styles == {"trap"}
    assert note.isHidden()
    dialog.go(Step.STYLE)
    click(qtbot, dialog.style_page.buttons["trap"])
    assert not note.isHidden()
    assert note.text().startswith("Trigger: choose at least 1 (with Trap)")
