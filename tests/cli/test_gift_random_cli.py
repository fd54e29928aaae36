"""``harbinger gift random``: the Gift Builder's "Surprise me" headless (issue 31, item 8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.walk import CREATION, harbinger, ok


@pytest.fixture
def mara(capsys: Any, tmp_path: Path) -> str:
    """Mara starts with one Gift Credit from a Coin of Charon and no Gift yet."""
    path = tmp_path / "creation.json"
    path.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {path}")
    return "mara"


def test_a_random_gift_for_a_contractor_is_saved_onto_her_once_named(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """One unspent Gift Credit (the Coin of Charon), Newbie: the drawn Gift costs 1 ("it must
    have a Gift Cost of 1, since Contractors only receive a single Gift Credit"), and the file
    written is one ``contractor gift`` saves, spending that Gift Credit."""
    out = tmp_path / "surprise.json"
    drawn = ok(capsys, f"gift random --contractor {mara} --seed 11 --name Lucky --out {out}")
    assert (drawn["seed"], drawn["status"], drawn["credits"]) == (11, "Newbie", 1)
    assert drawn["cost"] == 1 and drawn["saveable"] is True
    written = json.loads(out.read_text("utf-8"))
    assert written == drawn["draft"] and written["name"] == "Lucky"
    again = ok(capsys, f"gift random --contractor {mara} --seed 11 --name Lucky")
    assert again["draft"] == drawn["draft"]
    saved = ok(capsys, f"contractor gift {mara} {out} --date 2026-03-01")
    assert any(line.startswith("Gift Credits available 1 → 0") for line in saved["lines"])


def test_with_no_unspent_gift_credit_nothing_is_drawn(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    ok(capsys, f"gift random --contractor {mara} --seed 1 --name First --out {tmp_path / 'a.json'}")
    ok(capsys, f"contractor gift {mara} {tmp_path / 'a.json'}")
    code, document, err = harbinger(capsys, f"gift random --contractor {mara}")
    assert code == 1 and document is None
    assert "no random Gift: no unspent Gift Credit (0)" in err


def test_status_and_credits_without_a_library(capsys: Any) -> None:
    """A Seasoned contractor with 3 Gift Credits: cost 1 to 3, text output names the seed."""
    drawn = ok(capsys, "gift random --status seasoned --credits 3 --seed 4")
    assert 1 <= drawn["cost"] <= 3 and drawn["status"] == "Seasoned"
    code, text = harbinger_text(capsys, "gift random --status seasoned --credits 3 --seed 4")
    assert code == 0 and text.startswith("Surprise (seed 4) for Seasoned with 3 unspent")


def harbinger_text(capsys: Any, line: str) -> tuple[int, str]:
    """Run ``harbinger LINE`` in-process without ``--json``: exit code and stdout."""
    from harbinger.cli import main

    result = main(line.split())
    out, _err = capsys.readouterr()
    return result, out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ("gift random", "give --contractor ID, or both --status and --credits"),
        ("gift random --status novice", "give --contractor ID, or both --status and --credits"),
        ("gift random --status nobody --credits 1", "--status: unknown Status 'nobody'"),
        ("gift random --status novice --credits -2", "--credits cannot be negative: -2"),
        ("gift random --contractor ghost", "no character with id 'ghost' in the library"),
    ],
)
def test_bad_input_exits_2_with_what_is_wrong(capsys: Any, argv: str, message: str) -> None:
    code, document, err = harbinger(capsys, argv)
    assert code == 2 and document is None and message in err
