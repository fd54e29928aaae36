"""A Gift's price: one pure stage between resolving a draft and checking it.

``evaluate_gift`` runs in three stages, as beancount books before it
validates: the checks of :mod:`builder.contract.gifts.checks` *resolve* the
draft against the catalog (which Type, Effect, Style, modifiers and Parameter
levels it validly takes) and report findings; :func:`price` turns what was
resolved into the cost lines; nothing else adds to the cost. The rule, from
"Gift Cost" (SPEC §3)::

    Gift Cost = 1 + Gift Type adjustment + Effect×Style adjustment
                + Enhancements − Drawbacks (each × times taken)
                + Σ Parameters (chosen level − default level)

Only what was validly chosen is priced: an unknown Type or a Style the Effect
does not allow adds no line, and when the Effect itself is unknown nothing
after the Type can be priced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.contract.gifts.evaluation import CostLine

if TYPE_CHECKING:
    from builder.contract.gifts.checks import DraftCheck

BASE = CostLine("base", "", "base", 1)
"""Every Gift starts at 1 ("Gift Cost")."""


def price(resolved: DraftCheck) -> tuple[CostLine, ...]:
    """The cost lines of a resolved draft, in the order the rules add them (reads, never writes).

    Base 1; the Gift Type's adjustment; the Effect×Style adjustment; each
    Enhancement (+1) and Drawback (−1) × times taken, in the draft's order;
    then every Parameter of the Effect at its chosen level (its default when
    not chosen or not valid), costing its steps from the default. Modifier
    lines were made by the loader (:mod:`builder.contract.gifts.tables`).
    """
    lines = [BASE]
    gift_type = resolved.gift_type
    if gift_type is not None:
        lines.append(CostLine("type", gift_type.id, gift_type.name, gift_type.cost))
    entry = resolved.entry
    if entry is None:
        return tuple(lines)
    effect, effect_style, style = entry.effect, resolved.effect_style, resolved.style
    if effect_style is not None and style is not None:
        lines.append(
            CostLine(
                "style", effect_style.style, f"{effect.name} as {style.name}", effect_style.cost
            )
        )
    facts = entry.facts
    for mid, (_mod, choice, _where) in resolved.chosen.items():
        lines.append(facts[mid].lines[choice.count - 1])
    levels = resolved.levels
    for pid, param in effect.parameters.items():
        default = param.level(param.default)
        assert default is not None, "the loader checks every default level exists"
        chosen = levels.get(pid)
        level = chosen[1] if chosen else default
        steps = level.index - default.index
        lines.append(CostLine("parameter", pid, f"{param.name}: {level.name}", steps))
    return tuple(lines)
