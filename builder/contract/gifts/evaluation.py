"""What evaluating a Gift draft gives: cost lines, Status reasons, rewards, the evaluation.

The frozen values :func:`builder.contract.gifts.evaluate.evaluate_gift` returns,
and :func:`reward_use`, which says which Gift Credits and Improvements a new or
changed Gift spends ("Gift Credits and Improvements", "Gift Cost").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from builder.contract.status import Status
from builder.core.findings import Finding, Severity

RECOMMENDED_MAX_DRAWBACKS = 3
"""'We recommend taking no more than three on any given Gift' ("Enhancements and Drawbacks")."""


@dataclass(frozen=True, slots=True)
class AvailableRewards:
    """The contractor's unspent Gift Credits and Improvements, and whether this is a new Gift.

    A new Gift needs a Gift Credit; Improvements only raise existing Gifts
    ("Gift Credits and Improvements").
    """

    credits: int
    improvements: int
    is_new_gift: bool = True
    paid_improvements: int | None = None
    """Improvements spent on the Gift being changed, net of refunds (None: not known).

    Lowering that Gift gives back up to this many Improvements and the rest
    as Gift Credits, as it was paid; unknown, the whole refund is taken as
    Improvements.
    """


class CostLine(NamedTuple):
    """One term of the Gift Cost sum.

    ``source`` is base, type, style, enhancement, drawback or parameter.
    NamedTuples, like the other values an evaluation makes by the dozen
    (``StatusReason``, ``Unavailable``): quicker to make than frozen dataclasses.
    """

    source: str
    id: str
    label: str
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "id": self.id, "label": self.label, "amount": self.amount}


class StatusReason(NamedTuple):
    """Why the Gift needs a Status.

    ``element`` is effect, style, enhancement, drawback, parameter or group.
    """

    status: Status
    element: str
    id: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status.label,
            "element": self.element,
            "id": self.id,
            "message": self.message,
        }


class Unavailable(NamedTuple):
    """A modifier or Parameter level of this Effect that cannot be chosen now, and why.

    ``kind`` is "enhancement", "drawback" or "parameter_level" (then
    ``parameter`` names its Parameter). A NamedTuple, not a frozen dataclass:
    an evaluation makes one per unavailable choice (a dozen or more), and a
    frozen dataclass takes three times as long to make (issue 29).
    """

    kind: str
    id: str
    name: str
    reasons: tuple[str, ...]
    parameter: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            "parameter": self.parameter,
            "reasons": list(self.reasons),
        }


class RewardUse(NamedTuple):
    """What saving this Gift spends (positive) or refunds (negative).

    ``enough`` is None when the contractor's rewards were not given.
    """

    credits: int
    improvements: int
    enough: bool | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "credits": self.credits,
            "improvements": self.improvements,
            "enough": self.enough,
            "message": self.message,
        }


class GiftEvaluation(NamedTuple):
    """Everything the builder shows for a draft (made on every click: a NamedTuple, quick to make).

    ``warnings`` are findings about a well-formed draft; those with severity
    ERROR (cost below 1, a group short of its minimum, Status not met, not
    enough rewards) block saving. ``errors`` are malformed choices (unknown
    ids, a modifier not allowed with this Style). ``saveable`` is True when
    neither kind blocks.
    """

    cost: int
    breakdown: tuple[CostLine, ...]
    system_text: str
    required_status: Status
    status_reasons: tuple[StatusReason, ...]
    status: Status | None
    status_met: bool | None
    warnings: tuple[Finding, ...]
    errors: tuple[Finding, ...]
    unavailable: tuple[Unavailable, ...]
    saveable: bool
    rewards: RewardUse | None
    house_rules: tuple[str, ...]

    @property
    def blocking(self) -> tuple[Finding, ...]:
        """Warnings that stop the Gift being saved."""
        return tuple(w for w in self.warnings if w.severity is Severity.ERROR)

    def breakdown_text(self) -> str:
        """'1 base + 1 Armor-Piercing − 1 Ritual = 1'."""
        terms: list[str] = []
        for line in self.breakdown:
            if line.amount == 0 and line.source not in ("base",):
                continue
            sign = "+" if line.amount >= 0 else "−"
            terms.append(f"{sign} {abs(line.amount)} {line.label}")
        text = " ".join(terms)
        text = text[2:] if text.startswith("+ ") else text
        return f"{text} = {self.cost}"

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form for ``harbinger gift evaluate --json`` and the review report."""
        return {
            "cost": self.cost,
            "breakdown": [line.to_json() for line in self.breakdown],
            "system_text": self.system_text,
            "required_status": self.required_status.label,
            "status_reasons": [r.to_json() for r in self.status_reasons],
            "status": self.status.label if self.status is not None else None,
            "status_met": self.status_met,
            "warnings": [w.to_json() for w in self.warnings],
            "errors": [e.to_json() for e in self.errors],
            "unavailable": [u.to_json() for u in self.unavailable],
            "saveable": self.saveable,
            "rewards": self.rewards.to_json() if self.rewards else None,
            "house_rules": list(self.house_rules),
        }


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def reward_use(  # noqa: PLR0911  (7 returns when the limits came in)
    cost: int, rewards: AvailableRewards | None, previous_cost: int | None
) -> RewardUse | None:
    """What saving a Gift of ``cost`` spends or refunds ("Gift Credits and Improvements").

    A new Gift is paid with Gift Credits only: Improvements "can only be
    spent to improve an existing Gift, not to unlock a new one" (the same
    rule ``builder.contract.ledger`` audits). Raising an existing Gift from
    ``previous_cost`` spends the difference with Improvements first, then
    Gift Credits (Credits can buy anything, so they are kept for last);
    without the unspent rewards (no contractor) the numbers take it as
    Improvements and the message says how it splits instead.
    Lowering it refunds the difference as it was paid: Improvements up to
    those spent on the Gift (``rewards.paid_improvements``; all of it when
    not known), the rest as Gift Credits. A Gift paid with Gift Credits
    (an archive's import) gives back Gift Credits, never Improvements it
    never took. A Gift costs at least 1, so the Gift Credit that created it
    stays spent on it.
    """
    if rewards is None and previous_cost is None:
        return None
    new = previous_cost is None or (rewards is not None and rewards.is_new_gift)
    credits_have = rewards.credits if rewards else None
    improvements_have = rewards.improvements if rewards else None
    if new:
        need = max(cost, 1)
        if credits_have is None:
            return RewardUse(need, 0, None, _spend_message(need, 0))
        if credits_have < 1:
            return RewardUse(need, 0, False, "a new Gift needs a Gift Credit, and none is unspent")
        enough = need <= credits_have
        message = _spend_message(need, 0)
        if not enough:
            message = (
                f"a new Gift of cost {need} needs {_plural(need, 'Gift Credit')} "
                "(Improvements only raise existing Gifts); "
                f"has {_plural(credits_have, 'Gift Credit')}"
            )
        return RewardUse(need, 0, enough, message)
    assert previous_cost is not None
    delta = cost - previous_cost
    if delta <= 0:
        return _refund(-delta, rewards)
    if credits_have is None or improvements_have is None:
        return RewardUse(0, delta, None, _unsplit_message("spends", delta, _RAISE_SPLIT))
    from_improvements = min(improvements_have, delta)
    from_credits = delta - from_improvements
    enough = from_credits <= credits_have
    message = _spend_message(from_credits, from_improvements)
    if not enough:
        message = (
            f"raising the Gift Cost by {delta} needs {delta} Gift Credits or Improvements; "
            f"has {_plural(credits_have, 'Gift Credit')} and "
            f"{_plural(improvements_have, 'Improvement')}"
        )
    return RewardUse(from_credits, from_improvements, enough, message)


def _refund(amount: int, rewards: AvailableRewards | None) -> RewardUse:
    """Lowering a held Gift by ``amount``: Improvements back up to those it took, then Credits.

    Without the Improvements the Gift took (no contractor, e.g. ``harbinger
    gift evaluate --previous-cost N``) the split is not known: the numbers
    take it all as Improvements, and the message says how the refund splits
    instead of naming Improvements the Gift may never have taken.
    """
    if amount == 0:
        return RewardUse(0, 0, True if rewards else None, "spends nothing")
    paid = rewards.paid_improvements if rewards is not None else None
    improvements = amount if paid is None else min(max(paid, 0), amount)
    credits = amount - improvements
    if paid is None:
        message = _unsplit_message("refunds", amount, _REFUND_SPLIT)
    else:
        message = _reward_message("refunds", credits, improvements)
    return RewardUse(-credits, -improvements, True if rewards else None, message)


_RAISE_SPLIT = "as Improvements while any are unspent and the rest as Gift Credits"
"""How a raise is paid when the unspent rewards are not known (no contractor)."""

_REFUND_SPLIT = "as Improvements up to those spent on this Gift and the rest as Gift Credits"
"""How a refund splits when the Improvements a Gift took are not known."""


def _unsplit_message(verb: str, amount: int, split: str) -> str:
    """``verb`` ('spends', 'refunds') ``amount`` rewards whose kinds are not known, and ``split``.

    Without a contractor (``harbinger gift evaluate --previous-cost N``)
    the rewards cannot be named: a Gift Credit and an Improvement both
    raise an existing Gift ("Improvements are like Gift Credits, but they
    can only be spent to improve an existing Gift"), so the message says
    how the amount splits instead of calling it all Improvements.
    """
    return f"{verb} {amount}, {split}"


def _spend_message(credits: int, improvements: int) -> str:
    """'spends 1 Gift Credit and 2 Improvements' (or 'spends nothing')."""
    return _reward_message("spends", credits, improvements)


def _reward_message(verb: str, credits: int, improvements: int) -> str:
    """``verb`` ('spends', 'refunds') and the Gift Credits and Improvements it moves."""
    parts = []
    if credits:
        parts.append(_plural(credits, "Gift Credit"))
    if improvements:
        parts.append(_plural(improvements, "Improvement"))
    return f"{verb} " + " and ".join(parts) if parts else f"{verb} nothing"
