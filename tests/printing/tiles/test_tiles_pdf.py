"""The printed Covenants set: a board page and a tiles page for each variant."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from builder.tiles.variants import variant
from printing.tiles.sheet import tiles_pdf


def _pages(variant_id: str, paper: str = "letter") -> list[str]:
    reader = PdfReader(io.BytesIO(tiles_pdf(variant(variant_id), paper=paper)))
    return [" ".join(p.extract_text().split()) for p in reader.pages]


def test_base_game_board_and_tiles() -> None:
    board, tiles = _pages("v7")
    assert board.startswith("COVENANTS Variant 7")
    assert "dawn" in board and "dusk" in board
    assert "FIRE melts ICE freezes WIND blows STORM shocks WATER douses FIRE" in board
    assert "Tiles (21) and control coins: cut out" in tiles
    for name, n in (("FIRE", 4), ("ICE", 4), ("WIND", 4), ("STORM", 4), ("WATER", 4)):
        assert tiles.split().count(name) == n
    assert tiles.count("P1") == 7 and tiles.count("P2") == 7


def test_variant_4_has_22_tiles_and_values_1_to_7_on_a4() -> None:
    reader = PdfReader(io.BytesIO(tiles_pdf(variant("v4"), paper="a4")))
    assert round(float(reader.pages[0].mediabox.width)) == 595
    board, tiles = (" ".join(p.extract_text().split()) for p in reader.pages)
    assert all(str(v) in board.split() for v in range(1, 8))
    assert "Tiles (22)" in tiles and tiles.split().count("?") == 2


def test_the_pdf_is_reproducible(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # a fixed date instead of today's
    assert tiles_pdf(variant("v7")) == tiles_pdf(variant("v7"))
