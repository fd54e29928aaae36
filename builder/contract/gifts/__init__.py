"""The Gift Builder: catalog, System Text templating and Gift Cost evaluation (SPEC §3).

Entry points other layers call:

- :func:`default_catalog` — the shipped catalog (plus house-rule folders), loaded once.
- :func:`load_catalog` / :func:`check_catalog_dir` — load or check catalog folders.
- :func:`evaluate_gift` — cost, breakdown, System Text, Status and restrictions of a draft.
- :func:`draft_from_json` / :func:`draft_to_json` / :func:`read_draft_document` — the
  versioned gift-draft JSON format.
- :func:`detail_clause` — the System Text sentence a modifier's detail fills ("... when ___.").
"""

from builder.contract.gifts.catalog import (
    Catalog,
    CatalogError,
    CatalogProblem,
    Effect,
    GiftType,
    Modifier,
    ModifierKind,
    Parameter,
    StockGift,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.gifts.draft_json import (
    DraftDocument,
    DraftFormatError,
    draft_from_json,
    draft_to_json,
    read_draft_document,
)
from builder.contract.gifts.evaluate import (
    AvailableRewards,
    CostLine,
    GiftEvaluation,
    RewardUse,
    StatusReason,
    Unavailable,
    detail_clause,
    evaluate_gift,
    reward_use,
    unavailable_effects,
    unavailable_styles,
)
from builder.contract.gifts.loader import check_catalog_dir, default_catalog, load_catalog

__all__ = [
    "AvailableRewards",
    "Catalog",
    "CatalogError",
    "CatalogProblem",
    "CostLine",
    "DraftDocument",
    "DraftFormatError",
    "Effect",
    "GiftDraft",
    "GiftEvaluation",
    "GiftType",
    "Modifier",
    "ModifierChoice",
    "ModifierKind",
    "Parameter",
    "RewardUse",
    "StatusReason",
    "StockGift",
    "Unavailable",
    "check_catalog_dir",
    "default_catalog",
    "detail_clause",
    "draft_from_json",
    "draft_to_json",
    "evaluate_gift",
    "load_catalog",
    "read_draft_document",
    "reward_use",
    "unavailable_effects",
    "unavailable_styles",
]
