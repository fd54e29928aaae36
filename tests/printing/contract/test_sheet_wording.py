"""The printed sheet's wording (issue 16 item 10): cost sums, Source, Journals, rule check.

Worked from the example files and the rules text:

* "Building Custom Gifts": the Gift Cost is 1 plus each adjustment, so a Gift
  with Weapon Damage 3 bought for 1 reads "1 (Base) + 1 (Weapon Damage: 3) = 2".
* Ines Varga (Seasoned) keeps 10 Journals of 320 words in her ledger
  ("Journals": 250+ words earn Exp); the Story section lists each.
* Wren Halloway (Newbie) may not choose replenishment conditions yet, and the
  sheet says so once.
"""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

from pypdf import PdfReader

from builder.core import files
from builder.core.registry import read_document
from printing.contract.gift_blocks import gift_cost_sum
from printing.contract.sheet import render_contractor_sheet
from printing.contract.snapshot import print_snapshot
from printing.contract.views import CostPart
from tests.printing.contract.samples import sample_gift

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "resources" / "examples"


def printed(name: str) -> str:
    contractor = read_document(files.load_json(EXAMPLES / name)).character
    out = io.BytesIO()
    render_contractor_sheet(print_snapshot(contractor), out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def test_a_cost_term_with_its_own_number_keeps_apart_from_its_amount() -> None:
    weapon = dataclasses.replace(
        sample_gift(1), cost=2, breakdown=(CostPart("Base", 1), CostPart("Weapon Damage: 3", 1))
    )
    assert str(gift_cost_sum(weapon)) == "Gift Cost: 1 (Base) + 1 (Weapon Damage: 3) = 2"
    parts = (CostPart("Base", 1), CostPart("Focus Item", -1), CostPart("Armor-Piercing", 1))
    focus = dataclasses.replace(sample_gift(2), cost=1, breakdown=parts)
    assert str(gift_cost_sum(focus)) == (
        "Gift Cost: 1 (Base) − 1 (Focus Item) + 1 (Armor-Piercing) = 1"
    )


def test_a_newbie_sheet_says_once_that_there_are_no_replenishment_conditions() -> None:
    text = printed("newbie-wren-halloway.json")
    assert text.lower().count("no replenishment conditions") == 1
    assert "Newbie: no replenishment conditions yet" in text


def test_the_story_lists_every_journal_with_its_words_and_exp() -> None:
    text = printed("seasoned-ines-varga.json")
    story = text[text.index("Story") :]
    journals = story[story.index("Journals Date Journal Title Words Exp") :]
    assert "2023-02-12 Contract What the orchard kept 320 +1" in journals
    assert "2023-04-15 Downtime Quiet weeks 320 +1" in journals


def test_the_rule_check_names_places_in_the_games_words() -> None:
    text = printed("seasoned-ines-varga.json")
    check = text[text.index("Rule check") :]
    assert re.search(r"\b[a-z_]+\[\d+\]", check) is None, check
    assert "Limit 'Desecration'" in check
    assert "Log, 2023-02-12" in check
    assert "Loose End 'The Saltmarsh reed crown'" in check
