"""The leader's audit of a spacefarer: creation, current state, slots and the play log.

Nothing here decides a rule: the numbers come from
``builder.mortal_coil.rules.fold`` and ``creation.creation_findings``; the
audit sorts them into check lines (``builder.core.report``).
"""

from __future__ import annotations

from builder.core.findings import Finding, Severity
from builder.core.report import Audit, AuditLine, other_checks_line
from builder.mortal_coil.character import ABILITIES, INVENTORY_SLOTS, Spacefarer
from builder.mortal_coil.combat import thrall_findings
from builder.mortal_coil.creation import creation_findings
from builder.mortal_coil.rules import State, fold


def _state_findings(state: State) -> list[Finding]:
    out: list[Finding] = []
    if not 0 <= state.hp <= state.hp_max:
        out.append(
            Finding(
                "tmc.state.hp",
                f"HP {state.hp} is outside 0–{state.hp_max}; set HP within that range",
                "hp",
            )
        )
    for a in ABILITIES:
        if not 0 <= state.current(a) <= state.maximum(a):
            out.append(
                Finding(
                    "tmc.state.ability",
                    f"{a.label} {state.current(a)} is outside 0–{state.maximum(a)}; set it "
                    "within that range",
                    a.value,
                )
            )
    if state.fallout_owed:
        out.append(
            Finding(
                "tmc.state.fallout_owed",
                f"{state.fallout_owed} failed CTRL save(s) still owe a fallout: roll the fallout "
                "for each",
                "log",
                Severity.WARNING,
            )
        )
    return out


def _slot_findings(character: Spacefarer, state: State) -> list[Finding]:
    if state.slots_used <= INVENTORY_SLOTS:
        return []
    return [
        Finding(
            "tmc.slots.over",
            f"{state.slots_used} slots used of {INVENTORY_SLOTS}: drop gear to make room",
            "items",
            numbers={"used": state.slots_used},
        )
    ]


def _status(state: State) -> str:
    if state.retired:
        return f"retired ({state.retired_reason})"
    return "disabled (critical damage)" if state.disabled else "in play"


def audit_spacefarer(character: Spacefarer) -> Audit:
    """Every check of a spacefarer as audit lines."""
    state = fold(character)
    made = creation_findings(character.creation)
    c = character.creation
    other: list[Finding] = []
    if character.small_per_slot < 1:
        other.append(Finding("tmc.small_per_slot", "small items per slot must be 1 or more"))
    other += thrall_findings(character)
    lines = [
        AuditLine(
            "tmc.creation",
            "Abilities and HP at creation",
            f"Created ({c.method.value}): STR {c.str_max}, DEX {c.dex_max}, CTRL {c.ctrl_max}, "
            f"HP {c.hp_max}",
            {"str": c.str_max, "dex": c.dex_max, "ctrl": c.ctrl_max, "hp": c.hp_max},
            "creation",
            tuple(made),
        ),
        AuditLine(
            "tmc.state",
            "Current HP and abilities",
            f"Now: HP {state.effective_hp}/{state.hp_max}, STR {state.str_now}/{state.str_max}, "
            f"DEX {state.dex_now}/{state.dex_max}, CTRL {state.ctrl_now}/{state.ctrl_max}; "
            + _status(state),
            {
                "hp": state.effective_hp,
                "str": state.str_now,
                "dex": state.dex_now,
                "ctrl": state.ctrl_now,
                "retired": state.retired,
                "disabled": state.disabled,
            },
            "log",
            tuple(_state_findings(state)),
        ),
        AuditLine(
            "tmc.slots",
            "Inventory slots",
            f"Slots: {state.slots_used} of {INVENTORY_SLOTS} (gear {state.item_slots}, "
            f"fatigue {state.fatigue}, fallout {len(state.fallout)})",
            {
                "used": state.slots_used,
                "gear": state.item_slots,
                "fatigue": state.fatigue,
                "fallout": len(state.fallout),
            },
            "items",
            tuple(_slot_findings(character, state)),
        ),
        AuditLine(
            "tmc.log",
            "Play log",
            f"Play log: {len(character.log)} entries, {len(state.refused)} refused by the rules",
            {"entries": len(character.log), "refused": list(state.refused)},
            "log",
            state.findings,
        ),
        other_checks_line(other, "Other sheet checks", "Other sheet checks"),
    ]
    return Audit("mortal-coil", character.id, character.name, tuple(lines))
