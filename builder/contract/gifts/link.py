"""Link the Gift catalog's raw entries: check references, compile templates, index Effects.

After every file is parsed, each id an entry names must exist; each Effect's
templates are parsed per Style; and the per-Effect index lists which modifiers a
Gift of each Style and Type may choose, and why the others are unavailable
("Restrictions on Gifts"). Problems are reported, never raised.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from builder.contract.gifts.catalog import (
    ANY_STYLE,
    Effect,
    EffectIndex,
    Modifier,
    ModifierGroup,
    ModifierKind,
    StyleView,
    frozen_map,
)
from builder.contract.gifts.fields import RawCatalog
from builder.contract.gifts.tables import ModifierFacts, modifier_facts
from builder.contract.gifts.template import Sentence, TemplateSyntaxError, parse_sentence
from builder.core.catalog import Problems, Report


def _style_names(ids: Iterable[str], raw: RawCatalog) -> str:
    names = [raw.styles[s].name if s in raw.styles else s for s in sorted(ids)]
    return _or_list(names)


def _or_list(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def check_refs(raw: RawCatalog, problems: Problems) -> None:  # noqa: C901  (complexity 12 when the limits came in)
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


def _check_modifier_refs(  # noqa: C901  (complexity 11 when the limits came in)
    mod: Modifier,
    entry: str,
    raw: RawCatalog,
    groups: Mapping[str, ModifierGroup],
    known: Mapping[str, Modifier],
    problems: Problems,
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


def compile_effect(effect: Effect, raw: RawCatalog, problems: Problems) -> _Compiled | None:  # noqa: C901, PLR0912  (complexity 15, 14 branches when the limits came in)
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


def _general_for(
    effect: Effect, raw: RawCatalog, all_slots: frozenset[str], report: Report
) -> dict[str, Modifier]:
    """The general modifiers an Effect offers: those that apply and fit its Styles, slots, Types."""
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
    return general


def _facts(mod: Modifier, known: dict[int, ModifierFacts]) -> ModifierFacts:
    """A modifier's facts, made once per modifier however many Effects offer it."""
    got = known.get(id(mod))
    if got is None:
        got = known[id(mod)] = modifier_facts(mod)
    return got


def index_effect(  # noqa: C901, PLR0912, PLR0915  (complexity 20, 19 branches, 53 statements when the limits came in)
    effect: Effect,
    compiled: _Compiled,
    raw: RawCatalog,
    problems: Problems,
    known: dict[int, ModifierFacts] | None = None,
) -> EffectIndex | None:
    """An Effect's index: its modifiers in order, its views per Style × Type, its tables.

    ``known`` carries the modifier facts already made for other Effects of the catalog.
    """
    known = {} if known is None else known
    entry = f"effects.{effect.id}"
    report = problems.at(effect.origin.file, entry)
    groups: dict[str, ModifierGroup] = {**raw.groups, **effect.groups}
    all_slots = frozenset().union(*compiled.used.values()) if compiled.used else frozenset()
    param_slots = {p.slot: p.id for p in effect.parameters.values()}

    general = _general_for(effect, raw, all_slots, report)

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
                # The loader refuses a Parameter whose default names none of its levels.
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
        facts=frozen_map({mid: _facts(m, known) for mid, m in modifiers.items()}),
    )


def _check_groups(
    effect: Effect,
    sid: str,
    tid: str,
    groups: Mapping[str, ModifierGroup],
    ordered: Sequence[Modifier],
    reasons: Mapping[str, tuple[str, ...]],
    raw: RawCatalog,
    problems: Problems,
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
