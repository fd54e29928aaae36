"""Status thresholds by group size (issue 15, item 6): more than N of a group needs a Status."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from builder.contract.gifts import (
    CatalogError,
    GiftDraft,
    ModifierChoice,
    evaluate_gift,
    load_catalog,
)
from builder.contract.status import Status

EFFECT = """
    category = "weird"
    category_name = "Weird"

    [effects.zap]
    name = "Zap"
    summary = "A small shock."
    prompt = "What does it look like?"
    template = ["{activation} to zap one target within 30 feet.", "The zap {traits}."]
    slots = { traits = "" }

    [effects.zap.styles.targeted]
    cost = 0

    [effects.zap.groups.charges]
    name = "Charges"
    min = 0
    rules = "extra tricks the zap can do"
    status_over = 1
    status = "seasoned"

    [effects.zap.enhancements.loud]
    name = "Loud"
    rules = "It bangs."
    slot = "traits"
    join = "and"
    text = "bangs like a gunshot"
    group = "charges"

    [effects.zap.enhancements.bright]
    name = "Bright"
    rules = "It flashes."
    slot = "traits"
    join = "and"
    text = "flashes blue"
    group = "charges"

    [effects.zap.enhancements.sticky]
    name = "Sticky"
    rules = "It clings."
    slot = "traits"
    join = "and"
    text = "clings to metal"
    group = "charges"
"""


def _house(tmp_path: Path, effect: str = EFFECT) -> Path:
    house = tmp_path / "house"
    (house / "effects").mkdir(parents=True)
    (house / "catalog.toml").write_text('name = "Sparks"\n', encoding="utf-8")
    (house / "effects" / "weird.toml").write_text(textwrap.dedent(effect), encoding="utf-8")
    return house


def _draft(*ids: str) -> GiftDraft:
    return GiftDraft("power", "zap", "targeted", tuple(ModifierChoice(i) for i in ids))


def test_one_is_free_and_two_need_the_status_with_the_reason(tmp_path: Path) -> None:
    catalog = load_catalog([_house(tmp_path)])
    one = evaluate_gift(_draft("loud"), catalog, Status.NOVICE)
    assert one.required_status is Status.NEWBIE and one.saveable
    two = evaluate_gift(_draft("loud", "bright"), catalog, Status.NOVICE)
    assert two.required_status is Status.SEASONED
    assert [(r.element, r.id, r.message) for r in two.status_reasons] == [
        ("group", "charges", "more than 1 from Charges (2 chosen) needs Seasoned Status")
    ]
    assert two.status_met is False and not two.saveable


def test_the_builder_shows_why_the_next_one_is_off(tmp_path: Path) -> None:
    catalog = load_catalog([_house(tmp_path)])
    one = evaluate_gift(_draft("loud"), catalog, Status.NOVICE)
    off = {u.id: u.reasons for u in one.unavailable}
    assert off["bright"] == ("needs Seasoned Status: more than 1 from Charges",)
    assert off["sticky"] == ("needs Seasoned Status: more than 1 from Charges",)
    seasoned = evaluate_gift(_draft("loud"), catalog, Status.SEASONED)
    assert "bright" not in {u.id for u in seasoned.unavailable}


def test_threshold_fields_go_together(tmp_path: Path) -> None:
    broken = EFFECT.replace('    status = "seasoned"\n', "", 1)
    with pytest.raises(CatalogError) as info:
        load_catalog([_house(tmp_path, broken)])
    assert any("'status_over'" in str(p) and "go together" in str(p) for p in info.value.problems)
