"""The town map widget: the chronicle's people, places and organisations and their links.

It paints the layout of ``builder.coven.graph`` (the same one the printed
town sheet uses): circles coloured by kind, a red ring for corrupt elements,
a cross for destroyed ones, one red dot per corruption marker. Clicking an
element selects it (``selected(element_id)``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from builder.coven.chronicle import Kind
from builder.coven.graph import Node, town_map
from builder.coven.state import CovenState

KIND_COLOURS = {
    Kind.PERSON: QColor("#d9e6f2"),
    Kind.PLACE: QColor("#e3efd9"),
    Kind.ORGANISATION: QColor("#f2ead9"),
}
RED = QColor("#9b1c1c")
RADIUS = 22.0


class TownMap(QWidget):
    """A read-only drawing of the town as it stands; it follows ``set_state``."""

    selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.nodes: tuple[Node, ...] = ()
        self.links: tuple[tuple[str, str], ...] = ()
        self.current = ""
        self.setMinimumSize(280, 260)  # fits beside the week's controls in the main window
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Town map")

    def sizeHint(self) -> QSize:
        return QSize(560, 460)

    def set_state(self, state: CovenState) -> None:
        self.nodes, self.links = town_map(state)
        self.update()

    def _point(self, node: Node) -> QPointF:
        area = QRectF(self.rect()).adjusted(RADIUS + 40, RADIUS + 20, -RADIUS - 40, -RADIUS - 20)
        return QPointF(area.left() + node.x * area.width(), area.bottom() - node.y * area.height())

    def node_at(self, point: QPointF) -> str:
        """The element under a point of the widget, or ""."""
        for node in self.nodes:
            delta = self._point(node) - point
            if delta.x() ** 2 + delta.y() ** 2 <= RADIUS**2:
                return node.id
        return ""

    def mousePressEvent(self, event: QMouseEvent) -> None:
        found = self.node_at(event.position())
        if found:
            self.current = found
            self.selected.emit(found)
            self.update()
        super().mousePressEvent(event)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        at = {n.id: self._point(n) for n in self.nodes}
        painter.setPen(QPen(QColor("#8a8a8a"), 1.2))
        for a, b in self.links:
            if a in at and b in at:
                painter.drawLine(at[a], at[b])
        for node in self.nodes:
            self._paint_node(painter, node, at[node.id])
        painter.end()

    def _paint_node(self, painter: QPainter, node: Node, centre: QPointF) -> None:
        fallen = node.corrupt or node.destroyed
        width = 3.0 if node.id == self.current else (2.5 if fallen else 1.0)
        painter.setPen(QPen(RED if fallen else self.palette().text().color(), width))
        painter.setBrush(KIND_COLOURS[node.kind])
        painter.drawEllipse(centre, RADIUS, RADIUS)
        if node.destroyed:
            d = RADIUS * 0.7
            painter.drawLine(centre + QPointF(-d, -d), centre + QPointF(d, d))
            painter.drawLine(centre + QPointF(-d, d), centre + QPointF(d, -d))
        painter.setPen(QColor("#333333"))
        label = {Kind.PERSON: "person", Kind.PLACE: "place", Kind.ORGANISATION: "org."}[node.kind]
        painter.drawText(
            QRectF(centre.x() - RADIUS, centre.y() - 8, 2 * RADIUS, 16),
            Qt.AlignmentFlag.AlignCenter,
            "beachhead" if node.beachhead else label,
        )
        painter.setPen(self.palette().text().color())
        painter.drawText(
            QRectF(centre.x() - 80, centre.y() - RADIUS - 20, 160, 18),
            Qt.AlignmentFlag.AlignCenter,
            node.name,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(RED)
        for i in range(node.markers):
            painter.drawEllipse(centre + QPointF(-8 + 8 * i, RADIUS + 7), 3.2, 3.2)
