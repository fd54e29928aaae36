"""The printer table: every shipped game has a printer, and any game can add one."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.contract.file import read_character_file
from builder.core import registry
from builder.core.registry import GameSystem
from builder.covenant.file import read_covenant_file
from printing import systems
from printing.systems import NoPrinter, SystemPrinter
from resources import resource_path
from tests.printing.common.pdfread import read_pdf
from tests.printing.pawn import Pawn, pawn_sheet, pawn_system

__all__ = ["pawn_system"]  # the fixture, used by name

INES = resource_path("examples", "seasoned-ines-varga.json")
COVENANT = resource_path("examples", "covenant-ines-okafor-vell.json")


def test_every_shipped_game_has_a_printer() -> None:
    shipped = [s.id for s in registry.systems()]
    assert [p.system for p in systems.printers()] == shipped
    assert shipped[:3] == ["contract", "covenant", "mortal-coil"]
    assert systems.printer_for(read_character_file(INES)).system == "contract"
    assert systems.printer_for(read_covenant_file(COVENANT).character).system == "covenant"
    assert systems.blank_systems()[:2] == ["contract", "mortal-coil"]


def test_a_game_without_a_printer_is_named_in_the_refusal(pawn_system: GameSystem) -> None:
    with pytest.raises(NoPrinter) as refused:
        systems.printer_for(Pawn("p-1", "Ann"))
    assert str(refused.value) == (
        "Pawns characters cannot be printed yet (no printer for game system 'pawn')"
    )


def test_a_registered_printer_prints_beside_the_shipped_games(
    pawn_system: GameSystem, tmp_path: Path
) -> None:
    systems.register_printer(SystemPrinter("pawn", pawn_sheet))
    try:
        pages = systems.print_sheet(Pawn("p-1", "Ann"), tmp_path / "ann.pdf")
        assert pages == 1
        with pytest.raises(NoPrinter, match=r"^Pawns has no cards to print; only The Contract"):
            systems.print_cards(Pawn("p-1", "Ann"), tmp_path / "cards.pdf")
        (path,) = systems.render_roster(
            [Pawn("p-1", "Ann"), read_character_file(INES)], tmp_path / "both.pdf"
        )
    finally:
        systems.unregister_printer("pawn")
    reader, pages_read = read_pdf(path, furniture=3)
    assert [o.title for o in reader.outline] == ["Ann", "Ines Varga"]
    assert pages_read[0].body == "Sheet of Ann"
    assert reader.metadata is not None
    assert reader.metadata.subject == "Harbinger: character sheets"
