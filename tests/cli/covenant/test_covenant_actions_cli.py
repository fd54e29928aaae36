"""``harbinger covenant ACTION ID``: a Covenant character played headless (issue 26, item 2).

Figures from ``covenant-rules-summary.txt``: "Discipline spent on bids is
considered scene damage", scene damage is "Recharged into free discipline at
the end of each scene", chapter damage "at the end of each chapter", and "Each
character who survives to the end of a chapter gains 1 token". The example
character (resources/examples) starts this walk with 285 free Discipline, 15
chapter damage and 3 tokens.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from resources import resource_path
from tests.app.walk import harbinger, ok

INES = "covenant-example-ines"


@pytest.fixture
def ines(capsys: Any) -> str:
    ok(capsys, f"db import {resource_path('examples', 'covenant-ines-okafor-vell.json')}")
    return INES


def test_a_scene_and_a_chapter_headless(capsys: Any, ines: str) -> None:
    ok(capsys, f"covenant begin-scene {ines} --note docks")
    bid = ok(capsys, f"covenant spend {ines} --spent 30 --severity scene")
    assert bid["lines"] == ["Free Discipline 285 → 255 (−30)", "Scene damage 0 → 30 (+30)"]
    assert bid["undo"] == "Undo Bid"
    resist = ok(capsys, f"covenant resist {ines} --damage 20 --severity chapter --spent 25")
    assert resist["lines"] == ["Free Discipline 255 → 230 (−25)", "Chapter damage 15 → 40 (+25)"]
    scene = ok(capsys, f"covenant end-scene {ines}")
    assert scene["lines"] == ["Free Discipline 230 → 260 (+30)", "Scene damage 30 → 0 (−30)"]
    chapter = ok(capsys, f"covenant end-chapter {ines}")
    assert chapter["lines"] == [
        "Free Discipline 260 → 300 (+40)",
        "Chapter damage 40 → 0 (−40)",
        "Tokens available 3 → 4 (+1)",
    ]


def test_a_bid_beyond_free_discipline_is_refused(capsys: Any, ines: str, tmp_path: Path) -> None:
    before = tmp_path / "before.json"
    ok(capsys, f"db export {ines} -o {before}")
    code, document, err = harbinger(capsys, f"covenant spend {ines} --spent 286")
    assert code == 1
    assert "Only 285 free Discipline to spend; 286 asked." in err
    assert document["refused"]
    after = tmp_path / "after.json"
    ok(capsys, f"db export {ines} -o {after}")
    assert (
        after.read_text("utf-8").split('"character"')[1]
        == before.read_text("utf-8").split('"character"')[1]
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ("covenant add-condition {id} --condition no_such", "'no_such' is not in the Covenant"),
        ("covenant buy-asset {id}", "give either --asset"),
        ("covenant spend {id} --spent lots", "--spent must be a whole number"),
        ("covenant spend nobody --spent 1", "no character with id 'nobody'"),
    ],
)
def test_bad_input_exits_2(capsys: Any, ines: str, argv: str, message: str) -> None:
    code, _document, err = harbinger(capsys, argv.format(id=ines))
    assert code == 2 and message in err


def test_a_contractor_is_not_a_covenant_character(capsys: Any, tmp_path: Path) -> None:
    ok(capsys, f"db import {resource_path('examples', 'newbie-wren-halloway.json')}")
    wren = ok(capsys, "db list")["contractors"][0]["id"]
    code, _document, err = harbinger(capsys, f"covenant end-turn {wren}")
    assert code == 2 and "is not a Covenant character" in err
