"""Character files: one contractor per JSON file, for sharing and for a leader's review.

A file is a JSON object::

    {"format": "harbinger.contractor", "version": 1,
     "exported_at": "2025-03-01T18:30:00Z", "app_version": "0.1.0",
     "character": {...builder.serialize shape...},
     "approvals": [ {...}, ... ],
     "gm_notes": {"text": ..., "written_by": ..., "date": ...},   (optional)
     "player_copy": true}                                         (optional)

``gm_notes`` is the GM-only note (``builder.core.gm_notes``), written only in a
full export by someone who may read it; ``player_copy`` marks a copy made for
the player (``builder.contract.player_copy``: no GM notes, no Threat whose
Cutoff has not hit 0). Both are optional, so files written before them read
unchanged.

``approvals`` is an open list of objects kept for the leader-review feature;
this module only carries it through unchanged.

Reading treats the file as hostile input (SPEC §5) through the shared reader
``builder.core.files``: only a regular file is opened, its size is checked
against ``MAX_FILE_BYTES`` before reading, it is decoded as UTF-8 only, parsed
as JSON only (nothing is ever evaluated), refused for a duplicate key, NaN,
nesting deeper than ``MAX_DEPTH`` or text holding a NUL, an unpaired surrogate
or a control character; it is then checked against the JSON Schema shipped for its version
(``resources/schemas/contractor-file.v<N>.schema.json``, Draft 2020-12), and
only then turned into values. Every refusal is a ``CharacterFileError`` whose
message says what is wrong and where ("ledger[4].exp: expected an integer,
got 'ten'").

Backward compatibility is by construction: ``_READERS`` maps each file
version this Harbinger has ever written to its reader, so a version 1 file
still opens after version 2 exists. Writing always uses ``CURRENT_VERSION``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator  # imported by ``files`` when first used

from builder.contract.character import Contractor
from builder.contract.serialize import (
    SerializeError,
    contractor_from_dict,
    contractor_to_dict,
    describe,
)
from builder.contract.suggesting import suggestion_problems
from builder.core import files, schema_check
from builder.core.file_writer import app_version, utc_timestamp, write_atomically
from builder.core.files import CharacterFileError, parse_document
from builder.core.gm_notes import GmNote, gm_note_from_json
from resources import resource_path

FORMAT = "harbinger.contractor"
"""The ``format`` value of a contractor file."""

CURRENT_VERSION = 1
"""The file version this Harbinger writes (and the newest it reads)."""

MAX_FILE_BYTES = files.MAX_FILE_BYTES
"""Largest file accepted: a long-lived contractor is tens of kB; anything near this is not one."""

MAX_DEPTH = files.MAX_DEPTH
"""Deepest JSON nesting accepted; the format itself needs 6 levels, approvals a few more."""

MAX_REPORTED_PROBLEMS = 3
"""How many schema problems one message lists before saying how many more there are."""


@dataclass(frozen=True, slots=True)
class CharacterDocument:
    """A character file's whole content: the contractor plus the file's own fields."""

    contractor: Contractor
    version: int = CURRENT_VERSION
    exported_at: str = ""
    app_version: str = ""
    approvals: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)
    gm_note: GmNote | None = None
    player_copy: bool = False


# --------------------------------------------------------------------------- writing


def character_document(
    contractor: Contractor,
    *,
    approvals: Sequence[Mapping[str, Any]] = (),
    exported_at: str | None = None,
    written_by: str | None = None,
    gm_note: GmNote | None = None,
    player_copy: bool = False,
) -> dict[str, Any]:
    """The file document of a contractor, keys in their canonical order.

    ``exported_at`` defaults to now and ``written_by`` (the ``app_version``
    field) to this Harbinger's version. ``gm_note`` (when not empty) and
    ``player_copy`` (when True) add their optional fields; without them the
    document is exactly what it was before they existed.
    """
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": CURRENT_VERSION,
        "exported_at": exported_at if exported_at is not None else utc_timestamp(),
        "app_version": written_by if written_by is not None else app_version(),
        "character": contractor_to_dict(contractor),
        "approvals": [dict(a) for a in approvals],
    }
    if gm_note is not None and not gm_note.empty:
        document["gm_notes"] = gm_note.to_json()
    if player_copy:
        document["player_copy"] = True
    return document


def dumps_character_file(
    contractor: Contractor,
    *,
    approvals: Sequence[Mapping[str, Any]] = (),
    exported_at: str | None = None,
    written_by: str | None = None,
    gm_note: GmNote | None = None,
    player_copy: bool = False,
) -> bytes:
    """The bytes of a character file: UTF-8 JSON, two-space indented, ending in a newline."""
    document = character_document(
        contractor,
        approvals=approvals,
        exported_at=exported_at,
        written_by=written_by,
        gm_note=gm_note,
        player_copy=player_copy,
    )
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def write_character_file(
    contractor: Contractor,
    path: str | os.PathLike[str],
    *,
    approvals: Sequence[Mapping[str, Any]] = (),
    exported_at: str | None = None,
) -> Path:
    """Write a contractor's file atomically and return its path.

    ``builder.core.file_writer.write_atomically`` writes it: a crash leaves
    either the old file or the new one, never half of one.
    """
    data = dumps_character_file(contractor, approvals=approvals, exported_at=exported_at)
    return write_atomically(Path(path), data)


# --------------------------------------------------------------------------- reading


def read_character_file(source: str | os.PathLike[str] | bytes) -> Contractor:
    """The contractor in a character file (a path, or the file's bytes).

    Raises CharacterFileError for anything that is not a valid file of a
    version this Harbinger knows.
    """
    return read_character_document(source).contractor


def read_character_document(source: str | os.PathLike[str] | bytes) -> CharacterDocument:
    """The whole content of a character file: contractor, version, export stamp, approvals."""
    raw = _read_bytes(source)
    document = parse_document(raw)
    return document_from_data(document)


def document_from_data(document: Any) -> CharacterDocument:
    """Check a parsed document's format, version and schema; read it with that version's reader."""
    if not isinstance(document, dict):
        raise CharacterFileError(
            f"file holds {describe(document)}, not a Harbinger character file (a JSON object)"
        )
    if "format" not in document:
        raise CharacterFileError("no 'format' field: not a Harbinger character file")
    fmt = document["format"]
    if fmt != FORMAT:
        raise CharacterFileError(f"format {describe(fmt)} is not a Harbinger character file")
    if "version" not in document:
        raise CharacterFileError("no 'version' field", "")
    version = document["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise CharacterFileError(f"expected a whole number, got {describe(version)}", "version")
    if version > CURRENT_VERSION:
        raise CharacterFileError(
            f"version {version} is newer than this Harbinger ({CURRENT_VERSION}); "
            "update Harbinger to open it"
        )
    reader = _READERS.get(version)
    if reader is None:
        raise CharacterFileError(f"version {version} was never a Harbinger file version")
    _check_schema(document, version)
    return reader(document)


def validate_contractor(contractor: Contractor) -> None:
    """Check that a contractor can be written to a file and read back (CharacterFileError if not).

    The library calls this before every save, so whatever it stores can be
    exported; it is the same check an import makes.
    """
    document = character_document(contractor, exported_at="", written_by="")
    _check_values(document)
    _check_schema(document, CURRENT_VERSION)
    _check_meaning(contractor)


def _check_meaning(contractor: Contractor) -> None:
    """What a schema cannot say: each ledger date is a real day no later than tomorrow
    (``files.check_date``), each Gift id appears once (ledger rows refer to Gifts by id), and
    each leader's suggestion fits the ledger (``builder.contract.suggesting``)."""
    today = date.today()
    checked: set[str] = set()  # a long ledger repeats its dates: each is checked once
    for index, entry in enumerate(contractor.ledger):
        if entry.date in checked:
            continue
        try:
            files.check_date(entry.date, f"ledger[{index}].date", today=today)
        except files.UnreadableFile as exc:
            raise files.refusal(exc) from None
        checked.add(entry.date)
    first_at: dict[str, int] = {}
    for index, gift in enumerate(contractor.gifts):
        if gift.id in first_at:
            raise CharacterFileError(
                f"{gift.id!r} is also the id of gifts[{first_at[gift.id]}]; Gift ids must differ",
                f"gifts[{index}].id",
            )
        first_at[gift.id] = index
    for where, problem in suggestion_problems(contractor):
        raise CharacterFileError(problem, where)


def _read_v1(document: dict[str, Any]) -> CharacterDocument:
    try:
        contractor = contractor_from_dict(document["character"])
    except SerializeError as exc:
        raise CharacterFileError(exc.problem, exc.where) from None
    _check_meaning(contractor)
    return CharacterDocument(
        contractor=contractor,
        version=1,
        exported_at=document.get("exported_at", ""),
        app_version=document.get("app_version", ""),
        approvals=tuple(document.get("approvals", ())),
        gm_note=gm_note_from_json(contractor.id, document["gm_notes"])
        if "gm_notes" in document
        else None,
        player_copy=bool(document.get("player_copy", False)),
    )


_READERS: dict[int, Callable[[dict[str, Any]], CharacterDocument]] = {1: _read_v1}
"""Every file version ever written, with the reader that turns it into today's values.

A later version adds its reader here and keeps the older ones (each older
reader upgrades its document to today's ``Contractor``), so old files open.
"""


def schema_path(version: int) -> Path:
    """Where the JSON Schema of a file version is shipped."""
    return resource_path("schemas", f"contractor-file.v{version}.schema.json")


@cache
def schema_validator(version: int) -> Draft202012Validator:
    """The compiled validator of a file version's whole schema (loaded once).

    Only whole-number literals count as integers (``files.strict_validator``),
    so the values read back are exactly what was written.
    """
    return files.strict_validator(_load_schema(version))


@cache
def _load_schema(version: int) -> dict[str, Any]:
    """The shipped schema of a file version, as JSON.

    Not checked against the Draft 2020-12 meta-schema here: that check takes
    a quarter of a second, paid by every process that reads a file, for a
    file that ships with the code; tests/builder/core/test_schema_check.py
    checks every shipped schema instead.
    """
    schema: dict[str, Any] = json.loads(schema_path(version).read_text(encoding="utf-8"))
    return schema


@cache
def _split_validators(version: int) -> tuple[Draft202012Validator, dict[str, Draft202012Validator]]:
    """The same schema, prepared for speed: one validator for the document without the ledger's
    type branches, and one per ledger entry type, all with their ``$ref``s written out.

    The schema picks a ledger entry's shape with one ``if``/``then`` per
    entry type, which a generic validator tries for every entry, and looks
    up a ``$ref`` at every step; checking each entry against its own type's
    definition, with references inlined, gives the same verdict several
    times faster (a test holds the two to the same answers).
    """
    schema = _load_schema(version)
    definitions = schema["$defs"]
    entry = definitions["entry"]
    document = {k: v for k, v in schema.items() if k != "$defs"}
    shallow = dict(definitions, entry={k: v for k, v in entry.items() if k != "allOf"})
    per_type = {
        rule["if"]["properties"]["type"]["const"]: files.strict_validator(
            _inline({"$ref": rule["then"]["$ref"]}, definitions)
        )
        for rule in entry["allOf"]
    }
    return files.strict_validator(_inline(document, shallow)), per_type


def _inline(node: Any, definitions: dict[str, Any]) -> Any:
    """A schema with every local ``$ref`` replaced by its definition (the schema has no cycles)."""
    if isinstance(node, list):
        return [_inline(item, definitions) for item in node]
    if not isinstance(node, dict):
        return node
    result = {key: _inline(value, definitions) for key, value in node.items() if key != "$ref"}
    if "$ref" in node:
        target = _inline(definitions[node["$ref"].removeprefix("#/$defs/")], definitions)
        result = {**target, **result}  # siblings of a $ref are annotations only
    return result


def _schema_problems(document: dict[str, Any], version: int) -> list[tuple[tuple[Any, ...], str]]:
    """(path, explanation) of every schema problem, in the order they appear in the document."""
    whole, per_type = _split_validators(version)
    problems = files.schema_problems(whole, document)
    character = document.get("character")
    ledger = character.get("ledger") if isinstance(character, dict) else None
    if isinstance(ledger, list):
        for index, entry in enumerate(ledger):
            tag = entry.get("type") if isinstance(entry, dict) else None
            validator = per_type.get(tag) if isinstance(tag, str) else None
            if validator is None:
                continue  # not an object, or an unknown type: already reported above
            prefix = ("character", "ledger", index)
            problems.extend(
                ((*prefix, *path), explanation)
                for path, explanation in files.schema_problems(validator, entry)
            )
            if len(problems) > 50:
                break
    problems.sort(key=lambda problem: files.document_order(document, problem[0]))
    return problems


@cache
def _schema_verdict(version: int) -> schema_check.Check:
    """A file version's schema compiled to a yes-or-no check (``builder.core.schema_check``).

    It gives the whole schema's verdict several times faster than jsonschema
    (about 8 ms a long-lived contractor before), so only a refused document
    goes through jsonschema, for the wording of its problems.
    """
    check = schema_check.compile_schema(_load_schema(version))  # jsonschema not loaded
    return check if check is not None else schema_validator(version).is_valid


def _check_schema(document: dict[str, Any], version: int) -> None:
    """The one schema check of a file version: CharacterFileError naming the first problems."""
    if _schema_verdict(version)(document):
        return
    problems = _schema_problems(document, version)
    if problems:
        where, text = files.summarize(
            [(_where(path), explanation) for path, explanation in problems], MAX_REPORTED_PROBLEMS
        )
        raise CharacterFileError(text, where)


def _where(path: tuple[Any, ...]) -> str:
    """A JSON path like ``ledger[4].exp``; paths inside ``character`` drop that prefix."""
    parts = list(path)
    if parts and parts[0] == "character":
        parts = parts[1:]
    return files.json_path(parts)


# --------------------------------------------------------------------------- helpers


def _read_bytes(source: str | os.PathLike[str] | bytes) -> bytes:
    """A file's bytes by ``builder.core.files.read_limited`` (regular files, size first)."""
    try:
        return files.read_limited(source, MAX_FILE_BYTES)
    except files.UnreadableFile as exc:
        raise files.refusal(exc) from None


def _check_values(data: Any) -> None:
    """Depth, finite numbers and storable text of data about to be written (core checks)."""
    try:
        files.check_values(data, MAX_DEPTH)
    except files.UnreadableFile as exc:
        raise files.refusal(exc) from None
