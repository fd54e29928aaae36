"""Every edit the app can make, as a named operation (STYLE.md §6).

An operation takes the contractor as it is now, asks ``builder.contract.advance`` (or,
for plain sheet text such as Health and Stock, replaces that part of the
value) for the contractor as it should be, refuses with builder's reasons
when a rule forbids it, saves the result through the library in one
transaction and records it on the undo stack. It returns a :class:`Change`
whose ``lines`` say what changed in the player's terms ("Exp available
12 → 19"), read from ``builder.contract.sheet.evaluate_sheet`` before and after.

Views never call the library or builder to mutate; they call these methods
and refresh when :attr:`ui.workspace.Workspace.changed` fires. :func:`store`
is how the one undo command (``ui.operations.common.CharacterCommand``) makes
the library hold a contractor value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from builder.contract import advance, correcting
from builder.contract.character import (
    AssetPick,
    Concept,
    ContractAttended,
    Contractor,
    Gift,
    Health,
    Injury,
    Journal,
    SourcePool,
    Stock,
)
from builder.contract.sheet import evaluate_sheet
from builder.contract.wording import entry_label
from builder.core.findings import Finding, Severity
from builder.core.result import Result
from ui.workspace import Change, Workspace


class Refused(Exception):
    """Builder refused the edit; ``findings`` say why (shown to the player as they are)."""

    def __init__(self, action: str, findings: Sequence[Finding]) -> None:
        self.action = action
        self.findings = tuple(findings)
        reasons = "; ".join(f.message for f in self.findings) or "not allowed"
        super().__init__(f"{action}: {reasons}")


def _drops_ledger_entries(current: Contractor, wanted: Contractor) -> bool:
    """True when saving ``wanted`` over ``current`` would remove or change ledger entries.

    An ordinary edit only appends, so ``wanted``'s ledger begins with the whole of
    ``current``'s; anything else (an undo) must go through a restore.
    """
    return wanted.ledger[: len(current.ledger)] != current.ledger


def store(library: Any, held: Contractor | None, wanted: Contractor | None) -> None:
    """Make ``library`` hold ``wanted`` where it now holds ``held`` (None: no such contractor).

    The Exp ledger is append-only: an edit that only appends is ``Library.save``;
    going back (an undo) is ``Library.restore``, which takes back only the
    newest entries, the ones the undone command appended, in one transaction.
    Undoing a creation deletes; undoing a deletion saves back.
    """
    if wanted is None:
        if held is not None:
            library.delete(held.id)
        return
    if held is not None and _drops_ledger_entries(held, wanted):
        library.restore(wanted)
    else:
        library.save(wanted)


def _errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.ERROR]


def _arrow(label: str, before: Any, after: Any) -> str | None:
    if before == after:
        return None
    if isinstance(before, int) and isinstance(after, int):
        delta = after - before
        sign = "+" if delta > 0 else "−"
        return f"{label} {before} → {after} ({sign}{abs(delta)})"
    return f"{label} {before} → {after}"


def describe_difference(before: Any, after: Any) -> tuple[str, ...]:
    """The player-facing lines that changed between two sheet reports.

    Both arguments are ``SheetReport`` values (or ``None`` for "no
    character"), so every figure quoted is builder's.
    """
    if before is None or after is None:
        return ()
    lines = [
        _arrow("Exp earned", before.exp.earned_total, after.exp.earned_total),
        _arrow("Exp spent", before.exp.spent_total, after.exp.spent_total),
        _arrow("Exp available", before.exp.available, after.exp.available),
        _arrow(
            "Gift Credits available",
            before.rewards.credits_available,
            after.rewards.credits_available,
        ),
        _arrow(
            "Improvements available",
            before.rewards.improvements_available,
            after.rewards.improvements_available,
        ),
        _arrow("Victories", before.victories, after.victories),
        _arrow("Status", before.status.label, after.status.label),
        _arrow("Penalty", before.derived.penalty, after.derived.penalty),
    ]
    if before.alive and not after.alive:
        lines.append("Moved to the graveyard")
    elif after.alive and not before.alive:
        lines.append("Back among the living")
    return tuple(line for line in lines if line)


@dataclass(frozen=True, slots=True)
class Plan:
    """An edit worked out but not yet saved: what the contractor would become and why not.

    ``errors`` non-empty means builder refuses it; ``lines`` preview what
    would change, so a dialog can show the outcome before the player commits.
    """

    name: str
    before: Contractor | None
    after: Contractor | None
    findings: tuple[Finding, ...] = ()
    lines: tuple[str, ...] = ()

    @property
    def errors(self) -> list[Finding]:
        found = _errors(self.findings)
        if not found and self.before is not None and self.after == self.before:
            found = [Finding("ui.nothing", "nothing would change", severity=Severity.ERROR)]
        return found

    @property
    def allowed(self) -> bool:
        return not self.errors


def _plan(
    name: str, before: Contractor | None, after: Contractor | None, findings: Sequence[Finding] = ()
) -> Plan:
    lines = describe_difference(
        evaluate_sheet(before) if before is not None else None,
        evaluate_sheet(after) if after is not None else None,
    )
    return Plan(name, before, after, tuple(findings), lines)


def _applied(name: str, before: Contractor, applied: Result[Contractor]) -> Plan:
    """A plan from a ``builder.contract.advance`` result (``character`` and ``findings``)."""
    return _plan(name, before, applied.character, applied.findings)


class Operations:
    """The named operations on the workspace's library; one instance per window.

    ``plan_*`` methods only work out the result (for previews); the plain
    methods plan, refuse with builder's reasons or save, and return the
    :class:`~ui.workspace.Change`.
    """

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace

    def commit(self, plan: Plan, *, roster: bool = True) -> Change:
        """Save a plan (one transaction) and record it for undo; raise Refused if not allowed."""
        if plan.errors:
            raise Refused(plan.name, plan.errors)
        target = plan.after if plan.after is not None else plan.before
        change = Change(
            name=plan.name,
            character_id=target.id if target is not None else "",
            roster=roster,
            lines=plan.lines,
            findings=plan.findings,
        )
        self.workspace.commit(change, plan.before, plan.after, store)
        return change

    # ------------------------------------------------------------------ whole characters

    def load(self, contractor_id: str) -> Contractor:
        """The contractor as the library holds it now."""
        return self.workspace.library.load(contractor_id)

    def create(self, contractor: Contractor) -> Change:
        """Add a new contractor to the library (undo removes it)."""
        return self.commit(_plan(f"Create {contractor.concept.name}", None, contractor))

    def delete(self, contractor: Contractor) -> Change:
        """Remove a contractor from the library (undo puts it back)."""
        return self.commit(_plan(f"Delete {contractor.concept.name}", contractor, None))

    # ------------------------------------------------------------------ advancement

    def plan_raise(
        self,
        contractor: Contractor,
        kind: Any,
        trait: str,
        date: str,
        to_rating: int | None = None,
    ) -> Plan:
        return _applied(
            "Spend Exp",
            contractor,
            advance.raise_trait(contractor, kind, trait, date=date, to_rating=to_rating),
        )

    def raise_trait(
        self,
        contractor: Contractor,
        kind: Any,
        trait: str,
        date: str,
        to_rating: int | None = None,
    ) -> Change:
        """Spend Exp on an Attribute, Ability, Secondary Ability or Source.

        One rank by default; with ``to_rating`` several at once, priced by
        builder as the sum of the single steps (Brawn 2 → 4: 10 + 15 = 25 Exp).
        """
        return self.commit(self.plan_raise(contractor, kind, trait, date, to_rating))

    def plan_record_contract(
        self, contractor: Contractor, contract: ContractAttended, journals: Sequence[Journal] = ()
    ) -> Plan:
        return _applied(
            "Record Contract",
            contractor,
            advance.record_contract(contractor, contract, journals=tuple(journals)),
        )

    def record_contract(
        self, contractor: Contractor, contract: ContractAttended, journals: Sequence[Journal] = ()
    ) -> Change:
        """Record a Contract attended, with the Journals written about it, in one step."""
        return self.commit(self.plan_record_contract(contractor, contract, journals))

    def plan_journal(self, contractor: Contractor, journal: Journal) -> Plan:
        return _applied("Add Journal", contractor, advance.add_journal(contractor, journal))

    def add_journal(self, contractor: Contractor, journal: Journal) -> Change:
        return self.commit(self.plan_journal(contractor, journal))

    def plan_bonus(self, contractor: Contractor, kind: Any, date: str, note: str = "") -> Plan:
        return _applied(
            "Bonus Exp", contractor, advance.add_bonus_exp(contractor, kind, date, note=note)
        )

    def add_bonus_exp(self, contractor: Contractor, kind: Any, date: str, note: str = "") -> Change:
        """Bonus Exp at the rule amount for ``kind`` (GMing, Ringer, Move write-up)."""
        return self.commit(self.plan_bonus(contractor, kind, date, note))

    def plan_improvement(
        self, contractor: Contractor, kind: Any, date: str, note: str = ""
    ) -> Plan:
        return _applied(
            "Grant Improvement",
            contractor,
            advance.grant_improvement(contractor, kind, date, note=note),
        )

    def grant_improvement(
        self, contractor: Contractor, kind: Any, date: str, note: str = ""
    ) -> Change:
        """An Improvement for GMing a Contract or a Scenario write-up."""
        return self.commit(self.plan_improvement(contractor, kind, date, note))

    def plan_buy_asset(self, contractor: Contractor, asset: AssetPick, date: str) -> Plan:
        return _applied(
            f"Buy {asset.name}", contractor, advance.buy_asset(contractor, asset, date=date)
        )

    def buy_asset(self, contractor: Contractor, asset: AssetPick, date: str) -> Change:
        return self.commit(self.plan_buy_asset(contractor, asset, date))

    def plan_remove_liability(self, contractor: Contractor, liability: str, date: str) -> Plan:
        return _applied(
            f"Remove {liability}",
            contractor,
            advance.remove_liability(contractor, liability, date=date),
        )

    def remove_liability(self, contractor: Contractor, liability: str, date: str) -> Change:
        return self.commit(self.plan_remove_liability(contractor, liability, date))

    def plan_therapy(self, contractor: Contractor, trauma: str, date: str) -> Plan:
        return _applied(
            f"Therapy for {trauma}", contractor, advance.treat_trauma(contractor, trauma, date=date)
        )

    def treat_trauma(self, contractor: Contractor, trauma: str, date: str) -> Change:
        return self.commit(self.plan_therapy(contractor, trauma, date))

    def plan_craft(
        self, contractor: Contractor, gift_id: str, item: str, date: str, **options: Any
    ) -> Plan:
        return _applied(
            f"Craft {item}",
            contractor,
            advance.craft_item(contractor, gift_id, item, date=date, **options),
        )

    def craft_item(
        self, contractor: Contractor, gift_id: str, item: str, date: str, **options: Any
    ) -> Change:
        return self.commit(self.plan_craft(contractor, gift_id, item, date, **options))

    def plan_death(self, contractor: Contractor, date: str, cause: str) -> Plan:
        return _applied(
            "Declare death", contractor, advance.declare_death(contractor, date=date, cause=cause)
        )

    def declare_death(self, contractor: Contractor, date: str, cause: str) -> Change:
        return self.commit(self.plan_death(contractor, date, cause))

    def plan_add_gift(
        self,
        contractor: Contractor,
        gift: Gift,
        date: str,
        credits: int = 1,
        improvements: int = 0,
    ) -> Plan:
        return _applied(
            f"Add Gift {gift.draft.name or gift.id}",
            contractor,
            advance.add_gift(contractor, gift, date, credits=credits, improvements=improvements),
        )

    def add_gift(
        self,
        contractor: Contractor,
        gift: Gift,
        date: str,
        credits: int = 1,
        improvements: int = 0,
    ) -> Change:
        """A new Gift paid with Gift Credits (and Improvements toward its cost)."""
        return self.commit(self.plan_add_gift(contractor, gift, date, credits, improvements))

    def change_gift(
        self,
        contractor: Contractor,
        gift: Gift,
        kind: Any,
        date: str,
        credits: int = 0,
        improvements: int = 0,
    ) -> Change:
        """A new revision of a held Gift, with the rewards it spends (negative: refunds)."""
        return self.commit(
            _applied(
                f"Change Gift {gift.draft.name or gift.id}",
                contractor,
                advance.change_gift(
                    contractor, gift, kind, date, credits=credits, improvements=improvements
                ),
            )
        )

    def save_gift(self, contractor: Contractor, plan: Any) -> Change:
        """Store a Gift Builder save (``ui.contract.gift_builder.saving.SavePlan``) as one edit.

        The plan already holds ``builder.contract.advance``'s result (add_gift or
        change_gift, and the free crafted item when asked for); a refused plan
        raises :class:`Refused` with builder's reasons.
        """
        return self.commit(_plan(plan.summary(), contractor, plan.contractor, plan.findings))

    def add_loose_end(
        self, contractor: Contractor, title: str, threat_level: Any, cutoff: int, threat: str
    ) -> Change:
        """A GM grants a Loose End; its Cutoff counts from the next Contract attended."""
        return self.commit(
            _applied(
                "Add Loose End",
                contractor,
                advance.add_loose_end(contractor, title, threat_level, cutoff, threat),
            )
        )

    def plan_hustle(
        self, contractor: Contractor, index: int, date: str, gm: str = "", note: str = ""
    ) -> Plan:
        title = (
            contractor.loose_ends[index].title if 0 <= index < len(contractor.loose_ends) else ""
        )
        return _applied(
            f"Record Hustle for {title}".strip(),
            contractor,
            advance.record_hustle(contractor, index, date, gm=gm, note=note),
        )

    def record_hustle(
        self, contractor: Contractor, index: int, date: str, gm: str = "", note: str = ""
    ) -> Change:
        """The Hustle a due Loose End's Threat required was run ("Loose Ends")."""
        return self.commit(self.plan_hustle(contractor, index, date, gm, note))

    def plan_will_to_survive(
        self,
        contractor: Contractor,
        injury: Injury,
        date: str,
        scar: str,
        *,
        falling: bool = False,
    ) -> Plan:
        return _applied(
            "Will to Survive",
            contractor,
            advance.use_will_to_survive(contractor, injury, date, scar, falling=falling),
        )

    def use_will_to_survive(
        self,
        contractor: Contractor,
        injury: Injury,
        date: str,
        scar: str,
        *,
        falling: bool = False,
    ) -> Change:
        """Take an incoming Injury with Will to Survive: builder lowers its Severity, adds the
        point of Mind damage and the Major Battle Scar, or refuses (falling, twice a Contract)."""
        return self.commit(
            self.plan_will_to_survive(contractor, injury, date, scar, falling=falling)
        )

    def resolve_loose_end(self, contractor: Contractor, index: int) -> Change:
        return self.commit(
            _applied("Resolve Loose End", contractor, advance.resolve_loose_end(contractor, index))
        )

    def plan_void_death(self, contractor: Contractor, date: str) -> Plan:
        return _applied("Void death", contractor, advance.void_death(contractor, date=date))

    def void_death(self, contractor: Contractor, date: str) -> Change:
        return self.commit(self.plan_void_death(contractor, date))

    # ------------------------------------------------------------------ corrections

    def plan_remove_entry(
        self, contractor: Contractor, index: int, date: str, reason: str = ""
    ) -> Plan:
        label = entry_label(contractor.ledger, index)
        return _applied(
            f"Remove {label}", contractor, correcting.void_entry(contractor, index, date, reason)
        )

    def remove_entry(
        self, contractor: Contractor, index: int, date: str, reason: str = ""
    ) -> Change:
        """Remove a recorded ledger entry: append a correction that voids it (undoable).

        The ledger stays append-only; the sheet shows the entry struck through.
        """
        return self.commit(self.plan_remove_entry(contractor, index, date, reason))

    def plan_edit_entry(
        self, contractor: Contractor, index: int, entry: Any, date: str, reason: str = ""
    ) -> Plan:
        label = entry_label(contractor.ledger, index)
        return _applied(
            f"Edit {label}",
            contractor,
            correcting.replace_entry(contractor, index, entry, date, reason),
        )

    def edit_entry(
        self, contractor: Contractor, index: int, entry: Any, date: str, reason: str = ""
    ) -> Change:
        """Edit a recorded ledger entry: append a correction that replaces it (undoable)."""
        return self.commit(self.plan_edit_entry(contractor, index, entry, date, reason))

    # ------------------------------------------------------------------ sheet text

    def _replace(self, name: str, contractor: Contractor, **fields: Any) -> Change:
        return self.commit(_plan(name, contractor, dataclasses.replace(contractor, **fields)))

    def edit_concept(self, contractor: Contractor, concept: Concept) -> Change:
        return self._replace("Edit concept", contractor, concept=concept)

    def edit_source(self, contractor: Contractor, source: SourcePool) -> Change:
        return self._replace("Edit Source", contractor, source=source)

    def edit_health(self, contractor: Contractor, health: Health, what: str = "Health") -> Change:
        return self._replace(f"Edit {what}", contractor, health=health)

    def edit_stock(self, contractor: Contractor, stock: Stock, what: str = "Stock") -> Change:
        return self._replace(f"Edit {what}", contractor, stock=stock)

    def edit_notes(self, contractor: Contractor, notes: str) -> Change:
        return self._replace("Edit notes", contractor, notes=notes)
