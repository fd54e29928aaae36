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

    ``write`` gives the JSON document; ``dumps`` the file's text as UTF-8 bytes.
    """

    def write(file: CharacterFile) -> dict[str, Any]:
        return to_document(as_file(file))

    def dumps_bytes(file: CharacterFile) -> bytes:
        return dumps(as_file(file)).encode("utf-8")

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
