"""Choosing the Activation Style of a Gift that came in with a Style word the catalog lacks.

The game website's archives name only two activations, "Passive" and
"Active". The rules know four Styles ("Activation Styles"): "Activated: ...
requires the user to do something, generally Exert their Mind and/or spend an
Action, to activate the Effect", "Targeted: ... requires the user to select a
target and do something, generally Exert their Mind and/or spend an Action",
"Trap: ... placed by the user, and is then triggered later by something
else" and "Passive: ... always on". The website's "Active" is therefore the
rules' Activated or Targeted, and only the player knows which: the import
keeps the word as it was written (``builder.contract.website_archive``) and
the player chooses once, here.

The choice is a dated ``adjustment`` Gift change ("a leader's correction"):
the Gift keeps the cost and System Text the website gave it, so no Gift
Credit moves, and the audit and the revision history show what was chosen.
Only a Gift whose Style is not a Style of the catalog may be adjusted so: the
Style of a Gift built here is chosen in the Gift Builder, where its price is.
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Contractor, Gift, GiftChange, GiftChangeKind
from builder.contract.gifts.catalog import Catalog
from builder.core.findings import Finding
from builder.core.result import Result

ARCHIVE_GIFT_NOTE = "from the archive"
"""The note of the ``new`` Gift change a website archive's import gives each of its Gifts."""

WEBSITE_ACTIVE = "active"
"""The website's activation word (folded for case) that stands for two of the rules' Styles."""

ACTIVE_MEANS = ("activated", "targeted")
"""The rules' Styles the website's "Active" can mean: both need the user to do something."""

CLI_ACTION = "choose-gift-style"
"""The ``harbinger contractor`` action that makes the choice (named in the advice)."""


def needs_style_choice(gift: Gift, catalog: Catalog) -> bool:
    """True when the Gift's Style is no Style of the catalog (a word an import kept)."""
    return gift.draft.style not in catalog.styles


def style_choices(gift: Gift, catalog: Catalog) -> tuple[str, ...]:
    """The catalog Style ids the player may choose for ``gift``, in the catalog's order.

    Empty when the Gift needs no choice or its Effect is no Effect of the
    catalog. For the website's "Active" these are Activated and Targeted as far
    as the Effect allows them (every Style it allows when it allows neither);
    for any other unknown word, every Style the Effect allows.
    """
    if not needs_style_choice(gift, catalog):
        return ()
    effect = catalog.effects.get(gift.draft.effect)
    if effect is None:
        return ()
    allowed = [s for s in catalog.styles if not effect.styles or s in effect.styles]
    active = tuple(s for s in allowed if s in ACTIVE_MEANS)
    if gift.draft.style.strip().casefold() == WEBSITE_ACTIVE and active:
        return active
    return tuple(allowed)


def _names(ids: tuple[str, ...], catalog: Catalog) -> str:
    names = [catalog.styles[s].name for s in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def style_meaning(gift: Gift, catalog: Catalog) -> str:
    """What the Gift's unknown Style word means in the rules and which of those its Effect
    allows, as one sentence without its full stop ("" when the Gift needs no choice)."""
    choices = style_choices(gift, catalog)
    if not choices:
        return ""
    effect = catalog.effects[gift.draft.effect].name
    word = gift.draft.style
    if word.strip().casefold() == WEBSITE_ACTIVE:
        meaning = f"the website's {word!r} is the rules' Activated or Targeted Style, and "
        if not set(choices) & set(ACTIVE_MEANS):
            allows = f"{effect} allows neither: it allows {_names(choices, catalog)}"
        elif len(choices) == 1:
            allows = f"of those two {effect} allows {_names(choices, catalog)}"
        else:
            allows = f"{effect} allows both"
    else:
        meaning = f"{word!r} is no Style of the rules; "
        allows = f"{effect} allows {_names(choices, catalog)}"
    return meaning + allows


def style_advice(gift: Gift, catalog: Catalog, contractor_id: str = "ID") -> str:
    """What the player does about the Gift's unknown Style, in words ("" when nothing).

    :func:`style_meaning`, then the two ways to choose: the Gifts tab's button
    and the CLI action, written out for this contractor and Gift.
    """
    meaning = style_meaning(gift, catalog)
    if not meaning:
        return ""
    example = style_choices(gift, catalog)[0]
    return (
        f"{meaning}. Choose it on the Gifts tab (select the Gift, Choose Style…) or "
        f"with: harbinger contractor {CLI_ACTION} {contractor_id} --gift {gift.id} "
        f"--style {example}"
    )


def _refusal(rule: str, message: str, where: str = "gifts") -> Finding:
    return Finding(rule, message, where)


def choose_style(
    contractor: Contractor, gift_id: str, style: str, date: str, catalog: Catalog
) -> Result[Contractor]:
    """Set the Style of a Gift an import kept with a word the catalog lacks.

    ``style`` is a catalog Style id or name (case ignored). Refused, the
    contractor unchanged, when the Gift is not held, already has a catalog
    Style, or ``style`` is not one of :func:`style_choices`. Appends an
    ``adjustment`` Gift change at the Gift's own cost (nothing spent or
    refunded) whose note says what was chosen instead of what.
    """
    index = next((i for i, g in enumerate(contractor.gifts) if g.id == gift_id), None)
    if index is None:
        message = f"the contractor holds no Gift {gift_id!r} whose Style to choose"
        return Result(contractor, (_refusal("rewards.unknown_gift", message),))
    gift = contractor.gifts[index]
    label = f"Gift {gift.draft.name or gift.id!r}"
    where = f"gifts[{index}].draft.style"
    if not needs_style_choice(gift, catalog):
        current = catalog.styles[gift.draft.style].name
        message = (
            f"{label} already has the Style {current}; a built Gift's Style changes in the "
            "Gift Builder (Improve or Revise), where its Gift Cost is worked out"
        )
        return Result(contractor, (_refusal("gift.style_chosen", message, where),))
    choices = style_choices(gift, catalog)
    key = style.strip().casefold()
    chosen = next((s for s in choices if key in (s, catalog.styles[s].name.casefold())), None)
    if chosen is None:
        allowed = _names(choices, catalog) if choices else "none (its Effect is not in the catalog)"
        message = f"{label} cannot take the Style {style!r} here; it may take {allowed}"
        return Result(contractor, (_refusal("gift.style_not_allowed", message, where),))
    name = catalog.styles[chosen].name
    note = f"Style chosen: {name} (kept as {gift.draft.style!r} by the import)"
    entry = GiftChange(date, gift.id, GiftChangeKind.ADJUSTMENT, gift.cost, gift.cost, note=note)
    adjusted = replace(gift, draft=replace(gift.draft, style=chosen))
    gifts = (*contractor.gifts[:index], adjusted, *contractor.gifts[index + 1 :])
    return Result(replace(contractor, gifts=gifts, ledger=(*contractor.ledger, entry)))


__all__ = [
    "ACTIVE_MEANS",
    "ARCHIVE_GIFT_NOTE",
    "CLI_ACTION",
    "WEBSITE_ACTIVE",
    "choose_style",
    "needs_style_choice",
    "style_advice",
    "style_choices",
    "style_meaning",
]
