"""Working offline from a playgroup's shared library: pull, then push what changed (issue 14).

``pull`` copies the characters a member owns (every character, for the
leader and the owner) from the shared library into a local one, and notes
for each the server version it came from and a digest of the copy
(``SyncState``, a small JSON file beside the local library). ``push`` sends
back each pulled character whose local copy changed since, with that
version as the expected one: when the server moved on meanwhile the push of
that character is refused (``Conflict``: both versions are shown) and the
member chooses — ``prefer="mine"`` writes the local copy over the server's,
``prefer="theirs"`` takes the server's into the local library.

GM-only notes (issue 31 item 6) travel too, for whoever may read them on the
server (the leader or the owner): ``pull`` copies each pulled character's
note into the local library and ``push`` sends back a note edited locally
(refused as a ``Conflict`` when the server's note changed meanwhile, unless
``prefer`` says whose wins). For a player nothing is read or written: the
server keeps notes from them, and a note in a player's local library never
leaves it.

Files go through each system's own writer and reader (export, then import
with replace), so history that differs between the two copies never trips
the append-only check of a plain save.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from builder.core.gm_notes import GmNote
from builder.core.registry import CharacterFile, system
from models.errors import ForgedRow, LibraryError, StaleCharacter
from models.library import Library, database_url
from models.migrate import sqlite_file

MINE, THEIRS = "mine", "theirs"


@dataclass(frozen=True, slots=True)
class Conflict:
    """A character changed both locally and on the server since the pull: both versions."""

    id: str
    name: str
    server_version: int
    base_version: int
    differences: tuple[tuple[str, str, str], ...]
    """(field, server's value, local value), shortened for a terminal."""


@dataclass
class SyncReport:
    """What a pull or a push did, per character name."""

    pulled: list[str] = field(default_factory=list)
    pushed: list[str] = field(default_factory=list)
    kept_local: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    """Why each row that is not what it claims to be was left on the server (issue 27)."""
    conflicts: list[Conflict] = field(default_factory=list)
    unchanged: int = 0


def _server_key(shared_url: str) -> str:
    """The shared library as a key: its URL without the password."""
    return make_url(shared_url).render_as_string(hide_password=True).replace("***@", "@")


def state_path(local_url: str) -> Path:
    """The file beside a local SQLite library that remembers what was pulled from where."""
    path = sqlite_file(database_url(local_url))
    if path is None:
        raise LibraryError("the local library for pull and push must be a SQLite file")
    return path.with_name(path.name + ".playgroup.json")


@contextmanager
def _state(local_url: str, shared_url: str) -> Iterator[dict[str, Any]]:
    path = state_path(local_url)
    everything: dict[str, Any] = {}
    if path.exists():
        try:
            everything = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise LibraryError(f"cannot read {path}: {exc}; remove it and pull again") from None
    mine = everything.setdefault(_server_key(shared_url), {})
    try:
        yield mine
    finally:  # what was already pulled or pushed stays recorded, even after a refusal
        _write_state(path, everything)


def _write_state(path: Path, everything: dict[str, Any]) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(everything, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, path)


def _file_bytes(library: Library, character_id: str) -> tuple[bytes, int, dict[str, Any]]:
    """A stored character as its file's bytes, its version and its ``character`` body."""
    stored = library.load_stored(character_id)
    game = system(stored.system)
    file = CharacterFile(game.id, stored.character, stored.approvals, game.file_version)
    written = game.write(file)
    return game.dumps(file), int(stored.version or 1), dict(written.get("character", {}))


def _digest(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def pull(shared_url: str, local_url: str, *, replace_local: bool = False) -> SyncReport:
    """Copy the member's characters from the shared library into the local one.

    A local copy changed since the last pull is kept (``kept_local``: push it
    first) unless ``replace_local``. A row holding another character than it
    claims (``ForgedRow``) is copied nowhere and listed in ``refused``.
    """
    report = SyncReport()
    with (
        Library.open(shared_url) as shared,
        Library.open(local_url) as local,
        _state(local_url, shared_url) as state,
    ):
        login = shared.member.login if shared.member else None
        everyone = shared.member is None or shared.member.role in ("leader", "owner")
        for entry in shared.roster():
            if not everyone and entry.owner != login:
                continue
            try:
                data, version, body = _file_bytes(shared, entry.id)
            except ForgedRow as exc:  # another character under this row's id: never copied
                report.refused.append(str(exc))
                continue
            known = state.get(entry.id)
            if local.exists(entry.id):
                _bytes, _v, local_body = _file_bytes(local, entry.id)
                if _digest(local_body) == _digest(body):
                    state[entry.id] = {"version": version, "digest": _digest(body)}
                    report.unchanged += 1
                    continue
                changed_here = known is None or known["digest"] != _digest(local_body)
                if changed_here and not replace_local:
                    report.kept_local.append(entry.name)
                    continue
            local.import_file(data, "replace")
            state[entry.id] = {"version": version, "digest": _digest(body)}
            report.pulled.append(entry.name)
        if shared.may_read_gm_notes:  # never for a player: the server keeps notes from them
            _pull_notes(shared, local, state, report, replace_local=replace_local)
    return report


def _note_digest(note: GmNote) -> str:
    """A GM note's text as a digest ("" for no note): who signed it is not a change."""
    return _digest({"text": note.text.strip()}) if not note.empty else ""


def _pull_notes(
    shared: Library,
    local: Library,
    state: dict[str, Any],
    report: SyncReport,
    *,
    replace_local: bool,
) -> None:
    """Copy the server's GM note on each pulled character into the local library.

    A local note edited since the last pull is kept (listed in ``kept_local``,
    push it first) unless ``replace_local``.
    """
    for character_id, known in state.items():
        if not (local.exists(character_id) and shared.exists(character_id)):
            continue
        theirs, mine = shared.gm_note(character_id), local.gm_note(character_id)
        base = known.get("note")
        if _note_digest(theirs) != _note_digest(mine):
            edited_here = base != _note_digest(mine) if base is not None else not mine.empty
            if edited_here and not replace_local:
                report.kept_local.append(f"{character_id} (GM note)")
                if base is None:  # the server's note is where this one started from
                    known["note"] = _note_digest(theirs)
                continue
            local.put_gm_note(theirs if not theirs.empty else GmNote(character_id))
        known["note"] = _note_digest(theirs)


def push(shared_url: str, local_url: str, *, prefer: str | None = None) -> SyncReport:
    """Send back every pulled character changed locally since its pull.

    One whose server version moved on is a ``Conflict`` (nothing written for
    it) unless ``prefer`` says whose copy wins: ``"mine"`` or ``"theirs"``.
    """
    if prefer not in (None, MINE, THEIRS):
        raise ValueError(f"prefer must be {MINE!r} or {THEIRS!r}")
    report = SyncReport()
    with (
        Library.open(shared_url) as shared,
        Library.open(local_url) as local,
        _state(local_url, shared_url) as state,
    ):
        if shared.may_read_gm_notes:  # a player's local notes never leave their library
            _push_notes(shared, local, state, report, prefer)
        for character_id, known in sorted(state.items()):
            if not local.exists(character_id):
                continue
            data, _v, body = _file_bytes(local, character_id)
            if _digest(body) == known["digest"]:
                report.unchanged += 1
                continue
            name = system(local.system_of(character_id) or "contract").identity(
                local.load(character_id)
            ).name
            server = shared.load_stored(character_id) if shared.exists(character_id) else None
            server_version = int(server.version or 1) if server else 0
            if server is not None and server_version != known["version"]:
                if prefer is None:
                    _data, _sv, theirs = _file_bytes(shared, character_id)
                    report.conflicts.append(
                        Conflict(
                            character_id,
                            name,
                            server_version,
                            known["version"],
                            _differences(theirs, body),
                        )
                    )
                    continue
                if prefer == THEIRS:
                    theirs_data, server_version, theirs = _file_bytes(shared, character_id)
                    local.import_file(theirs_data, "replace")
                    state[character_id] = {"version": server_version, "digest": _digest(theirs)}
                    report.pulled.append(name)
                    continue
            if server is not None and server_version != known["version"]:  # prefer == MINE
                shared.import_file(data, "replace")
                version = int(shared.load_stored(character_id).version or 1)
            else:
                version = _send(shared, local, character_id, data, known["version"], server)
            state[character_id] = {"version": version, "digest": _digest(body)}
            report.pushed.append(name)
    return report


def _push_notes(
    shared: Library,
    local: Library,
    state: dict[str, Any],
    report: SyncReport,
    prefer: str | None,
) -> None:
    """Send back each GM note edited locally since the pull (the leader's alone).

    A note the server changed meanwhile too is a ``Conflict`` (field
    ``gm_notes``) unless ``prefer``: ``"mine"`` writes the local note,
    ``"theirs"`` takes the server's into the local library.
    """
    for character_id, known in sorted(state.items()):
        if "note" not in known or not (local.exists(character_id) and shared.exists(character_id)):
            continue
        mine = local.gm_note(character_id)
        if _note_digest(mine) == known["note"]:
            continue
        theirs = shared.gm_note(character_id)
        if _note_digest(theirs) not in (known["note"], _note_digest(mine)) and prefer != MINE:
            if prefer == THEIRS:
                local.put_gm_note(theirs if not theirs.empty else GmNote(character_id))
                known["note"] = _note_digest(theirs)
                continue
            report.conflicts.append(
                Conflict(
                    character_id,
                    f"{character_id} (GM note)",
                    0,
                    0,
                    (("gm_notes", _short(theirs.text), _short(mine.text)),),
                )
            )
            continue
        shared.put_gm_note(mine if not mine.empty else GmNote(character_id))
        known["note"] = _note_digest(mine)
        report.pushed.append(f"{character_id} (GM note)")


def _send(
    shared: Library, local: Library, character_id: str, data: bytes, base: int, server: Any
) -> int:
    """Write the local copy to the server: a checked save when it only grew, else a replace."""
    if server is not None:
        try:
            return int(shared.save(local.load(character_id), expected_version=base).version or 1)
        except StaleCharacter:
            raise
        except LibraryError:
            pass  # e.g. history taken back locally: the file replaces the server's copy
    shared.import_file(data, "replace" if server is not None else "refuse")
    return int(shared.load_stored(character_id).version or 1)


def _short(value: Any, width: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= width else text[: width - 1] + "…"


def _differences(theirs: dict[str, Any], mine: dict[str, Any]) -> tuple[tuple[str, str, str], ...]:
    keys = sorted(set(theirs) | set(mine))
    differing = [k for k in keys if theirs.get(k) != mine.get(k)]
    return tuple((k, _short(theirs.get(k)), _short(mine.get(k))) for k in differing)
