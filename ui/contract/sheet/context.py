"""What every sheet tab is given: the contractor, builder's evaluation of it, the catalog.

Tabs read numbers only from ``report`` (``builder.contract.sheet.evaluate_sheet``) and
names and descriptions from ``catalog`` (``builder.contract.sheet_catalog``); the
contractor value supplies the player's own text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.contract.character import Contractor
from ui.widgets.common import title_case

__all__ = ["SheetContext", "signed", "title_case"]


@dataclass(frozen=True, slots=True)
class SheetContext:
    contractor: Contractor
    report: Any  # builder.contract.sheet.SheetReport
    catalog: Any  # builder.contract.sheet_catalog.SheetCatalog


def signed(value: int) -> str:
    """+3, 0, −2 (with a real minus sign)."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"
