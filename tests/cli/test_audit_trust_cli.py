"""`sheet audit` as a leader checking a folder before a game (issue 13, "Trust").

On a computer with no trusted keys at all, a file re-signed by anyone with a
key of their own proves nothing: its approvals are UNVERIFIED and the audit
fails (exit 1) unless ``--allow-untrusted``. ``--require-approved`` fails a
file with anything not approved as it stands, such as an Exp entry added
after the approval.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harbinger.cli import main
from harbinger.shell.keys import create_leader_key

DATA = Path(__file__).resolve().parents[1] / "data" / "review"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def signed_by_a_stranger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "clean.json"
    shutil.copy(DATA / "clean.json", path)
    stranger = tmp_path / "mallory.pem"
    create_leader_key(stranger)
    code, _, err = run(capsys, "sheet", "approve", str(path), "--by", "Lee", "--key", str(stranger))
    assert code == 0, err
    return path


def test_with_no_trusted_keys_a_signature_is_unverified_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = signed_by_a_stranger(tmp_path, capsys)
    code, out, _ = run(capsys, "sheet", "audit", str(path))
    assert code == 1
    assert "signature UNVERIFIED: key " in out
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--json")
    (record,) = json.loads(out)["approvals"]["records"]
    assert (record["signature"], record["accepted"]) == ("unknown_key", False)


def test_allow_untrusted_accepts_a_signature_checked_against_its_own_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = signed_by_a_stranger(tmp_path, capsys)
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--allow-untrusted")
    assert code == 0, out
    assert "signature valid (key " in out


def test_require_approved_fails_on_an_entry_added_after_the_approval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "clean.json"
    shutil.copy(DATA / "clean.json", path)
    assert run(capsys, "sheet", "approve", str(path), "--by", "Lee")[0] == 0
    assert run(capsys, "sheet", "audit", str(path), "--require-approved")[0] == 0
    document = json.loads(path.read_text("utf-8"))
    ledger = document["character"]["ledger"]
    ledger.append(dict(ledger[-1]))  # the same Contract entered twice, after the approval
    path.write_text(json.dumps(document, indent=2), "utf-8")
    assert run(capsys, "sheet", "audit", str(path))[0] in (0, 1)
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--require-approved", "--json")
    assert code == 1
    assert json.loads(out)["unapproved"] == [f"ledger[{len(ledger) - 1}]"]
