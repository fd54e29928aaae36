"""Parse the Gift catalog's files into raw entries (format: ``resources/gifts/FORMAT.md``).

One function per kind of file: ``core.toml`` (Gift Types and Styles),
``general.toml`` (general enhancements, drawbacks and groups), ``effects/*.toml``
(Effects with their Parameters and modifiers) and ``stock/*.toml`` (collected
for checking once the catalog is built). Problems are reported, never raised.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from builder.contract.gifts.bonus import parse_dice_bonus
from builder.contract.gifts.catalog import (
    ActivationStyle,
    Category,
    Effect,
    EffectStyle,
    GiftType,
    Modifier,
    ModifierGroup,
    Origin,
    Parameter,
    ParameterLevel,
    frozen_map,
)
from builder.contract.gifts.choices import PlayerChoice, parse_choice
from builder.contract.gifts.fields import (
    GiftText,
    RawCatalog,
    StatusName,
    check_id,
    new_id,
    validate,
    validate_parts,
)
from builder.contract.gifts.parse_modifiers import (
    parse_group,
    parse_modifier_tables,
    slot_table,
)
from builder.contract.gifts.template import SLOT_NAME
from builder.contract.status import Status
from builder.core.catalog import CatalogModel, Problems, Report, catalog_error


class _StyleShape(CatalogModel):
    """A ``[styles.<id>]`` table of core.toml: an Activation Style and its standard slots."""

    name: GiftText
    summary: GiftText
    slots: dict[str, Any] = Field(default={})  # each slot worded by slot_table


class _GiftTypeShape(CatalogModel):
    """A ``[gift_types.<id>]`` table of core.toml."""

    name: GiftText
    cost: int = 0
    summary: GiftText
    reliability: GiftText
    risk_of_loss: GiftText
    crafting: str = ""
    crafts: str = ""
    styles: list[str] = Field(default=[])
    style_slots: dict[str, Any] = Field(default={})
    note: str = ""


def _style(sid: str, table: Any, origin: Origin, report: Report) -> ActivationStyle:
    """The Style in ``table``; when its shape is refused, a stand-in with its id only, so
    the Effects that name it add no second message for the same mistake."""
    shape = validate(_StyleShape, table, report, "a Style")
    if shape is None:
        return ActivationStyle(id=sid, name=sid, summary="", slots=frozen_map({}), origin=origin)
    slots = frozen_map(slot_table(shape.slots, report, "slots"))
    return ActivationStyle(
        id=sid, name=shape.name, summary=shape.summary, slots=slots, origin=origin
    )


def _gift_type(tid: str, table: Any, origin: Origin, report: Report) -> GiftType:
    """The Gift Type in ``table`` (or, when its shape is refused, a stand-in with its id)."""
    shape = validate(
        _GiftTypeShape, table, report, "a Gift Type"
    ) or _GiftTypeShape.model_construct(name=tid, summary="", reliability="", risk_of_loss="")
    crafts = shape.crafts
    if crafts not in ("", "artifact", "consumable"):
        report(f'field \'crafts\' must be "artifact", "consumable" or absent, not {crafts!r}')
        crafts = ""
    style_slots = {
        style_id: frozen_map(slot_table(slots, report, f"style_slots.{style_id}"))
        for style_id, slots in shape.style_slots.items()
    }
    return GiftType(
        id=tid,
        name=shape.name,
        cost=shape.cost,
        summary=shape.summary,
        reliability=shape.reliability,
        risk_of_loss=shape.risk_of_loss,
        crafting=shape.crafting,
        crafts=crafts,
        styles=frozenset(shape.styles),
        style_slots=frozen_map(style_slots),
        note=shape.note,
        origin=origin,
    )


class _CoreFile(CatalogModel):
    """core.toml: the Gift Types and the Activation Styles."""

    gift_types: dict[str, Any] = Field(default={})
    styles: dict[str, Any] = Field(default={})


def parse_core(doc: dict[str, Any], origin: Origin, raw: RawCatalog, problems: Problems) -> None:
    _, top = validate_parts(_CoreFile, doc, problems.at(origin.file, ""), "file")
    for sid, table in top["styles"].items():
        report = problems.at(origin.file, f"styles.{sid}")
        if new_id(sid, raw.styles, report, "Style"):
            raw.styles[sid] = _style(sid, table, origin, report)
    for tid, table in top["gift_types"].items():
        report = problems.at(origin.file, f"gift_types.{tid}")
        if new_id(tid, raw.gift_types, report, "Gift Type"):
            raw.gift_types[tid] = _gift_type(tid, table, origin, report)


class _GeneralFile(CatalogModel):
    """general.toml: the general groups, Enhancements and Drawbacks."""

    groups: dict[str, Any] = Field(default={})
    enhancements: dict[str, Any] = Field(default={})
    drawbacks: dict[str, Any] = Field(default={})


def parse_general(doc: dict[str, Any], origin: Origin, raw: RawCatalog, problems: Problems) -> None:
    _, top = validate_parts(_GeneralFile, doc, problems.at(origin.file, ""), "file")
    for gid, table in top["groups"].items():
        report = problems.at(origin.file, f"groups.{gid}")
        if new_id(gid, raw.groups, report, "group"):
            raw.groups[gid] = parse_group(gid, table, origin, report)
    parse_modifier_tables(
        top,
        origin,
        problems,
        "",
        general=True,
        into=raw.general,
        taken=lambda mid: None,
    )


#: Who designed an Effect (``design``): "rules" for an Effect the rules text
#: itself names, "harbinger" for one Harbinger designed within the rules' framework.
DESIGNS = ("rules", "harbinger")


def _template(value: Any, report: Report, what: str) -> tuple[str, ...]:
    if value is None:
        report(f"missing required field {what}")
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        report(f"{what} must be a list of sentence strings")
        return ()
    if not value:
        report(f"{what} must have at least one sentence")
    return tuple(value)


def _under(report: Report, where: str) -> Report:
    """``report`` with ``where`` put before each message."""
    return lambda message: report(f"{where}: {message}")


class _LevelShape(CatalogModel):
    """One level of a Parameter (FORMAT.md): its id, name, the text it puts in the slot."""

    id: str
    name: GiftText
    text: str
    status: StatusName = Status.NEWBIE
    dice_bonus: Any = None  # read by parse_dice_bonus, in its own words


class _ParameterShape(CatalogModel):
    """An ``[effects.<id>.parameters.<id>]`` table: a slot filled by one of its levels."""

    name: GiftText
    summary: str = ""
    slot: str
    default: str
    levels: list[_LevelShape] = Field(default=[])


def _parameter_levels(shape: _ParameterShape, report: Report) -> list[ParameterLevel]:
    """The levels of a Parameter whose ids are sound and unique, in file order."""
    levels: list[ParameterLevel] = []
    seen: set[str] = set()
    for i, level in enumerate(shape.levels):
        lreport = _under(report, f"levels[{i}]")
        if level.id and not check_id(level.id, lreport, "level id"):
            continue
        if level.id in seen:
            lreport(f"level id {level.id!r} appears twice")
            continue
        seen.add(level.id)
        if any(c in level.text for c in "{}[]"):
            lreport("'text' is plain text; braces and brackets are not allowed")
        bonus = parse_dice_bonus(level.dice_bonus, lreport)
        levels.append(
            ParameterLevel(level.id, level.name, level.text, level.status, len(levels), bonus)
        )
    return levels


def _parse_parameter(pid: str, table: Any, report: Report) -> Parameter | None:
    shape = validate(_ParameterShape, table, report, "a Parameter")
    if shape is None:
        return None
    levels = _parameter_levels(shape, report)
    ids = [lv.id for lv in levels]
    if len(levels) < 2:
        report("a Parameter needs at least two levels")
    if shape.default and shape.default not in ids:
        report(f"default level {shape.default!r} is not one of its levels ({', '.join(ids)})")
    if shape.slot and not SLOT_NAME.match(shape.slot):
        report(f"'slot' {shape.slot!r} is not a slot name")
    if shape.default in ids and levels[ids.index(shape.default)].status is not Status.NEWBIE:
        report("the default level cannot require a Status")
    if len(levels) < 2 or shape.default not in ids:
        return None
    return Parameter(pid, shape.name, shape.summary, shape.slot, shape.default, tuple(levels))


class _EffectFile(CatalogModel):
    """``effects/<category>.toml``: one category of Effects."""

    category: str
    category_name: str = ""
    category_summary: str = ""
    effects: dict[str, Any] = Field(default={})


def _category(
    top: dict[str, Any], path: Path, origin: Origin, raw: RawCatalog, report: Report
) -> str | None:
    """The file's category id, registered the first time a file names it; None if unusable."""
    cat_id: str = top.get("category", "")
    if cat_id and not check_id(cat_id, report, "category"):
        return None
    if cat_id and cat_id != path.stem:
        report(f"category {cat_id!r} must match the file name ({path.stem}.toml)")
    cat_name: str = top["category_name"]
    if cat_id in raw.categories:
        known = raw.categories[cat_id]
        if cat_name and cat_name != known.name:
            report(f"category_name {cat_name!r} differs from {known.name!r} in {known.origin.file}")
    elif cat_id:
        if not cat_name:
            report("a new category needs 'category_name'")
        raw.categories[cat_id] = Category(
            cat_id, cat_name or cat_id, top["category_summary"], origin
        )
    return cat_id


def parse_effect_file(
    doc: dict[str, Any], path: Path, origin: Origin, raw: RawCatalog, problems: Problems
) -> None:
    top_report = problems.at(origin.file, "")
    _, top = validate_parts(_EffectFile, doc, top_report, "file")
    cat_id = _category(top, path, origin, raw, top_report)
    if cat_id is None:
        return
    for eid, table in top["effects"].items():
        report = problems.at(origin.file, f"effects.{eid}")
        if not new_id(eid, raw.effects, report, "Effect"):
            continue
        effect = _parse_effect(eid, table, cat_id, origin, problems, raw)
        if effect is not None:
            raw.effects[eid] = effect


class _EffectStyleShape(CatalogModel):
    """An ``[effects.<id>.styles.<style>]`` table: the Effect's cost in that Style."""

    cost: int
    template: Any = None  # one sentence or a list, worded by _template
    slots: dict[str, Any] = Field(default={})  # each slot worded by slot_table
    status: StatusName = Status.NEWBIE


def _effect_style(sid: str, table: Any, report: Report) -> EffectStyle:
    """The Effect Style in ``table`` (or, when its shape is refused, a stand-in)."""
    shape = validate(_EffectStyleShape, table, report, "an Effect Style")
    if shape is None:
        return EffectStyle(
            style=sid, cost=0, template=(), slots=frozen_map({}), status=Status.NEWBIE
        )
    template = () if shape.template is None else _template(shape.template, report, "'template'")
    return EffectStyle(
        style=sid,
        cost=shape.cost,
        template=template,
        slots=frozen_map(slot_table(shape.slots, report, "slots")),
        status=shape.status,
    )


def _design(value: str) -> str:
    if value not in ("", *DESIGNS):
        raise catalog_error(f'must be "rules", "harbinger" or absent, not {value!r}')
    return value


class _EffectShape(CatalogModel):
    """An ``[effects.<id>]`` table (FORMAT.md §2.1); its sub-tables are read one by one."""

    name: GiftText
    summary: GiftText
    prompt: GiftText
    status: StatusName = Status.NEWBIE
    types: list[str] = Field(default=[])
    template: Any = None  # one sentence or a list, worded by _template
    slots: dict[str, Any] = Field(default={})
    styles: dict[str, Any] = Field(default={})
    parameters: dict[str, Any] = Field(default={})
    enhancements: dict[str, Any] = Field(default={})
    drawbacks: dict[str, Any] = Field(default={})
    groups: dict[str, Any] = Field(default={})
    use_general: list[str] = Field(default=[])
    exclude_general: list[str] = Field(default=[])
    choices: dict[str, Any] = Field(default={})
    design: Annotated[str, AfterValidator(_design)] = ""
    dice_bonus: Any = None  # read by parse_dice_bonus, in its own words


def _effect_parameters(parts: dict[str, Any], at: Callable[[str], Report]) -> dict[str, Parameter]:
    parameters: dict[str, Parameter] = {}
    for pid, ptable in parts["parameters"].items():
        preport = at(f"parameters.{pid}")
        if not check_id(pid, preport, "Parameter id"):
            continue
        param = _parse_parameter(pid, ptable, preport)
        if param is not None:
            parameters[pid] = param
    return parameters


def _effect_groups(
    parts: dict[str, Any], at: Callable[[str], Report], origin: Origin, raw: RawCatalog
) -> dict[str, ModifierGroup]:
    groups: dict[str, ModifierGroup] = {}
    for gid, gtable in parts["groups"].items():
        greport = at(f"groups.{gid}")
        if not check_id(gid, greport, "group id"):
            continue
        if gid in raw.groups:
            greport(f"group {gid!r} is already a general group in {raw.groups[gid].origin.file}")
            continue
        groups[gid] = parse_group(gid, gtable, origin, greport)
    return groups


def _effect_choices(
    parts: dict[str, Any], slots: dict[str, str], at: Callable[[str], Report]
) -> dict[str, PlayerChoice]:
    choices: dict[str, PlayerChoice] = {}
    for cid, ctable in parts["choices"].items():
        creport = at(f"choices.{cid}")
        if check_id(cid, creport, "choice id"):
            choice = parse_choice(cid, ctable, slots, creport)
            if choice is not None:
                choices[cid] = choice
    return choices


def _parse_effect(
    eid: str, table: Any, category: str, origin: Origin, problems: Problems, raw: RawCatalog
) -> Effect | None:
    """The Effect in ``table``; None when its shape is refused (its sub-tables are still
    read, so their problems are reported in the same pass)."""
    entry = f"effects.{eid}"
    report = problems.at(origin.file, entry)

    def at(where: str) -> Report:
        return problems.at(origin.file, f"{entry}.{where}")

    shape, parts = validate_parts(_EffectShape, table, report, "an Effect")
    template = _template(parts["template"], report, "'template'")
    slots = slot_table(parts["slots"], report, "slots")
    styles = {
        sid: _effect_style(sid, stable, at(f"styles.{sid}"))
        for sid, stable in parts["styles"].items()
    }
    if not styles:
        report("an Effect needs at least one Style under [effects.<id>.styles.<style>]")
    parameters = _effect_parameters(parts, at)
    groups = _effect_groups(parts, at, origin, raw)
    modifiers: dict[str, Modifier] = {}
    parse_modifier_tables(
        parts,
        origin,
        problems,
        f"{entry}.",
        general=False,
        into=modifiers,
        taken=lambda mid: raw.general[mid].origin.file if mid in raw.general else None,
    )
    choices = _effect_choices(parts, slots, at)
    dice_bonus = parse_dice_bonus(parts["dice_bonus"], report)
    if shape is None:
        return None
    return Effect(
        id=eid,
        name=shape.name,
        category=category,
        summary=shape.summary,
        prompt=shape.prompt,
        status=shape.status,
        types=frozenset(shape.types),
        styles=frozen_map(styles),
        template=template,
        slots=frozen_map(slots),
        parameters=frozen_map(parameters),
        modifiers=frozen_map(modifiers),
        groups=frozen_map(groups),
        use_general=tuple(shape.use_general),
        exclude_general=tuple(shape.exclude_general),
        origin=origin,
        choices=frozen_map(choices),
        design=shape.design,
        dice_bonus=dice_bonus,
    )


class _StockFile(CatalogModel):
    """``stock/<category>.toml``: ready-made Gifts of one category."""

    category: str
    gifts: dict[str, Any] = Field(default={})


def collect_stock(
    doc: dict[str, Any], path: Path, origin: Origin, raw: RawCatalog, problems: Problems
) -> None:
    report = problems.at(origin.file, "")
    _, top = validate_parts(_StockFile, doc, report, "file")
    category: str = top.get("category", "")
    if category and category != path.stem:
        report(f"category {category!r} must match the file name ({path.stem}.toml)")
    for gid, table in top["gifts"].items():
        raw.stock_tables.append((gid, category, f"gifts.{gid}", origin, table))
