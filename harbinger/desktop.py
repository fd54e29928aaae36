"""The desktop entry: a launcher, the app icon and a file type for character files.

``harbinger install-desktop`` writes, under a prefix (``~/.local`` by default,
the freedesktop.org "user" location):

- ``share/applications/harbinger.desktop``: the launcher, opening files given
  to it (``harbinger %F``);
- ``share/icons/hicolor/<N>x<N>/apps/harbinger.png`` for each shipped size and
  ``scalable/apps/harbinger.svg``;
- ``share/mime/packages/harbinger.xml``: the MIME type
  ``application/x-harbinger-character+json`` for ``*.harbinger.json`` files
  and, by content, for any JSON file whose ``format`` names a Harbinger game.

Then, when the desktop's own tools are installed, it refreshes their caches
(``update-mime-database``, ``update-desktop-database``, ``gtk-update-icon-cache``)
and makes Harbinger the default application for the type (``xdg-mime``).
Nothing here imports Qt.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from resources import ICON_SIZES, resource_path

APP_ID = "harbinger"
MIME_TYPE = "application/x-harbinger-character+json"
FILE_GLOB = "*.harbinger.json"


@dataclass(frozen=True, slots=True)
class DesktopInstall:
    """What an install wrote and which desktop tools it ran (for the command's report)."""

    prefix: Path
    written: tuple[Path, ...]
    ran: tuple[str, ...] = ()
    skipped: tuple[str, ...] = field(default_factory=tuple)


def launcher_command() -> str:
    """The command line the launcher runs: the installed ``harbinger`` script when there
    is one (pipx, a venv), else this Python running the package."""
    script = shutil.which("harbinger")
    if script:
        return shlex.quote(str(Path(script).resolve()))
    return f"{shlex.quote(sys.executable)} -m harbinger"


def desktop_entry(command: str) -> str:
    """The ``.desktop`` file's text (Desktop Entry Specification 1.4)."""
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.4",
            "Name=Harbinger",
            "GenericName=Character keeper",
            "Comment=Contractors, Gifts and sheets for The Contract, offline",
            f"Exec={command} %F",
            f"Icon={APP_ID}",
            "Terminal=false",
            "Categories=Game;RolePlaying;",
            f"MimeType={MIME_TYPE};",
            "Keywords=RPG;character sheet;The Contract;Covenant;",
            "StartupNotify=true",
            "",
        ]
    )


def mime_package(formats: tuple[str, ...]) -> str:
    """The shared-mime-info package naming character files by name and by content.

    By content: the quoted format id anywhere in the first 64 KiB, since a
    file that sorts its keys (Covenant's) writes ``format`` after the character.
    """
    matches = "\n".join(
        f'      <match type="string" offset="0:65536" value="&quot;{escape(fmt)}&quot;"/>'
        for fmt in formats
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME_TYPE}">
    <comment>Harbinger character</comment>
    <sub-class-of type="application/json"/>
    <glob pattern="{FILE_GLOB}" weight="60"/>
    <magic priority="60">
{matches}
    </magic>
  </mime-type>
</mime-info>
"""


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _refresh(prefix: Path, desktop_file: Path) -> tuple[list[str], list[str]]:
    """Run the desktop's cache tools that exist; report what ran and what was missing."""
    share = prefix / "share"
    steps = [
        ["update-mime-database", str(share / "mime")],
        ["update-desktop-database", str(share / "applications")],
        ["gtk-update-icon-cache", "--ignore-theme-index", "-q", str(share / "icons/hicolor")],
        ["xdg-mime", "default", desktop_file.name, MIME_TYPE],
    ]
    ran: list[str] = []
    skipped: list[str] = []
    for step in steps:
        if shutil.which(step[0]) is None:
            skipped.append(step[0])
            continue
        done = subprocess.run(step, capture_output=True, text=True, check=False, timeout=60)
        (ran if done.returncode == 0 else skipped).append(step[0])
    return ran, skipped


def install_desktop(
    prefix: Path | None = None, *, command: str | None = None, refresh: bool = True
) -> DesktopInstall:
    """Write the launcher, icons and MIME type under ``prefix`` (default ``~/.local``)."""
    from builder.core.registry import systems

    root = (prefix or Path(os.environ.get("HOME", "~")).expanduser() / ".local").absolute()
    share = root / "share"
    written = [
        _write(
            share / "applications" / f"{APP_ID}.desktop",
            desktop_entry(command or launcher_command()).encode("utf-8"),
        ),
        _write(
            share / "mime" / "packages" / f"{APP_ID}.xml",
            mime_package(tuple(s.format for s in systems())).encode("utf-8"),
        ),
        _write(
            share / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg",
            resource_path("icons", "harbinger.svg").read_bytes(),
        ),
    ]
    for size in ICON_SIZES:
        png = resource_path("icons", f"harbinger-{size}.png").read_bytes()
        written.append(_write(share / f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png", png))
    ran, skipped = _refresh(root, written[0]) if refresh else ([], [])
    return DesktopInstall(root, tuple(written), tuple(ran), tuple(skipped))
