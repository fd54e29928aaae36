"""Character files opened for review: the Qt-free reading, audit and approval step.

It lives in the application layer (``harbinger.app.review_files``); this
module hands it the desktop's game registry (``ui.systems.audit_inputs``) and
re-exports the rest for the review window's parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from harbinger.app.review_files import (
    VERDICT_MARKS,
    FileVerdict,
    ReviewContext,
    ReviewedFile,
    ReviewFileError,
    expand_paths,
    file_bytes,
    history_scope,
    read_bytes,
    record_decision,
    review_bytes,
    review_file,
    whole_scope,
)
from harbinger.app.review_files import load_context as _load_context


def load_context(house_dirs: Sequence[str | Path] = ()) -> ReviewContext:
    """Audit inputs of every game the desktop knows, and trusted keys, for a review."""
    from ui.systems import audit_inputs

    return _load_context(audit_inputs, house_dirs)


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
