"""Record one Contract for the whole table: every contractor's ledger written, or none.

:func:`plan_table_contract` reads the attendees and the GM's contractor from
the library and asks ``builder.contract.table.plan_table`` for each share.
The result is one :class:`~harbinger.app.common.Plan` over a
:class:`TableRecord` — the touched contractors as one value — so the one
runner (:func:`harbinger.app.common.commit`) commits it and the GUI's undo
swaps it back like any other edit. :func:`store_table` stores every
contractor inside one library transaction (``Library.together``): a refusal
of any one of them (a stale copy, another player's contractor in a shared
library) or a process killed half-way leaves every ledger as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from builder.contract.character import Contractor
from builder.contract.table import (
    Attendee,
    TableContract,
    TableOutcome,
    TablePlan,
    TableShare,
    plan_table,
)
from harbinger.app.common import InputError, Plan
from harbinger.app.contract import operations as ops

TITLE = "Record Contract for the table"


@dataclass(frozen=True, slots=True)
class TableRecord:
    """The contractors one whole-table Contract touches, in seat order (the GM's last).

    ``id`` names the recording ("table:DATE:SCENARIO") for its undo history.
    """

    id: str
    contractors: tuple[Contractor, ...]


def store_table(library: Any, held: TableRecord | None, wanted: TableRecord | None) -> None:
    """Make ``library`` hold every contractor of ``wanted`` where it holds ``held``'s, at once.

    Each contractor goes through the single-contractor ``store`` (a save, or a
    restore for an undo), all inside ``library.together()``: one transaction.
    """
    if held is None or wanted is None:
        raise ValueError("a whole-table Contract neither creates nor deletes contractors")
    with library.together():
        for before, after in zip(held.contractors, wanted.contractors, strict=True):
            ops.store(library, before, after)


def parse_attendee(text: str) -> Attendee:
    """``ID:OUTCOME[:commission][:away]`` (the CLI's ``--attendee``) as an :class:`Attendee`.

    OUTCOME is victory, loss, death, ringer-met or ringer-missed. InputError says what is
    wrong with which part.
    """
    parts = [p.strip() for p in text.split(":")]
    if len(parts) < 2 or not parts[0]:
        raise InputError(f"--attendee {text!r}: expected ID:OUTCOME[:commission][:away]")
    try:
        outcome = TableOutcome(parts[1].lower())
    except ValueError:
        allowed = ", ".join(o.value for o in TableOutcome)
        raise InputError(
            f"--attendee {text!r}: outcome {parts[1]!r} is not one of {allowed}"
        ) from None
    flags = [p.lower() for p in parts[2:]]
    unknown = [f for f in flags if f not in ("commission", "away")]
    if unknown:
        raise InputError(f"--attendee {text!r}: {unknown[0]!r} is neither 'commission' nor 'away'")
    return Attendee(parts[0], outcome, "commission" in flags, "away" in flags)


def _contractors(library: Any, ids: Iterable[str]) -> dict[str, Contractor]:
    """The contractors with these ids the library holds (other ids are left out)."""
    found: dict[str, Contractor] = {}
    for cid in ids:
        if not cid or cid in found or not library.exists(cid):
            continue
        character = library.load(cid)
        if isinstance(character, Contractor):
            found[cid] = character
    return found


def share_line(share: TableShare) -> str:
    """One share in the player's terms: "Ada Quill: Exp +7, Gift Credits +1"."""
    parts = [f"Exp +{share.exp}"]
    if share.gift_credits:
        parts.append(f"Gift Credits +{share.gift_credits}")
    if share.improvements:
        parts.append(f"Improvements +{share.improvements}")
    parts.extend(f"{le.title!r} Cutoff {le.before} → {le.after}" for le in share.loose_ends)
    if share.dies:
        parts.append("moved to the graveyard")
    return f"{share.name} ({share.outcome}): " + ", ".join(parts)


def as_plan(table: TablePlan) -> Plan[TableRecord]:
    """The table's shares as one plan the runner commits (refused when any share is)."""
    contract = table.contract
    record_id = f"table:{contract.date}:{contract.scenario}"
    before = TableRecord(record_id, tuple(s.before for s in table.shares))
    after = TableRecord(record_id, tuple(s.after for s in table.shares))
    lines = tuple(share_line(s) for s in table.shares)
    return Plan(TITLE, before, after, table.findings, lines, roster=True, must_change=False)


def plan_table_contract(
    library: Any, contract: TableContract
) -> tuple[TablePlan, Plan[TableRecord]]:
    """Every share of ``contract`` for the contractors as the library holds them now."""
    ids = [a.contractor_id for a in contract.attendees] + [contract.gm_id]
    table = plan_table(contract, _contractors(library, ids))
    return table, as_plan(table)


def table_document(table: TablePlan) -> dict[str, Any]:
    """What ``record-table --json`` prints: the Contract and every share's figures."""
    contract = table.contract
    return {
        "date": contract.date,
        "scenario": contract.scenario,
        "home": contract.home,
        "gm": contract.gm_id,
        "gm_bonus": str(contract.gm_bonus),
        "shares": [_share_document(s) for s in table.shares],
        "findings": [f.to_json() for f in table.findings],
    }


def _share_document(share: TableShare) -> Mapping[str, Any]:
    return {
        "id": share.contractor_id,
        "name": share.name,
        "role": str(share.role),
        "outcome": share.outcome,
        "exp": share.exp,
        "gift_credits": share.gift_credits,
        "improvements": share.improvements,
        "loose_ends": [
            {"title": le.title, "cutoff_before": le.before, "cutoff_after": le.after}
            for le in share.loose_ends
        ],
        "dies": share.dies,
    }
