"""The Gift catalog's Enhancements, Drawbacks and their groups: shapes and parsers.

Used by :mod:`builder.contract.gifts.parse` for ``general.toml`` and for the
modifiers inside each Effect file; kept apart so each module stays short.
Problems are reported, never raised.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from builder.contract.gifts.bonus import parse_dice_bonus
from builder.contract.gifts.catalog import (
    ANY_STYLE,
    Join,
    Modifier,
    ModifierGroup,
    ModifierKind,
    Origin,
    frozen_map,
)
from builder.contract.gifts.fields import (
    GiftText,
    StatusName,
    check_id,
    validate,
)
from builder.contract.gifts.template import SLOT_NAME, TemplateSyntaxError, parse_sentence
from builder.contract.status import Status
from builder.core.catalog import CatalogModel, Problems, Report, catalog_error, type_name


def slot_table(table: Any, report: Report, what: str) -> dict[str, str]:
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
    requires: list[str] = Field(default=[])
    excludes: list[str] = Field(default=[])
    status: StatusName = Status.NEWBIE
    styles: list[str] = Field(default=[])
    types: list[str] = Field(default=[])
    group: str = ""
    dice_bonus: Any = None  # read by parse_dice_bonus, in its own words


class _GeneralModifierShape(_ModifierShape):
    """A general modifier of general.toml, which names the Effects it applies to."""

    applies_to: list[str] = Field(default=[])


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
    styles: list[str] = Field(default=[])
    rules: GiftText
    status_over: int = 0
    status: StatusName = Status.NEWBIE


def parse_group(gid: str, table: Any, origin: Origin, report: Report) -> ModifierGroup:
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


def parse_modifier_tables(
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
