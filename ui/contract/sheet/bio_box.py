"""The Concept tab's bio lines (issue 31, item 5): shown when filled, edited in one form.

The edit runs the named operation ``harbinger.app.contract.bio_ops.plan_bio``, the
same ``harbinger contractor bio`` runs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from builder.contract.bio import BIO_LABELS, filled_lines
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.sheet.base import SheetHost
from ui.contract.sheet.context import SheetContext
from ui.widgets.common import heading, plain

MNEMONICS = {
    "tagline": "&Tagline",
    "residence": "&Residence",
    "languages": "&Languages",
    "contacts": "C&ontacts",
    "aliases": "&Aliases",
    "wish_list": "&Wish list",
}


class BioBox(QWidget):
    """The filled bio lines ("No bio lines yet." when none) and an "Edit Bio…" button."""

    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.ctx: SheetContext | None = None
        self.text = plain("")
        self.text.setAccessibleName("Bio")
        self.edit_button = QPushButton("Edit &Bio…")
        self.edit_button.clicked.connect(self.edit)
        top = QHBoxLayout()
        top.addWidget(heading("Bio", level=2))
        top.addStretch(1)
        top.addWidget(self.edit_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.text)

    def show_sheet(self, ctx: SheetContext) -> None:
        self.ctx = ctx
        lines = filled_lines(ctx.contractor.bio)
        self.text.setText(
            "\n".join(f"{label}: {text}" for label, text in lines)
            if lines
            else "No bio lines yet: tagline, residence, languages, contacts, aliases, wish list."
        )

    def edit(self) -> None:
        if self.ctx is None:
            return
        from harbinger.app.contract.bio_ops import EditBio, plan_bio

        contractor = self.ctx.contractor
        bio = contractor.bio
        form = FormDialog(
            "Edit bio",
            [
                Field(
                    key,
                    MNEMONICS[key],
                    "multiline" if key in ("contacts", "wish_list") else "text",
                    getattr(bio, key),
                )
                for key, _label in BIO_LABELS
            ],
            help_text="All optional; the printed sheet shows only the lines filled in.",
        )

        def accepted() -> None:
            given: Any = EditBio(**form.values())
            self.host.run(lambda: self.host.ops.commit(plan_bio(contractor, given)))

        form.accepted.connect(accepted)
        self.host.show_dialog(form)
