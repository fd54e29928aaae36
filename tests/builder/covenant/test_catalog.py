"""The example Covenant content in ``resources/covenant/`` and its loader's error messages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.covenant.catalog import (
    CovenantCatalogError,
    load_covenant_catalog,
    shipped_catalog,
)
from builder.covenant.character import AssetKind, AssetUse, DamageSeverity, UseState
from builder.covenant.rules import begin_scene, buy_asset, use_asset
from resources import resource_path
from tests.builder.covenant.examples import ines, ok, status


def test_shipped_examples_load_with_their_uses_and_recharges() -> None:
    cat = shipped_catalog()
    assert (len(cat.traits), len(cat.abilities), len(cat.gear)) == (8, 4, 4)
    assert (len(cat.conditions), len(cat.drains)) == (4, 4)
    rifle = cat.find_asset("coil-rifle")
    assert rifle is not None and rifle.gear and rifle.kind is AssetKind.TRAIT
    assert [(u.name, u.recharge) for u in rifle.uses] == [
        ("aimed shot", UseState.TAP),
        ("overcharge", UseState.EXHAUST),
    ]
    trait = cat.find_asset("rifles")
    assert trait is not None and trait.uses == (AssetUse("tap", UseState.TAP),)
    toxin = next(d for d in cat.drains if d.id == "nerve-toxin")
    assert (toxin.cycle, toxin.magnitude, toxin.severity, toxin.lingering) == (
        "every 15 minutes",
        5,
        DamageSeverity.CHAPTER,
        True,
    )
    assert [c.lingering for c in cat.conditions] == [False, False, True, True]


def test_an_example_ability_can_be_bought_and_used() -> None:
    ghost = shipped_catalog().find_asset("ghost-step")
    assert ghost is not None
    c = ok(buy_asset(ines(), ghost))
    c = ok(begin_scene(c))
    c = ok(use_asset(c, "ghost-step", "vanish"))
    assert status(c, "ghost-step") == "exhausted"


@pytest.fixture
def catalog_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "covenant"
    shutil.copytree(resource_path("covenant"), folder)
    return folder


def test_a_bad_recharge_names_file_entry_and_use(catalog_copy: Path) -> None:
    gear = catalog_copy / "gear.toml"
    gear.write_text(gear.read_text().replace('recharge = "exhaust"', 'recharge = "zap"', 1))
    with pytest.raises(CovenantCatalogError) as caught:
        load_covenant_catalog(catalog_copy)
    assert str(caught.value) == (
        "gear.toml: [[gear]] 'coil-rifle': uses[1]: recharge must be one of "
        "expend, tap, exhaust, destroy, not 'zap'"
    )


def test_a_bad_drain_names_the_field(catalog_copy: Path) -> None:
    drains = catalog_copy / "drains.toml"
    drains.write_text(drains.read_text().replace("magnitude = 5", "magnitude = 0", 1))
    with pytest.raises(CovenantCatalogError) as caught:
        load_covenant_catalog(catalog_copy)
    assert str(caught.value) == (
        "drains.toml: [[drain]] 'on-fire': magnitude must be a positive integer"
    )


def test_invalid_toml_and_duplicate_ids_are_refused(catalog_copy: Path) -> None:
    (catalog_copy / "conditions.toml").write_text("[[condition]\n")
    with pytest.raises(CovenantCatalogError, match=r"^conditions\.toml: not valid TOML"):
        load_covenant_catalog(catalog_copy)
    shutil.copy(resource_path("covenant", "conditions.toml"), catalog_copy / "conditions.toml")
    traits = catalog_copy / "traits.toml"
    traits.write_text(traits.read_text().replace('id = "rifles"', 'id = "sweep"'))
    with pytest.raises(CovenantCatalogError) as caught:
        load_covenant_catalog(catalog_copy)
    assert str(caught.value) == "the id 'sweep' is used twice among the traits, abilities and gear"


def test_a_misspelt_field_or_table_gets_the_closest_name(catalog_copy: Path) -> None:
    drains = catalog_copy / "drains.toml"
    drains.write_text(drains.read_text().replace("magnitude = 5", "magnitud = 5", 1))
    with pytest.raises(CovenantCatalogError) as caught:
        load_covenant_catalog(catalog_copy)
    assert caught.value.problems == (
        "drains.toml: [[drain]] 'on-fire': missing 'magnitude'",
        "drains.toml: [[drain]] 'on-fire': unknown key 'magnitud' (did you mean 'magnitude'?)",
    )
    drains.write_text("[[drains]]\nid = 'x'\n")
    with pytest.raises(CovenantCatalogError) as caught:
        load_covenant_catalog(catalog_copy)
    assert str(caught.value) == "drains.toml: unknown table 'drains' (did you mean 'drain'?)"


def test_a_missing_file_names_its_folder(catalog_copy: Path) -> None:
    (catalog_copy / "gear.toml").unlink()
    with pytest.raises(CovenantCatalogError) as caught:
        load_covenant_catalog(catalog_copy)
    assert str(caught.value) == f"gear.toml: not found in {catalog_copy}"


def test_every_problem_of_every_file_is_reported_at_once(catalog_copy: Path) -> None:
    """One load names each mistake: a nested misspelt key with its hint, a true that is
    not a number, a missing flag, and a bad entry in another file."""
    gear = catalog_copy / "gear.toml"
    gear.write_text(gear.read_text().replace('recharge = "tap"', 'recharg = "tap"', 1))
    drains = catalog_copy / "drains.toml"
    drains.write_text(drains.read_text().replace("magnitude = 5", "magnitude = true", 1))
    conditions = catalog_copy / "conditions.toml"
    conditions.write_text(conditions.read_text().replace("lingering = false\n", "", 1))
    with pytest.raises(CovenantCatalogError) as caught:
        load_covenant_catalog(catalog_copy)
    first_condition = shipped_catalog().conditions[0].id
    assert caught.value.problems == (
        "gear.toml: [[gear]] 'coil-rifle': uses[0]: missing 'recharge'",
        "gear.toml: [[gear]] 'coil-rifle': uses[0]: unknown key 'recharg' "
        "(did you mean 'recharge'?)",
        f"conditions.toml: [[condition]] '{first_condition}': missing 'lingering'",
        "drains.toml: [[drain]] 'on-fire': magnitude must be a positive integer",
    )
