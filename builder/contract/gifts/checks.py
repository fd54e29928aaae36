"""The checks a Gift draft goes through, one small function per rule.

Like beancount's validators, every check has the same signature: it takes the
:class:`DraftCheck` being worked on, resolves its part of the draft against
the catalog (the Type, Effect, Style, modifiers and Parameter levels validly
chosen) and adds what it finds — ERROR findings (the draft is wrong),
warnings, Status reasons — in the order the rules take a Gift ("Gift Cost":
Type, Effect with Style, Enhancements and Drawbacks, Parameters). No check
prices anything: the cost is :func:`builder.contract.gifts.pricing.price`,
one pure stage over what was resolved (resolve → price → check).
:func:`builder.contract.gifts.evaluate.evaluate_gift` folds :data:`GIFT_CHECKS`
over a draft; add a rule by adding a function.

``check_effect`` stops the fold when the Effect is unknown: nothing after it
can be judged without the Effect's index.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from builder.contract.gifts.catalog import (
    ActivationStyle,
    Catalog,
    EffectIndex,
    EffectStyle,
    GiftType,
    Modifier,
    ModifierKind,
    Parameter,
    ParameterLevel,
    StyleView,
)
from builder.contract.gifts.choices import choice_texts
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.gifts.evaluation import RECOMMENDED_MAX_DRAWBACKS, StatusReason
from builder.contract.status import Status
from builder.core.findings import Finding, Severity

Chosen = dict[str, tuple[Modifier, ModifierChoice, str]]
"""The modifiers a draft validly takes: id -> (modifier, the choice, where it is listed)."""


def _err(rule: str, message: str, where: str, **numbers: Any) -> Finding:
    return Finding(f"gift.{rule}", message, where, Severity.ERROR, dict(numbers))


def _warn(rule: str, message: str, where: str, **numbers: Any) -> Finding:
    return Finding(f"gift.{rule}", message, where, Severity.WARNING, dict(numbers))


@dataclass(slots=True)
class DraftCheck:
    """One draft being evaluated: its inputs, what the checks looked up, and what they found.

    ``entry`` is None only until ``check_effect`` has found the Effect (the
    fold stops when it cannot); later checks read it through ``index``.
    """

    draft: GiftDraft
    catalog: Catalog
    status: Status | None
    errors: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    reasons: list[StatusReason] = field(default_factory=list)
    house: set[str] = field(default_factory=set)
    gift_type: GiftType | None = None
    entry: EffectIndex | None = None
    style: ActivationStyle | None = None
    effect_style: EffectStyle | None = None
    view: StyleView | None = None
    chosen: Chosen = field(default_factory=dict)
    replaced_by: dict[str, str] = field(default_factory=dict)
    levels: dict[str, tuple[Parameter, ParameterLevel]] = field(default_factory=dict)
    used_slots: set[str] | None = None
    choice_values: dict[str, str] = field(default_factory=dict)
    stopped: bool = False

    @property
    def index(self) -> EffectIndex:
        """The chosen Effect's index (only read by checks that run after ``check_effect``)."""
        assert self.entry is not None, "check_effect runs first and stops the fold without it"
        return self.entry

    def needs(self, status: Status, kind: str, ident: str, message: str) -> None:
        """Record that a choice needs ``status`` (above Newbie) to be taken."""
        if status > Status.NEWBIE:
            self.reasons.append(StatusReason(status, kind, ident, message))


GiftCheck = Callable[[DraftCheck], None]
"""One rule's check: resolves its part of the draft and adds its findings and Status reasons."""


def check_type(work: DraftCheck) -> None:
    """The Gift Type exists ("Gift Types"; its cost adjustment is priced by ``pricing``)."""
    catalog, draft = work.catalog, work.draft
    gtype = catalog.gift_types.get(draft.gift_type)
    work.gift_type = gtype
    if gtype is None:
        known = ", ".join(catalog.gift_types)
        work.errors.append(
            _err("unknown_type", f"unknown Gift Type {draft.gift_type!r} (known: {known})", "type")
        )
        return
    if gtype.origin.catalog:
        work.house.add(gtype.origin.catalog)


def check_effect(work: DraftCheck) -> None:
    """The Effect exists (else the fold stops); some Effects need a Status ("Effects")."""
    entry = work.catalog.index.get(work.draft.effect)
    if entry is None:
        work.errors.append(
            _err("unknown_effect", f"unknown Effect {work.draft.effect!r}", "effect")
        )
        work.stopped = True
        return
    work.entry = entry
    effect = entry.effect
    if effect.origin.catalog:
        work.house.add(effect.origin.catalog)
    if effect.status > Status.NEWBIE:  # most Effects need none: skip writing the message
        work.needs(
            effect.status,
            "effect",
            effect.id,
            f"the {effect.name} Effect needs {effect.status.label} Status",
        )


def check_style(work: DraftCheck) -> None:
    """The Effect allows the Style ("Activation Styles"; the Effect×Style adjustment is priced
    by ``pricing``)."""
    catalog, draft, effect = work.catalog, work.draft, work.index.effect
    estyle = effect.styles.get(draft.style)
    style = catalog.styles.get(draft.style)
    work.effect_style, work.style = estyle, style
    if estyle is None or style is None:
        allowed = " or ".join(catalog.styles[s].name for s in effect.styles if s in catalog.styles)
        what = f"{style.name} Style" if style else f"unknown Style {draft.style!r}"
        work.errors.append(
            _err(
                "style_not_allowed",
                f"{effect.name} cannot take the {what}; it allows {allowed}",
                "style",
            )
        )
        return
    if estyle.status > Status.NEWBIE:
        work.needs(
            estyle.status,
            "style",
            estyle.style,
            f"{effect.name} with the {style.name} Style needs {estyle.status.label} Status",
        )


def check_type_fits(work: DraftCheck) -> None:
    """The Effect can be this Gift Type, and the Type can use this Style ("Gift Types")."""
    gtype, style, effect, catalog = work.gift_type, work.style, work.index.effect, work.catalog
    if gtype is not None:
        if effect.types and gtype.id not in effect.types:
            names = " or ".join(
                catalog.gift_types[t].name for t in catalog.gift_types if t in effect.types
            )
            work.errors.append(
                _err(
                    "type_not_allowed",
                    f"{effect.name} cannot be a {gtype.name}; it can be a {names}",
                    "type",
                )
            )
        elif style is not None and gtype.styles and style.id not in gtype.styles:
            work.errors.append(
                _err(
                    "type_style", f"a {gtype.name} Gift cannot use the {style.name} Style", "style"
                )
            )
    work.view = work.index.views.get((work.draft.style, work.draft.gift_type))


def _choice_problem(
    work: DraftCheck, choice: ModifierChoice, key: str, kind: ModifierKind, where: str
) -> Finding:
    """The ERROR keeping a choice out of the Gift (``check_modifiers`` found it cannot be taken)."""
    entry, catalog = work.index, work.catalog
    mod = entry.modifiers.get(choice.id)
    if mod is None:
        if choice.id in catalog.general or any(
            choice.id in e.modifiers for e in catalog.effects.values()
        ):
            msg = f"{choice.id!r} is not a modifier of {entry.effect.name}"
        else:
            msg = f"unknown {kind.value} {choice.id!r}"
        return _err("unknown_modifier", msg, where)
    if mod.kind is not kind:
        article = "an" if mod.kind is ModifierKind.ENHANCEMENT else "a"
        return _err(
            "wrong_kind",
            f"{mod.name} is {article} {mod.kind.label}, but it is listed under {key}",
            where,
        )
    if choice.id in work.chosen:
        return _err(
            "duplicate_modifier", f"{mod.name} is listed twice; list it once with a count", where
        )
    limit = "once" if mod.max == 1 else f"1 to {mod.max} times"
    return _err(
        "modifier_count",
        f"{mod.name} is taken {choice.count} times; it can be taken {limit}",
        where,
        count=choice.count,
        max=mod.max,
    )


def detail_where(where: str, choice: ModifierChoice, index: int) -> str:
    """The draft path of one instance's detail ("drawbacks[0].details[1]")."""
    return f"{where}.details[{index}]" if choice.details else f"{where}.detail"


def _take(
    work: DraftCheck, mod: Modifier, choice: ModifierChoice, where: str, needs: StatusReason | None
) -> None:
    """Note a taken choice's Status (``needs``) and house rule, and warn about its detail."""
    if mod.origin.catalog:
        work.house.add(mod.origin.catalog)
    if needs is not None:  # most modifiers need none
        work.reasons.append(needs)
    if mod.detail_label:
        for i, detail in enumerate(choice.instance_details):
            if not detail.strip():
                which = f" for instance {i + 1}" if choice.count > 1 else ""
                work.warnings.append(
                    _warn(
                        "detail_missing",
                        f"{mod.name} needs its detail text ({mod.detail_label}){which}",
                        detail_where(where, choice, i),
                    )
                )
    # instance_details, read cheaply: the first instance's detail, or each of ``details``
    elif any(d.strip() for d in choice.details) if choice.details else choice.detail.strip():
        work.warnings.append(
            _warn(
                "detail_unused",
                f"{mod.name} takes no detail text; what was written is not used",
                f"{where}.detail",
            )
        )


_WHERE = {key: tuple(f"{key}[{i}]" for i in range(32)) for key in ("enhancements", "drawbacks")}
"""Where the first choices of each list sit ("drawbacks[0]"), written once."""


def check_modifiers(work: DraftCheck) -> None:
    """Each chosen Enhancement and Drawback exists, once, taken a legal number of times."""
    draft, chosen, offered, facts = work.draft, work.chosen, work.index.modifiers, work.index.facts
    for key, choices, kind in (
        ("enhancements", draft.enhancements, ModifierKind.ENHANCEMENT),
        ("drawbacks", draft.drawbacks, ModifierKind.DRAWBACK),
    ):
        wheres = _WHERE[key]
        for i, choice in enumerate(choices):
            where = wheres[i] if i < len(wheres) else f"{key}[{i}]"
            mod = offered.get(choice.id)
            if (
                mod is not None
                and mod.kind is kind
                and choice.id not in chosen
                and 1 <= choice.count <= mod.max
            ):
                chosen[choice.id] = (mod, choice, where)
                fact = facts[mod.id]
                if not fact.plain or choice.detail or choice.details:
                    _take(work, mod, choice, where, fact.needs)
            else:
                work.errors.append(_choice_problem(work, choice, key, kind, where))


def check_modifier_rules(work: DraftCheck) -> None:
    """Chosen modifiers fit the Style, their requirements and exclusions, one per rewritten part.

    ("Enhancements and Drawbacks", "Restrictions on Gifts".)
    """
    chosen, view, entry = work.chosen, work.view, work.index
    static = view.static_reasons if view is not None else {}
    for mid, (mod, _choice, where) in chosen.items():
        why = static.get(mid)
        if why:
            work.errors.append(
                _err(
                    "modifier_not_allowed", f"{mod.name} cannot be chosen: {'; '.join(why)}", where
                )
            )
        if not (mod.requires or mod.excludes or mod.replace):  # most modifiers: nothing more
            continue
        for other in mod.requires:
            if other not in chosen:
                name = entry.modifiers[other].name if other in entry.modifiers else other
                work.errors.append(_err("requires", f"{mod.name} requires {name}", where))
        for other in mod.excludes:
            # a pair that excludes each other both ways is reported once
            if other in chosen and (mid not in chosen[other][0].excludes or mid < other):
                name = chosen[other][0].name
                work.errors.append(_err("excludes", f"{mod.name} cannot go with {name}", where))
        if not mod.is_replacement:
            continue
        if mod.slot in work.replaced_by:
            first = chosen[work.replaced_by[mod.slot]][0].name
            work.errors.append(
                _err(
                    "same_part",
                    f"{mod.name} and {first} both rewrite the same part of the System Text; "
                    "choose one",
                    where,
                )
            )
        else:
            work.replaced_by[mod.slot] = mid


def check_parameters(work: DraftCheck) -> None:
    """Each chosen Parameter and level exists and applies with this Style ("Parameters")."""
    effect, style = work.index.effect, work.style
    work.used_slots = set(work.view.slot_order) if work.view is not None else None
    for pid, level_id in work.draft.parameters.items():
        where = f"parameters.{pid}"
        param = effect.parameters.get(pid)
        if param is None:
            known = ", ".join(effect.parameters) or "none"
            work.errors.append(
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
            work.errors.append(
                _err(
                    "unknown_level",
                    f"{param.name} has no level {level_id!r} (levels: {known})",
                    where,
                )
            )
            continue
        used = work.used_slots
        if used is not None and param.slot not in used and level.id != param.default:
            work.errors.append(
                _err(
                    "parameter_not_used",
                    f"{param.name} does not apply with the {style.name if style else ''} Style; "
                    "leave it at its default",
                    where,
                )
            )
        work.levels[pid] = (param, level)


def check_parameter_status(work: DraftCheck) -> None:
    """Each Parameter's level (its default when not chosen) may need a Status ("Parameters")."""
    levels = work.levels
    for pid, param in work.index.effect.parameters.items():
        param_level = levels.get(pid)
        level = param_level[1] if param_level else param.level(param.default)
        assert level is not None
        if level.status > Status.NEWBIE:  # most levels need none: skip writing the message
            work.needs(
                level.status,
                "parameter",
                pid,
                f"{param.name} at {level.name} needs {level.status.label} Status",
            )


def check_groups(work: DraftCheck) -> None:
    """A group with a minimum needs that many of its modifiers chosen (an ERROR that blocks)."""
    for group in work.index.groups.values():
        if group.min == 0 or (group.styles and work.draft.style not in group.styles):
            continue
        taken = group_taken(work.chosen, group.id)
        if taken < group.min:
            work.warnings.append(
                Finding(
                    "gift.group_minimum",
                    f"choose at least {group.min} from {group.name}: {group.rules}",
                    "enhancements",
                    Severity.ERROR,
                    {"group": group.id, "min": group.min, "chosen": taken},
                )
            )


def check_choices(work: DraftCheck) -> None:
    """The player's picked roll or weapon is one the Effect allows (issue 15, item 1)."""
    values, errors = choice_texts(work.index.effect.choices, work.draft.choices)
    work.choice_values = values
    work.errors.extend(errors)


def group_taken(chosen: Chosen, group_id: str) -> int:
    """How many modifiers of a group are picked (each instance counts)."""
    return sum([c.count for mod, c, _ in chosen.values() if mod.group == group_id])


def check_group_status(work: DraftCheck) -> None:
    """Picking more than a group's ``status_over`` modifiers needs its Status (issue 15)."""
    for group in work.index.groups.values():
        if not group.status_over:
            continue
        taken = group_taken(work.chosen, group.id)
        if taken > group.status_over:
            work.needs(
                group.status,
                "group",
                group.id,
                f"more than {group.status_over} from {group.name} ({taken} chosen) "
                f"needs {group.status.label} Status",
            )


def check_drawback_count(work: DraftCheck) -> None:
    """More than three Drawbacks is legal but warned about ("Enhancements and Drawbacks")."""
    drawbacks = sum(
        [c.count for mod, c, _ in work.chosen.values() if mod.kind is ModifierKind.DRAWBACK]
    )
    if drawbacks > RECOMMENDED_MAX_DRAWBACKS:
        work.warnings.append(
            _warn(
                "many_drawbacks",
                f"{drawbacks} Drawbacks: the rules recommend no more than "
                f"{RECOMMENDED_MAX_DRAWBACKS}, since an unusable Gift is no fun",
                "drawbacks",
                drawbacks=drawbacks,
            )
        )


GIFT_CHECKS: tuple[GiftCheck, ...] = (
    check_type,
    check_effect,
    check_style,
    check_type_fits,
    check_modifiers,
    check_modifier_rules,
    check_parameters,
    check_parameter_status,
    check_choices,
    check_groups,
    check_group_status,
    check_drawback_count,
)
"""The checks every draft goes through, in the order the rules take a Gift."""
