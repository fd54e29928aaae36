"""Character files opened for review: read as hostile input, audited, never imported.

Review mode (SPEC §5, "Review") opens files a player sent without putting
them in the library. Each file is read with the same functions the CLI uses
(``builder.core.files.parse_document``, then the game system the registry
names for its ``format``: ``builder.core.registry.system_for_document``),
audited and checked for approvals by
``builder.core.review.review_document``, and kept here with the exact bytes'
digest so an approval is only ever appended to the content the leader saw.

Nothing in this module imports Qt: it runs on the review window's
background worker, and its verdicts are plain values the window shows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from builder.core.approval import ApprovalError, ItemState, Verdict, approve
from builder.core.file_writer import write_atomically
from builder.core.files import MAX_FILE_BYTES, CharacterFileError, parse_document
from builder.core.registry import (
    FileFormatError,
    GameSystem,
    system,
    system_for_document,
    text_document,
)
from builder.core.report import Verdict as AuditVerdict
from builder.core.review import Review, ReviewInputError, review_document


class FileVerdict(StrEnum):
    """One word for a file in the review list, worst first.

    UNREADABLE: the file is not a character file (its message says why);
    REJECTED: an approval in it is forged, broken or signed by an untrusted
    key; FAIL: a rule check fails; CHANGED: content approved earlier was
    edited since; PASS: every check passes and nothing approved changed.
    """

    UNREADABLE = "unreadable"
    REJECTED = "rejected"
    FAIL = "fail"
    CHANGED = "changed"
    PASS = "pass"


VERDICT_MARKS: Mapping[FileVerdict, str] = {
    FileVerdict.UNREADABLE: "⊘",
    FileVerdict.REJECTED: "✖",
    FileVerdict.FAIL: "✖",
    FileVerdict.CHANGED: "⚠",
    FileVerdict.PASS: "✔",
}


ARCHIVE_NOT_APPROVED = (
    "{name} is a website archive: it takes no approval. Import it (File → Import), export "
    "the character file and review and approve that"
)
"""Why a website archive opened for review cannot be approved."""


class ReviewFileError(Exception):
    """A file that cannot be read or written; the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class ReviewContext:
    """What every file of one review is checked against: each system's audit inputs, trusted keys.

    ``audit_inputs`` maps a game system's id to what its audit takes (The
    Contract's Gift and Asset catalogs), as ``builder.core.review.review_document``
    wants it; the front end's registry says what each system needs. ``trusted_keys`` maps
    a base64 public key to its owner's name; None means no trust list exists
    (signatures are then checked against their own key).
    ``trust_problem`` says why the trusted-keys file could not be read.
    """

    audit_inputs: Mapping[str, Any]
    trusted_keys: Mapping[str, str] | None
    trust_problem: str = ""


@dataclass(frozen=True, slots=True)
class ReviewedFile:
    """One file as review mode read it: its document, character and review, or its error.

    ``system_id`` names the file's game system in the registry ("" when unreadable).
    """

    path: Path
    digest: str = ""
    document: Mapping[str, Any] | None = None
    character: Any = None  # the game system's character value
    review: Review | None = None
    error: str = ""
    checked_against_trust_list: bool = field(default=False)
    system_id: str = ""
    archive: bool = False
    """A game website's archive, read as ``db import`` reads it: audited, never approved
    (an approval is written into the file; import it and approve the exported file)."""

    @property
    def readable(self) -> bool:
        return self.review is not None

    @property
    def system(self) -> GameSystem | None:
        """The file's game system (``builder.core.registry``), None for an unreadable file."""
        return system(self.system_id) if self.system_id else None

    @property
    def name(self) -> str:
        if self.review is None:
            return self.path.name
        return self.review.audit.name or "(unnamed)"

    @property
    def verdict(self) -> FileVerdict:
        review = self.review
        if review is None:
            return FileVerdict.UNREADABLE
        if review.approvals.rejected:
            return FileVerdict.REJECTED
        if not review.audit.passed:
            return FileVerdict.FAIL
        if review.approvals.changed:
            return FileVerdict.CHANGED
        return FileVerdict.PASS

    def summary(self) -> str:  # noqa: C901  (complexity 11 when the limits came in)
        """One line under the file's name: what its verdict rests on."""
        review = self.review
        if review is None:
            return self.error
        audit, approvals = review.audit, review.approvals
        parts: list[str] = []
        failed = len(audit.failed)
        warned = sum(1 for line in audit.lines if line.verdict is AuditVerdict.WARN)
        if failed:
            parts.append(f"{failed} check{'s' if failed != 1 else ''} failed")
        if warned:
            parts.append(f"{warned} to look at")
        if not failed and not warned:
            parts.append(f"all {len(audit.lines)} checks pass")
        if approvals.rejected:
            n = len(approvals.rejected)
            parts.append(f"{n} approval{'s' if n != 1 else ''} rejected")
        changed = len(approvals.changed)
        if changed:
            parts.append(f"{changed} changed since approval")
        approved = approvals.count(ItemState.APPROVED)
        total = len(approvals.items)
        if approved == total and total:
            parts.append("approved")
        elif approved:
            parts.append(f"{approved} of {total} items approved")
        elif not changed:
            parts.append("not approved")
        requested = approvals.count(ItemState.CHANGES_REQUESTED)
        if requested:
            parts.append(f"changes requested on {requested}")
        return "; ".join(parts)


def expand_paths(paths: Iterable[str | Path]) -> tuple[list[Path], list[str]]:
    """The files to review: folders become their ``*.json`` files, sorted by name.

    Returns the files and the problems found (a missing path, a folder with
    no character files), each naming the path.
    """
    files: list[Path] = []
    problems: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted((p for p in path.glob("*.json") if p.is_file()), key=_name_key)
            if not found:
                problems.append(f"{path}: the folder holds no .json files")
            files += found
        elif path.exists():
            files.append(path)
        else:
            problems.append(f"{path}: no such file")
    unique: list[Path] = []
    for path in files:
        if path.absolute() not in (p.absolute() for p in unique):
            unique.append(path)
    return unique, problems


def _name_key(path: Path) -> tuple[str, str]:
    return (path.name.casefold(), path.name)


def load_context(
    audit_inputs: Callable[[Sequence[str | Path]], dict[str, Any]],
    house_dirs: Sequence[str | Path] = (),
) -> ReviewContext:
    """Audit inputs and trusted keys for a review (slow on first use: run it off the main thread).

    ``audit_inputs`` gives what each game's audit is checked against, by
    system id (the front end's registry knows the games; this module names
    none). ``house_dirs`` are the house-rule catalog folders the settings name.
    A broken catalog raises (the review cannot be done without it); a broken
    trusted-keys file does not: only this computer's own key is then trusted,
    and ``trust_problem`` says what is wrong.
    """
    from harbinger.shell.keys import KeyFileError, default_trusted_keys

    inputs = audit_inputs(house_dirs)
    problem = ""
    try:
        trusted = default_trusted_keys()
    except KeyFileError as exc:
        problem = str(exc)
        trusted = _own_key_only()
    return ReviewContext(inputs, trusted, problem)


def _own_key_only() -> dict[str, str]:
    """The trust list when the trusted-keys file is unreadable: this computer's key, if any.

    Empty rather than None, so that no other signature passes unchecked.
    """
    from builder.core.approval import public_key_text
    from harbinger.shell.keys import KeyFileError, leader_key_path, load_leader_key

    try:
        if leader_key_path().exists():
            return {public_key_text(load_leader_key()): "this computer's leader key"}
    except KeyFileError:
        pass
    return {}


def read_bytes(path: Path) -> bytes:
    """A file's bytes, never more than the character-file limit plus one byte."""
    try:
        with path.open("rb") as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise ReviewFileError(f"{path.name} is a folder") from None
    except OSError as exc:
        raise ReviewFileError(f"cannot read {path.name}: {exc.strerror or exc}") from None


def review_bytes(path: Path, data: bytes, context: ReviewContext) -> ReviewedFile:
    """Parse, audit and verify one file's bytes; any problem becomes the file's message."""
    digest = hashlib.sha256(data).hexdigest()
    try:
        archive = text_document(data)
        document = archive if archive is not None else parse_document(data)
        review = review_document(
            document,
            context.audit_inputs,
            context.trusted_keys,
        )
        game = system_for_document(document)
        character = game.read(document).character
    except (CharacterFileError, FileFormatError) as exc:
        return ReviewedFile(path, digest, error=f"not a character file: {exc}")
    except ReviewInputError as exc:
        return ReviewedFile(path, digest, error=str(exc))
    return ReviewedFile(
        path,
        digest,
        document,
        character,
        review,
        checked_against_trust_list=context.trusted_keys is not None,
        system_id=game.id,
        archive=archive is not None,
    )


def review_file(path: Path, context: ReviewContext) -> ReviewedFile:
    """Read and review one file; a file that cannot be read is UNREADABLE with its message."""
    try:
        data = read_bytes(path)
    except ReviewFileError as exc:
        return ReviewedFile(path, error=str(exc))
    return review_bytes(path, data, context)


def whole_scope(reviewed: ReviewedFile) -> str:
    """The approval scope that covers every item of the file, as its game system names it."""
    game = reviewed.system
    return game.whole_scope if game is not None else ""


def history_scope(reviewed: ReviewedFile) -> str:
    """The approval scope of every history entry (the Exp ledger, a play log), by its system."""
    game = reviewed.system
    return game.history if game is not None else ""


def file_bytes(document: Mapping[str, Any]) -> bytes:
    """A document as its game system writes files (``GameSystem.dumps``)."""
    game = system_for_document(document)
    return game.dumps(game.read(document))


def record_decision(
    reviewed: ReviewedFile,
    scope: str,
    by: str,
    note: str = "",
    key: Any = None,
    *,
    verdict: Verdict = Verdict.APPROVED,
    item_notes: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Append an approval record to the reviewed file on disk and return the new document.

    The file is read again first: if its bytes are not the ones reviewed (the
    player sent a new copy, an editor saved it), nothing is written and
    ReviewFileError says so, because the leader would be approving content
    they have not seen. The new file replaces the old one atomically.
    """
    if reviewed.document is None:
        raise ReviewFileError(f"{reviewed.path.name} could not be read, so it cannot be approved")
    if reviewed.archive:
        raise ReviewFileError(ARCHIVE_NOT_APPROVED.format(name=reviewed.path.name))
    now = read_bytes(reviewed.path)
    if hashlib.sha256(now).hexdigest() != reviewed.digest:
        raise ReviewFileError(
            f"{reviewed.path.name} changed on disk since it was opened; it was not written. "
            "Reload it and review it again."
        )
    try:
        document = approve(
            reviewed.document, scope, by, note, key, verdict=verdict, item_notes=item_notes
        )
    except ApprovalError as exc:
        raise ReviewFileError(f"{reviewed.path.name}: {exc}") from None
    try:
        write_atomically(reviewed.path, file_bytes(document))
    except OSError as exc:
        raise ReviewFileError(f"cannot write {reviewed.path.name}: {exc.strerror or exc}") from None
    return document


__all__ = [
    "VERDICT_MARKS",
    "FileVerdict",
    "ReviewContext",
    "ReviewFileError",
    "ReviewedFile",
    "expand_paths",
    "file_bytes",
    "history_scope",
    "load_context",
    "read_bytes",
    "record_decision",
    "review_bytes",
    "review_file",
    "whole_scope",
]
