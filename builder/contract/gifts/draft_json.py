"""Gift drafts as JSON: ``{"format": "harbinger.gift-draft", "version": 2, ...}`` (SPEC §5, §7).

The schema is ``resources/schemas/gift-draft.v2.schema.json``; version 2
added ``details`` (one detail per instance of a modifier taken several
times, issue 15). Version 1 files (``gift-draft.v1.schema.json``) still read. Reading
validates against it and reports the first problems with the JSON path
where they are ("enhancements[2].count: 0 is less than the minimum of 1"),
so a bad file is refused with a message that says what and where. Reading
never executes anything. Newer versions of the format must keep reading
version 1 files.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.status import Status

DRAFT_FORMAT = "harbinger.gift-draft"
DRAFT_VERSION = 2
SUPPORTED_VERSIONS = frozenset({1, 2})


class DraftFormatError(ValueError):
    """A gift draft document that does not match the schema; the message says what and where."""


@dataclass(frozen=True, slots=True)
class DraftDocument:
    """A draft read from JSON plus the optional contractor Status the file carries."""

    draft: GiftDraft
    status: Status | None


@functools.cache
def _validator(version: int) -> Any:
    import jsonschema

    from resources import resource_path

    schema = json.loads(
        resource_path("schemas", f"gift-draft.v{version}.schema.json").read_text(encoding="utf-8")
    )
    return jsonschema.Draft202012Validator(schema)


def _path(error: Any) -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


def read_draft_document(doc: Any) -> DraftDocument:
    """Validate a parsed JSON document and turn it into a draft (+ Status).

    Raises DraftFormatError naming the field and the problem.
    """
    if not isinstance(doc, dict):
        raise DraftFormatError("a gift draft must be a JSON object")
    if doc.get("format") != DRAFT_FORMAT:
        raise DraftFormatError(
            f"format: expected {DRAFT_FORMAT!r}, found {doc.get('format')!r} "
            "(is this a gift draft file?)"
        )
    version = doc.get("version")
    if version not in SUPPORTED_VERSIONS:
        raise DraftFormatError(
            f"version: this Harbinger reads gift draft version "
            f"{', '.join(map(str, sorted(SUPPORTED_VERSIONS)))}, found {version!r}"
        )
    errors = sorted(_validator(version).iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [f"{_path(e)}: {e.message}" for e in errors[:5]]
        more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        raise DraftFormatError("; ".join(lines) + more)

    def choices(key: str) -> tuple[ModifierChoice, ...]:
        return tuple(
            ModifierChoice(
                m["id"], m.get("detail", ""), m.get("count", 1), tuple(m.get("details", ()))
            )
            for m in doc.get(key, [])
        )

    draft = GiftDraft(
        gift_type=doc["type"],
        effect=doc["effect"],
        style=doc["style"],
        enhancements=choices("enhancements"),
        drawbacks=choices("drawbacks"),
        parameters=dict(doc.get("parameters", {})),
        name=doc.get("name", ""),
        tagline=doc.get("tagline", ""),
        description=doc.get("description", ""),
        choices=dict(doc.get("choices", {})),
        extended_description=doc.get("extended_description", ""),
    )
    status = Status.parse(doc["status"]) if "status" in doc else None
    return DraftDocument(draft, status)


def draft_from_json(doc: Any) -> GiftDraft:
    """The draft in a parsed gift-draft JSON document (see :func:`read_draft_document`)."""
    return read_draft_document(doc).draft


def draft_to_json(draft: GiftDraft, status: Status | None = None) -> dict[str, Any]:
    """The versioned JSON document for a draft; ``draft_from_json`` reads it back unchanged."""

    def choice(m: ModifierChoice) -> dict[str, Any]:
        out: dict[str, Any] = {"id": m.id}
        if m.details:
            out["details"] = list(m.details)
            return out
        if m.detail:
            out["detail"] = m.detail
        if m.count != 1:
            out["count"] = m.count
        return out

    doc: dict[str, Any] = {
        "format": DRAFT_FORMAT,
        "version": DRAFT_VERSION,
        "type": draft.gift_type,
        "effect": draft.effect,
        "style": draft.style,
        "enhancements": [choice(m) for m in draft.enhancements],
        "drawbacks": [choice(m) for m in draft.drawbacks],
        "parameters": dict(draft.parameters),
        "name": draft.name,
        "tagline": draft.tagline,
        "description": draft.description,
    }
    if draft.choices:
        doc["choices"] = dict(draft.choices)
    if draft.extended_description:
        doc["extended_description"] = draft.extended_description
    if status is not None:
        doc["status"] = status.name.lower()
    return doc
