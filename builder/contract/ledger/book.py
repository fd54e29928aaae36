"""The fold: post each entry, check it, book it onto the position, then final checks.

``POSTERS`` maps each kind of ledger entry to its poster; ``book`` is the
fold's only mutation; ``fold_ledger`` is the entry point the sheet, the audit
and the app use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from builder.contract.character import (
    AssetPick,
    BonusExp,
    BuyAsset,
    ContractAttended,
    Contractor,
    Craft,
    Death,
    Entry,
    GiftChange,
    GiftChangeKind,
    Hustle,
    ImprovementGranted,
    Journal,
    LimitsRevised,
    Ported,
    Raise,
    RemoveLiability,
    Therapy,
    TraitKind,
    WillToSurvive,
)
from builder.contract.creation import STARTING_EXP
from builder.contract.ledger.checks import ENTRY_CHECKS, FINAL_CHECKS
from builder.contract.ledger.corrections import CorrectedLedger, correct_ledger
from builder.contract.ledger.earning import (
    post_bonus,
    post_contract,
    post_death,
    post_improvement,
    post_journal,
)
from builder.contract.ledger.play import loose_end_key, post_hustle, post_will_to_survive
from builder.contract.ledger.porting import post_ported
from builder.contract.ledger.spending import (
    post_buy_asset,
    post_craft,
    post_gift_change,
    post_raise,
    post_remove_liability,
    post_therapy,
)
from builder.contract.ledger.standing import Standing, standing_after
from builder.contract.ledger.values import (
    NOTHING,
    ExpSummary,
    LedgerLine,
    Position,
    Posting,
    PostResult,
    Ratings,
    RewardSummary,
    bonus_cap,
    crafting_kind,
    entry_place,
    enum_of,
)
from builder.contract.status import Status, status_from_victories
from builder.contract.wording import entry_label, kind_numbers
from builder.core.findings import Finding

POSTERS: Mapping[type, Callable[[int, Any, Position], PostResult]] = MappingProxyType(
    {
        ContractAttended: post_contract,
        Journal: post_journal,
        BonusExp: post_bonus,
        ImprovementGranted: post_improvement,
        Raise: post_raise,
        BuyAsset: post_buy_asset,
        RemoveLiability: post_remove_liability,
        Therapy: post_therapy,
        Craft: post_craft,
        GiftChange: post_gift_change,
        Death: post_death,
        Hustle: post_hustle,
        WillToSurvive: post_will_to_survive,
        LimitsRevised: lambda _index, _entry, _pos: (NOTHING, []),
        Ported: post_ported,
    }
)
"""The posting function for each kind of ledger entry."""


# --------------------------------------------------------------------------- booking


def _owe_free_copy(entry: GiftChange, pos: Position) -> None:
    """Gaining an Artifact Crafting Gift, or spending rewards to improve a crafting Gift,
    grants a free copy of its item ("Crafting")."""
    gift = next((g for g in pos.contractor.gifts if g.id == entry.gift_id), None)
    kind = crafting_kind(gift.draft.gift_type) if gift is not None else None
    if kind is None:
        return
    change = enum_of(GiftChangeKind, entry.kind)
    new = change is GiftChangeKind.NEW
    improved = (
        change in (GiftChangeKind.IMPROVEMENT, GiftChangeKind.REVISION)
        and entry.credits + entry.improvements > 0
    )
    if (new and kind == "artifact") or improved:
        pos.free_copies_owed[entry.gift_id] = pos.free_copies_owed.get(entry.gift_id, 0) + 1


def book(entry: Entry, posting: Posting, pos: Position) -> None:  # noqa: C901, PLR0912, PLR0915  (complexity 26, 28 branches, 63 statements when the limits came in)
    """Apply a posted entry to the running position (the fold's only mutation)."""
    for source, exp in posting.earned.items():
        pos.earned[source] = pos.earned.get(source, 0) + exp
    if posting.spend_kind:
        pos.spent[posting.spend_kind] += posting.price
    for source, n in posting.credits_earned.items():
        pos.credits_earned[source] = pos.credits_earned.get(source, 0) + n
    for source, n in posting.improvements_earned.items():
        pos.improvements_earned[source] = pos.improvements_earned.get(source, 0) + n
    pos.credits_spent += posting.credits_spent
    pos.improvements_spent += posting.improvements_spent
    if posting.contract_journal:
        pos.contract_journals += 1
    if posting.rating is not None:
        kind, trait, to = posting.rating
        target = {
            TraitKind.ATTRIBUTE: pos.attributes,
            TraitKind.ABILITY: pos.abilities,
            TraitKind.SECONDARY: pos.secondary,
        }.get(kind)
        if target is None:
            pos.source = to
        else:
            target[trait] = to

    _book_standing(entry, pos)
    match entry:
        case ContractAttended():
            pos.contracts += 1
            pos.cycle_open = entry.cycle if entry.cycle and not entry.cycle_final else ""
            pos.free_consumables_used.clear()
            pos.wills_this_contract = 0
        case Ported():
            pos.contracts += entry.victories + entry.losses
        case Hustle():
            pos.hustled.add(loose_end_key(entry.loose_end))
        case WillToSurvive():
            pos.wills_this_contract += 1
        case BuyAsset():
            pos.assets.append(entry.asset)
        case RemoveLiability():
            found = pos.find_liability(entry.liability)
            if found is not None:
                del pos.liabilities[found]
        case Craft():
            if posting.free_copy == "downtime":
                pos.free_consumables_used.add(entry.gift_id)
            elif posting.free_copy == "owed":
                pos.free_copies_owed[entry.gift_id] -= 1
        case GiftChange():
            _owe_free_copy(entry, pos)
            if entry.cost_after > 0:
                pos.gifts[entry.gift_id] = entry.cost_after
                if pos.source < 1:
                    pos.source = 1
            else:
                pos.gifts.pop(entry.gift_id, None)
        case _:
            pass


def _book_standing(entry: Entry, pos: Position) -> None:
    """Victories, the port's Status and life, through the rule the roster's counts use
    (``standing_after``); a death counts once, and a voided death takes it back."""
    before = Standing(pos.victories, pos.ported, pos.alive)
    after = standing_after(before, entry)
    pos.victories, pos.ported, pos.alive = after.victories, after.ported, after.alive
    if after.alive and not before.alive:
        pos.deaths -= 1
        pos.deaths_voided += 1
    elif before.alive and not after.alive:
        pos.deaths += 1


# --------------------------------------------------------------------------- the fold


@dataclass(frozen=True, slots=True)
class LedgerFold:
    """Everything folded from a contractor's creation and ledger, with the findings."""

    ratings: Ratings
    exp: ExpSummary
    rewards: RewardSummary
    contracts_attended: int
    victories: int
    alive: bool
    deaths: int
    deaths_voided: int
    cycle_open: str
    assets: tuple[AssetPick, ...]
    liabilities: tuple[AssetPick, ...]
    lines: tuple[LedgerLine, ...]
    findings: tuple[Finding, ...]
    corrected: CorrectedLedger = field(default_factory=lambda: CorrectedLedger(()))
    """The corrected history the fold priced: which entries were voided or replaced."""
    ported: Status | None = None
    """The Status a port opened the ledger at (None when the contractor is not ported)."""

    @property
    def status(self) -> Status:
        earned = status_from_victories(self.victories)
        return max(earned, self.ported) if self.ported is not None else earned

    @property
    def charon_coins_earned(self) -> int:
        """A Coin of Charon for each death not voided ("Coins of Charon")."""
        return self.deaths


def named(finding: Finding, where: str, label: str) -> Finding:
    """A finding about ledger entry ``where`` led by the entry's name in the game's words:
    "Raise 4 (2025-03-02): this costs 10 Exp but only 5 is available …"."""
    if not finding.where.startswith(where) or finding.message.startswith(label):
        return finding
    return replace(finding, message=f"{label}: {finding.message}")


def crashed(rule: str, where: str, what: str, exc: BaseException) -> Finding:
    """The ERROR a check that raised becomes: the sheet is reported, never crashes."""
    return Finding(
        rule,
        f"{what} could not be checked ({type(exc).__name__}: {exc}); the data there is not valid",
        where,
        numbers={"exception": type(exc).__name__},
    )


def _exp_summary(pos: Position) -> ExpSummary:
    cap = bonus_cap(pos.victories)
    return ExpSummary(
        starting=STARTING_EXP,
        creation_cost=pos.creation_cost,
        earned_by_source=MappingProxyType(dict(pos.earned)),
        earned_total=pos.earned_total,
        spent_by_kind=MappingProxyType(dict(pos.spent)),
        spent_total=pos.spent_total,
        available=pos.available,
        bonus_cap=cap,
        bonus_eligible=pos.alive and pos.earned_total <= cap,
    )


def _reward_summary(pos: Position) -> RewardSummary:
    credits = pos.credits_earned_total
    improvements = pos.improvements_earned_total
    cap = pos.improvement_cap
    return RewardSummary(
        credits_earned_by_source=MappingProxyType(dict(pos.credits_earned)),
        credits_earned=credits,
        improvements_earned_by_source=MappingProxyType(dict(pos.improvements_earned)),
        improvements_earned=improvements,
        credits_spent=pos.credits_spent,
        improvements_spent=pos.improvements_spent,
        credits_available=credits - pos.credits_spent,
        improvements_available=min(improvements, cap) - pos.improvements_spent,
        improvement_cap=cap,
    )


class _Labels:
    """The names of one ledger's entries for findings ("Journal 2 (2025-03-02)"), numbered
    in one pass over the ledger the first time one is asked for."""

    __slots__ = ("_ledger", "_numbers")

    def __init__(self, ledger: Sequence[Entry]) -> None:
        self._ledger = ledger
        self._numbers: list[int] | None = None

    def __call__(self, index: int) -> str:
        if self._numbers is None:
            self._numbers = kind_numbers(self._ledger)
        return entry_label(self._ledger, index, self._numbers[index])


def _entry_findings(
    labels: _Labels,
    index: int,
    entry: Entry,
    pos: Position,
    posting: Posting,
    found: list[Finding],
) -> list[Finding]:
    """The poster's findings and every entry check's about ledger entry ``index``, each led
    by the entry's name ("Raise 4 (2025-03-02): …"); a check that raised becomes an ERROR.

    The name is worked out only when there is a finding to lead: counting the entries of
    a kind before this one is the costliest part of a clean entry otherwise.
    """
    where = entry_place(index)
    findings: list[Finding] = list(found)
    crashes: list[int] = []
    for check in ENTRY_CHECKS:
        try:
            checked = list(check(index, entry, pos, posting))
        except Exception as exc:
            crashes.append(len(findings))
            findings.append(crashed("ledger.check_crashed", where, check.__name__, exc))
            continue
        findings.extend(checked)
    if len(findings) == len(crashes):
        return findings
    label = labels(index)
    return [f if i in crashes else named(f, where, label) for i, f in enumerate(findings)]


def fold_ledger(contractor: Contractor) -> LedgerFold:
    """Fold creation and every ledger entry into ratings, Exp and rewards, with findings.

    Never raises on odd entries: an entry that cannot be posted becomes a
    ``ledger.entry_invalid`` ERROR and is skipped; a check that fails becomes
    a ``ledger.check_crashed`` ERROR.
    """
    corrected = correct_ledger(contractor.ledger)
    # Checks that ask "is there any such entry" see the corrected history.
    history = replace(contractor, ledger=corrected.history)
    pos = Position.start(history)
    findings: list[Finding] = list(corrected.findings)
    lines: list[LedgerLine] = []
    labels = _Labels(contractor.ledger)
    for index, entry in corrected.entries:
        where = entry_place(index)
        poster = POSTERS.get(type(entry))
        if poster is None:
            findings.append(
                Finding(
                    "ledger.unknown_entry",
                    f"unknown ledger entry {type(entry).__name__}",
                    where,
                )
            )
            continue
        try:
            posting, found = poster(index, entry, pos)
        except Exception as exc:  # a malformed entry must not stop the audit
            findings.append(
                named(
                    crashed("ledger.entry_invalid", where, "this entry", exc), where, labels(index)
                )
            )
            continue
        findings.extend(_entry_findings(labels, index, entry, pos, posting, found))
        try:
            book(entry, posting, pos)
        except Exception as exc:
            findings.append(crashed("ledger.entry_invalid", where, "this entry", exc))
            continue
        lines.append(
            LedgerLine(
                index=index,
                entry=type(entry).__name__,
                date=str(getattr(entry, "date", "")),
                earned=sum(posting.earned.values()),
                spent=posting.price if posting.spend_kind else 0,
                available_after=pos.available,
                credits=sum(posting.credits_earned.values()) - posting.credits_spent,
                improvements=sum(posting.improvements_earned.values()) - posting.improvements_spent,
            )
        )
    for final in FINAL_CHECKS:
        try:
            findings.extend(final(history, pos))
        except Exception as exc:
            findings.append(crashed("ledger.check_crashed", "gifts", final.__name__, exc))
    return LedgerFold(
        ratings=pos.ratings(),
        exp=_exp_summary(pos),
        rewards=_reward_summary(pos),
        contracts_attended=pos.contracts,
        victories=pos.victories,
        alive=pos.alive,
        deaths=pos.deaths,
        deaths_voided=pos.deaths_voided,
        cycle_open=pos.cycle_open,
        assets=tuple(pos.assets),
        liabilities=tuple(pos.liabilities),
        lines=tuple(lines),
        findings=tuple(findings),
        corrected=corrected,
        ported=pos.ported,
    )
