"""Player-chosen rolls and weapons of an Effect (issue 15, item 1).

Where the rules leave a Gift's roll to the player ("The GM names one
Attribute, one Ability, and a Difficulty" — for a Gift, the Gift names them),
or the Gift works through a weapon the player picks, the catalog lists the
choice under ``[effects.<id>.choices.<choice>]`` and the draft carries what
was picked (``GiftDraft.choices``). The pick fills a System Text slot
("Roll Dexterity + Athletics at Difficulty 6"); without a pick the slot keeps
its catalog default. A pick never changes the Gift Cost.

Catalog fields (see FORMAT.md §2.6)::

    [effects.injure.choices.roll]
    name = "Attack roll"
    kind = "roll"               # "roll": an Attribute + Ability; "weapon": one of `options`
    slot = "roll"               # the slot it fills; it needs a default in `slots`
    attributes = ["intellect", "perception"]   # roll only; default: all five
    abilities = ["occult", "athletics"]        # roll only; default: every primary Ability
    options = [{ id = "knife", name = "Knife", text = "a knife" }]   # weapon only

A roll is stored as ``"dexterity+athletics"``; a weapon as its option id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from builder.core.findings import Finding, Severity

ROLL = "roll"
WEAPON = "weapon"
CHOICE_FIELDS = ("name", "kind", "slot", "prompt", "attributes", "abilities", "options")


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    """One weapon the player may pick: ``text`` is how the System Text names it."""

    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class PlayerChoice:
    """A roll or weapon the player picks for an Effect; it fills ``slot``."""

    id: str
    name: str
    kind: str
    slot: str
    prompt: str
    attributes: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    options: tuple[ChoiceOption, ...] = ()

    def text_for(self, value: str) -> str | None:
        """The System Text for a picked value, or None when it is not allowed."""
        if self.kind == ROLL:
            attribute, _, ability = value.partition("+")
            if attribute in self.attributes and ability in self.abilities:
                return f"{attribute.capitalize()} + {ability.capitalize()}"
            return None
        option = next((o for o in self.options if o.id == value), None)
        return option.text if option else None

    def allowed(self) -> str:
        """The allowed values in words, for a refusal message."""
        if self.kind == ROLL:
            attrs = ", ".join(a.capitalize() for a in self.attributes)
            abils = ", ".join(a.capitalize() for a in self.abilities)
            return f"an Attribute ({attrs}) + an Ability ({abils}), written attribute+ability"
        return "one of " + ", ".join(o.id for o in self.options)


def _names(value: Any, known: tuple[str, ...], what: str, report: Callable[[str], None]) -> tuple:
    if value is None:
        return known
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        report(f"'{what}' must be a non-empty list of names")
        return known
    out = tuple(v.lower() for v in value)
    for name in out:
        if name not in known:
            report(f"'{what}': unknown {what[:-1]} {name!r} (known: {', '.join(known)})")
    return tuple(n for n in out if n in known)


def parse_choice(  # noqa: C901  (complexity 12 when the limits came in)
    cid: str, table: Any, slots: Mapping[str, str], report: Callable[[str], None]
) -> PlayerChoice | None:
    """One ``choices.<id>`` table, every problem reported; None when it cannot be used."""
    from builder.contract.character import ATTRIBUTES, PRIMARY_ABILITIES

    if not isinstance(table, dict):
        report("a choice must be a table")
        return None
    for key in table:
        if key not in CHOICE_FIELDS:
            report(f"unknown field {key!r} in a choice (known: {', '.join(CHOICE_FIELDS)})")
    kind, slot, name = table.get("kind"), table.get("slot"), table.get("name")
    if kind not in (ROLL, WEAPON):
        report(f"field 'kind' must be {ROLL!r} or {WEAPON!r}, not {kind!r}")
        return None
    if not isinstance(name, str) or not name:
        report("field 'name' is required")
        return None
    if not isinstance(slot, str) or slot not in slots:
        report(f"field 'slot' must name a slot with a default in 'slots', not {slot!r}")
        return None
    options: list[ChoiceOption] = []
    if kind == WEAPON:
        for raw in table.get("options", []) or []:
            if not isinstance(raw, dict) or not all(
                isinstance(raw.get(k), str) and raw.get(k) for k in ("id", "name", "text")
            ):
                report("each weapon option needs 'id', 'name' and 'text'")
                continue
            options.append(ChoiceOption(raw["id"], raw["name"], raw["text"]))
        if len(options) < 2:
            report("a weapon choice needs at least two 'options'")
    elif "options" in table:
        report("'options' is for weapon choices; a roll uses 'attributes' and 'abilities'")
    prompt = table.get("prompt", "")
    return PlayerChoice(
        id=cid,
        name=name,
        kind=kind,
        slot=slot,
        prompt=prompt if isinstance(prompt, str) else "",
        attributes=_names(table.get("attributes"), ATTRIBUTES, "attributes", report)
        if kind == ROLL
        else (),
        abilities=_names(table.get("abilities"), PRIMARY_ABILITIES, "abilities", report)
        if kind == ROLL
        else (),
        options=tuple(options),
    )


def choice_texts(
    choices: Mapping[str, PlayerChoice], picked: Mapping[str, str]
) -> tuple[dict[str, str], list[Finding]]:
    """Slot values of the picked choices, and an ERROR for each pick not allowed."""
    values: dict[str, str] = {}
    errors: list[Finding] = []
    for cid, value in picked.items():
        choice = choices.get(cid)
        if choice is None:
            known = ", ".join(choices) or "none"
            errors.append(
                Finding(
                    "gift.unknown_choice",
                    f"this Effect has no choice {cid!r} (choices: {known})",
                    f"choices.{cid}",
                    Severity.ERROR,
                )
            )
            continue
        text = choice.text_for(value)
        if text is None:
            errors.append(
                Finding(
                    "gift.choice_not_allowed",
                    f"{choice.name}: {value!r} is not allowed; choose {choice.allowed()}",
                    f"choices.{cid}",
                    Severity.ERROR,
                )
            )
            continue
        values[choice.slot] = text
    return values, errors
