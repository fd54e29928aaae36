"""A frozen record of what ``evaluate_gift`` answers for thousands of seeded drafts (issue 29).

The evaluation was reshaped for speed (per-catalog tables the loader builds,
then a fold of the draft's choices over them); every answer must stay what it
was. This module makes a large seeded set of drafts (every Effect of the
shipped catalog and of a house-rule test Effect, every Activation Style the
catalog defines, random modifier subsets with counts and details, random
Parameter levels and picks, Status and rewards, and illegal choices of every
kind) and turns each evaluation into plain JSON.

The snapshot in ``tests/data/gift_eval/snapshot.json.gz`` was written once
by ``python -m tests.builder.contract.gifts.eval_snapshot --write`` with the
code as it was before the reshaping (main at c68fded); the drafts are stored
in it, so the comparison does not depend on this generator staying the same.
Never rewrite it to make a test pass: a difference is a changed answer.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

from builder.contract.gifts import (
    AvailableRewards,
    GiftDraft,
    ModifierChoice,
    default_catalog,
    evaluate_gift,
)
from builder.contract.gifts.catalog import Catalog, ModifierKind
from builder.contract.gifts.choices import ROLL
from builder.contract.gifts.evaluate import detail_clause
from builder.contract.status import Status

DATA = Path(__file__).resolve().parents[3] / "data" / "gift_eval"
HOUSE = DATA / "house"
SNAPSHOT = DATA / "snapshot.json.gz"
SEED = 29
DRAFTS_PER_PAIR = 12
"""Drafts per Effect × Style pair the Effect allows (93 Effects + 1 house Effect, 4 Styles)."""
ILLEGAL_PER_PAIR = 3
"""Drafts per Effect × Style pair the Effect does not allow (every check stops early)."""

DETAILS = (
    "",
    "a brass key",
    "when when the door opens!",
    "a copper rod wound with wire and",
    "{detail} [x]",
    "Fire. Cold. Lightning",
    "  the   moon  ",
    "(a silver coin",
    "the sword sword of ash",
    "a long detail " * 12,
    "...",
    "you speak",
)


@cache
def catalog() -> Catalog:
    """The shipped catalog with the house-rule test Effect (every join mode, counts, details)."""
    return default_catalog([HOUSE])


def _details(rng: random.Random, count: int) -> tuple[str, int, tuple[str, ...]]:
    """A choice's detail, count and per-instance details, sometimes odd."""
    if count > 1 and rng.random() < 0.4:
        details = tuple(rng.choice(DETAILS) for _ in range(count))
        return "", count, details
    return rng.choice(DETAILS), count, ()


def _careful(rng: random.Random, cat: Catalog, effect_id: str, view_key: tuple[str, str]) -> list:
    """Modifiers a player could really take together: allowed, not excluded, one per part."""
    entry = cat.index[effect_id]
    view = entry.views.get(view_key)
    static = view.static_reasons if view is not None else {}
    mods = [m for m in entry.modifiers.values() if m.id not in static]
    picked: dict[str, Any] = {}
    slots: set[str] = set()
    for mod in rng.sample(mods, min(len(mods), rng.choice((1, 2, 3, 4, 5, 7, 10)))):
        if any(o in picked for o in mod.excludes) or any(
            mod.id in picked[o].excludes for o in picked
        ):
            continue
        if mod.is_replacement and mod.slot in slots:
            continue
        if any(r not in picked for r in mod.requires) and rng.random() < 0.8:
            continue
        picked[mod.id] = mod
        if mod.is_replacement:
            slots.add(mod.slot)
    return list(picked.values())


def _choices(
    rng: random.Random, cat: Catalog, effect_id: str, view_key: tuple[str, str]
) -> list[list[Any]]:
    """Modifier choices as [list key, id, detail, count, details], legal and not."""
    entry = cat.index[effect_id]
    if rng.random() < 0.7:
        take = _careful(rng, cat, effect_id, view_key)
    else:
        mods = list(entry.modifiers.values())
        take = rng.sample(mods, min(len(mods), rng.choice((0, 1, 2, 3, 4, 6, 9, 14))))
    out: list[list[Any]] = []
    for mod in take:
        key = "enhancements" if mod.kind is ModifierKind.ENHANCEMENT else "drawbacks"
        if rng.random() < 0.02:
            key = "drawbacks" if key == "enhancements" else "enhancements"
        count = rng.randint(1, mod.max) if mod.max > 1 else 1
        if rng.random() < 0.02:
            count = rng.choice((0, mod.max + 1))
        detail = ""
        details: tuple[str, ...] = ()
        if mod.detail_label or rng.random() < 0.04:
            detail, count, details = _details(rng, count)
        out.append([key, mod.id, detail, count, list(details)])
    roll = rng.random()
    if roll < 0.02:
        out.append(["enhancements", "no_such_modifier", "", 1, []])
    elif roll < 0.04 and out:
        out.append(list(out[0]))
    elif roll < 0.06:
        other = rng.choice(list(cat.general))
        out.append(["drawbacks", other, "", 1, []])
    if rng.random() < 0.5:
        rng.shuffle(out)
    return out


def _parameters(rng: random.Random, cat: Catalog, effect_id: str) -> dict[str, str]:
    effect = cat.effects[effect_id]
    out: dict[str, str] = {}
    for pid, param in effect.parameters.items():
        if rng.random() < 0.7:
            out[pid] = rng.choice(param.levels).id
    if rng.random() < 0.03:
        out["no_such_parameter"] = "x"
    if effect.parameters and rng.random() < 0.03:
        out[next(iter(effect.parameters))] = "no_such_level"
    return out


def _picks(rng: random.Random, cat: Catalog, effect_id: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for cid, choice in cat.effects[effect_id].choices.items():
        if rng.random() < 0.3:
            continue
        if choice.kind == ROLL:
            value = f"{rng.choice(choice.attributes)}+{rng.choice(choice.abilities)}"
        else:
            value = rng.choice(choice.options).id
        out[cid] = "bogus" if rng.random() < 0.05 else value
    if rng.random() < 0.02:
        out["no_such_choice"] = "x"
    return out


def make_cases() -> list[dict[str, Any]]:
    """The seeded drafts with the Status, rewards and previous cost each is judged with."""
    cat = catalog()
    rng = random.Random(SEED)
    types = list(cat.gift_types)
    statuses: list[int | None] = [None, *(int(s) for s in Status)]
    cases: list[dict[str, Any]] = []
    for effect_id in cat.effects:
        entry = cat.index[effect_id]
        for style_id in cat.styles:
            fits = [t for s, t in entry.views if s == style_id]
            for _ in range(DRAFTS_PER_PAIR if fits else ILLEGAL_PER_PAIR):
                gift_type = rng.choice(fits) if fits and rng.random() < 0.9 else rng.choice(types)
                if rng.random() < 0.02:
                    gift_type = "no_such_type"
                effect = effect_id if rng.random() > 0.01 else "no_such_effect"
                style = style_id if rng.random() > 0.01 else "no_such_style"
                rewards = None
                if rng.random() < 0.6:
                    paid = rng.choice((None, 0, 1, 3))
                    rewards = [rng.randint(0, 6), rng.randint(0, 4), rng.random() < 0.6, paid]
                cases.append(
                    {
                        "draft": {
                            "type": gift_type,
                            "effect": effect,
                            "style": style,
                            "modifiers": _choices(rng, cat, effect_id, (style_id, gift_type)),
                            "parameters": _parameters(rng, cat, effect_id),
                            "choices": _picks(rng, cat, effect_id),
                        },
                        "status": rng.choice(statuses),
                        "rewards": rewards,
                        "previous_cost": rng.choice((None, None, 0, 1, 2, 4)),
                    }
                )
    return cases


def draft_of(doc: dict[str, Any]) -> GiftDraft:
    """The GiftDraft a case stores (its own plain form: illegal drafts must round-trip too)."""
    lists: dict[str, list[ModifierChoice]] = {"enhancements": [], "drawbacks": []}
    for key, mid, detail, count, details in doc["modifiers"]:
        lists[key].append(ModifierChoice(mid, detail, count, tuple(details)))
    return GiftDraft(
        doc["type"],
        doc["effect"],
        doc["style"],
        tuple(lists["enhancements"]),
        tuple(lists["drawbacks"]),
        doc["parameters"],
        choices=doc["choices"],
    )


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """Everything the evaluation of one case gives, as JSON, with each detail's clause."""
    cat = catalog()
    draft = draft_of(case["draft"])
    status = None if case["status"] is None else Status(case["status"])
    rewards = None if case["rewards"] is None else AvailableRewards(*case["rewards"])
    result = evaluate_gift(draft, cat, status, rewards, case["previous_cost"])
    clauses = []
    for choice in (*draft.enhancements, *draft.drawbacks):
        for instance in range(min(choice.count, 3)):
            clauses.append(detail_clause(draft, cat, choice.id, instance))
    return {"evaluation": result.to_json(), "clauses": clauses}


def load() -> list[dict[str, Any]]:
    """The frozen cases, each with the answer it had: [{"case": ..., "answer": ...}]."""
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as f:
        return json.load(f)


def write() -> None:
    """Write the snapshot from the code as it is now (done once, before the reshaping)."""
    rows = [{"case": case, "answer": answer(case)} for case in make_cases()]
    text = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    with gzip.GzipFile(SNAPSHOT, "wb", mtime=0) as f:
        f.write(text.encode("utf-8"))
    print(f"{len(rows)} cases written to {SNAPSHOT}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.builder.contract.gifts.eval_snapshot --write")
    write()
