"""The bio lines the game's website keeps on a sheet (issue 31, item 5).

Tagline, residence, languages, contacts, aliases and wish list: the player's
own words, all optional. No rule prices or checks them (the Contacts *Asset*
is a separate, priced pick); they are printed only when filled. Kept in its
own value on the contractor (``Contractor.bio``) and written to a file only
when one is filled, so files written before them read and write unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

MAX_BIO_TEXT = 2000
"""Longest text one bio line may hold (the file schema's limit as well)."""


@dataclass(frozen=True, slots=True)
class Bio:
    """The optional bio lines, each free text ("" when not filled)."""

    tagline: str = ""
    residence: str = ""
    languages: str = ""
    contacts: str = ""
    aliases: str = ""
    wish_list: str = ""


BIO_LABELS: tuple[tuple[str, str], ...] = (
    ("tagline", "Tagline"),
    ("residence", "Residence"),
    ("languages", "Languages"),
    ("contacts", "Contacts"),
    ("aliases", "Aliases"),
    ("wish_list", "Wish list"),
)
"""Each bio field with the words the sheet and the printed sheet label it with."""


def filled_lines(bio: Bio) -> tuple[tuple[str, str], ...]:
    """(label, text) of each filled bio line, in sheet order."""
    return tuple((label, getattr(bio, key)) for key, label in BIO_LABELS if getattr(bio, key))


def bio_problems(bio: Bio) -> list[str]:
    """What is too long to keep (empty: the bio may be saved), naming each field."""
    return [
        f"{f.name.replace('_', '-')}: at most {MAX_BIO_TEXT} characters"
        for f in fields(bio)
        if len(getattr(bio, f.name)) > MAX_BIO_TEXT
    ]
