"""Read and validate the Gift catalog files (format: ``resources/gifts/FORMAT.md``).

One pipeline of explicit stages, each collecting problems as values rather
than stopping at the first: read TOML → parse entries → link references and
compile templates → build per-Effect indexes → check stock Gifts against the
evaluator. Any problem makes :func:`load_catalog` raise :class:`CatalogError`
listing every problem with the file and entry it concerns.

The shipped catalog is loaded once and cached (:func:`default_catalog`).
House-rule folders (same format plus a ``catalog.toml`` naming the house
catalog) load on top of it; their entries are tagged with that name so a
Gift using them is marked as house-rule content ("Restrictions on Gifts").
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.contract.gifts.catalog import (
    ANY_STYLE,
    ActivationStyle,
    Catalog,
    CatalogError,
    CatalogProblem,
    Category,
    Effect,
    EffectIndex,
    EffectStyle,
    GiftType,
    Join,
    Modifier,
    ModifierGroup,
    ModifierKind,
    Origin,
    Parameter,
    ParameterLevel,
    StockGift,
    StyleView,
    frozen_map,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.gifts.template import SLOT_NAME, Sentence, TemplateSyntaxError, parse_sentence
from builder.contract.status import Status

MAX_CATALOG_FILE_BYTES = 2 * 1024 * 1024
"""A catalog file is a few dozen kB; refuse anything absurd before parsing it."""

_CLAUSE_PLACEHOLDERS = frozenset({"detail", "count", "count_word"})


def shipped_catalog_dir() -> Path:
    """The folder of the standard catalog shipped with Harbinger."""
    from resources import resource_path

    return resource_path("gifts")


# --------------------------------------------------------------------------- problems


@dataclass
class _Problems:
    """Collects problems; ``at`` gives a reporter bound to a file and entry."""

    items: list[CatalogProblem] = field(default_factory=list)

    def add(self, file: str, entry: str, message: str) -> None:
        self.items.append(CatalogProblem(file, entry, message))

    def at(self, file: str, entry: str) -> Callable[[str], None]:
        return lambda message: self.add(file, entry, message)


Report = Callable[[str], None]

_Kind = type | tuple[type, ...]
_MISSING = object()


class _Fields:
    """Typed access to one TOML table that reports wrong types and unknown keys."""

    def __init__(self, table: Any, report: Report, what: str, allowed: Iterable[str]) -> None:
        self.report = report
        if not isinstance(table, dict):
            report(f"{what} must be a table, not {_type_name(table)}")
            table = {}
        self.table: dict[str, Any] = table
        allowed = set(allowed)
        for key in table:
            if key not in allowed:
                hint = ", ".join(sorted(allowed))
                report(f"unknown field {key!r} (allowed: {hint})")

    def get(self, key: str, kind: _Kind, default: Any = _MISSING) -> Any:
        value = self.table.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                self.report(f"missing required field {key!r}")
                return None
            return default
        # bool is an int subclass in Python; a TOML true is never a number here
        if isinstance(value, bool) and kind is int:
            self.report(f"field {key!r} must be a whole number, not true/false")
            return None if default is _MISSING else default
        if not isinstance(value, kind):
            self.report(f"field {key!r} must be {_kind_name(kind)}, not {_type_name(value)}")
            return None if default is _MISSING else default
        return value

    def text(self, key: str, default: Any = _MISSING, *, nonblank: bool = True) -> str:
        value = self.get(key, str, default)
        if value is None:
            return ""
        if nonblank and default is _MISSING and not value.strip():
            self.report(f"field {key!r} must not be empty")
        return value

    def str_list(self, key: str) -> tuple[str, ...]:
        value = self.get(key, list, [])
        if value is None:
            return ()
        bad = [v for v in value if not isinstance(v, str)]
        if bad:
            self.report(f"field {key!r} must be a list of strings")
            return tuple(v for v in value if isinstance(v, str))
        return tuple(value)

    def status(self, key: str = "status") -> Status:
        value = self.get(key, str, "newbie")
        if value is None:
            return Status.NEWBIE
        try:
            return Status.parse(value)
        except ValueError as exc:
            self.report(f"field {key!r}: {exc}")
            return Status.NEWBIE


def _type_name(value: Any) -> str:
    names = {
        dict: "a table",
        list: "a list",
        str: "text",
        int: "a number",
        float: "a decimal number",
    }
    return names.get(type(value), "true/false" if isinstance(value, bool) else type(value).__name__)


def _kind_name(kind: _Kind) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {dict: "a table", list: "a list", str: "text", int: "a whole number"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _check_id(value: str, report: Report, what: str) -> bool:
    if not SLOT_NAME.match(value):
        report(
            f"{what} {value!r} must be lower_case letters, digits and _ , starting with a letter"
        )
        return False
    return True


# --------------------------------------------------------------------------- reading files


@dataclass
class _Source:
    """One catalog folder being loaded: where it is and what it is called."""

    root: Path
    catalog: str  # "" for the shipped catalog

    def rel(self, path: Path) -> str:
        try:
            name = path.relative_to(self.root).as_posix()
        except ValueError:
            name = path.as_posix()
        return f"[{self.catalog}] {name}" if self.catalog else name


def _read_toml(path: Path, file: str, problems: _Problems) -> dict[str, Any] | None:
    try:
        size = path.stat().st_size
        if size > MAX_CATALOG_FILE_BYTES:
            problems.add(file, "", f"file is {size} bytes; the limit is {MAX_CATALOG_FILE_BYTES}")
            return None
        return tomllib.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        problems.add(file, "", f"cannot read file: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        problems.add(file, "", f"not UTF-8 text (byte {exc.start})")
    except tomllib.TOMLDecodeError as exc:
        problems.add(file, "", f"not valid TOML: {exc}")
    return None


# --------------------------------------------------------------------------- raw parse


@dataclass
class _Raw:
    """Entries parsed from every file, before cross-references are checked."""

    gift_types: dict[str, GiftType] = field(default_factory=dict)
    styles: dict[str, ActivationStyle] = field(default_factory=dict)
    categories: dict[str, Category] = field(default_factory=dict)
    effects: dict[str, Effect] = field(default_factory=dict)
    general: dict[str, Modifier] = field(default_factory=dict)
    groups: dict[str, ModifierGroup] = field(default_factory=dict)
    stock_tables: list[tuple[str, str, str, Origin, Any]] = field(default_factory=list)
    house_catalogs: list[str] = field(default_factory=list)


def _parse_core(doc: dict[str, Any], origin: Origin, raw: _Raw, problems: _Problems) -> None:
    top = _Fields(doc, problems.at(origin.file, ""), "file", ("gift_types", "styles"))
    for sid, table in (top.get("styles", dict, {}) or {}).items():
        report = problems.at(origin.file, f"styles.{sid}")
        if not _check_id(sid, report, "Style id"):
            continue
        if sid in raw.styles:
            report(f"Style {sid!r} is already defined in {raw.styles[sid].origin.file}")
            continue
        f = _Fields(table, report, "a Style", ("name", "summary", "slots"))
        raw.styles[sid] = ActivationStyle(
            id=sid,
            name=f.text("name"),
            summary=f.text("summary"),
            slots=frozen_map(_slot_table(f.get("slots", dict, {}), report, "slots")),
            origin=origin,
        )
    for tid, table in (top.get("gift_types", dict, {}) or {}).items():
        report = problems.at(origin.file, f"gift_types.{tid}")
        if not _check_id(tid, report, "Gift Type id"):
            continue
        if tid in raw.gift_types:
            report(f"Gift Type {tid!r} is already defined in {raw.gift_types[tid].origin.file}")
            continue
        f = _Fields(
            table,
            report,
            "a Gift Type",
            (
                "name",
                "cost",
                "summary",
                "reliability",
                "risk_of_loss",
                "crafting",
                "crafts",
                "styles",
                "style_slots",
                "note",
            ),
        )
        crafts = f.get("crafts", str, "")
        if crafts not in ("", "artifact", "consumable"):
            report(f'field \'crafts\' must be "artifact", "consumable" or absent, not {crafts!r}')
            crafts = ""
        style_slots: dict[str, Mapping[str, str]] = {}
        for style_id, slots in (f.get("style_slots", dict, {}) or {}).items():
            style_slots[style_id] = frozen_map(
                _slot_table(slots, report, f"style_slots.{style_id}")
            )
        raw.gift_types[tid] = GiftType(
            id=tid,
            name=f.text("name"),
            cost=f.get("cost", int, 0) or 0,
            summary=f.text("summary"),
            reliability=f.text("reliability"),
            risk_of_loss=f.text("risk_of_loss"),
            crafting=f.text("crafting", ""),
            crafts=crafts or "",
            styles=frozenset(f.str_list("styles")),
            style_slots=frozen_map(style_slots),
            note=f.text("note", ""),
            origin=origin,
        )


def _slot_table(table: Any, report: Report, what: str) -> dict[str, str]:
    if not isinstance(table, dict):
        report(f'{what} must be a table of slot = "text"')
        return {}
    out: dict[str, str] = {}
    for name, value in table.items():
        if not SLOT_NAME.match(name):
            report(f"{what}: {name!r} is not a slot name (lower_case letters, digits, _)")
        elif not isinstance(value, str):
            report(f"{what}.{name} must be text, not {_type_name(value)}")
        elif "{" in value or "}" in value or "[" in value or "]" in value:
            report(
                f"{what}.{name}: slot values are plain text; braces and brackets are not allowed"
            )
        else:
            out[name] = value
    return out


_MODIFIER_FIELDS = (
    "name",
    "rules",
    "slot",
    "join",
    "text",
    "text_many",
    "replace",
    "detail",
    "detail_blank",
    "max",
    "requires",
    "excludes",
    "status",
    "styles",
    "types",
    "group",
)


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
                report(f"field {key!r}.{style} must be text, not {_type_name(text)}")
            else:
                out[style] = text
        if not out:
            report(f"field {key!r} is an empty table")
        return out
    report(f"field {key!r} must be text or a table of Style id = text")
    return None


def _parse_modifier(
    mid: str,
    table: Any,
    kind: ModifierKind,
    origin: Origin,
    report: Report,
    *,
    general: bool,
) -> Modifier | None:
    allowed = _MODIFIER_FIELDS + (("applies_to",) if general else ())
    f = _Fields(table, report, f"an {kind.value}", allowed)
    text = _style_text(f.table.get("text"), report, "text")
    text_many = _style_text(f.table.get("text_many"), report, "text_many")
    replace = _style_text(f.table.get("replace"), report, "replace")
    slot = f.get("slot", str, "") or ""
    join_raw = f.get("join", str, None)
    detail_label = f.get("detail", str, "") or ""
    detail_blank = f.get("detail_blank", str, "") or ""
    count_max = f.get("max", int, 1) or 1

    join: Join | None = None
    if join_raw is not None:
        try:
            join = Join(join_raw)
        except ValueError:
            report(f'field \'join\' must be "and", "or" or "sentence", not {join_raw!r}')
    if (text is None) == (replace is None):
        report("give exactly one of 'text' (append a clause) or 'replace' (rewrite a slot)")
    if replace is not None:
        if join_raw is not None:
            report("'join' has no meaning with 'replace'; remove it")
        if not slot:
            report("'replace' needs the 'slot' it rewrites")
    if text is not None:
        if join_raw is None:
            report('\'text\' needs \'join\' ("and", "or" or "sentence")')
        elif join in (Join.AND, Join.OR) and not slot:
            report(f"join = {join_raw!r} needs the 'slot' the clause joins")
    if slot and not SLOT_NAME.match(slot):
        report(f"'slot' {slot!r} is not a slot name")
    if count_max < 1:
        report("field 'max' must be at least 1")
        count_max = 1
    if text_many is not None and count_max == 1:
        report("'text_many' is only used when 'max' is more than 1")
    if text_many is not None and replace is not None:
        report("'text_many' cannot go with 'replace'")
    if bool(detail_label) != bool(detail_blank):
        report("'detail' (the label) and 'detail_blank' (the stand-in text) go together")

    allowed_ph = {"detail"} if detail_label else set()
    if count_max > 1:
        allowed_ph |= {"count", "count_word"}
    for key, variants in (("text", text), ("text_many", text_many), ("replace", replace)):
        for style, clause in (variants or {}).items():
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
    for key in ("name", "rules"):
        f.text(key)
    return Modifier(
        id=mid,
        name=f.text("name") if isinstance(f.table.get("name"), str) else mid,
        kind=kind,
        rules=f.table.get("rules", "") if isinstance(f.table.get("rules"), str) else "",
        slot=slot,
        join=join,
        text=frozen_map(text),
        text_many=frozen_map(text_many),
        replace=frozen_map(replace),
        detail_label=detail_label,
        detail_blank=detail_blank,
        max=count_max,
        requires=f.str_list("requires"),
        excludes=f.str_list("excludes"),
        status=f.status(),
        styles=frozenset(f.str_list("styles")),
        types=frozenset(f.str_list("types")),
        group=f.get("group", str, "") or "",
        general=general,
        applies_to=f.str_list("applies_to") if general else (),
        origin=origin,
    )


def _parse_group(gid: str, table: Any, origin: Origin, report: Report) -> ModifierGroup:
    f = _Fields(table, report, "a group", ("name", "min", "styles", "rules"))
    minimum = f.get("min", int, 1)
    if minimum is not None and minimum < 0:
        report("field 'min' cannot be negative")
    return ModifierGroup(
        id=gid,
        name=f.text("name"),
        min=max(0, minimum or 0),
        styles=frozenset(f.str_list("styles")),
        rules=f.text("rules"),
        origin=origin,
    )


def _parse_modifier_tables(
    tables: Mapping[str, Any],
    origin: Origin,
    problems: _Problems,
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
            if not _check_id(mid, report, "modifier id"):
                continue
            clash = taken(mid) or (into[mid].origin.file if mid in into else None)
            if clash:
                report(f"modifier id {mid!r} is already used in {clash}")
                continue
            modifier = _parse_modifier(mid, table, kind, origin, report, general=general)
            if modifier is not None:
                into[mid] = modifier


def _parse_general(doc: dict[str, Any], origin: Origin, raw: _Raw, problems: _Problems) -> None:
    _Fields(doc, problems.at(origin.file, ""), "file", ("groups", "enhancements", "drawbacks"))
    groups = doc.get("groups", {})
    if isinstance(groups, dict):
        for gid, table in groups.items():
            report = problems.at(origin.file, f"groups.{gid}")
            if not _check_id(gid, report, "group id"):
                continue
            if gid in raw.groups:
                report(f"group {gid!r} is already defined in {raw.groups[gid].origin.file}")
                continue
            raw.groups[gid] = _parse_group(gid, table, origin, report)
    _parse_modifier_tables(
        doc,
        origin,
        problems,
        "",
        general=True,
        into=raw.general,
        taken=lambda mid: None,
    )


_EFFECT_FIELDS = (
    "name",
    "summary",
    "prompt",
    "status",
    "types",
    "template",
    "slots",
    "styles",
    "parameters",
    "enhancements",
    "drawbacks",
    "groups",
    "use_general",
    "exclude_general",
)


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


def _parse_parameter(pid: str, table: Any, report: Report) -> Parameter | None:
    f = _Fields(table, report, "a Parameter", ("name", "summary", "slot", "default", "levels"))
    levels_raw = f.get("levels", list, [])
    levels: list[ParameterLevel] = []
    seen: set[str] = set()
    for i, level in enumerate(levels_raw or []):
        lreport: Report = lambda m, i=i: report(f"levels[{i}]: {m}")  # noqa: E731
        lf = _Fields(level, lreport, "a level", ("id", "name", "text", "status"))
        lid = lf.get("id", str) or ""
        if lid and not _check_id(lid, lreport, "level id"):
            continue
        if lid in seen:
            lreport(f"level id {lid!r} appears twice")
            continue
        seen.add(lid)
        text = lf.get("text", str) or ""
        if any(c in text for c in "{}[]"):
            lreport("'text' is plain text; braces and brackets are not allowed")
        levels.append(ParameterLevel(lid, lf.text("name"), text, lf.status(), len(levels)))
    if len(levels) < 2:
        report("a Parameter needs at least two levels")
    default = f.get("default", str) or ""
    if default and default not in seen:
        report(
            f"default level {default!r} is not one of its levels "
            f"({', '.join(lv.id for lv in levels)})"
        )
    slot = f.get("slot", str) or ""
    if slot and not SLOT_NAME.match(slot):
        report(f"'slot' {slot!r} is not a slot name")
    if default and levels and default in seen:
        default_level = next(lv for lv in levels if lv.id == default)
        if default_level.status is not Status.NEWBIE:
            report("the default level cannot require a Status")
    if len(levels) < 2 or default not in seen:
        return None
    return Parameter(pid, f.text("name"), f.text("summary", ""), slot, default, tuple(levels))


def _parse_effect_file(
    doc: dict[str, Any], path: Path, origin: Origin, raw: _Raw, problems: _Problems
) -> None:
    top_report = problems.at(origin.file, "")
    top = _Fields(
        doc, top_report, "file", ("category", "category_name", "category_summary", "effects")
    )
    cat_id = top.get("category", str) or ""
    if cat_id and not _check_id(cat_id, top_report, "category"):
        return
    if cat_id and cat_id != path.stem:
        top_report(f"category {cat_id!r} must match the file name ({path.stem}.toml)")
    cat_name = top.get("category_name", str, "") or ""
    cat_summary = top.get("category_summary", str, "") or ""
    if cat_id in raw.categories:
        known = raw.categories[cat_id]
        if cat_name and cat_name != known.name:
            top_report(
                f"category_name {cat_name!r} differs from {known.name!r} in {known.origin.file}"
            )
    elif cat_id:
        if not cat_name:
            top_report("a new category needs 'category_name'")
        raw.categories[cat_id] = Category(cat_id, cat_name or cat_id, cat_summary, origin)
    effects = top.get("effects", dict, {}) or {}
    for eid, table in effects.items():
        report = problems.at(origin.file, f"effects.{eid}")
        if not _check_id(eid, report, "Effect id"):
            continue
        if eid in raw.effects:
            report(f"Effect {eid!r} is already defined in {raw.effects[eid].origin.file}")
            continue
        effect = _parse_effect(eid, table, cat_id, origin, problems, raw)
        if effect is not None:
            raw.effects[eid] = effect


def _parse_effect(
    eid: str, table: Any, category: str, origin: Origin, problems: _Problems, raw: _Raw
) -> Effect | None:
    entry = f"effects.{eid}"
    report = problems.at(origin.file, entry)
    f = _Fields(table, report, "an Effect", _EFFECT_FIELDS)
    template = _template(f.table.get("template"), report, "'template'")
    slots = _slot_table(f.get("slots", dict, {}) or {}, report, "slots")

    styles: dict[str, EffectStyle] = {}
    for sid, stable in (f.get("styles", dict, {}) or {}).items():
        sreport = problems.at(origin.file, f"{entry}.styles.{sid}")
        sf = _Fields(stable, sreport, "an Effect Style", ("cost", "template", "slots", "status"))
        cost = sf.get("cost", int)
        style_template = (
            _template(sf.table["template"], sreport, "'template'") if "template" in sf.table else ()
        )
        styles[sid] = EffectStyle(
            style=sid,
            cost=cost or 0,
            template=style_template,
            slots=frozen_map(_slot_table(sf.get("slots", dict, {}) or {}, sreport, "slots")),
            status=sf.status(),
        )
    if not styles:
        report("an Effect needs at least one Style under [effects.<id>.styles.<style>]")

    parameters: dict[str, Parameter] = {}
    for pid, ptable in (f.get("parameters", dict, {}) or {}).items():
        preport = problems.at(origin.file, f"{entry}.parameters.{pid}")
        if not _check_id(pid, preport, "Parameter id"):
            continue
        param = _parse_parameter(pid, ptable, preport)
        if param is not None:
            parameters[pid] = param

    groups: dict[str, ModifierGroup] = {}
    for gid, gtable in (f.get("groups", dict, {}) or {}).items():
        greport = problems.at(origin.file, f"{entry}.groups.{gid}")
        if not _check_id(gid, greport, "group id"):
            continue
        if gid in raw.groups:
            greport(f"group {gid!r} is already a general group in {raw.groups[gid].origin.file}")
            continue
        groups[gid] = _parse_group(gid, gtable, origin, greport)

    modifiers: dict[str, Modifier] = {}
    _parse_modifier_tables(
        f.table,
        origin,
        problems,
        f"{entry}.",
        general=False,
        into=modifiers,
        taken=lambda mid: raw.general[mid].origin.file if mid in raw.general else None,
    )
    return Effect(
        id=eid,
        name=f.text("name"),
        category=category,
        summary=f.text("summary"),
        prompt=f.text("prompt"),
        status=f.status(),
        types=frozenset(f.str_list("types")),
        styles=frozen_map(styles),
        template=template,
        slots=frozen_map(slots),
        parameters=frozen_map(parameters),
        modifiers=frozen_map(modifiers),
        groups=frozen_map(groups),
        use_general=f.str_list("use_general"),
        exclude_general=f.str_list("exclude_general"),
        origin=origin,
    )


def _collect_stock(
    doc: dict[str, Any], path: Path, origin: Origin, raw: _Raw, problems: _Problems
) -> None:
    report = problems.at(origin.file, "")
    top = _Fields(doc, report, "file", ("category", "gifts"))
    category = top.get("category", str) or ""
    if category and category != path.stem:
        report(f"category {category!r} must match the file name ({path.stem}.toml)")
    for gid, table in (top.get("gifts", dict, {}) or {}).items():
        raw.stock_tables.append((gid, category, f"gifts.{gid}", origin, table))


# --------------------------------------------------------------------------- link and index


def _style_names(ids: Iterable[str], raw: _Raw) -> str:
    names = [raw.styles[s].name if s in raw.styles else s for s in sorted(ids)]
    return _or_list(names)


def _or_list(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def _check_refs(raw: _Raw, problems: _Problems) -> None:
    """Every id a Gift Type, modifier or Effect names must exist."""
    for gt in raw.gift_types.values():
        report = problems.at(gt.origin.file, f"gift_types.{gt.id}")
        for sid in sorted(gt.styles - raw.styles.keys()):
            report(f"'styles' names unknown Style {sid!r}")
        for sid, slots in gt.style_slots.items():
            if sid not in raw.styles:
                report(f"'style_slots' names unknown Style {sid!r}")
                continue
            for name in slots.keys() - raw.styles[sid].slots.keys():
                report(
                    f"style_slots.{sid}.{name}: the {raw.styles[sid].name} Style has no standard "
                    f"slot {name!r} to give a Type-specific value to"
                )
    for mod in raw.general.values():
        _check_modifier_refs(
            mod, f"{mod.kind.value}s.{mod.id}", raw, raw.groups, raw.general, problems
        )
        for target in mod.applies_to:
            if target == "*":
                continue
            if target.startswith("category:"):
                if target[9:] not in raw.categories:
                    problems.add(
                        mod.origin.file,
                        f"{mod.kind.value}s.{mod.id}",
                        f"'applies_to' names unknown category {target[9:]!r}",
                    )
            elif target not in raw.effects:
                problems.add(
                    mod.origin.file,
                    f"{mod.kind.value}s.{mod.id}",
                    f"'applies_to' names unknown Effect {target!r}",
                )


def _check_modifier_refs(
    mod: Modifier,
    entry: str,
    raw: _Raw,
    groups: Mapping[str, ModifierGroup],
    known: Mapping[str, Modifier],
    problems: _Problems,
) -> None:
    report = problems.at(mod.origin.file, entry)
    for sid in sorted(mod.styles - raw.styles.keys()):
        report(f"'styles' names unknown Style {sid!r}")
    for sid in sorted((mod.text.keys() | mod.replace.keys() | mod.text_many.keys()) - {ANY_STYLE}):
        if sid not in raw.styles:
            report(f'text/replace table names unknown Style {sid!r} (use a Style id or "*")')
    for tid in sorted(mod.types - raw.gift_types.keys()):
        report(f"'types' names unknown Gift Type {tid!r}")
    if mod.group and mod.group not in groups:
        report(f"'group' names unknown group {mod.group!r}")
    for key, ids in (("requires", mod.requires), ("excludes", mod.excludes)):
        for other in ids:
            if other == mod.id:
                report(f"'{key}' names the modifier itself")
            elif other not in known:
                report(f"'{key}' names {other!r}, which is not a modifier this one can meet")
    for other in set(mod.requires) & set(mod.excludes):
        report(f"{other!r} is both required and excluded")


def _applies(mod: Modifier, effect: Effect) -> bool:
    if mod.id in effect.exclude_general:
        return False
    if mod.id in effect.use_general:
        return True
    return any(
        target in ("*", effect.id) or target == f"category:{effect.category}"
        for target in mod.applies_to
    )


@dataclass
class _Compiled:
    """An Effect's templates parsed per Style, with the slots each Style can fill."""

    sentences: dict[str, tuple[Sentence, ...]]
    used: dict[str, frozenset[str]]


def _compile_effect(effect: Effect, raw: _Raw, problems: _Problems) -> _Compiled | None:
    entry = f"effects.{effect.id}"
    report = problems.at(effect.origin.file, entry)
    ok = True
    for tid in sorted(effect.types - raw.gift_types.keys()):
        report(f"'types' names unknown Gift Type {tid!r}")
        ok = False
    if effect.category not in raw.categories:
        report("the file names no category")
    param_slots: dict[str, str] = {}
    for param in effect.parameters.values():
        if param.slot in param_slots:
            report(
                f"Parameters {param_slots[param.slot]!r} and {param.id!r} "
                f"both fill slot {param.slot!r}"
            )
        param_slots[param.slot] = param.id
        if param.slot in effect.slots:
            report(f"slot {param.slot!r} is filled by Parameter {param.id!r}; remove its default")
    sentences: dict[str, tuple[Sentence, ...]] = {}
    used: dict[str, frozenset[str]] = {}
    all_used: set[str] = set()
    for sid, estyle in effect.styles.items():
        sreport = problems.at(effect.origin.file, f"{entry}.styles.{sid}")
        if sid not in raw.styles:
            sreport(f"unknown Style {sid!r} (known: {', '.join(raw.styles)})")
            ok = False
            continue
        template = estyle.template or effect.template
        where = "its 'template'" if estyle.template else "the Effect's 'template'"
        parsed: list[Sentence] = []
        for i, source in enumerate(template):
            try:
                parsed.append(parse_sentence(source))
            except TemplateSyntaxError as exc:
                sreport(f"{where}[{i}]: {exc}")
                ok = False
        defined = (
            raw.styles[sid].slots.keys()
            | effect.slots.keys()
            | estyle.slots.keys()
            | param_slots.keys()
        )
        names = {n for s in parsed for n in s.slots}
        for name in sorted(names - defined):
            sreport(
                f"{where} uses slot {{{name}}}, which has no value: give it a default under "
                f"[effects.{effect.id}.slots], a Parameter, or use a standard slot of the Style"
            )
            ok = False
        for name in sorted(estyle.slots.keys() - names):
            sreport(f"slot {name!r} is set for this Style but its template never uses it")
        sentences[sid] = tuple(parsed)
        used[sid] = frozenset(names)
        all_used |= names
    for name in sorted(effect.slots.keys() - all_used):
        report(f"slot {name!r} has a default but no template uses it")
    for param in effect.parameters.values():
        if param.slot not in all_used:
            problems.add(
                effect.origin.file,
                f"{entry}.parameters.{param.id}",
                f"fills slot {param.slot!r}, which no template uses",
            )
    return _Compiled(sentences, used) if ok else None


def _index_effect(
    effect: Effect, compiled: _Compiled, raw: _Raw, problems: _Problems
) -> EffectIndex | None:
    entry = f"effects.{effect.id}"
    report = problems.at(effect.origin.file, entry)
    groups: dict[str, ModifierGroup] = {**raw.groups, **effect.groups}
    all_slots = frozenset().union(*compiled.used.values()) if compiled.used else frozenset()
    param_slots = {p.slot: p.id for p in effect.parameters.values()}

    general: dict[str, Modifier] = {}
    for mid in effect.use_general:
        if mid not in raw.general:
            report(f"'use_general' names unknown general modifier {mid!r}")
    for mid in effect.exclude_general:
        if mid not in raw.general:
            report(f"'exclude_general' names unknown general modifier {mid!r}")
    for mod in raw.general.values():
        if not _applies(mod, effect):
            continue
        fits_styles = not mod.styles or bool(mod.styles & effect.styles.keys())
        fits_slot = not mod.slot or mod.slot in all_slots
        fits_types = not mod.types or not effect.types or bool(mod.types & effect.types)
        if fits_styles and fits_slot and fits_types:
            general[mod.id] = mod
        elif mod.id in effect.use_general:
            why = (
                f"its slot {{{mod.slot}}} is in no template of this Effect"
                if not fits_slot
                else "it fits none of this Effect's Styles or Gift Types"
            )
            report(f"'use_general' lists {mod.id!r}, but {why}")

    own = list(effect.modifiers.values())
    ordered = (
        [m for m in own if m.kind is ModifierKind.ENHANCEMENT]
        + [m for m in general.values() if m.kind is ModifierKind.ENHANCEMENT]
        + [m for m in own if m.kind is ModifierKind.DRAWBACK]
        + [m for m in general.values() if m.kind is ModifierKind.DRAWBACK]
    )
    modifiers = {m.id: m for m in ordered}
    for mod in own:
        _check_modifier_refs(
            mod, f"{entry}.{mod.kind.value}s.{mod.id}", raw, groups, modifiers, problems
        )
        if mod.slot and mod.slot not in all_slots:
            problems.add(
                mod.origin.file,
                f"{entry}.{mod.kind.value}s.{mod.id}",
                f"slot {mod.slot!r} is in none of the Effect's templates",
            )
    for mod in ordered:
        if mod.is_replacement and mod.slot in param_slots:
            problems.add(
                mod.origin.file,
                f"{entry}.{mod.kind.value}s.{mod.id}",
                f"replaces slot {mod.slot!r}, which Parameter {param_slots[mod.slot]!r} fills; "
                "append to it instead, or change the Parameter",
            )

    type_ids = [t for t in raw.gift_types if not effect.types or t in effect.types]
    views: dict[tuple[str, str], StyleView] = {}
    for sid, estyle in effect.styles.items():
        if sid not in compiled.sentences:
            continue
        style = raw.styles[sid]
        used = compiled.used[sid]
        for tid in type_ids:
            gtype = raw.gift_types[tid]
            if gtype.styles and sid not in gtype.styles:
                continue
            base: dict[str, str] = {}
            base.update(style.slots)
            base.update(gtype.style_slots.get(sid, {}))
            base.update(effect.slots)
            base.update(estyle.slots)
            for param in effect.parameters.values():
                base[param.slot] = param.level(param.default).text  # type: ignore[union-attr]
            reasons: dict[str, tuple[str, ...]] = {}
            replacers: dict[str, list[str]] = {}
            for mod in ordered:
                why: list[str] = []
                if mod.styles and sid not in mod.styles:
                    why.append(f"only with the {_style_names(mod.styles, raw)} Style")
                elif mod.wording(sid) is None:
                    why.append(f"not available with the {style.name} Style")
                if mod.types and tid not in mod.types:
                    names = [
                        raw.gift_types[t].name for t in sorted(mod.types) if t in raw.gift_types
                    ]
                    why.append(f"only for {_or_list(names)} Gifts")
                if mod.slot and mod.slot not in used and not why:
                    why.append(f"does not fit {effect.name} with the {style.name} Style")
                for other in mod.requires:
                    if other not in modifiers:
                        why.append(f"requires {other}, which {effect.name} does not offer")
                if why:
                    reasons[mod.id] = tuple(why)
                elif mod.is_replacement:
                    replacers.setdefault(mod.slot, []).append(mod.id)
            views[(sid, tid)] = StyleView(
                effect=effect,
                style=estyle,
                gift_type=gtype,
                sentences=compiled.sentences[sid],
                slot_order=tuple(sorted(used)),
                base_slots=frozen_map(base),
                static_reasons=frozen_map(reasons),
                replacers=frozen_map({k: tuple(v) for k, v in replacers.items()}),
                param_slots=frozen_map(param_slots),
            )
            _check_groups(effect, sid, tid, groups, ordered, reasons, raw, problems)
    if not views and effect.styles:
        report("no Gift Type can take this Effect with any of its Styles")
    used_groups = {m.group for m in ordered if m.group}
    relevant = {
        gid: g
        for gid, g in groups.items()
        if gid in used_groups or gid in effect.groups or (g.styles & effect.styles.keys())
    }
    return EffectIndex(
        effect=effect,
        modifiers=frozen_map(modifiers),
        order=frozen_map({mid: i for i, mid in enumerate(modifiers)}),
        groups=frozen_map(relevant),
        views=frozen_map(views),
    )


def _check_groups(
    effect: Effect,
    sid: str,
    tid: str,
    groups: Mapping[str, ModifierGroup],
    ordered: Sequence[Modifier],
    reasons: Mapping[str, tuple[str, ...]],
    raw: _Raw,
    problems: _Problems,
) -> None:
    """A group's minimum must be reachable, or a Gift with that Style could never be saved."""
    for group in groups.values():
        if group.min == 0:
            continue
        members = [m for m in ordered if m.group == group.id]
        applies = (sid in group.styles) if group.styles else bool(members)
        if not applies and group.id not in effect.groups:
            continue
        if group.styles and sid not in group.styles:
            continue
        usable = [m for m in members if m.id not in reasons]
        if sum(m.max for m in usable) < group.min:
            problems.add(
                effect.origin.file,
                f"effects.{effect.id}",
                f"with the {raw.styles[sid].name} Style and the {raw.gift_types[tid].name} Type "
                f"only {len(usable)} modifier(s) of the {group.name} group fit, but at least "
                f"{group.min} must be chosen (does the template use the slot they fill?)",
            )


# --------------------------------------------------------------------------- stock gifts


def _stock_choice(value: Any, report: Report, where: str) -> ModifierChoice | None:
    if isinstance(value, str):
        return ModifierChoice(value)
    if isinstance(value, dict):
        f = _Fields(
            value, lambda m: report(f"{where}: {m}"), "a modifier choice", ("id", "detail", "count")
        )
        mid = f.get("id", str)
        if not mid:
            return None
        return ModifierChoice(mid, f.get("detail", str, "") or "", f.get("count", int, 1) or 1)
    report(f"{where} must be a modifier id or a table {{ id = ..., detail = ..., count = ... }}")
    return None


def _parse_stock(raw: _Raw, catalog: Catalog, problems: _Problems) -> dict[str, StockGift]:
    from builder.contract.gifts.evaluate import evaluate_gift  # the evaluator needs a built catalog

    stock: dict[str, StockGift] = {}
    for gid, category, entry, origin, table in raw.stock_tables:
        report = problems.at(origin.file, entry)
        if not _check_id(gid, report, "stock Gift id"):
            continue
        if gid in stock:
            report(f"stock Gift {gid!r} is already defined in {stock[gid].origin.file}")
            continue
        f = _Fields(
            table,
            report,
            "a stock Gift",
            (
                "name",
                "tagline",
                "description",
                "type",
                "effect",
                "style",
                "cost",
                "status",
                "parameters",
                "enhancements",
                "drawbacks",
            ),
        )
        choices: dict[str, list[ModifierChoice]] = {"enhancements": [], "drawbacks": []}
        for key in choices:
            for i, value in enumerate(f.get(key, list, []) or []):
                choice = _stock_choice(value, report, f"{key}[{i}]")
                if choice:
                    choices[key].append(choice)
        params = f.get("parameters", dict, {}) or {}
        if not all(isinstance(v, str) for v in params.values()):
            report("'parameters' must map Parameter ids to level ids (text)")
            params = {k: v for k, v in params.items() if isinstance(v, str)}
        draft = GiftDraft(
            gift_type=f.text("type"),
            effect=f.text("effect"),
            style=f.text("style"),
            enhancements=tuple(choices["enhancements"]),
            drawbacks=tuple(choices["drawbacks"]),
            parameters=params,
            name=f.text("name"),
            tagline=f.text("tagline", ""),
            description=f.text("description"),
        )
        claimed_cost = f.get("cost", int)
        claimed_status = f.status()
        effect = catalog.effects.get(draft.effect)
        if effect is not None and category and effect.category != category:
            report(f"Effect {draft.effect!r} is in category {effect.category!r}, not {category!r}")
        result = evaluate_gift(draft, catalog, status=claimed_status)
        for finding in result.errors:
            report(f"{finding.where or 'draft'}: {finding.message}")
        if claimed_cost is not None and not result.errors and result.cost != claimed_cost:
            report(
                f"claims Gift Cost {claimed_cost} but evaluates to {result.cost} "
                f"({result.breakdown_text()})"
            )
        if not result.errors and result.required_status > claimed_status:
            report(
                f"claims Status {claimed_status.label} but needs {result.required_status.label} "
                f"({'; '.join(r.message for r in result.status_reasons)})"
            )
        if not result.errors and not result.saveable:
            blocking = "; ".join(w.message for w in result.blocking)
            report(f"is not a legal Gift: {blocking}")
        stock[gid] = StockGift(gid, category, draft, claimed_cost or 0, claimed_status, origin)
    return stock


# --------------------------------------------------------------------------- entry points


def _walk(source: _Source, raw: _Raw, problems: _Problems) -> None:
    root = source.root
    if not root.is_dir():
        problems.add(source.rel(root), "", "catalog folder does not exist")
        return
    core = root / "core.toml"
    if core.is_file():
        origin = Origin(source.rel(core), source.catalog)
        doc = _read_toml(core, origin.file, problems)
        if doc is not None:
            _parse_core(doc, origin, raw, problems)
    general = root / "general.toml"
    if general.is_file():
        origin = Origin(source.rel(general), source.catalog)
        doc = _read_toml(general, origin.file, problems)
        if doc is not None:
            _parse_general(doc, origin, raw, problems)
    for path in sorted((root / "effects").glob("*.toml")):
        origin = Origin(source.rel(path), source.catalog)
        doc = _read_toml(path, origin.file, problems)
        if doc is not None:
            _parse_effect_file(doc, path, origin, raw, problems)
    for path in sorted((root / "stock").glob("*.toml")):
        origin = Origin(source.rel(path), source.catalog)
        doc = _read_toml(path, origin.file, problems)
        if doc is not None:
            _collect_stock(doc, path, origin, raw, problems)


def house_catalog_name(folder: Path) -> tuple[str, list[CatalogProblem]]:
    """The name a house-rule folder gives itself in its ``catalog.toml``."""
    problems = _Problems()
    path = folder / "catalog.toml"
    file = f"{folder.name}/catalog.toml"
    if not path.is_file():
        problems.add(file, "", 'a house-rule catalog folder needs catalog.toml with name = "..."')
        return folder.name, problems.items
    doc = _read_toml(path, file, problems)
    if doc is None:
        return folder.name, problems.items
    f = _Fields(doc, problems.at(file, ""), "file", ("name", "summary"))
    name = f.text("name")
    return (name.strip() or folder.name), problems.items


def build_catalog(sources: Sequence[_Source]) -> tuple[Catalog | None, list[CatalogProblem]]:
    """Run the whole pipeline over folders (shipped first); return the catalog or the problems."""
    problems = _Problems()
    raw = _Raw()
    for source in sources:
        if source.catalog:
            raw.house_catalogs.append(source.catalog)
        _walk(source, raw, problems)
    if not raw.gift_types or not raw.styles:
        problems.add("core.toml", "", "the catalog defines no Gift Types or no Styles")
    _check_refs(raw, problems)
    index: dict[str, EffectIndex] = {}
    for effect in raw.effects.values():
        compiled = _compile_effect(effect, raw, problems)
        if compiled is None:
            continue
        built = _index_effect(effect, compiled, raw, problems)
        if built is not None:
            index[effect.id] = built
    catalog = Catalog(
        gift_types=frozen_map(raw.gift_types),
        styles=frozen_map(raw.styles),
        categories=frozen_map(raw.categories),
        effects=frozen_map({k: v for k, v in raw.effects.items() if k in index}),
        general=frozen_map(raw.general),
        groups=frozen_map(raw.groups),
        stock=frozen_map({}),
        house_catalogs=tuple(raw.house_catalogs),
        index=frozen_map(index),
    )
    if problems.items:
        # stock Gifts are only checked against a sound catalog, or every one would fail too
        return None, problems.items
    stock = _parse_stock(raw, catalog, problems)
    if problems.items:
        return None, problems.items
    return (
        Catalog(
            gift_types=catalog.gift_types,
            styles=catalog.styles,
            categories=catalog.categories,
            effects=catalog.effects,
            general=catalog.general,
            groups=catalog.groups,
            stock=frozen_map(stock),
            house_catalogs=catalog.house_catalogs,
            index=catalog.index,
        ),
        [],
    )


def load_catalog(
    house_dirs: Sequence[str | Path] = (), base_dir: str | Path | None = None
) -> Catalog:
    """Load the catalog from ``base_dir`` (default: shipped) plus house-rule folders.

    Raises CatalogError listing every problem (file, entry, message).
    """
    base = Path(base_dir) if base_dir is not None else shipped_catalog_dir()
    sources = [_Source(base, "")]
    name_problems: list[CatalogProblem] = []
    for folder in house_dirs:
        path = Path(folder)
        name, found = house_catalog_name(path)
        name_problems += found
        sources.append(_Source(path, name))
    catalog, problems = build_catalog(sources)
    problems = name_problems + problems
    if problems or catalog is None:
        raise CatalogError(problems)
    return catalog


def check_catalog_dir(folder: str | Path) -> list[CatalogProblem]:
    """Problems of a house-rule catalog folder loaded on top of the shipped catalog."""
    try:
        load_catalog([folder])
    except CatalogError as exc:
        return list(exc.problems)
    return []


@functools.lru_cache(maxsize=8)
def _cached(house_dirs: tuple[str, ...]) -> Catalog:
    return load_catalog(house_dirs)


def default_catalog(house_dirs: Sequence[str | Path] = ()) -> Catalog:
    """The shipped catalog (plus house-rule folders), loaded once per process and reused."""
    return _cached(tuple(str(Path(p).resolve()) for p in house_dirs))
