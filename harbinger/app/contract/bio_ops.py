"""Edit the bio lines (issue 31, item 5), for ``harbinger contractor bio`` and the Concept tab.

Each line given replaces the one on the sheet ("" empties it); a line not given stays.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from builder.contract.bio import bio_problems
from builder.contract.character import Contractor
from harbinger.app.common import InputError, Plan, about
from harbinger.app.contract import operations as ops


@dataclass(frozen=True, slots=True)
class EditBio:
    """The bio lines; a field not given stays as it is."""

    tagline: str | None = field(default=None, metadata=about("a line that sums them up"))
    residence: str | None = field(default=None, metadata=about("where they live"))
    languages: str | None = field(default=None, metadata=about("languages they speak"))
    contacts: str | None = field(default=None, metadata=about("people they can call on"))
    aliases: str | None = field(default=None, metadata=about("other names they go by"))
    wish_list: str | None = field(
        default=None, metadata=about("what the player hopes to get for them")
    )


def plan_bio(contractor: Contractor, given: EditBio) -> Plan[Contractor]:
    """Replace the bio lines given; refused (bad input) when one is too long."""
    changed = {
        f.name: getattr(given, f.name).strip()
        for f in dataclasses.fields(given)
        if getattr(given, f.name) is not None
    }
    bio = dataclasses.replace(contractor.bio, **changed)
    problems = bio_problems(bio)
    if problems:
        raise InputError("; ".join(f"--{p}" for p in problems))
    return ops.plan_replace("Edit bio", contractor, bio=bio)
