"""Display names and descriptions of traits, read from the sheet catalog."""

from __future__ import annotations

from typing import Any


def attribute_name(attribute_id: str) -> str:
    return attribute_id.capitalize()


def ability_name(ability_id: str) -> str:
    return ability_id.capitalize()


def _description(entries: Any, wanted: str) -> str:
    if entries is None:
        return ""
    if isinstance(entries, dict):
        entry = entries.get(wanted)
        return getattr(entry, "description", "") if entry is not None else ""
    for entry in entries:
        if getattr(entry, "id", None) == wanted:
            return getattr(entry, "description", "")
    return ""


def attribute_description(catalog: Any, attribute_id: str) -> str:
    """The catalog's description of an Attribute ("" when the catalog has none)."""
    return _description(getattr(catalog, "attributes", None), attribute_id)


def ability_description(catalog: Any, ability_id: str) -> str:
    """The catalog's description of a Primary Ability."""
    return _description(getattr(catalog, "abilities", None), ability_id)


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
