"""What a character's id and name may be, and the file names Harbinger builds from them.

Every game's file carries an id and a name that end up in places they were
never meant to steer (issue 27): an id was used as a file name
(``../../../../tmp/pwned`` wrote outside the folder a user chose) and a name
holding a right-to-left override or a line feed read reversed, or added a
fake line to the CLI's output. This module is the one place that says what
is allowed, for every game system:

- **An id** is 1–64 characters: letters, digits, ``_``, ``.``, ``:`` and
  ``-``, starting with a letter or digit, with no ``..`` (``ID_PATTERN``; the
  JSON Schemas in ``resources/schemas`` carry the same pattern). Harbinger's
  own ids (``uuid4``, ``tmc-…``, ``coven-…``) and every file shipped or
  written before fit it; ``:`` stays because contractor files always allowed it.
- **A name or title** holds no control character (C0, DEL, C1: CR and LF
  included), no bidirectional override or isolate (U+202A–U+202E,
  U+2066–U+2069) and no zero-width or invisible formatting character
  (U+200B–U+200F, U+2060, U+FEFF). A file holding one is *refused*, not
  cleaned (cleaning would change what a leader approved); what a person types
  in the app is cleaned by ``clean_name`` before it becomes a name.
- **A file name** Harbinger writes is a plain slug of the name and the id
  (``file_name``), placed in the user's folder by ``inside`` (which resolves
  it and refuses any path that leaves the folder), and written by
  ``write_new``, which never replaces a file that is already there.
"""

from __future__ import annotations

import os
import re
import unicodedata
import uuid
from pathlib import Path
from typing import Any

from builder.core.registry import FileFormatError, Identity

MAX_ID = 64
"""Longest id accepted: a uuid4 is 36 characters."""

ID_PATTERN = r"^[A-Za-z0-9](\.?[A-Za-z0-9_:-])*\.?$"
"""The one id shape of every game (with ``maxLength`` 64): no separator, no ``..``,
no leading dot. Written without look-arounds so any JSON Schema engine runs it."""

ID_RULE = (
    "an id is 1 to 64 letters, digits, '_', '.', ':' or '-', starting with a letter or "
    "digit, with no '..'"
)
"""The id shape in words, for refusals and the schemas' descriptions."""

_ID = re.compile(ID_PATTERN)

_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]")
"""Characters a name may not hold: controls (CR, LF, tab too), bidi overrides and isolates,
zero-width and invisible formatting characters."""

NAME_PATTERN = (
    "^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069"
    "\\ufeff]*$"
)
"""``_HIDDEN`` as a JSON Schema pattern (the schemas' ``name`` definitions carry it)."""

_CHAR_NAMES = {
    "\n": "a line feed",
    "\r": "a carriage return",
    "\t": "a tab",
    "\u200b": "a zero-width space",
    "\u200c": "a zero-width non-joiner",
    "\u200d": "a zero-width joiner",
    "\u200e": "a left-to-right mark",
    "\u200f": "a right-to-left mark",
    "\u202a": "a left-to-right embedding",
    "\u202b": "a right-to-left embedding",
    "\u202c": "a pop directional formatting",
    "\u202d": "a left-to-right override",
    "\u202e": "a right-to-left override",
    "\u2060": "a word joiner",
    "\u2066": "a left-to-right isolate",
    "\u2067": "a right-to-left isolate",
    "\u2068": "a first strong isolate",
    "\u2069": "a pop directional isolate",
    "\ufeff": "a zero-width no-break space",
}


class UnsafeName(FileFormatError):
    """An id that is not the one safe shape, or a name holding a hidden character."""


# --------------------------------------------------------------------------- ids


def id_problem(value: Any) -> str | None:
    """Why ``value`` is not a safe id, or None when it is one."""
    if not isinstance(value, str):
        return f"the id must be text, got {type(value).__name__}"
    if len(value) > MAX_ID or _ID.fullmatch(value) is None:
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"'{escaped(shown)}' is not a valid id ({ID_RULE})"
    return None


def check_id(value: Any, where: str = "id") -> None:
    """Refuse an id that is not the one safe shape (UnsafeName naming ``where``)."""
    problem = id_problem(value)
    if problem is not None:
        raise UnsafeName(problem, where)


# --------------------------------------------------------------------------- names


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be shown as a name (its first hidden character), or None."""
    found = _HIDDEN.search(text)
    if found is None:
        return None
    char = found.group()
    what = _CHAR_NAMES.get(char, "a control character")
    return f"the text holds {what} (U+{ord(char):04X}), which would hide what it shows"


def check_name(text: str, where: str = "name") -> None:
    """Refuse a name or title holding a control, bidi or zero-width character."""
    problem = name_problem(text)
    if problem is not None:
        raise UnsafeName(problem, where)


def check_identity(
    identity: Identity, id_where: str, name_where: str, player_where: str = ""
) -> Identity:
    """What every system's reader checks of the character it read: a safe id, a plain
    name and player (``player_where`` empty: the system has no player to check)."""
    check_id(identity.id, id_where)
    check_name(identity.name, name_where)
    if player_where:
        check_name(identity.player, player_where)
    return identity


def showable(text: str) -> str:
    """Text as it is being typed, made showable: each line break or tab becomes a space
    and every other hidden character goes (the ends are left alone: typing continues)."""
    spaced = re.sub("[\t\n\r\x0b\x0c\x85\u2028\u2029]", " ", text)
    return _HIDDEN.sub("", spaced)


def clean_name(text: str) -> str:
    """A name as typed, made showable (``showable``), runs of spaces made one and the
    ends trimmed: what the app stores of what a person typed or pasted as a name."""
    return re.sub(" {2,}", " ", showable(text)).strip()


def escaped(text: str) -> str:
    """``text`` with every hidden character written as ``\\u202e``, for a message about it."""
    return _HIDDEN.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


# --------------------------------------------------------------------------- files


def slug(text: str, fallback: str = "character", longest: int = 40) -> str:
    """Plain lower-case letters, digits and single hyphens: 'Ines Várga' → 'ines-varga'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    plain = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:longest].strip("-")
    return plain or fallback


def file_name(name: str, character_id: str, suffix: str = ".json") -> str:
    """A portable file name for a character's file, ``<name>-<id>.json``, built from slugs
    only, so neither the name nor the id can add a folder, climb out, or hide the file."""
    return f"{slug(name)}-{slug(character_id, 'id', MAX_ID)}{suffix}"


class OutsideFolder(ValueError):
    """A path that would leave the folder a user chose, or a file that is already there."""


def inside(folder: Path, name: str) -> Path:
    """``folder / name``, resolved, refused (OutsideFolder) when it is not inside ``folder``.

    ``name`` must be one plain file name; a symbolic link already at that
    place pointing elsewhere is refused as well, since writing would follow it.
    """
    base = Path(folder).resolve()
    if name in ("", ".", "..") or Path(name).name != name or "\\" in name or "/" in name:
        raise OutsideFolder(f"{name!r} is not a plain file name")
    target = (base / name).resolve()
    if target.parent != base:
        raise OutsideFolder(f"{base / name} would be written outside {base}")
    return target


def write_new(target: Path, data: bytes) -> Path:
    """Write ``data`` to ``target`` complete or not at all, never replacing an existing file.

    The bytes go to a temporary file beside it, which is then hard-linked to
    its name (a link never replaces: FileExistsError when a file, a link or a
    folder already holds the name); where links are not supported the name is
    created exclusively and filled. ``target`` is returned.
    """
    temp = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temp, target)
        except FileExistsError:
            raise
        except OSError:  # no hard links here (some network or FAT folders)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            with os.fdopen(os.open(target, flags, 0o666), "wb") as out:
                out.write(data)
    finally:
        temp.unlink(missing_ok=True)
    return target
