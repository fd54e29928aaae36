"""`harbinger contractor create FILE` with "ported": stored, exported and audited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.app.walk import CREATION, harbinger, ok


def test_a_veteran_port_is_created_stored_and_waits_for_approval(
    capsys: Any, tmp_path: Path
) -> None:
    """Veteran: 85 + 200 = 285 Exp available, 1 + 30 = 31 Gift Credits, 10 Improvements."""
    creation = tmp_path / "creation.json"
    creation.write_text(json.dumps({**CREATION, "ported": "veteran"}), encoding="utf-8")
    created = ok(capsys, f"contractor create {creation}")
    assert any(
        line.startswith("Ported at Veteran: +200 Exp, +30 Gift Credits, +10 Improvements")
        for line in created["lines"]
    )
    exported = tmp_path / "mara.json"
    ok(capsys, f"db export mara -o {exported}")
    stored = json.loads(exported.read_text(encoding="utf-8"))
    assert stored["character"]["ledger"][0]["type"] == "ported"
    assert stored["character"]["ledger"][0]["level"] == "veteran"
    code, audit, err = harbinger(capsys, f"sheet audit {exported}")
    text = json.dumps(audit)
    assert code == 0, err
    assert "available 285 (= 150 starting \\u2212 65 at creation + 200 earned" in text
    assert "ledger.ported" in text
    assert "+200 Exp, +30 Gift Credits" in text


def test_the_roster_shows_a_veteran_port_as_veteran_before_any_victory(
    capsys: Any, tmp_path: Path
) -> None:
    """A Veteran port "opens at Veteran" with 0 victories of its own: the roster says
    Veteran with 0 victories, not Newbie ("Newbie 0–3 victories")."""
    creation = tmp_path / "creation.json"
    creation.write_text(json.dumps({**CREATION, "ported": "veteran"}), encoding="utf-8")
    ok(capsys, f"contractor create {creation}")
    listed = ok(capsys, "db list")["contractors"]
    assert [(c["id"], c["victories"], c["status"]) for c in listed] == [("mara", 0, "Veteran")]
