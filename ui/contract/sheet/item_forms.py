"""The Stock tab's item forms and words: states, Use, transfers, Legendary Artifacts (issue 31).

Only input and display: every change is an operation of
``harbinger.app.contract.items`` called through ``ui.operations.contract``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from PySide6.QtGui import QBrush, QPalette

from builder.contract.character import (
    IN_HAND,
    Contractor,
    ItemEvent,
    ItemState,
    LegendaryArtifact,
    TransferKind,
)
from builder.contract.items import artifact_of, event_words, state_words
from ui.contract.dialogs.form import Field, FormDialog

STATE_HELP = (
    'Legendary Artifacts "can be lost, destroyed, or even stolen by other Contractors, as well '
    'as temporarily stripped by the GM". While a Legendary Artifact is not held, recovered or '
    "repaired, the Gifts invested in it are inactive: their dice bonuses drop; the audit still "
    "counts their cost."
)

TRANSFER_HELP = (
    'Consumables "can be shared and traded around" and Crafted Artifacts "can be bartered '
    'and traded to other Contractors". Both sheets log the transfer; one Undo takes it back '
    "on both."
)


def in_hand(state: ItemState) -> bool:
    return state in IN_HAND


def today() -> str:
    return date.today().isoformat()


def state_form(item: str, current: ItemState) -> FormDialog:
    """New state, date and note for one item."""
    choices = [(state_words(s), s) for s in ItemState if s is not current]
    return FormDialog(
        f"State of {item}",
        [
            Field("state", "&State", "choice", choices[0][1], required=True, choices=choices),
            Field("date", "&Date", value=today(), required=True, placeholder="YYYY-MM-DD"),
            Field("note", "&What happened", "multiline", ""),
        ],
        help_text=f"{item} is {state_words(current)} now. {STATE_HELP}",
    )


def use_form(item: str, quantity: int) -> FormDialog:
    """Date and note of one Consumable used."""
    return FormDialog(
        f"Use {item}",
        [
            Field("date", "&Date", value=today(), required=True, placeholder="YYYY-MM-DD"),
            Field("note", "&Used for", "multiline", ""),
        ],
        help_text=f'{quantity} held; one is used up ("Consumables grant an Effect once before '
        "being 'consumed'\"). Undo puts it back.",
    )


def transfer_form(item: str, held: int, others: Sequence[tuple[str, str]]) -> FormDialog:
    """Who receives how many of ``item``, how, when and why; ``others`` are (name, id)."""
    return FormDialog(
        f"Hand over {item}",
        [
            Field("to", "&To", "choice", others[0][1], required=True, choices=list(others)),
            Field("quantity", "&Quantity", "int", 1, minimum=1, maximum=max(held, 1)),
            Field(
                "how",
                "&How",
                "choice",
                TransferKind.GIVEN,
                required=True,
                choices=[(k.value, k) for k in TransferKind],
            ),
            Field("date", "&Date", value=today(), required=True, placeholder="YYYY-MM-DD"),
            Field("note", "&Note", "multiline", ""),
        ],
        help_text=f"{held} held. {TRANSFER_HELP}",
    )


def gift_place(contractor: Contractor, gift_id: str) -> str:
    """Where a Gift sits, for the Gifts tab: " · in Sunsword", " · inactive: Sunsword is lost"."""
    artifact = artifact_of(contractor, gift_id)
    if artifact is None:
        return ""
    if artifact.state in IN_HAND:
        return f" · in {artifact.name}"
    return f" · inactive: {artifact.name} is {state_words(artifact.state)}"


def artifact_form(current: LegendaryArtifact | None) -> FormDialog:
    """A Legendary Artifact's name and description."""
    return FormDialog(
        "Legendary Artifact",
        [
            Field("name", "&Name", value=current.name if current else "", required=True),
            Field(
                "description", "&Description", "multiline", current.description if current else ""
            ),
        ],
        help_text='"As your Contractor progresses, you may invest multiple Gifts and '
        'Improvements into a single Legendary Artifact." Invest a Legendary Artifact Gift in it '
        "from the Gift Builder (Add to …) or with Invest Gift here.",
    )


def invest_form(artifact: str, gifts: Sequence[tuple[str, str]]) -> FormDialog:
    """Which held Legendary Artifact Gift to invest; ``gifts`` are (label, id)."""
    return FormDialog(
        f"Invest a Gift in {artifact}",
        [Field("gift", "&Gift", "choice", gifts[0][1], required=True, choices=list(gifts))],
        help_text="The Gift keeps its cost; while the artifact is not in hand it is inactive.",
    )


def gift_labels(contractor: Contractor, artifact: LegendaryArtifact) -> str:
    """The artifact's Gifts with their costs: "Ember Edge (1), Sun Ward (2)"."""
    names = {g.id: (g.draft.name or g.id, g.cost) for g in contractor.gifts}
    return ", ".join(
        f"{names[i][0]} ({names[i][1]})" if i in names else f"{i} (not held)"
        for i in artifact.gifts
    )


def log_rows(log: Sequence[ItemEvent]) -> list[tuple[str, str, str]]:
    """The item log, newest first, as (date, item, what) rows."""
    return [(e.date, e.item, event_words(e)) for e in reversed(log)]


def grey_rows(table: Any, greyed: list[bool]) -> None:
    """Grey the rows of items not in hand (lost, stolen, destroyed, left at home)."""
    brush = QBrush(table.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
    for row, grey in enumerate(greyed):
        if not grey:
            continue
        for column in range(table.table.columnCount()):
            cell = table.table.item(row, column)
            if cell is not None:
                cell.setForeground(brush)
                cell.setToolTip(cell.toolTip() or "Not in hand.")
