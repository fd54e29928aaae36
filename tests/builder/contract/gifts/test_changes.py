"""The change list of a Gift revision (issue 15, item 7): exact words for each kind of change."""

from __future__ import annotations

import pytest

from builder.contract.gifts import Catalog, GiftDraft, ModifierChoice, default_catalog
from builder.contract.gifts.changes import NOTE_LIMIT, change_note, describe_changes


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


BASE = GiftDraft("power", "injure", "targeted", name="Ember Lance")


def test_equal_drafts_have_no_changes(catalog: Catalog) -> None:
    assert describe_changes(BASE, BASE, catalog) == ()
    assert change_note(BASE, BASE, catalog) == ""


def test_parameters_choices_and_modifiers_in_reading_order(catalog: Catalog) -> None:
    after = GiftDraft(
        "power",
        "injure",
        "targeted",
        name="Ember Lance",
        parameters={"range": "far", "damage": "three"},
        enhancements=(ModifierChoice("armor_piercing"),),
        drawbacks=(ModifierChoice("focus_item", detail="a brass lighter"),),
        choices={"roll": "dexterity+athletics"},
    )
    assert change_note(BASE, after, catalog) == (
        "Range 30 feet → 100 feet; Weapon Damage 2 → 3; "
        "Attack roll not chosen → Dexterity + Athletics; "
        "added Enhancement: Armor-Piercing; added Drawback: Focus Item (a brass lighter)"
    )


def test_removed_counted_and_detail_changes(catalog: Catalog) -> None:
    before = GiftDraft(
        "power",
        "injure",
        "trap",
        name="Ember Lance",
        enhancements=(
            ModifierChoice("armor_piercing"),
            ModifierChoice("trigger_condition", details=("a door opens",)),
        ),
        drawbacks=(ModifierChoice("focus_item", detail="a brass lighter"),),
    )
    after = GiftDraft(
        "power",
        "injure",
        "trap",
        name="Cinder Snare",
        enhancements=(
            ModifierChoice("trigger_condition", details=("a door opens", "a bell rings")),
        ),
        drawbacks=(ModifierChoice("focus_item", detail="a tin whistle"),),
        description="Now with smoke.",
    )
    assert describe_changes(before, after, catalog) == (
        "renamed Ember Lance → Cinder Snare",
        "Enhancement: Trigger: Condition ×1 → ×2",
        "Trigger: Condition detail “a door opens” → “a door opens; a bell rings”",
        "removed Enhancement: Armor-Piercing",
        "Focus Item detail “a brass lighter” → “a tin whistle”",
        "Description rewritten",
    )


def test_type_effect_and_style_by_name(catalog: Catalog) -> None:
    after = GiftDraft("legendary_artifact", "injure", "activated", name="Ember Lance")
    assert change_note(BASE, after, catalog) == (
        "Gift Type Power → Legendary Artifact; Style Targeted → Activated"
    )


def test_a_new_gift_is_noted_by_what_it_was_built_from(catalog: Catalog) -> None:
    assert change_note(None, BASE, catalog) == "built as Power · Injure · Targeted"


def test_a_long_change_list_is_cut_after_a_whole_change(catalog: Catalog) -> None:
    many = tuple(
        ModifierChoice(mid)
        for mid in ("armor_piercing", "unerring", "blast", "twin_strike", "lingering")
    )
    before = GiftDraft("power", "injure", "targeted", name="x" * 280)
    after = GiftDraft("power", "injure", "targeted", name="y" * 280, enhancements=many)
    note = change_note(before, after, catalog)
    assert len(note) <= NOTE_LIMIT
    assert note.endswith(" more")
    assert note.startswith("renamed ")
