"""The Gift Cost is one pure stage (resolve → price → check), not a total the checks add to.

"Gift Cost" (SPEC §3): Gift Cost = 1 + Gift Type adjustment + Effect×Style
adjustment + Enhancements − Drawbacks + Σ Parameters (chosen level − default).
"""

from __future__ import annotations

import dataclasses

from builder.contract.gifts import GiftDraft, ModifierChoice, default_catalog, evaluate_gift
from builder.contract.gifts.checks import GIFT_CHECKS, DraftCheck
from builder.contract.gifts.pricing import price

CATALOG = default_catalog()


def _resolved(draft: GiftDraft) -> DraftCheck:
    work = DraftCheck(draft, CATALOG, None)
    for check in GIFT_CHECKS:
        check(work)
        if work.stopped:
            break
    return work


def test_the_checks_price_nothing_and_price_reads_only_what_they_resolved() -> None:
    """Ember Lance: 1 base + 0 Power + 0 Targeted + 1 Armor-Piercing − 1 Focus Item = 1."""
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        enhancements=(ModifierChoice("armor_piercing"),),
        drawbacks=(ModifierChoice("focus_item", "a brass lighter"),),
    )
    work = _resolved(draft)
    assert not any("breakdown" in f.name for f in dataclasses.fields(DraftCheck))
    before = dataclasses.replace(work)
    lines = price(work)
    assert price(work) == lines and dataclasses.replace(work) == before
    assert [(line.source, line.id, line.amount) for line in lines] == [
        ("base", "", 1),
        ("type", "power", 0),
        ("style", "targeted", 0),
        ("enhancement", "armor_piercing", 1),
        ("drawback", "focus_item", -1),
        ("parameter", "range", 0),
        ("parameter", "damage", 0),
    ]
    assert evaluate_gift(draft, CATALOG).breakdown == lines


def test_an_unknown_effect_prices_only_the_base_and_the_type() -> None:
    """Nothing after the Type can be priced without the Effect."""
    lines = price(_resolved(GiftDraft("power", "no-such-effect", "targeted")))
    assert [(line.source, line.amount) for line in lines] == [("base", 1), ("type", 0)]
