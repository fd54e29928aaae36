"""A character file reviewed: its system's audit joined with the state of its approvals.

``review_document`` is what a Playgroup Leader's review runs on any character
file (SPEC §5): the registry (``builder.core.registry``) says which game the
file belongs to, that system reads it and audits it, and
``builder.core.approval.verify`` checks every approval record it carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from builder.core.approval import ApprovalError, ApprovalStatus, verify
from builder.core.registry import FileFormatError, system_for_document
from builder.core.report import Audit

APPROVALS = "approvals"
"""The audit context key under which ``review_document`` passes the file's ApprovalStatus."""


class ReviewInputError(ValueError):
    """A file that cannot be reviewed: ``what`` is wrong at ``where``."""

    def __init__(self, what: str, where: str = "") -> None:
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}" if where else what)


@dataclass(frozen=True, slots=True)
class Review:
    """A character file reviewed: the audit of its rules and the state of its approvals.

    ``passed`` is True when the audit passes and no approved content changed
    and no approval record was rejected (forged, broken or untrusted).
    """

    audit: Audit
    approvals: ApprovalStatus

    @property
    def passed(self) -> bool:
        return self.audit.passed and self.approvals.passed

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "audit": self.audit.to_json(),
            "approvals": self.approvals.to_json(),
        }

    def to_text(self, verbose: bool = False) -> str:
        return f"{self.audit.to_text()}\n{self.approvals.to_text(verbose)}"


def review_document(
    document: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
    trusted_keys: Mapping[str, str] | None = None,
    *,
    require_signature: bool = False,
) -> Review:
    """Audit a parsed character file of any registered system and verify its approvals.

    ``context`` maps a system id to the extra input its audit takes (The
    Contract's catalogs); a system with no entry audits against its defaults.
    ReviewInputError when the document is not a valid character file.
    """
    try:
        system = system_for_document(document)
        read = system.read(document)
        approvals = verify(document, trusted_keys, require_signature=require_signature)
        # A system's audit may read the approval status, e.g. to stop asking for
        # approval of content a leader already approved.
        audit = system.audit(read.character, {**(context or {}), APPROVALS: approvals})
    except FileFormatError as exc:
        raise ReviewInputError(str(exc)) from None
    except ApprovalError as exc:
        raise ReviewInputError(exc.what, exc.where) from None
    return Review(audit, approvals)
