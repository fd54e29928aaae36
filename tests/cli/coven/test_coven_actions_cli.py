"""``harbinger coven ACTION ID``: a chronicle of The Coven played headless (issue 26).

the-coven.txt: "Red King Add a corruption marker to any place"; "You can't add
more than one corruption marker to an element per week in this phase". The
town is the shared example of tests/builder/coven (Millbrook, a week's deal
of 9 cards).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.coven import file as coven_file
from tests.app.walk import harbinger, ok
from tests.builder.coven.examples import deal, town


@pytest.fixture
def millbrook(capsys: Any, tmp_path: Path) -> str:
    path = tmp_path / "millbrook.json"
    path.write_text(coven_file.dumps(coven_file.CovenFile(town())), encoding="utf-8")
    ok(capsys, f"db import {path}")
    return "c-1"


def test_a_week_begins_and_a_king_marks_a_place(capsys: Any, millbrook: str) -> None:
    cards = ",".join(deal(town(), "KH"))
    begun = ok(capsys, f"coven begin-week {millbrook} --dealt {cards}")
    assert begun["lines"] == ["Week 0 → 1 (+1)", "Phase setup → influence"]
    assert begun["undo"] == "Undo Record the week's deal"
    marked = ok(capsys, f"coven place-marker {millbrook} --card KH --element diner")
    assert marked["lines"] == ["Markers 0 → 1 (+1)"]


def test_a_refused_step_exits_1_and_stores_nothing(
    capsys: Any, millbrook: str, tmp_path: Path
) -> None:
    """Markers from the deal go down in the influence phase, not before the week's deal."""
    code, document, err = harbinger(
        capsys, f"coven place-marker {millbrook} --card KH --element diner"
    )
    assert code == 1
    assert [f["rule"] for f in document["refused"]] == ["marker.phase"]
    assert "markers from the deal are placed only in the influence phase" in err
    out = tmp_path / "after.json"
    ok(capsys, f"db export {millbrook} -o {out}")
    assert json.loads(out.read_text("utf-8"))["character"]["log"] == []


def test_any_step_as_a_json_event(capsys: Any, millbrook: str, tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"type": "begin_week", "dealt": list(deal(town()))}), "utf-8")
    done = ok(capsys, f"coven play {millbrook} {event}")
    assert done["done"] == "Begin week" and "Week 0 → 1 (+1)" in done["lines"]
    event.write_text(json.dumps({"type": "no_such_step"}), "utf-8")
    code, _document, err = harbinger(capsys, f"coven play {millbrook} {event}")
    assert code == 2 and "expected a log event with a known 'type'" in err


def test_bad_input_exits_2(capsys: Any, millbrook: str) -> None:
    code, _document, err = harbinger(capsys, "coven end-influence nobody")
    assert code == 2 and "no character with id 'nobody'" in err
    code, _document, err = harbinger(capsys, f"coven place-marker {millbrook} --card KH")
    assert code == 2 and "--element is required" in err
