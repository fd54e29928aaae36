"""A contractor creation file: the creation wizard's choices as one JSON document.

The format is ``resources/schemas/contractor-creation.v1.schema.json``
(``"format": "harbinger.contractor-creation"``): the concept, three Limits,
the ratings bought with the starting 150 Exp, Assets and Liabilities by
catalog id, and the Coin of Charon. :func:`read_creation` checks the shape
(a bad document is :class:`CreationFileError`, naming the place) and builds
the same value the wizard builds (``builder.contract.creation.new_contractor``
with the lines its Assets and Liabilities grant); :func:`plan_creation` adds
builder's verdict on the choices (``creation_report``: overspent Exp, a
rating out of range, a Limit missing), so a refused creation reads like the
wizard's own refusal.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from functools import cache
from typing import Any

from builder.contract.character import (
    Concept,
    Contractor,
    Creation,
    Limit,
    PortLevel,
    SourcePool,
)
from builder.contract.creation import creation_report, new_contractor, with_granted_lines
from builder.contract.ledger.values import PORT_EXP, PORT_GIFT_CREDITS, PORT_IMPROVEMENTS
from builder.contract.porting import port_level, ported
from builder.contract.sheet_catalog import SheetCatalog, load_sheet_catalog
from builder.core import files
from harbinger.app.common import Plan, today
from harbinger.app.contract.operations import plan_create

FORMAT = "harbinger.contractor-creation"
VERSION = 1


class CreationFileError(ValueError):
    """A creation file that does not match its schema or names an unknown Asset."""


@cache
def _validator() -> Any:
    from resources import resource_path

    path = resource_path("schemas", f"contractor-creation.v{VERSION}.schema.json")
    return files.strict_validator(files.load_schema(path))


def _where(path: tuple[Any, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def check_document(document: Any) -> None:
    """Raise :class:`CreationFileError` (what and where) unless ``document`` fits the schema."""
    if not isinstance(document, dict):
        raise CreationFileError("a creation file is one JSON object")
    if document.get("format") != FORMAT:
        raise CreationFileError(
            f"format: expected {FORMAT!r}, got {json.dumps(document.get('format'))}"
        )
    problems = files.schema_problems(_validator(), document)
    if problems:
        where, message = files.summarize([(_where(path), text) for path, text in problems])
        raise CreationFileError(f"{where}: {message}" if where else message)


@dataclass(frozen=True, slots=True)
class CreationChoices:
    """The choices read from a creation file, before builder judges them."""

    id: str
    concept: Concept
    limits: tuple[Limit, ...]
    creation: Creation
    source: SourcePool
    ported: PortLevel | None = None
    """The level the contractor starts ported at ("ported" in the file), None when not."""


def read_choices(document: Any, catalog: SheetCatalog | None = None) -> CreationChoices:
    """The choices of a checked creation document (``CreationFileError`` when it is not one)."""
    check_document(document)
    catalog = catalog or load_sheet_catalog()
    concept = Concept(**{k: v.strip() for k, v in document["concept"].items()})
    if "limits" in document:
        limits = tuple(
            Limit(li["name"], li.get("description", ""), li.get("custom", False))
            for li in document["limits"]
        )
    else:
        limits = tuple(option.to_limit() for option in catalog.default_limits)

    def picks(group: str) -> tuple[Any, ...]:
        chosen = []
        for i, item in enumerate(document.get(group, ())):
            try:
                option = catalog.asset(item["id"])
            except KeyError:
                raise CreationFileError(
                    f"{group}[{i}].id: {item['id']!r} is not an Asset or Liability of the catalog"
                ) from None
            pick = option.pick(item.get("detail", ""))
            wanted = "asset" if group == "assets" else "liability"
            if str(pick.kind) != wanted:
                raise CreationFileError(f"{group}[{i}].id: {item['id']!r} is not a {wanted}")
            chosen.append(pick)
        return tuple(chosen)

    creation = Creation(
        attributes=dict(document.get("attributes", {})),
        abilities=dict(document.get("abilities", {})),
        secondary=dict(document.get("secondary", {})),
        assets=picks("assets"),
        liabilities=picks("liabilities"),
        charon_coin=bool(document.get("charon_coin", False)),
    )
    source = SourcePool(name=document["source"]) if "source" in document else SourcePool()
    return CreationChoices(
        document.get("id") or uuid.uuid4().hex,
        concept,
        limits,
        creation,
        source,
        port_level(document.get("ported", "none")),
    )


def contractor_from_choices(
    choices: CreationChoices, catalog: SheetCatalog | None = None, date: str = ""
) -> Contractor:
    """The new contractor, exactly as the wizard makes it from the same choices.

    A ported contractor's ledger opens with the port, dated ``date`` (today
    when empty), for the leader to approve.
    """
    fresh = new_contractor(
        choices.id, choices.concept, list(choices.limits), choices.creation, choices.source
    )
    made = with_granted_lines(fresh, catalog or load_sheet_catalog())
    if choices.ported is None:
        return made
    return ported(made, choices.ported, date or today(), origin="another playgroup")


def plan_creation(document: Any, catalog: SheetCatalog | None = None) -> Plan[Contractor]:
    """Creating the contractor a creation document describes, with builder's verdict.

    The findings are ``creation_report``'s (an ERROR refuses the plan: Exp
    overspent, a rating out of range, not three Limits); ``lines`` say what
    the new contractor starts with.
    """
    catalog = catalog or load_sheet_catalog()
    choices = read_choices(document, catalog)
    left, findings = creation_report(choices.creation, choices.limits)
    contractor = contractor_from_choices(choices, catalog)
    created = plan_create(contractor)
    lines = (f"Exp left of 150: {left}", *port_lines(choices.ported), *created.lines)
    return Plan(created.name, None, contractor, tuple(findings), lines)


def port_lines(level: PortLevel | None) -> tuple[str, ...]:
    """What a port adds, as the creation preview says it (nothing when not ported)."""
    if level is None:
        return ()
    return (
        f"Ported at {level.value.capitalize()}: +{PORT_EXP[level.value]} Exp, "
        f"+{PORT_GIFT_CREDITS[level.value]} Gift Credits, "
        f"+{PORT_IMPROVEMENTS[level.value]} Improvements, 6th Ability rank allowed "
        "(one opening ledger entry, for the leader's approval)",
    )
