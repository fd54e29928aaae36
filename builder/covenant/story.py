"""Covenant time: scenes, turns, chapters, story control and sacrifice ("Time").

Each function judges one play-log entry against the folded ``PlayState`` and
returns the next state or a refusal (``builder.core.playlog.Step``); the end of
a scene or a chapter is where damage, uses, conditions and drains recharge.
"""

from __future__ import annotations

from dataclasses import replace

from builder.core.findings import Finding, Severity
from builder.core.playlog import Step, accept, note, refuse
from builder.covenant.character import (
    STORY_CONTROL_TOKEN_PRICE,
    TOKENS_PER_CHAPTER,
    BeginScene,
    DamageSeverity,
    EliminationCause,
    EndChapter,
    EndScene,
    EndTurn,
    Sacrifice,
    StoryControl,
    UseState,
    UseStoryControl,
)
from builder.covenant.playstate import (
    Handler,
    Phase,
    PlayState,
    recharge_where,
)

# --------------------------------------------------------------------------- time


def _begin_scene(state: PlayState, entry: BeginScene) -> Step[PlayState]:
    if state.phase is Phase.SCENE:
        return refuse(state, "covenant.time.scene_running", "A scene is already running.")
    return accept(replace(state, phase=Phase.SCENE))


def _end_turn(state: PlayState, entry: EndTurn) -> Step[PlayState]:
    if state.phase is not Phase.SCENE:
        return refuse(
            state, "covenant.time.no_scene", "Turns happen in scenes; begin a scene first."
        )
    # The character's next turn begins: expended uses recharge at its start, and
    # "Banked advantages are lost when the character starts xir next turn".
    nxt = recharge_where(state, {UseState.EXPEND})
    return accept(replace(nxt, turns_ended=state.turns_ended + 1, banked=0))


def _scene_end_effects(state: PlayState) -> tuple[PlayState, list[Finding]]:
    """What the end of a scene does ("Damage Severities", "Using Assets", "Drains",
    "Conditions", "Effects of Incapacitation")."""
    findings: list[Finding] = []
    # Reading: expended uses are also ready after the scene. They recharge "at the
    # start of the character's next turn in a scene", and outside a scene an expended
    # use is ready as soon as its bid resolves, so none stays locked across the break.
    nxt = recharge_where(state, {UseState.EXPEND, UseState.TAP})
    # Reading: banked advantages do not outlive the scene; the character's next turn,
    # when they are lost, is in a later scene.
    nxt = replace(nxt, banked=0)
    returned = nxt.discipline.scene
    nxt = replace(
        nxt,
        discipline=nxt.discipline.recharged(DamageSeverity.SCENE),
        conditions=tuple(c for c in nxt.conditions if c.lingering),
        drains=tuple(d for d in nxt.drains if d.lingering),
    )
    if returned:
        findings.append(
            note(
                "covenant.discipline.scene_recharged",
                f"{returned} scene damage returned to free Discipline.",
                recharged=returned,
            )
        )
    cured = [c.name for c in state.conditions if not c.lingering]
    cured += [d.name for d in state.drains if not d.lingering]
    if cured:
        findings.append(
            note(
                "covenant.fast.cured",
                "Cured at the end of the scene: " + ", ".join(cured) + ".",
                cured=cured,
            )
        )
    if nxt.incapacitated is DamageSeverity.SCENE:
        nxt = replace(nxt, incapacitated=None)
        findings.append(
            note(
                "covenant.incapacitation.recovered",
                "The character wakes up and rejoins the game as xir scene damage recharges.",
            )
        )
    elif nxt.incapacitated is not None:
        severity = nxt.incapacitated
        nxt = replace(nxt, eliminated=EliminationCause.INCAPACITATED)
        findings.append(
            note(
                "covenant.eliminated.incapacitated",
                f"Incapacitated by {severity.value.replace('_', '-')} damage and not "
                "healed by the end of the scene: the character is eliminated.",
                Severity.WARNING,
            )
        )
    return nxt, findings


def _end_scene(state: PlayState, entry: EndScene) -> Step[PlayState]:
    if state.phase is not Phase.SCENE:
        return refuse(state, "covenant.time.no_scene", "No scene is running to end.")
    nxt, findings = _scene_end_effects(state)
    return accept(
        replace(nxt, phase=Phase.INTERSTITIAL, scenes_ended=state.scenes_ended + 1), *findings
    )


def _end_chapter(state: PlayState, entry: EndChapter) -> Step[PlayState]:
    if state.phase is Phase.INTERMISSION:
        return refuse(
            state,
            "covenant.time.no_chapter",
            "The chapter has already ended; play a scene of the next chapter first.",
        )
    # Reading: the end of a chapter is also the end of whatever "scene" was pending.
    # From an interstitial this settles what the summary ties to "the end of the
    # scene": uses tapped between scenes, drains, conditions and incapacitations
    # contracted there. Scene damage would return at chapter end anyway.
    nxt, findings = _scene_end_effects(state)
    scenes = state.scenes_ended + (1 if state.phase is Phase.SCENE else 0)
    returned = nxt.discipline.chapter
    nxt = recharge_where(nxt, {UseState.EXHAUST})
    nxt = replace(
        nxt,
        phase=Phase.INTERMISSION,
        scenes_ended=scenes,
        discipline=nxt.discipline.recharged(DamageSeverity.CHAPTER),
    )
    if returned:
        findings.append(
            note(
                "covenant.discipline.chapter_recharged",
                f"{returned} chapter damage returned to free Discipline.",
                recharged=returned,
            )
        )
    if nxt.eliminated is None:
        nxt = replace(
            nxt,
            tokens_earned=nxt.tokens_earned + TOKENS_PER_CHAPTER,
            chapters_survived=nxt.chapters_survived + 1,
        )
        findings.append(
            note(
                "covenant.tokens.chapter",
                "Survived the chapter: +1 token.",
                earned=TOKENS_PER_CHAPTER,
            )
        )
    if nxt.minor_goal is not None:
        findings.append(
            note(
                "covenant.goal.deadline",
                f"The minor goal '{nxt.minor_goal.name}' was due by the end of this chapter; "
                "record it as fulfilled or failed.",
                Severity.WARNING,
            )
        )
    lingering = [c.name for c in nxt.conditions] + [d.name for d in nxt.drains]
    if lingering:
        findings.append(
            note(
                "covenant.lingering.may_cure",
                "The FM may cure lingering conditions and drains now: "
                + ", ".join(lingering)
                + ".",
                lingering=lingering,
            )
        )
    return accept(nxt, *findings)


# --------------------------------------------------------------------------- story control


def _story_control(state: PlayState, entry: UseStoryControl) -> Step[PlayState]:
    if state.tokens_available < STORY_CONTROL_TOKEN_PRICE:
        return refuse(
            state,
            "covenant.tokens.insufficient",
            f"Story control costs {STORY_CONTROL_TOKEN_PRICE} token; "
            f"{state.tokens_available} available.",
            price=STORY_CONTROL_TOKEN_PRICE,
            available=state.tokens_available,
        )
    nxt = replace(state, tokens_spent=state.tokens_spent + STORY_CONTROL_TOKEN_PRICE)
    if entry.kind is StoryControl.SECOND_WIND:
        nxt = replace(nxt, discipline=nxt.discipline.recharged(DamageSeverity.SCENE))
    elif entry.kind is StoryControl.RECHARGE:
        nxt = recharge_where(nxt, {UseState.EXPEND, UseState.TAP, UseState.EXHAUST})
    elif entry.kind is StoryControl.CURE:
        nxt = replace(nxt, conditions=(), drains=())
    # scene edit, succeed and fail change the story, not the sheet.
    return accept(nxt)


def _sacrifice(state: PlayState, entry: Sacrifice) -> Step[PlayState]:
    if state.phase is not Phase.SCENE:
        return refuse(
            state,
            "covenant.sacrifice.no_scene",
            "A character is sacrificed in an unwinnable scene; no scene is running.",
        )
    return accept(
        replace(state, eliminated=EliminationCause.SACRIFICED),
        note(
            "covenant.eliminated.sacrificed",
            "The character is sacrificed and leaves the story; xir player narrates the "
            "scene's end.",
            Severity.WARNING,
        ),
    )


HANDLERS: dict[type, Handler] = {
    BeginScene: _begin_scene,
    EndTurn: _end_turn,
    EndScene: _end_scene,
    EndChapter: _end_chapter,
    UseStoryControl: _story_control,
    Sacrifice: _sacrifice,
}
