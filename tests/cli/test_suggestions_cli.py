"""``harbinger sheet suggest`` and ``contractor suggestions``: a leader's suggested correction
travels in the file, the player accepts or declines it (issue 32 item 5).

Numbers from "Earning Experience" in the rules text: "+3 Exp - Attend a Contract in their
home Playgroup", "+1 Exp - Attend a Contract outside of their home Playgroup", "+2 Exp -
Claim victory on a Contract". Mara (``tests.app.walk.CREATION``) has 85 Exp available after
creation; two home victories add 5 + 5: 95. The second was played away (1 + 2 = 3), so the
leader's correction takes back 2: 93.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.walk import CREATION, harbinger, ok

AWAY = {
    "type": "contract",
    "date": "2026-05-08",
    "scenario": "Low Tide",
    "home": False,
    "outcome": "victory",
}


@pytest.fixture
def sent(capsys: Any, tmp_path: Path) -> Path:
    """Mara with two home victories, exported, approved by Lee, then given Lee's suggestion."""
    creation = tmp_path / "creation.json"
    creation.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {creation}")
    ok(
        capsys,
        "contractor record-contract mara --scenario 'The Lantern Job' --outcome victory "
        "--date 2026-05-01",
    )
    ok(
        capsys,
        "contractor record-contract mara --scenario 'Low Tide' --outcome victory --date 2026-05-08",
    )
    path = tmp_path / "mara.json"
    ok(capsys, f"db export mara -o {path}")
    ok(capsys, f"sheet approve {path} --by Lee")
    away = tmp_path / "away.json"
    away.write_text(json.dumps(AWAY), encoding="utf-8")
    done = ok(
        capsys,
        f"sheet suggest {path} --entry 1 --replacement {away} --by Lee --date 2026-05-10 "
        "--reason 'played at the Tuesday group'",
    )
    assert done["suggestion"] == 0
    assert done["text"] == (
        "Lee suggests (2026-05-10): Contract 2 (2026-05-08) becomes Contract: Low Tide "
        "(away, victory) — played at the Tuesday group"
    )
    return path


def _available(capsys: Any, tmp_path: Path) -> int:
    out = tmp_path / "now.json"
    ok(capsys, f"db export mara -o {out} --overwrite")
    _code, audit, _err = harbinger(capsys, f"sheet audit {out}")
    return int(
        next(li for li in audit["audit"]["lines"] if li["check"] == "exp")["numbers"]["available"]
    )


def _suggestions_line(capsys: Any, path: Path) -> dict[str, Any]:
    _code, audit, _err = harbinger(capsys, f"sheet audit {path}")
    return next(li for li in audit["audit"]["lines"] if li["check"] == "suggestions")


def test_the_leaders_audit_shows_the_suggestion_pending_and_approvals_still_hold(
    capsys: Any, sent: Path
) -> None:
    line = _suggestions_line(capsys, sent)
    assert line["message"] == "Suggested corrections: 1 pending"
    finding = line["findings"][0]
    assert finding["rule"] == "suggestion.pending"
    assert (
        finding["numbers"]["exp_available"],
        finding["numbers"]["exp_available_if_accepted"],
    ) == (95, 93)
    _code, audit, _err = harbinger(capsys, f"sheet audit {sent} --require-approved")
    assert audit["unapproved"] == []
    assert audit["approvals"]["counts"]["changed"] == 0


def test_accepting_takes_back_2_exp_and_the_audit_says_accepted(
    capsys: Any, tmp_path: Path, sent: Path
) -> None:
    assert _available(capsys, tmp_path) == 95
    taken = ok(capsys, f"contractor take-suggestions mara --file {sent}")
    assert taken["lines"] == ["1 new suggestion from the leader"]
    listed = ok(capsys, "contractor suggestions mara")
    assert [(s["number"], s["answer"]) for s in listed["suggestions"]] == [(0, "pending")]
    done = ok(capsys, "contractor suggestions mara --accept 0 --date 2026-05-11")
    assert "Exp available 95 → 93 (−2)" in done["lines"]
    assert done["undo"] == "Undo Accept suggestion 0"
    assert _available(capsys, tmp_path) == 93
    out = tmp_path / "back.json"
    ok(capsys, f"db export mara -o {out}")
    character = json.loads(out.read_text("utf-8"))["character"]
    assert character["ledger"][2]["type"] == "correction"
    assert character["ledger"][2]["target"] == 1
    line = _suggestions_line(capsys, out)
    assert line["message"] == "Suggested corrections: 1 accepted"
    assert "accepted on 2026-05-11, recorded as ledger entry 2" in line["findings"][0]["message"]
    again = harbinger(capsys, "contractor suggestions mara --accept 0")
    assert again[0] == 1 and "already accepted on 2026-05-11" in again[2]


def test_declining_keeps_the_totals_and_the_audit_says_declined(
    capsys: Any, tmp_path: Path, sent: Path
) -> None:
    ok(capsys, f"contractor take-suggestions mara --file {sent}")
    done = ok(
        capsys, "contractor suggestions mara --decline 0 --date 2026-05-11 --note 'joint session'"
    )
    assert done["lines"] == ["Suggestion 0 declined; totals unchanged"]
    assert _available(capsys, tmp_path) == 95
    out = tmp_path / "back.json"
    ok(capsys, f"db export mara -o {out}")
    line = _suggestions_line(capsys, out)
    assert line["numbers"] == {"pending": 0, "accepted": 0, "declined": 1}
    assert (
        "declined on 2026-05-11 (joint session); the ledger is unchanged"
        in (line["findings"][0]["message"])
    )


def test_a_suggestion_the_rules_refuse_leaves_the_file_as_it_was(
    capsys: Any, tmp_path: Path, sent: Path
) -> None:
    before = sent.read_bytes()
    code, _doc, err = harbinger(
        capsys, f"sheet suggest {sent} --entry 7 --by Lee --reason 'not there'"
    )
    assert code == 1 and "no entry 7" in err
    code, _doc, err = harbinger(capsys, f"sheet suggest {sent} --entry 1 --by Lee --reason ''")
    assert code == 1 and "say why" in err
    assert sent.read_bytes() == before


def test_a_file_with_a_malformed_suggestion_is_refused_and_nothing_is_stored(
    capsys: Any, tmp_path: Path, sent: Path
) -> None:
    document = json.loads(sent.read_text("utf-8"))
    document["character"]["suggestions"][0]["target"] = 9
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    code, _doc, err = harbinger(capsys, f"contractor take-suggestions mara --file {bad}")
    assert code == 2
    assert "suggestions[0]" in err and "it names entry 9, but the ledger has 2 entries" in err
    assert ok(capsys, "contractor suggestions mara")["suggestions"] == []
    document["character"]["suggestions"][0]["target"] = "one"
    bad.write_text(json.dumps(document), encoding="utf-8")
    code, _doc, err = harbinger(capsys, f"contractor take-suggestions mara --file {bad}")
    assert code == 2 and "suggestions[0].target" in err
    assert ok(capsys, "contractor suggestions mara")["suggestions"] == []


def test_importing_a_file_with_a_malformed_suggestion_is_refused(
    capsys: Any, tmp_path: Path, sent: Path
) -> None:
    document = json.loads(sent.read_text("utf-8"))
    document["character"]["id"] = "mara-copy"
    document["character"]["suggestions"][0]["replacement"][0]["type"] = "journal"
    bad = tmp_path / "copy.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    code, _doc, err = harbinger(capsys, f"db import {bad}")
    assert code == 2 and "suggestions[0]" in err
    listed = ok(capsys, "db list")
    assert "mara-copy" not in json.dumps(listed)
