"""A Gift as the player builds it: choices only, no computed numbers.

The draft is what gets stored, exported and evaluated; its cost and System
Text are always recomputed from it against a catalog ("Building Custom
Gifts" in the rules).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

_ADDED = MappingProxyType({"added": True})
"""Marks a field added after version 1 of the files: written only when set
(``builder.contract.serialize``), so older files and approval digests stay as they were."""


@dataclass(frozen=True, slots=True)
class ModifierChoice:
    """One chosen Enhancement or Drawback.

    ``detail`` is the player's text for modifiers that take one ("Trigger:
    when a door opens"); ``count`` is how many times a may-take-several
    modifier was taken (each counts ±1 toward the Gift Cost). ``details``
    gives each instance of a several-times modifier its own detail ("fire",
    "cold"); when given it decides ``count`` and ``detail`` (its first entry).
    """

    id: str
    detail: str = ""
    count: int = 1
    details: tuple[str, ...] = field(default=(), metadata=_ADDED)

    def __post_init__(self) -> None:
        if self.details:
            object.__setattr__(self, "details", tuple(self.details))
            object.__setattr__(self, "count", len(self.details))
            object.__setattr__(self, "detail", self.details[0])

    @property
    def instance_details(self) -> tuple[str, ...]:
        """One detail per instance: ``details``, else ``detail`` for the first and blanks."""
        if self.details:
            return self.details
        return (self.detail,) + ("",) * (self.count - 1)


def _frozen(mapping: Mapping[str, str] | None) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True)
class GiftDraft:
    """A Gift's mechanical choices plus its flavor.

    ``gift_type``, ``effect``, ``style`` and modifier ids are catalog ids;
    ``parameters`` maps a Parameter id to the chosen level id (a Parameter not
    listed sits at its default level); ``choices`` maps an Effect's choice id
    to the player's pick ("roll" -> "dexterity+athletics", issue 15).
    """

    gift_type: str
    effect: str
    style: str
    enhancements: tuple[ModifierChoice, ...] = ()
    drawbacks: tuple[ModifierChoice, ...] = ()
    parameters: Mapping[str, str] = field(default_factory=dict)
    name: str = ""
    tagline: str = ""
    description: str = ""
    choices: Mapping[str, str] = field(default_factory=dict, metadata=_ADDED)
    extended_description: str = field(default="", metadata=_ADDED)
    """Optional longer text beside the Description (issue 31.4): the Gift's story, uses and
    history as the player keeps them. Flavor only, like the Description ("You can never
    specify mechanical modifiers in the Description"); written to files only when filled."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "parameters", _frozen(self.parameters))
        object.__setattr__(self, "choices", _frozen(self.choices))
        object.__setattr__(self, "enhancements", tuple(self.enhancements))
        object.__setattr__(self, "drawbacks", tuple(self.drawbacks))
