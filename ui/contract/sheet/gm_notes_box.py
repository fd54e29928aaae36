"""The Story tab's GM notes (issue 31 item 6): the game-neutral box on a contractor's sheet.

``ui.widgets.gm_notes_box.GmNotesBox`` reading and writing through the sheet's
operations (``ui.operations.contract``: ``may_read_gm_notes``, ``gm_note``,
``set_gm_note``, the same operation ``harbinger contractor gm-note`` runs),
and running its edit the way every Story tab edit runs.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ui.contract.sheet.base import SheetHost
from ui.widgets.gm_notes_box import TITLE
from ui.widgets.gm_notes_box import GmNotesBox as _GmNotesBox

__all__ = ["TITLE", "GmNotesBox"]


class GmNotesBox(_GmNotesBox):
    """The GM notes box on the contractor shown, through the sheet host's operations."""

    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(
            host.ops, host.run, parent, exports="A player copy export leaves them out."
        )
        self.host = host
        # "Save &GM notes" would take the Gifts tab's Alt+G.
        self.save_button.setText("Save G&M notes")
