"""What a printed Covenant sheet shows: one frozen, display-ready value per character.

``CovenantPrint`` is the only input of the Covenant sheet printer
(``printing.covenant.sheet``). ``covenant_print`` fills it from
``builder.covenant.rules.evaluate_covenant`` (every number) and the character's
own text (names, descriptions, the log worded by ``builder.covenant.wording``).
Nothing here computes a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.covenant.character import (
    DISCIPLINE_PER_TIE,
    CovenantCharacter,
    GoalSlot,
)
from builder.covenant.rules import CovenantReport, evaluate_covenant
from builder.covenant.wording import (
    PHASE_LABELS,
    SEVERITY_WORDS,
    asset_descriptions,
    describe_log_entry,
    log_names,
)

LOG_LINES_PRINTED = 60
"""Newest play-log entries printed in full; older ones are counted, not listed."""


@dataclass(frozen=True, slots=True)
class TieLine:
    """A Tie as printed: held ones give their Discipline, lost ones are kept for the record."""

    name: str
    details: str
    held: bool
    discipline: int  # 100 while held, 0 once lost (from the report)
    status: str  # the Tie's own asset state when held ("ready", "tapped"), else "lost"


@dataclass(frozen=True, slots=True)
class UseLine:
    """One use of an asset, with how it recharges and whether it locked the asset."""

    name: str
    recharge: str  # the UseState value
    effect: str
    locked_by: bool  # this is the use that last locked the asset


@dataclass(frozen=True, slots=True)
class AssetLine:
    """A Trait, gear, Ability or Goal asset with its state and each of its uses."""

    id: str
    name: str
    source: str  # "trait", "gear", "ability", "goal" (Ties print with the Ties)
    description: str
    status: str  # "ready", "expended", "tapped", "exhausted", "destroyed"
    uses: tuple[UseLine, ...]


@dataclass(frozen=True, slots=True)
class GoalLine:
    """The major or minor goal with its conditions, stakes, catharsis and deadline."""

    slot: str
    name: str
    conditions: str
    stakes: str
    catharsis: str
    deadline: str


@dataclass(frozen=True, slots=True)
class EffectLine:
    """A Condition or a Drain as printed."""

    name: str
    what: str  # a condition's effect; a drain's "5 scene damage, every round"
    cure: str
    lingering: bool


@dataclass(frozen=True, slots=True)
class CovenantPrint:
    """Everything the printed Covenant sheet shows, as text and numbers computed beforehand."""

    name: str
    player: str
    pronouns: str
    description: str
    notes: str
    phase: str
    free: int
    scene: int
    chapter: int
    long_term: int
    total: int
    ties: tuple[TieLine, ...]
    tokens_starting: int
    tokens_from_chapters: int
    tokens_earned: int
    tokens_spent_at_creation: int
    tokens_spent_in_play: int
    tokens_available: int
    assets: tuple[AssetLine, ...]
    goals: tuple[GoalLine, ...]
    conditions: tuple[EffectLine, ...]
    drains: tuple[EffectLine, ...]
    state: str  # "" or "Incapacitated (scene damage)", "Eliminated (all ties lost)"
    chapters_survived: int
    scenes_ended: int
    log_total: int
    log_lines: tuple[tuple[int, str], ...]  # (1-based entry number, words), newest last
    findings: tuple[tuple[str, str, str], ...]  # (severity, message, where)
    character_id: str = ""  # tells two characters of the same name apart in a roster


def covenant_print(
    character: CovenantCharacter, report: CovenantReport | None = None
) -> CovenantPrint:
    """Assemble the printed sheet of ``character`` from builder's evaluation of it.

    ``report`` defaults to ``evaluate_covenant(character)``; pass it when the
    caller has one already (the app does), so the rules run once.
    """
    rep = report if report is not None else evaluate_covenant(character)
    names = log_names(character)
    descriptions = asset_descriptions(character)
    status = {a.id: a for a in rep.assets}
    ties = tuple(
        TieLine(
            t.name,
            t.details,
            True,
            DISCIPLINE_PER_TIE,
            status[t.id].status if t.id in status else "ready",
        )
        for t in rep.ties_held
    ) + tuple(TieLine(t.name, t.details, False, 0, "lost") for t in rep.ties_lost)
    assets = tuple(
        AssetLine(
            id=a.id,
            name=a.name,
            source=a.source,
            description=descriptions.get(a.id, ""),
            status=a.status,
            uses=tuple(
                UseLine(n, r, e, locked_by=a.status != "ready" and a.last_use == n)
                for n, r, e in a.uses
            ),
        )
        for a in rep.assets
        if a.source != "tie"
    )
    goals = tuple(
        GoalLine(slot.value, g.name, g.conditions, g.stakes, g.catharsis, g.deadline)
        for slot, g in ((GoalSlot.MAJOR, rep.major_goal), (GoalSlot.MINOR, rep.minor_goal))
        if g is not None
    )
    state = ""
    if rep.eliminated:
        state = f"Eliminated ({rep.elimination_cause.replace('_', ' ')})"
    elif rep.incapacitated:
        state = f"Incapacitated ({SEVERITY_WORDS[rep.incapacitated]} damage) until healed"
    refused = set(rep.refused_entries)
    first = max(0, len(character.log) - LOG_LINES_PRINTED)
    log_lines = tuple(
        (
            i + 1,
            describe_log_entry(e, names) + (" — refused by the rules" if i in refused else ""),
        )
        for i, e in enumerate(character.log)
        if i >= first
    )
    return CovenantPrint(
        name=character.name,
        player=character.player,
        pronouns=character.pronouns,
        description=character.description,
        notes=character.notes,
        phase=PHASE_LABELS.get(rep.phase, rep.phase),
        free=rep.discipline.free,
        scene=rep.discipline.scene,
        chapter=rep.discipline.chapter,
        long_term=rep.discipline.long_term,
        total=rep.discipline.total,
        ties=ties,
        tokens_starting=rep.tokens.starting,
        tokens_from_chapters=rep.tokens.from_chapters,
        tokens_earned=rep.tokens.earned,
        tokens_spent_at_creation=rep.tokens.spent_at_creation,
        tokens_spent_in_play=rep.tokens.spent_in_play,
        tokens_available=rep.tokens.available,
        assets=assets,
        goals=goals,
        conditions=tuple(EffectLine(c.name, c.effect, c.cure, c.lingering) for c in rep.conditions),
        drains=tuple(
            EffectLine(
                d.name,
                f"{d.magnitude} {SEVERITY_WORDS[str(d.severity)]} damage, {d.cycle}",
                d.cure,
                d.lingering,
            )
            for d in rep.drains
        ),
        state=state,
        chapters_survived=rep.chapters_survived,
        scenes_ended=rep.scenes_ended,
        log_total=len(character.log),
        log_lines=log_lines,
        findings=tuple((str(f.severity), f.message, f.where) for f in rep.findings),
        character_id=character.id,
    )
