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

Three stages, resolve → price → check: each rule is one small check in
:mod:`builder.contract.gifts.checks` (``GIFT_CHECKS``), folded here in order,
which resolves the draft and reports findings; the cost is
:func:`builder.contract.gifts.pricing.price`, one pure function of what was
resolved. The result values live in :mod:`builder.contract.gifts.evaluation`
and are re-exported from this module.

Everything that does not depend on the player's choices was precomputed by
the loader: per Effect × Style × Type (:class:`builder.contract.gifts.catalog.StyleView`)
and per modifier (:mod:`builder.contract.gifts.tables`: cost lines, Status
reasons, clauses per count). An evaluation folds the draft's choices over
those tables (issue 29: a Gift with twenty modifiers in well under 0.2 ms);
it keeps nothing from one evaluation to the next.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from builder.contract.gifts.catalog import (
    ANY_STYLE,
    Catalog,
    EffectIndex,
    Modifier,
    Parameter,
    ParameterLevel,
    StyleView,
)
from builder.contract.gifts.checks import (
    GIFT_CHECKS,
    Chosen,
    DraftCheck,
    detail_where,
    group_taken,
)
from builder.contract.gifts.detail import (
    PlacedDetail,
    clause_around,
    marker,
    place_details,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.gifts.evaluation import (
    RECOMMENDED_MAX_DRAWBACKS,
    AvailableRewards,
    CostLine,
    GiftEvaluation,
    RewardUse,
    StatusReason,
    Unavailable,
    reward_use,
)
from builder.contract.gifts.pricing import price
from builder.contract.gifts.tables import ModifierFacts, Place
from builder.contract.gifts.template import join_list, join_slot, render
from builder.contract.status import Status
from builder.core.findings import Finding, Severity

__all__ = [
    "RECOMMENDED_MAX_DRAWBACKS",
    "AvailableRewards",
    "CostLine",
    "GiftEvaluation",
    "RewardUse",
    "StatusReason",
    "Unavailable",
    "detail_clause",
    "evaluate_gift",
    "reward_use",
    "unavailable_effects",
    "unavailable_styles",
]


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
    for a new Gift). Folds :data:`~builder.contract.gifts.checks.GIFT_CHECKS`
    over the draft, then writes the System Text and what cannot be chosen.
    """
    work = DraftCheck(draft, catalog, status)
    for check in GIFT_CHECKS:
        check(work)
        if work.stopped:
            break
    text = ""
    unavailable: list[Unavailable] = []
    if not work.stopped and work.view is not None:
        entry, view = work.index, work.view
        text, details = _system_text(
            view, work.chosen, work.levels, entry, draft.style, work.choice_values
        )
        text, cleaned = place_details(text, details)
        for detail, cleaning in cleaned:
            work.warnings.append(
                Finding(
                    "gift.detail_cleaned",
                    f"the detail text was changed to fit its sentence: "
                    f"{'; '.join(cleaning.problems)}",
                    detail.where,
                    Severity.WARNING,
                )
            )
        unavailable = _unavailable(
            entry,
            view,
            work.chosen,
            work.replaced_by,
            status,
            work.style.name if work.style else "",
        )
    return _finish(
        draft,
        price(work),
        text,
        work.reasons,
        status,
        work.warnings,
        work.errors,
        tuple(unavailable),
        rewards,
        previous_cost,
        work.house,
    )


def _system_text(
    view: StyleView,
    chosen: Chosen,
    levels: dict[str, tuple[Parameter, ParameterLevel]],
    entry: EffectIndex,
    style_id: str,
    picked: Mapping[str, str],
) -> tuple[str, list[PlacedDetail]]:
    """Fill the precomputed templates with this draft's levels and modifier clauses.

    Player details stand as markers in the returned text, one per entry of
    the returned list (see :func:`builder.contract.gifts.detail.place_details`).
    """
    values = _slot_values(view, levels, picked)
    appended: dict[str, tuple[list[str], list[str]]] = {}  # slot: its "and", its "or" clauses
    after: dict[str, list[str]] = {}
    details: list[PlacedDetail] = []
    static, facts = view.static_reasons, entry.facts
    for mid in sorted(chosen, key=entry.order.__getitem__):
        if mid in static:
            continue
        words = facts[mid].wording  # its Style's own wording, else the one for every Style
        wording = words.get(style_id) or words[ANY_STYLE]
        mod, choice, where = chosen[mid]
        text = wording.texts[choice.count - 1]
        if text is None:
            continue
        clause = text if isinstance(text, str) else _detailed(text, mod, choice, where, details)
        place = wording.place
        if place is Place.REPLACE:
            values[wording.slot] = clause
        elif place is Place.AFTER:  # whole sentences; slot "" closes the text
            after.setdefault(wording.slot, []).append(clause)
        else:
            lists = appended.get(wording.slot)
            if lists is None:
                lists = appended[wording.slot] = ([], [])
            lists[place is Place.OR].append(clause)
    for slot, (and_items, or_items) in appended.items():
        values[slot] = join_slot(values.get(slot, ""), and_items, or_items)
    closing = after.pop("", [])
    if view.gift_type.note:
        closing.append(view.gift_type.note)
    return render(view.sentences, values, after, closing), details


def _slot_values(
    view: StyleView,
    levels: dict[str, tuple[Parameter, ParameterLevel]],
    picked: Mapping[str, str],
) -> dict[str, str]:
    """Each slot's text before modifiers: the view's defaults, chosen levels, picked rolls."""
    values = dict(view.base_slots)
    for param, level in levels.values():
        values[param.slot] = level.text
    values.update(picked)
    return values


def _detailed(
    pieces: tuple[str, ...],
    mod: Modifier,
    choice: ModifierChoice,
    where: str,
    details: list[PlacedDetail],
) -> str:
    """A clause holding the player's details: one marker per instance, placed after rendering."""
    marks = []
    for i, raw in enumerate(choice.instance_details):
        marks.append(marker(len(details)))
        details.append(PlacedDetail(raw, mod.detail_blank, detail_where(where, choice, i)))
    return join_list(marks, mod.detail_join).join(pieces)


def detail_clause(draft: GiftDraft, catalog: Catalog, modifier_id: str, instance: int = 0) -> str:
    """The System Text sentence a modifier's detail sits in, the detail as ``___``.

    Shown next to the detail field ("The trap ... springs when ___."), so the
    player writes words that fit; ``instance`` picks one detail of a modifier
    taken several times. "" when the modifier is not validly chosen
    or its wording has no detail in this Style.
    """
    work = DraftCheck(draft, catalog, None)
    for check in GIFT_CHECKS:
        check(work)
        if work.stopped:
            break
    if work.stopped or work.view is None or modifier_id not in work.chosen:
        return ""
    text, details = _system_text(
        work.view, work.chosen, work.levels, work.index, draft.style, work.choice_values
    )
    _mod, choice, listed = work.chosen[modifier_id]
    where = detail_where(listed, choice, instance)
    keep = next((i for i, d in enumerate(details) if d.where == where), None)
    if keep is None:
        return ""
    text, _cleaned = place_details(text, details, keep)
    return clause_around(text, marker(keep))


def _unavailable(
    entry: EffectIndex,
    view: StyleView,
    chosen: Chosen,
    replaced_by: dict[str, str],
    status: Status | None,
    style_name: str,
) -> list[Unavailable]:
    """Every modifier and Parameter level of the Effect that cannot be chosen now, with why.

    The words were made by the loader (:mod:`builder.contract.gifts.tables`);
    this only decides which apply to the draft. A modifier with no rule of its
    own (``quiet``) that the draft does not stir keeps just its Style's reasons.
    """
    facts = entry.facts
    excluded_by: dict[str, list[ModifierFacts]] = {}
    for mid, (mod, _choice, _) in chosen.items():
        for other in mod.excludes:
            excluded_by.setdefault(other, []).append(facts[mid])
    over = _groups_over(entry, chosen, status)
    stirred = _stirred(entry, view, excluded_by, replaced_by, over)
    out: list[Unavailable] = []
    static = view.static_reasons
    for mid, fact in facts.items():
        if mid in chosen:
            continue
        why = static.get(mid, ())
        if not fact.quiet or mid in stirred:
            excluders = excluded_by.get(mid, ())
            why = _reasons(facts, fact, why, chosen, excluders, replaced_by, status, over)
        if why:
            out.append(Unavailable(fact.kind, mid, fact.mod.name, why))
    out.extend(_unavailable_levels(entry, view, status, style_name))
    return out


def _unavailable_levels(
    entry: EffectIndex, view: StyleView, status: Status | None, style_name: str
) -> Iterator[Unavailable]:
    """The Parameter levels that do not apply with this Style or need a higher Status."""
    used = view.slot_order
    for pid, param in entry.effect.parameters.items():
        applies = param.slot in used
        for level in param.levels:
            off = not applies and level.id != param.default
            short = status is not None and level.status > status
            if not (off or short):
                continue
            why = [f"{param.name} does not apply with the {style_name} Style"] if off else []
            if short:
                why.append(f"needs {level.status.label} Status")
            yield Unavailable("parameter_level", level.id, level.name, tuple(why), pid)


def _reasons(
    facts: Mapping[str, ModifierFacts],
    fact: ModifierFacts,
    static: tuple[str, ...],
    chosen: Chosen,
    excluders: Sequence[ModifierFacts],
    replaced_by: dict[str, str],
    status: Status | None,
    over: dict[str, str],
) -> tuple[str, ...]:
    """Why ``fact``'s modifier cannot be chosen now: its Style's reasons, then the draft's."""
    mod, why = fact.mod, list(static)
    _ties(facts, mod, chosen, excluders, why)
    if mod.slot in replaced_by and mod.is_replacement and not static:
        other = facts[replaced_by[mod.slot]].mod.name
        why.append(f"replaces the same part of the System Text as {other}")
    if status is not None:
        if mod.status > status:
            why.append(f"needs {mod.status.label} Status")
        if mod.group in over:
            why.append(over[mod.group])
    return tuple(why)


def _ties(
    facts: Mapping[str, ModifierFacts],
    mod: Modifier,
    chosen: Chosen,
    excluders: Sequence[ModifierFacts],
    why: list[str],
) -> None:
    """Why the chosen modifiers keep ``mod`` out: a missing requirement, an exclusion."""
    for other in mod.requires:
        if other not in chosen and other in facts:
            why.append(f"requires {facts[other].mod.name}")
    for other in mod.excludes:
        if other in chosen:
            why.append(f"excludes {facts[other].mod.name}")
    for excluder in excluders:
        if f"excludes {excluder.mod.name}" not in why:
            why.append(f"excluded by {excluder.mod.name}")


def _stirred(
    entry: EffectIndex,
    view: StyleView,
    excluded_by: Mapping[str, object],
    replaced_by: Mapping[str, str],
    over: Mapping[str, str],
) -> set[str]:
    """Modifiers the draft gives a reason of its own: excluded by a choice, a second
    rewrite of a part already rewritten, in a group past its Status threshold."""
    stirred = set(excluded_by)
    for slot in replaced_by:
        stirred.update(view.replacers.get(slot, ()))
    if over:
        stirred.update(mid for mid, fact in entry.facts.items() if fact.mod.group in over)
    return stirred


def _groups_over(entry: EffectIndex, chosen: Chosen, status: Status | None) -> dict[str, str]:
    """Groups past their Status threshold, each with why its other modifiers are out (issue 15)."""
    over: dict[str, str] = {}
    if status is None:
        return over
    for group in entry.groups.values():
        if (
            group.status_over
            and group.status > status
            and group_taken(chosen, group.id) >= group.status_over
        ):
            over[group.id] = (
                f"needs {group.status.label} Status: more than {group.status_over} "
                f"from {group.name}"
            )
    return over


def _finish(
    draft: GiftDraft,
    breakdown: tuple[CostLine, ...],
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
    cost = sum([line.amount for line in breakdown])
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
        breakdown=breakdown,
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
