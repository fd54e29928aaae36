"""The Gift Builder's state: the current GiftDraft, its evaluation, and the undo history.

The builder window binds to one :class:`GiftBuilderController`. Widgets never
change a draft themselves: each click or keystroke calls an intent method
here (``choose_effect``, ``set_modifier``, ``set_level``, ``set_name``…),
which makes a new frozen :class:`~builder.contract.gifts.draft.GiftDraft` and pushes
a :class:`DraftCommand` holding the draft before and after onto a
``QUndoStack``. Doing or undoing a command re-evaluates the draft with
``builder.contract.gifts.evaluate_gift`` (about a third of a millisecond) and emits
:attr:`GiftBuilderController.changed` with a :class:`BuilderState`; every
panel repaints from that state alone.

"Going back keeps compatible choices": when the player picks another Gift
Type, Effect or Activation Style, the choices that still fit are carried
over and those that do not are dropped. What fits is never decided here:
the carried-over draft is evaluated and the choices the evaluator reports
as not belonging to it (an unknown modifier, one not allowed with the
Style, a Parameter level the Effect lacks…) are removed, and the state's
``notice`` tells the player what was dropped and why, so nothing is applied
silently. Undo brings the dropped choices back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from builder.contract.gifts import (
    AvailableRewards,
    Catalog,
    GiftDraft,
    GiftEvaluation,
    ModifierChoice,
    ModifierKind,
    evaluate_gift,
    unavailable_effects,
    unavailable_styles,
)
from builder.contract.status import Status
from harbinger.app.contract.surprise import SeededSurprise, surprise_with

EMPTY_DRAFT = GiftDraft(gift_type="", effect="", style="")
"""A Gift not started yet: no Type, Effect or Style chosen."""

# Evaluator rules that mean "this choice does not belong to this Effect/Style/Type".
# Only these are dropped when the player goes back and changes an earlier step.
_CARRY_DROP_RULES = frozenset(
    {
        "gift.unknown_modifier",
        "gift.wrong_kind",
        "gift.modifier_not_allowed",
        "gift.modifier_count",
        "gift.unknown_parameter",
        "gift.unknown_level",
        "gift.parameter_not_used",
        "gift.requires",
        "gift.excludes",
        "gift.same_part",
    }
)
_WHERE_CHOICE = re.compile(r"^(enhancements|drawbacks)\[(\d+)\]")
_WHERE_PARAM = re.compile(r"^parameters\.(\w+)")

# Merge ids for keystroke-by-keystroke edits, so typing a word is one undo step.
_MERGE_NAME, _MERGE_TAGLINE, _MERGE_DESCRIPTION, _MERGE_DETAIL = 1, 2, 3, 4


@dataclass(frozen=True, slots=True)
class BuilderState:
    """What every panel shows: the draft, the builder's evaluation of it, and a notice.

    ``notice`` explains choices dropped by the last step ("" when none).
    ``missing`` lists the steps not done yet ("Gift Type", "Effect",
    "Activation Style").
    """

    draft: GiftDraft
    evaluation: GiftEvaluation
    notice: str = ""

    @property
    def missing(self) -> tuple[str, ...]:
        out = []
        if not self.draft.gift_type:
            out.append("Gift Type")
        if not self.draft.effect:
            out.append("Effect")
        if not self.draft.style:
            out.append("Activation Style")
        return tuple(out)

    @property
    def complete(self) -> bool:
        return not self.missing


class DraftCommand(QUndoCommand):
    """One builder step: redo shows ``after``, undo shows ``before`` (both frozen drafts).

    Typing in one text field merges into one command, so Ctrl+Z undoes a
    word or a sentence, not a letter.
    """

    def __init__(
        self,
        controller: GiftBuilderController,
        text: str,
        before: GiftDraft,
        after: GiftDraft,
        notice: str = "",
        merge: tuple[int, str] | None = None,
    ) -> None:
        super().__init__(text)
        self._controller = controller
        self.before = before
        self.after = after
        self.notice = notice
        self._merge = merge

    def id(self) -> int:
        return self._merge[0] if self._merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, DraftCommand) or other._merge != self._merge:
            return False
        self.after = other.after
        self.notice = other.notice
        return True

    def redo(self) -> None:
        self._controller._show(self.after, self.notice)

    def undo(self) -> None:
        self._controller._show(self.before, "")


class GiftBuilderController(QObject):
    """The current draft of one builder window, its evaluation and its undo stack.

    ``status`` and ``rewards`` describe the contractor the Gift is for (None:
    building without a contractor, e.g. a template); ``previous_cost`` is the
    saved Gift's cost when editing one. All numbers shown come from
    :meth:`evaluate`, which calls ``builder.contract.gifts.evaluate_gift``.
    """

    changed = Signal(object)
    """Emitted with the new :class:`BuilderState` after every step, undo and redo."""

    def __init__(
        self,
        catalog: Catalog,
        *,
        status: Status | None = None,
        rewards: AvailableRewards | None = None,
        previous_cost: int | None = None,
        draft: GiftDraft | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.status = status
        self.rewards = rewards
        self.previous_cost = previous_cost
        self.undo_stack = QUndoStack(self)
        self._typing_run = 0
        self._draft = draft if draft is not None else EMPTY_DRAFT
        self._state = BuilderState(self._draft, self.evaluate(self._draft))

    # ------------------------------------------------------------------ reading

    @property
    def draft(self) -> GiftDraft:
        return self._draft

    @property
    def state(self) -> BuilderState:
        return self._state

    @property
    def evaluation(self) -> GiftEvaluation:
        return self._state.evaluation

    def evaluate(self, draft: GiftDraft) -> GiftEvaluation:
        """The builder's evaluation of a draft for this contractor (the only source of numbers)."""
        return evaluate_gift(
            draft,
            self.catalog,
            status=self.status,
            rewards=self.rewards,
            previous_cost=self.previous_cost,
        )

    def unavailable_effects(self) -> dict[str, tuple[str, ...]]:
        """Effects the player cannot pick now, with why (Status, Gift Type)."""
        return unavailable_effects(self.catalog, self.status, self._draft.gift_type or None)

    def unavailable_styles(self, effect_id: str | None = None) -> dict[str, tuple[str, ...]]:
        """Activation Styles the Effect cannot take now, with why."""
        effect = effect_id or self._draft.effect
        return unavailable_styles(self.catalog, effect, self.status, self._draft.gift_type or None)

    def choice(self, modifier_id: str) -> ModifierChoice | None:
        """The current choice of a modifier, or None when it is not taken."""
        for choice in (*self._draft.enhancements, *self._draft.drawbacks):
            if choice.id == modifier_id:
                return choice
        return None

    # ------------------------------------------------------------------ internals

    def _show(self, draft: GiftDraft, notice: str) -> None:
        self._draft = draft
        self._state = BuilderState(draft, self.evaluate(draft), notice)
        self.changed.emit(self._state)

    def _push(
        self,
        text: str,
        after: GiftDraft,
        notice: str = "",
        merge: tuple[int, str] | None = None,
    ) -> None:
        if after == self._draft:
            return
        if merge is not None:
            merge = (merge[0], f"{merge[1]}#{self._typing_run}")
        self.undo_stack.push(DraftCommand(self, text, self._draft, after, notice, merge))

    def _carry_over(self, draft: GiftDraft) -> tuple[GiftDraft, str]:
        """Drop the choices the evaluator says do not belong to ``draft`` any more.

        Repeats because dropping one modifier can orphan another that
        required it. Returns the cleaned draft and a notice naming what went.
        """
        if not draft.effect:
            return draft, ""
        dropped: list[str] = []
        for _ in range(8):
            evaluation = self.evaluate(draft)
            bad_choices: dict[str, set[int]] = {"enhancements": set(), "drawbacks": set()}
            bad_params: set[str] = set()
            for error in evaluation.errors:
                if error.rule not in _CARRY_DROP_RULES:
                    continue
                if m := _WHERE_CHOICE.match(error.where):
                    index = int(m.group(2))
                    if index not in bad_choices[m.group(1)]:
                        bad_choices[m.group(1)].add(index)
                        dropped.append(error.message)
                elif m := _WHERE_PARAM.match(error.where):
                    bad_params.add(m.group(1))
                    dropped.append(error.message)
            if not bad_params and not any(bad_choices.values()):
                break
            draft = replace(
                draft,
                enhancements=tuple(
                    c
                    for i, c in enumerate(draft.enhancements)
                    if i not in bad_choices["enhancements"]
                ),
                drawbacks=tuple(
                    c for i, c in enumerate(draft.drawbacks) if i not in bad_choices["drawbacks"]
                ),
                parameters={k: v for k, v in draft.parameters.items() if k not in bad_params},
            )
        notice = ""
        if dropped:
            notice = (
                "Dropped what no longer fits: " + "; ".join(dropped) + ". Ctrl+Z brings it back."
            )
        return draft, notice

    def _first_style(self, effect_id: str, keep: str, gift_type: str) -> str:
        """``keep`` if the Effect can take that Style now, else the first Style it can.

        "Can" is the builder's ``unavailable_styles`` (the Effect allows it, the
        Gift Type can use it, the contractor's Status reaches it).
        """
        effect = self.catalog.effects.get(effect_id)
        if effect is None:
            return ""
        blocked = unavailable_styles(self.catalog, effect_id, self.status, gift_type or None)
        if keep in effect.styles and keep not in blocked:
            return keep
        for style in effect.styles:
            if style not in blocked:
                return style
        return keep if keep in effect.styles else next(iter(effect.styles), "")

    # ------------------------------------------------------------------ intents

    def load(self, draft: GiftDraft, text: str) -> None:
        """Replace the whole draft (starting from a stock Gift or a template), undoably."""
        self._push(text, draft)

    @property
    def can_surprise(self) -> bool:
        """Whether "Surprise me" applies: a new Gift (not a held one being revised)."""
        return self.previous_cost is None

    def surprise(self, seed: int | None = None) -> SeededSurprise:
        """A random legal Gift for this contractor ("Surprise me", issue 31.8), not yet loaded.

        Judged for the contractor's Status and unspent Gift Credits; without a
        contractor (a template), for a Newbie with one Gift Credit, the usual new
        Gift ("it must have a Gift Cost of 1"). The player's name, tagline and
        descriptions are kept on the drawn draft. Raises ``SurpriseError`` (its
        message says why) when nothing can be drawn.
        """
        status = self.status if self.status is not None else Status.NEWBIE
        credits = self.rewards.credits if self.rewards is not None else 1
        seeded = surprise_with(self.catalog, status, credits, seed)
        kept = self._draft
        draft = replace(
            seeded.surprise.draft,
            name=kept.name,
            tagline=kept.tagline,
            description=kept.description,
            extended_description=kept.extended_description,
        )
        return replace(seeded, surprise=replace(seeded.surprise, draft=draft))

    def choose_type(self, type_id: str) -> None:
        """Step 1: the Gift Type. An Effect that cannot be this Type is cleared, with a notice."""
        if type_id == self._draft.gift_type:
            return
        gtype = self.catalog.gift_types[type_id]
        draft = replace(self._draft, gift_type=type_id)
        notice = ""
        if draft.effect:
            errors = self.evaluate(draft).errors
            type_problem = next((e for e in errors if e.rule == "gift.type_not_allowed"), None)
            if type_problem is not None:
                draft = replace(
                    draft, effect="", style="", enhancements=(), drawbacks=(), parameters={}
                )
                notice = f"Cleared the Effect: {type_problem.message}. Ctrl+Z brings it back."
            else:
                style_problem = next((e for e in errors if e.rule == "gift.type_style"), None)
                moved = ""
                if style_problem is not None:
                    draft = replace(
                        draft, style=self._first_style(draft.effect, "", draft.gift_type)
                    )
                    new_style = self.catalog.styles.get(draft.style)
                    moved = (
                        f"Style changed to {new_style.name if new_style else draft.style}: "
                        f"{style_problem.message}."
                    )
                draft, notice = self._carry_over(draft)
                notice = " ".join(part for part in (moved, notice) if part)
                if moved and "Ctrl+Z" not in notice:
                    notice += " Ctrl+Z brings it back."
        self._push(f"Gift Type: {gtype.name}", draft, notice)

    def choose_effect(self, effect_id: str) -> None:
        """Step 2: the Effect; keeps the Style, modifiers and levels that still fit."""
        if effect_id == self._draft.effect:
            return
        effect = self.catalog.effects[effect_id]
        draft = replace(
            self._draft,
            effect=effect_id,
            choices={},  # a roll or weapon pick belongs to one Effect
            style=self._first_style(effect_id, self._draft.style, self._draft.gift_type),
        )
        draft, notice = self._carry_over(draft)
        self._push(f"Effect: {effect.name}", draft, notice)

    def choose_style(self, style_id: str) -> None:
        """Step 3: the Activation Style; drops modifiers it cannot take (with a notice)."""
        if style_id == self._draft.style:
            return
        style = self.catalog.styles[style_id]
        draft, notice = self._carry_over(replace(self._draft, style=style_id))
        self._push(f"Style: {style.name}", draft, notice)

    def set_modifier(self, modifier_id: str, taken: bool) -> None:
        """Take or drop an Enhancement or Drawback (keeping its detail text and count order)."""
        modifiers = self.catalog.modifiers_for(self._draft.effect)
        mod = modifiers.get(modifier_id)
        if mod is None or (self.choice(modifier_id) is not None) == taken:
            return
        key = "enhancements" if mod.kind is ModifierKind.ENHANCEMENT else "drawbacks"
        current: tuple[ModifierChoice, ...] = getattr(self._draft, key)
        if taken:
            chosen = (*current, ModifierChoice(modifier_id))
        else:
            chosen = tuple(c for c in current if c.id != modifier_id)
        verb = "Take" if taken else "Drop"
        self._push(f"{verb} {mod.name}", replace(self._draft, **{key: chosen}))

    def _update_choice(
        self, modifier_id: str, text: str, merge: tuple[int, str] | None, **change: object
    ) -> None:
        for key in ("enhancements", "drawbacks"):
            current: tuple[ModifierChoice, ...] = getattr(self._draft, key)
            if any(c.id == modifier_id for c in current):
                chosen = tuple(replace(c, **change) if c.id == modifier_id else c for c in current)
                self._push(text, replace(self._draft, **{key: chosen}), merge=merge)
                return

    def set_detail(self, modifier_id: str, detail: str) -> None:
        """The player's detail text of a taken modifier ("Focus item: a brass lighter")."""
        self.set_instance_detail(modifier_id, 0, detail)

    def set_instance_detail(self, modifier_id: str, index: int, detail: str) -> None:
        """The detail of one instance of a modifier taken several times ("fire", "cold")."""
        mod = self.catalog.modifiers_for(self._draft.effect).get(modifier_id)
        choice = self.choice(modifier_id)
        if mod is None or choice is None or not 0 <= index < choice.count:
            return
        text = f"{mod.name}: detail" if choice.count == 1 else f"{mod.name}: detail {index + 1}"
        merge = (_MERGE_DETAIL, f"{modifier_id}#{index}")
        if choice.count == 1 and not choice.details:
            self._update_choice(modifier_id, text, merge, detail=detail)
            return
        details = list(choice.instance_details)
        details[index] = detail
        self._update_choice(modifier_id, text, merge, details=tuple(details))

    def set_count(self, modifier_id: str, count: int) -> None:
        """How many times a may-take-several modifier is taken (each with its own detail)."""
        mod = self.catalog.modifiers_for(self._draft.effect).get(modifier_id)
        choice = self.choice(modifier_id)
        name = mod.name if mod else modifier_id
        if mod is not None and choice is not None and mod.detail_label:
            details = (*choice.instance_details, *("",) * count)[:count]
            if count == 1:
                self._update_choice(
                    modifier_id, f"{name} ×1", None, details=(), detail=details[0], count=1
                )
            else:
                self._update_choice(modifier_id, f"{name} ×{count}", None, details=details)
            return
        self._update_choice(modifier_id, f"{name} ×{count}", None, count=count)

    def set_level(self, parameter_id: str, level_id: str) -> None:
        """A Parameter's level (the default level is stored as "not listed")."""
        effect = self.catalog.effects.get(self._draft.effect)
        if effect is None or parameter_id not in effect.parameters:
            return
        param = effect.parameters[parameter_id]
        params = dict(self._draft.parameters)
        if level_id == param.default:
            params.pop(parameter_id, None)
        else:
            params[parameter_id] = level_id
        level = param.level(level_id)
        label = level.name if level else level_id
        self._push(f"{param.name}: {label}", replace(self._draft, parameters=params))

    def set_choice(self, choice_id: str, value: str) -> None:
        """The player's roll ("dexterity+athletics") or weapon for an Effect's choice; "" clears."""
        effect = self.catalog.effects.get(self._draft.effect)
        if effect is None or choice_id not in effect.choices:
            return
        if self._draft.choices.get(choice_id, "") == value:
            return
        choices = dict(self._draft.choices)
        if value:
            choices[choice_id] = value
        else:
            choices.pop(choice_id, None)
        choice = effect.choices[choice_id]
        shown = (choice.text_for(value) or value) if value else "default"
        self._push(f"{choice.name}: {shown}", replace(self._draft, choices=choices))

    def set_name(self, text: str) -> None:
        self._push("Name", replace(self._draft, name=text), merge=(_MERGE_NAME, ""))

    def set_tagline(self, text: str) -> None:
        self._push("Tagline", replace(self._draft, tagline=text), merge=(_MERGE_TAGLINE, ""))

    def set_description(self, text: str) -> None:
        self._push(
            "Description", replace(self._draft, description=text), merge=(_MERGE_DESCRIPTION, "")
        )

    def set_extended_description(self, text: str) -> None:
        """The optional extended description (flavor, written only when filled)."""
        self._push(
            "Extended description",
            replace(self._draft, extended_description=text),
            merge=(_MERGE_DESCRIPTION, "extended"),
        )

    def end_typing(self) -> None:
        """Close the current typing run, so the next keystrokes start a new undo step."""
        self._typing_run += 1
