"""The sheet catalog, loaded once per process and shared by every window."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from builder.contract.sheet_catalog import SheetCatalog, load_sheet_catalog

if TYPE_CHECKING:
    from builder.contract.gifts.catalog import Catalog


@cache
def sheet_catalog() -> SheetCatalog:
    """The catalog of Limits, Assets, scars, traumas and suggestions (``builder.contract``)."""
    return load_sheet_catalog()


@cache
def gift_catalog() -> Catalog:
    """The shipped Gift catalog (``builder.contract.gifts``), loaded when a Gift is first shown.

    The same value the rules, the audit and printing use (``default_catalog``): the
    shipped catalog is read once per process, not once per part of the app (0.4 to
    0.5 s of CPU each time).
    """
    from builder.contract.gifts.loader import default_catalog

    return default_catalog()


@cache
def house_gift_catalog(folders: tuple[str, ...]) -> Catalog:
    """The shipped Gift catalog plus a playgroup's house-rule folders (loaded once per set).

    The same loader review mode uses (``builder.contract.gifts.loader.load_catalog``);
    raises ``CatalogError`` naming every problem of a broken folder.
    """
    from builder.contract.gifts.loader import default_catalog

    return default_catalog(folders)
