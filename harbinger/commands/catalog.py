"""``harbinger catalog``: list the Gift catalog, or check a (house-rule) catalog folder (SPEC §7).

``catalog list`` prints every Gift Type, Activation Style and Effect with its
allowed Styles, Parameters and levels, Enhancements, Drawbacks and the Status
each needs. ``catalog check [DIR]`` validates the shipped catalog, or a
house-rule folder loaded on top of it, and prints every problem with its
file and entry (exit 2 when invalid).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import Any

from builder.contract.gifts.catalog import Catalog, CatalogError, Effect, Modifier, ModifierKind
from builder.contract.gifts.detail import DETAIL_MAX_CHARS
from builder.contract.gifts.loader import default_catalog, house_catalog_name, load_catalog
from harbinger.commands.base import EXIT_BAD_INPUT, CliError, add_json_flag, emit, wanted


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``catalog list`` and ``catalog check`` (only the one ``action`` names when it is
    not None, see :func:`harbinger.commands.base.wanted`); returns the actions."""
    parser = subparsers.add_parser(
        "catalog", help="list the Gift catalog or check a house-rule catalog folder"
    )
    sub = parser.add_subparsers(dest="catalog_command", metavar="ACTION", required=True)
    if wanted(action, "list"):
        _add_list(sub)
    if wanted(action, "check"):
        _add_check(sub)
    return sub


def _add_list(sub: argparse._SubParsersAction) -> None:
    """``catalog list``: the whole catalog."""
    listing = sub.add_parser(
        "list", help="every Gift Type, Activation Style and Effect with its options"
    )
    add_json_flag(listing)
    add_house_flag(listing)
    listing.set_defaults(func=run_list)


def _add_check(sub: argparse._SubParsersAction) -> None:
    """``catalog check [DIR]``: validate a catalog."""
    check = sub.add_parser(
        "check", help="validate the catalog, or a house-rule folder on top of it (exit 2: invalid)"
    )
    check.add_argument(
        "dir",
        nargs="?",
        metavar="DIR",
        help="house-rule catalog folder (with catalog.toml); default: the shipped catalog",
    )
    add_json_flag(check)
    check.set_defaults(func=run_check)


def add_house_flag(parser: argparse.ArgumentParser) -> None:
    """``--house DIR`` (repeatable): load house-rule catalog folders on top of the shipped one."""
    parser.add_argument(
        "--house",
        action="append",
        default=[],
        metavar="DIR",
        help="also load this house-rule catalog folder (may be repeated)",
    )


def catalog_for(args: argparse.Namespace) -> Catalog:
    """The catalog a command should use, turning load problems into a CLI error."""
    try:
        return default_catalog(getattr(args, "house", []) or [])
    except CatalogError as exc:
        raise CliError(str(exc)) from None


# --------------------------------------------------------------------------- list


def _modifier_json(mod: Modifier) -> dict[str, Any]:
    return {
        "id": mod.id,
        "name": mod.name,
        "kind": mod.kind.value,
        "rules": mod.rules,
        "general": mod.general,
        "status": mod.status.label,
        "max": mod.max,
        "detail_label": mod.detail_label,
        "detail_join": mod.detail_join if mod.detail_label and mod.max > 1 else "",
        "detail_max_chars": DETAIL_MAX_CHARS if mod.detail_label else 0,
        "slot": mod.slot,
        "rewrites": mod.is_replacement,
        "requires": list(mod.requires),
        "excludes": list(mod.excludes),
        "styles": sorted(mod.styles),
        "types": sorted(mod.types),
        "group": mod.group,
        "dice_bonus": mod.dice_bonus.to_json() if mod.dice_bonus else None,
        "house_rule": mod.origin.catalog,
    }


def _effect_json(catalog: Catalog, effect: Effect) -> dict[str, Any]:
    mods = catalog.modifiers_for(effect.id).values()
    return {
        "id": effect.id,
        "name": effect.name,
        "category": effect.category,
        "summary": effect.summary,
        "prompt": effect.prompt,
        "status": effect.status.label,
        "types": sorted(effect.types) or list(catalog.gift_types),
        "styles": [
            {
                "id": s.style,
                "name": catalog.styles[s.style].name,
                "cost": s.cost,
                "status": s.status.label,
            }
            for s in effect.styles.values()
        ],
        "parameters": [
            {
                "id": p.id,
                "name": p.name,
                "default": p.default,
                "levels": [
                    {
                        "id": lv.id,
                        "name": lv.name,
                        "text": lv.text,
                        "status": lv.status.label,
                        "cost": lv.index - p.default_index,
                        "dice_bonus": lv.dice_bonus.to_json() if lv.dice_bonus else None,
                    }
                    for lv in p.levels
                ],
            }
            for p in effect.parameters.values()
        ],
        "enhancements": [_modifier_json(m) for m in mods if m.kind is ModifierKind.ENHANCEMENT],
        "drawbacks": [_modifier_json(m) for m in mods if m.kind is ModifierKind.DRAWBACK],
        "groups": [
            {
                "id": g.id,
                "name": g.name,
                "min": g.min,
                "styles": sorted(g.styles),
                "rules": g.rules,
                "status_over": g.status_over,
                "status": g.status.label,
            }
            for g in catalog.index[effect.id].groups.values()
        ],
        "choices": [
            {
                "id": c.id,
                "name": c.name,
                "kind": c.kind,
                "slot": c.slot,
                "prompt": c.prompt,
                "default": effect.slots.get(c.slot, ""),
                "attributes": list(c.attributes),
                "abilities": list(c.abilities),
                "options": [{"id": o.id, "name": o.name, "text": o.text} for o in c.options],
            }
            for c in effect.choices.values()
        ],
        "design": effect.design,
        "dice_bonus": effect.dice_bonus.to_json() if effect.dice_bonus else None,
        "house_rule": effect.origin.catalog,
    }


def catalog_json(catalog: Catalog) -> dict[str, Any]:
    """The whole catalog as one JSON document (``harbinger catalog list --json``)."""
    return {
        "gift_types": [
            {
                "id": t.id,
                "name": t.name,
                "cost": t.cost,
                "summary": t.summary,
                "reliability": t.reliability,
                "risk_of_loss": t.risk_of_loss,
                "crafting": t.crafting,
                "crafts": t.crafts,
                "styles": sorted(t.styles) or list(catalog.styles),
                "house_rule": t.origin.catalog,
            }
            for t in catalog.gift_types.values()
        ],
        "styles": [
            {"id": s.id, "name": s.name, "summary": s.summary, "house_rule": s.origin.catalog}
            for s in catalog.styles.values()
        ],
        "categories": [
            {"id": c.id, "name": c.name, "summary": c.summary} for c in catalog.categories.values()
        ],
        "effects": [_effect_json(catalog, e) for e in catalog.effects.values()],
        "stock": [
            {
                "id": g.id,
                "name": g.draft.name,
                "tagline": g.draft.tagline,
                "category": g.category,
                "type": g.draft.gift_type,
                "effect": g.draft.effect,
                "style": g.draft.style,
                "cost": g.cost,
                "status": g.status.label,
                "house_rule": g.origin.catalog,
            }
            for g in catalog.stock.values()
        ],
        "house_catalogs": list(catalog.house_catalogs),
    }


def _status_note(label: str) -> str:
    return "" if label == "Newbie" else f" [{label}]"


def catalog_text(catalog: Catalog) -> str:  # noqa: C901  (complexity 13 when the limits came in)
    """Human-readable listing of the catalog."""
    doc = catalog_json(catalog)
    out: list[str] = ["GIFT TYPES"]
    for t in doc["gift_types"]:
        out.append(f"  {t['name']} ({t['id']}), cost {t['cost']:+d}: {t['summary']}")
    out.append("")
    out.append("ACTIVATION STYLES")
    for s in doc["styles"]:
        out.append(f"  {s['name']} ({s['id']}): {s['summary']}")
    by_category: dict[str, list[dict[str, Any]]] = {}
    for e in doc["effects"]:
        by_category.setdefault(e["category"], []).append(e)
    for cat in doc["categories"]:
        effects = by_category.get(cat["id"], [])
        if not effects:
            continue
        out.append("")
        out.append(f"{cat['name'].upper()} EFFECTS")
        for e in effects:
            out.append("")
            out.append(f"  {e['name']} ({e['id']}){_status_note(e['status'])}: {e['summary']}")
            styles = ", ".join(
                f"{s['name']} {s['cost']:+d}{_status_note(s['status'])}" for s in e["styles"]
            )
            out.append(f"    Styles: {styles}")
            for p in e["parameters"]:
                levels = ", ".join(
                    f"{lv['name']}{'*' if lv['id'] == p['default'] else ''} "
                    f"({lv['cost']:+d}){_status_note(lv['status'])}"
                    for lv in p["levels"]
                )
                out.append(f"    Parameter {p['name']}: {levels}")
            for key, sign in (("enhancements", "+1"), ("drawbacks", "-1")):
                own = [m for m in e[key] if not m["general"]]
                general = [m for m in e[key] if m["general"]]
                for m in own:
                    extra = _status_note(m["status"])
                    many = f" (up to {m['max']}x)" if m["max"] > 1 else ""
                    out.append(f"    {sign} {m['name']}{many}{extra}: {m['rules']}")
                if general:
                    names = ", ".join(m["name"] + _status_note(m["status"]) for m in general)
                    out.extend(
                        textwrap.wrap(
                            f"general {key}: {names}",
                            width=96,
                            initial_indent=f"    {sign} ",
                            subsequent_indent="         ",
                        )
                    )
    if doc["stock"]:
        out.append("")
        out.append("STOCK GIFTS")
        for g in doc["stock"]:
            out.append(
                f"  {g['name']} ({g['id']}): {g['effect']}, {g['style']}, {g['type']}; "
                f"cost {g['cost']}{_status_note(g['status'])}"
            )
    return "\n".join(out)


def run_list(args: argparse.Namespace) -> int:
    catalog = catalog_for(args)
    emit(args, catalog_json(catalog), lambda: catalog_text(catalog))
    return 0


# --------------------------------------------------------------------------- check


def run_check(args: argparse.Namespace) -> int:
    folder = Path(args.dir) if args.dir else None
    if folder is not None and not folder.is_dir():
        raise CliError(f"catalog folder {folder} does not exist or is not a folder")
    name = ""
    try:
        if folder is None:
            catalog = load_catalog()
        else:
            name, _ = house_catalog_name(folder)
            catalog = load_catalog([folder])
        problems = []
    except CatalogError as exc:
        catalog = None
        problems = list(exc.problems)
    doc: dict[str, Any] = {
        "catalog": name or "standard",
        "folder": str(folder) if folder else None,
        "valid": not problems,
        "problems": [p.to_json() for p in problems],
    }
    if catalog is not None:
        doc["counts"] = {
            "gift_types": len(catalog.gift_types),
            "styles": len(catalog.styles),
            "categories": len(catalog.categories),
            "effects": len(catalog.effects),
            "general_modifiers": len(catalog.general),
            "effect_modifiers": sum(len(e.modifiers) for e in catalog.effects.values()),
            "stock_gifts": len(catalog.stock),
        }

    def text() -> str:
        if problems:
            lines = [f"{len(problems)} problem(s) in the {doc['catalog']} catalog:"]
            lines += [f"  {p}" for p in problems]
            return "\n".join(lines)
        counts = doc["counts"]
        return (
            f"The {doc['catalog']} catalog is valid: {counts['effects']} Effects in "
            f"{counts['categories']} categories, {counts['general_modifiers']} general and "
            f"{counts['effect_modifiers']} Effect-specific modifiers, "
            f"{counts['stock_gifts']} stock Gifts."
        )

    emit(args, doc, text)
    if problems:
        print(f"harbinger catalog check: {len(problems)} problem(s) found", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0
