"""The New Contractor wizard as a draft: what is entered, as plain JSON values, and back.

Restoring goes through the pages as a player would (typing, ticking, the
rating spin boxes), so builder judges a restored draft exactly as it judged
the original choices. :class:`ui.widgets.drafts.DraftKeeper` stores it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.contract.character import AssetKind
from ui.widgets.drafts import Snapshot, go_to_step, wizard_step

if TYPE_CHECKING:
    from ui.contract.wizard.wizard import CreationWizard

DRAFT_KIND = "new-contractor"


def _concept_edits(wizard: CreationWizard) -> dict[str, Any]:
    page = wizard.concept_page
    return {
        "name": page.name,
        "age": page.age,
        "pronouns": page.pronouns,
        "archetype": page.archetype,
        "paradigm": page.paradigm,
        "ambition": page.ambition,
        "home_playgroup": page.home,
    }


def snapshot(wizard: CreationWizard) -> Snapshot:
    """Everything entered in ``wizard`` and the step it is on."""
    state = wizard.state
    page = wizard.concept_page
    concept = {key: edit.text() for key, edit in _concept_edits(wizard).items()}
    concept["player"] = page.player.currentText()
    concept["appearance"] = page.appearance.toPlainText()
    concept["background"] = page.background.toPlainText()
    limits = [
        {
            "choice": slot.combo.currentData(),
            "name": slot.custom_name.text(),
            "trigger": slot.custom_trigger.text(),
        }
        for slot in wizard.limits_page.slots
    ]
    return {
        "step": wizard_step(wizard),
        "concept": concept,
        "limits": limits,
        "attributes": dict(state.attributes),
        "abilities": dict(state.abilities),
        "secondary": dict(state.secondary),
        "assets": {k: p.detail for k, p in state.assets.items()},
        "liabilities": {k: p.detail for k, p in state.liabilities.items()},
        "charon_coin": state.charon_coin,
        "build_gift": wizard.start_page.build_gift.isChecked(),
    }


def restore(wizard: CreationWizard, values: Snapshot) -> None:
    """Put a :func:`snapshot` back into a fresh ``wizard`` and go to its step."""
    concept = dict(values.get("concept", {}))
    for key, edit in _concept_edits(wizard).items():
        edit.setText(str(concept.get(key, "")))
    page = wizard.concept_page
    page.player.setCurrentText(str(concept.get("player", "")))
    page.appearance.setPlainText(str(concept.get("appearance", "")))
    page.background.setPlainText(str(concept.get("background", "")))
    for slot, limit in zip(wizard.limits_page.slots, values.get("limits", []), strict=False):
        index = slot.combo.findData(limit.get("choice"))
        if index >= 0:
            slot.combo.setCurrentIndex(index)
        slot.custom_name.setText(str(limit.get("name", "")))
        slot.custom_trigger.setText(str(limit.get("trigger", "")))
    for group in ("attributes", "abilities"):
        for trait, rating in dict(values.get(group, {})).items():
            if trait in wizard.ratings_page.editors:
                wizard.ratings_page.set_rating(trait, int(rating))
    for name, rating in dict(values.get("secondary", {})).items():
        wizard.secondary_page.add(str(name), int(rating))
    _restore_picks(wizard, values)
    wizard.start_page.charon.setChecked(bool(values.get("charon_coin", False)))
    wizard.start_page.build_gift.setChecked(bool(values.get("build_gift", True)))
    go_to_step(wizard, int(values.get("step", 0)))


def _restore_picks(wizard: CreationWizard, values: Snapshot) -> None:
    page = wizard.assets_page
    for kind, key, picks in (
        (AssetKind.ASSET, "assets", page.asset_list),
        (AssetKind.LIABILITY, "liabilities", page.liability_list),
    ):
        for option_id, detail in dict(values.get(key, {})).items():
            if option_id in picks.items:
                picks.set_taken(option_id, True)
                wizard.state.set_detail(kind, option_id, str(detail))
