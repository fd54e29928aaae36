"""Where Harbinger keeps its library and settings, and how a library is named.

The library is one database chosen by a URL. By default it is a SQLite file
in the user's data folder; ``--db PATH|URL`` or the ``HARBINGER_DB``
environment variable name another (a file path or any SQLAlchemy URL such as
``postgresql://...``). Settings live in the user's config folder unless
``HARBINGER_SETTINGS_DIR`` points elsewhere (tests always set it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Harbinger"
DB_ENV = "HARBINGER_DB"
SETTINGS_ENV = "HARBINGER_SETTINGS_DIR"


_XDG = {
    "data": ("XDG_DATA_HOME", "~/.local/share"),
    "config": ("XDG_CONFIG_HOME", "~/.config"),
    "state": ("XDG_STATE_HOME", "~/.local/state"),
}
"""The XDG base directories Harbinger uses on Linux: the variable, and its default."""


def user_dir(kind: str) -> Path:
    """Harbinger's folder of ``kind`` ("data", "config", "state") for this user, as
    platformdirs' ``user_<kind>_dir`` names it.

    On Linux it is worked out here by the XDG Base Directory rule platformdirs follows
    (the variable when it holds an absolute path, else its default under the home
    folder): importing platformdirs costs 14 ms of CPU, and the app needs these folders
    before its first frame (settings, crash log). A test holds the two to the same
    answer; other systems ask platformdirs.
    """
    if sys.platform.startswith("linux"):
        variable, default = _XDG[kind]
        base = os.environ.get(variable, "")
        if not os.path.isabs(base):
            base = os.path.expanduser(default)
        return Path(base) / APP_NAME
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP_NAME, appauthor=False))


def default_library_path() -> Path:
    """The SQLite file a first launch creates: ``<user data dir>/library.sqlite3``."""
    return user_dir("data") / "library.sqlite3"


def settings_dir() -> Path:
    """Folder for settings (window state, recent libraries, leader keys)."""
    override = os.environ.get(SETTINGS_ENV)
    if override:
        return Path(override)
    return user_dir("config")


def drafts_dir() -> Path:
    """Folder for unfinished creation dialogs kept as drafts (one JSON file per dialog)."""
    return settings_dir() / "drafts"


def is_url(text: str) -> bool:
    """True when ``text`` is a database URL rather than a file path."""
    return "://" in text


def library_url(choice: str | os.PathLike[str] | None = None) -> str:
    """SQLAlchemy URL of the library to open.

    ``choice`` (from ``--db``) wins, then ``HARBINGER_DB``, then the default
    file. A plain path becomes a ``sqlite:///`` URL with an absolute path.
    """
    text = os.fspath(choice) if choice is not None else os.environ.get(DB_ENV) or ""
    if not text:
        return sqlite_url(default_library_path())
    if is_url(text):
        return text
    return sqlite_url(Path(text).expanduser())


def default_library_url() -> str:
    """The library a launch opens when none is named: ``HARBINGER_DB``, else the default file.

    ``models`` never chooses a location itself; the app and the CLI pass this
    (or the ``--db`` choice, through :func:`library_url`) to ``Library.open``.
    """
    return library_url(None)


def sqlite_url(path: Path) -> str:
    """``sqlite:///`` URL for a file path."""
    return f"sqlite:///{path.resolve()}"
