"""Covenant's application operations without Qt: plans, refusals, and the one runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.core.files import load_json
from builder.covenant.character import BeginScene, Bid, DamageSeverity
from builder.covenant.file import from_document
from harbinger.app import covenant
from harbinger.app.common import Refused, commit
from models.library import Library
from resources import resource_path


def _ines():  # type: ignore[no-untyped-def]
    document = load_json(resource_path("examples", "covenant-ines-okafor-vell.json"))
    return from_document(document).character


def test_a_bid_plans_the_log_entry_and_the_change_in_the_players_terms() -> None:
    """ "Discipline spent on bids is considered scene damage" (covenant-rules-summary)."""
    ines = _ines()
    plan = covenant.play(ines, Bid(30, DamageSeverity.SCENE), "Spend 30")
    assert plan.allowed and plan.after is not None
    assert plan.after.log == (*ines.log, Bid(30, DamageSeverity.SCENE))
    assert plan.lines == ("Free Discipline 285 → 255 (−30)", "Scene damage 0 → 30 (+30)")
    assert plan.undo_text == "Undo Spend 30"


def test_the_runner_stores_an_accepted_plan_and_refuses_a_refused_one(library_path: Path) -> None:
    with Library.open(library_path) as library:
        ines = _ines()
        commit(library, covenant.create(ines), covenant.store)
        commit(library, covenant.play(ines, BeginScene("docks")), covenant.store)
        held = library.load(ines.id)
        assert held.log[-1] == BeginScene("docks")
        refused = covenant.play(held, Bid(10_000))
        with pytest.raises(Refused, match="Only 285 free Discipline"):
            commit(library, refused, covenant.store)
        assert library.load(ines.id) == held


def test_an_own_trait_gets_an_id_nobody_holds() -> None:
    ines = _ines()
    first = covenant.own_trait(ines, "Stubborn as Rust")
    assert (first.id, first.name) == ("trait-stubborn-as-rust", "Stubborn as Rust")
