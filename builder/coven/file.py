"""The ``harbinger.coven`` file: a chronicle as versioned JSON, exactly invertible, checked first.

A file is ``{"format": "harbinger.coven", "version": 1, "character": {...
the chronicle ...}, "approvals": [...]}`` (the key is ``character`` so the
shared review and library code treat a chronicle like any other file).
Writing is canonical (``builder.core.canonical.file_text``): every field
written, keys sorted, so ``dumps(loads(text)) == text`` for any file Harbinger
wrote. Reading goes through the shared safe reader (``builder.core.files``),
then the schema ``resources/schemas/coven-file.v1.schema.json``, and only then
builds values. The file guards the shape only: a file may hold events the
rules refuse, which ``builder.coven.state.fold`` reports.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported by ``files`` when a file is first checked
    from jsonschema import Draft202012Validator

from builder.core import files, schema_check
from builder.core.canonical import file_text
from builder.core.codec import DataclassCodec
from builder.core.registry import FileFormatError
from builder.coven import chronicle as ch
from resources import resource_path

FORMAT = "harbinger.coven"
VERSION = 1
SCHEMA_FILE = "coven-file.v1.schema.json"

EVENT_TYPES: dict[str, type] = {
    "begin_week": ch.BeginWeek,
    "place_marker": ch.PlaceMarker,
    "end_influence": ch.EndInfluence,
    "cascade_marker": ch.CascadeMarker,
    "add_element": ch.AddElement,
    "add_link": ch.AddLink,
    "scene": ch.Scene,
    "conflict": ch.Conflict,
    "remove_markers": ch.RemoveMarkers,
    "summon_vote": ch.SummonVote,
    "game_begins": ch.GameBegins,
    "wager": ch.Wager,
    "propose_rule": ch.ProposeRule,
    "game_ends": ch.GameEnds,
    "trade": ch.Trade,
    "write_card": ch.WriteCard,
}
"""The ``type`` tag of each log event in the file."""


class CovenFileError(FileFormatError):
    """A chronicle file that cannot be read: what is wrong, and where."""


_CODEC = DataclassCodec(vars(ch), EVENT_TYPES, error=CovenFileError, tagged_name="log event")


def event_from_json(value: Any, where: str = "event") -> ch.Event:
    """One log event from its JSON form, tagged with ``type`` as the file writes it.

    CovenFileError names what is wrong and where (an unknown ``type``, a field
    of the wrong kind).
    """
    return typing.cast(ch.Event, _CODEC._entry(value, where))


@dataclass(frozen=True, slots=True)
class CovenFile:
    """A chronicle and the leader's approvals, as a file holds them."""

    chronicle: ch.Chronicle
    approvals: tuple[Mapping[str, Any], ...] = ()


# --------------------------------------------------------------------------- writing


def chronicle_to_json(chronicle: ch.Chronicle) -> dict[str, Any]:
    """The chronicle as plain JSON values, every field written."""
    return typing.cast(dict[str, Any], _CODEC.encode(chronicle))


def to_document(file: CovenFile) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "character": chronicle_to_json(file.chronicle),
        "approvals": [dict(a) for a in file.approvals],
    }


def dumps(file: CovenFile) -> str:
    """The file's canonical text."""
    return file_text(to_document(file))


# --------------------------------------------------------------------------- reading


@cache
def _validator() -> Draft202012Validator:
    return files.strict_validator(files.load_schema(resource_path("schemas", SCHEMA_FILE)))


@cache
def _verdict() -> schema_check.Check:
    """The schema's verdict compiled (``builder.core.schema_check``) from the schema itself:
    reading a good file never loads jsonschema (issue 29)."""
    schema = json.loads(resource_path("schemas", SCHEMA_FILE).read_text(encoding="utf-8"))
    check = schema_check.compile_schema(schema)  # strict, as ``_validator``
    return check if check is not None else _validator().is_valid


def from_document(document: Any) -> CovenFile:
    """Check a parsed document (format, version, schema) and build its values."""
    if not isinstance(document, dict):
        raise CovenFileError("a chronicle file is a JSON object")
    if document.get("format") != FORMAT:
        raise CovenFileError(
            f"not a chronicle of The Coven (format is {document.get('format')!r})", "format"
        )
    version = document.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise CovenFileError(
            f"written by a newer Harbinger (version {version}); this one reads up to {VERSION}",
            "version",
        )
    # jsonschema words the problems of a refused file only (issue 13: bulk imports)
    problems = () if _verdict()(document) else files.schema_problems(_validator(), document)
    if problems:
        found = tuple((files.json_path(path), text) for path, text in problems)
        where, what = files.summarize(list(found))
        raise CovenFileError(what, where or "(file)", problems=found)
    chronicle = typing.cast(
        ch.Chronicle, _CODEC.decode(ch.Chronicle, document["character"], "character")
    )
    return CovenFile(chronicle, tuple(document["approvals"]))


def loads(data: str | bytes) -> CovenFile:
    """A chronicle file from its text, through the shared safe reader."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return from_document(files.parse_json(raw))
