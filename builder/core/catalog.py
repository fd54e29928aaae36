"""Reading TOML catalog files: the machinery every game's catalog reader shares.

A catalog is reference data a player picks from (Gifts, sheet lists, example
Covenant content), kept as TOML under ``resources/`` and never executed. Each
game has its own reader for its own entries; this module is what they share:

* :func:`read_toml` reads one file safely (a regular file, size checked before
  reading, UTF-8, valid TOML) and raises :class:`CatalogFileError` with the
  reason in words;
* :class:`CatalogProblem` and :class:`Problems` keep each mistake as a value
  naming the file, the entry and what is wrong, so one pass reports them all;
* :func:`did_you_mean` suggests the closest known id or key (difflib);
* :class:`CatalogModel` is the pydantic v2 base of an entry's shape (unknown
  keys refused, no coercion), with field types in a reader's words
  (:data:`Text`, :data:`Ident`, :func:`one_of`...), and :func:`check_entry`
  validates one TOML table against it, turning every pydantic error into a
  ``file: entry: message`` problem (unknown keys get the closest known one);
* :class:`FileProblems` reads a file's ``[[array]]`` entries against a model,
  keeping the sound ones, so cross-entry checks can still run and report.
"""

from __future__ import annotations

import difflib
import functools
import re
import stat
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar, get_args

import tomli
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

MAX_CATALOG_FILE_BYTES = 2 * 1024 * 1024
"""A catalog file is a few dozen kB; anything larger is refused before it is read."""

ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*\Z")
"""A catalog id: lowercase letters, digits and underscores, starting with a letter."""

M = TypeVar("M", bound=BaseModel)
"""A catalog model class: what :func:`check_entry` and :meth:`FileProblems.read_array` return."""

Report = Callable[[str], None]
"""Records one problem message at a place fixed when the reporter was made."""


class CatalogFileError(Exception):
    """A catalog file that cannot be read as TOML; ``reason`` says why, without the file name."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def read_toml(path: Path, *, limit: int = MAX_CATALOG_FILE_BYTES) -> dict[str, Any]:
    """The TOML document in ``path``, read only if it is a regular file of at most ``limit`` bytes.

    Raises :class:`CatalogFileError` when the file is missing, not a regular
    file, too large, not UTF-8 or not valid TOML (the reason names the byte or
    the line).
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise CatalogFileError(f"not found in {path.parent}") from None
    except OSError as exc:
        raise CatalogFileError(f"cannot read file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise CatalogFileError("not a regular file")
    if info.st_size > limit:
        raise CatalogFileError(f"file is {info.st_size} bytes; the limit is {limit}")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CatalogFileError(f"cannot read file: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogFileError(f"not UTF-8 text (byte {exc.start})") from None
    reserved = _RESERVED.search(text)
    if reserved is not None:
        line = text.count("\n", 0, reserved.start()) + 1
        raise CatalogFileError(
            f"line {line} holds U+{ord(reserved.group()):04X}, a private-use character; "
            "U+E000 to U+E0FF stand for a player's details while a System Text is written"
        )
    try:
        return _own_copy(_parsed(text))
    except tomli.TOMLDecodeError as exc:
        raise CatalogFileError(f"not valid TOML: {exc}") from None


_RESERVED = re.compile("[\ue000-\ue0ff]")
"""Characters no catalog text may hold: ``builder.contract.gifts.detail`` marks where each
detail goes with them, so one in a template would take a detail's place."""

PARSED_FILES_KEPT = 128
"""Catalog texts whose parsed TOML :func:`read_toml` keeps (a few hundred kB in all)."""


@functools.lru_cache(maxsize=PARSED_FILES_KEPT)
def _parsed(text: str) -> dict[str, Any]:
    """The TOML document in ``text``, parsed once per process for the same text.

    A process that loads a catalog again (the shipped one under each house-rule
    folder, a check of an edited copy) parses only the files whose text changed;
    the cache is keyed by the whole text, and callers get a copy of their own
    (:func:`read_toml`). tomli is the parser the standard library's ``tomllib``
    was made from, with the same messages (it also reads TOML 1.1, a superset of
    the 1.0 that Python 3.11's reads); its compiled wheels parse the shipped
    catalogs in a third of the time.
    """
    return tomli.loads(text)


def _own_copy(value: Any) -> Any:
    """A copy of a parsed TOML value whose tables and arrays no other caller holds.

    Everything else TOML gives (text, numbers, booleans, dates) is immutable, so
    only tables and arrays are copied: a third of ``copy.deepcopy``'s time.
    """
    if isinstance(value, dict):
        return {key: _own_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_own_copy(item) for item in value]
    return value


def did_you_mean(word: str, known: Collection[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``known`` to ``word``, or "" if none is close."""
    close = difflib.get_close_matches(word, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


_TYPE_NAMES: Mapping[type, str] = {
    dict: "a table",
    list: "a list",
    str: "text",
    int: "a number",
    float: "a decimal number",
}


def type_name(value: Any) -> str:
    """What a TOML value is, in a reader's words ("a table", "text", "true/false"...)."""
    if isinstance(value, bool):
        return "true/false"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def kind_name(kind: type | tuple[type, ...]) -> str:
    """What a field must be, in a reader's words ("a whole number", "text or a list"...)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {dict: "a table", list: "a list", str: "text", int: "a whole number"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


# --------------------------------------------------------------------------- problems


@dataclass(frozen=True, slots=True)
class CatalogProblem:
    """One problem found while loading catalog files: which file, which entry, what."""

    file: str
    entry: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.entry}" if self.entry else self.file
        return f"{where}: {self.message}"

    def to_json(self) -> dict[str, str]:
        return {"file": self.file, "entry": self.entry, "message": self.message}


@dataclass
class Problems:
    """Collects problems as values; ``at`` gives a reporter bound to a file and entry."""

    items: list[CatalogProblem] = field(default_factory=list)

    def add(self, file: str, entry: str, message: str) -> None:
        self.items.append(CatalogProblem(file, entry, message))

    def at(self, file: str, entry: str) -> Report:
        return lambda message: self.add(file, entry, message)

    def lines(self) -> list[str]:
        """Each problem as one ``file: entry: message`` line."""
        return [str(p) for p in self.items]


# --------------------------------------------------------------------------- one file


def _label(raw: Mapping[str, Any], label_key: str) -> str:
    value = raw.get(label_key)
    return f" {value.strip()!r}" if isinstance(value, str) and value.strip() else ""


class FileProblems:
    """The problems of one catalog file: each is reported as ``file: where: message``."""

    def __init__(self, file: str, problems: Problems | None = None) -> None:
        self.file = file
        self.all = Problems() if problems is None else problems

    def add(self, where: str, message: str) -> None:
        self.all.add(self.file, where, message)

    def check_top_level(self, doc: Mapping[str, Any], known: Collection[str]) -> None:
        """Report each top-level key of ``doc`` that is not in ``known``, with the closest one."""
        for key in doc:
            if key not in known:
                self.add("", f"unknown top-level key {key!r}{did_you_mean(key, known)}")

    def read_array(
        self,
        doc: Mapping[str, Any],
        array: str,
        model: type[M],
        *,
        label_key: str = "name",
        required: bool = True,
    ) -> list[M]:
        """The sound entries of ``[[array]]``, each validated as a ``model``.

        An entry with problems is reported at ``array[i] 'label'`` (the label
        from ``label_key``) and left out.
        """
        entries = self.read_entries(doc, array, model, label_key=label_key, required=required)
        return [entry for _, entry in entries]

    def read_entries(
        self,
        doc: Mapping[str, Any],
        array: str,
        model: type[M],
        *,
        label_key: str = "name",
        required: bool = True,
    ) -> list[tuple[str, M]]:
        """:meth:`read_array`'s entries with the place of each, for the checks that follow."""
        raw = doc.get(array)
        if raw is None:
            if required:
                self.add("", f"has no [[{array}]] entries")
            return []
        if not isinstance(raw, list) or not all(isinstance(entry, dict) for entry in raw):
            self.add("", f"{array!r} must be an array of tables, written [[{array}]]")
            return []
        found: list[tuple[str, M]] = []
        for i, entry in enumerate(raw):
            where = f"{array}[{i}]{_label(entry, label_key)}"
            value = check_entry(model, entry, self.all, self.file, where)
            if value is not None:
                found.append((where, value))
        return found


# --------------------------------------------------------------------------- entry models


class CatalogModel(BaseModel):
    """The shape of one catalog table: unknown keys refused, values frozen, nothing coerced.

    Strict: TOML already gives real numbers, text and booleans, so ``true`` is
    never a 1 and ``"4"`` never a 4. A value the shape cannot express (a choice,
    a cross-field rule) fails with :func:`catalog_error`.
    """

    # defer_build: a model's validator is built when it first validates, so a module
    # imported only for its names (not to read its files) does not pay for it.
    # An empty table or list field is written Field(default={}) or Field(default=[]):
    # pydantic gives each entry its own copy, and a default_factory of dict or list
    # would have it read that builtin's signature, which first compiles tokenize's
    # patterns (about 4 ms of the sheet catalog's first load).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)


def catalog_error(message: str) -> PydanticCustomError:
    """A validation error whose message is ``message`` as written (said of the field it is on)."""
    return PydanticCustomError("catalog", message)


def _stripped_text(value: str) -> str:
    if not value.strip():
        raise catalog_error("must be non-empty text")
    return value.strip()


def _stripped(value: str) -> str:
    return value.strip()


def _identifier(value: str) -> str:
    if not ID_PATTERN.match(value):
        raise catalog_error(
            "must be lowercase letters, digits and underscores "
            f"starting with a letter, not {value!r}"
        )
    return value


Text = Annotated[str, AfterValidator(_stripped_text)]
"""Non-empty text, read without its surrounding blanks."""

OptionalText = Annotated[str, AfterValidator(_stripped)]
"""Text that may be empty, read without its surrounding blanks (give it a default of "")."""

Ident = Annotated[str, AfterValidator(_stripped_text), AfterValidator(_identifier)]
"""A catalog id (:data:`ID_PATTERN`)."""


def at_least(minimum: int) -> BeforeValidator:
    """Field metadata for a whole number of at least ``minimum`` (``true`` is not a 1)."""
    wanted = (
        "must be a positive integer"
        if minimum == 1
        else f"must be a whole number of at least {minimum}"
    )

    def check(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise catalog_error(wanted)
        return value

    return BeforeValidator(check)


Positive = Annotated[int, at_least(1)]
"""A whole number of at least 1."""

Whole = Annotated[int, at_least(0)]
"""A whole number of at least 0."""


def one_of(choices: Collection[str]) -> AfterValidator:
    """Field metadata accepting only ``choices`` (listed in the message in the order given).

    Put it after :data:`Text` (``Annotated[Text, one_of(...)]``) so the value is
    stripped and non-empty first.
    """
    listed = ", ".join(choices)

    def check(value: str) -> str:
        if value not in choices:
            raise catalog_error(f"must be one of {listed}, not {value!r}")
        return value

    return AfterValidator(check)


_KIND_WORDS: Mapping[str, str] = {
    "string_type": "text",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "model_type": "a table",
    "dict_type": "a table",
    "model_attributes_type": "a table",
}


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model an annotation holds (itself, or inside a list, tuple, union or Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def keys_at(model: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The keys the table at ``loc`` (inside a ``model`` table) may have."""
    current: type[BaseModel] | None = model
    for part in loc:
        if isinstance(part, str) and current is not None and part in current.model_fields:
            current = _model_in(current.model_fields[part].annotation)
    if current is None:
        return []
    return [info.alias or name for name, info in current.model_fields.items()]


def split_loc(loc: Sequence[int | str], model: type[BaseModel]) -> tuple[str, str]:
    """``("grants", 0, "ref")`` as the nested table ``"grants[0]"`` and the field ``"ref"``.

    A ``key[i]`` pair is a nested table when ``key`` holds tables in ``model``;
    otherwise (a list of text, say) it is part of the field's name.
    """
    tables: list[str] = []
    current: type[BaseModel] | None = model
    i = 0
    while i + 1 < len(loc) and isinstance(loc[i], str) and isinstance(loc[i + 1], int):
        field = current.model_fields.get(str(loc[i])) if current is not None else None
        inner = _model_in(field.annotation) if field is not None else None
        if inner is None:
            break
        tables.append(f"{loc[i]}[{loc[i + 1]}]")
        current = inner
        i += 2
    field_path = ""
    for part in loc[i:]:
        field_path += f"[{part}]" if isinstance(part, int) else f".{part}" if field_path else part
    return ": ".join(tables), field_path


def describe_error(error: ErrorDetails, model: type[BaseModel]) -> tuple[str, str]:
    """One pydantic error on a ``model`` table as (nested table or "", message in words)."""
    loc = error["loc"]
    table, name = split_loc(loc, model)
    kind = error["type"]
    ctx = error.get("ctx", {})
    if kind == "missing":
        message = f"missing {name!r}"
    elif kind == "extra_forbidden":
        hint = did_you_mean(str(loc[-1]), keys_at(model, loc[:-1]))
        message = f"unknown key {name!r}{hint}"
    elif kind == "catalog" and name:
        joint = " " if error["msg"].startswith("must") else ": "
        message = f"{name}{joint}{error['msg']}"
    elif kind == "catalog":
        message = error["msg"]
    elif kind in _KIND_WORDS:
        message = f"{name} must be {_KIND_WORDS[kind]}"
    elif kind == "too_short" and ctx.get("min_length") == 1:
        message = f"{name} must not be empty"
    elif kind == "too_short":
        message = f"{name} must list at least {ctx.get('min_length')}"
    else:
        message = f"{name}: {error['msg']}" if name else error["msg"]
    return table, message


def check_entry(model: type[M], raw: Any, problems: Problems, file: str, where: str) -> M | None:
    """``raw`` as a ``model``, or None with every problem recorded at ``file`` / ``where``.

    A problem in a nested table is placed at ``where: key[i]`` (``assets[0]
    'Rich': grants[1]: missing 'ref'``).
    """
    if not isinstance(raw, dict):
        problems.add(file, where, "must be a table")
        return None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        for error in exc.errors():
            table, message = describe_error(error, model)
            problems.add(file, f"{where}: {table}" if table and where else table or where, message)
        return None
