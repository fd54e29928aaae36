"""Issue 26, "Done when": the whole life of a contractor through ``harbinger`` commands only.

Create from a JSON creation file, three Contracts, a Journal, Exp spent, a Gift
from a draft, an entry corrected, export, audit clean: the figures are worked
by hand from the rules text in ``tests/app/walk.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.app.walk import EXPECTED, harbinger, ok, walk


def _line(audit: dict[str, Any], check: str) -> dict[str, Any]:
    return next(line for line in audit["audit"]["lines"] if line["check"] == check)


def test_a_contractor_lives_headless_and_audits_clean(capsys: Any, tmp_path: Path) -> None:
    exported = walk(capsys, tmp_path)

    audit = ok(capsys, f"sheet audit {exported}")
    assert audit["passed"] is True
    assert audit["audit"]["counts"]["fail"] == 0
    exp = _line(audit, "exp")["numbers"]
    assert exp["creation_cost"] == 150 - 85
    assert exp["earned_by_source"]["attendance_home"] == 3 + 3
    assert exp["earned_by_source"]["attendance_away"] == 0  # the away Contract was voided
    assert exp["earned_by_source"]["victory"] == 2 + 2
    assert exp["earned_by_source"]["commission"] == 2
    assert exp["earned_by_source"]["journal"] == 1
    assert (exp["earned_total"], exp["spent_total"], exp["available"]) == (
        EXPECTED["exp_earned"],
        EXPECTED["exp_spent"],
        EXPECTED["exp_available"],
    )
    rewards = _line(audit, "rewards")["numbers"]
    assert rewards["credits_earned_by_source"]["charon_coin"] == 1
    assert rewards["credits_earned_by_source"]["victory"] == 2
    assert (rewards["credits_spent"], rewards["credits_available"]) == (
        1,
        EXPECTED["credits_available"],
    )
    assert _line(audit, "corrections")["numbers"]["removed"] == 1

    listed = ok(capsys, "db list")["contractors"]
    assert [(c["id"], c["victories"], c["status"]) for c in listed] == [
        ("mara", EXPECTED["victories"], "Newbie")
    ]


def test_a_raise_past_the_maximum_is_refused_and_stores_nothing(
    capsys: Any, tmp_path: Path
) -> None:
    """ "Attributes Brawn, Dexterity, Perception, Charisma, Intellect: start at 1, max 5"
    (SPEC §2); "Attributes: current rating x5 Exp": Brawn 4 → 5 costs 20 of the 83."""
    exported = walk(capsys, tmp_path)
    raise_brawn = "contractor spend mara --kind attribute --trait brawn --date"
    allowed = ok(capsys, f"{raise_brawn} 2026-03-01")
    assert "Exp available 83 → 63 (−20)" in allowed["lines"]
    ok(capsys, f"db export mara -o {exported}")
    held = json.loads(exported.read_text("utf-8"))["character"]

    code, document, err = harbinger(capsys, f"{raise_brawn} 2026-03-02")
    assert code == 1
    assert [f["rule"] for f in document["refused"]] == ["raise.above_max"]
    assert "Brawn cannot reach 6: Attributes stop at 5" in err
    ok(capsys, f"db export mara -o {exported}")
    assert json.loads(exported.read_text("utf-8"))["character"] == held
