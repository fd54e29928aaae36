"""A second launch looks for the first one's socket file where Qt puts it (issue 17, 29).

``ui.single_instance._socket_folder`` answers on Linux without wrapping ``QDir``
(1.4 ms of start-up); these tests hold it to ``QDir.tempPath()`` itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QDir

from ui.single_instance import _socket_folder

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="elsewhere the folder is Qt's own answer"
)


@pytest.mark.parametrize(
    "tmpdir", ["unset", "plain", "trailing slash", "dots", "link", "empty", "missing"]
)
def test_the_socket_folder_is_qts_temporary_folder(
    tmpdir: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    value = {
        "plain": str(real),
        "trailing slash": f"{real}/",
        "dots": f"{tmp_path}/./link/../real",
        "link": str(tmp_path / "link"),
        "missing": str(tmp_path / "missing"),
        "empty": "",
    }.get(tmpdir)
    if value is None:
        monkeypatch.delenv("TMPDIR", raising=False)
    else:
        monkeypatch.setenv("TMPDIR", value)
    assert _socket_folder() == QDir.tempPath()
    if tmpdir in ("plain", "trailing slash", "dots"):
        assert _socket_folder() == str(real)
    if tmpdir == "link":  # Qt names the folder as given, links and all
        assert _socket_folder() == str(tmp_path / "link")
