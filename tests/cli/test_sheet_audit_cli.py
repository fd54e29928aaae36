"""``harbinger sheet audit|approve|key|trust``: exit codes, folders, JSON, signatures, keys."""

from __future__ import annotations

import base64
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from builder.core.approval import public_key_text
from harbinger.cli import main
from harbinger.shell.keys import (
    KeyFileError,
    add_trusted_key,
    create_leader_key,
    leader_key_path,
    load_leader_key,
    read_trusted_keys,
)
from resources import resource_path

DATA = Path(__file__).resolve().parents[1] / "data" / "review"
FAILING = [
    "bonus-past-cap.json",
    "overspent-by-5.json",
    "stored-cost-differs.json",
    "veteran-gift-at-6-victories.json",
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def copy_in(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(DATA / name, target)
    return target


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# --------------------------------------------------------------------------- audit


def test_a_clean_file_exits_0_and_prints_every_check_with_numbers(capsys) -> None:
    code, out, err = run(capsys, "sheet", "audit", str(DATA / "clean.json"))
    assert (code, err) == (0, "")
    # The file keeps its Journal's claimed count only: "word count not verifiable".
    assert "Mara Quill (contractor review-clean-mara) — audit PASS: 1 to look at, 12 passed" in out
    expected = (
        "WARN  Exp: earned 7 (Contracts at home 3, Contracts away 1, Victories 2, Journals 1)"
    )
    assert expected in out
    assert "Approvals: none (8 items never approved)" in out


@pytest.mark.parametrize("name", FAILING)
def test_each_failing_file_exits_1(capsys, name: str) -> None:
    code, out, _ = run(capsys, "sheet", "audit", str(DATA / name))
    assert code == 1
    assert "audit FAIL: 1 failed" in out


def test_json_output_is_one_document_with_the_finding_and_its_numbers(capsys) -> None:
    code, out, _ = run(capsys, "sheet", "audit", str(DATA / "overspent-by-5.json"), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["file"].endswith("overspent-by-5.json")
    assert data["passed"] is False
    (exp,) = [line for line in data["audit"]["lines"] if line["check"] == "exp"]
    assert exp["verdict"] == "fail"
    assert exp["numbers"]["available"] == -5
    assert exp["findings"][0]["rule"] == "journal.unverified"
    assert exp["findings"][1:] == [
        {
            "rule": "exp.overspent",
            "severity": "error",
            "message": "Raise 8 (2025-02-09): this costs 10 Exp but only 5 is available (5 "
            "short); record the Exp earned before it, or remove or edit this entry",
            "where": "ledger[11]",
            "numbers": {"available": 5, "cost": 10, "shortfall": 5},
        }
    ]


def test_a_folder_is_audited_in_one_command_as_a_list(capsys) -> None:
    code, out, _ = run(capsys, "sheet", "audit", str(DATA), "--json")
    assert code == 1
    data = json.loads(out)
    assert [Path(d["file"]).name for d in data] == sorted([*FAILING, "clean.json"])
    verdicts = {Path(d["file"]).name: d["passed"] for d in data}
    assert verdicts == {**dict.fromkeys(FAILING, False), "clean.json": True}


def test_a_folder_of_clean_files_exits_0(capsys, tmp_path: Path) -> None:
    copy_in(tmp_path, "clean.json")
    shutil.copy(resource_path("covenant", "example-character.json"), tmp_path / "ines.json")
    code, out, _ = run(capsys, "sheet", "audit", str(tmp_path))
    assert code == 0
    assert "2 files: 2 passed, 0 failed, 0 unreadable" in out
    assert "(covenant " in out


def test_a_fifo_in_a_folder_is_refused_by_name_not_skipped(capsys, tmp_path: Path) -> None:
    """Issue 27: "what a leader is sent is never skipped silently". A FIFO named
    ``*.json`` in the folder fails the audit (exit 2) as ``sheet pdf DIR`` does, naming it,
    without blocking; the other files are still audited."""
    copy_in(tmp_path, "clean.json")
    fifo = tmp_path / "sent.json"
    os.mkfifo(fifo)
    code, out, err = run(capsys, "sheet", "audit", str(tmp_path))
    assert code == 2
    assert f"{fifo} is a pipe (FIFO), not a file" in err
    assert "2 files: 1 passed, 0 failed, 1 unreadable" in out
    code, _out, err = run(capsys, "sheet", "pdf", str(tmp_path), "-o", str(tmp_path / "out"))
    assert code == 2 and f"{fifo} is a pipe (FIFO), not a file" in err


def test_an_unreadable_file_exits_2_naming_file_and_problem_and_the_rest_are_audited(
    capsys, tmp_path: Path
) -> None:
    copy_in(tmp_path, "clean.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "harbinger.contractor", "version": 1,', encoding="utf-8")
    code, out, err = run(capsys, "sheet", "audit", str(tmp_path), "--json")
    assert code == 2
    assert f"{broken}: file is not valid JSON" in err
    data = json.loads(out)
    assert [(Path(d["file"]).name, d["passed"]) for d in data] == [
        ("broken.json", False),
        ("clean.json", True),
    ]
    assert "error" in data[0]


def test_a_schema_problem_is_reported_with_where(capsys, tmp_path: Path) -> None:
    path = copy_in(tmp_path, "clean.json")
    document = load(path)
    document["character"]["ledger"][3]["exp"] = "two"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "sheet", "audit", str(path))
    assert code == 2
    assert "ledger[3].exp" in err and str(path) in err


def test_a_missing_file_and_an_empty_folder_exit_2(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "sheet", "audit", str(tmp_path / "nope.json"))
    assert code == 2 and "nope.json does not exist" in err
    code, _, err = run(capsys, "sheet", "audit", str(tmp_path))
    assert code == 2 and "holds no .json files" in err


def test_sheet_without_a_subcommand_says_which_exist(capsys) -> None:
    code, _, err = run(capsys, "sheet")
    assert code == 2
    assert "choose a sub-command: approve, audit, key, pdf, show, suggest, trust" in err


# --------------------------------------------------------------------------- approve, then audit


def test_approve_then_edit_then_audit_reports_the_changed_item(capsys, tmp_path: Path) -> None:
    path = copy_in(tmp_path, "clean.json")
    code, out, _ = run(capsys, "sheet", "approve", str(path), "--by", "Lee Park", "--note", "ok")
    assert code == 0
    assert "Lee Park approved 8 items (scope contractor), unsigned" in out
    assert run(capsys, "sheet", "audit", str(path))[0] == 0

    document = load(path)
    gift = document["character"]["gifts"][0]
    gift["system_text"] = gift["system_text"].replace("arm's reach", "30 feet")
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    code, out, _ = run(capsys, "sheet", "audit", str(path))
    assert code == 1
    assert "CHANGED since approval: Gift 'Mend' (mend)" in out
    (diff_line,) = [line for line in out.splitlines() if line.strip().startswith("system_text:")]
    assert "arm's reach" in diff_line and "→" in diff_line and "30 feet" in diff_line


def test_a_changed_system_text_fails_the_audit_approved_or_not(capsys, tmp_path: Path) -> None:
    """"The only part of a Gift that is truly sacred ... is the System Text": a text edited
    in the file exits 1, before approval and when approved as it stands, words marked."""
    path = copy_in(tmp_path, "clean.json")
    document = load(path)
    gift = document["character"]["gifts"][0]
    gift["system_text"] = gift["system_text"].replace("living creature", "dead creature")
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    for approved in (False, True):
        if approved:
            assert run(capsys, "sheet", "approve", str(path), "--by", "Lee Park")[0] == 0
        code, out, _ = run(capsys, "sheet", "audit", str(path))
        assert code == 1, out
        assert "[-living-]{+dead+}" in out
        assert "stored=" not in out  # no excerpts cut at a common prefix
        code, out, _ = run(capsys, "sheet", "audit", str(path), "--json")
        lines = json.loads(out)["audit"]["lines"]
        (text_line,) = [line for line in lines if line["check"] == "gift.system_text"]
        assert text_line["verdict"] == "fail"
        (finding,) = text_line["findings"]
        assert finding["severity"] == "error"
        assert "heal one [-living-]{+dead+} creature" in finding["message"]


def test_approve_writes_to_another_file_and_takes_a_gift_scope(capsys, tmp_path: Path) -> None:
    out_path = tmp_path / "approved.json"
    code, out, _ = run(
        capsys,
        "sheet",
        "approve",
        str(DATA / "clean.json"),
        "--by",
        "Lee",
        "--scope",
        "gift:mend",
        "-o",
        str(out_path),
        "--json",
    )
    assert code == 0
    summary = json.loads(out)
    assert (summary["scope"], summary["items"], summary["signed"]) == (
        "gift:mend",
        ["gift:mend"],
        False,
    )
    assert load(out_path)["approvals"][0]["approved_by"] == "Lee"
    assert load(DATA / "clean.json")["approvals"] == []


def test_approve_refuses_an_unknown_scope_with_exit_2(capsys, tmp_path: Path) -> None:
    path = copy_in(tmp_path, "clean.json")
    code, _, err = run(capsys, "sheet", "approve", str(path), "--by", "Lee", "--scope", "gift:x")
    assert code == 2
    assert "there is no Gift 'x'" in err
    assert load(path)["approvals"] == []


def test_signed_approval_made_headless_verifies_and_a_forgery_fails(capsys, tmp_path: Path) -> None:
    path = copy_in(tmp_path, "clean.json")
    code, _, err = run(capsys, "sheet", "approve", str(path), "--by", "Lee", "--sign")
    assert code == 0
    assert "created a new leader key" in err
    assert stat.S_IMODE(leader_key_path().stat().st_mode) == 0o600

    # Default trust: this computer's own leader key.
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--json")
    assert code == 0
    (record,) = json.loads(out)["approvals"]["records"]
    assert (record["signature"], record["signer"]) == ("valid", "this computer's leader key")

    document = load(path)
    signature = document["approvals"][0]["signature"]
    raw = bytearray(base64.b64decode(signature["value"]))
    raw[0] ^= 0xFF
    signature["value"] = base64.b64encode(bytes(raw)).decode()
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, _ = run(capsys, "sheet", "audit", str(path))
    assert code == 1
    assert "signature REJECTED: it does not match the record" in out


def test_a_signature_by_a_key_missing_from_the_keys_file_is_rejected(
    capsys, tmp_path: Path
) -> None:
    path = copy_in(tmp_path, "clean.json")
    other_key = tmp_path / "other.pem"
    create_leader_key(other_key)
    assert (
        run(capsys, "sheet", "approve", str(path), "--by", "Eve", "--key", str(other_key))[0] == 0
    )
    keys = tmp_path / "trusted.txt"
    leader = create_leader_key(tmp_path / "lee.pem")
    keys.write_text(f"# the Lantern's leader\n{public_key_text(leader)} Lee Park\n", "utf-8")
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--keys", str(keys))
    assert code == 1
    assert "is not a trusted key" in out
    add_trusted_key(public_key_text(load_leader_key(other_key)), "Eve", keys)
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--keys", str(keys))
    assert code == 0
    assert "signature valid (signer: Eve; key " in out


# --------------------------------------------------------------------------- keys


def test_sheet_key_creates_and_shows_the_public_key(capsys) -> None:
    code, _, err = run(capsys, "sheet", "key")
    assert code == 2 and "no leader key" in err
    code, out, _ = run(capsys, "sheet", "key", "--create", "--json")
    assert code == 0
    shown = json.loads(out)
    assert shown["created"] is True
    assert len(base64.b64decode(shown["public_key"])) == 32
    assert shown["public_key"] == public_key_text(load_leader_key())
    code, out, _ = run(capsys, "sheet", "key", "--json")
    assert json.loads(out)["created"] is False


def test_sheet_trust_adds_a_key_to_the_settings_list(capsys, tmp_path: Path) -> None:
    key = public_key_text(create_leader_key(tmp_path / "k.pem"))
    code, out, _ = run(capsys, "sheet", "trust", key, "Lee", "Park")
    assert code == 0 and "trusting Lee Park's key" in out
    assert read_trusted_keys() == {key: "Lee Park"}
    code, _, err = run(capsys, "sheet", "trust", "bm90IGEga2V5", "Mallory")
    assert code == 2 and "32 bytes" in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_the_leader_key_file_is_0600_and_refused_when_others_can_read_it(tmp_path: Path) -> None:
    path = tmp_path / "settings" / "leader-key.pem"
    create_leader_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with pytest.raises(KeyFileError, match="already holds a leader key"):
        create_leader_key(path)
    os.chmod(path, 0o644)
    with pytest.raises(KeyFileError, match="can be read by other users"):
        load_leader_key(path)


def test_a_bad_line_in_the_trusted_keys_file_is_named(tmp_path: Path) -> None:
    keys = tmp_path / "trusted.txt"
    keys.write_text("# keys\n\nnot-base64!! Someone\n", encoding="utf-8")
    with pytest.raises(KeyFileError, match=r"trusted.txt line 3: the public key is not valid"):
        read_trusted_keys(keys)


def test_house_rule_gifts_need_their_catalog(capsys) -> None:
    house = DATA / "house-rules"
    code, out, _ = run(capsys, "sheet", "audit", str(house / "house-rule-gift.json"))
    assert code == 1
    assert "house-rule catalog 'Tuesday Lantern', load it with --catalog" in out
    code, out, _ = run(
        capsys,
        "sheet",
        "audit",
        str(house / "house-rule-gift.json"),
        "--catalog",
        str(house / "lantern-catalog"),
    )
    assert code == 0
    assert "WARN  Gift 'Pilot Light': house-rule content from Tuesday Lantern" in out


def test_a_broken_house_catalog_exits_2(capsys, tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "sheet", "audit", str(DATA / "clean.json"), "--catalog", str(tmp_path)
    )
    assert code == 2
    assert "the Gift catalog cannot be loaded" in err


def test_sheet_audit_runs_headless_without_loading_qt() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from harbinger.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main(['sheet', 'audit', {str(DATA / 'clean.json')!r}, '--json'])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'ui'))\n"
        "print(status, ','.join(loaded))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "0"
