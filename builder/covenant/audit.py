"""The leader's audit of a Covenant character: Ties, tokens, assets, the play log, its state.

Nothing here decides a rule: every number and finding comes from
``builder.covenant.rules.evaluate_covenant``; the audit sorts the findings into
check lines (``builder.core.report``) so a leader sees each check with its
numbers, passing or not.
"""

from __future__ import annotations

from builder.core.findings import Finding
from builder.core.report import (
    Audit,
    AuditLine,
    FindingGroup,
    group_findings,
    other_checks_line,
)
from builder.covenant.character import CovenantCharacter
from builder.covenant.rules import CovenantReport, evaluate_covenant

OTHER_TITLE = "Other sheet checks"
OTHER_MESSAGE = "Other sheet checks (play log entries, Conditions, Ties)"
"""The closing line's words, the same as a contractor's audit so both read alike."""


def _log_finding(f: Finding) -> bool:
    return f.where.startswith("log[")


_COVENANT_GROUPS: tuple[FindingGroup, ...] = (
    ("covenant.log", _log_finding),
    (
        "covenant.ties",
        lambda f: f.rule.startswith(
            ("covenant.tie", "covenant.creation.ties", "covenant.discipline")
        ),
    ),
    ("covenant.tokens", lambda f: f.rule.startswith(("covenant.tokens", "covenant.creation.tok"))),
    ("covenant.assets", lambda f: f.rule.startswith(("covenant.asset", "covenant.goal"))),
    (
        "covenant.state",
        lambda f: f.rule.startswith(("covenant.incapacitated", "covenant.eliminated")),
    ),
)


def audit_covenant(character: CovenantCharacter) -> Audit:
    """Every rule check of a Covenant character as audit lines, from ``evaluate_covenant``."""
    report: CovenantReport = evaluate_covenant(character)
    groups = group_findings(report.findings, _COVENANT_GROUPS)
    d, t = report.discipline, report.tokens
    held, lost = len(report.ties_held), len(report.ties_lost)
    kinds = {
        k: sum(1 for a in report.assets if a.source == k) for k in ("trait", "ability", "gear")
    }
    lines = [
        AuditLine(
            "covenant.ties",
            "Ties and Discipline",
            f"Ties: {held} held, {lost} lost; Discipline {d.total} = 100 × {held} "
            f"(free {d.free}, scene {d.scene}, chapter {d.chapter}, long-term {d.long_term})",
            {"ties_held": held, "ties_lost": lost, **d.to_json()},
            "creation.ties",
            tuple(groups["covenant.ties"]),
        ),
        AuditLine(
            "covenant.tokens",
            "Tokens earned, spent and available",
            f"Tokens: earned {t.earned} ({t.starting} starting + {t.from_chapters} from "
            f"chapters), spent {t.spent} ({t.spent_at_creation} at creation, "
            f"{t.spent_in_play} in play), available {t.available}",
            t.to_json(),
            "creation",
            tuple(groups["covenant.tokens"]),
        ),
        AuditLine(
            "covenant.assets",
            "Traits, Abilities, gear and Goals",
            f"Assets: {kinds['trait']} Traits, {kinds['ability']} Abilities, {kinds['gear']} gear; "
            f"major Goal {'set' if report.major_goal else 'not set'}, minor Goal "
            f"{'set' if report.minor_goal else 'not set'}",
            {
                "traits": kinds["trait"],
                "abilities": kinds["ability"],
                "gear": kinds["gear"],
                "major_goal": report.major_goal is not None,
                "minor_goal": report.minor_goal is not None,
            },
            "creation",
            tuple(groups["covenant.assets"]),
        ),
        AuditLine(
            "covenant.log",
            "Play log",
            f"Play log: {report.log_entries} entries, {len(report.refused_entries)} refused by "
            f"the rules; {report.chapters_survived} chapters survived, {report.scenes_ended} "
            "scenes ended",
            {
                "entries": report.log_entries,
                "refused": list(report.refused_entries),
                "chapters_survived": report.chapters_survived,
                "scenes_ended": report.scenes_ended,
            },
            "log",
            tuple(groups["covenant.log"]),
        ),
        AuditLine(
            "covenant.state",
            "Condition of the character",
            "State: "
            + (
                f"eliminated ({report.elimination_cause})"
                if report.eliminated
                else (
                    f"incapacitated ({report.incapacitated})" if report.incapacitated else "in play"
                )
            )
            + f"; {len(report.conditions)} Conditions, {len(report.drains)} drains",
            {
                "eliminated": report.eliminated,
                "incapacitated": report.incapacitated,
                "conditions": len(report.conditions),
                "drains": len(report.drains),
            },
            "log",
            tuple(groups["covenant.state"]),
        ),
        other_checks_line(groups["sheet"], OTHER_TITLE, OTHER_MESSAGE),
    ]
    return Audit("covenant", character.id, character.name, tuple(lines))
