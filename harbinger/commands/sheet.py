"""``harbinger sheet``: a leader's review of character files, headless (SPEC §5, §7).

Sub-commands:

- ``sheet audit FILE...`` — the audit of each file (contractor or Covenant,
  chosen by its ``format``) with every check's numbers and the state of its
  approvals. A FILE may be a folder: every ``*.json`` file in it is audited.
  Exit 0 when every file passes, 1 when any check fails or any approved
  content changed or any approval is forged or untrusted, 2 when a file
  cannot be read (the others are still audited).
- ``sheet approve FILE --by NAME`` — append an approval record (optionally
  signed with the leader key from the settings folder).
- ``sheet key`` — show (``--create``: make) this computer's leader key's
  public half, to share with players and other leaders.
- ``sheet trust PUBLIC_KEY NAME`` — add a leader's public key to the
  trusted-keys list that ``sheet audit`` checks signatures against.
- ``sheet show FILE`` — the derived numbers a contractor's sheet shows
  (Body, Mind, each penalty with its source, dice pools, movement, carry),
  from ``builder.contract.sheet_numbers``; ``--json`` for outside tools.
- ``sheet pdf`` — the printed sheet, Gift cards, a blank sheet or a whole
  roster (``harbinger.commands.sheet_pdf``).

The audit and the approval checks are ``builder.core.review.review_document`` and
``builder.core.approval``; this module reads files, loads catalogs and formats.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harbinger.commands.base import (
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    CliError,
    add_json_flag,
    emit,
)
from harbinger.commands.sheet_pdf import add_pdf
from harbinger.commands.suggestions import add_suggest

_Registrar = Callable[[argparse._SubParsersAction], None]


# --------------------------------------------------------------------------- reading files


def _read_document(path: Path, *, archives: bool = True) -> dict[str, Any]:
    """A character file parsed as hostile input; CliError (exit 2) naming file and problem.

    Only a regular file is read, its size checked first (``builder.core.files``),
    so a FIFO or a huge file is refused without blocking or filling memory. With
    ``archives`` a game website's archive is read too (``registry.load_document``),
    as ``db import`` reads it, so a leader can audit one before importing it.
    """
    from builder.core import files
    from builder.core.registry import FileFormatError, load_document

    document: Any = None
    try:
        document = load_document(path)
        if not archives:
            files.load_json(path)
    except FileFormatError as exc:
        text = str(exc)  # the reader's own refusals already start with the path
        if not archives and isinstance(document, dict):
            text = (
                "a website archive takes no approval: import it (harbinger db import), "
                "export the character file (harbinger db export) and approve that"
            )
        raise CliError(text if text.startswith(str(path)) else f"{path}: {text}") from None
    if not isinstance(document, dict):
        raise CliError(f"{path}: not a character file (a JSON object)")
    return document


def _expand(paths: list[str]) -> tuple[list[Path], bool]:
    """The files to audit, folders expanded to their ``*.json`` files, and whether any
    folder was given (then the JSON output is always a list)."""
    files: list[Path] = []
    folder = False
    for name in paths:
        path = Path(name)
        if path.is_dir():
            folder = True
            # Every *.json entry, whatever it is: a FIFO, a device or a folder so named is
            # refused by the reader and named (exit 2), never skipped (issue 27).
            found = sorted(path.glob("*.json"))
            if not found:
                raise CliError(f"{path}: the folder holds no .json files")
            files += found
        else:
            files.append(path)
    return files, folder


def _gift_catalog(house_dirs: list[str]) -> Any:
    from builder.contract.gifts import CatalogError, default_catalog

    try:
        return default_catalog(house_dirs)
    except CatalogError as exc:
        raise CliError(f"the Gift catalog cannot be loaded: {exc}") from None


def _sheet_catalog(folder: str | None) -> Any:
    from builder.contract.sheet_catalog import CatalogError, load_sheet_catalog

    try:
        return load_sheet_catalog(Path(folder) if folder else None)
    except CatalogError as exc:
        raise CliError(f"the sheet catalog cannot be loaded: {exc}") from None


def _trusted_keys(keys_file: str | None) -> dict[str, str] | None:
    from harbinger.shell.keys import KeyFileError, default_trusted_keys, read_trusted_keys

    try:
        return read_trusted_keys(Path(keys_file)) if keys_file else default_trusted_keys()
    except KeyFileError as exc:
        raise CliError(str(exc)) from None


# --------------------------------------------------------------------------- sheet audit


def _add_audit(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "audit",
        help="audit character files: every rule check with its numbers, and their approvals",
        description="Audit contractor or Covenant character files as a Playgroup Leader: "
        "Exp earned, spent and available; Gift Credits and Improvements against the cap; "
        "Status; each Gift priced again against the catalog; restricted content; Bonus Exp "
        "eligibility; overdue Loose Ends; and whether approved content changed since. "
        "Exit 0 when all pass, 1 when any check fails, 2 when a file cannot be read.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a character file or a folder")
    parser.add_argument(
        "--catalog",
        action="append",
        default=[],
        metavar="DIR",
        help="a house-rule Gift catalog folder loaded on top of the standard one (repeatable)",
    )
    parser.add_argument(
        "--sheet-catalog", metavar="DIR", help="Assets and Liabilities list to check against"
    )
    parser.add_argument(
        "--keys",
        metavar="FILE",
        help="trusted public keys, one '<base64 key> <name>' a line (default: the settings "
        "folder's trusted-keys.txt plus this computer's leader key)",
    )
    parser.add_argument(
        "--require-signature",
        action="store_true",
        help="reject approvals that are not signed",
    )
    parser.add_argument(
        "--allow-untrusted",
        action="store_true",
        help="with no trusted keys at all, accept a signature checked against its own key "
        "(by default it is UNVERIFIED and the audit fails)",
    )
    parser.add_argument(
        "--require-approved",
        action="store_true",
        help="fail unless every item of every file is approved and unchanged since "
        "(what a leader checks before a game)",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="list every approved item, not only a summary"
    )
    add_json_flag(parser)
    parser.set_defaults(func=run_audit)


def _unapproved(review: Any) -> list[str]:
    """The items of a reviewed file that are not approved as they stand (new, changed...)."""
    from builder.core.approval import ItemState

    return [i.key for i in review.approvals.items if i.state is not ItemState.APPROVED]


def run_audit(args: argparse.Namespace) -> int:
    """Audit every file; print each review; exit 0 / 1 / 2 as described above."""
    from builder.contract.system import audit_context
    from builder.core.review import ReviewInputError, review_document

    files, folder = _expand(args.files)
    catalog = _gift_catalog(args.catalog)
    sheet_catalog = _sheet_catalog(args.sheet_catalog)
    trusted = _trusted_keys(args.keys)
    if trusted is None and not args.allow_untrusted:
        # No trust list at all: anyone can sign with a key of their own, so a signature
        # proves nothing; an empty list makes every signed record UNVERIFIED.
        trusted = {}
    documents: list[dict[str, Any]] = []
    texts: list[str] = []
    unreadable = failed = 0
    for path in files:
        try:
            review = review_document(
                _read_document(path),
                audit_context(catalog, sheet_catalog),
                trusted,
                require_signature=args.require_signature,
            )
        except (CliError, ReviewInputError) as exc:
            message = str(exc) if isinstance(exc, CliError) else f"{path}: {exc}"
            print(f"harbinger sheet audit: {message}", file=sys.stderr)
            documents.append({"file": str(path), "passed": False, "error": message})
            texts.append(f"== {path}\nUNREADABLE: {message}")
            unreadable += 1
            continue
        unapproved = _unapproved(review) if args.require_approved else []
        failed += not review.passed or bool(unapproved)
        document = {"file": str(path), **review.to_json()}
        if args.require_approved:
            document["unapproved"] = unapproved
        documents.append(document)
        text = review.to_text(args.verbose)
        if unapproved:
            text += f"\nNOT APPROVED (--require-approved): {', '.join(unapproved)}"
        texts.append(f"== {path}\n{text}")
    if len(files) > 1:
        summary = (
            f"{len(files)} files: {len(files) - failed - unreadable} passed, {failed} failed, "
            f"{unreadable} unreadable"
        )
        texts.append(summary)
    if args.json:
        out: Any = documents if folder or len(files) > 1 else documents[0]
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("\n\n".join(texts) + "\n")
    if unreadable:
        return EXIT_BAD_INPUT
    return EXIT_CHECK_FAILED if failed else 0


# --------------------------------------------------------------------------- sheet approve


def _add_approve(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "approve",
        help="record a leader's approval (or request for changes) in a character file",
        description="Append an approval record to a character file: who approved, when, the "
        "SHA-256 digest of each approved item and a snapshot of it, and optionally an Ed25519 "
        "signature with this computer's leader key. The file is rewritten in place unless "
        "-o names another file.",
    )
    parser.add_argument("file", metavar="FILE", help="the character file")
    parser.add_argument("--by", required=True, metavar="NAME", help="the approving leader")
    parser.add_argument(
        "--scope",
        default="",
        help="what to approve: contractor (or character for Covenant files; the default), "
        "core, gift:<id>, ledger (or log), or one item such as ledger[3]",
    )
    parser.add_argument("--note", default="", help="a note for the player")
    parser.add_argument(
        "--request-changes",
        action="store_true",
        help="record a request for changes instead of an approval",
    )
    parser.add_argument("--sign", action="store_true", help="sign with this computer's leader key")
    parser.add_argument(
        "--key", metavar="PEM", help="sign with this private key file instead of the default"
    )
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of FILE")
    add_json_flag(parser)
    parser.set_defaults(func=run_approve)


def _system_file(path: Path, document: dict[str, Any]) -> tuple[Any, Any]:
    """The file's game system and its content read by that system; CliError when unreadable."""
    from builder.core.registry import FileFormatError, system_for_document

    try:
        system = system_for_document(document)
        return system, system.read(document)
    except FileFormatError as exc:
        raise CliError(f"{path}: {exc}") from None


def run_approve(args: argparse.Namespace) -> int:
    """Append the approval record and write the file."""
    from builder.core.approval import (
        ApprovalError,
        Verdict,
        approve,
        key_fingerprint,
        public_key_text,
    )
    from builder.core.file_writer import write_atomically
    from harbinger.shell.keys import KeyFileError, load_leader_key, load_or_create_leader_key

    path = Path(args.file)
    # An approval is written into the file approved: only a character file can take one.
    document = _read_document(path, archives=False)
    system, _content = _system_file(path, document)
    key = None
    if args.sign or args.key:
        try:
            if args.key:
                key = load_leader_key(Path(args.key))
            else:
                key, created = load_or_create_leader_key()
                if created:
                    print(
                        "harbinger sheet approve: created a new leader key; share its public "
                        f"key: {public_key_text(key)}",
                        file=sys.stderr,
                    )
        except KeyFileError as exc:
            raise CliError(str(exc)) from None
    scope = args.scope or system.whole_scope
    verdict = Verdict.CHANGES_REQUESTED if args.request_changes else Verdict.APPROVED
    try:
        approved = approve(document, scope, args.by, args.note, key, verdict=verdict)
    except ApprovalError as exc:
        raise CliError(f"{path}: {exc}") from None
    target = Path(args.output) if args.output else path
    try:
        write_atomically(target, system.dumps(system.read(approved)))
    except OSError as exc:
        raise CliError(f"cannot write {target}: {exc.strerror or exc}") from None
    record = approved["approvals"][-1]
    signed = record.get("signature")
    fingerprint = key_fingerprint(signed["public_key"]) if signed else ""
    summary = {
        "file": str(target),
        "index": len(approved["approvals"]) - 1,
        "approved_by": record["approved_by"],
        "approved_at": record["approved_at"],
        "scope": record["scope"],
        "verdict": record["verdict"],
        "items": sorted(record["items"]),
        "signed": bool(signed),
        "fingerprint": fingerprint,
    }
    if args.json:
        json.dump(summary, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        what = "approved" if verdict is Verdict.APPROVED else "asked for changes to"
        how = f", signed with key {fingerprint}" if signed else ", unsigned"
        print(
            f"{record['approved_by']} {what} {len(record['items'])} items "
            f"(scope {record['scope']}){how}; written to {target}"
        )
    return 0


# --------------------------------------------------------------------------- keys


def _add_key(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "key",
        help="show this computer's leader public key (--create to make the key)",
        description="Print the public half of this computer's leader signing key, to share "
        "with the players and leaders who verify your approvals. The private key stays in "
        "the settings folder, readable by you only.",
    )
    parser.add_argument("--create", action="store_true", help="create the key if there is none")
    add_json_flag(parser)
    parser.set_defaults(func=run_key)


def run_key(args: argparse.Namespace) -> int:
    from builder.core.approval import key_fingerprint, public_key_text
    from harbinger.shell.keys import (
        KeyFileError,
        leader_key_path,
        load_leader_key,
        load_or_create_leader_key,
    )

    try:
        if args.create:
            key, created = load_or_create_leader_key()
        else:
            key, created = load_leader_key(), False
    except KeyFileError as exc:
        raise CliError(str(exc)) from None
    public = public_key_text(key)
    document = {
        "public_key": public,
        "fingerprint": key_fingerprint(public),
        "path": str(leader_key_path()),
        "created": created,
    }
    if args.json:
        json.dump(document, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        made = "created " if created else ""
        print(f"{public}\n({made}key {document['fingerprint']} at {document['path']})")
    return 0


def _add_trust(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "trust",
        help="trust a leader's public key when checking signed approvals",
        description="Add a leader's public key (as 'harbinger sheet key' prints it) to the "
        "trusted-keys list in the settings folder.",
    )
    parser.add_argument("public_key", metavar="PUBLIC_KEY")
    parser.add_argument("name", metavar="NAME", nargs="+", help="whose key it is")
    parser.add_argument("--keys", metavar="FILE", help="the trusted-keys file to add it to")
    add_json_flag(parser)
    parser.set_defaults(func=run_trust)


def run_trust(args: argparse.Namespace) -> int:
    from builder.core.approval import key_fingerprint
    from harbinger.shell.keys import KeyFileError, add_trusted_key

    name = " ".join(args.name)
    try:
        path = add_trusted_key(args.public_key, name, Path(args.keys) if args.keys else None)
    except KeyFileError as exc:
        raise CliError(str(exc)) from None
    document = {
        "public_key": args.public_key.strip(),
        "name": name,
        "fingerprint": key_fingerprint(args.public_key.strip()),
        "file": str(path),
    }
    if args.json:
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(f"trusting {name}'s key {document['fingerprint']} (in {path})")
    return 0


# --------------------------------------------------------------------------- registration


def _add_show(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "show",
        help="print a contractor's derived numbers: Body, Mind, Penalty, pools, movement, carry",
        description="Print the numbers a contractor's sheet shows, each with the rule it "
        "follows: Body and Mind with damage and state, each penalty and its source, dice "
        "pools before and after penalties, movement, carry and encumbrance, and the optional "
        "Battle Scar modifiers. Exit 2 when the file cannot be read.",
    )
    parser.add_argument("file", metavar="FILE", help="a contractor file")
    add_json_flag(parser)
    parser.set_defaults(func=run_show)


def run_show(args: argparse.Namespace) -> int:
    """Print one contractor's derived numbers (JSON with --json)."""
    from builder.contract.file import document_from_data
    from builder.contract.sheet_numbers import sheet_numbers
    from builder.core.files import CharacterFileError

    path = Path(args.file)
    document = _read_document(path)
    try:
        contractor = document_from_data(document).contractor
    except CharacterFileError as exc:
        raise CliError(f"{path}: {exc}") from None
    numbers = sheet_numbers(contractor)
    emit(args, numbers, lambda: _show_text(numbers))
    return 0


def _show_text(n: dict[str, Any]) -> str:
    pen, pools, carry = n["penalty"], n["pools"], n["carry"]
    lines = [f"{n['name']} ({n['status']})"]
    for track in ("body", "mind"):
        t = n[track]
        lines.append(
            f"{track.capitalize()} {t['rating']}: damage {t['damage']}, remaining "
            f"{t['remaining']} ({t['state']}), penalty {t['penalty']}"
        )
    lines.append(
        f"Penalty {pen['total']} from {pen['source']} (wounds {pen['wounds']}, scar floor "
        f"{pen['scar_floor']}); encumbrance {pen['encumbrance']}; every roll −{pen['roll_penalty']}"
    )
    lines.append(
        "Pools: "
        + ", ".join(
            f"{k} {pools[k]['dice']} ({pools[k]['after_penalty']} after penalties)"
            for k in ("initiative", "body", "mind")
        )
    )
    mv = n["movement"]
    why = []
    if mv["at_lift_limit"]:
        why.append("at the lifting limit: no movement")
    if mv["encumbrance_ft"]:
        why.append(f"encumbered −{mv['encumbrance_ft']} ft")
    if mv["scar"]:
        why.append(f"{mv['scar']} {mv['fraction']} speed, rounded down to 5-ft steps")
    if mv["no_sprint_scar"]:
        why.append(f"{mv['no_sprint_scar']}: no Dash or Sprint")
    lines.append(
        f"Movement: free {mv['free_ft']} ft, sprint {mv['sprint_steps']} steps "
        f"({mv['sprint_ft']} ft)" + (f" ({'; '.join(why)})" if why else "")
    )
    lines.append(
        f"Carry: limit {carry['limit_lb']} lb, carried {carry['carried_lb']} lb, over "
        f"{carry['over_lb']} lb (−{carry['encumbrance_penalty']}), unencumbered "
        f"+{carry['unencumbered_bonus']}; lift {carry['lift_lb']} lb"
    )
    for m in n["scar_modifiers"]:
        dice = (
            f"−{m['dice']}" if m["dice"] == m["dice_max"] else f"−{m['dice']} to −{m['dice_max']}"
        )
        effect = f"+{m['difficulty']} Difficulty" if m["difficulty"] else f"{dice} dice"
        lines.append(f"Optional: {m['name']}, {m['applies']}: {effect}")
    for w in n.get("weapons", ()):
        damage = "no damage" if w["weapon_damage"] is None else f"damage {w['weapon_damage']}"
        lines.append(
            f"Weapon {w['name']}: {w['attribute']} + {w['ability']}, {w['dice']} dice "
            f"({w['after_penalty']} after penalties) at Difficulty {w['difficulty']}, {damage}"
        )
    return "\n".join(lines)


_SUBCOMMANDS: list[_Registrar] = [
    _add_audit,
    _add_approve,
    _add_key,
    _add_trust,
    _add_show,
    add_pdf,
    add_suggest,
]
"""Each ``sheet`` sub-command adds itself here; ``sheet pdf`` lives in ``sheet_pdf``."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``sheet`` subcommand and its sub-commands."""
    parser = subparsers.add_parser(
        "sheet",
        help="review character files: audit, approve, sign (and print)",
        description="Work with exported character files headless.",
    )
    commands = parser.add_subparsers(dest="sheet_command", metavar="SUBCOMMAND")
    for add in _SUBCOMMANDS:
        add(commands)
    parser.set_defaults(func=_missing_subcommand(parser))


def _missing_subcommand(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        parser.print_usage(sys.stderr)
        raise CliError("choose a sub-command: " + ", ".join(sorted(_names(parser))))

    return run


def _names(parser: argparse.ArgumentParser) -> list[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []
