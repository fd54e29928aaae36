"""The Covenant character file: versioned JSON, exactly invertible, checked before use.

A file is ``{"format": "harbinger.covenant", "version": 1, "character": {...},
"approvals": [...]}`` (SPEC §5). Writing is canonical: every field is written,
keys sorted, two-space indent, UTF-8, so ``dumps_covenant(loads_covenant(text))
== text`` for any file Harbinger wrote and ``loads(dumps(f)) == f`` for any
value (``builder.core.canonical.file_text``). Reading never executes anything:
the shared reader (``builder.core.files``) refuses anything but a regular file,
files over 4 MiB (before reading them), non-UTF-8 text, malformed JSON,
duplicate keys, NaN and Infinity, and control characters; this module then
checks the document against ``resources/schemas/covenant-file.v1.schema.json``
(JSON Schema Draft 2020-12) and only then builds values. Every refusal is a ``CovenantFileError``
naming what is wrong and where (``character.log[3].spent``).

A file may hold a character that breaks the rules (4 Ties, 12 tokens spent):
the file format only guards the shape; ``evaluate_covenant`` reports the rules.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when a file is first checked (``_validator``)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

from builder.core import files, schema_check, schema_words
from builder.core.canonical import file_text
from builder.core.codec import DataclassCodec
from builder.core.registry import FileFormatError
from builder.covenant import character as cv
from resources import resource_path

FORMAT = "harbinger.covenant"
VERSION = 1
MAX_FILE_BYTES = files.MAX_FILE_BYTES
SCHEMA_FILE = "covenant-file.v1.schema.json"

ENTRY_TYPES: dict[str, type] = {
    "begin_scene": cv.BeginScene,
    "end_turn": cv.EndTurn,
    "end_scene": cv.EndScene,
    "end_chapter": cv.EndChapter,
    "use_asset": cv.UseAsset,
    "recharge_asset": cv.RechargeAsset,
    "bid": cv.Bid,
    "resist": cv.Resist,
    "heal": cv.Heal,
    "restore_long_term": cv.RestoreLongTerm,
    "lose_tie": cv.LoseTie,
    "gain_tie": cv.GainTie,
    "buy_asset": cv.BuyAsset,
    "story_control": cv.UseStoryControl,
    "add_condition": cv.AddCondition,
    "cure_condition": cv.CureCondition,
    "add_drain": cv.AddDrain,
    "drain_tick": cv.DrainTick,
    "cure_drain": cv.CureDrain,
    "set_goal": cv.SetGoal,
    "resolve_goal": cv.ResolveGoal,
    "sacrifice": cv.Sacrifice,
    "contest": cv.Contest,
    "share_discipline": cv.ShareDiscipline,
    "spend_banked": cv.SpendBanked,
    "succession": cv.Succession,
}
"""The ``type`` tag of each play-log entry in the file."""


class CovenantFileError(FileFormatError):
    """A Covenant file that cannot be read: ``what`` is wrong at ``where``.

    ``problems`` lists every (where, what) found when the schema check fails, so the
    app can show them all; the message names the first.
    """

    def __init__(self, what: str, where: str = "", problems: tuple[tuple[str, str], ...] = ()):
        super().__init__(what, where, problems=problems)


_CODEC = DataclassCodec(vars(cv), ENTRY_TYPES, error=CovenantFileError)


@dataclass(frozen=True, slots=True)
class CovenantFile:
    """One character and the approvals recorded for it.

    ``approvals`` are the leader's approval records as plain JSON objects, carried
    through unchanged; ``builder.core.approval`` makes and checks them, the same way for
    Covenant and contractor files.
    """

    character: cv.CovenantCharacter
    approvals: tuple[Mapping[str, Any], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "approvals", tuple(self.approvals))


# --------------------------------------------------------------------------- encoding


def character_to_json(character: cv.CovenantCharacter) -> dict[str, Any]:
    """The character as plain JSON values, every field written."""
    return typing.cast(dict[str, Any], _CODEC.encode(character))


def to_document(file: CovenantFile) -> dict[str, Any]:
    """The whole file as plain JSON values."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "character": character_to_json(file.character),
        "approvals": [dict(a) for a in file.approvals],
    }


def dumps_covenant(file: CovenantFile) -> str:
    """The file's canonical text: sorted keys, two-space indent, a final newline."""
    return file_text(to_document(file))


def write_covenant_file(path: str | Path, file: CovenantFile) -> None:
    """Write the canonical text to ``path`` (UTF-8)."""
    Path(path).write_text(dumps_covenant(file), encoding="utf-8")


# --------------------------------------------------------------------------- decoding


def character_from_json(value: Any, where: str = "character") -> cv.CovenantCharacter:
    """The inverse of ``character_to_json``."""
    return typing.cast(cv.CovenantCharacter, _CODEC.decode(cv.CovenantCharacter, value, where))


# --------------------------------------------------------------------------- reading


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(files.load_schema(resource_path("schemas", SCHEMA_FILE)))


@cache
def _verdict() -> schema_check.Check:
    """The schema's verdict compiled (``builder.core.schema_check``): a bulk import of many
    files pays jsonschema's generic walk only for a file it refuses (issue 13), and compiled
    from the schema itself, so it never loads jsonschema (issue 29)."""
    schema = json.loads(resource_path("schemas", SCHEMA_FILE).read_text(encoding="utf-8"))
    check = schema_check.compile_schema(schema, strict=False)  # a plain validator's integers
    return check if check is not None else _validator().is_valid


def _path(error: ValidationError) -> str:
    return files.json_path(error.absolute_path)


def _document_order(error: ValidationError) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting problems in the order they appear in the file (log[2] before log[10])."""
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in error.absolute_path)


def _refusal(exc: files.UnreadableFile, source: str) -> CovenantFileError:
    """The core reader's refusal in this format's words, naming ``source``."""
    detail = exc.detail
    if exc.kind is files.Refusal.TOO_LARGE:
        what = f"{source} is larger than the {MAX_FILE_BYTES} byte limit for a character file"
    elif exc.kind is files.Refusal.NOT_UTF8:
        what = f"{source} is not UTF-8 text (byte {detail['offset']})"
    elif exc.kind is files.Refusal.EMPTY:
        what = f"{source} is empty"
    elif exc.kind is files.Refusal.NOT_JSON:
        what = f"{source} is not valid JSON: {detail['reason']}"
    elif exc.kind is files.Refusal.TOO_DEEP and not exc.where:
        what = f"{source} is nested too deeply"
    elif exc.kind is files.Refusal.NOT_A_NUMBER:
        what = f"{source}: {detail['constant']} is not a number JSON allows"
    elif exc.kind is files.Refusal.NOT_FOUND:
        what = f"cannot read {detail['path']}: No such file or directory"
    elif exc.kind in (files.Refusal.UNREADABLE, files.Refusal.NOT_A_FILE):
        what = exc.problem  # already names the path
    elif exc.where:
        return CovenantFileError(exc.problem, exc.where)
    else:
        what = f"{source}: {exc.problem}"
    return CovenantFileError(what)


def _parse(data: bytes, source: str) -> Any:
    """JSON data of a file's bytes after the core reader's checks (``builder.core.files``)."""
    try:
        return files.parse_json(data, limit=MAX_FILE_BYTES)
    except files.UnreadableFile as exc:
        raise _refusal(exc, source) from None


def from_document(document: Any) -> CovenantFile:
    """Check a parsed document (format, version, schema) and build the file's values."""
    if not isinstance(document, dict):
        raise CovenantFileError("a Covenant file is a JSON object")
    if document.get("format") != FORMAT:
        raise CovenantFileError(
            f"not a Covenant character file (format is {document.get('format')!r}, "
            f"expected {FORMAT!r})",
            "format",
        )
    version = document.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise CovenantFileError(
            f"written by a newer Harbinger (version {version}); this one reads up to {VERSION}",
            "version",
        )
    if not _verdict()(document):  # jsonschema words the problems of a refused file only
        found = sorted(_validator().iter_errors(document), key=_document_order)
        problems = tuple((_path(e), schema_words.brief(e)) for e in found)
        if problems:
            where, what = problems[0]
            raise CovenantFileError(what, where or "(file)", problems)
    character = character_from_json(document["character"])
    return CovenantFile(character, tuple(document["approvals"]))


def loads_covenant(data: str | bytes, source: str = "the file") -> CovenantFile:
    """Read a Covenant file from its text; ``source`` names it in error messages."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return from_document(_parse(raw, source))


def read_covenant_file(path: str | Path) -> CovenantFile:
    """Read and check a Covenant file from disk: a regular file, its size checked before reading."""
    p = Path(path)
    try:
        data = files.read_limited(p, MAX_FILE_BYTES)
    except files.UnreadableFile as exc:
        raise _refusal(exc, str(p)) from None
    return loads_covenant(data, source=str(p))
