"""Character creation checks, goals, and the report (``evaluate_covenant``)."""

from __future__ import annotations

import json
from dataclasses import replace

from builder.core.findings import Severity
from builder.covenant.character import (
    Asset,
    AssetKind,
    AssetUse,
    BeginScene,
    Bid,
    CovenantCharacter,
    Goal,
    GoalSlot,
    Tie,
    UseAsset,
    UseState,
)
from builder.covenant.rules import (
    begin_scene,
    bid,
    end_chapter,
    evaluate_covenant,
    resolve_goal,
    set_goal,
    use_asset,
)
from tests.builder.covenant.examples import (
    MEDICINE_RUN,
    RALLY,
    SISTER,
    SKIFF,
    SWEEP,
    UNION,
    ines,
    ok,
    refused,
    status,
)


def rules(character: CovenantCharacter, severity: Severity | None = None) -> list[str]:
    report = evaluate_covenant(character)
    return [f.rule for f in report.findings if severity is None or f.severity is severity]


def test_the_example_character_is_legal_with_no_findings() -> None:
    report = evaluate_covenant(ines())
    assert report.findings == ()
    assert report.legal


def test_a_character_starts_with_exactly_three_ties() -> None:
    two = evaluate_covenant(ines(ties=(SISTER, SKIFF)))
    (finding,) = [f for f in two.findings if f.rule == "covenant.creation.ties"]
    assert finding.numbers == {"ties": 2, "required": 3}
    assert finding.where == "creation.ties"
    assert not two.legal
    assert two.discipline.total == 200
    four = ines(ties=(SISTER, SKIFF, UNION, Tie("tie-cat", "The ship's cat", "Gravy.")))
    assert "covenant.creation.ties" in rules(four, Severity.ERROR)


def test_creation_over_ten_tokens_is_an_error() -> None:
    """Eleven Traits and Abilities cost 11 tokens; only 10 are available."""
    traits = tuple(Asset(f"t{i}", f"Trait {i}", AssetKind.TRAIT) for i in range(9))
    report = evaluate_covenant(ines(traits=traits, abilities=(SWEEP, RALLY)))
    (finding,) = [f for f in report.findings if f.rule == "covenant.creation.tokens"]
    assert finding.numbers == {"spent": 11, "available": 10}
    assert report.tokens.available == -1
    assert not report.legal


def test_missing_goals_are_warnings_because_goals_are_optional() -> None:
    report = evaluate_covenant(ines(major_goal=None, minor_goal=None))
    missing = [f for f in report.findings if f.rule == "covenant.goals.missing"]
    assert [f.where for f in missing] == ["creation.major_goal", "creation.minor_goal"]
    assert {f.severity for f in missing} == {Severity.WARNING}
    assert report.legal


def test_a_goal_needs_conditions_stakes_and_catharsis() -> None:
    vague = Goal("goal-vague", "Do well", conditions="Win.", stakes="", catharsis=" ")
    report = evaluate_covenant(ines(minor_goal=vague))
    (finding,) = [f for f in report.findings if f.rule == "covenant.goal.invalid"]
    assert finding.message == "Goal 'Do well' is missing its stakes and catharsis."
    assert finding.where == "creation.minor_goal"


def test_asset_shape_and_ids_are_checked() -> None:
    no_uses = Asset("empty", "Empty", AssetKind.ABILITY, uses=())
    twice = Asset(
        "twice",
        "Twice",
        AssetKind.ABILITY,
        uses=(AssetUse("go", UseState.TAP), AssetUse("go", UseState.EXPEND)),
    )
    clash = Asset("tie-sister", "Clash", AssetKind.TRAIT)
    found = rules(ines(abilities=(no_uses, twice), traits=(clash,)))
    assert found.count("covenant.asset.invalid") == 2
    assert "covenant.creation.duplicate_id" in found
    ability_as_trait = rules(ines(traits=(SWEEP,)))
    assert "covenant.asset.kind" in ability_as_trait


def test_a_tie_without_details_gets_a_warning() -> None:
    bare = Tie("tie-bare", "Someone")
    report = evaluate_covenant(ines(ties=(SISTER, SKIFF, bare)))
    (finding,) = report.findings
    assert (finding.rule, finding.severity, finding.where) == (
        "covenant.tie.details",
        Severity.WARNING,
        "creation.ties[2]",
    )


def test_minor_goal_is_due_at_the_end_of_the_chapter() -> None:
    c = ok(begin_scene(ines()))
    played = end_chapter(c)
    deadline = [f for f in played.findings if f.rule == "covenant.goal.deadline"]
    assert len(deadline) == 1
    assert deadline[0].severity is Severity.WARNING


def test_resolving_a_goal_empties_its_slot_for_a_new_one() -> None:
    c = ok(begin_scene(ines()))
    refused(set_goal(c, GoalSlot.MINOR, MEDICINE_RUN), c, "covenant.goal.slot_taken")
    c = ok(resolve_goal(c, GoalSlot.MINOR, fulfilled=True, note="crate delivered"))
    assert evaluate_covenant(c).minor_goal is None
    refused(resolve_goal(c, GoalSlot.MINOR, fulfilled=False), c, "covenant.goal.empty")
    nxt = Goal("goal-vote", "Win the strike vote", "Carry the vote.", "Xir seat.", "A new ally.")
    c = ok(set_goal(c, GoalSlot.MINOR, nxt))
    assert evaluate_covenant(c).minor_goal == nxt
    assert status(c, "goal-vote") == "ready"


def test_report_json_carries_every_number() -> None:
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 30))
    c = ok(use_asset(c, "rifles", "tap"))
    doc = evaluate_covenant(c).to_json()
    assert json.loads(json.dumps(doc)) == doc
    assert doc["discipline"] == {
        "free": 270,
        "scene": 30,
        "chapter": 0,
        "long_term": 0,
        "total": 300,
    }
    assert doc["tokens"]["available"] == 5
    assert [t["id"] for t in doc["ties"]["held"]] == ["tie-sister", "tie-skiff", "tie-union"]
    assert doc["phase"] == "scene"
    assert doc["legal"] is True
    rifles = next(a for a in doc["assets"] if a["id"] == "rifles")
    assert rifles == {
        "id": "rifles",
        "name": "Rifles",
        "source": "trait",
        "status": "tapped",
        "last_use": "tap",
        "uses": [{"name": "tap", "recharge": "tap", "effect": ""}],
    }
    assert doc["goals"]["major"]["id"] == "goal-loan"


def test_a_log_that_breaks_the_rules_is_reported_entry_by_entry() -> None:
    """A hand-edited file uses the rifle twice in one scene and overspends Discipline:
    both entries are refused, pointed at, and left out of the totals."""
    c = replace(
        ines(),
        log=(
            BeginScene(),
            UseAsset("rifles", "tap", UseState.TAP),
            UseAsset("rifles", "tap", UseState.TAP),
            Bid(400),
            Bid(20),
        ),
    )
    report = evaluate_covenant(c)
    assert report.refused_entries == (2, 3)
    wheres = {f.where: f.rule for f in report.findings}
    assert wheres["log[2]"] == "covenant.asset.not_ready"
    assert wheres["log[3]"] == "covenant.discipline.insufficient"
    assert report.discipline.free == 280
    assert not report.legal
