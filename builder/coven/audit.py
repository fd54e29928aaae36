"""The leader's audit of a chronicle: creation, the replayed log, the town, the outcome.

Nothing here decides a rule: ``builder.coven.state.fold`` replays the log and
finds every problem; the audit sorts the findings into check lines
(``builder.core.report``) so a leader sees each check with its numbers.
"""

from __future__ import annotations

from builder.core.report import Audit, AuditLine, group_findings, other_checks_line
from builder.coven.chronicle import OTHERS, Chronicle, Colour
from builder.coven.state import CovenState, fold

_GROUPS = (
    ("coven.log", lambda f: f.where.startswith("log[")),
    ("coven.creation", lambda f: f.where.startswith(("practitioners", "elements", "links"))),
)


def describe_state(state: CovenState) -> str:
    """One sentence on the town: markers, corrupt and destroyed elements, the outcome."""
    markers = sum(state.markers.values())
    if state.winner == OTHERS:
        outcome = f"the Others have won ({state.win_reason})"
    elif state.winner:
        outcome = f"the practitioners have won ({state.win_reason})"
    else:
        outcome = "play goes on"
    return (
        f"week {state.week}: {markers} corruption markers, {len(state.corrupt)} corrupt and "
        f"{len(state.destroyed)} destroyed of {len(state.elements)} elements; {outcome}"
    )


def audit_chronicle(chronicle: Chronicle) -> Audit:
    """Every check of a chronicle as audit lines, from the fold of its log."""
    state = fold(chronicle)
    groups = group_findings(state.findings, _GROUPS)
    red = {
        p.id: sum(1 for c in state.held(p.id) if c.colour is Colour.RED)
        for p in chronicle.practitioners
    }
    lines = (
        AuditLine(
            "coven.creation",
            "Practitioners and town as created",
            f"Creation: {len(chronicle.practitioners)} practitioners, "
            f"{len(chronicle.elements)} elements, {len(chronicle.links)} links",
            {
                "practitioners": len(chronicle.practitioners),
                "elements": len(chronicle.elements),
                "links": len(chronicle.links),
            },
            "character",
            tuple(groups["coven.creation"]),
        ),
        AuditLine(
            "coven.log",
            "The chronicle's log replayed",
            f"Log: {len(chronicle.log)} events, {len(state.refused)} refused by the rules",
            {"events": len(chronicle.log), "refused": list(state.refused)},
            "log",
            tuple(groups["coven.log"]),
        ),
        AuditLine(
            "coven.town",
            "The town and the coven now",
            describe_state(state),
            {
                "week": state.week,
                "markers": dict(state.markers),
                "corrupt": sorted(state.corrupt),
                "destroyed": sorted(state.destroyed),
                "other": sorted(state.other),
                "red_cards": red,
                "deal_size": state.deal_size,
                "winner": state.winner,
            },
            "log",
        ),
        other_checks_line(groups["sheet"], "Other chronicle checks", "Other chronicle checks"),
    )
    return Audit("coven", chronicle.id, chronicle.town, lines)
