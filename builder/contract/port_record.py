"""The opening entry of a contractor brought from elsewhere (issue 32 item 2).

Its own module so the contractor's record (``builder.contract.character``, which
re-exports every name here) stays under the rules modules' length limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

_ADDED: Mapping[str, bool] = MappingProxyType({"added": True})
"""A field added after files were written: left out of a file while at its default."""


class PortLevel(StrEnum):
    """The Status a ported contractor starts at (the website's porting adjustments)."""

    SEASONED = "seasoned"
    VETERAN = "veteran"
    WEBSITE = "website"
    """Imported from the website's character archive: the entry carries its own figures."""


@dataclass(frozen=True, slots=True)
class Ported:
    """The opening entry of a contractor brought from elsewhere at ``level``.

    It stands for the history the contractor had before this ledger: the
    Exp, Gift Credits and Improvements of the website's port adjustments and
    the Status that allows a 6th Ability rank. ``origin`` says where the
    contractor came from (a playgroup, "website archive"), ``note`` what the
    history there cannot tell. The leader approves it like restricted content.
    """

    date: str
    level: PortLevel
    origin: str = ""
    note: str = ""
    victories: int = 0
    """Victories before this ledger (a website archive's record; 0 for a Seasoned/Veteran port)."""
    losses: int = 0
    exp: int = 0
    """Exp before this ledger (a website archive: what its ratings cost beyond the 150)."""
    gift_credits: int = 0
    """Gift Credits before this ledger (a website archive: what its Gifts cost)."""
    ported_at: str = field(default="", metadata=_ADDED)
    """A website archive of a contractor the website itself ported ("Ported as Veteran
    Contractor with …"): "seasoned" or "veteran", the Status it opens at; "" otherwise."""
    report: tuple[str, ...] = field(default=(), metadata=_ADDED)
    """What the import could not read as the rules' values, one sentence each (a Battle
    Scar's tier the archive does not state, an Effect the catalog does not hold); the
    import report and the audit name each one for the leader."""
