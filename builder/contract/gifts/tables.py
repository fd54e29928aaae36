"""Tables the loader works out once per catalog, so an evaluation only folds a draft over them.

Issue 29 asks one Gift evaluation to stay well under 0.2 ms. What a modifier
brings to any draft does not depend on the draft: its cost line for each
number of times it is taken, the Status reason it gives, whether any rule
ties it to other choices, and the clause it writes for each count. The
loader builds these values with the catalog (:func:`modifier_facts`, once
per modifier however many Effects offer it);
:mod:`builder.contract.gifts.checks`, :mod:`builder.contract.gifts.pricing`
and :mod:`builder.contract.gifts.evaluate` read them instead of working the
same strings and lines out again on every click. Nothing here depends on a
draft, and nothing is kept from one evaluation to the next. The tables are
kept small (no per-Style copies) so the catalog load time does not grow
(issue 30).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import NamedTuple

from builder.contract.gifts.catalog import Join, Modifier, ModifierKind
from builder.contract.gifts.evaluation import CostLine, StatusReason
from builder.contract.gifts.template import clause_pieces, fill_clause
from builder.contract.status import Status


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
    ``needs`` the Status reason taking it gives (None at Newbie); ``wording``
    its clauses per key of its text tables (a Style id, or ``ANY_STYLE`` for
    every Style without its own).
    """

    mod: Modifier
    kind: str
    """The kind's value ("enhancement"), read without the enum's slow descriptor."""
    quiet: bool
    """It requires and excludes nothing and needs no Status: only its Style, or a
    choice that excludes it, rewrites its part or fills its group, keeps it out."""
    plain: bool
    """Shipped, needs no Status and takes no detail: taking it only records it."""
    lines: tuple[CostLine, ...]
    needs: StatusReason | None
    wording: Mapping[str, Wording]


_KIND = {kind: (kind.value, kind.sign, kind.label) for kind in ModifierKind}
"""Each kind's value, sign and label, read once (an enum's ``value`` is a slow descriptor)."""


def modifier_facts(mod: Modifier) -> ModifierFacts:
    """A modifier's facts: the same for every Effect offering it, so made once per modifier."""
    kind, sign, label = _KIND[mod.kind]
    if mod.max == 1:  # nearly every modifier: one line
        lines: tuple[CostLine, ...] = (CostLine(kind, mod.id, mod.name, sign),)
    else:
        lines = tuple(
            [CostLine(kind, mod.id, mod.name, sign)]
            + [CostLine(kind, mod.id, f"{mod.name} ×{n}", sign * n) for n in range(2, mod.max + 1)]
        )
    needs = None
    if mod.status > Status.NEWBIE:
        needs = StatusReason(
            mod.status, kind, mod.id, f"the {mod.name} {label} needs {mod.status.label} Status"
        )
    quiet = not (mod.requires or mod.excludes or needs)
    plain = not (mod.origin.catalog or needs or mod.detail_label)
    return ModifierFacts(mod, kind, quiet, plain, lines, needs, _wordings(mod))


class Wording(NamedTuple):
    """A usable modifier's clause in one Effect × Style, ready for each count.

    ``texts[count - 1]`` is the clause with its placeholders filled; a tuple
    of pieces when the player's details go into it (joined in per draft, see
    :func:`~builder.contract.gifts.template.clause_pieces`); None when the
    modifier has no clause for that count.
    """

    place: Place
    slot: str
    texts: tuple[str | tuple[str, ...] | None, ...]


def _place(mod: Modifier) -> Place:
    if mod.is_replacement:
        return Place.REPLACE
    if mod.join is Join.AND:
        return Place.AND
    if mod.join is Join.OR:
        return Place.OR
    return Place.AFTER


def _wordings(mod: Modifier) -> Mapping[str, Wording]:
    """A modifier's clauses for each count, per key of its text tables."""
    place = _place(mod)
    first = mod.replace or mod.text
    if mod.max == 1:  # nearly every modifier: one clause per key, none for many
        return {
            key: Wording(place, mod.slot, (_filled(mod, clause, 1),))
            for key, clause in first.items()
        }
    out: dict[str, Wording] = {}
    for key in dict.fromkeys([*first, *mod.text_many]):
        if mod.wording(key) is None:
            continue
        clauses = [mod.wording(key, many=n > 1) for n in range(1, mod.max + 1)]
        texts = tuple(_filled(mod, clause, n) for n, clause in enumerate(clauses, 1))
        out[key] = Wording(place, mod.slot, texts)
    return out


def _filled(mod: Modifier, clause: str | None, count: int) -> str | tuple[str, ...] | None:
    """A clause with its placeholders filled, or its pieces around the player's details."""
    if clause is None:
        return None
    if mod.detail_label and "{" in clause:
        return clause_pieces(clause, count)
    return fill_clause(clause, mod.detail_blank, count)
