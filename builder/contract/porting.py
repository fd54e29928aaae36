"""Ported contractors: a contractor brought from elsewhere opens its ledger with a port.

The website lets a contractor start ported at Seasoned or Veteran; here that
is one ``Ported`` entry at the head of the ledger (priced by
``builder.contract.ledger.porting``), which the Playgroup Leader approves
like restricted content. The ledger continues from it.
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Contractor, Ported, PortLevel

PORT_CHOICES: tuple[str, ...] = ("none", PortLevel.SEASONED.value, PortLevel.VETERAN.value)
"""The port choices a creation file and the wizard offer: none, seasoned, veteran."""


class PortError(ValueError):
    """A port that cannot open this contractor's ledger (what is wrong, in words)."""


def port_level(choice: str) -> PortLevel | None:
    """The level a port choice names ("none" → None); PortError for another word."""
    text = str(choice).strip().lower()
    if text in ("", "none"):
        return None
    if text in PORT_CHOICES:
        return PortLevel(text)
    else:
        raise PortError(
            f"unknown port {choice!r}; expected one of {', '.join(PORT_CHOICES)}"
        ) from None


def ported(
    contractor: Contractor, level: PortLevel, date: str, origin: str = "", note: str = ""
) -> Contractor:
    """``contractor`` with a port at ``level`` as the ledger's opening entry.

    Refused (PortError) when the ledger already has entries: a port stands
    for the history before this ledger, so nothing may come before it.
    """
    if contractor.ledger:
        raise PortError(
            f"a port must open the ledger, and this contractor already has "
            f"{len(contractor.ledger)} ledger entries"
        )
    return replace(contractor, ledger=(Ported(date, level, origin, note),))
