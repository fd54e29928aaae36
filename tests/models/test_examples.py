"""The shipped example contractors: current with their generator, and adding up by the rules.

The numbers below are worked by hand from the rules text ("Character
Creation", "Earning Experience", "Spending Experience", "Gift Credits and
Improvements") and the sheets; the test only counts the ledger to compare.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from builder.contract.character import (
    BonusExp,
    BuyAsset,
    ContractAttended,
    Contractor,
    Craft,
    GiftChange,
    ImprovementGranted,
    Journal,
    JournalKind,
    Outcome,
    Raise,
    Therapy,
)
from builder.contract.file import read_character_file
from resources import resource_path

ROOT = Path(__file__).resolve().parents[2]


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "make_examples", ROOT / "scripts" / "make_examples.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_examples"] = module
    spec.loader.exec_module(module)
    return module


def _example(name: str) -> Contractor:
    return read_character_file(resource_path("examples", name))


def _of(contractor: Contractor, kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in contractor.ledger if isinstance(e, kind)]


def test_the_files_are_what_the_generator_writes() -> None:
    make_examples = _generator()
    for name, data in make_examples.example_files().items():
        assert resource_path("examples", name).read_bytes() == data, name


def test_the_generator_check_agrees_with_the_hand_worked_totals() -> None:
    make_examples = _generator()
    totals = {
        f.__name__: make_examples.check_arithmetic(f()) for f in make_examples.EXAMPLES.values()
    }
    assert totals["ines"]["available"] == 47
    assert totals["orrin"]["available"] == 56
    assert totals["wren"]["available"] == 37


def test_wren_is_a_fresh_newbie_with_a_gift_from_a_coin_of_charon() -> None:
    wren = _example("newbie-wren-halloway.json")
    assert _of(wren, ContractAttended) == []
    # Attributes: Perception 1→4 = 5 + 10 + 15 = 30; Charisma and Intellect 1→3 = 15 each;
    # Brawn and Dexterity 1→2 = 5 each: 70.
    # Abilities: Influence 0→4 = 2 + 2 + 4 + 6 = 14; Medicine 0→3 = 8; four at 2 = 16;
    # Technology 1 = 2; Secondary "Sign Language" 1 = 2: 42.
    # Assets Polyglot 1 + Contacts 2, Liability Trusting credits 2: net 1.  Total 113 of 150.
    assert wren.creation.charon_coin
    assert sum(a.value for a in wren.creation.assets) == 3
    assert sum(li.value for li in wren.creation.liabilities) == 2
    assert [(g.credits, g.cost_after) for g in _of(wren, GiftChange)] == [(1, 1)]
    assert [g.cost for g in wren.gifts] == [1]
    assert wren.source.name == "Grace"


def test_ines_is_seasoned_and_her_exp_adds_up() -> None:
    ines = _example("seasoned-ines-varga.json")
    contracts = _of(ines, ContractAttended)
    victories = [c for c in contracts if c.outcome is Outcome.VICTORY]
    assert (len(contracts), len(victories)) == (24, 11)  # Seasoned: 10–16 victories
    # Contracts: 20 at home × 3 + 4 away × 1 + 11 victories × 2 + 3 commissions × 2 = 92.
    assert sum(c.home for c in contracts) == 20
    assert sum(c.commission for c in contracts) == 3
    # Journals: 8 Contract Journals, the 4th and 8th give an Improvement instead: 6 Exp;
    # 2 Downtime Journals: 2 Exp.
    journals = _of(ines, Journal)
    assert [j.kind for j in journals].count(JournalKind.CONTRACT) == 8
    assert [j.kind for j in journals].count(JournalKind.DOWNTIME) == 2
    # Bonus Exp: GMing Into the Fold 6 + Ringer objective met 4 + Move write-up 2 = 12.
    assert [b.exp for b in _of(ines, BonusExp)] == [6, 4, 2]
    # Earned 92 + 8 + 12 = 112.  Spent after creation: raises 107, therapy 3, a Consumable 1,
    # the Polyglot Asset 1 × 3 = 3: 114.  Creation 101.  Available 150 − 101 + 112 − 114 = 47.
    raises = _of(ines, Raise)
    assert sum(r.exp for r in raises) == 107
    assert [r.exp for r in raises if r.kind == "attribute"] == [15, 15, 15, 10, 10]
    assert [t.exp for t in _of(ines, Therapy)] == [3]
    assert [c.exp for c in _of(ines, Craft)] == [0, 0, 1, 0]
    assert [b.exp for b in _of(ines, BuyAsset)] == [3]


def test_ines_spent_her_gift_credits_and_improvements_on_her_gift_costs() -> None:
    ines = _example("seasoned-ines-varga.json")
    changes = _of(ines, GiftChange)
    # Gift Credits: 11 victories + 1 Coin of Charon = 12; 9 spent.  Improvements: 2 from
    # Journals + 1 for GMing = 3, all spent.  Cap 2 × 11 = 22 ≥ 12 + 3.
    assert sum(c.credits for c in changes) == 9
    assert sum(c.improvements for c in changes) == 3
    assert len(_of(ines, ImprovementGranted)) == 1
    # Σ Gift Costs = credits + improvements spent: 4 + 1 + 1 + 4 + 2 = 12.
    assert [g.cost for g in ines.gifts] == [4, 1, 1, 4, 2]
    assert sum(g.cost for g in ines.gifts) == 12


def test_orrin_died_on_his_sixth_contract() -> None:
    orrin = _example("dead-orrin-vale.json")
    contracts = _of(orrin, ContractAttended)
    assert [c.outcome for c in contracts].count(Outcome.VICTORY) == 3
    assert contracts[-1].outcome is Outcome.DEATH and len(contracts) == 6
    # Earned: 5 + 3 + (1 + 2 + 2) + 3 + 5 + 3 = 24 from Contracts, 2 from Journals: 26.
    # Creation 55 + 38 − 2 = 91; raises 2 + 6 + 6 + 15 = 29.  Available 150 − 91 + 26 − 29 = 56.
    assert [r.exp for r in _of(orrin, Raise)] == [2, 6, 6, 15]
    assert len(_of(orrin, Journal)) == 2
    # Three victories, three Gift Credits, Gift Costs 2 + 1.
    assert sum(c.credits for c in _of(orrin, GiftChange)) == 3
    assert sum(g.cost for g in orrin.gifts) == 3
