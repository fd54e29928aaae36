"""``harbinger contractor ...``: every operation on a contractor, headless (issue 26, item 2).

Each command is checked for what it does (the exact figures, worked from the
rules text), for a rule's refusal (exit 1, the rule's own message, nothing
stored) and for bad input (exit 2, what and where, nothing stored).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.walk import CREATION, DRAFT, harbinger, ok


@pytest.fixture
def mara(capsys: Any, tmp_path: Path) -> str:
    """A new contractor, Mara (85 Exp left of 150, 1 Gift Credit from a Coin of Charon)."""
    path = tmp_path / "creation.json"
    path.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {path}")
    return "mara"


def _ledger(capsys: Any, tmp_path: Path) -> list[dict[str, Any]]:
    out = tmp_path / "export.json"
    ok(capsys, f"db export mara -o {out}")
    return list(json.loads(out.read_text("utf-8"))["character"]["ledger"])


def _write(tmp_path: Path, name: str, document: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- create


def test_create_overspent_is_refused_with_the_rule(capsys: Any, tmp_path: Path) -> None:
    """Brawn, Dexterity, Perception, Charisma and Intellect 1 → 5 are 5 + 10 + 15 + 20 = 50
    each ("Attributes: current rating x5 Exp"): 250, with the 20 of the Abilities 270 of
    "150 Exp", 120 too many."""
    five = dict.fromkeys(("brawn", "dexterity", "perception", "charisma", "intellect"), 5)
    path = _write(tmp_path, "c.json", {**CREATION, "attributes": five})
    code, document, err = harbinger(capsys, f"contractor create {path}")
    assert code == 1
    assert [f["rule"] for f in document["refused"]] == ["exp.overspent"]
    assert "cost 270 Exp but a new contractor has 150; 120 Exp too many" in err
    assert ok(capsys, "db list")["contractors"] == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "harbinger.contractor"}, "format: expected 'harbinger.contractor-creation'"),
        ({"attributes": {"brawn": "three"}}, "attributes.brawn"),
        ({"concept": {}}, "concept"),
        ({"assets": [{"id": "no_such_asset"}]}, "assets[0].id: 'no_such_asset'"),
        ({"liabilities": [{"id": "rich"}]}, "liabilities[0].id: 'rich' is not a liability"),
    ],
)
def test_create_bad_file_exits_2_saying_what_and_where(
    capsys: Any, tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    path = _write(tmp_path, "c.json", {**CREATION, **change})
    code, document, err = harbinger(capsys, f"contractor create {path}")
    assert (code, document) == (2, None)
    assert str(path) in err and message in err
    assert ok(capsys, "db list")["contractors"] == []


def test_create_twice_is_bad_input(capsys: Any, tmp_path: Path, mara: str) -> None:
    path = _write(tmp_path, "again.json", CREATION)
    code, _document, err = harbinger(capsys, f"contractor create {path}")
    assert code == 2 and "already has a character 'mara'" in err


# --------------------------------------------------------------------------- earning


def test_record_contract_from_a_json_input(capsys: Any, tmp_path: Path, mara: str) -> None:
    """ "+1 Exp - Attend a Contract outside of their home Playgroup" and "+2 Exp - Claim
    victory": 3 Exp and one Gift Credit ("A Contractor that claims Victory ... gains one")."""
    inputs = _write(
        tmp_path,
        "in.json",
        {"scenario": "Far Shore", "outcome": "victory", "away": True, "date": "2026-03-01"},
    )
    done = ok(capsys, f"contractor record-contract {mara} --input {inputs}")
    assert done["lines"] == [
        "Exp earned 0 → 3 (+3)",
        "Exp available 85 → 88 (+3)",
        "Gift Credits available 1 → 2 (+1)",
        "Victories 0 → 1 (+1)",
    ]
    assert done["undo"] == "Undo Record Contract"
    assert _ledger(capsys, tmp_path)[0]["home"] is False


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ("contractor record-contract mara --outcome victory", "--scenario is required"),
        ("contractor journal mara --title T --words many", "--words must be a whole number"),
        ("contractor record-contract nobody --scenario S --outcome victory", "no character"),
    ],
)
def test_bad_input_exits_2(capsys: Any, mara: str, argv: str, message: str) -> None:
    code, _document, err = harbinger(capsys, argv)
    assert code == 2 and message in err


def test_input_with_a_wrong_type_or_unknown_field_exits_2(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    wrong = _write(tmp_path, "a.json", {"scenario": "S", "outcome": "victory", "away": "yes"})
    code, _d, err = harbinger(capsys, f"contractor record-contract mara --input {wrong}")
    assert code == 2 and "away: expected true or false" in err
    unknown = _write(tmp_path, "b.json", {"scenario": "S", "outcome": "won"})
    code, _d, err = harbinger(capsys, f"contractor record-contract mara --input {unknown}")
    assert code == 2 and "outcome: 'won' is not one of victory, failure, death" in err
    extra = _write(tmp_path, "c.json", {"scenario": "S", "outcome": "victory", "exp": 99})
    code, _d, err = harbinger(capsys, f"contractor record-contract mara --input {extra}")
    assert code == 2 and "unknown field 'exp'" in err
    assert _ledger(capsys, tmp_path) == []


def test_an_argparse_choice_is_checked_before_anything(capsys: Any, mara: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        harbinger(capsys, "contractor record-contract mara --scenario S --outcome won")
    assert exit_.value.code == 2


def test_bonus_exp_is_refused_past_its_cap(capsys: Any, mara: str) -> None:
    """ "You cannot grant Bonus Experience to a Contractor if their total earned Experience
    is greater than 10 + (number of victories x 12)": with no victory the cap is 10; 6 Exp
    on 0 earned and 6 more on 6 are allowed, the next on 12 earned is refused."""
    for _ in range(2):
        ok(capsys, "contractor bonus mara --kind gm_into_the_fold --date 2026-03-01")
    code, document, err = harbinger(
        capsys, "contractor bonus mara --kind gm_into_the_fold --date 2026-03-02"
    )
    assert code == 1 and document["refused"]
    assert "refused" in err


# --------------------------------------------------------------------------- spending


def test_spend_to_a_rating_and_refused_without_exp(capsys: Any, tmp_path: Path, mara: str) -> None:
    """Firearms 3 → 5 is 3 × 2 + 4 × 2 = 14 ("current rating x2 Exp"); Intellect 2 → 5 is
    10 + 15 + 20 = 45, Charisma 2 → 5 another 45: 85 − 14 − 45 = 26 left, too few."""
    done = ok(capsys, "contractor spend mara --kind ability --trait firearms --to 5")
    assert "Exp available 85 → 71 (−14)" in done["lines"]
    ok(capsys, "contractor spend mara --kind attribute --trait intellect --to 5")
    code, _document, err = harbinger(
        capsys, "contractor spend mara --kind attribute --trait charisma --to 5"
    )
    assert code == 1 and "Spend Exp refused" in err
    assert len(_ledger(capsys, tmp_path)) == 2


def test_buy_asset_and_an_unknown_one(capsys: Any, tmp_path: Path, mara: str) -> None:
    """Before the first Contract an Asset costs its value (Polyglot: 1, from the catalog)."""
    done = ok(capsys, "contractor buy-asset mara --asset polyglot --detail Latin")
    assert done["done"] == "Buy Polyglot"
    assert "Exp available 85 → 84 (−1)" in done["lines"]
    code, _document, err = harbinger(capsys, "contractor buy-asset mara --asset no_such")
    assert code == 2 and "'no_such' is not an Asset of the catalog" in err


# --------------------------------------------------------------------------- gifts


def test_gift_from_a_draft_and_refused_without_credits(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """The Coin of Charon's one Gift Credit pays a Gift of Gift Cost 1; a second new Gift
    has none left ("A Gift may only be given to a Contractor who has enough available Gift
    Credits")."""
    draft = _write(tmp_path, "draft.json", DRAFT)
    done = ok(capsys, f"contractor gift mara {draft}")
    assert "Gift Credits available 1 → 0 (−1)" in done["lines"]
    second = _write(tmp_path, "second.json", {**DRAFT, "name": "Second Rain"})
    code, document, _err = harbinger(capsys, f"contractor gift mara {second}")
    assert code == 1 and document["refused"]
    assert len(_ledger(capsys, tmp_path)) == 1


def test_gift_bad_draft_exits_2(capsys: Any, tmp_path: Path, mara: str) -> None:
    draft = _write(tmp_path, "draft.json", {**DRAFT, "format": "nope"})
    code, _document, err = harbinger(capsys, f"contractor gift mara {draft}")
    assert code == 2 and "gift draft: format: expected 'harbinger.gift-draft'" in err
    code, _document, err = harbinger(capsys, "contractor gift mara")
    assert code == 2 and "DRAFT is required" in err


# --------------------------------------------------------------------------- corrections


def test_correct_replaces_an_entry_and_refuses_a_missing_one(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """A failure at home earns 3; replaced by a victory at home it earns 3 + 2 = 5."""
    ok(capsys, "contractor record-contract mara --scenario S --outcome failure --date 2026-03-01")
    entry = {
        "type": "contract",
        "date": "2026-03-01",
        "scenario": "S",
        "home": True,
        "outcome": "victory",
    }
    replacement = _write(tmp_path, "entry.json", entry)
    done = ok(capsys, f"contractor correct mara --entry 0 --replacement {replacement}")
    assert "Exp earned 3 → 5 (+2)" in done["lines"]
    code, _document, err = harbinger(capsys, "contractor correct mara --entry 7")
    assert code == 1 and "there is no entry 7" in err
    bad = _write(tmp_path, "bad.json", {"type": "contract", "date": 5})
    code, _document, err = harbinger(
        capsys, f"contractor correct mara --entry 0 --replacement {bad}"
    )
    assert code == 2 and "replacement" in err


def test_an_operation_on_another_games_character_is_bad_input(capsys: Any, tmp_path: Path) -> None:
    from resources import resource_path

    ok(capsys, f"db import {resource_path('examples', 'covenant-ines-okafor-vell.json')}")
    other = ok(capsys, "db list")["covenant_characters"][0]["id"]
    code, _document, err = harbinger(capsys, f"contractor journal {other} --title T")
    assert code == 2 and "is not a contractor" in err


# --------------------------------------------------------------------------- sheet text


def test_concept_and_stock_edits_and_their_bad_input(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    ok(capsys, "contractor concept mara --name 'Mara Quill-Ash' --archetype Diver")
    assert ok(capsys, "db list")["contractors"][0]["name"] == "Mara Quill-Ash"
    stock = _write(tmp_path, "stock.json", {"equipment": [{"name": "Rope", "detail": "50 ft"}]})
    done = ok(capsys, f"contractor stock mara {stock}")
    assert done["done"] == "Edit Stock" and done["lines"] == []
    out = tmp_path / "out.json"
    ok(capsys, f"db export mara -o {out}")
    character = json.loads(out.read_text("utf-8"))["character"]
    assert character["concept"]["archetype"] == "Diver"
    assert character["stock"]["equipment"] == [{"name": "Rope", "detail": "50 ft"}]
    code, _document, err = harbinger(capsys, "contractor concept mara --name ''")
    assert code == 2 and "a contractor needs a name" in err
    bad = _write(tmp_path, "bad.json", {"equipment": [{"nom": "Rope"}]})
    code, _document, err = harbinger(capsys, f"contractor stock mara {bad}")
    assert code == 2 and "stock.equipment[0]: unexpected field 'nom'" in err
    code, _document, err = harbinger(capsys, f"contractor stock mara {stock}")
    assert code == 1 and "nothing would change" in err


def test_an_unnamed_gift_is_refused_like_the_builder_refuses_it(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    unnamed = _write(tmp_path, "unnamed.json", {k: v for k, v in DRAFT.items() if k != "name"})
    code, document, err = harbinger(capsys, f"contractor gift mara {unnamed}")
    assert code == 1
    assert [f["rule"] for f in document["refused"]] == ["app.gift_unnamed"]
    assert "give the Gift a name before saving" in err
