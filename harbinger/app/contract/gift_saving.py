"""Saving a finished Gift: onto a contractor through ``builder.contract.advance``, or as a template.

Nothing here decides a rule. A save to a contractor is worked out as a
:class:`SavePlan`: the draft is evaluated against the contractor's sheet
(``builder.contract.sheet.evaluate_sheet`` gives the Status and unspent rewards), the
rewards the evaluation says saving spends or refunds ("Gift Credits and
Improvements") are passed to ``builder.contract.advance.add_gift`` (a new Gift) or
``change_gift`` (an improvement or revision of a held Gift), and, when the
player asks for it, ``craft_item(free=True)`` claims the free Artifact or
Consumable the crafting rules grant ("Crafting"). The ledger fold judges
every step; a refusal comes back as findings and leaves the contractor
unchanged. The caller (the desktop's named operations) commits the plan's
``contractor`` through the library with undo.

Templates are Gift drafts a player keeps to start from later. The library
has no table for them yet, so they are stored as gift-draft JSON files
(``resources/schemas/gift-draft.v1.schema.json``) in
``<settings dir>/templates``; reading never executes anything and a bad file
is reported by name, never crashes the browser.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

from builder.contract import advance, items
from builder.contract.character import Contractor, Gift, GiftChangeKind
from builder.contract.gifts import (
    AvailableRewards,
    Catalog,
    DraftFormatError,
    GiftDraft,
    GiftEvaluation,
    draft_to_json,
    evaluate_gift,
    read_draft_document,
)
from builder.contract.gifts.changes import change_note
from builder.contract.sheet import SheetReport, evaluate_sheet
from builder.contract.sheet_edits import spent_on_gift
from builder.core.findings import Finding, Severity
from builder.core.result import Result
from harbinger.app.common import today
from harbinger.shell.paths import settings_dir

__all__ = [
    "SavePlan",
    "Template",
    "TemplateProblem",
    "TemplateStore",
    "available_rewards",
    "confirm_question",
    "evaluate_for",
    "free_item_offer",
    "new_gift_id",
    "plan_save",
]

TEMPLATE_FOLDER = "templates"
MAX_TEMPLATE_BYTES = 256 * 1024
"""A template is a few hundred bytes; anything bigger is not one of ours."""


def available_rewards(
    report: SheetReport | None,
    existing: Gift | None,
    contractor: Contractor | None = None,
) -> AvailableRewards | None:
    """The contractor's unspent Gift Credits and Improvements as the evaluator takes them.

    With the ``contractor`` and a held Gift ``existing``, also the Improvements
    its ledger spent on that Gift, so lowering it refunds what it was paid
    with (a Gift bought with Gift Credits gives Gift Credits back).
    """
    if report is None:
        return None
    paid = None
    if contractor is not None and existing is not None:
        paid = spent_on_gift(contractor, existing.id)[1]
    return AvailableRewards(
        report.rewards.credits_available,
        report.rewards.improvements_available,
        is_new_gift=existing is None,
        paid_improvements=paid,
    )


def evaluate_for(
    draft: GiftDraft,
    catalog: Catalog,
    report: SheetReport | None,
    existing: Gift | None = None,
    contractor: Contractor | None = None,
) -> GiftEvaluation:
    """Evaluate a draft for this contractor (or for nobody when ``report`` is None).

    The one call the builder window and :func:`plan_save` share, so what the
    player saw is what gets saved. ``contractor`` (the one ``report`` is of)
    tells how a held Gift was paid, for a refund.
    """
    return evaluate_gift(
        draft,
        catalog,
        status=report.status if report is not None else None,
        rewards=available_rewards(report, existing, contractor),
        previous_cost=existing.cost if existing is not None else None,
    )


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    if not slug or not slug[0].isalpha():
        slug = f"gift_{slug}" if slug else "gift"
    return slug[:40].rstrip("_")


def new_gift_id(contractor: Contractor | None, draft: GiftDraft) -> str:
    """A Gift id made from the Gift's name (or Effect), unique on this contractor."""
    base = _slug(draft.name or draft.effect or "gift")
    taken = {g.id for g in contractor.gifts} if contractor is not None else set()
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


@dataclass(frozen=True, slots=True)
class SavePlan:
    """A save worked out but not yet stored.

    ``applied`` is the contractor after the Gift change (and the free craft,
    when it was asked for and allowed); when refused, its contractor is the
    one passed in and its findings say why. ``craft`` is the free-craft
    step's own result (None when not asked), so a refused free craft is
    reported without stopping the Gift from being saved. ``evaluation`` is
    the builder's view of the draft for this contractor.
    """

    gift: Gift
    kind: GiftChangeKind
    credits: int
    improvements: int
    evaluation: GiftEvaluation
    applied: Result[Contractor]
    craft: Result[Contractor] | None
    free_item: str
    artifact: str = ""
    """The Legendary Artifact the Gift is invested in on saving ("" for none)."""

    @property
    def refused(self) -> bool:
        return self.applied.refused

    @property
    def contractor(self) -> Contractor:
        return self.applied.character

    @property
    def findings(self) -> tuple[Finding, ...]:
        craft = self.craft.findings if self.craft is not None else ()
        return (*self.applied.findings, *craft)

    def summary(self) -> str:
        """One line for a status bar or the undo menu: what saving does."""
        name = self.gift.draft.name or self.gift.id
        verb = {
            GiftChangeKind.NEW: "Add",
            GiftChangeKind.IMPROVEMENT: "Improve",
            GiftChangeKind.REVISION: "Revise",
            GiftChangeKind.ADJUSTMENT: "Adjust",
        }[self.kind]
        rewards = self.evaluation.rewards.message if self.evaluation.rewards else ""
        text = f"{verb} {name} (Gift Cost {self.gift.cost})"
        if self.artifact:
            text += f" in {self.artifact}"
        return f"{text}: {rewards}" if rewards else text


def _refusal(contractor: Contractor, findings: list[Finding]) -> Result[Contractor]:
    return Result(contractor, tuple(findings))


def plan_save(
    contractor: Contractor,
    draft: GiftDraft,
    catalog: Catalog,
    *,
    existing: Gift | None = None,
    free_item: str = "",
    date: str | None = None,
    report: SheetReport | None = None,
    artifact: str = "",
) -> SavePlan:
    """Work out saving ``draft`` onto ``contractor`` (a new Gift, or a change of ``existing``).

    A new Gift goes through ``advance.add_gift`` with the Gift Credits the
    evaluation says it spends; a change of a held Gift through
    ``advance.change_gift`` as an IMPROVEMENT when the Gift Cost rises and a
    REVISION otherwise, with the Improvements/Gift Credits spent (negative:
    refunded). ``free_item`` (an item name) asks for the crafting Gift's free
    copy via ``advance.craft_item(free=True)``; the ledger decides whether one
    is owed. ``artifact`` (a Legendary Artifact's name) invests a Legendary
    Artifact Gift in that artifact, putting a new one on the sheet when none
    has that name ("add to …"; ``builder.contract.items``).
    """
    date = date or today()
    report = report or evaluate_sheet(contractor)
    evaluation = evaluate_for(draft, catalog, report, existing, contractor)
    gift_id = existing.id if existing is not None else new_gift_id(contractor, draft)
    gift = Gift(
        gift_id,
        draft,
        evaluation.cost,
        evaluation.system_text,
        ", ".join(evaluation.house_rules),
    )
    use = evaluation.rewards
    credits = use.credits if use else 0
    improvements = use.improvements if use else 0
    if existing is None:
        kind = GiftChangeKind.NEW
    elif evaluation.cost > existing.cost:
        kind = GiftChangeKind.IMPROVEMENT
    else:
        kind = GiftChangeKind.REVISION

    def plan(applied: Result[Contractor], craft: Result[Contractor] | None = None) -> SavePlan:
        applied = invested(contractor, applied, gift.id, artifact.strip())
        return SavePlan(
            gift,
            kind,
            credits,
            improvements,
            evaluation,
            applied,
            craft,
            free_item,
            artifact.strip(),
        )

    problems = [*evaluation.errors, *evaluation.blocking]
    if not draft.name.strip():
        problems.append(
            Finding(
                "app.gift_unnamed",
                "give the Gift a name before saving (step 5, Name & Save)",
                severity=Severity.ERROR,
            )
        )
    if problems:
        return plan(_refusal(contractor, problems))
    if existing is not None and existing.draft == draft and existing.cost == gift.cost:
        return plan(
            _refusal(
                contractor,
                [
                    Finding(
                        "app.gift_unchanged",
                        "nothing changed in this Gift",
                        severity=Severity.ERROR,
                    )
                ],
            )
        )
    note = change_note(existing.draft if existing is not None else None, draft, catalog)
    if existing is None:
        applied = advance.add_gift(contractor, gift, date, credits=credits, note=note)
    else:
        applied = advance.change_gift(
            contractor, gift, kind, date, credits=credits, improvements=improvements, note=note
        )
    if applied.refused or not free_item.strip():
        return plan(applied)
    craft = advance.craft_item(applied.character, gift.id, free_item.strip(), date, free=True)
    if craft.refused:
        return plan(applied, craft)
    merged = Result(craft.character, (*applied.findings, *craft.findings))
    return plan(merged, craft)


def invested(
    before: Contractor, applied: Result[Contractor], gift_id: str, artifact: str
) -> Result[Contractor]:
    """``applied`` with the saved Gift invested in ``artifact`` (made when not on the sheet).

    Refused (the contractor ``before`` the save, with the reason) when the
    Gift cannot be invested: it is not a Legendary Artifact Gift. With no
    ``artifact``, or a refused save, ``applied`` as it is.
    """
    if not artifact or applied.refused:
        return applied
    current = applied.character
    if items.find_legendary(current, artifact) is None:
        made = items.add_legendary_artifact(current, artifact)
        if made.refused:
            return Result(before, made.findings)
        current = made.character
    result = items.invest_gift(current, artifact, gift_id)
    if result.refused:
        return Result(before, result.findings)
    return Result(result.character, applied.findings)


def _amount(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def confirm_question(plan: SavePlan) -> str:
    """The question asked before a save that spends or refunds rewards ("" when it moves none).

    Worded from the plan's own numbers, so the player confirms exactly what
    the ledger will record: "Spend 2 Gift Credits on Reliquary Sting?",
    "Spend 1 Improvement and 1 Gift Credit on Ember Lance?", "Revise Ember
    Lance and refund 1 Improvement?", "Revise Ember Lance and refund 2 Gift
    Credits?".
    """
    name = plan.gift.draft.name.strip() or plan.gift.id
    spent = []
    if plan.improvements > 0:
        spent.append(_amount(plan.improvements, "Improvement"))
    if plan.credits > 0:
        spent.append(_amount(plan.credits, "Gift Credit"))
    if spent:
        return f"Spend {' and '.join(spent)} on {name}?"
    back = []
    if plan.credits < 0:
        back.append(_amount(-plan.credits, "Gift Credit"))
    if plan.improvements < 0:
        back.append(_amount(-plan.improvements, "Improvement"))
    if back:
        return f"Revise {name} and refund {' and '.join(back)}?"
    return ""


def free_item_offer(
    contractor: Contractor,
    draft: GiftDraft,
    catalog: Catalog,
    *,
    existing: Gift | None = None,
    report: SheetReport | None = None,
) -> tuple[bool, str]:
    """Whether saving this draft would earn a free crafted item, and if not, why.

    Asked of the ledger by a dry run of the save with a free craft; the
    reason is the ledger's own message ("a free Artifact comes only when the
    Gift is gained or improved").
    """
    gtype = catalog.gift_types.get(draft.gift_type)
    if gtype is None or not gtype.crafts:
        return False, "only Artifact and Consumable Crafting Gifts craft items"
    named = draft if draft.name.strip() else replace(draft, name="Unnamed Gift")
    trial = plan_save(
        contractor, named, catalog, existing=existing, free_item="trial", report=report
    )
    if trial.applied.refused and trial.craft is None:
        return False, "the Gift cannot be saved yet"
    if trial.craft is not None and trial.craft.refused:
        return False, "; ".join(
            f.message for f in trial.craft.findings if f.severity is Severity.ERROR
        )
    return True, ""


# --------------------------------------------------------------------------- templates


@dataclass(frozen=True, slots=True)
class Template:
    """A Gift draft the player kept to start from later, and the file it lives in."""

    path: Path
    draft: GiftDraft

    @property
    def name(self) -> str:
        return self.draft.name or self.path.stem


@dataclass(frozen=True, slots=True)
class TemplateProblem:
    """A template file that could not be read, and why."""

    path: Path
    message: str

    def __str__(self) -> str:
        return f"{self.path.name}: {self.message}"


class TemplateStore:
    """Gift templates as gift-draft JSON files in one folder (``<settings>/templates``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else settings_dir() / TEMPLATE_FOLDER

    def load(self) -> tuple[list[Template], list[TemplateProblem]]:
        """Every readable template (by name), and a problem for each file that is not one."""
        found: list[Template] = []
        problems: list[TemplateProblem] = []
        if not self.folder.is_dir():
            return found, problems
        for path in sorted(self.folder.glob("*.json")):
            try:
                if path.stat().st_size > MAX_TEMPLATE_BYTES:
                    raise DraftFormatError(
                        f"the file is {path.stat().st_size} bytes; a Gift template is far smaller"
                    )
                doc = json.loads(path.read_text(encoding="utf-8"))
                found.append(Template(path, read_draft_document(doc).draft))
            except (OSError, UnicodeDecodeError) as exc:
                problems.append(TemplateProblem(path, f"cannot be read ({exc})"))
            except json.JSONDecodeError as exc:
                problems.append(
                    TemplateProblem(path, f"is not JSON (line {exc.lineno}: {exc.msg})")
                )
            except DraftFormatError as exc:
                problems.append(TemplateProblem(path, str(exc)))
        found.sort(key=lambda t: t.name.lower())
        return found, problems

    def save(self, draft: GiftDraft) -> Path:
        """Store a draft as a new template file named after the Gift; returns its path."""
        self.folder.mkdir(parents=True, exist_ok=True)
        base = _slug(draft.name or draft.effect or "gift")
        path = self.folder / f"{base}.json"
        n = 2
        while path.exists():
            path = self.folder / f"{base}_{n}.json"
            n += 1
        text = json.dumps(draft_to_json(draft), indent=2, ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")
        return path

    def delete(self, template: Template) -> None:
        """Remove a template's file (missing is fine: it is already gone)."""
        template.path.unlink(missing_ok=True)
