"""``harbinger contractor remove-gift`` and friends: edits a sheet needs over years (issue 31.4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.walk import CREATION, DRAFT, harbinger, ok


@pytest.fixture
def mara(capsys: Any, tmp_path: Path) -> str:
    """Mara: 1 Gift Credit from a Coin of Charon, spent on a Gift of Gift Cost 1."""
    path = tmp_path / "creation.json"
    path.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {path}")
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps(DRAFT), encoding="utf-8")
    ok(capsys, f"contractor gift mara {draft} --date 2026-03-01")
    return "mara"


def _character(capsys: Any, tmp_path: Path) -> dict[str, Any]:
    out = tmp_path / "export.json"
    ok(capsys, f"db export mara -o {out}")
    return dict(json.loads(out.read_text("utf-8"))["character"])


def test_remove_gift_refunds_its_gift_credit_and_keeps_a_dated_entry(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """The Coin's Gift Credit paid the Gift (cost 1): removing it gives that Gift Credit back,
    1 available again (the sheet counts "the total cost of all Gifts", which drops by 1)."""
    gift_id = _character(capsys, tmp_path)["gifts"][0]["id"]
    done = ok(
        capsys, f"contractor remove-gift mara --gift {gift_id} --date 2026-04-01 --reason retired"
    )
    assert "Gift Credits available 0 → 1 (+1)" in done["lines"]
    assert done["undo"].startswith("Undo Remove Gift")
    character = _character(capsys, tmp_path)
    assert character["gifts"] == []
    last = character["ledger"][-1]
    assert (last["type"], last["kind"], last["date"]) == ("gift_change", "removed", "2026-04-01")
    assert (last["cost_before"], last["cost_after"], last["credits"]) == (1, 0, -1)
    assert last["note"].endswith(": retired")
    out = tmp_path / "mara.json"
    ok(capsys, f"db export mara -o {out}")
    _code, audit, _err = harbinger(capsys, f"sheet audit {out}")
    edits = next(line for line in audit["audit"]["lines"] if line["check"] == "edits")
    assert "removed on 2026-04-01: cost 1, refunded 1 Gift Credit" in edits["message"]


def test_remove_gift_not_held_is_refused_and_nothing_stored(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    before = _character(capsys, tmp_path)
    code, document, err = harbinger(capsys, "contractor remove-gift mara --gift nope")
    assert code == 1 and document["refused"][0]["rule"] == "rewards.unknown_gift"
    assert "holds no Gift 'nope'" in err
    assert _character(capsys, tmp_path) == before


def test_remove_gift_without_a_gift_is_bad_input(capsys: Any, mara: str) -> None:
    code, _document, err = harbinger(capsys, "contractor remove-gift mara")
    assert code == 2 and "--gift is required" in err


def test_limits_revised_after_creation_is_a_dated_revision_in_the_audit(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """Murder → Sacrilege ("may choose from a selection of alternative Limits"): nothing
    spent, a dated entry, the audit's edits line names it."""
    before = _character(capsys, tmp_path)
    done = ok(
        capsys,
        "contractor limits mara --limits Anguish,Atrocities,sacrilege --date 2026-05-01 "
        "--reason zealot",
    )
    assert done["lines"] == []
    character = _character(capsys, tmp_path)
    assert [limit["name"] for limit in character["limits"]] == [
        "Anguish",
        "Atrocities",
        "Sacrilege",
    ]
    last = character["ledger"][-1]
    assert (last["type"], last["date"], last["reason"]) == (
        "limits_revised",
        "2026-05-01",
        "zealot",
    )
    assert last["before"] == before["limits"]
    out = tmp_path / "mara.json"
    ok(capsys, f"db export mara -o {out}")
    _code, audit, _err = harbinger(capsys, f"sheet audit {out}")
    edits = next(line for line in audit["audit"]["lines"] if line["check"] == "edits")
    assert "Limits revised on 2026-05-01: Murder → Sacrilege (zealot)" in edits["message"]


def test_two_limits_are_refused_and_nothing_stored(capsys: Any, tmp_path: Path, mara: str) -> None:
    before = _character(capsys, tmp_path)
    code, document, _err = harbinger(capsys, "contractor limits mara --limits Anguish,Murder")
    assert code == 1 and document["refused"][0]["rule"] == "limits.count"
    assert _character(capsys, tmp_path) == before


def test_extended_description_is_kept_shown_and_printed_on_the_card(
    capsys: Any, tmp_path: Path
) -> None:
    """An optional field: written to the file when filled, absent otherwise, printed on the
    sheet and the Gift card."""
    from pypdf import PdfReader

    creation = tmp_path / "creation.json"
    creation.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {creation}")
    draft = tmp_path / "draft.json"
    extended = "Learned from a drowned priest in the winter of 1998."
    draft.write_text(
        json.dumps({**DRAFT, "version": 2, "extended_description": extended}), encoding="utf-8"
    )
    ok(capsys, f"contractor gift mara {draft} --date 2026-03-01")
    character = _character(capsys, tmp_path)
    assert character["gifts"][0]["draft"]["extended_description"] == extended
    out = tmp_path / "mara.json"
    ok(capsys, f"db export mara -o {out}")
    cards = tmp_path / "cards.pdf"
    code, _doc, err = harbinger(capsys, f"sheet pdf {out} --cards -o {cards}")
    assert code == 0, err
    text = " ".join(p.extract_text() for p in PdfReader(str(cards)).pages)
    assert "drowned priest" in " ".join(text.split())
    sheet = tmp_path / "sheet.pdf"
    code, _doc, err = harbinger(capsys, f"sheet pdf {out} -o {sheet}")
    assert code == 0, err
    text = " ".join(p.extract_text() for p in PdfReader(str(sheet)).pages)
    assert "drowned priest" in " ".join(text.split())


def test_a_gift_without_an_extended_description_writes_no_such_field(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    assert "extended_description" not in _character(capsys, tmp_path)["gifts"][0]["draft"]
