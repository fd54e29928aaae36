"""``harbinger tmc ACTION ID``: a This Mortal Coil spacefarer played headless (issue 26).

Okoye Vale (resources/mortal_coil) has armor 1, 4 HP of 4, STR 10 and CTRL 9
after her stored log. Rules quoted from ``this-mortal-coil-rules.txt``.
"""

from __future__ import annotations

from typing import Any

import pytest

from resources import resource_path
from tests.app.walk import harbinger, ok

OKOYE = "tmc-okoye-vale"


@pytest.fixture
def okoye(capsys: Any) -> str:
    ok(capsys, f"db import {resource_path('mortal_coil', 'okoye-vale.json')}")
    return OKOYE


def test_damage_past_hp_goes_to_str_and_a_rest_restores_hp(capsys: Any, okoye: str) -> None:
    """ "the opponent subtracts any armor bonus and applies the remainder to their HP. Any
    excess damage is applied to STR": a 6 less armor 1 is 5; 4 to HP, 1 to STR.
    "Taking a rest for a few moments restores 1d6 HP": a 4 brings HP back to 4."""
    hit = ok(capsys, f"tmc take-harm {okoye} --kind damage --roll 6 --save 1")
    assert hit["lines"] == ["HP 4 → 0 (−4)", "STR 10 → 9 (−1)"]
    assert hit["undo"] == "Undo Take damage"
    rest = ok(capsys, f"tmc short-rest {okoye} --roll 4")
    assert rest["lines"] == ["HP 0 → 4 (+4)"]


def test_a_refused_action_exits_1_with_the_rules_reason(capsys: Any, okoye: str) -> None:
    """Fallout 7 is already on her sheet: "re-rolling any duplicates"."""
    code, document, err = harbinger(capsys, f"tmc fallout {okoye} --entry 7")
    assert code == 1
    assert "fallout 7 is already taken: a duplicate is rerolled" in err
    assert [f["rule"] for f in document["refused"]] == ["mortal_coil.refused"]
    ok(capsys, f"tmc retire {okoye}")
    code, _document, err = harbinger(capsys, f"tmc short-rest {okoye} --roll 3")
    assert code == 1 and "the character has retired" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ("tmc take-harm {id} --kind damage", "give either --roll"),
        ("tmc take-harm {id} --kind damage --roll 3 --save 21", "--save is a d20"),
        ("tmc short-rest {id} --roll x", "--roll must be a whole number"),
        ("tmc short-rest nobody --roll 2", "no character with id 'nobody'"),
    ],
)
def test_bad_input_exits_2(capsys: Any, okoye: str, argv: str, message: str) -> None:
    code, _document, err = harbinger(capsys, argv.format(id=okoye))
    assert code == 2 and message in err
