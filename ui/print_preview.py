"""Print preview: the real pages of a PDF, drawn as images before it is saved.

The PDF is written exactly as it will be saved (``printing.systems``), then
each page is rasterised with PDFium (``pypdfium2``, offline, no Qt Pdf module
needed) and shown in a scrolling column. What the preview shows is therefore
the file itself, not a second drawing of it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

PREVIEW_DPI = 60
"""Resolution of the preview images (screen-sized pages, quick to draw)."""


def page_images(pdf: Path | bytes, dpi: int = PREVIEW_DPI) -> list[QImage]:
    """Every page of ``pdf`` (a path or the file's bytes) as an image at ``dpi``."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    images: list[QImage] = []
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                bitmap = page.render(scale=dpi / 72)
                picture = bitmap.to_pil().convert("RGBA")
            finally:
                page.close()
            data = picture.tobytes()
            image = QImage(
                data,
                picture.width,
                picture.height,
                4 * picture.width,
                QImage.Format.Format_RGBA8888,
            )
            images.append(image.copy())  # own the pixels: ``data`` is freed after this
    finally:
        document.close()
    return images


class PreviewDialog(QDialog):
    """The pages of a PDF, one under the other; Save goes on to save it, Close does not."""

    def __init__(self, title: str, pdf: Path | bytes, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.images = page_images(pdf)
        count = len(self.images)
        self.setWindowTitle(f"Preview — {title} ({count} {'page' if count == 1 else 'pages'})")
        column = QWidget()
        pages = QVBoxLayout(column)
        pages.setSpacing(12)
        self.page_labels: list[QLabel] = []
        for n, image in enumerate(self.images, start=1):
            label = QLabel()
            label.setPixmap(QPixmap.fromImage(image))
            label.setAccessibleName(f"Page {n} of {count}")
            label.setFrameShape(QLabel.Shape.Box)
            pages.addWidget(label, alignment=Qt.AlignmentFlag.AlignHCenter)
            self.page_labels.append(label)
        scroll = QScrollArea()
        scroll.setWidget(column)
        scroll.setWidgetResizable(True)
        scroll.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.buttons = QDialogButtonBox()
        self.save_button = self.buttons.addButton(
            "&Save PDF…", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.buttons)
        self._fit(column)

    def _fit(self, column: QWidget) -> None:
        """As large as a page and a half, never larger than the screen."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        widest = max((image.width() for image in self.images), default=400)
        tallest = max((image.height() for image in self.images), default=500)
        width, height = widest + 60, int(tallest * 1.5)
        if room is not None:
            width = min(width, int(room.width() * 0.9))
            height = min(height, int(room.height() * 0.85))
        self.resize(width, height)
