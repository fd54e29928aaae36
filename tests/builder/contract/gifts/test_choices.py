"""Player-chosen rolls and weapons (issue 15, item 1)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from builder.contract.gifts import (
    CatalogError,
    GiftDraft,
    default_catalog,
    draft_from_json,
    draft_to_json,
    evaluate_gift,
    load_catalog,
)

CATALOG = default_catalog()


def test_the_catalog_says_which_effects_let_the_player_choose_the_roll() -> None:
    roll = CATALOG.effects["afflict"].choices["roll"]
    assert (roll.kind, roll.slot) == ("roll", "roll")
    assert roll.attributes == ("perception", "charisma", "intellect")
    assert len(roll.abilities) == 19
    assert CATALOG.effects["injure"].choices["roll"].attributes[:2] == ("brawn", "dexterity")


def test_the_system_text_shows_the_chosen_roll_and_the_cost_is_unchanged() -> None:
    plain = evaluate_gift(GiftDraft("power", "injure", "targeted"), CATALOG)
    chosen = evaluate_gift(
        GiftDraft("power", "injure", "targeted", choices={"roll": "dexterity+athletics"}),
        CATALOG,
    )
    assert "Roll Intellect + Occult at Difficulty 6" in plain.system_text
    assert "Roll Dexterity + Athletics at Difficulty 6" in chosen.system_text
    assert chosen.errors == () and chosen.cost == plain.cost == 1


@pytest.mark.parametrize(
    ("choices", "rule", "text"),
    [
        (
            {"roll": "brawn+athletics"},
            "gift.choice_not_allowed",
            "Affliction roll: 'brawn+athletics'",
        ),
        ({"roll": "charisma+juggling"}, "gift.choice_not_allowed", "is not allowed; choose"),
        ({"weapon": "knife"}, "gift.unknown_choice", "this Effect has no choice 'weapon'"),
    ],
)
def test_a_pick_the_effect_does_not_allow_is_an_error(choices, rule, text) -> None:
    result = evaluate_gift(GiftDraft("power", "afflict", "targeted", choices=choices), CATALOG)
    assert [e.rule for e in result.errors] == [rule]
    assert text in result.errors[0].message
    assert not result.saveable


def test_choices_round_trip_through_draft_json() -> None:
    draft = GiftDraft("power", "injure", "trap", choices={"roll": "perception+firearms"})
    doc = draft_to_json(draft)
    assert doc["choices"] == {"roll": "perception+firearms"}
    assert draft_from_json(json.loads(json.dumps(doc))) == draft


WEAPON_EFFECT = """
    category = "weird"
    category_name = "Weird"

    [effects.blade_call]
    name = "Blade Call"
    summary = "Your weapon comes back to your hand."
    prompt = "What pulls it back?"
    template = ["{activation} to call {weapon} back to your hand from within 30 feet."]
    slots = { weapon = "your weapon" }

    [effects.blade_call.styles.activated]
    cost = 0

    [effects.blade_call.choices.weapon]
    name = "Weapon"
    kind = "weapon"
    slot = "weapon"
    options = [
      { id = "knife", name = "Knife", text = "your knife" },
      { id = "axe", name = "Hatchet", text = "your hatchet" },
    ]
"""


def _house(tmp_path: Path, text: str) -> Path:
    house = tmp_path / "house"
    (house / "effects").mkdir(parents=True)
    (house / "catalog.toml").write_text('name = "Blades"\n', encoding="utf-8")
    (house / "effects" / "weird.toml").write_text(textwrap.dedent(text), encoding="utf-8")
    return house


def test_a_weapon_choice_names_the_weapon(tmp_path: Path) -> None:
    catalog = load_catalog([_house(tmp_path, WEAPON_EFFECT)])
    draft = GiftDraft("power", "blade_call", "activated", choices={"weapon": "axe"})
    result = evaluate_gift(draft, catalog)
    assert result.system_text == (
        "Spend an Action and Exert your Mind to call your hatchet back to your hand "
        "from within 30 feet."
    )


def test_broken_choices_are_refused_with_where(tmp_path: Path) -> None:
    broken = WEAPON_EFFECT.replace('slot = "weapon"\n    options', 'slot = "blade"\n    options')
    with pytest.raises(CatalogError) as info:
        load_catalog([_house(tmp_path, broken)])
    assert any(
        "effects.blade_call.choices.weapon" in str(p) and "'slot' must name a slot" in str(p)
        for p in info.value.problems
    )
