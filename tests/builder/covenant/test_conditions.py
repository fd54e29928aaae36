"""Conditions and drains ("Conditions", "Drains")."""

from __future__ import annotations

from builder.covenant.character import Condition, CovenantCharacter, DamageSeverity, Drain
from builder.covenant.rules import (
    add_condition,
    add_drain,
    begin_scene,
    bid,
    cure_condition,
    cure_drain,
    drain_tick,
    end_chapter,
    end_scene,
    evaluate_covenant,
)
from tests.builder.covenant.examples import discipline, ines, ok, refused

WINDED = Condition("winded", "Winded", "1 disadvantage on Movement bids.", "catch a breath")
RIBS = Condition(
    "ribs", "Cracked Ribs", "1 disadvantage on Fighting bids.", "a medic and rest", lingering=True
)
ON_FIRE = Drain("fire", "On Fire", "every round", 5, DamageSeverity.SCENE, "put out the fire")
TOXIN = Drain(
    "toxin", "Nerve Toxin", "every 15 minutes", 5, DamageSeverity.CHAPTER, "the antidote", True
)


def conditions(c: CovenantCharacter) -> list[str]:
    return [x.id for x in evaluate_covenant(c).conditions]


def drains(c: CovenantCharacter) -> list[str]:
    return [x.id for x in evaluate_covenant(c).drains]


def test_fast_condition_is_cured_at_the_end_of_the_scene() -> None:
    c = ok(begin_scene(ines()))
    c = ok(add_condition(c, WINDED))
    c = ok(add_condition(c, RIBS))
    assert conditions(c) == ["winded", "ribs"]
    c = ok(end_scene(c))
    assert conditions(c) == ["ribs"]


def test_lingering_condition_stays_until_cured() -> None:
    c = ok(begin_scene(ines()))
    c = ok(add_condition(c, RIBS))
    c = ok(end_scene(c))
    played = end_chapter(c)
    c = ok(played)
    assert conditions(c) == ["ribs"]
    # The FM may cure it now; Harbinger reminds rather than decides.
    assert "covenant.lingering.may_cure" in [f.rule for f in played.findings]
    c = ok(cure_condition(c, "ribs", "a week in the clinic"))
    assert conditions(c) == []
    refused(cure_condition(c, "ribs"), c, "covenant.condition.unknown")
    c = ok(add_condition(c, RIBS))
    refused(add_condition(c, RIBS), c, "covenant.condition.invalid")


def test_condition_contracted_between_scenes_is_cured_at_the_end_of_the_next_scene() -> None:
    c = ok(begin_scene(ines()))
    c = ok(end_scene(c))
    c = ok(add_condition(c, WINDED))
    c = ok(begin_scene(c))
    assert conditions(c) == ["winded"]
    c = ok(end_scene(c))
    assert conditions(c) == []


def test_fast_drain_burns_every_round_until_the_scene_ends() -> None:
    """On fire: 5 scene damage every round. Three rounds cost Ines 15 Discipline, which
    comes back with the rest of xir scene damage once the scene is over."""
    c = ok(begin_scene(ines()))
    c = ok(add_drain(c, ON_FIRE))
    for _ in range(3):
        c = ok(drain_tick(c, "fire"))
    assert discipline(c) == (285, 15, 0, 0)
    c = ok(end_scene(c))
    assert drains(c) == []
    assert discipline(c) == (300, 0, 0, 0)


def test_lingering_drain_keeps_damaging_until_free_discipline_is_gone() -> None:
    """Nerve toxin, 5 chapter damage every 15 minutes. It outlasts the scene; with 3 free
    Discipline left the next cycle takes those 3 and the drain stops."""
    c = ok(begin_scene(ines()))
    c = ok(add_drain(c, TOXIN))
    c = ok(drain_tick(c, "toxin"))
    assert discipline(c) == (295, 0, 5, 0)
    c = ok(end_scene(c))
    assert drains(c) == ["toxin"]
    c = ok(begin_scene(c))
    c = ok(bid(c, 292))
    c = ok(drain_tick(c, "toxin"))
    assert discipline(c) == (0, 292, 8, 0)
    assert drains(c) == []


def test_a_drain_has_nothing_to_take_from_zero_free_discipline() -> None:
    c = ok(begin_scene(ines()))
    c = ok(add_drain(c, ON_FIRE))
    c = ok(bid(c, 300))
    refused(drain_tick(c, "fire"), c, "covenant.drain.nothing_free")


def test_receiving_the_cure_stops_a_drain() -> None:
    c = ok(begin_scene(ines()))
    c = ok(add_drain(c, TOXIN))
    c = ok(cure_drain(c, "toxin", "antidote from the ship's locker"))
    assert drains(c) == []
    refused(drain_tick(c, "toxin"), c, "covenant.drain.unknown")
    refused(cure_drain(c, "toxin"), c, "covenant.drain.unknown")
    broken = Drain("leak", "Leak", "every round", 0, DamageSeverity.SCENE, "patch it")
    refused(add_drain(c, broken), c, "covenant.drain.invalid")
