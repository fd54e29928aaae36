"""Catalog loading: every problem reported with its file, entry and what is wrong (SPEC §3
"validated at load with errors that name the file and entry"), house-rule catalogs, caching."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from builder.contract.gifts import (
    CatalogError,
    GiftDraft,
    ModifierChoice,
    check_catalog_dir,
    default_catalog,
    evaluate_gift,
    load_catalog,
)
from builder.contract.gifts.loader import shipped_catalog_dir
from builder.contract.status import Status


@pytest.fixture
def catalog_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped catalog to break."""
    target = tmp_path / "gifts"
    shutil.copytree(shipped_catalog_dir(), target, ignore=shutil.ignore_patterns("*.py", "*.md"))
    return target


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _problems(base: Path, house: list[Path] | None = None) -> list[str]:
    with pytest.raises(CatalogError) as info:
        load_catalog(house or [], base_dir=base)
    return [str(p) for p in info.value.problems]


MINIMAL_EFFECT = """
    category = "weird"
    category_name = "Weird"

    [effects.zap]
    name = "Zap"
    summary = "A small shock."
    prompt = "What does it look like?"
    template = ["{activation} to zap one target within {range}.", "The zap {traits}."]
    slots = { traits = "" }

    [effects.zap.styles.targeted]
    cost = 0

    [effects.zap.parameters.range]
    name = "Range"
    slot = "range"
    default = "near"
    levels = [
      { id = "touch", name = "Touch", text = "arm's reach" },
      { id = "near", name = "30 feet", text = "30 feet" },
    ]

    [effects.zap.enhancements.loud]
    name = "Loud"
    rules = "It bangs."
    slot = "traits"
    join = "and"
    text = "bangs like a firework"
"""


def test_shipped_catalog_is_valid(tmp_path: Path) -> None:
    catalog = load_catalog()
    assert len(catalog.effects) >= 12
    assert len(catalog.categories) >= 4
    assert set(catalog.gift_types) == {
        "power",
        "legendary_artifact",
        "artifact_crafting",
        "consumable_crafting",
    }
    assert set(catalog.styles) == {"activated", "targeted", "trap", "passive"}
    # a house-rule catalog with only its name is valid on top of it
    _write(tmp_path / "empty" / "catalog.toml", 'name = "Empty"\n')
    assert check_catalog_dir(tmp_path / "empty") == []


def test_default_catalog_is_loaded_once() -> None:
    assert default_catalog() is default_catalog()


def test_a_good_new_effect_file_loads(catalog_copy: Path) -> None:
    _write(catalog_copy / "effects" / "weird.toml", MINIMAL_EFFECT)
    catalog = load_catalog(base_dir=catalog_copy)
    result = evaluate_gift(
        GiftDraft("power", "zap", "targeted", (ModifierChoice("loud"),)), catalog
    )
    assert result.system_text == (
        "Spend an Action and Exert your Mind to zap one target within 30 feet. "
        "The zap bangs like a firework."
    )
    assert result.cost == 2


def test_toml_syntax_error_names_file_and_line(catalog_copy: Path) -> None:
    _write(catalog_copy / "effects" / "weird.toml", 'category = "weird"\n[effects.zap\nname = 1\n')
    problems = _problems(catalog_copy)
    assert len(problems) == 1
    assert problems[0].startswith("effects/weird.toml: not valid TOML: ")
    assert "line 2" in problems[0]


def test_wrong_types_unknown_fields_and_bad_references(catalog_copy: Path) -> None:
    broken = (
        MINIMAL_EFFECT.replace("cost = 0", 'cost = "0"')
        .replace('join = "and"', 'join = "also"\ncolour = "red"')
        .replace('default = "near"', 'default = "far"')
        + """
    [effects.zap.styles.flying]
    cost = 0

    [effects.zap.drawbacks.weak]
    name = "Weak"
    rules = "r"
    slot = "traits"
    join = "and"
    text = "fizzles {detail}"
    requires = ["ghost"]
    """
    )
    _write(catalog_copy / "effects" / "weird.toml", broken)
    problems = _problems(catalog_copy)
    expected = [
        "effects/weird.toml: effects.zap.styles.targeted: "
        "field 'cost' must be a whole number, not text",
        "effects/weird.toml: effects.zap.parameters.range: "
        "default level 'far' is not one of its levels (touch, near)",
        "effects/weird.toml: effects.zap.enhancements.loud: unknown field 'colour'",
        "effects/weird.toml: effects.zap.enhancements.loud: "
        """field 'join' must be "and", "or" or "sentence", not 'also'""",
        "effects/weird.toml: effects.zap.drawbacks.weak: "
        "text: unknown placeholder {detail} (column 9); allowed here: none",
        "effects/weird.toml: effects.zap.styles.flying: "
        "unknown Style 'flying' (known: activated, targeted, trap, passive)",
    ]
    for line in expected:
        assert any(p.startswith(line) for p in problems), (line, problems)


def test_a_misspelt_field_gets_the_closest_name(catalog_copy: Path) -> None:
    _write(catalog_copy / "effects" / "weird.toml", MINIMAL_EFFECT.replace("summary =", "sumary ="))
    problems = _problems(catalog_copy)
    assert problems[0] == (
        "effects/weird.toml: effects.zap: unknown field 'sumary' (did you mean 'summary'?)"
        " (allowed: choices, design, dice_bonus, drawbacks, enhancements, exclude_general, groups,"
        " name,"
        " parameters, prompt, slots, status, styles, summary, template, types, use_general)"
    )


def test_template_problems_are_reported(catalog_copy: Path) -> None:
    broken = MINIMAL_EFFECT.replace(
        '"The zap {traits}."', '"The zap {traits} [at {distance}.", "It hums {volume}."'
    )
    _write(catalog_copy / "effects" / "weird.toml", broken)
    problems = _problems(catalog_copy)
    assert any(
        "effects.zap.styles.targeted: the Effect's 'template'[1]: '[' without a matching ']'" in p
        for p in problems
    )
    assert any("uses slot {volume}, which has no value" in p for p in problems)


def test_unused_slot_and_parameter_are_reported(catalog_copy: Path) -> None:
    broken = MINIMAL_EFFECT.replace(
        'slots = { traits = "" }', 'slots = { traits = "", spare = "x" }'
    )
    broken = broken.replace(
        '"{activation} to zap one target within {range}."', '"{activation} to zap."'
    )
    _write(catalog_copy / "effects" / "weird.toml", broken)
    problems = _problems(catalog_copy)
    assert (
        "effects/weird.toml: effects.zap: slot 'spare' has a default but no template uses it"
        in problems
    )
    assert (
        "effects/weird.toml: effects.zap.parameters.range: "
        "fills slot 'range', which no template uses" in problems
    )


def test_file_name_must_match_category(catalog_copy: Path) -> None:
    _write(catalog_copy / "effects" / "strange.toml", MINIMAL_EFFECT)
    assert (
        "effects/strange.toml: category 'weird' must match the file name (strange.toml)"
        in _problems(catalog_copy)
    )


def test_duplicate_ids_are_reported(catalog_copy: Path) -> None:
    clash = MINIMAL_EFFECT.replace("[effects.zap]", "[effects.injure]").replace(
        "effects.zap.", "effects.injure."
    )
    _write(catalog_copy / "effects" / "weird.toml", clash)
    assert (
        "effects/weird.toml: effects.injure: "
        "Effect 'injure' is already defined in effects/offensive.toml" in _problems(catalog_copy)
    )
    general_clash = MINIMAL_EFFECT.replace("enhancements.loud", "enhancements.quick")
    _write(catalog_copy / "effects" / "weird.toml", general_clash)
    assert (
        "effects/weird.toml: effects.zap.enhancements.quick: "
        "modifier id 'quick' is already used in general.toml" in _problems(catalog_copy)
    )


def test_replacing_a_parameter_slot_is_refused(catalog_copy: Path) -> None:
    broken = (
        MINIMAL_EFFECT
        + """
    [effects.zap.enhancements.far]
    name = "Far"
    rules = "r"
    slot = "range"
    replace = "a mile"
    """
    )
    _write(catalog_copy / "effects" / "weird.toml", broken)
    assert any(
        "effects.zap.enhancements.far: replaces slot 'range', which Parameter 'range' fills" in p
        for p in _problems(catalog_copy)
    )


def test_unreachable_group_minimum_is_refused(catalog_copy: Path) -> None:
    """A Trap template that forgets {trigger} could never take its required Trigger."""
    broken = (
        MINIMAL_EFFECT
        + """
    [effects.zap.styles.trap]
    cost = -1
    template = ["{activation} to set a zap trap."]
    """
    )
    _write(catalog_copy / "effects" / "weird.toml", broken)
    assert any(
        "with the Trap Style and the Power Type only 0 modifier(s) of the Trigger group fit" in p
        for p in _problems(catalog_copy)
    )


def test_stock_gift_with_a_wrong_cost_or_status_is_refused(catalog_copy: Path) -> None:
    stock = catalog_copy / "stock" / "offensive.toml"
    text = stock.read_text(encoding="utf-8")
    lighter = 'drawbacks = [{ id = "focus_item", detail = "a brass lighter with a dented lid" }]'
    text = text.replace(f"{lighter}\ncost = 1", f"{lighter}\ncost = 2")
    text = text.replace('status = "novice"', 'status = "newbie"')
    stock.write_text(text, encoding="utf-8")
    problems = _problems(catalog_copy)
    assert (
        "stock/offensive.toml: gifts.ember_lance: claims Gift Cost 2 but evaluates to 1 "
        "(1 base + 1 Armor-Piercing − 1 Focus Item = 1)"
    ) in problems
    assert any(
        p.startswith(
            "stock/offensive.toml: gifts.rot_whisper: claims Status Newbie but needs Novice"
        )
        for p in problems
    )


def test_house_rule_catalog_is_tagged(tmp_path: Path) -> None:
    house = tmp_path / "night_owls"
    _write(house / "catalog.toml", 'name = "Night Owls"\n')
    _write(house / "effects" / "weird.toml", MINIMAL_EFFECT)
    _write(
        house / "general.toml",
        """
        [enhancements.moonlit]
        name = "Moonlit"
        rules = "Stronger under the moon."
        applies_to = ["injure"]
        join = "sentence"
        text = "Under a full moon the attack's Weapon Damage is 1 higher"
        """,
    )
    catalog = load_catalog([house])
    assert catalog.house_catalogs == ("Night Owls",)
    zap = evaluate_gift(GiftDraft("power", "zap", "targeted"), catalog)
    assert zap.house_rules == ("Night Owls",)
    injure = evaluate_gift(
        GiftDraft("power", "injure", "targeted", (ModifierChoice("moonlit"),)), catalog
    )
    assert injure.house_rules == ("Night Owls",)
    assert injure.system_text.endswith("Under a full moon the attack's Weapon Damage is 1 higher.")
    plain = evaluate_gift(GiftDraft("power", "injure", "targeted"), catalog, status=Status.NEWBIE)
    assert plain.house_rules == ()


def test_house_rule_folder_needs_its_name(tmp_path: Path) -> None:
    house = tmp_path / "nameless"
    _write(house / "effects" / "weird.toml", MINIMAL_EFFECT)
    problems = [str(p) for p in check_catalog_dir(house)]
    assert problems == [
        'nameless/catalog.toml: a house-rule catalog folder needs catalog.toml with name = "..."'
    ]


def test_house_rule_problems_name_the_house_catalog(tmp_path: Path) -> None:
    house = tmp_path / "broken"
    _write(house / "catalog.toml", 'name = "Broken Rules"\n')
    _write(house / "effects" / "weird.toml", MINIMAL_EFFECT.replace("cost = 0", "cost = 1.5"))
    problems = [str(p) for p in check_catalog_dir(house)]
    assert problems == [
        "[Broken Rules] effects/weird.toml: effects.zap.styles.targeted: "
        "field 'cost' must be a whole number, not a decimal number"
    ]


FUZZ_EXTRA = """
    [effects.zap.drawbacks.weak]
    name = "Weak"
    rules = "r"
    detail = "Thing"
    detail_blank = "a thing"
    max = 2
    text = "fizzles near {detail}"
    text_many = "fizzles {count} times near {detail}"
    join = "sentence"
    requires = ["loud"]
    styles = ["targeted"]
    types = ["power"]
    status = "novice"
"""
WRONG_VALUES = ("5", '"x"', "[1, 2]", "{ a = 1 }", "true", "[]", '""', "-3", "1.5", "{}")


@pytest.mark.slow  # fuzz: every wrong value in every place, ~3.3 s of CPU
def test_wrong_values_anywhere_are_problems_never_crashes(tmp_path: Path) -> None:
    """Every field of an Effect, Parameter and modifier, given every wrong kind of value:
    the loader answers with CatalogError (or loads), never with another exception."""
    base = tmp_path / "gifts"
    (base / "effects").mkdir(parents=True)
    shutil.copy(shipped_catalog_dir() / "core.toml", base / "core.toml")
    shutil.copy(shipped_catalog_dir() / "general.toml", base / "general.toml")
    lines = textwrap.dedent(MINIMAL_EFFECT + FUZZ_EXTRA).splitlines()
    load_catalog(base_dir=base)  # the base itself is fine
    tried = 0
    for i, line in enumerate(lines):
        key = line.split(" = ", 1)[0] if " = " in line and not line.startswith(" ") else ""
        if not key:
            continue
        for wrong in WRONG_VALUES:
            variant = [*lines[:i], f"{key} = {wrong}", *lines[i + 1 :]]
            (base / "effects" / "weird.toml").write_text("\n".join(variant), encoding="utf-8")
            tried += 1
            try:
                load_catalog(base_dir=base)
            except CatalogError as exc:
                assert exc.problems
                assert all(p.file for p in exc.problems)
    assert tried > 250


def test_an_unknown_design_is_refused(catalog_copy: Path) -> None:
    """``design`` is "rules" or "harbinger" (FORMAT.md §2.1)."""
    text = MINIMAL_EFFECT.replace('name = "Zap"', 'name = "Zap"\n    design = "homebrew"')
    _write(catalog_copy / "effects" / "weird.toml", text)
    assert _problems(catalog_copy) == [
        'effects/weird.toml: effects.zap: field \'design\' must be "rules", "harbinger"'
        " or absent, not 'homebrew'"
    ]


_NO_RANGE = (
    "effects/weird.toml: effects.zap.styles.targeted: the Effect's 'template' uses slot {range},"
    " which has no value: give it a default under [effects.zap.slots], a Parameter, or use a"
    " standard slot of the Style"
)


def test_a_parameter_shape_reports_every_problem_in_its_levels(catalog_copy: Path) -> None:
    """A Parameter is read as a pydantic model (issue 30): every wrong field of its levels
    is named at once, with the level's place, and a misspelt key gets the closest name.
    A refused Parameter fills no slot, so the template's {range} is reported too."""
    broken = MINIMAL_EFFECT.replace(
        '{ id = "touch", name = "Touch", text = "arm\'s reach" }',
        '{ id = "touch", name = "", text = 5, staus = "novice" }',
    ).replace('{ id = "near", name = "30 feet", text = "30 feet" }', '{ id = "near", text = "x" }')
    _write(catalog_copy / "effects" / "weird.toml", broken)
    place = "effects/weird.toml: effects.zap.parameters.range"
    assert _problems(catalog_copy) == [
        f"{place}: levels[0]: unknown field 'staus' (did you mean 'status'?)"
        " (allowed: dice_bonus, id, name, status, text)",
        f"{place}: levels[0]: field 'name' must not be empty",
        f"{place}: levels[0]: field 'text' must be text, not a number",
        f"{place}: levels[1]: missing required field 'name'",
        _NO_RANGE,
    ]


def test_a_parameter_level_status_and_default_are_checked(catalog_copy: Path) -> None:
    """A level's Status is a Status name; the default level cannot require one."""
    broken = MINIMAL_EFFECT.replace(
        '{ id = "near", name = "30 feet", text = "30 feet" }',
        '{ id = "near", name = "30 feet", text = "30 feet", status = "veteran" }',
    )
    _write(catalog_copy / "effects" / "weird.toml", broken)
    assert _problems(catalog_copy) == [
        "effects/weird.toml: effects.zap.parameters.range: the default level cannot require"
        " a Status"
    ]
    _write(catalog_copy / "effects" / "weird.toml", broken.replace('"veteran"', '"boss"'))
    assert _problems(catalog_copy) == [
        "effects/weird.toml: effects.zap.parameters.range: levels[1]: field 'status': "
        "unknown Status 'boss'; expected one of Newbie, Novice, Seasoned, Professional, Veteran",
        _NO_RANGE,
    ]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_gift_type_and_a_group_report_each_problem_once(catalog_copy: Path) -> None:
    """core.toml's Gift Types and general.toml's groups are pydantic models (issue 30):
    each wrong field is named, and a refused entry stands in by its id, so the Effects and
    stock Gifts that name it add no second message for the same mistake."""
    core = catalog_copy / "core.toml"
    _edit(core, 'name = "Power"\ncost = 0\n', 'name = "Power"\ncost = true\nnote = 3\ncrafs = ""\n')
    general = catalog_copy / "general.toml"
    _edit(
        general, 'name = "Trigger"\nmin = 1\n', 'name = "Trigger"\nmin = "one"\nstatus = "novice"\n'
    )
    assert _problems(catalog_copy) == [
        "core.toml: gift_types.power: unknown field 'crafs' (did you mean 'crafts'?) (allowed:"
        " cost, crafting, crafts, name, note, reliability, risk_of_loss, style_slots, styles,"
        " summary)",
        "core.toml: gift_types.power: field 'cost' must be a whole number, not true/false",
        "core.toml: gift_types.power: field 'note' must be text, not a number",
        "general.toml: groups.trigger: field 'min' must be a whole number, not text",
    ]


def test_a_group_pairs_status_over_with_status(catalog_copy: Path) -> None:
    """'status_over' and 'status' go together (FORMAT.md), checked after the shape."""
    general = catalog_copy / "general.toml"
    _edit(general, 'name = "Trigger"\nmin = 1\n', 'name = "Trigger"\nmin = 1\nstatus = "novice"\n')
    assert _problems(catalog_copy) == [
        "general.toml: groups.trigger: 'status_over' (how many may be picked freely) and"
        " 'status' go together"
    ]


def test_a_stock_gift_shape_is_checked_before_it_is_evaluated(catalog_copy: Path) -> None:
    """A stock Gift is a pydantic model (issue 30): a wrong field, a modifier choice with a
    misspelt key and a Parameter level that is not text are each named; a refused stock Gift
    is not evaluated, so its claimed cost adds no second message."""
    crafting = catalog_copy / "stock" / "crafting.toml"
    _edit(
        crafting,
        'enhancements = [{ id = "attribute", detail = "Brawn" }]\ncost = 1\n',
        'enhancements = [{ id = "attribute", detial = "Brawn" }, 7]\ncost = "1"\n'
        "parameters = { dose = 2 }\n",
    )
    place = "stock/crafting.toml: gifts.tiger_tonic"
    assert _problems(catalog_copy) == [
        f"{place}: field 'cost' must be a whole number, not text",
        f"{place}: field 'parameters.dose' must be text, not a number",
    ]
    _edit(crafting, 'cost = "1"\nparameters = { dose = 2 }\n', "cost = 1\n")
    # the shape is sound now, so the Gift is evaluated without the refused choices and its
    # claimed cost is checked too (lines after these two)
    assert _problems(catalog_copy)[:2] == [
        f"{place}: enhancements[0]: unknown field 'detial' (did you mean 'detail'?)"
        " (allowed: count, detail, id)",
        f"{place}: enhancements[1] must be a modifier id or a table"
        " { id = ..., detail = ..., count = ... }",
    ]


def test_a_modifier_shape_names_each_wrong_field(catalog_copy: Path) -> None:
    """An Enhancement is a pydantic model (issue 30): 'join' must be one of its words, 'max'
    a whole number, and a misspelt key gets the closest name, all in one pass (unknown keys
    first, as a misspelling often explains the lines after it)."""
    broken = MINIMAL_EFFECT.replace('join = "and"', 'join = "also"\nmax = true\ndetial = "Who"')
    _write(catalog_copy / "effects" / "weird.toml", broken)
    place = "effects/weird.toml: effects.zap.enhancements.loud"
    problems = _problems(catalog_copy)
    assert problems == [
        f"{place}: unknown field 'detial' (did you mean 'detail'?) (allowed: detail,"
        " detail_blank, detail_join, dice_bonus, excludes, group, join, max, name, replace,"
        " requires, rules, slot, status, styles, text, text_many, types)",
        f'{place}: field \'join\' must be "and", "or" or "sentence", not \'also\'',
        f"{place}: field 'max' must be a whole number, not true/false",
    ]


def test_a_refused_effect_still_has_its_sub_tables_checked(catalog_copy: Path) -> None:
    """An Effect whose own fields are wrong is refused, but the Styles, Parameters and
    modifiers inside it are still read, so one load names every mistake (issue 30)."""
    broken = (
        MINIMAL_EFFECT.replace('prompt = "What does it look like?"', "prompt = 7")
        .replace("cost = 0", "cost = 0.5")
        .replace('text = "bangs like a firework"', 'text = "bangs like a firework"\nmax = -1')
    )
    _write(catalog_copy / "effects" / "weird.toml", broken)
    assert _problems(catalog_copy) == [
        "effects/weird.toml: effects.zap: field 'prompt' must be text, not a number",
        "effects/weird.toml: effects.zap.styles.targeted: field 'cost' must be a whole number,"
        " not a decimal number",
        "effects/weird.toml: effects.zap.enhancements.loud: field 'max' must be at least 1",
    ]


def test_a_file_with_an_unknown_table_is_still_read(catalog_copy: Path) -> None:
    """An unknown top-level key is named with the closest known one, and the file's
    Effects are still read and checked (issue 30)."""
    broken = MINIMAL_EFFECT.replace(
        'category_name = "Weird"', 'category_name = "Weird"\nefects = 1'
    )
    _write(catalog_copy / "effects" / "weird.toml", broken.replace("prompt =", "promt ="))
    problems = _problems(catalog_copy)
    assert problems[0] == (
        "effects/weird.toml: unknown field 'efects' (did you mean 'effects'?) (allowed:"
        " category, category_name, category_summary, effects)"
    )
    assert problems[1].startswith(
        "effects/weird.toml: effects.zap: unknown field 'promt' (did you mean 'prompt'?)"
    )
    assert problems[2] == "effects/weird.toml: effects.zap: missing required field 'prompt'"


def test_a_house_folder_keeps_its_name_when_its_catalog_toml_has_a_typo(tmp_path: Path) -> None:
    """catalog.toml with a misspelt key is reported, and the folder's problems are still
    marked with the name it gives itself, not the folder's (issue 30)."""
    house = tmp_path / "owls"
    _write(house / "catalog.toml", 'name = "Night Owls"\nsumary = "x"\n')
    _write(house / "effects" / "weird.toml", MINIMAL_EFFECT.replace("cost = 0", "cost = true"))
    assert [str(p) for p in check_catalog_dir(house)] == [
        "owls/catalog.toml: unknown field 'sumary' (did you mean 'summary'?)"
        " (allowed: name, summary)",
        "[Night Owls] effects/weird.toml: effects.zap.styles.targeted: "
        "field 'cost' must be a whole number, not true/false",
    ]


def test_a_house_catalog_may_not_define_a_style_again_nor_a_bad_type_id(tmp_path: Path) -> None:
    """Each kind of entry is refused once it is defined, naming the file that defined it
    (the shipped core.toml has the Targeted Style and the Power Gift Type), and an id
    that is not lower_case is refused as that kind's id."""
    house = tmp_path / "night_owls"
    _write(house / "catalog.toml", 'name = "Night Owls"\n')
    _write(
        house / "core.toml",
        """
        [styles.targeted]
        name = "Targeted again"
        summary = "A second Targeted."
        slots = {}

        [gift_types.Power]
        name = "Power"
        """,
    )
    problems = _problems(shipped_catalog_dir(), [house])
    said = "\n".join(problems)
    assert "Style 'targeted' is already defined in core.toml" in said
    assert "Gift Type id 'Power' must be lower_case letters" in said
