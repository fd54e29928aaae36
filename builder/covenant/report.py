"""The Covenant evaluation: one report for sheets, PDFs and the review.

``evaluate_covenant`` folds the character's log and checks every rule:
Discipline by severity, Ties held and lost, tokens earned, spent and
available, every asset's current state, and the findings of every rule check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.core.findings import Finding, Severity, errors
from builder.covenant.character import (
    DISCIPLINE_PER_TIE,
    Condition,
    CovenantCharacter,
    Drain,
    Goal,
    Succession,
    Tie,
    UseState,
)
from builder.covenant.creation import creation_findings
from builder.covenant.playstate import AssetState, PlayState
from builder.covenant.state import fold


@dataclass(frozen=True, slots=True)
class DisciplineReport:
    """Discipline by severity; ``total`` always equals 100 × held Ties."""

    free: int
    scene: int
    chapter: int
    long_term: int
    total: int

    def to_json(self) -> dict[str, int]:
        return {
            "free": self.free,
            "scene": self.scene,
            "chapter": self.chapter,
            "long_term": self.long_term,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class TokenReport:
    """Tokens folded from creation and the log: 10 + 1 per chapter survived, less spending."""

    earned: int
    spent: int
    available: int
    starting: int
    from_chapters: int
    spent_at_creation: int
    spent_in_play: int

    def to_json(self) -> dict[str, int]:
        return {
            "earned": self.earned,
            "spent": self.spent,
            "available": self.available,
            "starting": self.starting,
            "from_chapters": self.from_chapters,
            "spent_at_creation": self.spent_at_creation,
            "spent_in_play": self.spent_in_play,
        }


@dataclass(frozen=True, slots=True)
class AssetReport:
    """One usable thing and its state: "ready", "expended", "tapped", "exhausted" or
    "destroyed"; ``last_use`` names the use that locked it."""

    id: str
    name: str
    source: str
    status: str
    last_use: str
    uses: tuple[tuple[str, str, str], ...]  # (name, recharge, effect)

    @property
    def ready(self) -> bool:
        return self.status == "ready"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "source": self.source,
            "status": self.status,
            "last_use": self.last_use,
            "uses": [{"name": n, "recharge": r, "effect": e} for n, r, e in self.uses],
        }


_STATUS = {
    None: "ready",
    UseState.EXPEND: "expended",
    UseState.TAP: "tapped",
    UseState.EXHAUST: "exhausted",
    UseState.DESTROY: "destroyed",
}


def _asset_report(a: AssetState) -> AssetReport:
    return AssetReport(
        id=a.id,
        name=a.name,
        source=str(a.source),
        status=_STATUS[a.status],
        last_use=a.last_use,
        uses=tuple((u.name, str(u.recharge), u.effect) for u in a.uses),
    )


def _goal_json(goal: Goal | None) -> dict[str, str] | None:
    if goal is None:
        return None
    return {
        "id": goal.id,
        "name": goal.name,
        "conditions": goal.conditions,
        "stakes": goal.stakes,
        "catharsis": goal.catharsis,
        "deadline": goal.deadline,
    }


@dataclass(frozen=True, slots=True)
class CovenantReport:
    """Everything the sheet, the PDF and the review show about a Covenant character."""

    character_id: str
    name: str
    phase: str
    discipline: DisciplineReport
    ties_held: tuple[Tie, ...]
    ties_lost: tuple[Tie, ...]
    eliminated: bool
    elimination_cause: str
    incapacitated: str
    tokens: TokenReport
    assets: tuple[AssetReport, ...]
    major_goal: Goal | None
    minor_goal: Goal | None
    conditions: tuple[Condition, ...]
    drains: tuple[Drain, ...]
    chapters_survived: int
    scenes_ended: int
    log_entries: int
    refused_entries: tuple[int, ...]
    findings: tuple[Finding, ...]

    @property
    def legal(self) -> bool:
        """True when no finding is an error."""
        return not errors(self.findings)

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form for the CLI and the review report."""
        return {
            "character_id": self.character_id,
            "name": self.name,
            "legal": self.legal,
            "phase": self.phase,
            "discipline": self.discipline.to_json(),
            "ties": {
                "held": [
                    {"id": t.id, "name": t.name, "details": t.details} for t in self.ties_held
                ],
                "lost": [
                    {"id": t.id, "name": t.name, "details": t.details} for t in self.ties_lost
                ],
            },
            "eliminated": self.eliminated,
            "elimination_cause": self.elimination_cause,
            "incapacitated": self.incapacitated,
            "tokens": self.tokens.to_json(),
            "assets": [a.to_json() for a in self.assets],
            "goals": {"major": _goal_json(self.major_goal), "minor": _goal_json(self.minor_goal)},
            "conditions": [
                {
                    "id": c.id,
                    "name": c.name,
                    "effect": c.effect,
                    "cure": c.cure,
                    "lingering": c.lingering,
                }
                for c in self.conditions
            ],
            "drains": [
                {
                    "id": d.id,
                    "name": d.name,
                    "cycle": d.cycle,
                    "magnitude": d.magnitude,
                    "severity": str(d.severity),
                    "cure": d.cure,
                    "lingering": d.lingering,
                }
                for d in self.drains
            ],
            "chapters_survived": self.chapters_survived,
            "scenes_ended": self.scenes_ended,
            "log_entries": self.log_entries,
            "refused_entries": list(self.refused_entries),
            "findings": [f.to_json() for f in self.findings],
        }


def _state_findings(state: PlayState) -> list[Finding]:
    found: list[Finding] = []
    expected = DISCIPLINE_PER_TIE * len(state.held_ties)
    if state.discipline.total != expected:  # a bug guard: the fold keeps this true
        found.append(
            Finding(
                "covenant.discipline.total",
                f"Discipline totals {state.discipline.total}, not 100 × {len(state.held_ties)} "
                f"held Ties = {expected}.",
                "log",
                numbers={"total": state.discipline.total, "expected": expected},
            )
        )
    if state.incapacitated is not None:
        found.append(
            Finding(
                "covenant.incapacitated",
                "The character is incapacitated "
                f"({state.incapacitated.value.replace('_', '-')} damage) until healed.",
                "log",
                Severity.WARNING,
            )
        )
    if state.eliminated is not None:
        found.append(
            Finding(
                "covenant.eliminated",
                f"The character has been eliminated ({state.eliminated.value.replace('_', ' ')}).",
                "log",
                Severity.WARNING,
            )
        )
    return found


def _succession(character: CovenantCharacter) -> Succession | None:
    """The Succession entry that opens a successor's log, if this character is one."""
    first = character.log[0] if character.log else None
    return first if isinstance(first, Succession) else None


def evaluate_covenant(character: CovenantCharacter) -> CovenantReport:
    """Fold the character and check every rule: the one evaluation entry point.

    Findings: creation checks, every refused play-log entry (as an error at
    ``log[i]``), and the current state's warnings (incapacitated, eliminated).
    Informational notes met while replaying (a drain tick, a token for a chapter)
    are left out; the operations return them as they happen.
    """
    folded = fold(character)
    state = folded.state
    d = state.discipline
    creation_spent = state.tokens_at_creation
    findings = (
        list(creation_findings(character.creation, _succession(character)))
        + [f for f in folded.findings if f.severity is Severity.ERROR]
        + _state_findings(state)
    )
    return CovenantReport(
        character_id=character.id,
        name=character.name,
        phase=str(state.phase),
        discipline=DisciplineReport(d.free, d.scene, d.chapter, d.long_term, d.total),
        ties_held=state.held_ties,
        ties_lost=state.lost_ties,
        eliminated=state.eliminated is not None,
        elimination_cause=str(state.eliminated) if state.eliminated else "",
        incapacitated=str(state.incapacitated) if state.incapacitated else "",
        tokens=TokenReport(
            earned=state.tokens_earned,
            spent=state.tokens_spent,
            available=state.tokens_available,
            starting=state.starting_tokens,
            from_chapters=state.tokens_earned - state.starting_tokens,
            spent_at_creation=creation_spent,
            spent_in_play=state.tokens_spent - creation_spent,
        ),
        assets=tuple(_asset_report(a) for a in state.assets),
        major_goal=state.major_goal,
        minor_goal=state.minor_goal,
        conditions=state.conditions,
        drains=state.drains,
        chapters_survived=state.chapters_survived,
        scenes_ended=state.scenes_ended,
        log_entries=len(character.log),
        refused_entries=folded.refused,
        findings=tuple(findings),
    )
