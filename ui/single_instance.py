"""One running app per library and user: a second launch hands its files over (issue 17).

The first instance listens on a local socket (QLocalServer) whose name comes
from the library's URL and the user's name, so two users, or one user on two
libraries, never meet. A second launch on the same library connects, sends one
line of JSON (``{"open": [absolute paths]}``), waits for ``ok`` and exits; the
first instance raises its window and opens the files.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalSocket

TIMEOUT_MS = 2000
"""How long a second launch waits for the first to answer before opening its own window."""


def _user() -> str:
    for key in ("LOGNAME", "USER", "LNAME", "USERNAME"):  # as getpass.getuser looks
        if os.environ.get(key):
            return os.environ[key]
    import getpass

    try:
        return getpass.getuser()
    except Exception:  # no login name (some containers): the numeric id still separates users
        return str(os.getuid()) if hasattr(os, "getuid") else "user"


def server_name(library_url: str, user: str | None = None) -> str:
    """The local socket's name for ``library_url`` and ``user`` (default: the current user).

    Hashed, so it is short (Unix socket paths are limited to about 100 bytes)
    and holds no path characters.
    """
    text = f"{user or _user()}\n{library_url}".encode()
    return f"harbinger-{_sha256_hex(text)[:24]}"


def _sha256_hex(data: bytes) -> str:
    """SHA-256 of ``data`` in hex, from CPython's own small SHA-256 module when it has one.

    Neither ``hashlib`` (3 ms of start-up: it loads OpenSSL's bindings) nor Qt's
    ``QCryptographicHash`` (wrapping it builds its 28-member ``Algorithm`` enum,
    about 1 ms before the first frame); the digest is the same.
    """
    try:
        from _sha256 import sha256  # CPython 3.11: a built-in module, nothing to load
    except ImportError:  # another Python, or a newer one that moved it
        from hashlib import sha256
    return sha256(data).hexdigest()


def send_to_running(name: str, paths: list[str | Path], timeout_ms: int = TIMEOUT_MS) -> bool:
    """Hand ``paths`` to an instance listening on ``name``; False when none answers."""
    if not _may_be_listening(name):
        return False
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(timeout_ms):
        return False
    import json  # only a second launch talks: the first frame does not wait for json

    message = {"open": [str(Path(p).expanduser().absolute()) for p in paths]}
    socket.write(json.dumps(message).encode("utf-8") + b"\n")
    if not socket.waitForBytesWritten(timeout_ms):
        return False
    answered = False
    while socket.waitForReadyRead(timeout_ms):
        if socket.canReadLine():
            answered = bytes(socket.readLine().data()).strip() == b"ok"
            break
    socket.disconnectFromServer()
    return answered


def _may_be_listening(name: str) -> bool:
    """False when no instance can be listening on ``name``, known without Qt's network module
    (35 ms of start-up on a busy machine): on POSIX a listening ``QLocalServer`` keeps a
    socket file of that name in Qt's temporary folder. Elsewhere (named pipes) only trying
    tells.

    An instance that crashed or was killed leaves its socket file behind, and the next
    launch would load Qt's network module only to be refused; so a file that is there
    is knocked on first (a Unix socket connect, well under a millisecond) and a refusal
    means nobody listens. A knock that gets through is closed unsaid: the instance
    drops a connection that sends nothing.
    """
    if os.name != "posix":
        return True
    path = os.path.join(_socket_folder(), name)
    if not os.path.exists(path):
        return False
    return _answers(path)


def _socket_folder() -> str:
    """Where a ``QLocalServer`` keeps its socket file: Qt's temporary folder (``QDir.tempPath``).

    On Linux that is ``$TMPDIR`` (else ``/tmp``), cleaned as a path, worked out here:
    wrapping ``QDir`` costs start-up 1.4 ms of CPU (a test holds the two to the same
    answer). Elsewhere, or when that folder is missing, Qt says.
    """
    if sys.platform.startswith("linux"):
        folder = os.path.normpath(os.environ.get("TMPDIR") or "/tmp")
        if os.path.isdir(folder):
            return folder
    from PySide6.QtCore import QDir

    return QDir.tempPath()


def _answers(path: str) -> bool:
    """Whether something accepts connections on the Unix socket at ``path`` (True when
    unsure: Qt's own attempt then decides)."""
    try:
        import _socket  # the C module: ``socket`` builds its enums, several ms at start-up
    except ImportError:  # not CPython
        return True
    knock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        knock.connect(path)
    except (ConnectionRefusedError, FileNotFoundError):
        return False  # left behind by an instance that is gone
    except OSError:
        return True
    finally:
        knock.close()
    return True


class InstanceServer(QObject):
    """Listens for later launches; ``files_received`` carries the paths each one sent."""

    files_received = Signal(list)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        from PySide6.QtNetwork import QLocalServer

        super().__init__(parent)
        self.name = name
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        """Start listening; a socket left by a crashed instance (nobody answers) is replaced."""
        if self.server.listen(self.name):
            return True
        type(self.server).removeServer(self.name)
        return self.server.listen(self.name)

    def close(self) -> None:
        self.server.close()

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            self._buffers[socket] = b""
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._drop(s))

    def _read(self, socket: QLocalSocket) -> None:
        self._buffers[socket] = self._buffers.get(socket, b"") + bytes(socket.readAll().data())
        data = self._buffers[socket]
        if b"\n" not in data:
            return
        line = data.split(b"\n", 1)[0]
        self._buffers[socket] = b""
        import json

        try:
            message = json.loads(line.decode("utf-8"))
            paths = [str(p) for p in message.get("open", []) if isinstance(p, str)]
        except (ValueError, AttributeError):
            socket.write(b"bad\n")
            return
        socket.write(b"ok\n")
        socket.flush()
        self.files_received.emit(paths)

    def _drop(self, socket: QLocalSocket) -> None:
        self._buffers.pop(socket, None)
        socket.deleteLater()
