"""The Contract as a game system: how its contractor files plug into the shared layers."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from builder.contract import file as contractor_file
from builder.contract.audit import audit_contractor
from builder.contract.character import Contractor, PlaygroupRules, Ported
from builder.contract.playgroup import approved_items
from builder.contract.serialize import SerializeError, contractor_from_dict, contractor_to_dict
from builder.contract.sheet_catalog import SheetCatalog
from builder.contract.status import status_from_victories
from builder.contract.wording import catalog_trait_name, describe_entry
from builder.core.approval import ApprovalError, join_path
from builder.core.names import check_identity
from builder.core.registry import CharacterFile, GameSystem, Identity
from builder.core.report import Audit

ID = "contract"

APPROVALS_KEY = "approvals"
"""Where builder.core.review puts the file's ApprovalStatus in an audit context."""


@dataclass(frozen=True, slots=True)
class AuditInputs:
    """What a contractor's audit is checked against: the Gift catalog (house rules
    included) and, optionally, the playgroup's Assets and Liabilities list."""

    gift_catalog: Any = None
    sheet_catalog: SheetCatalog | None = None
    playgroup: PlaygroupRules | None = None
    """The library's playgroup setting (Golden Ratio); None: the file's own flags."""


def audit_context(
    gift_catalog: Any = None,
    sheet_catalog: SheetCatalog | None = None,
    playgroup: PlaygroupRules | None = None,
) -> dict[str, Any]:
    """The review context that audits contractors against these catalogs and settings."""
    return {ID: AuditInputs(gift_catalog, sheet_catalog, playgroup)}


def _read(document: Any) -> CharacterFile:
    read = contractor_file.document_from_data(document)
    check_identity(
        _identity(read.contractor),
        "character.id",
        "character.concept.name",
        "character.concept.player",
    )
    return CharacterFile(
        ID,
        read.contractor,
        read.approvals,
        read.version,
        read.exported_at,
        read.app_version,
        read.gm_note,
    )


def _write(file: CharacterFile) -> dict[str, Any]:
    return contractor_file.character_document(
        file.character,
        approvals=file.approvals,
        exported_at=file.exported_at or None,
        written_by=file.app_version or None,
        gm_note=file.gm_note,
    )


def _dumps(file: CharacterFile) -> bytes:
    return (json.dumps(_write(file), indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _identity(contractor: Contractor) -> Identity:
    return Identity(contractor.id, contractor.concept.name, contractor.concept.player)


def _normalize(data: Any) -> dict[str, Any]:
    try:
        return contractor_to_dict(contractor_from_dict(data))
    except SerializeError as exc:
        raise ApprovalError(exc.problem, join_path("character", exc.where)) from None


def _approval_items(character: Mapping[str, Any]) -> dict[str, Any]:
    """``core`` (concept, creation, Limits, Source), each Gift and each ledger entry."""
    items: dict[str, Any] = {
        "core": {k: character[k] for k in ("concept", "creation", "limits", "source")}
    }
    for gift in character["gifts"]:
        items[f"gift:{gift['id']}"] = gift
    for i, entry in enumerate(character["ledger"]):
        items[f"ledger[{i}]"] = entry
    return items


def _audit(contractor: Contractor, context: Mapping[str, Any]) -> Audit:
    inputs = context.get(ID) or AuditInputs()
    catalog = inputs.gift_catalog
    if catalog is None:
        from builder.contract.gifts import default_catalog

        catalog = default_catalog()
    # The review passes the file's approval status along (``builder.core.review``):
    # approved restricted content no longer asks for approval.
    approved = approved_items(context.get(APPROVALS_KEY))
    return audit_contractor(
        contractor,
        catalog,
        inputs.sheet_catalog,
        playgroup=inputs.playgroup,
        approved=approved,
    )


def _describe(contractor: Contractor, entry: Any) -> str:
    from builder.contract.sheet_catalog import load_sheet_catalog

    names = {g.id: g.draft.name or g.id for g in contractor.gifts}
    return describe_entry(entry, names, catalog_trait_name(load_sheet_catalog()))


def _read_text(text: str) -> dict[str, Any] | None:
    """A website archive's character document; None for any other text."""
    import datetime

    from builder.contract.website_archive import ArchiveError, archive_document, looks_like_archive
    from builder.core.files import CharacterFileError

    if not looks_like_archive(text):
        return None
    try:
        return archive_document(text, datetime.date.today().isoformat())
    except ArchiveError as exc:
        raise CharacterFileError(
            f"not a readable website archive: {exc.problem}: {exc.text.strip()[:120]!r}",
            f"line {exc.line}",
        ) from None


def _import_report(contractor: Contractor) -> tuple[str, ...]:
    """What a website archive's import could not read, as its opening entry names it, then
    what to do about each Gift whose Style is still to choose (``gift_style_choice``)."""
    opening = contractor.ledger[0] if contractor.ledger else None
    if not isinstance(opening, Ported) or not opening.report:
        return ()
    from builder.contract.gift_style_choice import style_advice
    from builder.contract.gifts.loader import default_catalog

    catalog = default_catalog()
    advice = ((g, style_advice(g, catalog, contractor.id)) for g in contractor.gifts)
    return (
        *opening.report,
        *(f"Gift {g.draft.name or g.id!r}: {text}" for g, text in advice if text),
    )


SYSTEM = GameSystem(
    id=ID,
    format=contractor_file.FORMAT,
    display_name="The Contract",
    noun="contractor",
    character_type=Contractor,
    identity_keys=("", ""),
    read=_read,
    write=_write,
    dumps=_dumps,
    identity=_identity,
    normalize=_normalize,
    approval_items=_approval_items,
    audit=_audit,
    describe_entry=_describe,
    whole_scope="contractor",
    history="ledger",
    file_version=contractor_file.CURRENT_VERSION,
    item_titles={"core": "core (concept, creation, Limits, Source)"},
    standing=lambda victories: status_from_victories(victories or 0).label,
    read_text=_read_text,
    import_report=_import_report,
)
"""The Contract's entry in the game-system registry."""
