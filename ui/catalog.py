"""The sheet catalog, loaded once per process and shared by every window."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from builder.sheet_catalog import SheetCatalog, load_sheet_catalog

if TYPE_CHECKING:
    from builder.gifts.catalog import Catalog


@cache
def sheet_catalog() -> SheetCatalog:
    """``builder.sheet_catalog``'s catalog of Limits, Assets, scars, traumas and suggestions."""
    return load_sheet_catalog()


@cache
def gift_catalog() -> Catalog:
    """The shipped Gift catalog (``builder.gifts``), loaded when a Gift is first shown."""
    from builder.gifts.loader import load_catalog

    return load_catalog()
