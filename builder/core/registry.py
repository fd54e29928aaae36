"""The game-system registry: how one kind of character file is read, written, audited and approved.

Harbinger keeps the characters of several games. Each game is a *game system*
(``builder/<system>/``) that describes itself once, as a :class:`GameSystem`
value; every place that must know "which game is this file?" asks the registry
here instead of branching on a format name. ``builder.systems`` registers the
systems Harbinger ships; a test (or a later plug-in) may :func:`register`
another one, and it then flows through import, export, listing, audit and
review with no dispatch code touched.

This module names no game and loads none: ``builder.core`` never imports a game
system, by any route. The composition roots (the CLI's ``main``, the desktop
app's library start, the print workers, ``tests/conftest.py``, scripts) call
``builder.systems.register_shipped()``; a lookup before anything is registered
raises :class:`NoSystemsRegistered` rather than answering "no such game".
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


class NoSystemsRegistered(LookupError):
    """A registry lookup ran before any game system was registered: a missing composition step."""

    def __init__(
        self,
        message: str = "no game systems registered: call builder.systems.register_shipped() "
        "(or registry.register(...)) at the program's start",
    ) -> None:
        super().__init__(message)  # the message as the one argument, so the error pickles


class FileFormatError(ValueError):
    """A document that is not a readable character file of any known system.

    ``where`` is the path inside the document ("ledger[4].exp", "" for the whole
    file), ``problem`` says what is wrong there; ``source`` names the file when
    the caller knows it and is not part of ``str()``. ``problems`` lists every
    (where, problem) pair found when a schema check fails.
    """

    def __init__(
        self,
        problem: str,
        where: str = "",
        source: str = "",
        problems: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.problem = problem
        self.where = where
        self.source = source
        self.problems = problems or ((where, problem),)
        super().__init__(f"{where}: {problem}" if where else problem)

    @property
    def what(self) -> str:
        """The problem, under the name older call sites used."""
        return self.problem


@dataclass(frozen=True, slots=True)
class Identity:
    """What a roster, a file list or a message shows of any character."""

    id: str
    name: str
    player: str = ""


@dataclass(frozen=True, slots=True)
class CharacterFile:
    """A character file's content, for every system: the character and the file's own fields.

    ``approvals`` are the leader's records as plain JSON objects, carried
    through unchanged; ``builder.core.approval`` makes and checks them.
    """

    system: str
    character: Any
    approvals: tuple[Mapping[str, Any], ...] = ()
    version: int = 1
    exported_at: str = ""
    app_version: str = ""
    gm_note: Any = None
    """The GM-only note (``builder.core.gm_notes.GmNote``) to write with the character, or
    None; a system whose files have no place for one leaves it out (issue 31 item 6)."""


@dataclass(frozen=True, slots=True)
class GameSystem:
    """Everything the shared layers need to know about one game's characters.

    - ``id`` names the system in code and in the library ("contract");
      ``format`` is the ``"format"`` value of its files; ``display_name`` and
      ``noun`` are for people ("The Contract", "contractor").
    - ``read`` turns a parsed JSON document into a :class:`CharacterFile`
      (raising :class:`FileFormatError` naming the place), ``write`` the
      reverse, and ``dumps`` gives a file's exact bytes.
    - ``normalize`` re-reads a raw character object and writes it back in its
      canonical JSON shape; ``approval_items`` cuts that shape into the items
      a leader approves (``whole_scope`` approves all of them, ``history`` names
      the list of entries: "ledger", "log").
    - ``audit(character, context)`` gives the system's audit
      (``builder.core.report.Audit``); ``context`` maps a system id to whatever
      extra input that system's audit takes (catalogs), or is empty.
    - ``describe_entry(character, entry)`` words one history entry for people.
    - ``in_play(character)`` is False once the character is out of the game
      (dead, eliminated): the roster's graveyard. Always True by default.
    - ``standing(victories)`` words a roster row's standing from what the roster
      stores of it (The Contract: its Status from victories, "Seasoned"); ""
      by default, for a game whose roster rows say nothing more.
    """

    id: str
    format: str
    display_name: str
    noun: str
    character_type: type
    read: Callable[[Any], CharacterFile]
    write: Callable[[CharacterFile], dict[str, Any]]
    dumps: Callable[[CharacterFile], bytes]
    identity: Callable[[Any], Identity]
    normalize: Callable[[Any], dict[str, Any]]
    approval_items: Callable[[Mapping[str, Any]], dict[str, Any]]
    audit: Callable[[Any, Mapping[str, Any]], Any]
    describe_entry: Callable[[Any, Any], str]
    whole_scope: str = "character"
    history: str = "log"
    file_version: int = 1
    item_titles: Mapping[str, str] = field(default_factory=dict)
    in_play: Callable[[Any], bool] = field(default=lambda _character: True)
    standing: Callable[[int | None], str] = field(default=lambda _victories: "")
    identity_keys: tuple[str, str] = ("name", "player")
    read_text: Callable[[str], dict[str, Any] | None] = field(default=lambda _text: None)
    """The character document a non-JSON text this system knows makes (The Contract: the
    website's archive), None when the text is not one; refusals raise CharacterFileError."""
    import_report: Callable[[Any], tuple[str, ...]] = field(default=lambda _character: ())
    """What an import could not read as the rules' values, one sentence each, for the
    import's report (The Contract: what a website archive's opening entry names)."""
    """The keys of the character's JSON object holding its ``Identity`` name and player,
    for checks that cannot run Python (a shared server's trigger compares them with the
    row); "" where the identity is not one plain field (it is then checked by the app)."""


_SYSTEMS: dict[str, GameSystem] = {}
_LOCK = threading.Lock()
"""Registration may run on the desktop app's worker thread while the main thread looks up."""


def core_and_log_items(
    character: Mapping[str, Any], core: Iterable[str] | None = None, log: str = "log"
) -> dict[str, Any]:
    """Approval items of a game whose character is a core plus an append-only log.

    ``core`` names the fields approved together as one ``core`` item (every field
    but the log when ``None``); each log entry is its own ``log[i]`` item, so a
    leader's approval of past play survives new entries.
    """
    keys = [k for k in character if k != log] if core is None else list(core)
    items: dict[str, Any] = {"core": {k: character[k] for k in keys}}
    for i, entry in enumerate(character[log]):
        items[f"{log}[{i}]"] = entry
    return items


def _registered() -> dict[str, GameSystem]:
    """The registered systems; NoSystemsRegistered when a composition root forgot to register."""
    if not _SYSTEMS:
        raise NoSystemsRegistered()
    return _SYSTEMS


def register(system: GameSystem) -> GameSystem:
    """Add a system (or replace one with the same id); returns it, for use as a one-liner.

    Registering the same system again changes nothing, so every composition
    root may register what it needs without asking who came first. ValueError
    when another system already reads files of this ``format``.
    """
    with _LOCK:
        for other in _SYSTEMS.values():
            if other.format == system.format and other.id != system.id:
                raise ValueError(f"format {system.format!r} is already {other.id!r}'s")
        _SYSTEMS[system.id] = system
    return system


def unregister(system_id: str) -> None:
    """Take a system out again (tests that registered one clean up with this)."""
    with _LOCK:
        _SYSTEMS.pop(system_id, None)


def systems() -> Iterator[GameSystem]:
    """Every registered system, in registration order (NoSystemsRegistered when none is)."""
    return iter(tuple(_registered().values()))


def system(system_id: str) -> GameSystem:
    """The system with this id; KeyError names the known ones."""
    _registered()
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        raise KeyError(f"no game system {system_id!r} (known: {', '.join(_SYSTEMS)})") from None


def system_for_format(fmt: Any) -> GameSystem | None:
    """The system whose files carry this ``format`` value, or None."""
    registered = _registered()
    if not isinstance(fmt, str):
        return None
    for candidate in tuple(registered.values()):
        if candidate.format == fmt:
            return candidate
    return None


def system_for_document(document: Any) -> GameSystem:
    """The system a parsed character file belongs to, by its ``format``.

    FileFormatError (naming the formats Harbinger reads) when it belongs to none.
    """
    if not isinstance(document, Mapping):
        raise FileFormatError("a character file is a JSON object")
    if "format" not in document:
        raise FileFormatError("no 'format' field: not a Harbinger character file")
    found = system_for_format(document["format"])
    if found is None:
        known = ", ".join(repr(s.format) for s in systems())
        raise FileFormatError(
            f"format {document['format']!r} is not a Harbinger character file ({known})",
            "format",
        )
    return found


def system_for_character(character: Any) -> GameSystem:
    """The system a character value belongs to, by its type."""
    for candidate in tuple(_registered().values()):
        if isinstance(character, candidate.character_type):
            return candidate
    raise TypeError(f"{type(character).__name__} is no game system's character")


def document_from_text(text: str) -> dict[str, Any] | None:
    """The character document a registered system makes from a non-JSON text, or None."""
    for candidate in tuple(_registered().values()):
        document = candidate.read_text(text)
        if document is not None:
            return document
    return None


def text_document(raw: bytes) -> dict[str, Any] | None:
    """The document a registered system makes from a file's bytes that are not JSON (The
    Contract's website archive, told apart by its content, not its name); None for JSON,
    for bytes that are not UTF-8 text and for a text no system reads."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    if not text or text.lstrip(" \t\r\n").startswith(("{", "[")):
        return None
    return document_from_text(text)


def load_document(path: Any) -> Any:
    """A character file's document read from ``path`` as hostile input: JSON after every
    check of the safe reader (``builder.core.files``), or :func:`text_document`'s for a
    text that is not JSON. FileFormatError names the problem either way."""
    from builder.core import files

    raw = files.read_limited(path)
    document = text_document(raw)
    return document if document is not None else files.parse_json(raw)


def read_document(document: Any) -> CharacterFile:
    """A parsed character file of any system, read by its own system."""
    return system_for_document(document).read(document)


def describe_entry(character: Any, entry: Any) -> str:
    """One history entry of a character in words, by the character's own system."""
    return system_for_character(character).describe_entry(character, entry)
