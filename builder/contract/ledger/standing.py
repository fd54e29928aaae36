"""A contractor's standing from its ledger: victories, the Status a port opened at, alive or dead.

These are the ledger's answers the roster shows beside each name and the
fold (``builder.contract.ledger.book``) books while it prices the history.
Both step through the same ``standing_after`` over the corrected history
(``builder.contract.ledger.corrections``), so the rule lives here once:

- a Contract claimed as a victory counts one victory; a website archive's
  port brings the victories it records ("Veteran Contractor with 27
  victories");
- a port opens at the Status it names (Seasoned or Veteran), which then acts
  as a floor under the Status earned by victories ("Seasoned: 10–16
  victories", "Veteran: 25+ victories");
- a Contract whose outcome is death, or a ``Death`` entry, kills the
  contractor; a voided ``Death`` brings them back ("You can void a
  Contractor's death").

``ledger_standing`` is the cheap reading of those three alone: no Exp is
priced and no check is run, so a save or a bulk import can store it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.contract.character import ContractAttended, Death, Entry, Outcome, Ported
from builder.contract.ledger.corrections import corrected_history
from builder.contract.ledger.porting import port_status
from builder.contract.ledger.values import enum_of
from builder.contract.status import Status


@dataclass(frozen=True, slots=True)
class Standing:
    """The ledger's victories, the Status its port opened at (None: not ported) and life."""

    victories: int = 0
    ported: Status | None = None
    alive: bool = True

    @property
    def floor_victories(self) -> int:
        """The victories the port's Status needs (Seasoned 10, Veteran 25; 0 when not
        ported): a contractor ported as a Veteran shows as one before any victory here."""
        return self.ported.min_victories if self.ported is not None else 0


def standing_after(standing: Standing, entry: Entry) -> Standing:
    """The standing once ``entry`` (an entry of the corrected history) is booked."""
    match entry:
        case ContractAttended():
            outcome = enum_of(Outcome, entry.outcome)
            if outcome is Outcome.VICTORY:
                return Standing(standing.victories + 1, standing.ported, standing.alive)
            if outcome is Outcome.DEATH:
                return Standing(standing.victories, standing.ported, alive=False)
        case Ported():
            return Standing(
                standing.victories + entry.victories, port_status(entry), standing.alive
            )
        case Death(voided=True):
            return Standing(standing.victories, standing.ported, alive=True)
        case Death():
            return Standing(standing.victories, standing.ported, alive=False)
    return standing


def ledger_standing(ledger: Sequence[Entry]) -> Standing:
    """The standing a whole ledger gives, its corrections applied (a voided victory does
    not count, a correction that makes a Contract a victory does)."""
    standing = Standing()
    for entry in corrected_history(ledger):
        standing = standing_after(standing, entry)
    return standing


STANDING_RULE_VERSION = 1
"""Which edition of this rule wrote a library's stored roster counts.

A library keeps the counts this rule gives on each contractor row, written at
every save; rows written by an older rule (revision 0015's SQL, which counted a
voided or replaced port and read ``ported_at`` on a Seasoned or Veteran port)
keep that rule's answer until refreshed. Raise this number whenever the rule
above changes what it answers: the store then works every stored row out again
once, when the library is next opened by someone who may write every row
(``models.roster_refresh``). 1: the rule as written here (November 2026)."""
