"""Surprise me: a random legal Gift within a contractor's Gift Credits and Status (issue 31.8).

The player asks for a random Gift and then edits it, so what comes back must be
a draft the builder would let them save as it stands:

- "A Gift may only be given to a Contractor who has enough available Gift
  Credits and Improvements to match the Gift's Cost" and a new Gift is paid
  with Gift Credits ("Gift Credits and Improvements": Improvements only raise
  existing Gifts) — so the cost is between 1 and the unspent Gift Credits;
- "Some Effects, as well as some Enhancements and Parameter levels, are
  restricted to only Contractors who have achieved a certain Status"
  ("Restrictions on Gifts") — nothing above the contractor's Status is drawn;
- "We recommend taking no more than three [Drawbacks] on any given Gift"
  ("Enhancements and Drawbacks") — a surprise never takes more than three;
- every other rule the builder checks (a Style the Effect allows, a Type that
  can take it, a Trap's Trigger, modifiers that exclude each other...).

Legality is never re-implemented here: every candidate is judged by
:func:`builder.contract.gifts.evaluate.evaluate_gift`, and only a draft it
calls saveable is returned. The draws come from the ``random.Random`` given,
so a seed gives the same Gift on every machine for the same catalog; every
choice is drawn from a list in id order (Effects, Style × Type views, modifiers,
groups, Parameters, player picks), never in the order of the catalog's files
and entries, so moving an entry in a catalog file changes no seed's Gift.

Readings where the rules are silent, taken for a player's sake:

- the aimed-at Gift Cost is drawn from 1 to ``MAX_SURPRISE_COST`` (never more
  than the unspent Gift Credits): the rules' usual new Gift costs 1 ("it must
  have a Gift Cost of 1, since Contractors only receive a single Gift Credit
  per Contract"), and a player with many credits is better served choosing
  how to spend them than by a dozen random Enhancements;
- house-rule content is never drawn (it would lock the contractor to one
  Playgroup, "Restrictions on Gifts" 1);
- a modifier that needs the player's words (a Trap's Trigger, a named Ability)
  is taken only when a group requires one; its detail is left blank for the
  player to write, which the builder asks for.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from builder.contract.gifts.catalog import Catalog, EffectIndex, Modifier, ModifierKind, StyleView
from builder.contract.gifts.choices import ROLL
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.gifts.evaluate import evaluate_gift
from builder.contract.gifts.evaluation import (
    RECOMMENDED_MAX_DRAWBACKS,
    AvailableRewards,
    GiftEvaluation,
)
from builder.contract.status import Status

__all__ = ["MAX_SURPRISE_COST", "Surprise", "SurpriseError", "surprise_gift"]

MAX_SURPRISE_COST = 3
"""The highest Gift Cost a surprise aims at (see the module's readings)."""

ATTEMPTS = 60
"""Random starts tried before the plain fallback scan."""

STEER_STEPS = 10
"""Most one-step changes made to bring a start to its aimed-at cost."""


class SurpriseError(ValueError):
    """No random Gift can be made: the message says why (no Gift Credit, nothing open)."""


@dataclass(frozen=True, slots=True)
class Surprise:
    """A random legal draft and the builder's evaluation of it for the contractor."""

    draft: GiftDraft
    evaluation: GiftEvaluation
    target_cost: int


@dataclass(frozen=True, slots=True)
class _Judge:
    """Evaluates drafts for one contractor and says which are legal surprises."""

    catalog: Catalog
    status: Status
    credits: int

    def evaluate(self, draft: GiftDraft) -> GiftEvaluation:
        return evaluate_gift(
            draft,
            self.catalog,
            status=self.status,
            rewards=AvailableRewards(self.credits, 0, is_new_gift=True),
        )

    def legal(self, evaluation: GiftEvaluation) -> bool:
        """Saveable, paid by the unspent Gift Credits, at most three Drawbacks, no house rule."""
        return (
            evaluation.saveable
            and 1 <= evaluation.cost <= self.credits
            and not evaluation.house_rules
            and not any(w.rule == "gift.many_drawbacks" for w in evaluation.warnings)
        )


def surprise_gift(catalog: Catalog, rng: random.Random, status: Status, credits: int) -> Surprise:
    """A random Gift draft a contractor of ``status`` with ``credits`` unspent Gift Credits
    may take as a new Gift.

    Raises :class:`SurpriseError` when ``credits`` is below 1 ("a new Gift needs
    a Gift Credit") or when no Effect of the catalog is open at ``status``.
    """
    if credits < 1:
        raise SurpriseError(
            f"no unspent Gift Credit ({credits}): a new Gift is paid with Gift Credits, "
            "and a contractor earns one with each victory"
        )
    judge = _Judge(catalog, status, credits)
    open_views = _open_views(catalog, status)
    if not open_views:
        raise SurpriseError(f"no Effect of the Gift catalog is open to a {status.label}")
    target = rng.randint(1, min(credits, MAX_SURPRISE_COST))
    effect_ids = sorted(open_views)
    for _ in range(ATTEMPTS):
        effect_id = rng.choice(effect_ids)
        view = rng.choice(open_views[effect_id])
        found = _attempt(judge, catalog.index[effect_id], view, rng, target)
        if found is not None:
            return Surprise(found[0], found[1], target)
    for effect_id in rng.sample(effect_ids, len(effect_ids)):
        for view in open_views[effect_id]:
            found = _attempt(judge, catalog.index[effect_id], view, rng, 1, plain=True)
            if found is not None:
                return Surprise(found[0], found[1], 1)
    raise SurpriseError(f"no legal Gift of cost 1 to {credits} found for a {status.label}")


def _open_views(catalog: Catalog, status: Status) -> dict[str, list[StyleView]]:
    """Per Effect open at ``status``, its Style × Type combinations open at ``status``."""
    out: dict[str, list[StyleView]] = {}
    for effect in catalog.effects.values():
        if effect.status > status or effect.origin.house_rule:
            continue
        views = [
            view
            for (_sid, _tid), view in sorted(catalog.index[effect.id].views.items())
            if view.style.status <= status and not view.gift_type.origin.house_rule
        ]
        if views:
            out[effect.id] = views
    return out


def _usable(entry: EffectIndex, view: StyleView, status: Status) -> list[Modifier]:
    """The Effect's modifiers this Style and Type can take at ``status``, in id order."""
    return sorted(
        (
            mod
            for mod in entry.modifiers.values()
            if mod.id not in view.static_reasons
            and mod.status <= status
            and not mod.origin.house_rule
        ),
        key=lambda mod: mod.id,
    )


def _attempt(
    judge: _Judge,
    entry: EffectIndex,
    view: StyleView,
    rng: random.Random,
    target: int,
    *,
    plain: bool = False,
) -> tuple[GiftDraft, GiftEvaluation] | None:
    """One random start on this Effect × Style × Type, steered to ``target``; None if illegal."""
    usable = _usable(entry, view, judge.status)
    draft = _start(entry, view, usable, rng, judge.status, plain)
    if draft is None:
        return None
    draft = _steer(judge, entry, view, usable, draft, rng, target)
    evaluation = judge.evaluate(draft)
    return (draft, evaluation) if judge.legal(evaluation) else None


def _start(
    entry: EffectIndex,
    view: StyleView,
    usable: list[Modifier],
    rng: random.Random,
    status: Status,
    plain: bool,
) -> GiftDraft | None:
    """A random first draft: Parameters and picks, each required group filled, a few extras.

    ``plain`` keeps every Parameter at its default and takes only what a group requires.
    """
    taken = _required(entry, view, usable, rng)
    if taken is None:
        return None
    draft = GiftDraft(view.gift_type.id, entry.effect.id, view.style.style)
    if plain:
        return _with(draft, taken)
    extras = [m for m in usable if not m.detail_label and m not in taken]
    for kind, counts in (
        (ModifierKind.ENHANCEMENT, (0, 0, 1, 1, 2)),
        (ModifierKind.DRAWBACK, (0, 1, 1, 2)),
    ):
        pool = [m for m in extras if m.kind is kind]
        taken.extend(rng.sample(pool, min(len(pool), rng.choice(counts))))
    parameters, choices = _picks(entry, view, rng, status)
    return _with(replace(draft, parameters=parameters, choices=choices), taken)


def _required(
    entry: EffectIndex, view: StyleView, usable: list[Modifier], rng: random.Random
) -> list[Modifier] | None:
    """Random members of every group whose minimum applies to this Style (a Trap's Trigger)."""
    taken: list[Modifier] = []
    for group in sorted(entry.groups.values(), key=lambda group: group.id):
        if group.min == 0 or (group.styles and view.style.style not in group.styles):
            continue
        members = [m for m in usable if m.group == group.id and m not in taken]
        if len(members) < group.min:
            return None
        taken.extend(rng.sample(members, group.min))
    return taken


def _picks(
    entry: EffectIndex, view: StyleView, rng: random.Random, status: Status
) -> tuple[dict[str, str], dict[str, str]]:
    """Random Parameter levels open at ``status`` and random player picks (roll, weapon)."""
    effect = entry.effect
    parameters: dict[str, str] = {}
    for pid, param in sorted(effect.parameters.items()):
        levels = [lv.id for lv in param.levels if lv.status <= status]
        if param.slot in view.slot_order and levels and rng.random() < 0.4:
            parameters[pid] = rng.choice(levels)
    choices: dict[str, str] = {}
    for cid, choice in sorted(effect.choices.items()):
        if rng.random() < 0.5:
            if choice.kind == ROLL:
                attribute = rng.choice(sorted(choice.attributes))
                choices[cid] = f"{attribute}+{rng.choice(sorted(choice.abilities))}"
            else:
                choices[cid] = rng.choice(sorted(o.id for o in choice.options))
    return parameters, choices


def _with(draft: GiftDraft, mods: list[Modifier]) -> GiftDraft:
    """The draft taking exactly ``mods`` (each once), Enhancements and Drawbacks in their lists."""
    return replace(
        draft,
        enhancements=tuple(
            ModifierChoice(m.id) for m in mods if m.kind is ModifierKind.ENHANCEMENT
        ),
        drawbacks=tuple(ModifierChoice(m.id) for m in mods if m.kind is ModifierKind.DRAWBACK),
    )


def _taken(draft: GiftDraft, entry: EffectIndex) -> list[Modifier]:
    return [entry.modifiers[c.id] for c in (*draft.enhancements, *draft.drawbacks)]


def _moves(
    draft: GiftDraft,
    entry: EffectIndex,
    view: StyleView,
    usable: list[Modifier],
    status: Status,
    up: bool,
) -> list[GiftDraft]:
    """Every one-step change raising (``up``) or lowering the Gift Cost by 1.

    Up: take an Enhancement, drop a Drawback, raise a Parameter a level.
    Down: take a Drawback (while fewer than three), drop an Enhancement, lower a
    Parameter a level. Members of required groups are never dropped, and a
    modifier that needs the player's words is never added.
    """
    taken = _taken(draft, entry)
    add_kind, drop_kind = (
        (ModifierKind.ENHANCEMENT, ModifierKind.DRAWBACK)
        if up
        else (ModifierKind.DRAWBACK, ModifierKind.ENHANCEMENT)
    )
    drawbacks = sum(1 for m in taken if m.kind is ModifierKind.DRAWBACK)
    out: list[GiftDraft] = []
    if up or drawbacks < RECOMMENDED_MAX_DRAWBACKS:
        for mod in usable:
            if mod.kind is add_kind and mod not in taken and not mod.detail_label:
                out.append(_with(draft, [*taken, mod]))
    for mod in taken:
        if mod.kind is drop_kind and not mod.group:
            out.append(_with(draft, [m for m in taken if m is not mod]))
    step = 1 if up else -1
    for pid, param in sorted(entry.effect.parameters.items()):
        if param.slot not in view.slot_order:
            continue
        current = param.level(draft.parameters.get(pid, param.default))
        if current is None:
            continue
        index = current.index + step
        if 0 <= index < len(param.levels) and param.levels[index].status <= status:
            out.append(replace(draft, parameters={**draft.parameters, pid: param.levels[index].id}))
    return out


def _steer(
    judge: _Judge,
    entry: EffectIndex,
    view: StyleView,
    usable: list[Modifier],
    draft: GiftDraft,
    rng: random.Random,
    target: int,
) -> GiftDraft:
    """Change the draft one step at a time toward ``target`` Gift Cost, keeping it well-formed."""
    evaluation = judge.evaluate(draft)
    for _ in range(STEER_STEPS):
        if evaluation.cost == target or evaluation.errors:
            break
        up = evaluation.cost < target
        moves = _moves(draft, entry, view, usable, judge.status, up)
        rng.shuffle(moves)
        for candidate in moves:
            tried = judge.evaluate(candidate)
            if not tried.errors and (tried.cost > evaluation.cost) == up:
                draft, evaluation = candidate, tried
                break
        else:
            break
    return draft
