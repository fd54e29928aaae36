"""This Mortal Coil crews: the crew sheet's edits and its file, for the desktop (and any
caller), kept out of the widgets.

A crew is a document of its own (``harbinger.mortal-coil-crew``, SPEC §4b: "spacefarers
and crews ... associates, ships"): its members are spacefarers named by id, its ship
and hired associates live on the sheet. Every change here returns a new ``Crew``;
builder's ``crew_findings`` says what no rule allows. Reading a file checks its size,
its JSON and its schema (``builder.mortal_coil.file``) and never executes anything.
"""

from __future__ import annotations

import json
import random
import uuid
from dataclasses import replace
from pathlib import Path

from builder.core.file_writer import write_atomically
from builder.core.findings import Finding
from builder.core.registry import FileFormatError
from builder.mortal_coil import file as mc_file
from builder.mortal_coil.creation import Associate, roll_associate
from builder.mortal_coil.crew import Crew, Ship, crew_findings, daily_wages

__all__ = [
    "Crew",
    "Ship",
    "daily_wages",
    "dismiss_associate",
    "findings",
    "hire_associate",
    "new_crew",
    "read_crew",
    "write_crew",
]


def new_crew(name: str = "") -> Crew:
    """An empty crew sheet with a fresh id."""
    return Crew(f"crew-{uuid.uuid4().hex[:12]}", name)


def hire_associate(crew: Crew, rng: random.Random, name: str, daily_wage: int) -> Crew:
    """Roll a new associate ("roll 3d6 for each ability score, then give them 1d6 HP and a
    simple weapon (d6)") and add them; ValueError (the rules' range) for a bad wage or an
    empty name."""
    if not name.strip():
        raise ValueError("give the associate a name")
    hired = roll_associate(rng, name.strip(), daily_wage)
    return replace(crew, associates=(*crew.associates, hired))


def dismiss_associate(crew: Crew, index: int) -> Crew:
    """The crew without its ``index``-th associate (IndexError when there is none)."""
    if not 0 <= index < len(crew.associates):
        raise IndexError(f"no associate number {index + 1}")
    kept: tuple[Associate, ...] = crew.associates[:index] + crew.associates[index + 1 :]
    return replace(crew, associates=kept)


def findings(crew: Crew) -> list[Finding]:
    """What builder says no rule allows on this crew sheet."""
    return crew_findings(crew)


def write_crew(path: str | Path, crew: Crew) -> Path:
    """Write the crew file (atomically); returns the path written."""
    text = mc_file.canonical(mc_file.crew_document(crew))
    return write_atomically(Path(path), text.encode("utf-8"))


def read_crew(path: str | Path) -> Crew:
    """Read a crew file; FileFormatError says what is wrong and where."""
    source = Path(path)
    try:
        raw = source.read_bytes()
    except OSError as exc:
        raise FileFormatError(f"{source.name} cannot be read: {exc.strerror or exc}") from None
    if len(raw) > mc_file.MAX_FILE_BYTES:
        raise FileFormatError(
            f"{source.name} is larger than the {mc_file.MAX_FILE_BYTES} byte limit"
        )
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FileFormatError(f"{source.name} is not valid UTF-8 JSON: {exc}") from None
    return mc_file.crew_from_document(document)
