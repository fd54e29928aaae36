"""A Playgroup Leader's signing key, and the public keys a verifier trusts.

The leader's Ed25519 private key lives in the settings folder
(``harbinger.shell.paths.settings_dir()``) as ``leader-key.pem`` (PKCS #8 PEM),
readable by its owner only (mode 0600, like an SSH key; a key file others can
read is refused on POSIX systems). The public key is shared as one line of
base64 text (``builder.core.approval.public_key_text``) that players and other
leaders add to their trusted-keys file.

The trusted-keys file (default ``trusted-keys.txt`` in the settings folder) is
plain text, one key a line::

    # comments and blank lines are ignored
    <base64 public key> <owner's name>

Nothing here invents cryptography: keys and signatures come from the
``cryptography`` package.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    load_pem_private_key,
)

from builder.core.approval import ApprovalError, parse_public_key, public_key_text
from harbinger.shell.paths import settings_dir

LEADER_KEY_FILE = "leader-key.pem"
TRUSTED_KEYS_FILE = "trusted-keys.txt"
MAX_KEY_FILE_BYTES = 64 * 1024
"""A PEM key is a few hundred bytes and a trust list a few kB; refuse anything absurd."""


class KeyFileError(Exception):
    """A key file that cannot be created, read or trusted; the message names file and problem."""


def leader_key_path() -> Path:
    """Where this user's leader key is kept."""
    return settings_dir() / LEADER_KEY_FILE


def trusted_keys_path() -> Path:
    """Where this user's list of trusted public keys is kept."""
    return settings_dir() / TRUSTED_KEYS_FILE


def _private_folder(folder: Path) -> None:
    """The key folder, created 0700; an existing one others can enter is tightened to 0700."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    if os.name == "posix":
        mode = stat.S_IMODE(folder.stat().st_mode)
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            folder.chmod(mode & ~(stat.S_IRWXG | stat.S_IRWXO))


def create_leader_key(path: Path | None = None, *, overwrite: bool = False) -> Ed25519PrivateKey:
    """Make a new leader key and write it with mode 0600; refuses to replace one unless asked.

    Replacing a key makes every earlier signature unverifiable with the new
    public key, so it needs ``overwrite=True``.
    """
    target = path or leader_key_path()
    _private_folder(target.parent)
    if target.exists() and not overwrite:
        raise KeyFileError(f"{target} already holds a leader key; it was left as it is")
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    temp = target.with_name(f".{target.name}.new")
    temp.unlink(missing_ok=True)
    # Created 0600 from the first byte: the key is never readable by others, not even briefly.
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return key


def load_leader_key(path: Path | None = None) -> Ed25519PrivateKey:
    """Read the leader key; KeyFileError when it is missing, unreadable, exposed or not Ed25519."""
    source = path or leader_key_path()
    try:
        info = source.stat()
    except FileNotFoundError:
        raise KeyFileError(
            f"no leader key at {source}; create one with 'harbinger sheet key --create'"
        ) from None
    except OSError as exc:
        raise KeyFileError(f"cannot read {source}: {exc.strerror or exc}") from None
    if os.name == "posix" and info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyFileError(
            f"{source} can be read by other users (mode {stat.S_IMODE(info.st_mode):o}); "
            f"run 'chmod 600 {source}' and try again"
        )
    if info.st_size > MAX_KEY_FILE_BYTES:
        raise KeyFileError(f"{source} is {info.st_size} bytes; it is not a key file")
    try:
        key = load_pem_private_key(source.read_bytes(), password=None)
    except (ValueError, TypeError) as exc:
        raise KeyFileError(f"{source} is not an unencrypted PEM private key ({exc})") from None
    except OSError as exc:
        raise KeyFileError(f"cannot read {source}: {exc.strerror or exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{source} holds a {type(key).__name__}, not an Ed25519 key")
    return key


def load_or_create_leader_key(path: Path | None = None) -> tuple[Ed25519PrivateKey, bool]:
    """The leader key, made on first use; the flag says whether it was just created."""
    target = path or leader_key_path()
    if target.exists():
        return load_leader_key(target), False
    return create_leader_key(target), True


def export_public_key(path: Path | None = None) -> str:
    """The leader's public key as one line of base64 text to share."""
    return public_key_text(load_leader_key(path))


def read_trusted_keys(path: Path | None = None) -> dict[str, str]:
    """Public key (base64) → owner name, from a trusted-keys file.

    KeyFileError names the file and line of a malformed entry. A missing
    default file is an empty list; a missing file named by the user is an error.
    """
    source = path or trusted_keys_path()
    if path is None and not source.exists():
        return {}
    try:
        data = source.read_bytes()[: MAX_KEY_FILE_BYTES + 1]
    except FileNotFoundError:
        raise KeyFileError(f"trusted-keys file {source} does not exist") from None
    except IsADirectoryError:
        raise KeyFileError(f"trusted-keys file {source} is a folder") from None
    except OSError as exc:
        raise KeyFileError(f"cannot read {source}: {exc.strerror or exc}") from None
    if len(data) > MAX_KEY_FILE_BYTES:
        raise KeyFileError(f"{source} is larger than {MAX_KEY_FILE_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KeyFileError(f"{source} is not UTF-8 text (byte {exc.start})") from None
    keys: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, name = line.partition(" ")
        try:
            parse_public_key(key)
        except ApprovalError as exc:
            raise KeyFileError(f"{source} line {number}: {exc}") from None
        keys[key] = name.strip() or "(unnamed)"
    return keys


def add_trusted_key(public_key: str, name: str, path: Path | None = None) -> Path:
    """Append a public key and its owner's name to a trusted-keys file (checked first)."""
    target = path or trusted_keys_path()
    key = public_key.strip()
    try:
        parse_public_key(key)
    except ApprovalError as exc:
        raise KeyFileError(f"not a public key: {exc}") from None
    owner = " ".join(name.split())
    if not owner:
        raise KeyFileError("a trusted key needs its owner's name")
    known = read_trusted_keys(target) if target.exists() else {}
    if key in known:
        return target
    _private_folder(target.parent)
    fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as out:
        out.write(f"{key} {owner}\n")
    if os.name == "posix":
        target.chmod(0o600)  # a list made by an older Harbinger is tightened too
    return target


def default_trusted_keys() -> dict[str, str] | None:
    """The trust list a verifier uses when none is named: the settings file plus this
    user's own leader key; None when there is neither (signatures then checked as-is)."""
    keys = read_trusted_keys()
    own = leader_key_path()
    if own.exists():
        keys.setdefault(export_public_key(own), "this computer's leader key")
    return keys or None
