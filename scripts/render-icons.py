"""Render resources/icons/harbinger.svg to the PNG sizes Harbinger ships (run by hand
after editing the SVG; needs Qt): .venv/bin/python scripts/render-icons.py"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from harbinger.desktop import ICON_SIZES

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"


def main() -> None:
    app = QGuiApplication([])
    renderer = QSvgRenderer(str(ICONS / "harbinger.svg"))
    if not renderer.isValid():
        raise SystemExit("harbinger.svg does not render")
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        image.save(str(ICONS / f"harbinger-{size}.png"))
    del app


if __name__ == "__main__":
    main()
