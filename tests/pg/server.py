"""A throwaway PostgreSQL server for the tests and the playgroup benchmark (issue 14).

``PostgresServer.start()`` runs ``initdb`` into a temporary folder and starts
``postgres`` on 127.0.0.1 at a free port, its unix socket inside that folder,
as an unprivileged user (``initdb`` refuses root: when the tests run as root
the server runs as ``nobody``, which then owns the folder). The superuser
``harbinger_admin`` has a password; TCP logins need one (scram-sha-256), so a
player's connection really is that player. ``stop()`` shuts it down and removes
the folder.

``find_binaries()`` looks on PATH and in Debian's ``/usr/lib/postgresql/<n>/bin``.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ADMIN = "harbinger_admin"
"""The server's superuser: the role that owns a test library's schema."""


def find_binaries() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``; None if not installed."""
    on_path = shutil.which("initdb")
    candidates = [Path(on_path).resolve().parent] if on_path else []
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for folder in candidates:
        if all((folder / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def in_ci() -> bool:
    """True on the CI machine, where a missing server is a failure rather than a skip."""
    return os.environ.get("CI", "") not in ("", "0", "false") or bool(
        os.environ.get("HARBINGER_CI")
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


IN_MEMORY = Path("/dev/shm")
"""A memory-backed folder (tmpfs) that the server's files go to when it has room."""

IN_MEMORY_ROOM = 2 << 30
"""Free bytes the memory folder must have: a test session makes a few hundred databases
of about 8 MB each (``CREATE DATABASE … TEMPLATE``)."""


def _has_room(folder: Path, room: int) -> bool:
    """True if ``folder`` is a writable folder with at least ``room`` bytes free."""
    try:
        info = os.statvfs(folder)
    except OSError:
        return False
    return os.access(folder, os.W_OK) and info.f_bavail * info.f_frsize >= room


def _server_folder() -> Path:
    """A new folder for the server: in memory (/dev/shm) when there is room, else on disk.

    Every test database is some 300 files that the server writes and the session's end
    removes: on a busy disk, removing a session's databases took 11 to 80 s of wall time
    (CPU idle, waiting on the disk), and each copy waits on it too. In memory both are
    quick; the server's data is thrown away at the end either way. On disk it goes under
    /tmp when root, so ``nobody`` can reach it.
    """
    if _has_room(IN_MEMORY, IN_MEMORY_ROOM):
        return Path(tempfile.mkdtemp(prefix="harbinger-pg-", dir=IN_MEMORY))
    where = "/tmp" if os.geteuid() == 0 and os.path.isdir("/tmp") else None
    return Path(tempfile.mkdtemp(prefix="harbinger-pg-", dir=where))


def _as_server_user(command: list[str]) -> list[str]:
    """The command run as an unprivileged user when we are root (initdb refuses root)."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "nobody", "--", *command]


@dataclass
class PostgresServer:
    """One running test server; ``url()`` names a database on it as a role."""

    binaries: Path
    folder: Path = field(default_factory=lambda: _server_folder())
    port: int = 0
    password: str = field(default_factory=lambda: secrets.token_hex(12))

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def start(self) -> PostgresServer:
        """initdb and start the server; raises RuntimeError with the server's log on failure."""
        self.folder.chmod(0o700)
        secret = self.folder / "pwfile"
        secret.write_text(self.password + "\n")
        if os.geteuid() == 0:
            shutil.chown(self.folder, "nobody")
            shutil.chown(secret, "nobody")
        init = [
            str(self.binaries / "initdb"),
            "-D", str(self.data), "-U", ADMIN, f"--pwfile={secret}",
            "--auth-local=trust", "--auth-host=scram-sha-256",
            "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
        ]  # fmt: skip
        self._run(init, "initdb")
        secret.unlink()
        self.port = _free_port()
        options = (
            f"-h 127.0.0.1 -p {self.port} -k {self.folder} -F "
            "-c max_connections=60 -c shared_buffers=32MB -c full_page_writes=off"
        )
        start = [
            str(self.binaries / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
            "-o", options, "-w", "-t", "60", "start",
        ]  # fmt: skip
        self._run(start, "pg_ctl start")
        return self

    def _run(self, command: list[str], what: str) -> None:
        done = subprocess.run(
            _as_server_user(command), capture_output=True, text=True, cwd=self.folder, check=False
        )
        if done.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{what} failed: {done.stderr or done.stdout}\n{tail}")

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove its folder."""
        if self.data.exists():
            stop = [str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"]
            subprocess.run(_as_server_user(stop), capture_output=True, check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(
        self, database: str = "postgres", user: str = ADMIN, password: str | None = None
    ) -> str:
        """A SQLAlchemy URL (psycopg 3) for ``user`` on ``database`` over loopback TCP."""
        secret = self.password if password is None and user == ADMIN else (password or "")
        auth = f"{user}:{secret}" if secret else user
        return f"postgresql+psycopg://{auth}@127.0.0.1:{self.port}/{database}"

    def admin(self, statement: str, database: str = "postgres") -> None:
        """Run one statement as the superuser outside a transaction (CREATE DATABASE…)."""
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=ADMIN, password=self.password,
            dbname=database, autocommit=True,
        ) as connection:  # fmt: skip
            connection.execute(statement)

    def new_database(self, prefix: str = "lib") -> str:
        """A fresh, empty database; returns its name."""
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        self.admin(f'CREATE DATABASE "{name}"')
        return name


def wait_until_accepting(server: PostgresServer, timeout: float = 30.0) -> None:
    """Block until the server answers a query (pg_ctl -w usually already did)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            server.admin("SELECT 1")
            return
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
