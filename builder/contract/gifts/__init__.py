"""The Gift Builder: catalog, System Text templating and Gift Cost evaluation (SPEC §3).

Entry points other layers call:

- :func:`default_catalog` — the shipped catalog (plus house-rule folders), loaded once.
- :func:`load_catalog` / :func:`check_catalog_dir` — load or check catalog folders.
- :func:`evaluate_gift` — cost, breakdown, System Text, Status and restrictions of a draft.
- :func:`draft_from_json` / :func:`draft_to_json` / :func:`read_draft_document` — the
  versioned gift-draft JSON format.
- :func:`detail_clause` — the System Text sentence a modifier's detail fills ("... when ___.").
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


_HOME: dict[str, str] = {
    "AvailableRewards": "evaluate",
    "Catalog": "catalog",
    "CatalogError": "catalog",
    "CatalogProblem": "catalog",
    "CostLine": "evaluate",
    "DraftDocument": "draft_json",
    "DraftFormatError": "draft_json",
    "Effect": "catalog",
    "GiftDraft": "draft",
    "GiftEvaluation": "evaluate",
    "GiftType": "catalog",
    "Modifier": "catalog",
    "ModifierChoice": "draft",
    "ModifierKind": "catalog",
    "Parameter": "catalog",
    "RewardUse": "evaluate",
    "StatusReason": "evaluate",
    "StockGift": "catalog",
    "Unavailable": "evaluate",
    "check_catalog_dir": "loader",
    "default_catalog": "loader",
    "detail_clause": "evaluate",
    "draft_from_json": "draft_json",
    "draft_to_json": "draft_json",
    "evaluate_gift": "evaluate",
    "load_catalog": "loader",
    "read_draft_document": "draft_json",
    "reward_use": "evaluate",
    "unavailable_effects": "evaluate",
    "unavailable_styles": "evaluate",
}
"""The module each public name lives in. They are imported on first use: a caller that
needs only ``GiftDraft`` (the storage layer, when a library opens) does not pay for
the evaluator, the checks and the catalog loader (issue 29)."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
