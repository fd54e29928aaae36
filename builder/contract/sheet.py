"""One contractor's sheet, evaluated: every folded number and every rule finding.

``evaluate_sheet`` is the single entry point the app, the PDF, the CLI audit
and the leader's review call. It runs the creation checks, folds the ledger
(``builder.contract.ledger``), derives Body, Mind, Penalty and movement
(``builder.contract.derived``), counts Loose Ends down ("Loose Ends") and gathers
every finding. It never raises: a check that crashes on odd input becomes an
ERROR finding naming where it happened.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from builder.contract.character import (
    AssetPick,
    Concept,
    Contractor,
    Health,
    Hustle,
    LooseEnd,
    PlaygroupRules,
)
from builder.contract.creation import creation_findings
from builder.contract.derived import Derived, Replenishment, derive, source_replenishment
from builder.contract.ledger import (
    ExpSummary,
    LedgerFold,
    LedgerLine,
    Ratings,
    RewardSummary,
    crashed,
    fold_ledger,
    loose_end_key,
)
from builder.contract.ledger.corrections import CorrectedLedger, corrected_history
from builder.contract.playgroup import golden_ratio_findings
from builder.contract.status import Status
from builder.core.findings import Finding, Severity, errors

__all__ = [
    "ExpSummary",
    "LooseEndView",
    "Ratings",
    "RewardSummary",
    "SheetReport",
    "evaluate_sheet",
    "loose_end_view",
    "threat_due",
]


@dataclass(frozen=True, slots=True)
class LooseEndView:
    """A Loose End as the sheet shows it to the player.

    ``remaining`` = max(0, Cutoff − Contracts attended since it was granted).
    Until ``remaining`` reaches 0 the player sees only the threat level:
    ``threat_visible`` is False and ``threat`` is empty. ``due`` means the
    Threat has manifested, the Loose End is not resolved and no Hustle for it
    is recorded: the sheet offers "record Hustle", and attending a Contract
    before it is an ERROR (``loose_end.hustle_due``). ``hustled`` says a
    Hustle entry names it.
    """

    index: int
    title: str
    threat_level: str
    cutoff: int
    remaining: int
    due: bool
    resolved: bool
    threat_visible: bool
    threat: str
    hustled: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def threat_due(cutoff: int, granted_after: int, contracts_attended: int) -> bool:
    """Whether a Loose End's Cutoff has hit 0, so the player may see its Threat.

    "The Player can only see the general threat-level (Dangerous, Deadly, or
    Fateful) until the Cutoff hits zero"; Cutoff values "decrease by 1 every
    time a Contractor attends a Contract" ("Loose Ends"), counted from the
    Contracts after the one it was granted after (``granted_after``).

    Its twin is SQL: ``harbinger_threat_due`` in revision 0018
    (``models/migrations/versions/0018_due_threats.py``), the same one line on
    the same three numbers. The copy is needed: on a shared (PostgreSQL)
    library a player may not read ``loose_end_threat``, so the server itself
    decides which of their own Threats are due (``harbinger_due_threats``,
    read by ``models.loose_end_threats.due_for_player``), and it cannot call
    Python. ``test_the_server_asks_the_same_question_as_the_builder`` in
    ``tests/pg/test_due_threats_pg.py`` holds the two to the same answers on
    every Cutoff 0-4, granted after 0-3 and Contracts attended 0-7. Change
    one, change both (in a new revision: a migration's text is history).
    """
    return cutoff <= max(0, contracts_attended - granted_after)


def loose_end_view(
    index: int, loose_end: LooseEnd, contracts_attended: int, hustled: bool = False
) -> LooseEndView:
    """The player's view of one Loose End after ``contracts_attended`` Contracts in all.

    The Cutoff drops by 1 for each Contract attended after the Loose End was
    granted; the Threat shows once it reaches 0 (``threat_due``).
    """
    since = max(0, contracts_attended - loose_end.granted_after)
    remaining = max(0, loose_end.cutoff - since)
    visible = threat_due(loose_end.cutoff, loose_end.granted_after, contracts_attended)
    return LooseEndView(
        index=index,
        title=loose_end.title,
        threat_level=str(loose_end.threat_level),
        cutoff=loose_end.cutoff,
        remaining=remaining,
        due=visible and not loose_end.resolved and not hustled,
        resolved=loose_end.resolved,
        threat_visible=visible,
        threat=loose_end.threat if visible else "",
        hustled=hustled,
    )


@dataclass(frozen=True, slots=True)
class SheetReport:
    """A contractor's sheet, evaluated.

    ``charon_coins_earned`` counts deaths not voided; ``deaths_voided`` lets a
    GM see a voided death ("Death on the Website"). ``assets`` and
    ``liabilities`` are the ones held now (creation, bought, bought off).
    ``lines`` is the Exp log, one line per ledger entry.
    """

    status: Status
    replenishment: Replenishment
    victories: int
    contracts_attended: int
    alive: bool
    ratings: Ratings
    derived: Derived
    exp: ExpSummary
    rewards: RewardSummary
    loose_ends: tuple[LooseEndView, ...]
    charon_coins_earned: int
    deaths_voided: int
    cycle_open: str
    assets: tuple[AssetPick, ...]
    liabilities: tuple[AssetPick, ...]
    lines: tuple[LedgerLine, ...]
    findings: tuple[Finding, ...]
    corrected: CorrectedLedger = field(default_factory=lambda: CorrectedLedger(()))
    """Which ledger entries later corrections voided or replaced (``ledger.corrections``)."""

    @property
    def errors(self) -> list[Finding]:
        """The findings that make the sheet illegal."""
        return errors(self.findings)

    @property
    def legal(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (dicts, lists, str, int, bool) for the CLI and the review report."""
        return {
            "status": self.status.label,
            "replenishment": asdict(self.replenishment),
            "victories": self.victories,
            "contracts_attended": self.contracts_attended,
            "alive": self.alive,
            "legal": self.legal,
            "ratings": self.ratings.to_json(),
            "derived": {
                k: str(v) if isinstance(v, Fraction) else v for k, v in asdict(self.derived).items()
            },
            "exp": self.exp.to_json(),
            "rewards": self.rewards.to_json(),
            "loose_ends": [le.to_json() for le in self.loose_ends],
            "charon_coins_earned": self.charon_coins_earned,
            "deaths_voided": self.deaths_voided,
            "cycle_open": self.cycle_open,
            "assets": [_pick_json(a) for a in self.assets],
            "liabilities": [_pick_json(li) for li in self.liabilities],
            "exp_log": [line.to_json() for line in self.lines],
            "findings": [_finding_json(f) for f in self.findings],
        }


def _pick_json(pick: AssetPick) -> dict[str, Any]:
    return {
        "id": pick.id,
        "name": pick.name,
        "kind": str(pick.kind),
        "value": pick.value,
        "detail": pick.detail,
        "restricted": pick.restricted,
    }


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _finding_json(finding: Finding) -> dict[str, Any]:
    data = finding.to_json()
    data["numbers"] = {str(k): _plain(v) for k, v in data["numbers"].items()}
    return data


_T = TypeVar("_T")


def _guarded(
    findings: list[Finding],
    where: str,
    what: str,
    run: Callable[[], _T],
    fallback: Callable[[], _T],
) -> _T:
    """``run()``, or ``fallback()`` plus an ERROR finding if ``run`` raises."""
    try:
        return run()
    except Exception as exc:  # the sheet must open whatever the file holds
        findings.append(crashed("sheet.check_crashed", where, what, exc))
        return fallback()


def _empty_fold() -> LedgerFold:
    return fold_ledger(Contractor(id="", concept=Concept(name="")))


def _health_findings(health: Health, derived: Derived, alive: bool) -> list[Finding]:
    findings: list[Finding] = []
    for i, injury in enumerate(health.injuries):
        if not isinstance(injury.severity, int) or injury.severity < 1:
            findings.append(
                Finding(
                    "health.injury_severity",
                    f"Injury {injury.description!r} has Severity {injury.severity!r}; Severity is"
                    " the damage taken, 1 or more",
                    f"health.injuries[{i}]",
                    numbers={"severity": injury.severity},
                )
            )
    if derived.dead and alive:
        findings.append(
            Finding(
                "health.body_below_zero",
                f"Body is at {derived.body_remaining}, below zero, but no death is recorded",
                "health",
                Severity.WARNING,
                {"body": derived.body, "damage": derived.body_damage},
            )
        )
    return findings


def _source_findings(contractor: Contractor, allowed: Replenishment) -> list[Finding]:
    named = len(contractor.source.replenishment)
    if named <= allowed.conditions:
        return []
    return [
        Finding(
            "source.replenishment",
            f"{named} Source replenishment conditions are named but this Status allows"
            f" {allowed.conditions}",
            "source.replenishment",
            numbers={"named": named, "allowed": allowed.conditions},
        )
    ]


def _loose_end_findings(views: tuple[LooseEndView, ...]) -> list[Finding]:
    return [
        Finding(
            "loose_end.due",
            f"the Cutoff of Loose End {v.title!r} has reached 0: its {v.threat_level} Threat"
            " manifests",
            f"loose_ends[{v.index}]",
            Severity.WARNING,
            {"cutoff": v.cutoff, "remaining": v.remaining},
        )
        for v in views
        if v.due
    ]


def _hustled(contractor: Contractor) -> set[str]:
    """Loose Ends (normalised titles) a Hustle entry names."""
    return {
        loose_end_key(e.loose_end)
        for e in corrected_history(contractor.ledger)
        if isinstance(e, Hustle)
    }


def _loose_end_views(contractor: Contractor, fold: LedgerFold) -> tuple[LooseEndView, ...]:
    """Every Loose End as the sheet shows it; the Hustles named in the ledger are gathered
    once for all of them (the corrected ledger walked once, not once per Loose End)."""
    if not contractor.loose_ends:
        return ()
    hustled = _hustled(contractor)
    return tuple(
        loose_end_view(i, le, fold.contracts_attended, loose_end_key(le.title) in hustled)
        for i, le in enumerate(contractor.loose_ends)
    )


def evaluate_sheet(contractor: Contractor, playgroup: PlaygroupRules | None = None) -> SheetReport:
    """Every number and finding for one contractor; never raises.

    ``playgroup`` is the playgroup's optional rules (the library setting); by
    default the flags the file carries (``Contractor.playgroup``).
    """
    findings: list[Finding] = []
    findings += _guarded(
        findings,
        "creation",
        "the creation choices",
        lambda: creation_findings(contractor.creation, contractor.limits),
        list,
    )
    fold = _guarded(findings, "ledger", "the ledger", lambda: fold_ledger(contractor), _empty_fold)
    findings += fold.findings
    findings += _guarded(
        findings,
        "ledger",
        "the playgroup settings",
        lambda: golden_ratio_findings(contractor, playgroup or contractor.playgroup),
        list,
    )
    derived = _guarded(
        findings,
        "health",
        "the derived values",
        lambda: derive(fold.ratings, contractor.health, contractor.stock),
        lambda: derive(Ratings.starting(), Health()),
    )
    findings += _guarded(
        findings,
        "health",
        "the Health tab",
        lambda: _health_findings(contractor.health, derived, fold.alive),
        list,
    )
    loose_ends: tuple[LooseEndView, ...] = _guarded(
        findings, "loose_ends", "the Loose Ends", lambda: _loose_end_views(contractor, fold), tuple
    )
    findings += _loose_end_findings(loose_ends)
    replenishment = source_replenishment(fold.status)
    findings += _guarded(
        findings,
        "source",
        "the Source pool",
        lambda: _source_findings(contractor, replenishment),
        list,
    )
    return SheetReport(
        status=fold.status,
        replenishment=replenishment,
        victories=fold.victories,
        contracts_attended=fold.contracts_attended,
        alive=fold.alive,
        ratings=fold.ratings,
        derived=derived,
        exp=fold.exp,
        rewards=fold.rewards,
        loose_ends=loose_ends,
        charon_coins_earned=fold.charon_coins_earned,
        deaths_voided=fold.deaths_voided,
        cycle_open=fold.cycle_open,
        assets=fold.assets,
        liabilities=fold.liabilities,
        lines=fold.lines,
        findings=tuple(findings),
        corrected=fold.corrected,
    )
