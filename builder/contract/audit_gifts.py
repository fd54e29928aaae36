"""The audit's five checks of each held Gift, and its Status checked when it was received.

Split from ``builder.contract.audit`` (which lists these lines among the
others). Each held Gift is evaluated against today's catalog and gets five
lines: its build, its stored cost, the Status it requires, house-rule content
and its stored System Text.

"Restrictions on Gifts": some Effects, Enhancements and Parameter levels are
restricted to contractors of a certain Status, so a Gift is checked against
the Status the contractor had **when they received it**, not at the end of
the file (a Veteran-only Gift taken at 24 victories stays illegal after a
25th). The file keeps only a Gift's current build, so:

- the base of the Gift (its Effect and Activation Style, chosen when it is
  made) is checked against the Status at its ``new`` Gift change;
- the whole build is checked against the Status at its latest ``new``,
  ``improvement`` or ``revision`` change, which produced the build held now.

A Gift without recorded changes is checked at the end Status only, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from builder.contract.character import (
    ContractAttended,
    Contractor,
    Entry,
    Gift,
    GiftChange,
    GiftChangeKind,
    Outcome,
)
from builder.contract.gift_style_choice import ARCHIVE_GIFT_NOTE, style_advice
from builder.contract.gifts import Catalog, GiftEvaluation, evaluate_gift
from builder.contract.ledger import crashed
from builder.contract.ledger.corrections import corrected_pairs
from builder.contract.status import Status, status_from_victories
from builder.contract.wording import entry_label
from builder.core.findings import Finding, Severity
from builder.core.report import AuditLine
from builder.core.text_diff import marked_difference

_BASE_ELEMENTS = ("effect", "style")
"""Parts of a Gift chosen when it is made; later changes rework the rest."""

_BUILDING_CHANGES = (GiftChangeKind.NEW, GiftChangeKind.IMPROVEMENT, GiftChangeKind.REVISION)


def _n(count: int, word: str, plural: str = "") -> str:
    """'1 victory', '6 victories'."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


@dataclass(frozen=True, slots=True)
class Received:
    """One change of a Gift in the ledger, with the contractor's Status at that moment."""

    index: int
    kind: GiftChangeKind
    victories: int
    label: str = ""
    """The change in the game's words: "Gift change 2 (2025-03-01)"."""

    @property
    def status(self) -> Status:
        return status_from_victories(self.victories)

    @property
    def where(self) -> str:
        return f"ledger[{self.index}]"


def gift_history(ledger: Sequence[Entry], gift_id: str) -> tuple[Received, ...]:
    """The building changes of Gift ``gift_id``, each with the victories before it."""
    found: list[Received] = []
    victories = 0
    for index, entry in corrected_pairs(ledger):
        if isinstance(entry, ContractAttended) and str(entry.outcome) == Outcome.VICTORY:
            victories += 1
        elif isinstance(entry, GiftChange) and entry.gift_id == gift_id:
            try:
                kind = GiftChangeKind(entry.kind)
            except ValueError:
                continue  # the fold reports the unknown kind
            if kind in _BUILDING_CHANGES:
                found.append(Received(index, kind, victories, entry_label(ledger, index)))
    return tuple(found)


def status_when_received(
    label: str, where: str, evaluation: GiftEvaluation, history: Sequence[Received]
) -> list[Finding]:
    """ERRORs for a Gift whose Status requirement was not met when it was received or changed."""
    checks: list[tuple[Received, Status, str]] = []
    new = next((r for r in history if r.kind is GiftChangeKind.NEW), None)
    if new is not None:
        base = [r for r in evaluation.status_reasons if r.element in _BASE_ELEMENTS]
        if base:
            checks.append((new, max(r.status for r in base), "its Effect and Style"))
    if history:
        checks.append((history[-1], evaluation.required_status, "its build"))
    findings: list[Finding] = []
    for received, required, part in checks:
        if received.status >= required or any(
            f.numbers["entry"] == received.where for f in findings
        ):
            continue
        findings.append(
            Finding(
                "gift.status_when_received",
                f"{label} needs {required.label} Status for {part}, but the contractor was"
                f" {received.status.label} with {_n(received.victories, 'victory', 'victories')}"
                f" at its {received.kind} change, {received.label or received.where}; ask "
                "the leader whether to keep it",
                where,
                Severity.ERROR,
                {
                    "entry": received.where,
                    "required": required.label,
                    "status": received.status.label,
                    "victories": received.victories,
                },
            )
        )
    return findings


def _where_gift(where: str, index: int) -> str:
    base = f"gifts[{index}]"
    return f"{base}.draft.{where}" if where else base


@dataclass(frozen=True, slots=True)
class _HeldGift:
    """One held Gift with its evaluation against today's catalog: what each Gift check reads."""

    index: int
    gift: Gift
    evaluation: GiftEvaluation
    status: Status
    victories: int
    history: tuple[Received, ...] = ()
    style_advice: str = ""
    """What to do about a Style the catalog lacks (``gift_style_choice.style_advice``)."""
    from_archive: bool = False
    """The build held is the one a website archive's import made (Effect and Style only)."""

    @property
    def where(self) -> str:
        return f"gifts[{self.index}]"

    @property
    def label(self) -> str:
        return f"Gift {self.gift.draft.name or self.gift.id!r}"


def _gift_draft_line(held: _HeldGift) -> AuditLine:
    """The build is valid in the catalog (a house-rule tag hints at --catalog)."""
    gift, evaluation, where, label = held.gift, held.evaluation, held.where, held.label
    problems = [
        Finding(
            e.rule,
            e.message + _advice_for(e, held),
            _where_gift(e.where, held.index),
            e.severity,
            dict(e.numbers),
        )
        for e in evaluation.errors
    ] + [
        Finding(w.rule, w.message, _where_gift(w.where, held.index), w.severity, dict(w.numbers))
        for w in evaluation.warnings
        if w.rule != "gift.status"
    ]
    hint = (
        f"; it is tagged with the house-rule catalog {gift.catalog!r}, load it with --catalog"
        if gift.catalog and evaluation.errors
        else ""
    )
    return AuditLine(
        "gift.draft",
        "Gift build is valid in the catalog",
        f"{label}: {gift.draft.gift_type} / {gift.draft.effect} / {gift.draft.style} "
        + ("builds in today's catalog" if not problems else "has problems")
        + hint,
        {"gift_id": gift.id, "errors": len(evaluation.errors)},
        where,
        tuple(problems),
    )


def _advice_for(finding: Finding, held: _HeldGift) -> str:
    """The way out of an unknown Style, added to the build's Style error ("" elsewhere)."""
    if finding.rule == "gift.style_not_allowed" and held.style_advice:
        return f". To fix it: {held.style_advice}"
    return ""


def _archive_build(what: str) -> str:
    """Why the catalog's figure for an imported Gift does not judge the website's ``what``."""
    return (
        "the archive's Parameters, Enhancements and Drawbacks are not read into the build, so "
        f"the website's {what} until the Gift is rebuilt in the Gift Builder (Improve "
        "or Revise)"
    )


def _gift_cost_line(held: _HeldGift) -> AuditLine:
    """The stored Gift Cost against the cost the catalog gives today."""
    gift, evaluation, where, label = held.gift, held.evaluation, held.where, held.label
    cost_findings: tuple[Finding, ...] = ()
    priced = not evaluation.errors  # a build the catalog cannot read has no price to compare
    if priced and gift.cost != evaluation.cost and held.from_archive:
        # The website priced the whole Gift; the import kept only its Effect and Style, so
        # the catalog's price of that bare build says nothing about the website's figure.
        cost_findings = (
            Finding(
                "gift.archive_cost",
                f"{label} keeps the cost {gift.cost} the website gave it; the catalog prices "
                f"its imported build at {evaluation.cost}: {_archive_build('cost stands')}",
                f"{where}.cost",
                Severity.INFO,
                {"stored": gift.cost, "catalog": evaluation.cost},
            ),
        )
    elif priced and gift.cost != evaluation.cost:
        cost_findings = (
            Finding(
                "gift.cost_changed",
                f"{label} is stored at cost {gift.cost} but the catalog prices it at "
                f"{evaluation.cost} ({evaluation.breakdown_text()})",
                f"{where}.cost",
                Severity.ERROR,
                {"stored": gift.cost, "catalog": evaluation.cost},
            ),
        )
    return AuditLine(
        "gift.cost",
        "Stored Gift Cost against the catalog",
        (
            f"{label}: stored cost {gift.cost}, catalog cost {evaluation.cost} "
            f"({evaluation.breakdown_text()})"
            if priced
            else f"{label}: stored cost {gift.cost}; the catalog cannot price this build"
        ),
        {
            "gift_id": gift.id,
            "stored": gift.cost,
            "catalog": evaluation.cost if priced else None,
            "breakdown": [line.to_json() for line in evaluation.breakdown],
        },
        where,
        cost_findings,
    )


def _gift_status_line(held: _HeldGift) -> AuditLine:
    """The Status the Gift requires against the Status of the contractor."""
    gift, evaluation, where, label = held.gift, held.evaluation, held.where, held.label
    status_findings = tuple(
        Finding(
            w.rule,
            f"{label} {w.message}",
            where,
            w.severity,
            {**dict(w.numbers), "victories": held.victories},
        )
        for w in evaluation.warnings
        if w.rule == "gift.status"
    )
    if not status_findings:  # met now; was it met when received?
        status_findings = tuple(status_when_received(label, where, evaluation, held.history))
    because = "; ".join(r.message for r in evaluation.status_reasons)
    received = (
        f"; received as {held.history[0].status.label} at "
        f"{held.history[0].label or held.history[0].where}"
        if held.history
        else ""
    )
    return AuditLine(
        "gift.status",
        "Status the Gift requires",
        f"{label}: requires {evaluation.required_status.label}"
        + (f" ({because})" if because else "")
        + f"; the contractor is {held.status.label} with "
        + _n(held.victories, "victory", "victories")
        + received,
        {
            "gift_id": gift.id,
            "required": evaluation.required_status.label,
            "status": held.status.label,
            "victories": held.victories,
            "received": [
                {"entry": r.where, "change": str(r.kind), "status": r.status.label}
                for r in held.history
            ],
            "reasons": [r.to_json() for r in evaluation.status_reasons],
        },
        where,
        status_findings,
    )


def _gift_house_line(held: _HeldGift) -> AuditLine:
    """House-rule content: a warning that locks the contractor to a playgroup."""
    gift, evaluation, where, label = held.gift, held.evaluation, held.where, held.label
    house = list(evaluation.house_rules)
    house_findings = (
        (
            Finding(
                "gift.house_rules",
                f"{label} uses house-rule content from {', '.join(house)}; the contractor is "
                "locked to that playgroup",
                where,
                Severity.WARNING,
                {"catalogs": house},
            ),
        )
        if house
        else ()
    )
    return AuditLine(
        "gift.house_rules",
        "House-rule content",
        f"{label}: "
        + (f"house-rule content from {', '.join(house)}" if house else "standard catalog only"),
        {"gift_id": gift.id, "catalogs": house},
        where,
        house_findings,
    )


def _gift_text_line(held: _HeldGift) -> AuditLine:
    """The stored System Text against the text the catalog generates now."""
    gift, evaluation, where, label = held.gift, held.evaluation, held.where, held.label
    stored = gift.system_text.strip()
    generated = evaluation.system_text.strip()
    text_findings: tuple[Finding, ...] = ()
    if stored and stored != generated and not evaluation.errors and held.from_archive:
        # The website wrote this System Text for the whole Gift; the catalog's words are
        # Harbinger's own and its build lacks the archive's modifiers.
        text_findings = (
            Finding(
                "gift.archive_text",
                f"{label} keeps the System Text the website wrote for it; the catalog's words "
                f"differ: {_archive_build('words stand')}",
                f"{where}.system_text",
                Severity.INFO,
                {},
            ),
        )
    elif stored and stored != generated and not evaluation.errors:
        # "The only part of a Gift that is truly sacred and not subject to GM discretion
        # is the System Text": a file whose text says other than its choices generate
        # fails, approved or not, and the leader sees the changed words marked.
        changes = marked_difference(generated, stored)
        text_findings = (
            Finding(
                "gift.system_text_changed",
                f"{label}: the System Text is not the text its choices generate, and System "
                f"Text is sacred; the file changes the catalog's words ([-catalog-]{{+file+}}): "
                f"{changes}",
                f"{where}.system_text",
                Severity.ERROR,
                # Both whole texts are the line's numbers; the message already marks where.
                {},
            ),
        )
    return AuditLine(
        "gift.system_text",
        "Stored System Text against the catalog",
        f"{label}: "
        + (
            "no System Text stored; the catalog's text applies"
            if not stored
            else (
                "stored System Text matches the catalog"
                if stored == generated
                else "stored System Text differs from the catalog's"
            )
        ),
        {"gift_id": gift.id, "stored": stored, "generated": generated},
        where,
        text_findings,
    )


_GIFT_CHECKS: tuple[Callable[[_HeldGift], AuditLine], ...] = (
    _gift_draft_line,
    _gift_cost_line,
    _gift_status_line,
    _gift_house_line,
    _gift_text_line,
)
"""The five checks of every held Gift, in the order the audit lists them."""


def gift_lines(
    contractor: Contractor, catalog: Catalog, status: Status, victories: int
) -> list[AuditLine]:
    """The five checks of every held Gift, each evaluated at the contractor's ``status``."""
    lines: list[AuditLine] = []
    for i, gift in enumerate(contractor.gifts):
        try:
            evaluation = evaluate_gift(gift.draft, catalog, status=status)
            history = gift_history(contractor.ledger, gift.id)
            held = _HeldGift(
                i,
                gift,
                evaluation,
                status,
                victories,
                history,
                style_advice(gift, catalog, contractor.id),
                _built_by_archive(contractor.ledger, history),
            )
            lines += [check(held) for check in _GIFT_CHECKS]
        except Exception as exc:  # one odd Gift must not hide the rest of the audit
            lines.append(_crashed_gift_line(i, gift, exc))
    return lines


def _built_by_archive(ledger: Sequence[Entry], history: Sequence[Received]) -> bool:
    """True when the Gift's latest building change is the one a website archive's import made."""
    if not history:
        return False
    entry = ledger[history[-1].index]
    return isinstance(entry, GiftChange) and entry.note == ARCHIVE_GIFT_NOTE


def _crashed_gift_line(index: int, gift: Gift, exc: Exception) -> AuditLine:
    where = f"gifts[{index}]"
    return AuditLine(
        "gift.draft",
        "Gift build is valid in the catalog",
        f"Gift {gift.draft.name or gift.id!r} could not be evaluated",
        {"gift_id": gift.id},
        where,
        (crashed("gift.check_crashed", where, f"Gift {gift.id!r}", exc),),
    )
