"""Harbinger's icon for every window, kept apart from ``ui.help`` (the About box and the
manual) so setting it at start-up imports nothing else."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from resources import ICON_SIZES, resource_path


def app_icon() -> QIcon:
    """Harbinger's icon, from the shipped PNGs (no SVG plugin needed)."""
    icon = QIcon()
    for size in ICON_SIZES:
        path = resource_path("icons", f"harbinger-{size}.png")
        if path.exists():
            icon.addFile(str(path), QSize(size, size))
    return icon
