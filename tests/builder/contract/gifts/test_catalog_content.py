"""The shipped Gift catalog's content (issue 15, item 9).

The rules text says there are "over 90 unique Effects" and that "many"
Enhancements and Drawbacks "are unique to a given Effect" ("Effects",
"Enhancements and Drawbacks"). These tests hold the shipped catalog to that:
at least 90 Effects, each with at least three Enhancements and two Drawbacks of
its own, at least 80 stock Gifts that are all legal, unique ids, Status names
that exist, and exact Gift Costs worked by hand from the "Gift Cost" rules.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from builder.contract.gifts import GiftDraft, ModifierChoice, default_catalog, evaluate_gift
from builder.contract.gifts.catalog import ModifierKind
from builder.contract.status import Status

CATALOG = default_catalog()
EFFECTS = list(CATALOG.effects.values())
STOCK = list(CATALOG.stock.values())
FOLDER = Path(__file__).resolve().parents[4] / "resources" / "gifts"
EFFECT_FILES = sorted((FOLDER / "effects").glob("*.toml"))
STOCK_FILES = sorted((FOLDER / "stock").glob("*.toml"))

#: Effects the rules text names itself ("Effects", "Restrictions on Gifts").
RULES_NAMED = {"injure", "afflict", "obscure", "hack", "intangibility"}


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _own(effect, kind: ModifierKind) -> list[str]:
    return [m.id for m in effect.modifiers.values() if m.kind is kind and not m.general]


# ---------------------------------------------------------------- counts


def test_the_catalog_has_at_least_ninety_effects_over_many_categories() -> None:
    assert len(EFFECTS) >= 90
    per_category = Counter(e.category for e in EFFECTS)
    assert len(per_category) >= 12
    assert min(per_category.values()) >= 2, per_category


@pytest.mark.parametrize("effect", EFFECTS, ids=[e.id for e in EFFECTS])
def test_every_effect_has_three_enhancements_and_two_drawbacks_of_its_own(effect) -> None:
    assert len(_own(effect, ModifierKind.ENHANCEMENT)) >= 3, effect.id
    assert len(_own(effect, ModifierKind.DRAWBACK)) >= 2, effect.id


def test_there_are_at_least_eighty_stock_gifts_covering_every_effect() -> None:
    assert len(STOCK) >= 80
    assert {g.draft.effect for g in STOCK} == set(CATALOG.effects)


@pytest.mark.parametrize("gift", STOCK, ids=[g.id for g in STOCK])
def test_every_stock_gift_is_legal_and_costs_its_breakdown(gift) -> None:
    result = evaluate_gift(gift.draft, CATALOG, status=gift.status)
    assert result.errors == ()
    assert result.cost == sum(line.amount for line in result.breakdown) == gift.cost
    assert result.required_status == gift.status


# ---------------------------------------------------------------- ids and Statuses


def test_every_effect_and_stock_gift_id_is_unique_across_files() -> None:
    effect_ids = [eid for p in EFFECT_FILES for eid in _load(p).get("effects", {})]
    stock_ids = [gid for p in STOCK_FILES for gid in _load(p).get("gifts", {})]
    assert [i for i, n in Counter(effect_ids).items() if n > 1] == []
    assert [i for i, n in Counter(stock_ids).items() if n > 1] == []
    assert len(effect_ids) == len(CATALOG.effects)
    assert len(stock_ids) == len(CATALOG.stock)


def test_no_effect_modifier_reuses_a_general_modifier_id() -> None:
    general = set(CATALOG.general)
    for effect in EFFECTS:
        own = [m.id for m in effect.modifiers.values() if not m.general]
        assert not general & set(own), effect.id
        assert len(own) == len(set(own)), effect.id


def _statuses(node: Any, where: str) -> list[tuple[str, str]]:
    """Every ``status`` value anywhere in a TOML document, with where it sits."""
    found: list[tuple[str, str]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "status" and isinstance(value, str):
                found.append((where, value))
            else:
                found.extend(_statuses(value, f"{where}.{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_statuses(value, f"{where}[{i}]"))
    return found


def test_every_status_restriction_names_a_real_status() -> None:
    """Statuses are the five of "Contractor Status": Newbie to Veteran."""
    real = {s.name.lower() for s in Status}
    assert real == {"newbie", "novice", "seasoned", "professional", "veteran"}
    files = [*EFFECT_FILES, *STOCK_FILES, FOLDER / "general.toml", FOLDER / "core.toml"]
    seen = 0
    for path in files:
        for where, value in _statuses(_load(path), path.name):
            assert value.lower() in real, (where, value)
            seen += 1
    assert seen > 200


def test_intangibility_keeps_the_veteran_status_the_rules_give_it() -> None:
    assert CATALOG.effects["intangibility"].status is Status.VETERAN


# ---------------------------------------------------------------- design and wording


def test_every_effect_says_whether_the_rules_name_it_or_harbinger_designed_it() -> None:
    assert {e.design for e in EFFECTS} == {"rules", "harbinger"}
    assert {e.id for e in EFFECTS if e.design == "rules"} == RULES_NAMED


_NON_CHARISMA_ROLL = re.compile(r"\broll (your )?(Brawn|Dexterity|Perception|Intellect)\b", re.I)


@pytest.mark.parametrize(
    "effect",
    [e for e in EFFECTS if e.category == "social"],
    ids=[e.id for e in EFFECTS if e.category == "social"],
)
def test_social_effects_roll_charisma(effect) -> None:
    """Rules, Charisma: Gifts that are social in any way must use Charisma in their rolls."""
    for choice in effect.choices.values():
        if choice.kind == "roll":
            assert choice.attributes == ("charisma",), effect.id
    for style in effect.styles:
        for gift_type in ("power",):
            result = evaluate_gift(GiftDraft(gift_type, effect.id, style), CATALOG)
            assert not _NON_CHARISMA_ROLL.search(result.system_text), result.system_text


def test_artifact_is_always_capitalised_in_core_text() -> None:
    """The rules text writes Artifact as a game term; core.toml's wording does the same."""
    core = _load(FOLDER / "core.toml")
    texts: list[str] = []

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, str) and key != "crafts":
            texts.append(node)

    walk(core)
    lower = [t for t in texts if re.search(r"\bartifacts?\b", t)]
    assert lower == []
    assert sum("Artifact" in t for t in texts) >= 5


# ---------------------------------------------------------------- hand-worked Gift Costs
#
# "Gift Cost": 1 to start; each Enhancement +1, each Drawback −1, each Parameter
# level above its default +1 (below −1), plus the Style's adjustment. Gift Types
# cost nothing extra (core.toml).


def _gift(gift_type: str, effect: str, style: str, enh=(), drw=(), params=None) -> Any:
    draft = GiftDraft(
        gift_type,
        effect,
        style,
        enhancements=tuple(ModifierChoice(i) for i in enh),
        drawbacks=tuple(ModifierChoice(i) for i in drw),
        parameters=params or {},
    )
    return evaluate_gift(draft, CATALOG)


def test_mind_lash_worked_by_hand() -> None:
    # 1 base + 0 Power + 0 Targeted
    # + 1 Range 100 feet (one above 30 feet) + 1 Mind damage 2 points (one above 1 point)
    # + 1 Lingering Dread − 1 Feedback − 1 Eye Contact = 2.
    # 2 points of Mind damage is a Novice level, so the Gift needs Novice.
    result = _gift(
        "power",
        "mind_lash",
        "targeted",
        enh=["lingering_dread"],
        drw=["feedback", "eye_contact"],
        params={"range": "far", "damage": "two"},
    )
    assert result.errors == ()
    assert result.cost == 2
    assert result.required_status is Status.NOVICE
    assert result.system_text == (
        "Spend an Action and Exert your Mind to lash at the mind of one creature that is looking"
        " you in the eyes within 100 feet. Roll Intellect + Occult at Difficulty 6, contested by"
        " the target's Mind roll. If your Contested Outcome is 1 or more, the target takes"
        " 2 points of Mind damage. A creature the lash harms makes every roll at +1 Difficulty"
        " until the end of its next turn. If your roll's Outcome is below 0, you take the Mind"
        " damage yourself."
    )


def test_entangle_trap_consumable_worked_by_hand() -> None:
    # 1 base + 0 Consumable Crafting − 1 Trap + 1 Trigger: Touch + 1 Crushing
    # + 1 Hold Difficulty 8 (one above 7) − 1 Duration 3 Rounds (one below a minute) = 2.
    # Difficulty 8 needs Seasoned, above Crushing's Novice.
    result = _gift(
        "consumable_crafting",
        "entangle",
        "trap",
        enh=["trigger_touch", "crushing"],
        params={"hold": "eight", "duration": "rounds"},
    )
    assert result.errors == ()
    assert result.cost == 2
    assert result.required_status is Status.SEASONED


def test_deathless_worked_by_hand() -> None:
    # 1 base + 0 Passive + 1 Twice per Contract + 1 Guardian Angel − 1 Price of Return
    # − 1 Bane = 1. The Effect needs Seasoned; twice per Contract and Guardian Angel
    # need Professional.
    draft = GiftDraft(
        "power",
        "deathless",
        "passive",
        enhancements=(ModifierChoice("guardian"),),
        drawbacks=(ModifierChoice("price"), ModifierChoice("bane", "fire")),
        parameters={"uses": "twice"},
    )
    result = evaluate_gift(draft, CATALOG)
    assert result.errors == ()
    assert result.cost == 1
    assert result.required_status is Status.PROFESSIONAL


def test_natural_weapons_passive_worked_by_hand() -> None:
    # 1 base + 1 Passive + 2 Weapon Damage 3 (two above 1) + 1 Rending
    # − 1 Always Out − 1 Clumsy Hands = 3; Weapon Damage 3 needs Seasoned.
    result = _gift(
        "power",
        "natural_weapons",
        "passive",
        enh=["rending"],
        drw=["always_out", "clumsy"],
        params={"damage": "three"},
    )
    assert result.errors == ()
    assert result.cost == 3
    assert result.required_status is Status.SEASONED


def test_second_chance_worked_by_hand() -> None:
    # 1 base + 0 Passive + 1 once per scene + 1 keep the better roll − 1 Cost of Luck
    # − 1 Not for Gifts = 1; both Parameter levels need Seasoned.
    result = _gift(
        "legendary_artifact",
        "second_chance",
        "passive",
        drw=["cost", "not_gifts"],
        params={"period": "scene", "keep": "better"},
    )
    assert result.errors == ()
    assert result.cost == 1
    assert result.required_status is Status.SEASONED


def test_bomb_is_only_a_consumable() -> None:
    # 1 base + 0 Consumable Crafting + 0 Targeted + 1 Radius 10 feet + 1 Incendiary
    # − 1 Unstable − 1 Weapon Damage 0 (one below 1) = 1; 10 feet needs Novice.
    ok = _gift(
        "consumable_crafting",
        "bomb",
        "targeted",
        enh=["incendiary"],
        drw=["unstable"],
        params={"radius": "ten", "damage": "zero"},
    )
    assert ok.errors == ()
    assert ok.cost == 1
    assert ok.required_status is Status.NOVICE
    refused = _gift("power", "bomb", "targeted")
    assert [e.rule for e in refused.errors] == ["gift.type_not_allowed"]


def test_catalog_list_json_shows_each_effects_design() -> None:
    """``harbinger catalog list --json`` carries the new ``design`` field."""
    from harbinger.commands.catalog import catalog_json

    effects = {e["id"]: e for e in catalog_json(CATALOG)["effects"]}
    assert len(effects) == len(EFFECTS)
    assert effects["injure"]["design"] == "rules"
    assert effects["mind_lash"]["design"] == "harbinger"
