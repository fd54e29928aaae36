"""*This Mortal Coil* files: a spacefarer (``harbinger.mortal-coil``) and a crew, versioned JSON.

A spacefarer file is ``{"format": "harbinger.mortal-coil", "version": 1,
"character": {...}, "approvals": [...]}``; a crew file is ``{"format":
"harbinger.mortal-coil-crew", "version": 1, "crew": {...}}``. Writing is
canonical (every field written, keys sorted, two-space indent, UTF-8), so
``loads(dumps(f)) == f``. Reading checks the document against its JSON Schema
(``resources/schemas/mortal-coil*.v1.schema.json``) before building values, and
every refusal is a ``FileFormatError`` naming the place ("character.log[3].roll").

A file may hold a character the rules refuse (STR 25, a save of 0 past 0 HP):
the format guards only the shape; ``builder.mortal_coil.audit`` reports the rules.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when a file is first checked (``_validator``)
    from jsonschema import Draft202012Validator

from builder.core import schema_check, schema_words
from builder.core.codec import DataclassCodec
from builder.core.registry import FileFormatError
from builder.mortal_coil import character as mc
from builder.mortal_coil import creation as mc_creation
from builder.mortal_coil import crew as mc_crew
from resources import resource_path

FORMAT = "harbinger.mortal-coil"
CREW_FORMAT = "harbinger.mortal-coil-crew"
VERSION = 1
MAX_FILE_BYTES = 4 * 1024 * 1024
SCHEMA_FILE = "mortal-coil-file.v1.schema.json"
CREW_SCHEMA_FILE = "mortal-coil-crew.v1.schema.json"

ENTRY_TYPES: dict[str, type] = {
    "take_harm": mc.TakeHarm,
    "save": mc.Save,
    "short_rest": mc.ShortRest,
    "night_rest": mc.NightRest,
    "week_of_care": mc.WeekOfCare,
    "deprived": mc.Deprived,
    "end_deprivation": mc.EndDeprivation,
    "add_fallout": mc.AddFallout,
    "retire": mc.Retire,
}
"""The ``type`` tag of each play-log entry in the file."""

_CODEC = DataclassCodec(
    {**vars(mc), **vars(mc_crew), "Associate": mc_creation.Associate},
    ENTRY_TYPES,
    # Added by issue 28 (what thralls and associates carry): files written before read
    # without them.
    optional=((mc.Spacefarer, "thralls"), (mc_creation.Associate, "carried")),
)


@dataclass(frozen=True, slots=True)
class MortalCoilFile:
    """One spacefarer and the approvals recorded for it."""

    character: mc.Spacefarer
    approvals: tuple[Mapping[str, Any], ...] = ()


# --------------------------------------------------------------------------- encoding


def character_to_json(character: mc.Spacefarer) -> dict[str, Any]:
    """The spacefarer as plain JSON values, every field written."""
    return typing.cast(dict[str, Any], _CODEC.encode(character))


def crew_to_json(crew: mc_crew.Crew) -> dict[str, Any]:
    """The crew as plain JSON values, every field written."""
    return typing.cast(dict[str, Any], _CODEC.encode(crew))


def to_document(file: MortalCoilFile) -> dict[str, Any]:
    """The whole spacefarer file as plain JSON values."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "character": character_to_json(file.character),
        "approvals": [dict(a) for a in file.approvals],
    }


def crew_document(crew: mc_crew.Crew) -> dict[str, Any]:
    """The whole crew file as plain JSON values."""
    return {"format": CREW_FORMAT, "version": VERSION, "crew": crew_to_json(crew)}


def canonical(document: Any) -> str:
    """A document's canonical text: sorted keys, two-space indent, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def dumps(file: MortalCoilFile) -> str:
    return canonical(to_document(file))


# --------------------------------------------------------------------------- decoding


def character_from_json(value: Any, where: str = "character") -> mc.Spacefarer:
    """The inverse of ``character_to_json``."""
    return typing.cast(mc.Spacefarer, _CODEC.decode(mc.Spacefarer, value, where))


def crew_from_json(value: Any, where: str = "crew") -> mc_crew.Crew:
    """The inverse of ``crew_to_json``."""
    return typing.cast(mc_crew.Crew, _CODEC.decode(mc_crew.Crew, value, where))


# --------------------------------------------------------------------------- reading


@cache
def _validator(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = json.loads(resource_path("schemas", name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@cache
def _verdict(name: str) -> schema_check.Check:
    """The schema's verdict compiled (``builder.core.schema_check``): a bulk import of many
    files pays jsonschema's generic walk only for a file it refuses (issue 13), and compiled
    from the schema itself, so it never loads jsonschema (issue 29)."""
    schema = json.loads(resource_path("schemas", name).read_text(encoding="utf-8"))
    check = schema_check.compile_schema(schema, strict=False)  # a plain validator's integers
    return check if check is not None else _validator(name).is_valid


def _path(parts: Any) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _check(document: Any, fmt: str, schema: str, what: str) -> None:
    if not isinstance(document, dict):
        raise FileFormatError(f"a {what} file is a JSON object")
    if document.get("format") != fmt:
        raise FileFormatError(
            f"not a {what} file (format is {document.get('format')!r}, expected {fmt!r})", "format"
        )
    version = document.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise FileFormatError(
            f"written by a newer Harbinger (version {version}); this one reads up to {VERSION}",
            "version",
        )
    if _verdict(schema)(document):  # jsonschema words the problems of a refused file only
        return
    found = sorted(
        _validator(schema).iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]
    )
    problems = tuple((_path(e.absolute_path), schema_words.brief(e)) for e in found)
    if problems:
        where, problem = problems[0]
        raise FileFormatError(problem, where or "(file)", problems=problems)


def from_document(document: Any) -> MortalCoilFile:
    """Check a parsed spacefarer document (format, version, schema) and build its values."""
    _check(document, FORMAT, SCHEMA_FILE, "This Mortal Coil character")
    return MortalCoilFile(character_from_json(document["character"]), tuple(document["approvals"]))


def crew_from_document(document: Any) -> mc_crew.Crew:
    """Check a parsed crew document and build the crew."""
    _check(document, CREW_FORMAT, CREW_SCHEMA_FILE, "This Mortal Coil crew")
    return crew_from_json(document["crew"])


def loads(data: str | bytes, source: str = "the file") -> MortalCoilFile:
    """Read a spacefarer file from its text; ``source`` names it in error messages."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_FILE_BYTES:
        raise FileFormatError(f"{source} is larger than the {MAX_FILE_BYTES} byte limit")
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FileFormatError(f"{source} is not valid UTF-8 JSON: {exc}") from None
    return from_document(document)
