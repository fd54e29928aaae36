"""CLI subcommands made from the application layer's operation declarations (SPEC §7).

Every :class:`harbinger.app.common.Operation` becomes ``harbinger GAME NAME ID
[--field VALUE ...] [--input FILE.json] [--json]``: one flag per field of its
input dataclass (an enum's values as choices, a bool as a switch, a JSON
document field as a file to read), or all of them from a JSON object
(``--input``; ``-`` reads stdin), flags overriding it. The character is read
from the library (``--db`` / ``HARBINGER_DB``), the operation's plan worked
out and committed through the one runner, ``harbinger.app.common.commit``.

Exit codes: 0 done; 1 when a rule refuses (its findings on stderr, and in
the ``--json`` document); 2 for bad input (a missing or malformed value, an
unknown id, an unreadable file), the library left untouched.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import functools
import json
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from harbinger.app.common import InputError, Operation, Plan, Refused, commit
from harbinger.commands.base import (
    EXIT_CHECK_FAILED,
    CliError,
    add_json_flag,
    emit,
    read_json_file,
    wanted,
)

_MISSING = object()


def _meta(f: dataclasses.Field[Any]) -> dict[str, Any]:
    return dict(f.metadata.get("cli", {"help": ""}))


def _flag(f: dataclasses.Field[Any]) -> str:
    return _meta(f).get("flag") or "--" + f.name.replace("_", "-")


@functools.cache
def _hints(inputs: type) -> dict[str, Any]:
    return typing.get_type_hints(inputs)


def _base_type(hint: Any) -> tuple[Any, bool]:
    """The type a field holds and whether None is allowed (``int | None`` is (int, True))."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return (args[0] if len(args) == 1 else Any), True
    return hint, False


def _is_document(f: dataclasses.Field[Any]) -> bool:
    return bool(_meta(f).get("file"))


def add_operation(
    actions: argparse._SubParsersAction,
    op: Operation,
    noun: str,
) -> argparse.ArgumentParser:
    """Add one operation's subcommand to ``actions``; its inputs become flags."""
    parser = add_declared(actions, op.name, op.help, op.inputs, noun)
    parser.set_defaults(func=lambda args: run_operation(args, op))
    return parser


def add_declared(
    actions: argparse._SubParsersAction, name: str, help: str, inputs: type, noun: str
) -> argparse.ArgumentParser:
    """A subcommand ``NAME ID`` whose flags are the fields of ``inputs`` (no runner set)."""
    parser = actions.add_parser(name, help=help, description=help[:1].upper() + help[1:] + ".")
    parser.add_argument("id", metavar="ID", help=f"id of the {noun} (see harbinger db list)")
    hints = _hints(inputs)
    for f in dataclasses.fields(inputs):
        meta = _meta(f)
        required = f.default is dataclasses.MISSING
        kind, _optional = _base_type(hints[f.name])
        required = required and kind is not bool
        help_text = meta["help"] + (" (required)" if required and not _is_document(f) else "")
        if typing.get_origin(kind) is tuple:
            help_text += (" " if help_text else "") + "(separated by commas)"
        if _is_document(f):
            metavar = meta.get("metavar") or "FILE"
            if required:
                parser.add_argument(
                    f.name, metavar=metavar, nargs="?", default=_MISSING, help=help_text
                )
            else:
                parser.add_argument(
                    _flag(f), dest=f.name, metavar=metavar, default=_MISSING, help=help_text
                )
        elif kind is bool:
            parser.add_argument(
                _flag(f),
                dest=f.name,
                action="store_const",
                const=True,
                default=_MISSING,
                help=help_text,
            )
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            parser.add_argument(
                _flag(f),
                dest=f.name,
                choices=[str(m.value) for m in kind],
                default=_MISSING,
                help=help_text,
            )
        else:
            parser.add_argument(
                _flag(f),
                dest=f.name,
                default=_MISSING,
                help=help_text,
                metavar=meta.get("metavar") or f.name.upper(),
            )
    parser.add_argument(
        "--input",
        metavar="FILE.json",
        help="read the inputs from a JSON object (field names as keys; '-' reads stdin); "
        "flags given as well override it",
    )
    add_json_flag(parser)
    return parser


def _document(f: dataclasses.Field[Any], value: Any, from_text: bool) -> Any:
    if from_text:
        return read_json_file(value, _flag(f).lstrip("-") or f.name)
    if not isinstance(value, dict):
        raise CliError(f"{f.name}: expected a JSON object")
    return value


def _boolean(f: dataclasses.Field[Any], value: Any, _from_text: bool) -> bool:
    if not isinstance(value, bool):
        raise CliError(f"{f.name}: expected true or false, not {json.dumps(value)}")
    return value


def _whole(f: dataclasses.Field[Any], value: Any, from_text: bool) -> int:
    if from_text:
        try:
            return int(str(value).strip())
        except ValueError:
            raise CliError(f"{_flag(f)} must be a whole number, not {value!r}") from None
    if not isinstance(value, int) or isinstance(value, bool):
        raise CliError(f"{f.name}: expected a whole number, not {json.dumps(value)}")
    return value


def _text(f: dataclasses.Field[Any], value: Any, _from_text: bool) -> str:
    if not isinstance(value, str):
        raise CliError(f"{f.name}: expected text, not {json.dumps(value)}")
    return value


def _texts(f: dataclasses.Field[Any], value: Any, from_text: bool) -> tuple[str, ...]:
    """A list of names: separated by commas on the command line, a JSON list in --input."""
    if from_text:
        return tuple(part.strip() for part in str(value).split(",") if part.strip())
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CliError(f"{f.name}: expected a list of text, not {json.dumps(value)}")
    return tuple(value)


def _member(kind: type[enum.Enum], f: dataclasses.Field[Any], value: Any) -> enum.Enum:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(str(m.value) for m in kind)
        raise CliError(f"{f.name}: {value!r} is not one of {allowed}") from None


def _convert(f: dataclasses.Field[Any], hint: Any, value: Any, *, from_text: bool) -> Any:
    """A flag's text or a JSON value, as the field's type; CliError (exit 2) says what is wrong."""
    kind, optional = _base_type(hint)
    if value is None:
        if optional:
            return None
        raise CliError(f"{_flag(f)}: a value is needed")
    if _is_document(f):
        return _document(f, value, from_text)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _member(kind, f, value)
    if typing.get_origin(kind) is tuple:
        return _texts(f, value, from_text)
    convert = {bool: _boolean, int: _whole}.get(kind, _text)
    return convert(f, value, from_text)


def read_inputs(args: argparse.Namespace, inputs: type) -> Any:
    """The operation's typed inputs from ``--input`` and the flags (flags win)."""
    given: dict[str, Any] = {}
    if getattr(args, "input", None):
        document = _read_input(args.input)
        if not isinstance(document, dict):
            raise CliError("--input: expected a JSON object of the operation's fields")
        known = {f.name for f in dataclasses.fields(inputs)}
        unknown = sorted(set(document) - known)
        if unknown:
            raise CliError(
                f"--input: unknown field {unknown[0]!r}; the fields are {', '.join(sorted(known))}"
            )
        given = dict(document)
    hints = _hints(inputs)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(inputs):
        flag = getattr(args, f.name, _MISSING)
        if flag is not _MISSING:
            values[f.name] = _convert(f, hints[f.name], flag, from_text=True)
        elif f.name in given:
            values[f.name] = _convert(f, hints[f.name], given[f.name], from_text=False)
        elif f.default is dataclasses.MISSING and _base_type(hints[f.name])[0] is bool:
            values[f.name] = False  # a switch not given is off
        elif f.default is dataclasses.MISSING:
            shown = f.name.upper() if _is_document(f) else _flag(f)
            raise CliError(f"{shown} is required")
    return inputs(**values)


def _read_input(path: str) -> Any:
    if path == "-":
        try:
            return json.loads(sys.stdin.read())
        except json.JSONDecodeError as exc:
            raise CliError(f"--input (stdin): not JSON: {exc}") from None
    return read_json_file(path, "--input")


def open_library(args: argparse.Namespace) -> Any:
    """The library ``--db`` / ``HARBINGER_DB`` names (a CliError when it cannot be opened)."""
    from harbinger.commands.db import _open

    return _open(args)


def outcome_document(op_name: str, plan: Plan[Any]) -> dict[str, Any]:
    """What ``--json`` prints for a committed (or refused) operation."""
    target = plan.after if plan.after is not None else plan.before
    return {
        "operation": op_name,
        "id": plan.character_id,
        "name": getattr(target, "name", None)
        or getattr(getattr(target, "concept", None), "name", ""),
        "done": plan.name,
        "lines": list(plan.lines),
        "undo": plan.undo_text,
        "findings": [f.to_json() for f in plan.findings],
    }


def _reasons(refusal: Refused) -> str:
    return "; ".join(f.message for f in refusal.findings) or "not allowed"


def run_plan(
    args: argparse.Namespace,
    op_name: str,
    library: Any,
    make_plan: Callable[[], Plan[Any]],
    store: Callable[[Any, Any, Any], None],
) -> int:
    """Work out a plan and commit it through the one runner; print the outcome."""
    from models.errors import LibraryError

    try:
        plan = make_plan()
    except InputError as exc:
        raise CliError(str(exc)) from None
    try:
        commit(library, plan, store)
    except Refused as refusal:
        if getattr(args, "json", False):
            document = outcome_document(op_name, plan)
            document["refused"] = [f.to_json() for f in refusal.findings]
            emit(args, document, "")
        raise CliError(f"{plan.name} refused: {_reasons(refusal)}", EXIT_CHECK_FAILED) from None
    except LibraryError as exc:
        raise CliError(f"{plan.name}: {exc}", EXIT_CHECK_FAILED) from None

    def text() -> str:
        notes = [f"  {f.severity.value}: {f.message}" for f in plan.findings]
        return "\n".join(
            [f"{plan.name} ({plan.character_id})", *("  " + ln for ln in plan.lines), *notes]
        )

    emit(args, outcome_document(op_name, plan), text)
    return 0


def load_character(library: Any, character_id: str, op: Operation, noun: str) -> Any:
    """The character the operation applies to; CliError (exit 2) for an unknown id or game."""
    from models.errors import CharacterNotFound

    try:
        character = library.load(character_id)
    except CharacterNotFound:
        raise CliError(f"no character with id {character_id!r} in the library") from None
    if not isinstance(character, op.character_type):
        raise CliError(f"{character_id!r} is not a {noun}")
    return character


def _load_with(library: Any, character_id: str, op: Operation) -> Any:
    """The value an operation with its own ``load`` applies to; an unknown id is bad input
    (exit 2), a refusal of the library (a player asking for GM notes) exits 1."""
    from models.errors import CharacterNotFound, LibraryError

    load = op.load
    assert load is not None  # only operations that declare their own loader come here
    try:
        return load(library, character_id)
    except CharacterNotFound:
        raise CliError(f"no character with id {character_id!r} in the library") from None
    except InputError as exc:
        raise CliError(str(exc)) from None
    except LibraryError as exc:
        raise CliError(f"{op.title}: {exc}", EXIT_CHECK_FAILED) from None


def run_operation(args: argparse.Namespace, op: Operation) -> int:
    """Run a declared operation on the character ``args.id`` of the library."""
    inputs = read_inputs(args, op.inputs)
    noun = getattr(args, "noun", "character")
    with open_library(args) as library:
        if op.load is not None:
            character = _load_with(library, args.id, op)
        else:
            character = load_character(library, args.id, op, noun)
        return run_plan(args, op.name, library, lambda: op.plan(character, inputs), op.store)


def add_operations(
    actions: argparse._SubParsersAction,
    operations: Mapping[str, Operation],
    noun: str,
    action: str | None = None,
) -> None:
    """Add one game's operations to its command's actions: every one, or only the one
    named ``action`` (none when it names another action)."""
    for op in operations.values():
        if wanted(action, op.name):
            add_operation(actions, op, noun).set_defaults(noun=noun)


def add_game_command(
    subparsers: argparse._SubParsersAction,
    command: str,
    help: str,
    *,
    description: str | None = None,
    metavar: str = "ACTION",
    missing: str | None = None,
) -> argparse._SubParsersAction:
    """Add ``harbinger COMMAND`` with an empty group of actions and return the group.

    ``description`` defaults to ``help`` as a sentence; ``missing`` is what the
    command says (exit 2) when it is run without an action. The caller adds the
    game's declared operations (:func:`add_operations`) and its own tools, in
    the order ``--help`` should list them.
    """
    parser = subparsers.add_parser(
        command,
        help=help,
        description=help[:1].upper() + help[1:] + "." if description is None else description,
    )
    actions = parser.add_subparsers(dest=f"{command}_action", metavar=metavar)
    message = f"choose an action (see harbinger {command} --help)" if missing is None else missing

    def run_missing(_args: argparse.Namespace) -> int:
        raise CliError(message)

    parser.set_defaults(func=run_missing)
    return actions


def register_game(
    subparsers: argparse._SubParsersAction,
    command: str,
    help: str,
    operations: Mapping[str, Operation],
    noun: str,
    *,
    description: str | None = None,
    metavar: str = "ACTION",
    missing: str | None = None,
    action: str | None = None,
) -> argparse._SubParsersAction:
    """Add ``harbinger COMMAND ACTION ID ...`` for one game's operations; returns the actions.

    ``action`` names the one operation to add (None: all of them; see
    :func:`harbinger.commands.base.wanted`). The caller may add more actions of its own
    (``covenant bid``) to what is returned; the other keywords are :func:`add_game_command`'s.
    """
    actions = add_game_command(
        subparsers, command, help, description=description, metavar=metavar, missing=missing
    )
    add_operations(actions, operations, noun, action)
    return actions
