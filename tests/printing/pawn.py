"""A tiny game system that is none of Harbinger's, to show printing serves any game.

``PAWN`` is a complete ``GameSystem`` (a pawn has an id and a name; its file is
``{"format": "test.pawn", "version": 1, "id": ..., "name": ...}``), and
``one_page_sheet`` prints a pawn on one page. Tests register them for their own
duration with the ``pawn_system`` fixture.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from reportlab.platypus import Flowable

from builder.core import registry
from builder.core.registry import CharacterFile, FileFormatError, GameSystem, Identity
from printing.common.layout import (
    Output,
    Paper,
    RunningHead,
    SectionStart,
    build,
    frame_width,
    make_document,
)
from printing.common.roster import RosterSheet
from printing.common.sections import sheet_styles
from printing.common.text import para


@dataclass(frozen=True, slots=True)
class Pawn:
    """The whole character of the pawn game."""

    id: str
    name: str


def _read(document: Any) -> CharacterFile:
    for key in ("id", "name"):
        if not isinstance(document.get(key), str):
            raise FileFormatError("expected text", key)
    return CharacterFile("pawn", Pawn(document["id"], document["name"]))


def _write(file: CharacterFile) -> dict[str, Any]:
    pawn = file.character
    return {"format": "test.pawn", "version": 1, "id": pawn.id, "name": pawn.name}


def _normalize(data: Any) -> dict[str, Any]:
    return dict(data)


def _items(character: Mapping[str, Any]) -> dict[str, Any]:
    return {"core": dict(character)}


PAWN = GameSystem(
    id="pawn",
    format="test.pawn",
    display_name="Pawns",
    noun="pawn",
    character_type=Pawn,
    read=_read,
    write=_write,
    dumps=lambda file: json.dumps(_write(file)).encode("utf-8"),
    identity=lambda pawn: Identity(pawn.id, pawn.name),
    normalize=_normalize,
    approval_items=_items,
    audit=lambda pawn, context: None,
    describe_entry=lambda pawn, entry: str(entry),
)


def pawn_document(pawn_id: str, name: str) -> dict[str, Any]:
    """A pawn's character file as parsed JSON."""
    return _write(CharacterFile("pawn", Pawn(pawn_id, name)))


@pytest.fixture
def pawn_system() -> Iterator[GameSystem]:
    """The pawn game, registered for one test (without a printer)."""
    registry.register(PAWN)
    try:
        yield PAWN
    finally:
        registry.unregister(PAWN.id)


def _story(
    name: str, width: float, *, key: str, outline: bool, on_start: Callable[[], None] | None
) -> list[Flowable]:
    head = RunningHead(key, f"{name} — card", outline=name if outline else "")
    return [SectionStart(head, on_start), para(f"Sheet of {name}", sheet_styles().body)]


def _render(name: str, out: Output, paper: Paper) -> int:
    doc = make_document(out, paper, title=name, subject="a game of one page")
    return build(doc, _story(name, frame_width(paper), key="0", outline=False, on_start=None))


def one_page_sheet(name: str, ident: str = "x") -> RosterSheet:
    """A sheet of a game that is not one of Harbinger's: one line per character."""
    return RosterSheet(
        name=name,
        ident=ident,
        noun="pawn",
        render=lambda out, paper: _render(name, out, paper),
        story=lambda width, *, key, outline, on_start: _story(
            name, width, key=key, outline=outline, on_start=on_start
        ),
    )


def pawn_sheet(pawn: Pawn) -> RosterSheet:
    """The pawn game's printer: one page per pawn."""
    return one_page_sheet(pawn.name, pawn.id)
