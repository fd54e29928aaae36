"""When a Loose End's Threat is due: one comparison, shared with the server (revision 0018).

"The Player can only see the general threat-level (Dangerous, Deadly, or
Fateful) until the Cutoff hits zero." and Cutoff values "decrease by 1 every
time a Contractor attends a Contract" ("Loose Ends"). A Loose End granted
after the contractor's 1st Contract with Cutoff 2 drops to 1 at the 2nd
Contract and to 0 at the 3rd: due after 3 Contracts in all, not after 2.
"""

from __future__ import annotations

from builder.contract.character import LooseEnd, ThreatLevel
from builder.contract.sheet import loose_end_view, threat_due


def test_cutoff_2_granted_after_the_first_contract_is_due_at_the_third() -> None:
    assert [threat_due(2, 1, attended) for attended in range(5)] == [
        False,
        False,
        False,
        True,
        True,
    ]


def test_cutoff_0_is_due_at_once() -> None:
    assert threat_due(0, 4, 0)


def test_the_sheet_shows_the_threat_exactly_when_it_is_due() -> None:
    """The sheet's ``threat_visible`` is this rule, for every Cutoff and Contract count."""
    for cutoff in range(4):
        for granted_after in range(3):
            end = LooseEnd("Owes the ferryman", ThreatLevel.DEADLY, cutoff, granted_after, "x")
            for attended in range(7):
                view = loose_end_view(0, end, attended)
                assert view.threat_visible == threat_due(cutoff, granted_after, attended)
                assert (view.remaining == 0) == view.threat_visible
