"""Where a character file opened from outside the app goes (issue 17, "Open a file").

``harbinger FILE...``, a double-click in the file manager, or a second launch
handing its files over: a file whose character is already in the open library
shows that character's sheet; any other file (a player's, an unreadable one)
goes to review mode, which reads it without importing it (SPEC: files from
others are only read, never put in the library unasked).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def character_id(path: Path) -> str | None:
    """The id of the character a file holds, or None when the file cannot be read as one."""
    from builder.core.files import load_json
    from builder.core.registry import read_document, system

    try:
        document = read_document(load_json(path))
        identity = system(document.system).identity(document.character)
    except Exception:  # any unreadable file is review mode's to explain
        return None
    return str(identity.id) or None


def sort_files(library: Any, paths: list[Path]) -> tuple[list[str], list[Path]]:
    """Split ``paths`` into ids of characters the library holds and files for review."""
    known: list[str] = []
    others: list[Path] = []
    for path in paths:
        found = character_id(path) if path.is_file() else None
        if found is not None and library is not None and library.exists(found):
            if found not in known:
                known.append(found)
        else:
            others.append(path)
    return known, others


def open_files(window: Any, paths: list[str | Path]) -> tuple[list[str], list[Path]]:
    """Show each file in ``window`` (a MainWindow whose library is open); returns the split.

    The last known character is the one left shown; every other file is opened
    in the review window together.
    """
    absolute = [Path(p).expanduser().absolute() for p in paths]
    known, others = sort_files(window.workspace.library, absolute)
    for found in known:
        window.show_contractor(found)
    if others:
        window.open_review().open_paths(others)
    return known, others
