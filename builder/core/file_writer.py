"""How any game's character file reaches the disk: atomically, stamped with when and by what.

Every game system writes its files through here, so a crash never leaves half
a file, and every file says which Harbinger wrote it and when
(``exported_at``, ``app_version``).
"""

from __future__ import annotations

import os
import uuid
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path


def app_version() -> str:
    """The installed Harbinger version, written into every file."""
    try:
        # None when the install's metadata is half-written (a reinstall under way).
        return metadata.version("harbinger") or "0+unknown"
    except metadata.PackageNotFoundError:
        return "0+unknown"


def utc_timestamp(moment: datetime | None = None) -> str:
    """ISO 8601 UTC time to the second with a Z, e.g. ``2025-03-01T18:30:00Z``."""
    moment = moment or datetime.now(UTC)
    return moment.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_atomically(target: Path, data: bytes) -> Path:
    """Replace ``target`` with ``data`` so that readers see the old or the new bytes only.

    The bytes go to a temporary file in the same folder, are flushed to disk,
    and only then replace ``target`` (``os.replace``), so a crash leaves either
    the old file or the new one, never half of one.
    """
    target = target.absolute()
    temp = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")
    # os.open with 0o666 lets the user's umask decide the permissions, as for any saved file.
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(target.parent)
    return target


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open folders; NTFS journals the rename itself
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
