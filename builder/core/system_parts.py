"""Pieces a game system's registry entry shares with others (``builder.<game>.system``).

A game whose file module reads and writes one character the common way (a file
dataclass of character and approvals, ``to_document``/``dumps`` for it, and
``character_from_json``/``character_to_json`` for the bare character) builds its
``write``, ``dumps``, ``identity`` and ``normalize`` here instead of writing them
again: same values, same errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from builder.core.approval import ApprovalError
from builder.core.canonical import file_text
from builder.core.gm_notes import with_gm_note
from builder.core.registry import CharacterFile, FileFormatError, Identity


def person_identity(character: Any) -> Identity:
    """Who a character is, for a system whose characters carry ``id``, ``name`` and ``player``."""
    return Identity(character.id, character.name, character.player)


def file_writers(
    as_file: Callable[[CharacterFile], Any],
    to_document: Callable[[Any], dict[str, Any]],
    dumps: Callable[[Any], str],
) -> tuple[Callable[[CharacterFile], dict[str, Any]], Callable[[CharacterFile], bytes]]:
    """A system's ``write`` and ``dumps``: its own file made by ``as_file``, then written.

    ``write`` gives the JSON document; ``dumps`` the file's text as UTF-8 bytes. A
    file's GM note (``builder.core.gm_notes``) goes in beside the character; a file
    without one is written byte for byte as the game's own ``dumps`` writes it.
    """

    def write(file: CharacterFile) -> dict[str, Any]:
        return with_gm_note(to_document(as_file(file)), file.gm_note)

    def dumps_bytes(file: CharacterFile) -> bytes:
        if file.gm_note is None or file.gm_note.empty:
            return dumps(as_file(file)).encode("utf-8")
        return file_text(write(file)).encode("utf-8")

    return write, dumps_bytes


def normalizer(
    from_json: Callable[[Any], Any],
    to_json: Callable[[Any], dict[str, Any]],
    error: type[FileFormatError] = FileFormatError,
) -> Callable[[Any], dict[str, Any]]:
    """A system's ``normalize``: a raw character read by ``from_json`` and written back.

    ``error`` (the file module's own FileFormatError) becomes an ApprovalError
    naming what is wrong and where, as approvals report it.
    """

    def normalize(data: Any) -> dict[str, Any]:
        try:
            character = from_json(data)
        except error as exc:
            raise ApprovalError(exc.problem, exc.where) from None
        return to_json(character)

    return normalize
