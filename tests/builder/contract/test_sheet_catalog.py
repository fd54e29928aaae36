"""The sheet catalog: what ships in resources/sheet/, and how broken files are reported."""

from __future__ import annotations

import random
import shutil
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
    AssetPick,
    BattleScar,
    LooseEnd,
    ScarTier,
    ThreatLevel,
    Trauma,
)
from builder.contract.sheet_catalog import (
    SHEET_DIR,
    AssetCategory,
    CatalogError,
    GrantKind,
    Polarity,
    SheetCatalog,
    load_sheet_catalog,
)


@pytest.fixture(scope="module")
def catalog() -> SheetCatalog:
    return load_sheet_catalog()


# =========================================================================== the shipped catalog


def test_loaded_once(catalog: SheetCatalog) -> None:
    assert load_sheet_catalog() is catalog


def test_all_19_primary_abilities_in_sheet_order(catalog: SheetCatalog) -> None:
    assert tuple(a.id for a in catalog.abilities) == PRIMARY_ABILITIES
    assert len(catalog.abilities) == 19
    assert catalog.ability("firearms").name == "Firearms"
    assert all(a.description for a in catalog.abilities)


def test_five_attributes_and_their_rating_labels(catalog: SheetCatalog) -> None:
    assert tuple(a.id for a in catalog.attributes) == ATTRIBUTES
    assert [catalog.attribute_label(r) for r in range(1, 6)] == [
        "Poor",
        "Average",
        "Above average",
        "Superb",
        "World-class",
    ]


def test_ability_rank_labels_match_the_rules_prose(catalog: SheetCatalog) -> None:
    # "A rating of 0 means your Contractor is untrained, a rating of 3 is
    # professional-level, and 5 is world-class"; rank 6 exists for Seasoned and up.
    assert [r.rating for r in catalog.ability_ranks] == [0, 1, 2, 3, 4, 5, 6]
    assert catalog.ability_label(0) == "No special training"
    assert catalog.ability_label(3) == "Baseline professional"
    assert catalog.ability_label(5) == "World-class"
    assert catalog.ability_label(6)
    with pytest.raises(KeyError):
        catalog.ability_label(7)


def test_secondary_examples_name_a_primary_ability(catalog: SheetCatalog) -> None:
    assert len(catalog.secondary_examples) >= 10
    assert all(example.related in PRIMARY_ABILITIES for example in catalog.secondary_examples)


def test_default_limits_are_anguish_atrocities_murder(catalog: SheetCatalog) -> None:
    assert [limit.name for limit in catalog.default_limits] == ["Anguish", "Atrocities", "Murder"]
    murder = catalog.limit("murder").to_limit()
    assert murder.name == "Murder"
    assert "self-defense" in murder.description
    assert murder.custom is False


def test_at_least_eight_alternative_limits(catalog: SheetCatalog) -> None:
    alternatives = catalog.alternative_limits
    assert len(alternatives) >= 8
    assert all(limit.suits and limit.trigger for limit in alternatives)
    suits = " ".join(limit.suits for limit in alternatives)
    for kind in ("zealots", "sociopaths", "fae", "aliens"):
        assert kind in suits


def test_gifted_is_a_restricted_asset_with_one_gift_credit(catalog: SheetCatalog) -> None:
    gifted = catalog.asset("gifted")
    assert gifted.kind is AssetKind.ASSET
    assert gifted.restricted is True
    assert gifted.gift_credits == 1
    assert sum(option.gift_credits for option in catalog.assets) == 1


def test_named_assets_from_the_rules(catalog: SheetCatalog) -> None:
    assert catalog.asset("rich").kind is AssetKind.ASSET
    assert catalog.asset("rich").grants[0].kind is GrantKind.CIRCUMSTANCE
    # Restricted gear needs "special connections ... with the Stockpile or Arsenal Assets".
    assert catalog.asset("stockpile").restricted is True
    assert catalog.asset("arsenal").restricted is True


def test_one_eye_liability_grants_the_one_eye_scar(catalog: SheetCatalog) -> None:
    one_eye = catalog.liability("one_eye")
    assert one_eye.kind is AssetKind.LIABILITY
    assert [(g.kind, g.ref, g.name) for g in one_eye.grants] == [
        (GrantKind.BATTLE_SCAR, "one_eye", "One Eye")
    ]
    assert catalog.battle_scar("one_eye").tier is ScarTier.MAJOR


def test_beautiful_is_suppressed_by_disfigured(catalog: SheetCatalog) -> None:
    beautiful = catalog.asset("beautiful")
    assert beautiful.kind is AssetKind.ASSET
    assert beautiful.suppressed_by == ("disfigured",)
    assert catalog.battle_scar("disfigured").tier is ScarTier.MINOR


def test_liabilities_grant_each_kind_of_burden(catalog: SheetCatalog) -> None:
    granted = {g.kind for option in catalog.liabilities for g in option.grants}
    assert {
        GrantKind.TRAUMA,
        GrantKind.BATTLE_SCAR,
        GrantKind.LOOSE_END,
        GrantKind.CIRCUMSTANCE,
    } <= granted


def test_only_liabilities_grant_scars_traumas_and_loose_ends(catalog: SheetCatalog) -> None:
    burdens = {GrantKind.TRAUMA, GrantKind.BATTLE_SCAR, GrantKind.LOOSE_END}
    assert not any(g.kind in burdens for option in catalog.assets for g in option.grants)


def test_enough_assets_and_liabilities_in_every_category(catalog: SheetCatalog) -> None:
    assert len(catalog.assets) >= 15
    assert len(catalog.liabilities) >= 15
    for options in (catalog.assets, catalog.liabilities):
        assert {option.category for option in options} == set(AssetCategory)


def test_asset_values_are_small_positive_numbers(catalog: SheetCatalog) -> None:
    for option in catalog.assets + catalog.liabilities:
        assert 1 <= option.value <= 10, option.id
        assert option.system, option.id


def test_detail_prompts(catalog: SheetCatalog) -> None:
    contacts = catalog.asset("contacts")
    assert contacts.takes_detail is True
    assert contacts.detail_label == "Who"
    for option in catalog.assets + catalog.liabilities:
        assert bool(option.detail_label) == option.takes_detail, option.id


def test_pick_makes_the_sheet_value(catalog: SheetCatalog) -> None:
    pick = catalog.asset("contacts").pick("the Rotterdam dock unions")
    assert pick == AssetPick(
        id="contacts",
        name="Contacts",
        kind=AssetKind.ASSET,
        value=catalog.asset("contacts").value,
        detail="the Rotterdam dock unions",
        restricted=False,
        system=catalog.asset("contacts").system,
        category="background",
    )


def test_unknown_lookups_raise_key_error(catalog: SheetCatalog) -> None:
    with pytest.raises(KeyError, match="no Asset or Liability with id 'flying'"):
        catalog.asset("flying")
    with pytest.raises(KeyError):
        catalog.liability("gifted")  # an Asset, not a Liability


STOCK_SCARS = {
    ScarTier.MINOR: ["Chronic Pain", "Disfigured", "Missing Fingers", "Tinnitus", "Wheezing"],
    ScarTier.MAJOR: [
        "Enervated",
        "Limp",
        "Lost Hand",
        "Missing Foot",
        "Mute",
        "One Eye",
        "Soft Spot",
        "Vertigo",
    ],
    ScarTier.SEVERE: ["Deaf", "Missing Arm", "Missing Leg"],
    ScarTier.EXTREME: ["Blindness", "No Hands", "Paraplegia"],
}


def test_stock_battle_scars_by_tier(catalog: SheetCatalog) -> None:
    for tier, names in STOCK_SCARS.items():
        assert [s.name for s in catalog.battle_scars if s.tier is tier] == names


def test_scar_tiers_follow_severity(catalog: SheetCatalog) -> None:
    # Severity 4 Minor, 5 Major, 6 Severe, 7+ Extreme; below 4 no scar.
    assert [catalog.scar_tier_for_severity(s) for s in (1, 3, 4, 5, 6, 7, 11)] == [
        None,
        None,
        ScarTier.MINOR,
        ScarTier.MAJOR,
        ScarTier.SEVERE,
        ScarTier.EXTREME,
        ScarTier.EXTREME,
    ]


def test_scar_numbers_for_derived_values(catalog: SheetCatalog) -> None:
    assert catalog.battle_scar("chronic_pain").penalty_floor == 1
    assert catalog.battle_scar("limp").movement == Fraction(1, 2)
    assert catalog.battle_scar("missing_foot").movement == Fraction(1, 2)
    assert catalog.battle_scar("missing_leg").movement == Fraction(1, 4)
    assert catalog.battle_scar("mute").movement is None
    assert catalog.battle_scar("one_eye").to_scar() == BattleScar(
        name="One Eye", tier=ScarTier.MAJOR, system=catalog.battle_scar("one_eye").system
    )


STOCK_TRAUMAS = [
    "Nightmares",
    "Anti-social",
    "Vengeful",
    "Pyromania",
    "Kleptomania",
    "Technophobe",
    "Delusions of Grandeur",
    "Substance Addiction",
    "Uncontrollable Anger",
    "Compulsive Liar",
    "Paranoia",
    "Fear of the Dark",
]


def test_stock_traumas_and_templates(catalog: SheetCatalog) -> None:
    assert [t.id for t in catalog.trauma_templates] == ["delusion", "compulsion", "phobia"]
    assert [t.name for t in catalog.traumas if not t.template] == STOCK_TRAUMAS
    phobia = catalog.trauma("phobia").to_trauma("spiders")
    assert phobia == Trauma(name="Phobia (spiders)", system=catalog.trauma("phobia").system)
    assert catalog.trauma("substance_addiction").detail_label == "Substance"


def test_example_conditions_circumstances_and_trophies(catalog: SheetCatalog) -> None:
    assert len(catalog.conditions) >= 10
    assert len(catalog.circumstances) >= 10
    assert len(catalog.trophies) >= 5
    assert {c.polarity for c in catalog.conditions} == set(Polarity)
    assert Polarity.NEGATIVE in {c.polarity for c in catalog.circumstances}
    item = catalog.trophy("graveward_compass").to_item()
    assert item.name == "Graveward Compass"
    assert item.detail == catalog.trophy("graveward_compass").system


def test_threat_levels_and_loose_end_examples(catalog: SheetCatalog) -> None:
    assert [t.level for t in catalog.threat_levels] == [
        ThreatLevel.DANGEROUS,
        ThreatLevel.DEADLY,
        ThreatLevel.FATEFUL,
    ]
    assert all(t.meaning for t in catalog.threat_levels)
    assert catalog.threat_level("fateful").name == "Fateful"
    assert len(catalog.loose_ends) >= 3
    hunted = catalog.loose_end("hunted")
    loose_end = hunted.to_loose_end(granted_after=2)
    assert len(loose_end.key) == 16  # a new Loose End's own key, never its place
    assert hunted.to_loose_end(granted_after=2).key != loose_end.key
    assert replace(loose_end, key="") == LooseEnd(
        title=hunted.title,
        threat_level=ThreatLevel.DEADLY,
        cutoff=3,
        granted_after=2,
        threat=hunted.threat,
    )


@pytest.mark.parametrize("table", ["archetypes", "paradigms", "ambitions"])
def test_concept_tables_have_30_unique_entries(catalog: SheetCatalog, table: str) -> None:
    entries = getattr(catalog, table)
    assert len(entries) >= 30
    assert len(set(entries)) == len(entries)


def test_random_suggestion_is_seeded(catalog: SheetCatalog) -> None:
    first = catalog.random_suggestion("archetypes", random.Random(11))
    assert first in catalog.archetypes
    assert catalog.random_suggestion("archetype", random.Random(11)) == first
    rng = random.Random(5)
    drawn = {catalog.random_suggestion("ambitions", rng) for _ in range(200)}
    assert drawn <= set(catalog.ambitions)
    assert len(drawn) > 10
    with pytest.raises(ValueError, match="no concept table 'names'"):
        catalog.random_suggestion("names", rng)


# =========================================================================== broken files


@pytest.fixture
def sheet_dir(tmp_path: Path) -> Path:
    """A private copy of the shipped catalog to break."""
    target = tmp_path / "sheet"
    shutil.copytree(SHEET_DIR, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return target


def _edit(folder: Path, file: str, old: str, new: str) -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not unique in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _problems(folder: Path) -> list[str]:
    with pytest.raises(CatalogError) as info:
        load_sheet_catalog(folder)
    assert str(info.value) == "\n".join(info.value.problems)
    return list(info.value.problems)


ONE_EYE = 'id = "one_eye"\nname = "One Eye"\ncategory = "physical"\nvalue = 4\n'


def test_copy_of_the_shipped_catalog_loads(sheet_dir: Path) -> None:
    assert load_sheet_catalog(sheet_dir) == load_sheet_catalog()


@pytest.mark.parametrize("bad", ["0", "-2", "true", '"four"', "4.5"])
def test_value_must_be_a_positive_integer(sheet_dir: Path, bad: str) -> None:
    _edit(sheet_dir, "assets.toml", ONE_EYE, ONE_EYE.replace("value = 4", f"value = {bad}"))
    assert _problems(sheet_dir) == [
        "assets.toml: liabilities[0] 'One Eye': value must be a positive integer"
    ]


def test_misspelled_key_is_named_with_a_suggestion(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", ONE_EYE, ONE_EYE.replace("value = 4", "vaule = 4"))
    assert _problems(sheet_dir) == [
        "assets.toml: liabilities[0] 'One Eye': missing 'value'",
        "assets.toml: liabilities[0] 'One Eye': unknown key 'vaule' (did you mean 'value'?)",
    ]


def test_unknown_category(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", ONE_EYE, ONE_EYE.replace('"physical"', '"social"'))
    assert _problems(sheet_dir) == [
        "assets.toml: liabilities[0] 'One Eye': category must be one of physical, "
        "background, mental, not 'social'"
    ]


def test_grant_must_name_an_existing_scar(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", 'ref = "one_eye"', 'ref = "one_ey"')
    assert _problems(sheet_dir) == [
        "assets.toml: liabilities[0] 'One Eye': grants[0]: names battle_scar 'one_ey', "
        "which scars.toml does not have (did you mean 'one_eye'?)"
    ]


def test_an_asset_cannot_grant_a_trauma(sheet_dir: Path) -> None:
    _edit(
        sheet_dir,
        "assets.toml",
        'grants = [{ kind = "condition", name = "Steadfast" }]',
        'grants = [{ kind = "trauma", ref = "paranoia" }]',
    )
    assert _problems(sheet_dir) == [
        "assets.toml: assets[19] 'Steadfast': grants[0]: an Asset cannot grant a trauma; "
        "only Liabilities do"
    ]


def test_only_assets_grant_gift_credits(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", ONE_EYE, ONE_EYE + "gift_credits = 1\n")
    assert _problems(sheet_dir) == [
        "assets.toml: liabilities[0] 'One Eye': gift_credits: only Assets grant Gift Credits"
    ]


def test_detail_label_needs_takes_detail(sheet_dir: Path) -> None:
    _edit(
        sheet_dir,
        "assets.toml",
        'takes_detail = true\ndetail_label = "Who"\ngrants = [{ kind = "circumstance", '
        'name = "Contacts" }]',
        'detail_label = "Who"\ngrants = [{ kind = "circumstance", name = "Contacts" }]',
    )
    assert _problems(sheet_dir) == [
        "assets.toml: assets[10] 'Contacts': detail_label is set but takes_detail is not true"
    ]


def test_takes_detail_needs_a_label(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", ONE_EYE, ONE_EYE + "takes_detail = true\n")
    assert _problems(sheet_dir) == ["assets.toml: liabilities[0] 'One Eye': missing 'detail_label'"]


def test_suppressed_by_must_name_a_scar(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", 'suppressed_by = ["disfigured"]', 'suppressed_by = ["ugly"]')
    assert _problems(sheet_dir) == [
        "assets.toml: assets[0] 'Beautiful': suppressed_by names Battle Scar 'ugly', "
        "which scars.toml does not have"
    ]


def test_ids_are_unique_across_assets_and_liabilities(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", 'id = "trusting"', 'id = "rich"')
    assert _problems(sheet_dir) == [
        "assets.toml: liabilities 'Trusting': id 'rich' is already used in assets"
    ]


def test_bad_id_spelling(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", 'id = "trusting"', 'id = "Trusting One"')
    assert _problems(sheet_dir) == [
        "assets.toml: liabilities[18] 'Trusting': id must be lowercase letters, digits and "
        "underscores starting with a letter, not 'Trusting One'"
    ]


def test_every_problem_in_a_file_is_reported(sheet_dir: Path) -> None:
    _edit(sheet_dir, "assets.toml", ONE_EYE, ONE_EYE.replace("value = 4", "value = 0"))
    _edit(sheet_dir, "assets.toml", 'name = "Rich"\ncategory', 'name = ""\ncategory')
    problems = _problems(sheet_dir)
    assert problems == [
        "assets.toml: assets[7]: name must be non-empty text",
        "assets.toml: liabilities[0] 'One Eye': value must be a positive integer",
    ]


def test_invalid_toml_names_file_and_line(sheet_dir: Path) -> None:
    _edit(sheet_dir, "scars.toml", 'id = "limp"', 'id = "limp')
    [problem] = _problems(sheet_dir)
    assert problem.startswith("scars.toml: not valid TOML: ")
    assert "line" in problem


def test_missing_file(sheet_dir: Path) -> None:
    (sheet_dir / "limits.toml").unlink()
    assert _problems(sheet_dir) == [f"limits.toml: not found in {sheet_dir}"]


def test_unknown_top_level_key(sheet_dir: Path) -> None:
    path = sheet_dir / "limits.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("[[alternative]]", "[[alternatives]]"),
        encoding="utf-8",
    )
    assert _problems(sheet_dir) == [
        "limits.toml: unknown top-level key 'alternatives' (did you mean 'alternative'?)"
    ]


def test_a_primary_ability_cannot_go_missing(sheet_dir: Path) -> None:
    _edit(sheet_dir, "abilities.toml", 'id = "thievery"', 'id = "pickpocketing"')
    assert _problems(sheet_dir) == [
        "abilities.toml: abilities[18] 'Thievery': id must be one of "
        + ", ".join(PRIMARY_ABILITIES)
        + ", not 'pickpocketing'",
        "abilities.toml: abilities: missing thievery",
    ]


def test_ability_ranks_cover_0_to_6(sheet_dir: Path) -> None:
    _edit(sheet_dir, "abilities.toml", "rating = 6\n", "rating = 7\n")
    assert _problems(sheet_dir) == [
        "abilities.toml: ability_ranks: missing 6",
        "abilities.toml: ability_ranks: ratings go from 0 to 6; 7 is out of range",
    ]


def test_exactly_three_default_limits(sheet_dir: Path) -> None:
    _edit(sheet_dir, "limits.toml", '[[default]]\nid = "murder"', '[[alternative]]\nid = "murder"')
    assert _problems(sheet_dir) == [
        "limits.toml: alternative[0] 'Murder': missing 'suits'",
        "limits.toml: default: there must be exactly 3 default Limits, not 2",
    ]


def test_scar_tier_and_movement(sheet_dir: Path) -> None:
    _edit(
        sheet_dir,
        "scars.toml",
        'tier = "extreme"\nsystem = "You cannot get',
        'tier = "fatal"\nsystem = "You cannot get',
    )
    _edit(sheet_dir, "scars.toml", 'movement = "1/4"', 'movement = "half"')
    assert _problems(sheet_dir) == [
        "scars.toml: scars[15] 'Missing Leg': movement must be a fraction of speed such as "
        "\"1/2\", not 'half'",
        "scars.toml: scars[18] 'Paraplegia': tier must be one of minor, major, severe, "
        "extreme, not 'fatal'",
    ]


def test_scar_tiers_must_rise(sheet_dir: Path) -> None:
    _edit(sheet_dir, "scars.toml", "min_severity = 6", "min_severity = 8")
    assert _problems(sheet_dir) == [
        "scars.toml: tiers: min_severity must rise from minor to major to severe to extreme"
    ]


def test_trauma_type_must_be_a_template(sheet_dir: Path) -> None:
    _edit(
        sheet_dir,
        "traumas.toml",
        'type = "phobia"\nsystem = "Darkness',
        'type = "fear"\nsystem = "Darkness',
    )
    assert _problems(sheet_dir) == [
        "traumas.toml: traumas[11] 'Fear of the Dark': type must be one of delusion, "
        "compulsion, phobia, not 'fear'"
    ]


def test_condition_polarity(sheet_dir: Path) -> None:
    _edit(
        sheet_dir,
        "conditions.toml",
        'name = "Blessed"\npolarity = "positive"',
        'name = "Blessed"\npolarity = "good"',
    )
    assert _problems(sheet_dir) == [
        "conditions.toml: conditions[6] 'Blessed': polarity must be one of positive, negative, "
        "mixed, not 'good'"
    ]


def test_loose_end_cutoff_is_positive(sheet_dir: Path) -> None:
    _edit(sheet_dir, "loose_ends.toml", "cutoff = 5", "cutoff = 0")
    assert _problems(sheet_dir) == [
        "loose_ends.toml: examples[5] 'A Bargain with Something Old': cutoff must be a positive "
        "integer"
    ]


def test_concept_entries_are_unique_text(sheet_dir: Path) -> None:
    _edit(sheet_dir, "concept.toml", '  "Storm chaser",\n', '  "Card sharp",\n  42,\n')
    assert _problems(sheet_dir) == [
        "concept.toml: archetypes[35] 'Card sharp': is listed twice",
        "concept.toml: archetypes[36]: must be non-empty text",
    ]
