"""``harbinger sheet audit`` reads a chronicle of The Coven through the registry, like any file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.coven import file as coven_file
from harbinger.cli import main
from tests.builder.coven.test_file import played


def test_sheet_audit_of_a_chronicle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "millbrook.json"
    path.write_text(coven_file.dumps(coven_file.CovenFile(played())), encoding="utf-8")
    code = main(["sheet", "audit", "--json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert code == 1  # one event of the log is refused by the rules
    audit = report["audit"]
    assert (audit["family"], audit["name"], audit["counts"]) == (
        "coven",
        "Millbrook",
        {"pass": 3, "warn": 0, "fail": 1},
    )
    (log,) = [line for line in audit["lines"] if line["check"] == "coven.log"]
    assert [(f["rule"], f["where"]) for f in log["findings"]] == [("game.phase", "log[6]")]
