"""Parse the Gift catalog's files into raw entries (format: ``resources/gifts/FORMAT.md``).

One function per kind of file: ``core.toml`` (Gift Types and Styles),
``general.toml`` (general enhancements, drawbacks and groups), ``effects/*.toml``
(Effects with their Parameters and modifiers) and ``stock/*.toml`` (collected
for checking once the catalog is built). Problems are reported, never raised.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from builder.contract.gifts.bonus import parse_dice_bonus
from builder.contract.gifts.catalog import (
    ANY_STYLE,
    ActivationStyle,
    Category,
    Effect,
    EffectStyle,
    GiftType,
    Join,
    Modifier,
    ModifierGroup,
    ModifierKind,
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
    validate,
    validate_parts,
)
from builder.contract.gifts.template import SLOT_NAME, TemplateSyntaxError, parse_sentence
from builder.contract.status import Status
from builder.core.catalog import CatalogModel, Problems, Report, catalog_error, type_name


class _StyleShape(CatalogModel):
    """A ``[styles.<id>]`` table of core.toml: an Activation Style and its standard slots."""

    name: GiftText
    summary: GiftText
    slots: dict[str, Any] = Field(default_factory=dict)  # each slot worded by _slot_table


class _GiftTypeShape(CatalogModel):
    """A ``[gift_types.<id>]`` table of core.toml."""

    name: GiftText
    cost: int = 0
    summary: GiftText
    reliability: GiftText
    risk_of_loss: GiftText
    crafting: str = ""
    crafts: str = ""
    styles: list[str] = Field(default_factory=list)
    style_slots: dict[str, Any] = Field(default_factory=dict)
    note: str = ""


def _style(sid: str, table: Any, origin: Origin, report: Report) -> ActivationStyle:
    """The Style in ``table``; when its shape is refused, a stand-in with its id only, so
    the Effects that name it add no second message for the same mistake."""
    shape = validate(_StyleShape, table, report, "a Style")
    if shape is None:
        return ActivationStyle(id=sid, name=sid, summary="", slots=frozen_map({}), origin=origin)
    slots = frozen_map(_slot_table(shape.slots, report, "slots"))
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
        style_id: frozen_map(_slot_table(slots, report, f"style_slots.{style_id}"))
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

    gift_types: dict[str, Any] = Field(default_factory=dict)
    styles: dict[str, Any] = Field(default_factory=dict)


def parse_core(doc: dict[str, Any], origin: Origin, raw: RawCatalog, problems: Problems) -> None:
    _, top = validate_parts(_CoreFile, doc, problems.at(origin.file, ""), "file")
    for sid, table in top["styles"].items():
        report = problems.at(origin.file, f"styles.{sid}")
        if not check_id(sid, report, "Style id"):
            continue
        if sid in raw.styles:
            report(f"Style {sid!r} is already defined in {raw.styles[sid].origin.file}")
            continue
        raw.styles[sid] = _style(sid, table, origin, report)
    for tid, table in top["gift_types"].items():
        report = problems.at(origin.file, f"gift_types.{tid}")
        if not check_id(tid, report, "Gift Type id"):
            continue
        if tid in raw.gift_types:
            report(f"Gift Type {tid!r} is already defined in {raw.gift_types[tid].origin.file}")
            continue
        raw.gift_types[tid] = _gift_type(tid, table, origin, report)


def _slot_table(table: Any, report: Report, what: str) -> dict[str, str]:
    if not isinstance(table, dict):
        report(f'{what} must be a table of slot = "text"')
        return {}
    out: dict[str, str] = {}
    for name, value in table.items():
        if not SLOT_NAME.match(name):
            report(f"{what}: {name!r} is not a slot name (lower_case letters, digits, _)")
        elif not isinstance(value, str):
            report(f"{what}.{name} must be text, not {type_name(value)}")
        elif "{" in value or "}" in value or "[" in value or "]" in value:
            report(
                f"{what}.{name}: slot values are plain text; braces and brackets are not allowed"
            )
        else:
            out[name] = value
    return out


def _join(value: str) -> str:
    if value not in {j.value for j in Join}:
        raise catalog_error(f'must be "and", "or" or "sentence", not {value!r}')
    return value


def _detail_join(value: str) -> str:
    if value not in ("and", "or"):
        raise catalog_error(f'must be "and" or "or", not {value!r}')
    return value


class _ModifierShape(CatalogModel):
    """An Enhancement or Drawback table (FORMAT.md §2.3): what it adds to the Gift's text."""

    name: GiftText
    rules: GiftText
    slot: str = ""
    join: Annotated[str, AfterValidator(_join)] | None = None
    text: Any = None  # one text or a table per Style id, worded by _style_text
    text_many: Any = None
    replace: Any = None
    detail: str = ""
    detail_blank: str = ""
    detail_join: Annotated[str, AfterValidator(_detail_join)] = "and"
    max: int = 1
    requires: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    status: StatusName = Status.NEWBIE
    styles: list[str] = Field(default_factory=list)
    types: list[str] = Field(default_factory=list)
    group: str = ""
    dice_bonus: Any = None  # read by parse_dice_bonus, in its own words


class _GeneralModifierShape(_ModifierShape):
    """A general modifier of general.toml, which names the Effects it applies to."""

    applies_to: list[str] = Field(default_factory=list)


def _style_text(value: Any, report: Report, key: str) -> dict[str, str] | None:
    """A modifier's ``text``/``replace``: one string, or a table per Style id (``*`` = others)."""
    if value is None:
        return None
    if isinstance(value, str):
        return {ANY_STYLE: value}
    if isinstance(value, dict):
        out: dict[str, str] = {}
        for style, text in value.items():
            if not isinstance(text, str):
                report(f"field {key!r}.{style} must be text, not {type_name(text)}")
            else:
                out[style] = text
        if not out:
            report(f"field {key!r} is an empty table")
        return out
    report(f"field {key!r} must be text or a table of Style id = text")
    return None


def _modifier_text_rules(shape: _ModifierShape, report: Report) -> None:
    """The rules between a modifier's text fields: text or replace, join, slot, max, detail."""
    given = shape.model_fields_set
    if ("text" in given) == ("replace" in given):
        report("give exactly one of 'text' (append a clause) or 'replace' (rewrite a slot)")
    if "replace" in given:
        if shape.join is not None:
            report("'join' has no meaning with 'replace'; remove it")
        if not shape.slot:
            report("'replace' needs the 'slot' it rewrites")
    if "text" in given:
        if shape.join is None:
            report('\'text\' needs \'join\' ("and", "or" or "sentence")')
        elif Join(shape.join) in (Join.AND, Join.OR) and not shape.slot:
            report(f"join = {shape.join!r} needs the 'slot' the clause joins")
    if shape.slot and not SLOT_NAME.match(shape.slot):
        report(f"'slot' {shape.slot!r} is not a slot name")
    _modifier_count_rules(shape, report)


def _modifier_count_rules(shape: _ModifierShape, report: Report) -> None:
    """The rules of a modifier taken more than once: max, text_many, detail and detail_join."""
    given = shape.model_fields_set
    if shape.max < 0:
        report("field 'max' must be at least 1")
    count_max = max(shape.max, 1)
    if "text_many" in given and count_max == 1:
        report("'text_many' is only used when 'max' is more than 1")
    if "text_many" in given and "replace" in given:
        report("'text_many' cannot go with 'replace'")
    if "detail_join" in given and (not shape.detail or count_max == 1):
        report("'detail_join' joins the details of several instances; it needs 'detail' and 'max'")
    if bool(shape.detail) != bool(shape.detail_blank):
        report("'detail' (the label) and 'detail_blank' (the stand-in text) go together")


def _check_clauses(
    variants: Mapping[str, Mapping[str, str] | None],
    detail_label: str,
    count_max: int,
    report: Report,
) -> None:
    """Each clause of ``text``, ``text_many`` and ``replace`` parses with the placeholders
    the modifier allows ({detail} with a detail label, {count} when it stacks)."""
    allowed_ph = {"detail"} if detail_label else set()
    if count_max > 1:
        allowed_ph |= {"count", "count_word"}
    for key, clauses in variants.items():
        for style, clause in (clauses or {}).items():
            where = key if style == ANY_STYLE else f"{key}.{style}"
            try:
                sentence = parse_sentence(clause, frozenset(allowed_ph))
            except TemplateSyntaxError as exc:
                report(f"{where}: {exc}")
                continue
            if any(not isinstance(p, str) and not hasattr(p, "name") for p in sentence.parts):
                report(f"{where}: optional [groups] are for Effect templates, not modifier text")
            if detail_label and "detail" not in sentence.slots:
                report(f"{where}: has a detail label but never uses {{detail}}")
            if not clause.strip():
                report(f"{where} must not be empty")


def _parse_modifier(
    mid: str,
    table: Any,
    kind: ModifierKind,
    origin: Origin,
    report: Report,
    *,
    general: bool,
) -> Modifier | None:
    model = _GeneralModifierShape if general else _ModifierShape
    shape = validate(model, table, report, f"an {kind.value}")
    if shape is None:
        return None
    text = _style_text(shape.text, report, "text")
    text_many = _style_text(shape.text_many, report, "text_many")
    replace = _style_text(shape.replace, report, "replace")
    _modifier_text_rules(shape, report)
    count_max = max(shape.max, 1)
    variants = {"text": text, "text_many": text_many, "replace": replace}
    _check_clauses(variants, shape.detail, count_max, report)
    return Modifier(
        id=mid,
        name=shape.name,
        kind=kind,
        rules=shape.rules,
        slot=shape.slot,
        join=None if shape.join is None else Join(shape.join),
        text=frozen_map(text),
        text_many=frozen_map(text_many),
        replace=frozen_map(replace),
        detail_label=shape.detail,
        detail_blank=shape.detail_blank,
        detail_join=shape.detail_join,
        max=count_max,
        requires=tuple(shape.requires),
        excludes=tuple(shape.excludes),
        status=shape.status,
        styles=frozenset(shape.styles),
        types=frozenset(shape.types),
        group=shape.group,
        general=general,
        applies_to=tuple(shape.applies_to) if isinstance(shape, _GeneralModifierShape) else (),
        origin=origin,
        dice_bonus=parse_dice_bonus(shape.dice_bonus, report),
    )


class _GroupShape(CatalogModel):
    """A ``[groups.<id>]`` table: modifiers of which at least ``min`` are picked."""

    name: GiftText
    min: int = 1
    styles: list[str] = Field(default_factory=list)
    rules: GiftText
    status_over: int = 0
    status: StatusName = Status.NEWBIE


def _parse_group(gid: str, table: Any, origin: Origin, report: Report) -> ModifierGroup:
    """The group in ``table`` (or, when its shape is refused, a stand-in with its id, so
    its modifiers add no second message for the same mistake)."""
    shape = validate(_GroupShape, table, report, "a group")
    if shape is None:
        return ModifierGroup(id=gid, name=gid, min=0, styles=frozenset(), rules="", origin=origin)
    if shape.min < 0:
        report("field 'min' cannot be negative")
    paired = {"status_over", "status"} & shape.model_fields_set
    if len(paired) == 1:
        report("'status_over' (how many may be picked freely) and 'status' go together")
    elif paired and (shape.status_over < 1 or shape.status is Status.NEWBIE):
        report("'status_over' must be at least 1 and 'status' above Newbie")
    return ModifierGroup(
        id=gid,
        name=shape.name,
        min=max(0, shape.min),
        styles=frozenset(shape.styles),
        rules=shape.rules,
        origin=origin,
        status_over=max(0, shape.status_over),
        status=shape.status,
    )


def _parse_modifier_tables(
    tables: Mapping[str, Any],
    origin: Origin,
    problems: Problems,
    prefix: str,
    *,
    general: bool,
    into: dict[str, Modifier],
    taken: Callable[[str], str | None],
) -> None:
    for kind_key, kind in (
        ("enhancements", ModifierKind.ENHANCEMENT),
        ("drawbacks", ModifierKind.DRAWBACK),
    ):
        entries = tables.get(kind_key, {})
        if not isinstance(entries, dict):
            problems.add(origin.file, f"{prefix}{kind_key}", "must be a table of modifiers")
            continue
        for mid, table in entries.items():
            report = problems.at(origin.file, f"{prefix}{kind_key}.{mid}")
            if not check_id(mid, report, "modifier id"):
                continue
            clash = taken(mid) or (into[mid].origin.file if mid in into else None)
            if clash:
                report(f"modifier id {mid!r} is already used in {clash}")
                continue
            modifier = _parse_modifier(mid, table, kind, origin, report, general=general)
            if modifier is not None:
                into[mid] = modifier


class _GeneralFile(CatalogModel):
    """general.toml: the general groups, Enhancements and Drawbacks."""

    groups: dict[str, Any] = Field(default_factory=dict)
    enhancements: dict[str, Any] = Field(default_factory=dict)
    drawbacks: dict[str, Any] = Field(default_factory=dict)


def parse_general(doc: dict[str, Any], origin: Origin, raw: RawCatalog, problems: Problems) -> None:
    _, top = validate_parts(_GeneralFile, doc, problems.at(origin.file, ""), "file")
    for gid, table in top["groups"].items():
        report = problems.at(origin.file, f"groups.{gid}")
        if not check_id(gid, report, "group id"):
            continue
        if gid in raw.groups:
            report(f"group {gid!r} is already defined in {raw.groups[gid].origin.file}")
            continue
        raw.groups[gid] = _parse_group(gid, table, origin, report)
    _parse_modifier_tables(
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
    levels: list[_LevelShape] = Field(default_factory=list)


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
    effects: dict[str, Any] = Field(default_factory=dict)


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
        if not check_id(eid, report, "Effect id"):
            continue
        if eid in raw.effects:
            report(f"Effect {eid!r} is already defined in {raw.effects[eid].origin.file}")
            continue
        effect = _parse_effect(eid, table, cat_id, origin, problems, raw)
        if effect is not None:
            raw.effects[eid] = effect


class _EffectStyleShape(CatalogModel):
    """An ``[effects.<id>.styles.<style>]`` table: the Effect's cost in that Style."""

    cost: int
    template: Any = None  # one sentence or a list, worded by _template
    slots: dict[str, Any] = Field(default_factory=dict)  # each slot worded by _slot_table
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
        slots=frozen_map(_slot_table(shape.slots, report, "slots")),
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
    types: list[str] = Field(default_factory=list)
    template: Any = None  # one sentence or a list, worded by _template
    slots: dict[str, Any] = Field(default_factory=dict)
    styles: dict[str, Any] = Field(default_factory=dict)
    parameters: dict[str, Any] = Field(default_factory=dict)
    enhancements: dict[str, Any] = Field(default_factory=dict)
    drawbacks: dict[str, Any] = Field(default_factory=dict)
    groups: dict[str, Any] = Field(default_factory=dict)
    use_general: list[str] = Field(default_factory=list)
    exclude_general: list[str] = Field(default_factory=list)
    choices: dict[str, Any] = Field(default_factory=dict)
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
        groups[gid] = _parse_group(gid, gtable, origin, greport)
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
    slots = _slot_table(parts["slots"], report, "slots")
    styles = {
        sid: _effect_style(sid, stable, at(f"styles.{sid}"))
        for sid, stable in parts["styles"].items()
    }
    if not styles:
        report("an Effect needs at least one Style under [effects.<id>.styles.<style>]")
    parameters = _effect_parameters(parts, at)
    groups = _effect_groups(parts, at, origin, raw)
    modifiers: dict[str, Modifier] = {}
    _parse_modifier_tables(
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
    gifts: dict[str, Any] = Field(default_factory=dict)


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
