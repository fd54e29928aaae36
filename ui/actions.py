"""Names of the window's advancement actions, shared by the menus and the sheet view."""

from __future__ import annotations

MORE_ACTIONS: tuple[tuple[str, str], ...] = (
    ("bonus_exp", "&Bonus Exp…"),
    ("improvement", "Grant &Improvement…"),
    ("therapy", "&Therapy…"),
    ("buy_asset", "Buy &Asset…"),
    ("remove_liability", "Remove &Liability…"),
    ("craft", "&Craft…"),
    ("declare_death", "Declare D&eath…"),
    ("void_death", "&Void Death…"),
)
"""Advancement actions in Contractor → More, by key (the sheet view makes their dialogs)."""
