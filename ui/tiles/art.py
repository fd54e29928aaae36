"""Tile and coin pictures from our own SVG art (``resources/tiles/art``), cached as pixmaps."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from builder.tiles.elements import Kind
from resources import resource_path


@cache
def _renderer(name: str) -> QSvgRenderer:
    return QSvgRenderer(str(resource_path("tiles", "art", f"{name}.svg")))


def art_name(kind: Kind | None) -> str:
    """The SVG of a tile kind ("back" for a hidden tile)."""
    return "back" if kind is None else kind.name.lower()


def paint_art(painter: QPainter, name: str, rect: QRectF) -> None:
    """Draw one picture into ``rect`` (sharp at any scale: it is vector art)."""
    _renderer(name).render(painter, rect)


def pixmap(name: str, size: int, ratio: float = 1.0) -> QPixmap:
    """A picture as a pixmap ``size`` logical pixels square."""
    pm = QPixmap(int(size * ratio), int(size * ratio))
    pm.setDevicePixelRatio(ratio)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_art(p, name, QRectF(0, 0, size, size))
    p.end()
    return pm
