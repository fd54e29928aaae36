"""The sheet catalog, loaded once per process and shared by every window."""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def sheet_catalog() -> Any:
    """``builder.sheet_catalog``'s catalog of Limits, Assets, scars, traumas and suggestions."""
    from builder.sheet_catalog import load_sheet_catalog

    return load_sheet_catalog()
