"""An approval counts only when signed by a trusted key, wherever a key is trusted (issue 27.3).

"``sheet approve FILE --by Lee`` without ``--sign``, typed by anyone, passes
``sheet audit --require-approved`` (exit 0) on the leader's machine that trusts
Lee's key, and so does a really signed file with its signature removed."
Each test copies a review file into a temporary folder; Lee's key and the
trusted-keys file live there too (the user's settings are isolated by conftest).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.core.approval import CANNOT_CHECK
from harbinger.cli import main
from harbinger.shell.keys import create_leader_key, export_public_key

DATA = Path(__file__).resolve().parents[1] / "data" / "review"
NOT_COUNTED = "unsigned — not counted"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lee(tmp_path: Path) -> tuple[Path, Path]:
    """Lee's private key, and a trusted-keys file naming Lee's public key."""
    key = tmp_path / "lee.pem"
    create_leader_key(key)
    trusted = tmp_path / "trusted-keys.txt"
    trusted.write_text(f"{export_public_key(key)} Lee\n", encoding="utf-8")
    return key, trusted


def _copy(tmp_path: Path) -> Path:
    path = tmp_path / "clean.json"
    shutil.copy(DATA / "clean.json", path)
    return path


def _audit(capsys: pytest.CaptureFixture[str], path: Path, trusted: Path) -> tuple[int, str]:
    code, out, _err = run(
        capsys, "sheet", "audit", str(path), "--keys", str(trusted), "--require-approved"
    )
    return code, out


def test_a_signed_approval_by_a_trusted_key_counts(
    tmp_path: Path, lee: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    key, trusted = lee
    path = _copy(tmp_path)
    assert run(capsys, "sheet", "approve", str(path), "--by", "Lee", "--key", str(key))[0] == 0
    code, out = _audit(capsys, path, trusted)
    assert code == 0, out
    assert "signature valid (signer: Lee; key " in out


def test_an_unsigned_approval_typed_by_anyone_is_not_counted(
    tmp_path: Path, lee: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _key, trusted = lee
    path = _copy(tmp_path)
    code, _out, err = run(capsys, "sheet", "approve", str(path), "--by", "Lee")
    assert code == 0, err
    code, out = _audit(capsys, path, trusted)
    assert code == 1, out
    assert "approved by Lee at " in out and NOT_COUNTED in out
    assert "NOT APPROVED (--require-approved): core" in out
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--keys", str(trusted), "--json")
    (record,) = json.loads(out)["approvals"]["records"]
    assert (record["signature"], record["accepted"], record["not_counted"]) == (
        "unsigned",
        False,
        True,
    )


def test_a_stripped_signature_is_not_counted(
    tmp_path: Path, lee: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    key, trusted = lee
    path = _copy(tmp_path)
    assert run(capsys, "sheet", "approve", str(path), "--by", "Lee", "--key", str(key))[0] == 0
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["approvals"][0]["signature"]
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out = _audit(capsys, path, trusted)
    assert code == 1, out
    assert NOT_COUNTED in out


def test_with_no_trusted_key_the_audit_says_approvals_cannot_be_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _copy(tmp_path)
    assert run(capsys, "sheet", "approve", str(path), "--by", "Lee")[0] == 0
    empty = tmp_path / "none.txt"
    empty.write_text("", encoding="utf-8")
    for keys in (("--keys", str(empty)), ()):
        code, out, _ = run(capsys, "sheet", "audit", str(path), *keys)
        assert code == 0, out
        assert CANNOT_CHECK in out
    code, out, _ = run(capsys, "sheet", "audit", str(path), "--json")
    assert json.loads(out)["approvals"]["approvals_checkable"] is False
