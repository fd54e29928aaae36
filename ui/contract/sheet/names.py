"""Display names and descriptions of traits, read from the sheet catalog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.widgets.common import title_case


def gift_catalog_names() -> Callable[[str, str], str]:
    """Display names of Gift Types, Effects and Styles from the shipped Gift catalog, by
    (table, id); the id, titled, for anything it does not hold (a house-rule Effect) or
    when the catalog cannot load."""
    from builder.contract.gifts.catalog import CatalogError
    from ui.catalog import gift_catalog

    try:
        catalog = gift_catalog()
    except CatalogError:
        return lambda _table, key: title_case(key)

    def name(table: str, key: str) -> str:
        entry = getattr(catalog, table).get(key)
        return entry.name if entry is not None else title_case(key)

    return name


def attribute_name(attribute_id: str) -> str:
    """An Attribute id as the sheet prints it ("brawn" → "Brawn")."""
    return attribute_id.capitalize()


def ability_name(ability_id: str) -> str:
    """A Primary Ability id as the sheet prints it."""
    return ability_id.capitalize()


def attribute_description(catalog: Any, attribute_id: str) -> str:
    """The catalog's description of an Attribute ("" when the catalog has none)."""
    try:
        return catalog.attribute(attribute_id).description
    except (AttributeError, KeyError):
        return ""


def ability_description(catalog: Any, ability_id: str) -> str:
    """The catalog's description of a Primary Ability."""
    try:
        return catalog.ability(ability_id).description
    except (AttributeError, KeyError):
        return ""


def entries(catalog: Any, table: str) -> list[Any]:
    """A catalog table as a list of entries (``[]`` when the catalog lacks it)."""
    found = getattr(catalog, table, None)
    if found is None:
        return []
    if isinstance(found, dict):
        return list(found.values())
    return list(found)


def entry_name(entry: Any) -> str:
    return str(getattr(entry, "name", None) or getattr(entry, "title", "") or entry)
