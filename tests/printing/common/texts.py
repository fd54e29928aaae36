"""User text that printing must reproduce exactly, shared by every game's printing tests."""

from __future__ import annotations

TRICKY_NAME = 'Zoë <b>&amp; "Xi/Xir"'
"""A name that looks like markup: it must print exactly as typed."""
