"""Harbinger's log file: what happened, kept where a player can find it and send it.

The desktop app logs to a rotating file in the user's log folder (platformdirs'
``user_log_dir``: ``~/.local/state/Harbinger/log/harbinger.log`` on Linux; ``HARBINGER_LOG_DIR``
overrides it, and the tests always set it): at most three files of 1 MiB.
``faulthandler`` writes a hard crash's Python stacks to ``crash.log`` beside it,
so even a crash inside Qt leaves a trace. Nothing here imports Qt.
"""

from __future__ import annotations

import faulthandler
import logging
import os
from pathlib import Path
from typing import IO

from harbinger.shell.paths import user_dir

LOG_ENV = "HARBINGER_LOG_DIR"
LOG_FILE = "harbinger.log"
CRASH_FILE = "crash.log"
MAX_BYTES = 1024 * 1024
BACKUPS = 2

_crash_stream: IO[str] | None = None


def log_dir() -> Path:
    """The folder of Harbinger's log files (created on first use)."""
    override = os.environ.get(LOG_ENV)
    if override:
        return Path(override)
    return user_dir("state") / "log"  # platformdirs' user_log_dir


def log_path() -> Path:
    """The current log file."""
    return log_dir() / LOG_FILE


def start_crash_log() -> Path:
    """Turn faulthandler on, writing a hard crash's stacks to ``crash.log``; returns its path.

    Cheap, so the app calls it first thing; :func:`start_logging` (which calls
    it too) waits until the window is on screen. Safe to call twice.
    """
    global _crash_stream
    folder = log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if _crash_stream is None:
        _crash_stream = (folder / CRASH_FILE).open("a", encoding="utf-8")
        faulthandler.enable(_crash_stream)
    return folder / CRASH_FILE


def start_logging(level: int = logging.INFO) -> Path:
    """Send the ``harbinger`` loggers (and warnings) to the rotating file; turn faulthandler on.

    Safe to call twice: a second call adds no second handler. Returns the log file's path.
    """
    from logging.handlers import RotatingFileHandler  # 15 ms to import: not before the window

    start_crash_log()
    path = log_path()
    root = logging.getLogger()
    if not any(getattr(h, "baseFilename", None) == str(path) for h in root.handlers):
        handler = RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
    root.setLevel(min(root.level or level, level))
    logging.captureWarnings(True)
    return path
