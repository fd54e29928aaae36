"""The Gift catalog: Gift Types, Activation Styles, Effects and their modifiers (SPEC §3).

The catalog is data (TOML files under ``resources/gifts/``, described in
``resources/gifts/FORMAT.md``), never code. This module holds the frozen
values the files turn into; :mod:`builder.contract.gifts.loader` reads and validates
the files, and :mod:`builder.contract.gifts.evaluate` prices a draft against them.

Rules implemented here as data shapes ("Gift Guide" in the rules):
- a Gift is a Gift Type + an Effect + an Activation Style the Effect allows;
- Parameters are ordered levels, one step = ±1 Gift Cost;
- Enhancements cost +1 and Drawbacks −1 each, some taken several times;
- Effects, modifiers and Parameter levels may require a Status.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

from builder.contract.gifts.bonus import DiceBonus
from builder.contract.gifts.choices import PlayerChoice
from builder.contract.gifts.draft import GiftDraft
from builder.contract.gifts.template import Sentence
from builder.contract.status import Status
from builder.core.catalog import CatalogProblem as CatalogProblem  # shared by every reader

if TYPE_CHECKING:
    from builder.contract.gifts.tables import ModifierFacts

ANY_STYLE = "*"
"""Key of a modifier's text table that serves every Style without its own entry."""


def frozen_map(mapping: Mapping | None = None) -> Mapping:
    """A read-only view of a copy, so catalog values stay immutable once loaded."""
    return MappingProxyType(dict(mapping or {}))


class ModifierKind(StrEnum):
    """Enhancements raise the Gift Cost by 1 each, Drawbacks lower it by 1."""

    ENHANCEMENT = "enhancement"
    DRAWBACK = "drawback"

    @property
    def sign(self) -> int:
        """+1 for an Enhancement, −1 for a Drawback ("Gift Cost")."""
        return 1 if self is ModifierKind.ENHANCEMENT else -1

    @property
    def label(self) -> str:
        """The kind as a heading prints it ("Enhancement")."""
        return _KIND_LABELS[self]


_KIND_LABELS: dict[ModifierKind, str] = {k: str(k).capitalize() for k in ModifierKind}
"""Each kind's label, made once (an enum's ``value`` is a slow descriptor)."""


class Join(StrEnum):
    """How an appended clause joins its slot."""

    AND = "and"
    OR = "or"
    SENTENCE = "sentence"


class CatalogError(Exception):
    """The catalog files are broken; ``problems`` lists every problem found."""

    def __init__(self, problems: list[CatalogProblem]) -> None:
        self.problems = tuple(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in the Gift catalog:\n{lines}")


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a catalog entry came from: the file, and the house-rule catalog name.

    ``catalog`` is "" for the standard catalog shipped with Harbinger; a Gift
    using anything with a non-empty ``catalog`` is house-rule content and
    locks the contractor to that playgroup ("Restrictions on Gifts", 1).
    """

    file: str
    catalog: str = ""

    @property
    def house_rule(self) -> bool:
        return bool(self.catalog)


@dataclass(frozen=True, slots=True)
class GiftType:
    """A Gift Type ("Gift Types"): how the Gift manifests and what that risks.

    ``cost`` is its Gift Cost adjustment; ``crafts`` is "artifact" or
    "consumable" for the crafting Types ("" otherwise); ``styles`` are the
    Activation Styles it can take (empty: all); ``style_slots`` give
    Type-specific values of standard slots per Style (a Consumable is used
    up instead of Exerting); ``note`` is a closing System Text sentence.
    """

    id: str
    name: str
    cost: int
    summary: str
    reliability: str
    risk_of_loss: str
    crafting: str
    crafts: str
    styles: frozenset[str]
    style_slots: Mapping[str, Mapping[str, str]]
    note: str
    origin: Origin


@dataclass(frozen=True, slots=True)
class ActivationStyle:
    """An Activation Style ("Activation Styles"): Activated, Targeted, Trap or Passive.

    ``slots`` are default values of standard slots (``activation``,
    ``trigger``) that Effect templates may use.
    """

    id: str
    name: str
    summary: str
    slots: Mapping[str, str]
    origin: Origin


@dataclass(frozen=True, slots=True)
class Category:
    """A group of Effects (offensive, social, ...) — one catalog file each."""

    id: str
    name: str
    summary: str
    origin: Origin


@dataclass(frozen=True, slots=True)
class ParameterLevel:
    """One step of a Parameter; ``index`` is its position (cost steps count from the default)."""

    id: str
    name: str
    text: str
    status: Status
    index: int
    dice_bonus: DiceBonus | None = None


@dataclass(frozen=True, slots=True)
class Parameter:
    """A Parameter ("Parameters"): ordered levels, each step ±1 Gift Cost from ``default``.

    The chosen level's ``text`` fills ``slot`` in the System Text.
    """

    id: str
    name: str
    summary: str
    slot: str
    default: str
    levels: tuple[ParameterLevel, ...]

    @property
    def default_index(self) -> int:
        # The loader refuses a Parameter whose default names none of its levels.
        return self.level(self.default).index  # type: ignore[union-attr]

    def level(self, level_id: str) -> ParameterLevel | None:
        for level in self.levels:
            if level.id == level_id:
                return level
        return None


@dataclass(frozen=True, slots=True)
class ModifierGroup:
    """Modifiers of which a Gift must take at least ``min`` (e.g. a Trap's Triggers).

    ``styles`` limits when the minimum applies (empty: always). A group may
    also need ``status`` once more than ``status_over`` of its modifiers are
    picked (issue 15: "Status thresholds by group size"; 0 = no threshold).
    """

    id: str
    name: str
    min: int
    styles: frozenset[str]
    rules: str
    origin: Origin
    status_over: int = 0
    status: Status = Status.NEWBIE


@dataclass(frozen=True, slots=True)
class Modifier:
    """An Enhancement or Drawback ("Enhancements and Drawbacks").

    System Text: ``text`` (per Style id, or ``ANY_STYLE``) is appended to
    ``slot`` joined by ``join``; with ``join`` SENTENCE it is a whole sentence
    after the sentence using ``slot`` (or at the end when ``slot`` is "").
    ``replace`` (per Style) replaces the slot's value instead. ``{detail}``
    in the text is the player's detail text (``detail_label`` names it,
    ``detail_blank`` stands in while it is empty). ``max`` > 1 lets it be
    taken several times (``text_many`` is the plural wording); a modifier
    with a detail taken several times has one detail per instance, joined
    into ``{detail}`` with ``detail_join`` ("and": "fire and cold").

    ``dice_bonus`` marks an Attribute dice bonus the modifier gives (issue 15).

    Restrictions: ``requires``/``excludes`` (modifier ids), ``status``,
    ``styles``/``types`` (empty: all), ``group`` (a ModifierGroup id).
    ``general`` modifiers come from general.toml and reach Effects through
    ``applies_to`` (effect ids, ``category:<id>`` or ``*``) or an Effect's
    ``use_general`` list.
    """

    id: str
    name: str
    kind: ModifierKind
    rules: str
    slot: str
    join: Join | None
    text: Mapping[str, str]
    text_many: Mapping[str, str]
    replace: Mapping[str, str]
    detail_label: str
    detail_blank: str
    max: int
    requires: tuple[str, ...]
    excludes: tuple[str, ...]
    status: Status
    styles: frozenset[str]
    types: frozenset[str]
    group: str
    general: bool
    applies_to: tuple[str, ...]
    origin: Origin
    detail_join: str = "and"
    dice_bonus: DiceBonus | None = None

    @property
    def is_replacement(self) -> bool:
        return bool(self.replace)

    def wording(self, style: str, many: bool = False) -> str | None:
        """The clause this modifier writes for a Style, or None if it has none for it."""
        table = self.replace or (self.text_many if many and self.text_many else self.text)
        got = table.get(style)
        return got if got is not None else table.get(ANY_STYLE)


@dataclass(frozen=True, slots=True)
class EffectStyle:
    """An Activation Style as one Effect allows it: its cost adjustment and wording.

    ``template`` is the Style's own sentence list (empty: the Effect's
    default template); ``slots`` override slot defaults for this Style.
    """

    style: str
    cost: int
    template: tuple[str, ...]
    slots: Mapping[str, str]
    status: Status


@dataclass(frozen=True, slots=True)
class Effect:
    """An Effect ("Effects"): what the Gift does, and every way it can be customised."""

    id: str
    name: str
    category: str
    summary: str
    prompt: str
    status: Status
    types: frozenset[str]
    styles: Mapping[str, EffectStyle]
    template: tuple[str, ...]
    slots: Mapping[str, str]
    parameters: Mapping[str, Parameter]
    modifiers: Mapping[str, Modifier]
    groups: Mapping[str, ModifierGroup]
    use_general: tuple[str, ...]
    exclude_general: tuple[str, ...]
    origin: Origin
    choices: Mapping[str, PlayerChoice] = field(default_factory=lambda: MappingProxyType({}))
    #: "rules" (named by the rules text), "harbinger" (Harbinger's own design) or "" (unstated)
    design: str = ""
    dice_bonus: DiceBonus | None = None


@dataclass(frozen=True, slots=True)
class StockGift:
    """A premade Gift ("Stock Gifts"): a full draft, the cost it claims and the Status it needs."""

    id: str
    category: str
    draft: GiftDraft
    cost: int
    status: Status
    origin: Origin


@dataclass(frozen=True, slots=True)
class StyleView:
    """Everything about one Effect × Style × Gift Type that does not depend on the choices.

    Precomputed at load so that evaluating a draft only looks things up.
    ``static_reasons`` says, for each modifier id of the Effect that cannot be
    used with this Style and Type, why not. ``replacers`` lists, per slot,
    the modifiers that replace it.
    """

    effect: Effect
    style: EffectStyle
    gift_type: GiftType
    sentences: tuple[Sentence, ...]
    slot_order: tuple[str, ...]
    base_slots: Mapping[str, str]
    static_reasons: Mapping[str, tuple[str, ...]]
    replacers: Mapping[str, tuple[str, ...]]
    param_slots: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class EffectIndex:
    """An Effect with every modifier that applies to it (its own, then general ones).

    ``facts`` are what each modifier brings to any draft (cost lines, Status
    reason, wording), worked out at load (:mod:`builder.contract.gifts.tables`).
    """

    effect: Effect
    modifiers: Mapping[str, Modifier]
    order: Mapping[str, int]
    groups: Mapping[str, ModifierGroup]
    views: Mapping[tuple[str, str], StyleView]  # (style id, type id)
    facts: Mapping[str, ModifierFacts]


@dataclass(frozen=True, slots=True)
class Catalog:
    """The whole loaded catalog, with per-Effect indexes for fast evaluation."""

    gift_types: Mapping[str, GiftType]
    styles: Mapping[str, ActivationStyle]
    categories: Mapping[str, Category]
    effects: Mapping[str, Effect]
    general: Mapping[str, Modifier]
    groups: Mapping[str, ModifierGroup]
    stock: Mapping[str, StockGift]
    house_catalogs: tuple[str, ...]
    index: Mapping[str, EffectIndex] = field(repr=False)

    def effects_in(self, category: str) -> list[Effect]:
        """The Effects of one category, in file order."""
        return [e for e in self.effects.values() if e.category == category]

    def modifiers_for(self, effect_id: str) -> Mapping[str, Modifier]:
        """Every Enhancement and Drawback that applies to an Effect, in catalog order."""
        entry = self.index.get(effect_id)
        return entry.modifiers if entry else MappingProxyType({})
