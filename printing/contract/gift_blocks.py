"""A Gift as printed: its name and cost bar, classification, cost sum and System Text.

The sheet's Gifts section and the Gift cards print the same block, so both always say
the same words (SPEC §4). Nothing here computes a rule: each value comes from ``GiftView``.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Spacer

from printing.common.flowables import shaded_row
from printing.common.sections import labelled, section_heading
from printing.common.styles import SHADE, Styles
from printing.common.text import Markup, join, literal, markup, para
from printing.contract.views import GiftView


def gift_flowables(gift: GiftView, width: float, s: Styles) -> list[Flowable]:
    """One Gift's block: name and cost bar, classification, cost sum, System Text, flavor.

    Shared with the Gift cards so both print the same words.
    """
    title: list[Flowable] = [para(gift.name or "Unnamed Gift", s.gift_name)]
    if gift.tagline:
        title.append(para(gift.tagline, s.italic))
    bar = shaded_row(
        [title, [para(markup("<b>Cost {c}</b>", c=gift.cost), s.cell_right)]],
        [width * 0.8, width * 0.2],
        SHADE,
    )
    out: list[Flowable] = [bar, Spacer(1, 2)]
    out.append(para(gift_classification(gift), s.body))
    if gift.artifact:
        out.append(para(labelled("Legendary Artifact:", gift.artifact), s.body))
    if gift.inactive:
        out.append(
            para(
                f"Inactive: {gift.inactive}. Its Effects do not work until the artifact is "
                "back in hand; its cost still counts.",
                s.warning,
            )
        )
    if gift.breakdown:
        out.append(para(gift_cost_sum(gift), s.muted))
    if gift.modifiers:
        out.append(para(labelled("Modifiers:", "; ".join(gift.modifiers)), s.small))
    out.append(para(markup("<b>System.</b> {t}", t=gift.system_text or "—"), s.body))
    if gift.description:
        out.append(para(markup("<i>{d}</i>", d=gift.description), s.body))
    if gift.extended_description:
        out.append(para(markup("<b>More.</b> {d}", d=gift.extended_description), s.body))
    for note in gift.notes:
        out.append(para(note, s.warning))
    return out


def gift_classification(gift: GiftView) -> Markup:
    """ "Power · Effect: Blast · Style: Targeted · Requires Seasoned (met)"."""
    parts = [
        literal(gift.gift_type),
        markup("<b>Effect</b> {e}", e=gift.effect) if gift.effect else Markup(""),
        markup("<b>Style</b> {st}", st=gift.style) if gift.style else Markup(""),
    ]
    if gift.required_status:
        if gift.status_met is None:
            parts.append(markup("<b>Requires</b> {r}", r=gift.required_status))
        else:
            met = "met" if gift.status_met else "NOT met"
            parts.append(markup("<b>Requires</b> {r} ({m})", r=gift.required_status, m=met))
    if gift.catalog:
        parts.append(markup("<b>House rules</b> {c}", c=gift.catalog))
    return join(parts)


def gift_cost_sum(gift: GiftView) -> Markup:
    """The Gift Cost breakdown as a printed sum: "1 (Base) + 1 (Weapon Damage: 3) = 2".

    Each term prints its amount first and what it pays for in brackets, so a
    label that carries its own number ("Weapon Damage: 3") never runs into the
    amount ("Building Custom Gifts": the Gift Cost is 1 plus each adjustment).
    """
    pieces: list[str] = []
    for i, part in enumerate(gift.breakdown):
        sign = ("−" if part.amount < 0 else "") if i == 0 else ("− " if part.amount < 0 else "+ ")
        pieces.append(f"{sign}{abs(part.amount)} ({part.label})")
    return markup("Gift Cost: {sum} = {total}", sum=" ".join(pieces), total=gift.cost)


def gifts_section(gifts: Sequence[GiftView], width: float, s: Styles) -> list[Flowable]:
    """The sheet's Gifts section: every Gift's block, each kept with its first lines."""
    out = section_heading("Gifts", s)
    if not gifts:
        out.append(para("No Gifts.", s.muted))
        return out
    for n, gift in enumerate(gifts):
        block = gift_flowables(gift, width, s)
        # Keep a Gift's name with its first lines; a long System Text still splits.
        if n:
            out.append(CondPageBreak(84))
        out.append(KeepTogether(block[:3]))
        out += block[3:]
        out.append(Spacer(1, 6))
    return out
