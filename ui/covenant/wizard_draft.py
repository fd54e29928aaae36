"""The New Covenant character wizard as a draft: what is entered, as plain JSON values,
and back.

The character so far is kept in the Covenant file format
(``builder.covenant.file``), so a draft read back is checked like any file;
the Goal boxes are kept as typed (an unticked box's words too) with the step.
:class:`ui.widgets.drafts.DraftKeeper` stores it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGroupBox, QLineEdit

from builder.covenant.file import character_from_json, character_to_json
from ui.widgets.drafts import Snapshot, go_to_step, wizard_step

if TYPE_CHECKING:
    from ui.covenant.wizard import CovenantCreationWizard

DRAFT_KIND = "new-covenant-character"
GOAL_FIELDS = ("name", "conditions", "stakes", "catharsis", "deadline")


def snapshot(wizard: CovenantCreationWizard) -> Snapshot:
    """Everything entered in ``wizard`` and the step it is on."""
    goals = {}
    for slot, fields in (("major", wizard.goals_page.major), ("minor", wizard.goals_page.minor)):
        box = fields["box"]
        assert isinstance(box, QGroupBox)
        texts = {}
        for key in GOAL_FIELDS:
            edit = fields[key]
            assert isinstance(edit, QLineEdit)
            texts[key] = edit.text()
        goals[slot] = {"on": box.isChecked(), **texts}
    return {
        "step": wizard_step(wizard),
        "character": character_to_json(wizard.draft.character()),
        "player": wizard.identity_page.player.currentText(),
        "goals": goals,
    }


def restore(wizard: CovenantCreationWizard, values: Snapshot) -> None:
    """Put a :func:`snapshot` back into a fresh ``wizard`` and go to its step."""
    character = character_from_json(values["character"], "draft.character")
    identity = wizard.identity_page
    identity.name.setText(character.name)
    identity.player.setCurrentText(str(values.get("player", character.player)))
    identity.pronouns.setText(character.pronouns)
    identity.description.setPlainText(character.description)
    creation = character.creation
    for index, tie in enumerate(creation.ties[: len(wizard.ties_page.names)]):
        wizard.ties_page.set_tie(index, tie.name, tie.details)
    wizard.draft.traits = list(creation.traits)
    wizard.draft.abilities = list(creation.abilities)
    wizard.assets_page._refill()
    for slot, goal in dict(values.get("goals", {})).items():
        if slot in ("major", "minor") and goal.get("on"):
            wizard.goals_page.fill(slot, **{k: str(goal.get(k, "")) for k in GOAL_FIELDS})
    gear = wizard.gear_page
    for asset in creation.gear:
        if any(g.id == asset.id for g in wizard.catalog.gear):
            gear.check(asset.id)
        else:
            gear.own.append(asset)
            gear.own_list.addItem(asset.name)
    gear.changed()
    go_to_step(wizard, int(values.get("step", 0)))
