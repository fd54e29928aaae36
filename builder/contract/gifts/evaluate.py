"""Evaluate a Gift draft: Gift Cost with its breakdown, System Text, and every restriction.

Implements "Gift Cost", "Activation Styles", "Parameters", "Enhancements and
Drawbacks" and "Restrictions on Gifts" of the rules, as SPEC §3 states them:

    Gift Cost = 1 + Gift Type adjustment + Effect×Style adjustment
                + Enhancements − Drawbacks (each × times taken)
                + Σ Parameters (chosen level − default level)

A Gift must cost at least 1 to be saved; a new Gift needs a Gift Credit and
enough Gift Credits and Improvements to pay its cost ("Gift Cost"); some
Effects, modifiers and Parameter levels need a Status; modifiers may require
or exclude each other; two modifiers rewriting the same part of the System
Text exclude each other; some groups need a minimum count. Every
restriction is reported with its reason and never silently applied.

Everything that does not depend on the player's choices was precomputed by
the loader (:class:`builder.contract.gifts.catalog.StyleView`), so this stays well
under a millisecond for a Gift with twenty modifiers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from builder.contract.gifts.catalog import (
    Catalog,
    EffectIndex,
    Join,
    Modifier,
    ModifierKind,
    Parameter,
    ParameterLevel,
    StyleView,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.gifts.template import clean_detail, fill_clause, join_slot, render
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


@dataclass(frozen=True, slots=True)
class CostLine:
    """One term of the Gift Cost sum.

    ``source`` is base, type, style, enhancement, drawback or parameter.
    """

    source: str
    id: str
    label: str
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "id": self.id, "label": self.label, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class StatusReason:
    """Why the Gift needs a Status.

    ``element`` is effect, style, enhancement, drawback or parameter.
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


@dataclass(frozen=True, slots=True)
class Unavailable:
    """A modifier or Parameter level of this Effect that cannot be chosen now, and why.

    ``kind`` is "enhancement", "drawback" or "parameter_level" (then
    ``parameter`` names its Parameter).
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


@dataclass(frozen=True, slots=True)
class RewardUse:
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


@dataclass(frozen=True, slots=True)
class GiftEvaluation:
    """Everything the builder shows for a draft.

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


def reward_use(
    cost: int, rewards: AvailableRewards | None, previous_cost: int | None
) -> RewardUse | None:
    """What saving a Gift of ``cost`` spends or refunds ("Gift Credits and Improvements").

    A new Gift is paid with Gift Credits only: Improvements "can only be
    spent to improve an existing Gift, not to unlock a new one" (the same
    rule ``builder.contract.ledger`` audits). Raising an existing Gift from
    ``previous_cost`` spends the difference with Improvements first, then
    Gift Credits (Credits can buy anything, so they are kept for last).
    Lowering it refunds the difference as Improvements: the Gift Credit
    that created the Gift stays spent on it.
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
        message = "spends nothing" if delta == 0 else f"refunds {_plural(-delta, 'Improvement')}"
        return RewardUse(0, delta, True if rewards else None, message)
    if credits_have is None or improvements_have is None:
        return RewardUse(0, delta, None, _spend_message(0, delta))
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


def _spend_message(credits: int, improvements: int) -> str:
    parts = []
    if credits:
        parts.append(_plural(credits, "Gift Credit"))
    if improvements:
        parts.append(_plural(improvements, "Improvement"))
    return "spends " + " and ".join(parts) if parts else "spends nothing"


def _err(rule: str, message: str, where: str, **numbers: Any) -> Finding:
    return Finding(f"gift.{rule}", message, where, Severity.ERROR, dict(numbers))


def _warn(rule: str, message: str, where: str, **numbers: Any) -> Finding:
    return Finding(f"gift.{rule}", message, where, Severity.WARNING, dict(numbers))


def evaluate_gift(
    draft: GiftDraft,
    catalog: Catalog,
    status: Status | None = None,
    rewards: AvailableRewards | None = None,
    previous_cost: int | None = None,
) -> GiftEvaluation:
    """Price and check a Gift draft against the catalog (SPEC §3).

    ``status`` is the contractor's Status (None: unknown, so Status is
    reported but not judged); ``rewards`` their unspent Gift Credits and
    Improvements; ``previous_cost`` the Gift's cost before this edit (None
    for a new Gift).
    """
    errors: list[Finding] = []
    warnings: list[Finding] = []
    breakdown: list[CostLine] = [CostLine("base", "", "base", 1)]
    reasons: list[StatusReason] = []
    house: set[str] = set()

    gtype = catalog.gift_types.get(draft.gift_type)
    if gtype is None:
        known = ", ".join(catalog.gift_types)
        errors.append(
            _err("unknown_type", f"unknown Gift Type {draft.gift_type!r} (known: {known})", "type")
        )
    else:
        breakdown.append(CostLine("type", gtype.id, gtype.name, gtype.cost))
        if gtype.origin.catalog:
            house.add(gtype.origin.catalog)

    entry = catalog.index.get(draft.effect)
    if entry is None:
        errors.append(_err("unknown_effect", f"unknown Effect {draft.effect!r}", "effect"))
        return _finish(
            draft,
            breakdown,
            "",
            reasons,
            status,
            warnings,
            errors,
            (),
            rewards,
            previous_cost,
            house,
        )
    effect = entry.effect
    if effect.origin.catalog:
        house.add(effect.origin.catalog)
    if effect.status > Status.NEWBIE:
        reasons.append(
            StatusReason(
                effect.status,
                "effect",
                effect.id,
                f"the {effect.name} Effect needs {effect.status.label} Status",
            )
        )

    estyle = effect.styles.get(draft.style)
    style = catalog.styles.get(draft.style)
    if estyle is None or style is None:
        allowed = " or ".join(catalog.styles[s].name for s in effect.styles if s in catalog.styles)
        what = f"{style.name} Style" if style else f"unknown Style {draft.style!r}"
        errors.append(
            _err(
                "style_not_allowed",
                f"{effect.name} cannot take the {what}; it allows {allowed}",
                "style",
            )
        )
    else:
        breakdown.append(
            CostLine("style", estyle.style, f"{effect.name} as {style.name}", estyle.cost)
        )
        if estyle.status > Status.NEWBIE:
            reasons.append(
                StatusReason(
                    estyle.status,
                    "style",
                    estyle.style,
                    f"{effect.name} with the {style.name} Style needs {estyle.status.label} Status",
                )
            )
    if gtype is not None:
        if effect.types and gtype.id not in effect.types:
            names = " or ".join(
                catalog.gift_types[t].name for t in catalog.gift_types if t in effect.types
            )
            errors.append(
                _err(
                    "type_not_allowed",
                    f"{effect.name} cannot be a {gtype.name}; it can be a {names}",
                    "type",
                )
            )
        elif style is not None and gtype.styles and style.id not in gtype.styles:
            errors.append(
                _err(
                    "type_style",
                    f"a {gtype.name} Gift cannot use the {style.name} Style",
                    "style",
                )
            )

    view = entry.views.get((draft.style, draft.gift_type))

    # ---- modifiers
    chosen: dict[str, tuple[Modifier, ModifierChoice, str]] = {}
    for key, choices, kind in (
        ("enhancements", draft.enhancements, ModifierKind.ENHANCEMENT),
        ("drawbacks", draft.drawbacks, ModifierKind.DRAWBACK),
    ):
        for i, choice in enumerate(choices):
            where = f"{key}[{i}]"
            mod = entry.modifiers.get(choice.id)
            if mod is None:
                if choice.id in catalog.general or any(
                    choice.id in e.modifiers for e in catalog.effects.values()
                ):
                    msg = f"{choice.id!r} is not a modifier of {effect.name}"
                else:
                    msg = f"unknown {kind.value} {choice.id!r}"
                errors.append(_err("unknown_modifier", msg, where))
                continue
            if mod.kind is not kind:
                errors.append(
                    _err(
                        "wrong_kind",
                        f"{mod.name} is {'an' if mod.kind is ModifierKind.ENHANCEMENT else 'a'} "
                        f"{mod.kind.label}, but it is listed under {key}",
                        where,
                    )
                )
                continue
            if choice.id in chosen:
                errors.append(
                    _err(
                        "duplicate_modifier",
                        f"{mod.name} is listed twice; list it once with a count",
                        where,
                    )
                )
                continue
            if choice.count < 1 or choice.count > mod.max:
                limit = "once" if mod.max == 1 else f"1 to {mod.max} times"
                errors.append(
                    _err(
                        "modifier_count",
                        f"{mod.name} is taken {choice.count} times; it can be taken {limit}",
                        where,
                        count=choice.count,
                        max=mod.max,
                    )
                )
                continue
            chosen[choice.id] = (mod, choice, where)
            if mod.origin.catalog:
                house.add(mod.origin.catalog)
            breakdown.append(
                CostLine(
                    kind.value,
                    mod.id,
                    mod.name if choice.count == 1 else f"{mod.name} ×{choice.count}",
                    kind.sign * choice.count,
                )
            )
            if mod.status > Status.NEWBIE:
                reasons.append(
                    StatusReason(
                        mod.status,
                        kind.value,
                        mod.id,
                        f"the {mod.name} {kind.label} needs {mod.status.label} Status",
                    )
                )
            if mod.detail_label and not choice.detail.strip():
                warnings.append(
                    _warn(
                        "detail_missing",
                        f"{mod.name} needs its detail text ({mod.detail_label})",
                        f"{where}.detail",
                    )
                )
            elif choice.detail.strip() and not mod.detail_label:
                warnings.append(
                    _warn(
                        "detail_unused",
                        f"{mod.name} takes no detail text; what was written is not used",
                        f"{where}.detail",
                    )
                )

    replaced_by: dict[str, str] = {}
    for mid, (mod, _choice, where) in chosen.items():
        if view is not None:
            why = view.static_reasons.get(mid)
            if why:
                errors.append(
                    _err(
                        "modifier_not_allowed",
                        f"{mod.name} cannot be chosen: {'; '.join(why)}",
                        where,
                    )
                )
        for other in mod.requires:
            if other not in chosen:
                name = entry.modifiers[other].name if other in entry.modifiers else other
                errors.append(_err("requires", f"{mod.name} requires {name}", where))
        for other in mod.excludes:
            # a pair that excludes each other both ways is reported once
            if other not in chosen:
                continue
            if mid not in chosen[other][0].excludes or mid < other:
                name = chosen[other][0].name
                errors.append(_err("excludes", f"{mod.name} cannot go with {name}", where))
        if mod.is_replacement:
            if mod.slot in replaced_by:
                first = chosen[replaced_by[mod.slot]][0].name
                errors.append(
                    _err(
                        "same_part",
                        f"{mod.name} and {first} both rewrite the same part of the System Text; "
                        "choose one",
                        where,
                    )
                )
            else:
                replaced_by[mod.slot] = mid

    # ---- parameters
    levels: dict[str, tuple[Parameter, ParameterLevel]] = {}
    used_slots = set(view.slot_order) if view is not None else None
    for pid, level_id in draft.parameters.items():
        where = f"parameters.{pid}"
        param = effect.parameters.get(pid)
        if param is None:
            known = ", ".join(effect.parameters) or "none"
            errors.append(
                _err(
                    "unknown_parameter",
                    f"{effect.name} has no Parameter {pid!r} (has: {known})",
                    where,
                )
            )
            continue
        level = param.level(level_id)
        if level is None:
            known = ", ".join(lv.id for lv in param.levels)
            errors.append(
                _err(
                    "unknown_level",
                    f"{param.name} has no level {level_id!r} (levels: {known})",
                    where,
                )
            )
            continue
        if used_slots is not None and param.slot not in used_slots and level.id != param.default:
            errors.append(
                _err(
                    "parameter_not_used",
                    f"{param.name} does not apply with the {style.name if style else ''} Style; "
                    "leave it at its default",
                    where,
                )
            )
        levels[pid] = (param, level)
    for pid, param in effect.parameters.items():
        param_level = levels.get(pid)
        level = param_level[1] if param_level else param.level(param.default)
        assert level is not None
        steps = level.index - param.default_index
        breakdown.append(CostLine("parameter", pid, f"{param.name}: {level.name}", steps))
        if level.status > Status.NEWBIE:
            reasons.append(
                StatusReason(
                    level.status,
                    "parameter",
                    pid,
                    f"{param.name} at {level.name} needs {level.status.label} Status",
                )
            )

    # ---- groups and drawback count
    for group in entry.groups.values():
        if group.min == 0 or (group.styles and draft.style not in group.styles):
            continue
        taken = sum(choice.count for mod, choice, _ in chosen.values() if mod.group == group.id)
        if taken < group.min:
            warnings.append(
                Finding(
                    "gift.group_minimum",
                    f"choose at least {group.min} from {group.name}: {group.rules}",
                    "enhancements",
                    Severity.ERROR,
                    {"group": group.id, "min": group.min, "chosen": taken},
                )
            )
    drawbacks = sum(
        choice.count for mod, choice, _ in chosen.values() if mod.kind is ModifierKind.DRAWBACK
    )
    if drawbacks > RECOMMENDED_MAX_DRAWBACKS:
        warnings.append(
            _warn(
                "many_drawbacks",
                f"{drawbacks} Drawbacks: the rules recommend no more than "
                f"{RECOMMENDED_MAX_DRAWBACKS}, since an unusable Gift is no fun",
                "drawbacks",
                drawbacks=drawbacks,
            )
        )

    # ---- System Text
    text = ""
    unavailable: list[Unavailable] = []
    if view is not None:
        text = _system_text(view, chosen, levels, entry.order, draft.style)
        unavailable = _unavailable(
            entry,
            view,
            chosen,
            replaced_by,
            status,
            used_slots or set(),
            style.name if style else "",
        )
    return _finish(
        draft,
        breakdown,
        text,
        reasons,
        status,
        warnings,
        errors,
        tuple(unavailable),
        rewards,
        previous_cost,
        house,
    )


_Chosen = dict[str, tuple[Modifier, ModifierChoice, str]]


def _system_text(
    view: StyleView,
    chosen: _Chosen,
    levels: dict[str, tuple[Parameter, ParameterLevel]],
    order: Mapping[str, int],
    style_id: str,
) -> str:
    """Fill the precomputed templates with this draft's levels and modifier clauses."""
    values = dict(view.base_slots)
    for param, level in levels.values():
        values[param.slot] = level.text
    and_items: dict[str, list[str]] = {}
    or_items: dict[str, list[str]] = {}
    after: dict[str, list[str]] = {}
    closing: list[str] = []
    static = view.static_reasons
    for mid in sorted(chosen, key=order.__getitem__):
        if mid in static:
            continue
        mod, choice, _where = chosen[mid]
        clause = mod.wording(style_id, many=choice.count > 1)
        if clause is None:
            continue
        detail = clean_detail(choice.detail) if mod.detail_label else ""
        clause = fill_clause(clause, detail or mod.detail_blank, choice.count)
        if mod.is_replacement:
            values[mod.slot] = clause
        elif mod.join is Join.AND:
            and_items.setdefault(mod.slot, []).append(clause)
        elif mod.join is Join.OR:
            or_items.setdefault(mod.slot, []).append(clause)
        elif mod.slot:
            after.setdefault(mod.slot, []).append(clause)
        else:
            closing.append(clause)
    for slot in and_items.keys() | or_items.keys():
        values[slot] = join_slot(
            values.get(slot, ""), and_items.get(slot, ()), or_items.get(slot, ())
        )
    if view.gift_type.note:
        closing.append(view.gift_type.note)
    return render(view.sentences, values, after, closing)


def _unavailable(
    entry: EffectIndex,
    view: StyleView,
    chosen: _Chosen,
    replaced_by: dict[str, str],
    status: Status | None,
    used_slots: set[str],
    style_name: str,
) -> list[Unavailable]:
    """Every modifier and Parameter level of the Effect that cannot be chosen now, with why."""
    out: list[Unavailable] = []
    excluded_by: dict[str, list[str]] = {}
    for mod, _choice, _ in chosen.values():
        for other in mod.excludes:
            excluded_by.setdefault(other, []).append(mod.name)
    for mid, mod in entry.modifiers.items():
        if mid in chosen:
            continue
        why = list(view.static_reasons.get(mid, ()))
        for other in mod.requires:
            if other not in chosen and other in entry.modifiers:
                why.append(f"requires {entry.modifiers[other].name}")
        for other in mod.excludes:
            if other in chosen:
                why.append(f"excludes {chosen[other][0].name}")
        for name in excluded_by.get(mid, ()):
            if f"excludes {name}" not in why:
                why.append(f"excluded by {name}")
        if mod.is_replacement and mod.slot in replaced_by and not view.static_reasons.get(mid):
            other = chosen[replaced_by[mod.slot]][0].name
            why.append(f"replaces the same part of the System Text as {other}")
        if status is not None and mod.status > status:
            why.append(f"needs {mod.status.label} Status")
        if why:
            out.append(Unavailable(mod.kind.value, mid, mod.name, tuple(why)))
    for pid, param in entry.effect.parameters.items():
        applies = param.slot in used_slots
        for level in param.levels:
            why = []
            if not applies and level.id != param.default:
                why.append(f"{param.name} does not apply with the {style_name} Style")
            if status is not None and level.status > status:
                why.append(f"needs {level.status.label} Status")
            if why:
                out.append(Unavailable("parameter_level", level.id, level.name, tuple(why), pid))
    return out


def _finish(
    draft: GiftDraft,
    breakdown: list[CostLine],
    text: str,
    reasons: list[StatusReason],
    status: Status | None,
    warnings: list[Finding],
    errors: list[Finding],
    unavailable: tuple[Unavailable, ...],
    rewards: AvailableRewards | None,
    previous_cost: int | None,
    house: set[str],
) -> GiftEvaluation:
    cost = sum(line.amount for line in breakdown)
    required = max((r.status for r in reasons), default=Status.NEWBIE)
    met = None if status is None else status >= required
    if cost < 1:
        warnings.insert(
            0,
            Finding(
                "gift.cost_below_one",
                f"the Gift Cost is {cost}; a Gift must cost at least 1 to be saved "
                "(remove a Drawback or lower fewer Parameters)",
                "",
                Severity.ERROR,
                {"cost": cost},
            ),
        )
    if met is False:
        assert status is not None
        why = "; ".join(r.message for r in reasons if r.status > status)
        warnings.append(
            Finding(
                "gift.status",
                f"needs {required.label} Status, and this contractor is {status.label} ({why})",
                "",
                Severity.ERROR,
                {"required": required.label, "status": status.label},
            )
        )
    use = reward_use(cost, rewards, previous_cost)
    if use is not None and use.enough is False:
        warnings.append(
            Finding(
                "gift.rewards",
                f"not enough unspent rewards: {use.message}",
                "",
                Severity.ERROR,
                {"credits": use.credits, "improvements": use.improvements},
            )
        )
    blocking = any(w.severity is Severity.ERROR for w in warnings)
    return GiftEvaluation(
        cost=cost,
        breakdown=tuple(breakdown),
        system_text=text,
        required_status=required,
        status_reasons=tuple(reasons),
        status=status,
        status_met=met,
        warnings=tuple(warnings),
        errors=tuple(errors),
        unavailable=unavailable,
        saveable=not errors and not blocking,
        rewards=use,
        house_rules=tuple(sorted(house)),
    )


def unavailable_effects(
    catalog: Catalog, status: Status | None = None, gift_type: str | None = None
) -> dict[str, tuple[str, ...]]:
    """Effects that cannot be picked now, each with why (for the Effect picker).

    Reasons: the Effect needs a higher Status than ``status`` ("Restrictions
    on Gifts": Intangibility is Veteran only), or it cannot be ``gift_type``.
    """
    out: dict[str, tuple[str, ...]] = {}
    gtype = catalog.gift_types.get(gift_type) if gift_type else None
    for effect in catalog.effects.values():
        why: list[str] = []
        if status is not None and effect.status > status:
            why.append(f"needs {effect.status.label} Status")
        if gtype is not None:
            if effect.types and gtype.id not in effect.types:
                why.append(f"cannot be a {gtype.name}")
            elif not any(t == gtype.id for _s, t in catalog.index[effect.id].views):
                why.append(f"none of its Styles suits a {gtype.name}")
        if why:
            out[effect.id] = tuple(why)
    return out


def unavailable_styles(
    catalog: Catalog, effect_id: str, status: Status | None = None, gift_type: str | None = None
) -> dict[str, tuple[str, ...]]:
    """Activation Styles that cannot be picked for an Effect now, each with why.

    Every Style the catalog defines is considered, so the picker can show all
    four with the reason a Style is off ("Injure does not allow the Passive Style").
    """
    entry = catalog.index.get(effect_id)
    if entry is None:
        return {}
    effect = entry.effect
    gtype = catalog.gift_types.get(gift_type) if gift_type else None
    out: dict[str, tuple[str, ...]] = {}
    for style in catalog.styles.values():
        why: list[str] = []
        estyle = effect.styles.get(style.id)
        if estyle is None:
            why.append(f"{effect.name} does not allow the {style.name} Style")
        else:
            if status is not None and estyle.status > status:
                why.append(f"needs {estyle.status.label} Status")
            if gtype is not None and gtype.styles and style.id not in gtype.styles:
                why.append(f"a {gtype.name} Gift cannot use it")
        if why:
            out[style.id] = tuple(why)
    return out
