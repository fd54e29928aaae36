"""Helpers that walk the whole catalog, so every new Effect is tested without new tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from builder.contract.gifts.catalog import Catalog, EffectIndex, Modifier, ModifierKind, StyleView
from builder.contract.gifts.draft import GiftDraft, ModifierChoice

DETAIL = "a silver key"


def views(catalog: Catalog) -> Iterator[tuple[EffectIndex, StyleView]]:
    """Every legal Effect × Style × Gift Type of the catalog."""
    for entry in catalog.index.values():
        for view in entry.views.values():
            yield entry, view


def choice_for(mod: Modifier, count: int = 1, detail: str = DETAIL) -> ModifierChoice:
    """A choice of ``mod`` with detail text when it takes one."""
    return _choice(mod, detail, count)


def can_add(
    entry: EffectIndex, view: StyleView, chosen: dict[str, Modifier], mod: Modifier
) -> bool:
    """Whether ``mod`` may join ``chosen`` without breaking a restriction (requires aside)."""
    if mod.id in chosen or mod.id in view.static_reasons:
        return False
    for other in chosen.values():
        if other.id in mod.excludes or mod.id in other.excludes:
            return False
        if mod.is_replacement and other.is_replacement and other.slot == mod.slot:
            return False
    return True


def required_base(
    entry: EffectIndex, view: StyleView, avoid: Modifier | None = None
) -> dict[str, Modifier]:
    """The fewest modifiers that satisfy every group minimum for this Style, avoiding ``avoid``."""
    chosen: dict[str, Modifier] = {}
    style = view.style.style
    for group in entry.groups.values():
        if group.min == 0 or (group.styles and style not in group.styles):
            continue
        taken = 0
        for mod in entry.modifiers.values():
            if taken >= group.min:
                break
            if mod.group != group.id or (avoid is not None and mod.id == avoid.id):
                continue
            if avoid is not None and not can_add(entry, view, {avoid.id: avoid}, mod):
                continue
            if can_add(entry, view, chosen, mod):
                chosen[mod.id] = mod
                taken += 1
    return chosen


def draft_of(
    view: StyleView,
    chosen: dict[str, Modifier],
    counts: dict[str, int] | None = None,
    parameters: dict[str, str] | None = None,
) -> GiftDraft:
    """A draft for this view with the given modifiers (and counts) and Parameter levels."""
    counts = counts or {}
    enh = tuple(
        choice_for(m, counts.get(m.id, 1))
        for m in chosen.values()
        if m.kind is ModifierKind.ENHANCEMENT
    )
    drw = tuple(
        choice_for(m, counts.get(m.id, 1))
        for m in chosen.values()
        if m.kind is ModifierKind.DRAWBACK
    )
    return GiftDraft(
        gift_type=view.gift_type.id,
        effect=view.effect.id,
        style=view.style.style,
        enhancements=enh,
        drawbacks=drw,
        parameters=dict(parameters or {}),
    )


def _choice(mod: Modifier, detail: str, count: int) -> ModifierChoice:
    """A choice with one detail per instance when the modifier takes details."""
    if mod.detail_label and count > 1:
        return ModifierChoice(mod.id, details=(detail,) * count)
    return ModifierChoice(mod.id, detail if mod.detail_label else "", count)


def random_legal_draft(
    entry: EffectIndex, view: StyleView, rnd: random.Random, detail: str = DETAIL
) -> GiftDraft:
    """A random draft with no restriction broken: groups met, no excludes or same-slot clash,
    every requirement present, random counts and Parameter levels (Status not judged)."""
    chosen = required_base(entry, view)
    pool = list(entry.modifiers.values())
    rnd.shuffle(pool)
    for mod in pool[: rnd.randint(0, len(pool))]:
        if can_add(entry, view, chosen, mod):
            chosen[mod.id] = mod
    # drop anything whose requirement is missing, until stable
    changed = True
    while changed:
        changed = False
        for mid, mod in list(chosen.items()):
            if any(r not in chosen for r in mod.requires):
                del chosen[mid]
                changed = True
    counts = {mid: rnd.randint(1, mod.max) for mid, mod in chosen.items()}
    parameters = {
        pid: rnd.choice(p.levels).id
        for pid, p in view.effect.parameters.items()
        if p.slot in view.slot_order
    }
    enh = tuple(
        _choice(m, detail, counts[m.id])
        for m in chosen.values()
        if m.kind is ModifierKind.ENHANCEMENT
    )
    drw = tuple(
        _choice(m, detail, counts[m.id]) for m in chosen.values() if m.kind is ModifierKind.DRAWBACK
    )
    choices = {}
    for cid, choice in view.effect.choices.items():
        if rnd.random() < 0.5:
            continue
        if choice.kind == "roll":
            choices[cid] = f"{rnd.choice(choice.attributes)}+{rnd.choice(choice.abilities)}"
        else:
            choices[cid] = rnd.choice(choice.options).id
    return GiftDraft(
        view.gift_type.id,
        view.effect.id,
        view.style.style,
        enh,
        drw,
        parameters,
        choices=choices,
    )
