"""Leader keys on disk: private to their owner."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from harbinger.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_key_folder_and_files_are_private(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settings folder holding keys is 0700 (an existing open one is tightened) and the
    key and trust list are 0600, so other users of the computer cannot read or swap them."""
    folder = tmp_path / "settings"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    monkeypatch.setenv("HARBINGER_SETTINGS_DIR", str(folder))
    code, out, err = run(capsys, "sheet", "key", "--create", "--json")
    assert code == 0, err
    public = json.loads(out)["public_key"]
    code, _, err = run(capsys, "sheet", "trust", public, "Lee")
    assert code == 0, err
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for name in os.listdir(folder):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
