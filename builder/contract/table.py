"""A Contract recorded for the whole table at once: what each contractor and the GM get.

One Contract is played by several contractors. :func:`plan_table` takes what
happened (date, scenario, home or away, the GM's contractor, each attendee
with an outcome and the Commission) and the contractors as they are now, and
works out, per contractor, the entries the single-contractor operations of
``builder.contract.advance`` append — it calls them, so each rule is still
written once, in ``builder.contract.ledger``:

- an attendee gets a ``ContractAttended`` ("Earning Experience": +3 Exp in
  the home Playgroup, +1 outside it, +2 victory, +2 for the Commission; a
  victory gives one Gift Credit; a death moves them to the graveyard and
  gives the player a Coin of Charon; each Loose End's Cutoff drops by 1);
- a player who played an NPC Ringer names the contractor that takes the
  Bonus Exp ("Ringers": "4 Experience if they achieved their objective and 2
  Experience otherwise. Ringers do not receive Gifts Credits or
  Improvements"): a ``BonusExp`` entry, no Contract attended;
- the GM's contractor gets the Improvement for GMing ("GMing a Contract
  grants one Improvement. The GM decides which of their Contractors receives
  the Improvement.") and, when claimed, the +6 Bonus Exp for GMing under Into
  The Fold or The Golden Ratio ("At least one Contractor dies and at least one
  Contractor claims victory").

The plan is refused (an ERROR finding) when any contractor's share is, so a
front end stores every share or none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from builder.contract import advance
from builder.contract.character import (
    BonusKind,
    ContractAttended,
    Contractor,
    ImprovementKind,
    Outcome,
)
from builder.contract.sheet import SheetReport, evaluate_sheet
from builder.core.findings import Finding, errors
from builder.core.result import Result


class TableOutcome(StrEnum):
    """How the Contract ended for one seat at the table."""

    VICTORY = "victory"
    LOSS = "loss"
    DEATH = "death"
    RINGER_MET = "ringer-met"
    """The player played an NPC Ringer that fulfilled its objective (+4 Bonus Exp)."""
    RINGER_MISSED = "ringer-missed"
    """…or did not (+2 Bonus Exp)."""

    @property
    def ringer(self) -> bool:
        return self in (TableOutcome.RINGER_MET, TableOutcome.RINGER_MISSED)


CONTRACT_OUTCOMES = {
    TableOutcome.VICTORY: Outcome.VICTORY,
    TableOutcome.LOSS: Outcome.FAILURE,
    TableOutcome.DEATH: Outcome.DEATH,
}
RINGER_BONUS = {
    TableOutcome.RINGER_MET: BonusKind.RINGER_OBJECTIVE_MET,
    TableOutcome.RINGER_MISSED: BonusKind.RINGER_OBJECTIVE_MISSED,
}


class GmBonus(StrEnum):
    """The +6 Bonus Exp for GMing, when one of its conditions is met."""

    NONE = "none"
    INTO_THE_FOLD = "into-the-fold"
    GOLDEN_RATIO = "golden-ratio"


GM_BONUS_KIND = {
    GmBonus.INTO_THE_FOLD: BonusKind.GM_INTO_THE_FOLD,
    GmBonus.GOLDEN_RATIO: BonusKind.GM_GOLDEN_RATIO,
}


@dataclass(frozen=True, slots=True)
class Attendee:
    """One seat: the contractor (for a Ringer, the one that takes the Bonus Exp) and its outcome.

    ``away``: a visitor from another Playgroup, for whom even a home Contract is
    "outside of their home Playgroup" (+1 Exp, not +3).
    """

    contractor_id: str
    outcome: TableOutcome
    commission: bool = False
    away: bool = False


@dataclass(frozen=True, slots=True)
class TableContract:
    """What happened at one Contract, for every seat. ``gm_id`` "" when the GM keeps no
    contractor in this library (then nobody gets the GM's reward here)."""

    date: str
    scenario: str
    home: bool
    attendees: tuple[Attendee, ...]
    gm_id: str = ""
    gm_name: str = ""
    gm_bonus: GmBonus = GmBonus.NONE
    notes: str = ""
    cycle: str = ""
    """The Cycle this Contract belongs to ("" for none); ``cycle_continues``: more of it follow,
    and Exp may not be spent until it ends ("Contract Cycles")."""
    cycle_continues: bool = False


class Role(StrEnum):
    ATTENDEE = "attendee"
    RINGER = "ringer"
    GM = "gm"


@dataclass(frozen=True, slots=True)
class LooseEndCountdown:
    """A Loose End's Cutoff before and after this Contract (0: its Threat manifests)."""

    title: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class TableShare:
    """What one contractor gets from the Contract: the value after, and the figures moved."""

    contractor_id: str
    name: str
    role: Role
    outcome: str
    before: Contractor
    after: Contractor
    findings: tuple[Finding, ...]
    exp: int
    gift_credits: int
    improvements: int
    loose_ends: tuple[LooseEndCountdown, ...]
    dies: bool

    @property
    def refused(self) -> bool:
        return bool(errors(self.findings))


@dataclass(frozen=True, slots=True)
class TablePlan:
    """Every share of one Contract; ``findings`` are the table's own and every share's."""

    contract: TableContract
    shares: tuple[TableShare, ...]
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> list[Finding]:
        return errors(self.findings)

    @property
    def allowed(self) -> bool:
        return not self.errors


def _table_findings(contract: TableContract, known: Mapping[str, Contractor]) -> list[Finding]:
    """What is wrong with the table as a whole: unknown or repeated ids, two Commissions."""
    found: list[Finding] = []
    if not contract.scenario.strip():
        found.append(Finding("table.scenario", "the Contract needs a scenario", "scenario"))
    if not contract.attendees:
        found.append(Finding("table.nobody", "nobody attended: add an attendee", "attendees"))
    seats = [a.contractor_id for a in contract.attendees]
    for i, who in enumerate(seats):
        where = f"attendees[{i}]"
        if who not in known:
            found.append(Finding("table.unknown", f"no contractor {who!r} in the library", where))
        elif who in seats[:i]:
            found.append(Finding("table.twice", f"{who!r} has two seats at the table", where))
        elif who == contract.gm_id:
            found.append(
                Finding(
                    "table.gm_attends", f"{who!r} is the GM's contractor and cannot attend", where
                )
            )
    if contract.gm_id and contract.gm_id not in known:
        found.append(
            Finding("table.unknown", f"no contractor {contract.gm_id!r} in the library", "gm")
        )
    found.extend(_commission_findings(contract))
    found.extend(_gm_bonus_findings(contract))
    return found


def _commission_findings(contract: TableContract) -> list[Finding]:
    """One Commission ("the Contractor selected by the GM"), and never for a Ringer."""
    found: list[Finding] = []
    chosen = [i for i, a in enumerate(contract.attendees) if a.commission]
    if len(chosen) > 1:
        found.append(
            Finding(
                "table.commission_twice",
                "the GM selects one Contractor for the Commission, not several",
                f"attendees[{chosen[1]}]",
                numbers={"selected": len(chosen)},
            )
        )
    for i in chosen:
        if contract.attendees[i].outcome.ringer:
            found.append(
                Finding(
                    "table.ringer_commission",
                    "a Ringer is an NPC: the Commission goes to an attending contractor",
                    f"attendees[{i}]",
                )
            )
    return found


def _gm_bonus_findings(contract: TableContract) -> list[Finding]:
    """The GM's +6 needs a GM contractor; The Golden Ratio needs a death and a victory."""
    if contract.gm_bonus is GmBonus.NONE:
        return []
    if not contract.gm_id:
        return [Finding("table.gm_bonus", "Bonus Exp for GMing needs the GM's contractor", "gm")]
    outcomes = {a.outcome for a in contract.attendees}
    if (
        contract.gm_bonus is GmBonus.GOLDEN_RATIO
        and not {
            TableOutcome.DEATH,
            TableOutcome.VICTORY,
        }
        <= outcomes
    ):
        return [
            Finding(
                "table.golden_ratio",
                "The Golden Ratio needs at least one contractor who dies"
                " and one who claims victory",
                "gm_bonus",
            )
        ]
    return []


def _seat_result(
    contract: TableContract, seat: Attendee, contractor: Contractor
) -> Result[Contractor]:
    """The single-contractor operation this seat is: a Contract attended, or a Ringer's bonus."""
    if seat.outcome.ringer:
        note = f"Ringer in {contract.scenario}"
        return advance.add_bonus_exp(contractor, RINGER_BONUS[seat.outcome], contract.date, note)
    attended = ContractAttended(
        date=contract.date,
        scenario=contract.scenario,
        home=contract.home and not seat.away,
        outcome=CONTRACT_OUTCOMES[seat.outcome],
        commission=seat.commission,
        cycle=contract.cycle,
        cycle_final=not contract.cycle_continues,
        gm=contract.gm_name,
        notes=contract.notes,
    )
    return advance.record_contract(contractor, attended)


def _gm_result(contract: TableContract, contractor: Contractor) -> Result[Contractor]:
    """The GM's reward: the Improvement for GMing, then the +6 Bonus Exp when claimed."""
    note = f"GMed {contract.scenario}"
    result = advance.grant_improvement(contractor, ImprovementKind.GM_CONTRACT, contract.date, note)
    if result.refused or contract.gm_bonus is GmBonus.NONE:
        return result
    bonus = advance.add_bonus_exp(
        result.character, GM_BONUS_KIND[contract.gm_bonus], contract.date, note
    )
    return Result(bonus.character, (*result.findings, *bonus.findings))


def _countdowns(before: SheetReport, after: SheetReport) -> tuple[LooseEndCountdown, ...]:
    """Each unresolved Loose End's Cutoff before and after (by its place on the sheet)."""
    later = {view.index: view for view in after.loose_ends}
    return tuple(
        LooseEndCountdown(view.title, view.remaining, later[view.index].remaining)
        for view in before.loose_ends
        if not view.resolved and view.index in later
    )


def _share(
    role: Role, outcome: str, contractor: Contractor, result: Result[Contractor]
) -> TableShare:
    """One contractor's share, its figures read from the sheet before and after."""
    before, after = evaluate_sheet(contractor), evaluate_sheet(result.character)
    findings = tuple(
        Finding(f.rule, f"{contractor.concept.name}: {f.message}", f.where, f.severity, f.numbers)
        for f in result.findings
    )
    return TableShare(
        contractor_id=contractor.id,
        name=contractor.concept.name,
        role=role,
        outcome=outcome,
        before=contractor,
        after=result.character,
        findings=findings,
        exp=after.exp.earned_total - before.exp.earned_total,
        gift_credits=after.rewards.credits_earned - before.rewards.credits_earned,
        improvements=after.rewards.improvements_earned - before.rewards.improvements_earned,
        loose_ends=_countdowns(before, after),
        dies=before.alive and not after.alive,
    )


def plan_table(contract: TableContract, contractors: Mapping[str, Contractor]) -> TablePlan:
    """Every contractor's share of ``contract``; refused (ERROR findings) when any share is.

    ``contractors`` holds at least the attendees and the GM's contractor, by id.
    """
    table = _table_findings(contract, contractors)
    if errors(table):
        return TablePlan(contract, (), tuple(table))
    shares: list[TableShare] = []
    for seat in contract.attendees:
        contractor = contractors[seat.contractor_id]
        role = Role.RINGER if seat.outcome.ringer else Role.ATTENDEE
        result = _seat_result(contract, seat, contractor)
        shares.append(_share(role, str(seat.outcome), contractor, result))
    if contract.gm_id:
        gm = contractors[contract.gm_id]
        shares.append(_share(Role.GM, "GM", gm, _gm_result(contract, gm)))
    findings = (*table, *(f for share in shares for f in share.findings))
    return TablePlan(contract, tuple(shares), findings)


__all__ = [
    "Attendee",
    "GmBonus",
    "LooseEndCountdown",
    "Role",
    "TableContract",
    "TableOutcome",
    "TablePlan",
    "TableShare",
    "plan_table",
]
