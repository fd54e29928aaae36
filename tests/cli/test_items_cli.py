"""``harbinger contractor artifact|invest|item-state|use|transfer`` (issue 31, items 1 and 2).

Rules text: Legendary Artifacts "can be lost, destroyed, or even stolen";
"you may invest multiple Gifts and Improvements into a single Legendary
Artifact"; Consumables "grant an Effect once before being 'consumed'" and
"can be shared and traded around".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.walk import CREATION, harbinger, ok

LEGENDARY_DRAFT: dict[str, Any] = {
    "format": "harbinger.gift-draft",
    "version": 1,
    "type": "legendary_artifact",
    "effect": "injure",
    "style": "targeted",
    "name": "Ember Edge",
}
"""A Legendary Artifact Gift of Gift Cost 1 (Injure, Targeted)."""


def _write(tmp_path: Path, name: str, document: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _stock(capsys: Any, tmp_path: Path, contractor: str) -> dict[str, Any]:
    out = tmp_path / f"{contractor}.json"
    ok(capsys, f"db export {contractor} -o {out} --overwrite")
    return dict(json.loads(out.read_text("utf-8"))["character"]["stock"])


@pytest.fixture
def pair(capsys: Any, tmp_path: Path) -> tuple[str, str]:
    """Mara with three Flash Bombs and Bo with none, in one library."""
    ok(capsys, f"contractor create {_write(tmp_path, 'mara.json', CREATION)}")
    bo = {**CREATION, "id": "bo", "concept": {"name": "Bo Lindqvist", "player": "Tam"}}
    ok(capsys, f"contractor create {_write(tmp_path, 'bo.json', bo)}")
    bombs = {"consumables": [{"name": "Flash Bomb", "quantity": 3}]}
    ok(capsys, f"contractor stock mara {_write(tmp_path, 'stock.json', bombs)}")
    return "mara", "bo"


def test_transfer_moves_three_to_one_and_none_to_two(
    capsys: Any, tmp_path: Path, pair: tuple[str, str]
) -> None:
    """Mara trades two of her three Flash Bombs to Bo: Mara 3 → 1, Bo 0 → 2; both logs say so."""
    done = ok(
        capsys,
        "contractor transfer mara --to bo --item 'Flash Bomb' --quantity 2 --how traded "
        "--date 2026-11-20 --note 'for a map'",
    )
    assert [c["id"] for c in done["contractors"]] == ["mara", "bo"]
    mara, bo = _stock(capsys, tmp_path, "mara"), _stock(capsys, tmp_path, "bo")
    assert mara["consumables"][0]["quantity"] == 1
    assert bo["consumables"] == [{"name": "Flash Bomb", "gift_id": "", "quantity": 2, "detail": ""}]
    assert [
        (e["action"], e["transfer"], e["quantity"], e["other_id"]) for e in mara["item_log"]
    ] == [("sent", "traded", 2, "bo")]
    assert [(e["action"], e["other"], e["note"]) for e in bo["item_log"]] == [
        ("received", "Mara Quill", "for a map")
    ]


def test_a_refused_transfer_stores_neither(
    capsys: Any, tmp_path: Path, pair: tuple[str, str]
) -> None:
    code, document, err = harbinger(
        capsys, "contractor transfer mara --to bo --item 'Flash Bomb' --quantity 4"
    )
    assert code == 1
    assert [f["rule"] for f in document["refused"]] == ["items.too_few"]
    assert "Mara Quill holds 3 Flash Bomb, not 4" in err
    assert "item_log" not in _stock(capsys, tmp_path, "bo")
    assert _stock(capsys, tmp_path, "mara")["consumables"][0]["quantity"] == 3


def test_a_transfer_to_an_unknown_contractor_is_bad_input(
    capsys: Any, tmp_path: Path, pair: tuple[str, str]
) -> None:
    code, _document, err = harbinger(capsys, "contractor transfer mara --to nobody --item x")
    assert code == 2
    assert "no character with id 'nobody'" in err


def test_use_takes_one_and_logs_it(capsys: Any, tmp_path: Path, pair: tuple[str, str]) -> None:
    done = ok(capsys, "contractor use mara --item 'Flash Bomb' --date 2026-11-21")
    assert "Flash Bomb 3 → 2" in done["lines"]
    stock = _stock(capsys, tmp_path, "mara")
    assert stock["consumables"][0]["quantity"] == 2
    assert stock["item_log"][0]["action"] == "use"


def test_artifact_invest_and_state(capsys: Any, tmp_path: Path, pair: tuple[str, str]) -> None:
    """A Legendary Artifact with a Gift in it; lost, its Gift is inactive (the line says so)."""
    draft = _write(tmp_path, "edge.json", LEGENDARY_DRAFT)
    gift = ok(capsys, f"contractor gift mara {draft}")
    assert gift["done"]
    ok(capsys, "contractor artifact mara --name Sunsword --description 'a star-forged blade'")
    held = _stock(capsys, tmp_path, "mara")
    assert held["legendary"][0]["name"] == "Sunsword"
    exported = json.loads((tmp_path / "mara.json").read_text("utf-8"))["character"]
    gift_id = exported["gifts"][0]["id"]
    ok(capsys, f"contractor invest mara --artifact Sunsword --gift {gift_id}")
    lost = ok(capsys, "contractor item-state mara --item Sunsword --state lost --note 'river'")
    assert lost["lines"][0] == "Sunsword: lost (its 1 Gift inactive)"
    stock = _stock(capsys, tmp_path, "mara")
    assert stock["legendary"] == [
        {
            "name": "Sunsword",
            "description": "a star-forged blade",
            "gifts": [gift_id],
            "state": "lost",
        }
    ]
    with pytest.raises(SystemExit) as bad:
        harbinger(capsys, "contractor item-state mara --item Sunsword --state gone")
    assert bad.value.code == 2
    assert "invalid choice: 'gone'" in capsys.readouterr().err


def test_gift_with_artifact_adds_it_to_a_new_legendary_artifact(
    capsys: Any, tmp_path: Path, pair: tuple[str, str]
) -> None:
    """Add to … headless: the Gift is saved (1 Gift Credit, its cost) and sits in the Sunsword."""
    draft = _write(tmp_path, "edge.json", LEGENDARY_DRAFT)
    done = ok(capsys, f"contractor gift mara {draft} --artifact Sunsword")
    assert "in Sunsword" in done["done"]
    out = tmp_path / "mara-full.json"
    ok(capsys, f"db export mara -o {out}")
    character = json.loads(out.read_text("utf-8"))["character"]
    assert character["stock"]["legendary"][0]["gifts"] == [character["gifts"][0]["id"]]
    assert character["gifts"][0]["cost"] == 1
