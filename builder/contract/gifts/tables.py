"""Tables the loader works out once per catalog, so an evaluation only folds a draft over them.

Issue 29 asks one Gift evaluation to stay well under 0.2 ms. What a modifier
brings to any draft does not depend on the draft: its cost line for each
number of times it is taken, the Status reason it gives, the words the
unavailable list uses for it, and, per Effect × Style × Gift Type, the clause
it writes for each count. The loader builds these values with the catalog
(:func:`modifier_facts`, :func:`parameter_costs`, :func:`wordings`,
:func:`parameter_rows`); :mod:`builder.contract.gifts.checks`,
:mod:`builder.contract.gifts.pricing` and
:mod:`builder.contract.gifts.evaluate` read them instead of working the same
strings and lines out again on every click. Nothing here depends on a draft,
and nothing is kept from one evaluation to the next.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import IntEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from builder.contract.gifts.catalog import Join, Modifier, Parameter
from builder.contract.gifts.evaluation import CostLine, StatusReason
from builder.contract.gifts.template import fill_clause
from builder.contract.status import Status

if TYPE_CHECKING:
    from builder.contract.gifts.catalog import ParameterLevel


class Place(IntEnum):
    """Where a modifier's clause goes in the System Text (see ``Modifier``).

    AFTER is a whole sentence after the first sentence naming its slot, or
    at the end of the text when its slot is "".
    """

    REPLACE = 0
    AND = 1
    OR = 2
    AFTER = 3


class ModifierFacts(NamedTuple):
    """What one modifier of an Effect brings to any draft, worked out at load.

    ``lines`` holds its cost line for each count (``lines[count - 1]``);
    ``needs`` the Status reason taking it gives (None at Newbie); the ``*_why``
    strings are the unavailable list's words about it; ``wording`` its clause
    per Style id, for each Style with one.
    """

    mod: Modifier
    kind: str
    """The kind's value ("enhancement"), read without the enum's slow descriptor."""
    quiet: bool
    """No rule ties it to other choices or a Status: only its Style can keep it out."""
    lines: tuple[CostLine, ...]
    needs: StatusReason | None
    wording: Mapping[str, Wording]
    needs_why: str
    excludes_why: str
    """"excludes Name": said of a modifier this one excludes, when this one is chosen."""
    excluded_by_why: str
    """"excluded by Name": said of a modifier that this one excludes, when this one is chosen."""
    same_part_why: str
    """Said of another replacement of this one's slot, when this one is chosen."""


def modifier_facts(mod: Modifier, style_ids: Iterable[str]) -> ModifierFacts:
    """A modifier's facts, with its wording for each of the catalog's Styles ``style_ids``.

    The same for every Effect offering it, so a general modifier's are made once.
    """
    kind = mod.kind
    lines = tuple(
        CostLine(
            kind.value,
            mod.id,
            mod.name if count == 1 else f"{mod.name} ×{count}",
            kind.sign * count,
        )
        for count in range(1, mod.max + 1)
    )
    needs = None
    if mod.status > Status.NEWBIE:
        needs = StatusReason(
            mod.status,
            kind.value,
            mod.id,
            f"the {mod.name} {kind.label} needs {mod.status.label} Status",
        )
    return ModifierFacts(
        mod=mod,
        kind=kind.value,
        quiet=not (
            mod.requires or mod.excludes or mod.is_replacement or mod.group or needs is not None
        ),
        lines=lines,
        needs=needs,
        wording=_wordings(mod, style_ids),
        needs_why=f"needs {mod.status.label} Status",
        excludes_why=f"excludes {mod.name}",
        excluded_by_why=f"excluded by {mod.name}",
        same_part_why=f"replaces the same part of the System Text as {mod.name}",
    )


class ParameterCosts(NamedTuple):
    """A Parameter's cost line and Status reason for each of its levels (by level index)."""

    param: Parameter
    lines: tuple[CostLine, ...]
    needs: tuple[StatusReason | None, ...]
    default: int
    """Index of the default level."""


def parameter_costs(param: Parameter) -> ParameterCosts:
    """Each level's cost (its steps from the default, "Parameters") and Status reason."""
    default = param.default_index
    return ParameterCosts(
        param=param,
        lines=tuple(
            CostLine("parameter", param.id, f"{param.name}: {level.name}", level.index - default)
            for level in param.levels
        ),
        needs=tuple(
            StatusReason(
                level.status,
                "parameter",
                param.id,
                f"{param.name} at {level.name} needs {level.status.label} Status",
            )
            if level.status > Status.NEWBIE
            else None
            for level in param.levels
        ),
        default=default,
    )


class Wording(NamedTuple):
    """A usable modifier's clause in one Effect × Style, ready for each count.

    ``clauses[count - 1]`` is the catalog clause (None when it has none for
    that count); ``filled[count - 1]`` the same with its placeholders filled,
    or None when the player's detail goes into it (filled per draft).
    """

    place: Place
    slot: str
    clauses: tuple[str | None, ...]
    filled: tuple[str | None, ...]


def _place(mod: Modifier) -> Place:
    if mod.is_replacement:
        return Place.REPLACE
    if mod.join is Join.AND:
        return Place.AND
    if mod.join is Join.OR:
        return Place.OR
    return Place.AFTER


def _wordings(mod: Modifier, style_ids: Iterable[str]) -> Mapping[str, Wording]:
    """A modifier's clauses for each count, per Style with wording (most share one table)."""
    out: dict[str, Wording] = {}
    made: dict[tuple[str | None, ...], Wording] = {}
    counts = range(1, mod.max + 1)
    for sid in style_ids:
        if mod.wording(sid) is None:
            continue
        clauses = tuple(mod.wording(sid, many=count > 1) for count in counts)
        wording = made.get(clauses)
        if wording is None:
            wording = made[clauses] = Wording(
                _place(mod), mod.slot, clauses, tuple(_filled(mod, clauses))
            )
        out[sid] = wording
    return MappingProxyType(out)


def _filled(mod: Modifier, clauses: tuple[str | None, ...]) -> Iterator[str | None]:
    """Each count's clause with its placeholders filled, or None where the player's detail goes."""
    for count, clause in enumerate(clauses, 1):
        if clause is None or (mod.detail_label and "{" in clause):
            yield None
        else:
            yield fill_clause(clause, mod.detail_blank, count)


ParameterRow = tuple[str, "ParameterLevel", str, str]
"""(Parameter id, level, why it does not apply or "", "needs <Status> Status")."""


def parameter_rows(
    parameters: Mapping[str, Parameter], used_slots: frozenset[str], style_name: str
) -> tuple[ParameterRow, ...]:
    """Each Parameter level with the unavailable list's words for it in one Style."""
    rows: list[ParameterRow] = []
    for pid, param in parameters.items():
        applies = param.slot in used_slots
        for level in param.levels:
            off = ""
            if not applies and level.id != param.default:
                off = f"{param.name} does not apply with the {style_name} Style"
            rows.append((pid, level, off, f"needs {level.status.label} Status"))
    return tuple(rows)
