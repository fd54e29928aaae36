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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field

from builder.contract.gifts.catalog import (
    Catalog,
    CatalogError,
    CatalogProblem,
    EffectIndex,
    Origin,
    StockGift,
    frozen_map,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.gifts.fields import (
    GiftText,
    RawCatalog,
    StatusName,
    new_id,
    validate,
    validate_parts,
)
from builder.contract.gifts.link import check_refs, compile_effect, index_effect
from builder.contract.gifts.parse import collect_stock, parse_core, parse_effect_file, parse_general
from builder.contract.gifts.tables import ModifierFacts
from builder.contract.status import Status
from builder.core.catalog import (
    MAX_CATALOG_FILE_BYTES,
    CatalogFileError,
    CatalogModel,
    Problems,
    Report,
    read_toml,
)
from builder.core.collector import collector_paused


def shipped_catalog_dir() -> Path:
    """The folder of the standard catalog shipped with Harbinger."""
    from resources import resource_path

    return resource_path("gifts")


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


def _read_toml(path: Path, file: str, problems: Problems) -> dict[str, Any] | None:
    """The TOML in ``path``, or None with the reason reported against ``file``."""
    try:
        return read_toml(path, limit=MAX_CATALOG_FILE_BYTES)
    except CatalogFileError as exc:
        problems.add(file, "", exc.reason)
    return None


# --------------------------------------------------------------------------- stock gifts


class _StockChoiceShape(CatalogModel):
    """A stock Gift's modifier written as a table: ``{ id = ..., detail = ..., count = ... }``."""

    id: str
    detail: str = ""
    count: int = 1


class _StockGiftShape(CatalogModel):
    """A ``[gifts.<id>]`` table of ``stock/*.toml``: a ready-made Gift and what it claims."""

    name: GiftText
    tagline: str = ""
    description: GiftText
    type: GiftText
    effect: GiftText
    style: GiftText
    cost: int
    status: StatusName = Status.NEWBIE
    parameters: dict[str, str] = Field(default={})
    enhancements: list[Any] = Field(default=[])  # each read by _stock_choice
    drawbacks: list[Any] = Field(default=[])


def _stock_choice(value: Any, report: Report, where: str) -> ModifierChoice | None:
    if isinstance(value, str):
        return ModifierChoice(value)
    if isinstance(value, dict):
        shape = validate(
            _StockChoiceShape, value, lambda m: report(f"{where}: {m}"), "a modifier choice"
        )
        if shape is None or not shape.id:
            return None
        return ModifierChoice(shape.id, shape.detail, shape.count or 1)
    report(f"{where} must be a modifier id or a table {{ id = ..., detail = ..., count = ... }}")
    return None


def _stock_draft(shape: _StockGiftShape, report: Report) -> GiftDraft:
    """The Gift a stock entry describes, its modifier choices read one by one."""
    choices: dict[str, list[ModifierChoice]] = {"enhancements": [], "drawbacks": []}
    for key, values in (("enhancements", shape.enhancements), ("drawbacks", shape.drawbacks)):
        for i, value in enumerate(values):
            choice = _stock_choice(value, report, f"{key}[{i}]")
            if choice:
                choices[key].append(choice)
    return GiftDraft(
        gift_type=shape.type,
        effect=shape.effect,
        style=shape.style,
        enhancements=tuple(choices["enhancements"]),
        drawbacks=tuple(choices["drawbacks"]),
        parameters=shape.parameters,
        name=shape.name,
        tagline=shape.tagline,
        description=shape.description,
    )


def _parse_stock(raw: RawCatalog, catalog: Catalog, problems: Problems) -> dict[str, StockGift]:
    from builder.contract.gifts.evaluate import evaluate_gift  # the evaluator needs a built catalog

    stock: dict[str, StockGift] = {}
    for gid, category, entry, origin, table in raw.stock_tables:
        report = problems.at(origin.file, entry)
        if not new_id(gid, stock, report, "stock Gift"):
            continue
        shape = validate(_StockGiftShape, table, report, "a stock Gift")
        if shape is None:
            continue
        draft = _stock_draft(shape, report)
        claimed_cost, claimed_status = shape.cost, shape.status
        effect = catalog.effects.get(draft.effect)
        if effect is not None and category and effect.category != category:
            report(f"Effect {draft.effect!r} is in category {effect.category!r}, not {category!r}")
        result = evaluate_gift(draft, catalog, status=claimed_status)
        for finding in result.errors:
            report(f"{finding.where or 'draft'}: {finding.message}")
        if not result.errors and result.cost != claimed_cost:
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
        stock[gid] = StockGift(gid, category, draft, claimed_cost, claimed_status, origin)
    return stock


# --------------------------------------------------------------------------- entry points


def _walk(source: _Source, raw: RawCatalog, problems: Problems) -> None:
    root = source.root
    if not root.is_dir():
        problems.add(source.rel(root), "", "catalog folder does not exist")
        return
    core = root / "core.toml"
    if core.is_file():
        origin = Origin(source.rel(core), source.catalog)
        doc = _read_toml(core, origin.file, problems)
        if doc is not None:
            parse_core(doc, origin, raw, problems)
    general = root / "general.toml"
    if general.is_file():
        origin = Origin(source.rel(general), source.catalog)
        doc = _read_toml(general, origin.file, problems)
        if doc is not None:
            parse_general(doc, origin, raw, problems)
    for path in sorted((root / "effects").glob("*.toml")):
        origin = Origin(source.rel(path), source.catalog)
        doc = _read_toml(path, origin.file, problems)
        if doc is not None:
            parse_effect_file(doc, path, origin, raw, problems)
    for path in sorted((root / "stock").glob("*.toml")):
        origin = Origin(source.rel(path), source.catalog)
        doc = _read_toml(path, origin.file, problems)
        if doc is not None:
            collect_stock(doc, path, origin, raw, problems)


class _HouseFile(CatalogModel):
    """A house-rule folder's ``catalog.toml``: the name its Gifts are marked with."""

    name: GiftText
    summary: str = ""


def house_catalog_name(folder: Path) -> tuple[str, list[CatalogProblem]]:
    """The name a house-rule folder gives itself in its ``catalog.toml``."""
    problems = Problems()
    path = folder / "catalog.toml"
    file = f"{folder.name}/catalog.toml"
    if not path.is_file():
        problems.add(file, "", 'a house-rule catalog folder needs catalog.toml with name = "..."')
        return folder.name, problems.items
    doc = _read_toml(path, file, problems)
    if doc is None:
        return folder.name, problems.items
    _, parts = validate_parts(_HouseFile, doc, problems.at(file, ""), "file")
    name = parts.get("name", "").strip()
    return (name or folder.name), problems.items


def build_catalog(sources: Sequence[_Source]) -> tuple[Catalog | None, list[CatalogProblem]]:
    """Run the whole pipeline over folders (shipped first); return the catalog or the problems."""
    problems = Problems()
    raw = RawCatalog()
    for source in sources:
        if source.catalog:
            raw.house_catalogs.append(source.catalog)
        _walk(source, raw, problems)
    if not raw.gift_types or not raw.styles:
        problems.add("core.toml", "", "the catalog defines no Gift Types or no Styles")
    check_refs(raw, problems)
    index: dict[str, EffectIndex] = {}
    known: dict[int, ModifierFacts] = {}  # a general modifier's facts serve every Effect
    for effect in raw.effects.values():
        compiled = compile_effect(effect, raw, problems)
        if compiled is None:
            continue
        built = index_effect(effect, compiled, raw, problems, known)
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
    with collector_paused():  # thousands of frozen values in no cycles: no walk finds garbage
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
