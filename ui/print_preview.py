"""Print preview: the real pages of a PDF, drawn as images before it is saved.

The PDF is written exactly as it will be saved (``printing.systems``), then
each page is rasterised with PDFium (``pypdfium2``, offline, no Qt Pdf module
needed) and shown in a scrolling column. What the preview shows is therefore
the file itself, not a second drawing of it.

The preview zooms (Ctrl++ and Ctrl+-, or the zoom list: each zoom draws the
pages afresh at its resolution, so they stay sharp) and pages (Previous and
Next, or Page Up and Page Down, bring a page to the top; "Page 2 of 4" says
where the view is).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

PREVIEW_DPI = 60
"""Resolution of the preview images at 100% (screen-sized pages, quick to draw)."""

ZOOMS = (50, 75, 100, 150, 200, 300)
"""The zoom levels offered, in percent of :data:`PREVIEW_DPI`."""


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
    """The pages of a PDF, one under the other, zoomed and paged; Save goes on to save it,
    Close does not."""

    def __init__(self, title: str, pdf: Path | bytes, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pdf = pdf
        self.images = page_images(pdf)
        count = len(self.images)
        self.setWindowTitle(f"Preview — {title} ({count} {'page' if count == 1 else 'pages'})")
        self.zoom_percent = 100
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
        self.scroll = QScrollArea()
        self.scroll.setWidget(column)
        self.scroll.setWidgetResizable(True)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.scroll.verticalScrollBar().valueChanged.connect(self._show_where)

        bar = self._tool_bar()

        self.buttons = QDialogButtonBox()
        self.save_button = self.buttons.addButton(
            "&Save PDF…", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.buttons)
        self._fit(column)
        self._show_where()

    def _tool_bar(self) -> QHBoxLayout:
        """Previous and Next page, where the view is, and the zoom."""
        self.previous_button = QPushButton("◀ &Previous page")
        self.next_button = QPushButton("&Next page ▶")
        self.page_label = QLabel()
        self.zoom = QComboBox()
        self.zoom.setAccessibleName("Zoom")
        for percent in ZOOMS:
            self.zoom.addItem(f"{percent} %", percent)
        self.zoom.setCurrentIndex(ZOOMS.index(100))
        self.zoom.currentIndexChanged.connect(lambda _i: self.set_zoom(self.zoom.currentData()))
        zoom_out = QPushButton("−")
        zoom_out.setToolTip("Zoom out (Ctrl+-)")
        zoom_in = QPushButton("+")
        zoom_in.setToolTip("Zoom in (Ctrl++)")
        for button in (zoom_out, zoom_in):
            button.setMaximumWidth(button.fontMetrics().horizontalAdvance("M") * 3)
        zoom_out.clicked.connect(lambda: self.step_zoom(-1))
        zoom_in.clicked.connect(lambda: self.step_zoom(1))
        self.previous_button.clicked.connect(lambda: self.go_to(self.current_page() - 1))
        self.next_button.clicked.connect(lambda: self.go_to(self.current_page() + 1))
        for keys, step in (("Ctrl++", 1), ("Ctrl+=", 1), ("Ctrl+-", -1)):
            QShortcut(QKeySequence(keys), self).activated.connect(
                lambda s=step: self.step_zoom(s)
            )
        bar = QHBoxLayout()
        bar.addWidget(self.previous_button)
        bar.addWidget(self.page_label)
        bar.addWidget(self.next_button)
        bar.addStretch(1)
        bar.addWidget(QLabel("&Zoom", buddy=self.zoom))
        bar.addWidget(zoom_out)
        bar.addWidget(self.zoom)
        bar.addWidget(zoom_in)
        return bar

    # ------------------------------------------------------------------ zoom

    def set_zoom(self, percent: int) -> None:
        """Draw the pages afresh at ``percent`` of the 100% size (one of :data:`ZOOMS`)."""
        if percent == self.zoom_percent or percent not in ZOOMS:
            return
        page = self.current_page()
        self.zoom_percent = percent
        self.zoom.blockSignals(True)
        self.zoom.setCurrentIndex(ZOOMS.index(percent))
        self.zoom.blockSignals(False)
        self.images = page_images(self.pdf, round(PREVIEW_DPI * percent / 100))
        for label, image in zip(self.page_labels, self.images, strict=True):
            label.setPixmap(QPixmap.fromImage(image))
        self.scroll.widget().adjustSize()
        self.go_to(page)

    def step_zoom(self, step: int) -> None:
        """Zoom one level in (``step`` 1) or out (-1)."""
        index = ZOOMS.index(self.zoom_percent) + step
        if 0 <= index < len(ZOOMS):
            self.set_zoom(ZOOMS[index])

    # ------------------------------------------------------------------ pages

    def current_page(self) -> int:
        """The page at the top of the view, counted from 1."""
        top = self.scroll.verticalScrollBar().value()
        current = 1
        for n, label in enumerate(self.page_labels, start=1):
            if label.y() <= top + 1:
                current = n
        return current

    def go_to(self, page: int) -> None:
        """Bring page ``page`` (from 1; kept within the pages) to the top of the view."""
        if not self.page_labels:
            return
        page = max(1, min(page, len(self.page_labels)))
        self.scroll.widget().layout().activate()
        self.scroll.verticalScrollBar().setValue(self.page_labels[page - 1].y())
        self._show_where()

    def _show_where(self) -> None:
        count = len(self.page_labels)
        page = self.current_page()
        self.page_label.setText(f"Page {page} of {count}")
        self.previous_button.setEnabled(page > 1)
        self.next_button.setEnabled(page < count)

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
