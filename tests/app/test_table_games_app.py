"""This Mortal Coil's and The Coven's application operations, without Qt."""

from __future__ import annotations

import random
from pathlib import Path

from builder.core.files import load_json
from builder.coven.chronicle import BeginWeek, PlaceMarker
from builder.mortal_coil.character import HarmKind, Retire, ShortRest
from builder.mortal_coil.file import from_document
from harbinger.app import coven, mortal_coil
from harbinger.app.common import commit
from models.library import Library
from resources import resource_path
from tests.builder.coven.examples import deal, town


def _okoye():  # type: ignore[no-untyped-def]
    return from_document(load_json(resource_path("mortal_coil", "okoye-vale.json"))).character


def test_damage_past_hp_is_a_plan_with_the_players_lines() -> None:
    """ "the opponent subtracts any armor bonus and applies the remainder to their HP. Any
    excess damage is applied to STR": 6 − armor 1 = 5, HP 4 → 0, STR 10 → 9."""
    plan = mortal_coil.take_harm(_okoye(), HarmKind.DAMAGE, 6, save=1)
    assert plan.allowed
    assert plan.lines == ("HP 4 → 0 (−4)", "STR 10 → 9 (−1)")
    assert plan.undo_text == "Undo Take damage"


def test_a_refused_rest_carries_the_rules_reason(tmp_path: Path) -> None:
    okoye = _okoye()
    retired = mortal_coil.record(okoye, Retire("done"), "Retire")
    assert retired.allowed and retired.after is not None
    refused = mortal_coil.record(retired.after, ShortRest(3), "Short rest")
    assert [f.message for f in refused.errors] == ["the character has retired"]


def test_a_fallout_roll_rerolls_what_is_taken() -> None:
    """ "re-rolling any duplicates": her fallout 7 is never the new one."""
    plan = mortal_coil.add_fallout(_okoye(), rng=random.Random(7))
    assert plan.allowed and plan.after is not None
    entry = plan.after.log[-1]
    assert entry.entry != 7 and entry.rolls[-1] == entry.entry  # type: ignore[union-attr]


def test_a_chronicle_step_is_checked_and_committed(library_path: Path) -> None:
    """ "Red King Add a corruption marker to any place" (the-coven.txt)."""
    chronicle = town()
    with Library.open(library_path) as library:
        commit(library, coven.create(chronicle), coven.store)
        early = coven.perform(chronicle, "Place marker (KH)", PlaceMarker("KH", "diner"))
        assert [f.rule for f in early.errors] == ["marker.phase"]
        begun = coven.perform(chronicle, "Record the week's deal", BeginWeek(deal(chronicle, "KH")))
        commit(library, begun, coven.store)
        assert begun.after is not None
        marked = coven.perform(begun.after, "Place marker (KH)", PlaceMarker("KH", "diner"))
        assert marked.lines == ("Markers 0 → 1 (+1)",)
        commit(library, marked, coven.store)
        assert library.load(chronicle.id).log[-1] == PlaceMarker("KH", "diner")
