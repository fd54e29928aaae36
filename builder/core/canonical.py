"""The one canonical JSON every Harbinger digest and stored payload is computed over.

An approval records, per item, the SHA-256 of the item's canonical JSON
(SPEC §5, "Review"); the library stores approvals and log payloads as the same
text, so the bytes never depend on how a value was built or in which order its
keys were added. Canonical means: keys sorted, no insignificant whitespace,
non-ASCII characters kept as themselves, UTF-8, and no NaN or Infinity (they
are not JSON, and a digest over them could not be checked by another program).

A character *file* is laid out for people instead (two-space indent, a final
newline): see ``file_text`` below and each system's ``file`` module.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_text(value: Any) -> str:
    """Canonical JSON text of plain data (dicts, lists, text, numbers, true/false/null).

    Raises ValueError for NaN or Infinity and TypeError for anything that is
    not plain JSON data.
    """
    return _CANONICAL.encode(value)


_CANONICAL = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)
"""The encoder ``json.dumps`` would build for these options on every call, built once."""


def canonical_bytes(value: Any) -> bytes:
    """Canonical JSON of plain data as UTF-8 bytes: what digests and signatures cover."""
    return canonical_text(value).encode("utf-8")


def digest(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``value``: what an approval records per item."""
    return hashlib.sha256(canonical_bytes(value)).hexdigest()


def file_text(document: Any) -> str:
    """A document in the sorted file layout: the canonical key order, two-space indent, a newline.

    Used where a file must be byte-for-byte reproducible from its values (the
    Covenant file); it carries the same content as ``canonical_text`` with line
    breaks for people and diff tools.
    """
    return (
        json.dumps(document, indent=2, ensure_ascii=False, sort_keys=True, allow_nan=False) + "\n"
    )


__all__ = ["canonical_bytes", "canonical_text", "digest", "file_text"]
