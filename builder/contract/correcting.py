"""Correcting recorded history: remove (void) or edit (replace) an earlier ledger entry.

The ledger is append-only, so both operations append a ``Correction`` naming
the entry by its index; ``builder.contract.ledger.corrections`` works out the
corrected history and the fold prices it. Like the operations of
``builder.contract.advance``, each returns a ``Result``: refused (the
contractor unchanged, an ERROR saying why) when the correction cannot apply or
would leave the sheet with a new ERROR, for example when removing a Contract
would leave Exp spent later without the Exp to pay for it. A correction of a
Limits revision moves the sheet's Limits with it.
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Contractor, Correction, Entry, LimitsRevised
from builder.contract.ledger.corrections import correct_ledger
from builder.contract.sheet import evaluate_sheet
from builder.contract.sheet_edits import current_limits
from builder.contract.wording import entry_kind_name, entry_label
from builder.core.findings import Finding, errors
from builder.core.result import Result


def _refuse(contractor: Contractor, message: str, index: int) -> Result[Contractor]:
    return Result(contractor, (Finding("ledger.correction_refused", message, f"ledger[{index}]"),))


def _check_target(contractor: Contractor, index: int) -> str:
    """Why entry ``index`` cannot be corrected ("" when it can)."""
    ledger = contractor.ledger
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(ledger):
        return f"there is no entry {index!r} in this contractor's history"
    if isinstance(ledger[index], Correction):
        return (
            f"{entry_label(ledger, index)} is a correction; edit or remove the entry it "
            "corrected instead"
        )
    return ""


def current_entry(contractor: Contractor, index: int) -> Entry | None:
    """Entry ``index`` as the corrected history has it: its replacement, or None if removed."""
    fix = correct_ledger(contractor.ledger).corrected.get(index)
    if fix is None:
        ledger = contractor.ledger
        return ledger[index] if 0 <= index < len(ledger) else None
    return fix.replacement


def _commit(before: Contractor, correction: Correction) -> Result[Contractor]:
    """Append ``correction`` unless it brings a new ERROR; report every new finding.

    Correcting a Limits revision also sets the sheet's Limits to what the corrected
    history leaves (``sheet_edits.current_limits``): voiding the only revision puts the
    earlier Limits back, replacing it puts its new ``after`` on the sheet.
    """
    after = replace(before, ledger=(*before.ledger, correction))
    if isinstance(before.ledger[correction.target], LimitsRevised):
        after = replace(after, limits=current_limits(after))
    seen = {(f.rule, f.where) for f in evaluate_sheet(before).findings}
    fresh = tuple(f for f in evaluate_sheet(after).findings if (f.rule, f.where) not in seen)
    if errors(fresh):
        return Result(before, fresh)
    return Result(after, fresh)


def void_entry(
    contractor: Contractor, index: int, date: str, reason: str = ""
) -> Result[Contractor]:
    """Remove entry ``index`` from the history: a correction that voids it.

    Example: three home Contracts (3 Exp each) and voiding the second leave
    6 Exp earned from attendance.
    """
    problem = _check_target(contractor, index)
    if problem:
        return _refuse(contractor, problem, index)
    if current_entry(contractor, index) is None:
        return _refuse(
            contractor, f"{entry_label(contractor.ledger, index)} is already removed", index
        )
    return _commit(contractor, Correction(date, index, (), reason))


def replace_entry(
    contractor: Contractor, index: int, entry: Entry, date: str, reason: str = ""
) -> Result[Contractor]:
    """Edit entry ``index``: a correction that puts ``entry`` (of the same kind) in its place.

    Replacing a removed entry with itself puts it back.
    """
    problem = _check_target(contractor, index)
    if problem:
        return _refuse(contractor, problem, index)
    original = contractor.ledger[index]
    if type(entry) is not type(original):
        return _refuse(
            contractor,
            f"{entry_label(contractor.ledger, index)} can only be replaced by another "
            f"{entry_kind_name(original)}, not a {entry_kind_name(entry)}",
            index,
        )
    if current_entry(contractor, index) == entry:
        return _refuse(
            contractor,
            f"nothing to change: {entry_label(contractor.ledger, index)} is as given",
            index,
        )
    return _commit(contractor, Correction(date, index, (entry,), reason))


__all__ = ["current_entry", "replace_entry", "void_entry"]
