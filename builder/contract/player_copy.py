"""A contractor as the player may see it: the "player copy" export (issue 31 item 6).

"GMs must specify the Threat of a Loose End when they grant it. The Player can
only see the general threat-level (Dangerous, Deadly, or Fateful) until the
Cutoff hits zero." ("Loose Ends"). The Cutoff "decrease[s] by 1 every time a
Contractor attends a Contract", counted from the Contract after the Loose End
was granted (``builder.contract.sheet.loose_end_view``).

A player copy therefore keeps every Loose End with its title and threat
level, and leaves out the Threat text of each one whose Cutoff has not hit 0
yet. A Loose End whose Cutoff has hit 0 (due, Hustled or resolved) keeps its
Threat: the player has met it. GM notes are never part of a contractor value,
so the copy has none (``builder.core.gm_notes``).

Reading taken where the text is silent: the Cutoff itself ("cannot be seen
by the Player") stays in the copy, because the file format needs it to tell
when the Threat comes due; the sheet already shows the player only the
threat level and "hidden until its Cutoff runs out".
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Contractor, LooseEnd
from builder.contract.ledger import fold_ledger
from builder.contract.sheet import loose_end_view


def hidden_threats(contractor: Contractor) -> tuple[int, ...]:
    """The indexes of the Loose Ends whose Threat the player may not see yet (Cutoff not 0)."""
    attended = fold_ledger(contractor).contracts_attended
    return tuple(
        index
        for index, loose_end in enumerate(contractor.loose_ends)
        if loose_end.threat and not loose_end_view(index, loose_end, attended).threat_visible
    )


def player_copy(contractor: Contractor) -> Contractor:
    """The contractor without the Threat text of any Loose End not due yet."""
    hidden = set(hidden_threats(contractor))
    if not hidden:
        return contractor
    ends: tuple[LooseEnd, ...] = tuple(
        replace(loose_end, threat="") if index in hidden else loose_end
        for index, loose_end in enumerate(contractor.loose_ends)
    )
    return replace(contractor, loose_ends=ends)
