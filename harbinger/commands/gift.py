"""``harbinger gift evaluate FILE``: price and check a gift draft headless (SPEC §7).

``harbinger gift random`` draws a random legal Gift ("Surprise me", issue 31.8)
for a contractor of the library (``--contractor ID``) or for a Status and a
number of unspent Gift Credits (``--status S --credits N``); ``--out FILE``
writes it as a gift draft that ``contractor gift ID FILE`` saves once named.
Exit 1 when no Gift can be drawn (no unspent Gift Credit), 2 on bad input.

Prints the Gift Cost with its breakdown, the System Text, the Status the Gift
needs with reasons, warnings, and the modifiers and levels that cannot be
chosen with why. Exit codes: 0 evaluated; 1 the draft names things that do
not exist or are not allowed (listed under errors); 2 the file cannot be read
or does not match the gift-draft schema.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from builder.contract.gifts.draft_json import DraftFormatError, read_draft_document
from builder.contract.gifts.evaluate import AvailableRewards, GiftEvaluation, evaluate_gift
from builder.contract.status import Status
from harbinger.commands.base import (
    EXIT_CHECK_FAILED,
    CliError,
    add_json_flag,
    emit,
    read_json_file,
    wanted,
)
from harbinger.commands.catalog import add_house_flag, catalog_for


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``gift evaluate`` and ``gift random`` (only the one ``action`` names when it is
    not None, see :func:`harbinger.commands.base.wanted`); returns the actions."""
    parser = subparsers.add_parser(
        "gift", help="evaluate a Gift draft file, or draw a random legal Gift"
    )
    sub = parser.add_subparsers(dest="gift_command", metavar="ACTION", required=True)
    if wanted(action, "evaluate"):
        _register_evaluate(sub)
    if wanted(action, "random"):
        _register_random(sub)
    return sub


def _register_evaluate(sub: argparse._SubParsersAction) -> None:
    """Add ``gift evaluate FILE``."""
    evaluate = sub.add_parser(
        "evaluate",
        help="Gift Cost, System Text, Status and restrictions of a gift draft (JSON) file",
        description="Evaluate a gift draft file (format: resources/schemas/"
        "gift-draft.v1.schema.json). Exit 0: evaluated; 1: the draft has errors "
        "(unknown or disallowed choices); 2: unreadable or malformed file.",
    )
    evaluate.add_argument("file", metavar="FILE", help="gift draft JSON file")
    evaluate.add_argument(
        "--status",
        metavar="STATUS",
        help="contractor Status to judge against (overrides the file's); "
        "Newbie, Novice, Seasoned, Professional or Veteran",
    )
    evaluate.add_argument(
        "--credits", type=int, metavar="N", help="unspent Gift Credits of the contractor"
    )
    evaluate.add_argument(
        "--improvements", type=int, metavar="N", help="unspent Improvements of the contractor"
    )
    evaluate.add_argument(
        "--previous-cost",
        type=int,
        metavar="N",
        help="the Gift's cost before this edit (an existing Gift being improved or revised)",
    )
    add_json_flag(evaluate)
    add_house_flag(evaluate)
    evaluate.set_defaults(func=run_evaluate)


def _register_random(sub: argparse._SubParsersAction) -> None:
    """Add ``gift random`` ("Surprise me")."""
    pick = sub.add_parser(
        "random",
        help="a random legal Gift within a contractor's Gift Credits and Status (Surprise me)",
        description="Draw a random Gift that the builder would let the contractor save: "
        "cost 1 to their unspent Gift Credits (at most 3), nothing above their Status. "
        "Give --contractor ID (read from the library, see --db) or --status and --credits. "
        "The same --seed draws the same Gift. Exit 1: no Gift can be drawn (no unspent "
        "Gift Credit); 2: bad input.",
    )
    pick.add_argument("--contractor", metavar="ID", help="a contractor of the library")
    pick.add_argument(
        "--status",
        metavar="STATUS",
        help="Status to draw for without a contractor: Newbie, Novice, Seasoned, "
        "Professional or Veteran",
    )
    pick.add_argument(
        "--credits", type=int, metavar="N", help="unspent Gift Credits to draw for (with --status)"
    )
    pick.add_argument("--seed", type=int, metavar="N", help="draw the Gift this seed gives")
    pick.add_argument("--name", default="", metavar="NAME", help="name the drawn Gift")
    pick.add_argument(
        "--out", metavar="FILE", help="write the drawn Gift as a gift draft JSON file"
    )
    add_json_flag(pick)
    pick.set_defaults(func=run_random)


def _draw(args: argparse.Namespace) -> tuple[Any, str]:
    """The seeded surprise the arguments ask for, and whom it is for."""
    from builder.contract.character import Contractor
    from builder.contract.gifts import default_catalog
    from harbinger.app.contract.surprise import SurpriseError, surprise_for, surprise_with

    catalog = default_catalog()
    try:
        if args.contractor:
            if args.status or args.credits is not None:
                raise CliError("give --contractor, or --status with --credits, not both")
            from harbinger.commands.operations import open_library
            from models.errors import CharacterNotFound

            with open_library(args) as library:
                try:
                    contractor = library.load(args.contractor)
                except CharacterNotFound:
                    raise CliError(
                        f"no character with id {args.contractor!r} in the library"
                    ) from None
            if not isinstance(contractor, Contractor):
                raise CliError(f"{args.contractor!r} is not a contractor")
            return surprise_for(contractor, catalog, args.seed), contractor.concept.name
        if not args.status or args.credits is None:
            raise CliError("give --contractor ID, or both --status and --credits")
        try:
            status = Status.parse(args.status)
        except ValueError as exc:
            raise CliError(f"--status: {exc}") from None
        if args.credits < 0:
            raise CliError(f"--credits cannot be negative: {args.credits}")
        return surprise_with(catalog, status, args.credits, args.seed), ""
    except SurpriseError as exc:
        raise CliError(f"no random Gift: {exc}", EXIT_CHECK_FAILED) from None


def run_random(args: argparse.Namespace) -> int:
    """Draw a random legal Gift, print it (and write it with ``--out``)."""
    import dataclasses
    import json
    from pathlib import Path

    from builder.contract.gifts.draft_json import draft_to_json

    seeded, who = _draw(args)
    draft = dataclasses.replace(seeded.surprise.draft, name=args.name.strip())
    result = seeded.surprise.evaluation
    document = draft_to_json(draft, seeded.status)
    if args.out:
        try:
            Path(args.out).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise CliError(f"--out {args.out}: {exc.strerror or exc}") from None
    doc: dict[str, Any] = {
        "seed": seeded.seed,
        "contractor": args.contractor,
        "status": seeded.status.label,
        "credits": seeded.credits,
        "draft": document,
        **result.to_json(),
    }
    for_whom = f"{who}, " if who else ""
    heading = (
        f"Surprise (seed {seeded.seed}) for {for_whom}{seeded.status.label} "
        f"with {seeded.credits} unspent Gift Credit{'s' if seeded.credits != 1 else ''}"
    )
    doc["gift"] = {
        "name": draft.name,
        "type": draft.gift_type,
        "effect": draft.effect,
        "style": draft.style,
    }
    emit(args, doc, lambda: heading + "\n\n" + evaluation_text(draft.name, doc, result))
    return 0


def _rewards(args: argparse.Namespace) -> AvailableRewards | None:
    if args.credits is None and args.improvements is None:
        return None
    for name in ("credits", "improvements"):
        value = getattr(args, name)
        if value is not None and value < 0:
            raise CliError(f"--{name} cannot be negative: {value}")
    return AvailableRewards(
        credits=args.credits or 0,
        improvements=args.improvements or 0,
        is_new_gift=args.previous_cost is None,
    )


def run_evaluate(args: argparse.Namespace) -> int:
    raw = read_json_file(args.file, "gift draft")
    try:
        document = read_draft_document(raw)
    except DraftFormatError as exc:
        raise CliError(f"gift draft {args.file}: {exc}") from None
    status = document.status
    if args.status:
        try:
            status = Status.parse(args.status)
        except ValueError as exc:
            raise CliError(f"--status: {exc}") from None
    catalog = catalog_for(args)
    result = evaluate_gift(
        document.draft,
        catalog,
        status=status,
        rewards=_rewards(args),
        previous_cost=args.previous_cost,
    )
    doc: dict[str, Any] = {
        "file": str(args.file),
        "gift": {
            "name": document.draft.name,
            "type": document.draft.gift_type,
            "effect": document.draft.effect,
            "style": document.draft.style,
        },
        **result.to_json(),
    }
    emit(args, doc, lambda: evaluation_text(document.draft.name, doc, result))
    return EXIT_CHECK_FAILED if result.errors else 0


def _wrap(text: str, indent: str = "  ") -> list[str]:
    rest = " " * len(indent)
    return textwrap.wrap(text, width=96, initial_indent=indent, subsequent_indent=rest) or [
        indent.rstrip()
    ]


def evaluation_text(name: str, doc: dict[str, Any], result: GiftEvaluation) -> str:  # noqa: C901  (complexity 12 when the limits came in)
    """The human-readable evaluation report."""
    gift = doc["gift"]
    out = [f"{name or '(unnamed Gift)'}: {gift['effect']}, {gift['style']}, {gift['type']}"]
    out.append("")
    out.append(f"Gift Cost {result.cost}")
    for line in result.breakdown:
        label = (
            line.label
            if line.source in ("base", "parameter")
            else (f"{line.label} ({line.source})")
        )
        out.append(f"  {line.amount:+d}  {label}")
    out.append("")
    out.append("System Text")
    out.extend(_wrap(result.system_text or "(none: fix the errors below)"))
    out.append("")
    status_line = f"Status needed: {result.required_status.label}"
    if result.status is not None:
        met = "met" if result.status_met else "NOT met"
        status_line += f" (contractor is {result.status.label}: {met})"
    out.append(status_line)
    for reason in result.status_reasons:
        out.append(f"  - {reason.message}")
    if result.rewards is not None:
        out.append(f"Rewards: {result.rewards.message}")
    if result.house_rules:
        out.append(f"House-rule content: {', '.join(result.house_rules)}")
    if result.errors:
        out.append("")
        out.append("Errors")
        for finding in result.errors:
            out.extend(_wrap(f"{finding.where}: {finding.message}", "  ! "))
    if result.warnings:
        out.append("")
        out.append("Warnings")
        for finding in result.warnings:
            mark = "!" if finding.severity.value == "error" else "-"
            out.extend(_wrap(finding.message, f"  {mark} "))
    if result.unavailable:
        out.append("")
        out.append("Cannot be chosen now")
        for item in result.unavailable:
            what = f"{item.parameter} level " if item.parameter else ""
            out.extend(_wrap(f"{what}{item.name}: {'; '.join(item.reasons)}", "  - "))
    out.append("")
    out.append("Saveable: yes" if result.saveable else "Saveable: no")
    return "\n".join(out)
