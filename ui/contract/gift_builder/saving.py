"""The Gift Builder's save plan and templates live in the application layer.

``harbinger.app.contract.gift_saving`` (no Qt) works out saving a Gift draft
onto a contractor and keeps templates; the CLI's ``contractor gift`` uses the
same plan. Re-exported here for the builder's pages.
"""

from harbinger.app.contract.gift_saving import (
    SavePlan,
    Template,
    TemplateProblem,
    TemplateStore,
    available_rewards,
    confirm_question,
    evaluate_for,
    free_item_offer,
    new_gift_id,
    plan_save,
    today,
)

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
    "today",
]
