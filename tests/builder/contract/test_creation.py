"""Creating a Contractor: the starting 150 Exp, Limits, Assets and Liabilities."""

from __future__ import annotations

from builder.contract.character import AssetKind, AssetPick, Concept, Creation, Limit
from builder.contract.creation import (
    DEFAULT_LIMITS,
    creation_cost,
    creation_report,
    new_contractor,
    starts_with_gift_credit,
)
from builder.contract.sheet import evaluate_sheet
from builder.core.findings import Finding, Severity

RICH = AssetPick("rich", "Rich", AssetKind.ASSET, 3, category="background")
ONE_EYE = AssetPick("one_eye", "One Eye", AssetKind.LIABILITY, 2, category="physical")


def rules(findings: tuple[Finding, ...] | list[Finding]) -> list[str]:
    return [f.rule for f in findings]


def test_an_empty_sheet_has_all_150_exp_left() -> None:
    left, findings = creation_report(Creation(), DEFAULT_LIMITS)
    assert left == 150
    assert findings == ()


def test_exp_left_of_150_for_a_knife_fighter() -> None:
    # Brawn 3 (5 + 10), Dexterity 2 (5), Melee 3 (2 + 2 + 4), Knife Fighting 2
    # (2 + 2), the Rich Asset (3) and the One Eye Liability (credits 2):
    # 15 + 5 + 8 + 4 + 3 − 2 = 33 Exp, so 117 are left.
    creation = Creation(
        attributes={"brawn": 3, "dexterity": 2},
        abilities={"melee": 3},
        secondary={"Knife Fighting": 2},
        assets=(RICH,),
        liabilities=(ONE_EYE,),
    )
    cost = creation_cost(creation)
    assert (cost.attributes, cost.abilities, cost.secondary) == (20, 8, 4)
    assert (cost.assets, cost.liabilities, cost.total) == (3, 2, 33)
    left, findings = creation_report(creation, DEFAULT_LIMITS)
    assert left == 117
    assert findings == ()


def test_leftover_exp_stays_available_after_creation() -> None:
    creation = Creation(attributes={"brawn": 3})
    sheet = evaluate_sheet(new_contractor("c", Concept("Ana"), None, creation))
    assert sheet.exp.creation_cost == 15
    assert sheet.exp.available == 135


def test_spending_more_than_150_at_creation_is_an_error_with_the_numbers() -> None:
    # Every Attribute at 5 is 5 × 50 = 250 Exp.
    creation = Creation(attributes=dict.fromkeys(("brawn", "dexterity", "perception"), 5))
    left, findings = creation_report(creation, DEFAULT_LIMITS)
    assert left == 0
    creation = Creation(
        attributes=dict.fromkeys(("brawn", "dexterity", "perception", "charisma"), 5)
    )
    left, findings = creation_report(creation, DEFAULT_LIMITS)
    assert left == -50
    (over,) = findings
    assert (over.rule, over.where, over.severity) == ("exp.overspent", "creation", Severity.ERROR)
    assert over.numbers == {"available": 150, "cost": 200, "shortfall": 50}


def test_attributes_run_from_1_to_5_at_creation() -> None:
    _, findings = creation_report(Creation(attributes={"brawn": 6, "dexterity": 0}), DEFAULT_LIMITS)
    assert rules(findings) == ["creation.attribute_range", "creation.attribute_range"]
    assert [f.where for f in findings] == [
        "creation.attributes.brawn",
        "creation.attributes.dexterity",
    ]


def test_a_sixth_ability_rank_is_not_for_a_new_contractor() -> None:
    _, findings = creation_report(Creation(abilities={"firearms": 6}), DEFAULT_LIMITS)
    (finding,) = findings
    assert finding.rule == "creation.ability_range"
    assert "Seasoned" in finding.message


def test_unknown_trait_names_are_errors() -> None:
    _, findings = creation_report(
        Creation(attributes={"luck": 2}, abilities={"piloting": 1}), DEFAULT_LIMITS
    )
    assert rules(findings) == ["creation.unknown_attribute", "creation.unknown_ability"]


def test_a_secondary_ability_named_like_a_primary_one_is_questioned() -> None:
    _, findings = creation_report(Creation(secondary={"Stealth": 1}), DEFAULT_LIMITS)
    (finding,) = findings
    assert (finding.rule, finding.severity) == ("creation.secondary_is_primary", Severity.WARNING)


def test_a_contractor_has_exactly_three_limits() -> None:
    _, findings = creation_report(Creation(), DEFAULT_LIMITS[:2])
    (finding,) = findings
    assert finding.rule == "limits.count"
    assert finding.numbers == {"limits": 2, "required": 3}


def test_custom_limits_need_leader_approval() -> None:
    limits = (*DEFAULT_LIMITS[:2], Limit("Betrayal", "Breaking an oath", custom=True))
    _, findings = creation_report(Creation(), limits)
    (finding,) = findings
    assert (finding.rule, finding.severity, finding.where) == (
        "limits.custom",
        Severity.WARNING,
        "limits[2]",
    )
    assert "needs Playgroup Leader approval" in finding.message


def test_the_same_limit_twice_is_an_error() -> None:
    limits = (Limit("Murder"), Limit("murder"), Limit("Anguish"))
    _, findings = creation_report(Creation(), limits)
    assert rules(findings) == ["limits.duplicate"]


def test_restricted_assets_and_liabilities_need_leader_approval() -> None:
    creation = Creation(
        assets=(AssetPick("wealthy", "Wealthy", AssetKind.ASSET, 5, restricted=True),),
        liabilities=(AssetPick("hunted", "Hunted", AssetKind.LIABILITY, 4, restricted=True),),
    )
    left, findings = creation_report(creation, DEFAULT_LIMITS)
    assert left == 150 - 5 + 4
    assert rules(findings) == ["asset.restricted", "liability.restricted"]
    assert all(f.severity is Severity.WARNING for f in findings)
    assert [f.where for f in findings] == ["creation.assets[0]", "creation.liabilities[0]"]


def test_a_liability_in_the_asset_list_is_an_error() -> None:
    _, findings = creation_report(Creation(assets=(ONE_EYE,)), DEFAULT_LIMITS)
    assert rules(findings) == ["creation.asset_kind"]


def test_gifted_and_a_coin_of_charon_each_start_a_gift_credit() -> None:
    gifted = AssetPick("gifted", "Gifted", AssetKind.ASSET, 0)
    assert starts_with_gift_credit(Creation(charon_coin=True, assets=(gifted,))) == 2
    _, findings = creation_report(Creation(assets=(gifted,)), DEFAULT_LIMITS)
    # Gifted is always Restricted, whatever the pick says.
    assert rules(findings) == ["asset.restricted"]


def test_new_contractor_takes_the_three_ordinary_limits_by_default() -> None:
    c = new_contractor("c1", Concept("Ana"), None, Creation())
    assert [limit.name for limit in c.limits] == ["Anguish", "Atrocities", "Murder"]
    assert c.ledger == ()
    assert c.source.name == "Source"


def test_liabilities_put_their_scar_trauma_and_loose_end_on_the_sheet() -> None:
    """One Eye grants the One Eye Battle Scar; the catalog says what each entry grants."""
    from builder.contract.character import Contractor
    from builder.contract.creation import with_granted_lines
    from builder.contract.sheet_catalog import load_sheet_catalog

    catalog = load_sheet_catalog()
    one_eye = catalog.asset("one_eye").pick("")
    assert one_eye.kind is AssetKind.LIABILITY
    fresh = Contractor("c1", Concept("Ada"), creation=Creation(liabilities=(one_eye,)))
    granted = with_granted_lines(fresh, catalog)
    assert [s.name for s in granted.health.battle_scars] == ["One Eye"]
    custom = fresh.creation.liabilities[0].__class__("custom", "Odd Habit", AssetKind.LIABILITY, 1)
    untouched = Contractor("c2", Concept("Bo"), creation=Creation(liabilities=(custom,)))
    assert with_granted_lines(untouched, catalog) == untouched
