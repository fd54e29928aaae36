"""A saved tile game prints through the printer table: its record, and a board to cut out."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from builder.core.registry import CharacterFile
from builder.tiles.record import record_of
from builder.tiles.state import parse_deal, parse_move, replay
from builder.tiles.system import ID, SYSTEM
from builder.tiles.variants import variant
from harbinger.cli import main
from printing import systems
from tests.printing.common.pdfread import squash

V7 = variant("v7")
DEAL = "FFIIISS/SSFNIWU/FNNNWWW"
MOVES = ["o:F", "o:S", "o:I", "b:F", "o:S", "b:N", "b:I", "o:S", "o:I", "o:I", "b:F", "b:W"]
MOVES += ["b:S", "b:U"]


def _game_file(tmp_path: Path) -> Path:
    end = list(replay(V7, parse_deal(DEAL, V7), [parse_move(m) for m in MOVES]))[-1]
    game = record_of(end, ("Thest", "Ada <b>"), DEAL, "game-1", played_at="2026-11-24")
    path = tmp_path / "game.json"
    path.write_bytes(SYSTEM.dumps(CharacterFile(ID, game)))
    return path


def test_a_game_record_prints_its_moves_and_result(tmp_path: Path) -> None:
    out = tmp_path / "game.pdf"
    assert main(["sheet", "pdf", str(_game_file(tmp_path)), "-o", str(out)]) == 0
    text = squash(" ".join(page.extract_text() for page in PdfReader(out).pages))
    assert "Thest vs Ada <b>" in text  # the player's text printed literally
    assert "Variant: v7" in text and f"Deal: {DEAL}" in text
    assert "Ada <b> won, 4–6" in text
    assert text.count("Thest") >= 1 and "14 " in text  # the fourteenth move is listed


def test_the_blank_board_and_tiles_are_two_pages(tmp_path: Path) -> None:
    out = tmp_path / "board.pdf"
    assert main(["sheet", "pdf", "--blank", "--system", "tiles", "-o", str(out)]) == 0
    assert len(PdfReader(out).pages) == 2
    assert "tiles" in systems.blank_systems()
