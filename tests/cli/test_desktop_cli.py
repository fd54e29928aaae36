"""``harbinger install-desktop``: a launcher, icons and a MIME type the desktop's own
validators accept, and a file type that recognises every character file by content."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from harbinger.desktop import ICON_SIZES, MIME_TYPE
from tests.cli.conftest import Ran

ROOT = Path(__file__).resolve().parents[2]


def _tool(command: str, package: str) -> str:
    """The path of a desktop validator, installed with apt-get when missing (CI runs as root)."""
    found = shutil.which(command)
    if found is None:
        subprocess.run(["apt-get", "update", "-qq"], check=False, capture_output=True)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "--no-install-recommends", package],
            check=False,
            capture_output=True,
        )
        found = shutil.which(command)
    if found is None:
        pytest.fail(f"{command} (Debian package {package}) is needed and could not be installed")
    return found


def _install(run_cli: Callable[..., Ran], prefix: Path) -> dict[str, object]:
    done = run_cli("install-desktop", "--prefix", str(prefix), "--json")
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_launcher_passes_desktop_file_validate(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    done = _install(run_cli, tmp_path)
    desktop = tmp_path / "share/applications/harbinger.desktop"
    assert str(desktop) in done["written"]  # type: ignore[operator]
    checked = subprocess.run(
        [_tool("desktop-file-validate", "desktop-file-utils"), str(desktop)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = desktop.read_text("utf-8")
    assert f"MimeType={MIME_TYPE};" in text
    assert "Icon=harbinger" in text
    assert " %F" in text


def test_the_mime_package_is_well_formed_xml(tmp_path: Path, run_cli: Callable[..., Ran]) -> None:
    _install(run_cli, tmp_path)
    package = tmp_path / "share/mime/packages/harbinger.xml"
    checked = subprocess.run(
        [_tool("xmllint", "libxml2-utils"), "--noout", str(package)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    text = package.read_text("utf-8")
    assert 'glob pattern="*.harbinger.json"' in text
    assert "&quot;harbinger.contractor&quot;" in text
    assert "&quot;harbinger.covenant&quot;" in text


def test_every_icon_size_and_the_svg_are_installed(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    _install(run_cli, tmp_path)
    for size in ICON_SIZES:
        png = tmp_path / f"share/icons/hicolor/{size}x{size}/apps/harbinger.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = tmp_path / "share/icons/hicolor/scalable/apps/harbinger.svg"
    assert svg.read_text("utf-8").lstrip().startswith("<?xml")


def test_the_shipped_examples_are_recognised_by_content(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    """shared-mime-info's own database says an example file (named *.json) is ours."""
    _install(run_cli, tmp_path)
    mime_dir = tmp_path / "share/mime"
    compiled = mime_dir / "mime.cache"
    if not compiled.exists():
        subprocess.run(
            [_tool("update-mime-database", "shared-mime-info"), str(mime_dir)], check=True
        )
    magic = (mime_dir / "magic").read_bytes()
    assert b"harbinger.covenant" in magic and b"harbinger.contractor" in magic
    for example in (ROOT / "resources/examples").glob("*.json"):
        head = example.read_bytes()[:65536]
        assert b'"harbinger.contractor"' in head or b'"harbinger.covenant"' in head
