"""Suggested corrections headless (issue 32 item 5): the leader writes one, the player answers.

    harbinger sheet suggest FILE --entry N [--replacement ENTRY.json] --reason R --by NAME
        [--date D] [-o OUT] [--json]
    harbinger [--db PATH|URL] contractor suggestions ID [--accept N | --decline N]
        [--note T] [--date D] [--json]

``sheet suggest`` writes the suggestion into a contractor file (the leader's
side, like ``sheet approve``); ``contractor suggestions`` lists a stored
contractor's suggestions with their answers, or answers one through the
declared operations ``accept-suggestion`` / ``decline-suggestion``
(``harbinger.app.contract.suggestions``), so the app and the CLI run the same
code. Bad input exits 2, a rule's refusal 1, nothing written either way.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from harbinger.commands.base import EXIT_CHECK_FAILED, CliError, add_json_flag, emit


def add_suggest(commands: argparse._SubParsersAction) -> None:
    """``sheet suggest``: the leader's suggested correction, written into a contractor file."""
    parser = commands.add_parser(
        "suggest",
        help="write a suggested correction of a ledger entry into a contractor file",
        description="Write a leader's suggested correction into a contractor file: remove "
        "ledger entry N, or replace it with --replacement (an entry of the same kind, as JSON "
        "in the exported file's shape). Nothing on the sheet changes until the player "
        "accepts it (harbinger contractor suggestions ID --accept N). The file is rewritten "
        "in place, its approvals kept, unless -o names another file.",
    )
    parser.add_argument("file", metavar="FILE", help="the contractor file under review")
    parser.add_argument(
        "--entry",
        required=True,
        type=int,
        metavar="N",
        help="the ledger entry to correct, counting from 0 (as in the file's ledger list)",
    )
    parser.add_argument(
        "--replacement", metavar="ENTRY.json", help="the entry that should stand in its place"
    )
    parser.add_argument("--reason", required=True, help="why the entry should change")
    parser.add_argument("--by", required=True, metavar="NAME", help="the leader suggesting it")
    parser.add_argument("--date", default="", help="date, YYYY-MM-DD (default: today)")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of FILE")
    add_json_flag(parser)
    parser.set_defaults(func=run_suggest)


def run_suggest(args: argparse.Namespace) -> int:
    """Write the suggestion; exit 2 for an unreadable file or bad input, 1 when refused."""
    from harbinger.app.common import InputError
    from harbinger.app.contract.suggestions import (
        SuggestionRefused,
        replacement_entry,
        suggest_in_file,
    )
    from harbinger.app.review_files import ReviewFileError
    from harbinger.commands.base import read_json_file

    try:
        replacement = replacement_entry(
            read_json_file(args.replacement, "--replacement") if args.replacement else None
        )
        written = suggest_in_file(
            Path(args.file),
            args.entry,
            replacement,
            by=args.by,
            reason=args.reason,
            date=args.date,
            output=Path(args.output) if args.output else None,
        )
    except (InputError, ReviewFileError) as exc:
        raise CliError(str(exc)) from None
    except SuggestionRefused as refused:
        raise CliError(f"suggestion refused: {refused}", EXIT_CHECK_FAILED) from None
    document = {
        "file": str(written.path),
        "id": written.contractor.id,
        "suggestion": written.number,
        "text": written.text,
    }
    emit(args, document, f"{written.path}: suggestion {written.number}: {written.text}")
    return 0


# --------------------------------------------------------------------------- the player's side


def add_suggestions(actions: argparse._SubParsersAction) -> None:
    """``contractor suggestions ID [--accept N | --decline N]``: list or answer suggestions."""
    parser = actions.add_parser(
        "suggestions",
        help="list the leader's suggested corrections, or accept or decline one",
        description="List a contractor's suggested corrections from the leader with their "
        "answers; --accept N appends suggestion N's correction to the ledger, --decline N "
        "records that it was declined (suggestions count from 0). Take the suggestions of a "
        "file the leader sent back with: harbinger contractor take-suggestions ID --file F.",
    )
    parser.add_argument("id", metavar="ID", help="id of the contractor (see harbinger db list)")
    answer = parser.add_mutually_exclusive_group()
    answer.add_argument("--accept", type=int, metavar="N", help="accept suggestion N")
    answer.add_argument("--decline", type=int, metavar="N", help="decline suggestion N")
    parser.add_argument("--note", default="", help="a word for the leader on the answer")
    parser.add_argument("--date", default="", help="date of the answer (default: today)")
    add_json_flag(parser)
    parser.set_defaults(func=run_suggestions, noun="contractor")


def _listing(contractor: Any) -> dict[str, Any]:
    from builder.contract.serialize import to_data
    from builder.contract.suggesting import answer_text, suggestion_text

    return {
        "id": contractor.id,
        "name": contractor.concept.name,
        "suggestions": [
            {
                "number": i,
                "text": suggestion_text(contractor, s),
                "answer": s.answer.value,
                "answered": s.answered,
                "answer_text": answer_text(s),
                "suggestion": to_data(s),
            }
            for i, s in enumerate(contractor.suggestions)
        ],
    }


def run_suggestions(args: argparse.Namespace) -> int:
    """List the suggestions, or answer one through its declared operation."""
    from harbinger.app.contract.declared import OPERATIONS
    from harbinger.app.contract.suggestions import AnswerSuggestion
    from harbinger.commands.operations import load_character, open_library, run_plan

    if args.accept is None and args.decline is None:
        with open_library(args) as library:
            op = OPERATIONS["accept-suggestion"]
            contractor = load_character(library, args.id, op, "contractor")
        document = _listing(contractor)

        def text() -> str:
            lines = [f"{contractor.concept.name} ({contractor.id}): suggestions from the leader"]
            shown = document["suggestions"]
            lines += [f"  {s['number']}. {s['text']} [{s['answer_text']}]" for s in shown]
            return "\n".join(lines) if shown else lines[0] + ": none"

        emit(args, document, text)
        return 0
    name, number = (
        ("accept-suggestion", args.accept)
        if args.accept is not None
        else ("decline-suggestion", args.decline)
    )
    op = OPERATIONS[name]
    given = AnswerSuggestion(number, args.note, args.date)
    with open_library(args) as library:
        contractor = load_character(library, args.id, op, "contractor")
        return run_plan(args, name, library, lambda: op.plan(contractor, given), op.store)


__all__ = ["add_suggest", "add_suggestions", "run_suggest", "run_suggestions"]
