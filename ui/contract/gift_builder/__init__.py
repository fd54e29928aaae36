"""The desktop Gift Builder (SPEC §3): live Gift Cost and System Text as the player clicks.

Entry points:

- :class:`GiftBuilderDialog` ``(catalog, contractor=None, existing_gift=None, parent=None)``
  — the window; ``gift_saved(BuilderResult)`` and ``template_saved(Path)`` signals.
- :func:`harbinger.app.contract.gift_saving.plan_save` — a draft →
  ``builder.contract.advance`` add_gift / change_gift (+ the free crafted item) as a
  :class:`SavePlan` to commit.
- :class:`TemplateStore` — Gift templates kept as gift-draft JSON files.
- :class:`GiftBuilderController` — the draft + undo stack the widgets bind to.
"""

from harbinger.app.contract.gift_saving import SavePlan, Template, TemplateStore, plan_save
from ui.contract.gift_builder.controller import BuilderState, GiftBuilderController
from ui.contract.gift_builder.dialog import BuilderResult, GiftBuilderDialog, Step

__all__ = [
    "BuilderResult",
    "BuilderState",
    "GiftBuilderController",
    "GiftBuilderDialog",
    "SavePlan",
    "Step",
    "Template",
    "TemplateStore",
    "plan_save",
]
