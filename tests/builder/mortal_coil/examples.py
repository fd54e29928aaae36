"""The spacefarer the rule tests play with.

Okoye is a salvage diver: STR 10, DEX 12, CTRL 8, 4 maximum HP, armor 1,
stability 0, carrying a cutter, a bulky vac suit and three small tools.
"""

from __future__ import annotations

from dataclasses import replace

from builder.mortal_coil.character import (
    Creation,
    CreationMethod,
    Item,
    ItemSize,
    LogEntry,
    Spacefarer,
)
from builder.mortal_coil.rules import State, fold

OKOYE = Spacefarer(
    id="tmc-okoye",
    name="Okoye Vale",
    creation=Creation(CreationMethod.ENTERED, 10, 12, 8, 4),
    player="Sam",
    pronouns="she/her",
    background="Salvage diver",
    armor=1,
    stability=0,
    items=(
        Item("Plasma cutter"),
        Item("Vac suit", ItemSize.BULKY),
        Item("Torch", ItemSize.SMALL),
        Item("Multitool", ItemSize.SMALL),
        Item("Ration pack", ItemSize.SMALL),
    ),
    credits=120,
)
"""Gear takes 1 + 2 + 1 (three small items in one bundle of 3) = 4 slots."""


def play(*entries: LogEntry, character: Spacefarer = OKOYE) -> State:
    """The state after appending ``entries`` to the character's log."""
    return fold(replace(character, log=(*character.log, *entries)))
