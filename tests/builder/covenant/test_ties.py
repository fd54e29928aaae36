"""Ties and the Discipline they give ("Ties", "Losing Ties", "Losing All Ties")."""

from __future__ import annotations

from builder.covenant.character import DamageSeverity, Tie, UseState
from builder.covenant.rules import (
    begin_scene,
    bid,
    end_scene,
    end_turn,
    evaluate_covenant,
    gain_tie,
    lose_tie,
    use_asset,
)
from tests.builder.covenant.examples import discipline, ines, ok, refused, status


def test_three_ties_give_300_discipline_all_free() -> None:
    """Each tie is worth 100 discipline; Ines starts with 3 of them."""
    report = evaluate_covenant(ines())
    assert report.discipline.total == 300
    assert discipline(ines()) == (300, 0, 0, 0)
    assert [t.id for t in report.ties_held] == ["tie-sister", "tie-skiff", "tie-union"]
    assert report.ties_lost == ()


def test_losing_a_tie_loses_its_100_discipline() -> None:
    """The lender takes the Lantern: Ines loses that tie and is left with 200 discipline."""
    c = ok(lose_tie(ines(), "tie-skiff", "repossessed"))
    report = evaluate_covenant(c)
    assert report.discipline.total == 200
    assert discipline(c) == (200, 0, 0, 0)
    assert [t.id for t in report.ties_held] == ["tie-sister", "tie-union"]
    assert [t.id for t in report.ties_lost] == ["tie-skiff"]
    assert not report.eliminated


def test_lost_tie_discipline_comes_out_of_free_discipline_first() -> None:
    """Ines has bid 150 (scene damage) when xi loses a tie: the 100 comes out of xir
    150 free Discipline, the scene damage still comes back at the end of the scene."""
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 150))
    assert discipline(c) == (150, 150, 0, 0)
    c = ok(lose_tie(c, "tie-union"))
    assert discipline(c) == (50, 150, 0, 0)
    c = ok(end_scene(c))
    assert discipline(c) == (200, 0, 0, 0)


def test_lost_tie_takes_damage_when_free_discipline_runs_short() -> None:
    """With only 40 free, the other 60 of the lost tie comes from scene damage."""
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 180))
    c = ok(bid(c, 80, DamageSeverity.CHAPTER))
    assert discipline(c) == (40, 180, 80, 0)
    c = ok(lose_tie(c, "tie-sister"))
    assert discipline(c) == (0, 120, 80, 0)
    assert evaluate_covenant(c).discipline.total == 200


def test_losing_all_ties_eliminates_the_character() -> None:
    c = ines()
    for tie in ("tie-sister", "tie-skiff", "tie-union"):
        c = ok(lose_tie(c, tie))
    report = evaluate_covenant(c)
    assert report.discipline.total == 0
    assert report.eliminated
    assert report.elimination_cause == "all_ties_lost"
    refused(begin_scene(c), c, "covenant.eliminated")


def test_a_tie_can_be_tapped_as_a_trait_and_still_gives_discipline() -> None:
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "tie-sister", "tap"))
    assert status(c, "tie-sister") == "tapped"
    assert evaluate_covenant(c).discipline.total == 300
    c = ok(end_turn(c))
    assert status(c, "tie-sister") == "tapped"


def test_a_tie_cannot_be_destroyed_like_gear_or_tapped_once_lost() -> None:
    c = ok(begin_scene(ines()))
    refused(use_asset(c, "tie-skiff", "tap", UseState.DESTROY), c, "covenant.asset.indestructible")
    c = ok(lose_tie(c, "tie-skiff"))
    refused(use_asset(c, "tie-skiff", "tap"), c, "covenant.asset.unknown")
    refused(lose_tie(c, "tie-skiff"), c, "covenant.tie.unknown")


def test_a_new_tie_adds_100_free_discipline() -> None:
    """A fulfilled major goal's catharsis may be a new tie."""
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 30))
    c = ok(gain_tie(c, Tie("tie-ship", "The crew's own ship", "Free and clear.")))
    assert discipline(c) == (370, 30, 0, 0)
    assert evaluate_covenant(c).discipline.total == 400
    refused(gain_tie(c, Tie("rifles", "Clash")), c, "covenant.tie.invalid")
