"""The roll a Gift's System Text asks for, so the sheet can open it in the dice panel.

Gift System Texts name their roll in one phrasing ("Roll Intellect + Occult at
Difficulty 6", resources/gifts/effects/*.toml, with the player's pick filled in
for ``{roll}``), the rules' own way of naming a roll ("roll Intellect + Medicine
(Difficulty 6)", the-contract-rules.txt). The first such roll is the Gift's;
rolls an opponent makes ("contested by the target's Brawn + Survival") are not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.contract.character import ATTRIBUTES

_ROLL = re.compile(
    r"\broll (?P<attribute>[A-Za-z]+) \+ (?P<ability>[A-Za-z][A-Za-z' -]*?),? "
    r"(?:at )?\(?Difficulty (?P<difficulty>\d+)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class GiftRoll:
    """An Attribute + Ability roll at a Difficulty, by the names the sheet shows."""

    attribute: str
    ability: str
    difficulty: int


def gift_roll(system_text: str) -> GiftRoll | None:
    """The first "Roll <Attribute> + <Ability> at Difficulty <n>" in ``system_text``, or None
    when the Gift asks for no roll (or names no Attribute the rules have)."""
    for found in _ROLL.finditer(system_text):
        attribute = found["attribute"].capitalize()
        if attribute.lower() in ATTRIBUTES:
            ability = found["ability"].strip()
            return GiftRoll(attribute, ability[:1].upper() + ability[1:], int(found["difficulty"]))
    return None
