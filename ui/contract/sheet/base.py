"""What a sheet tab can ask of the view that holds it: run an operation, open a dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QDialog, QWidget

from ui.contract.sheet.context import SheetContext
from ui.operations.contract import Operations
from ui.workspace import Change


class SheetHost:
    """The services the :class:`~ui.contract.sheet.view.SheetView` offers its tabs."""

    def __init__(
        self,
        ops: Operations,
        catalog: Any,
        run: Callable[[Callable[[], Change]], Change | None],
        show_dialog: Callable[[QDialog], None],
    ) -> None:
        self.ops = ops
        self.catalog = catalog
        self.run = run
        self.show_dialog = show_dialog


class SheetTab(QWidget):
    """A tab of the sheet: shown with :meth:`show_sheet`, edits through ``host``."""

    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.ctx: SheetContext | None = None

    def show_sheet(self, ctx: SheetContext) -> None:
        self.ctx = ctx
