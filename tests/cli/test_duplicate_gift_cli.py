"""``harbinger contractor duplicate-gift``: the Gifts tab's Duplicate, headless (issue 31.4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.walk import CREATION, DRAFT, harbinger, ok


def _character(capsys: Any, tmp_path: Path) -> dict[str, Any]:
    out = tmp_path / "export.json"
    ok(capsys, f"db export mara -o {out}")
    return dict(json.loads(out.read_text("utf-8"))["character"])


@pytest.fixture
def mara(capsys: Any, tmp_path: Path) -> str:
    """Mara: a Coin of Charon's Gift Credit spent on Needle Rain (cost 1), then a victory:
    "A Contractor that claims Victory in a Contract gains one Gift Credit" — 1 unspent."""
    path = tmp_path / "creation.json"
    path.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {path}")
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps(DRAFT), encoding="utf-8")
    ok(capsys, f"contractor gift mara {draft} --date 2026-03-01")
    ok(
        capsys,
        "contractor record-contract mara --scenario Heist --outcome victory --date 2026-03-08",
    )
    return "mara"


def test_a_copy_is_a_new_gift_paid_with_a_gift_credit(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """Needle Rain costs 1 (1 base + 0 Power + 0 Injure as Targeted): its copy spends the one
    unspent Gift Credit, 1 → 0, and is named "Needle Rain (copy)" as the desktop names it."""
    held = _character(capsys, tmp_path)["gifts"][0]
    done = ok(capsys, f"contractor duplicate-gift mara --gift {held['id']} --date 2026-03-09")
    assert any(line.startswith("Gift Credits available 1 → 0") for line in done["lines"])
    gifts = _character(capsys, tmp_path)["gifts"]
    assert len(gifts) == 2
    copy = gifts[1]
    assert copy["draft"]["name"] == "Needle Rain (copy)"
    assert copy["cost"] == 1
    assert {k: v for k, v in copy["draft"].items() if k != "name"} == {
        k: v for k, v in held["draft"].items() if k != "name"
    }
    assert copy["id"] != held["id"]


def test_a_copy_can_be_named(capsys: Any, tmp_path: Path, mara: str) -> None:
    held = _character(capsys, tmp_path)["gifts"][0]
    ok(capsys, f"contractor duplicate-gift mara --gift {held['id']} --name Hailstorm")
    assert _character(capsys, tmp_path)["gifts"][1]["draft"]["name"] == "Hailstorm"


def test_without_a_gift_credit_the_copy_is_refused_and_nothing_stored(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    held = _character(capsys, tmp_path)["gifts"][0]
    ok(capsys, f"contractor duplicate-gift mara --gift {held['id']}")
    before = _character(capsys, tmp_path)
    code, document, err = harbinger(capsys, f"contractor duplicate-gift mara --gift {held['id']}")
    assert code == 1 and document["refused"]
    assert "Gift Credit" in err
    assert _character(capsys, tmp_path) == before


def test_an_unknown_gift_is_refused_by_name(capsys: Any, tmp_path: Path, mara: str) -> None:
    before = _character(capsys, tmp_path)
    code, document, err = harbinger(capsys, "contractor duplicate-gift mara --gift nope")
    assert code == 1 and document["refused"][0]["rule"] == "rewards.unknown_gift"
    assert "holds no Gift 'nope' to duplicate" in err
    assert _character(capsys, tmp_path) == before


LEGENDARY_DRAFT: dict[str, Any] = {
    "format": "harbinger.gift-draft",
    "version": 1,
    "type": "legendary_artifact",
    "effect": "injure",
    "style": "targeted",
    "name": "Ember Edge",
}
"""A Legendary Artifact Gift of Gift Cost 1 (Injure, Targeted), as tests/cli/test_items_cli.py."""


@pytest.fixture
def mara_with_sunsword(capsys: Any, tmp_path: Path) -> str:
    """Mara's Coin of Charon Gift Credit spent on Ember Edge, invested in the Sunsword ("you
    may invest multiple Gifts and Improvements into a single Legendary Artifact"), then a
    victory: "A Contractor that claims Victory in a Contract gains one Gift Credit"."""
    path = tmp_path / "creation.json"
    path.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {path}")
    draft = tmp_path / "edge.json"
    draft.write_text(json.dumps(LEGENDARY_DRAFT), encoding="utf-8")
    ok(capsys, f"contractor gift mara {draft} --artifact Sunsword --date 2026-03-01")
    ok(
        capsys,
        "contractor record-contract mara --scenario Heist --outcome victory --date 2026-03-08",
    )
    return "mara"


def test_a_copy_goes_into_the_artifact_named(
    capsys: Any, tmp_path: Path, mara_with_sunsword: str
) -> None:
    """The copy of Ember Edge (cost 1) spends the victory's Gift Credit, 1 → 0, and sits in the
    Sunsword beside the Gift it copies: one artifact holding both."""
    held = _character(capsys, tmp_path)["gifts"][0]
    done = ok(
        capsys,
        f"contractor duplicate-gift mara --gift {held['id']} --artifact Sunsword --date 2026-03-09",
    )
    assert any(line.startswith("Gift Credits available 1 → 0") for line in done["lines"])
    character = _character(capsys, tmp_path)
    copy = character["gifts"][1]
    assert copy["draft"]["name"] == "Ember Edge (copy)"
    assert [a["name"] for a in character["stock"]["legendary"]] == ["Sunsword"]
    assert character["stock"]["legendary"][0]["gifts"] == [held["id"], copy["id"]]


def test_a_copy_into_a_new_artifact_puts_it_on_the_sheet(
    capsys: Any, tmp_path: Path, mara_with_sunsword: str
) -> None:
    held = _character(capsys, tmp_path)["gifts"][0]
    ok(capsys, f"contractor duplicate-gift mara --gift {held['id']} --artifact 'Moon Lance'")
    character = _character(capsys, tmp_path)
    legendary = {a["name"]: a["gifts"] for a in character["stock"]["legendary"]}
    assert legendary == {"Sunsword": [held["id"]], "Moon Lance": [character["gifts"][1]["id"]]}


def test_a_gift_that_is_no_legendary_artifact_is_not_invested_and_nothing_stored(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """Needle Rain is a Power, not a Legendary Artifact Gift: refused, the sheet unchanged."""
    held = _character(capsys, tmp_path)["gifts"][0]
    before = _character(capsys, tmp_path)
    code, document, err = harbinger(
        capsys, f"contractor duplicate-gift mara --gift {held['id']} --artifact Sunsword"
    )
    assert code == 1 and document["refused"]
    assert "Needle Rain (copy) is not a Legendary Artifact Gift (its Gift Type is power)" in err
    assert _character(capsys, tmp_path) == before
