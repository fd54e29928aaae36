"""The sheet catalog, loaded once per process and shared by every window."""

from __future__ import annotations

from functools import cache

from builder.sheet_catalog import SheetCatalog, load_sheet_catalog


@cache
def sheet_catalog() -> SheetCatalog:
    """``builder.sheet_catalog``'s catalog of Limits, Assets, scars, traumas and suggestions."""
    return load_sheet_catalog()
