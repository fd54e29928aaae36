"""The Concept tab: who the contractor is, their Limits, Assets and Liabilities, and
the sheet's rule check (builder's findings)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import Concept, SourcePool
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.bio_box import BioBox
from ui.contract.sheet.context import SheetContext
from ui.widgets.common import FigureGrid, FindingList, heading, plain
from ui.widgets.down_scroll import DownScroll
from ui.widgets.reflow import ReflowRow
from ui.widgets.tables import ListTable

CONCEPT_FIELDS: tuple[tuple[str, str], ...] = (
    ("name", "&Name"),
    ("player", "&Player"),
    ("age", "&Age"),
    ("pronouns", "Pro&nouns"),
    ("archetype", "A&rchetype"),
    ("paradigm", "Para&digm"),
    ("ambition", "A&mbition"),
    ("home_playgroup", "&Home playgroup"),
)


class ConceptTab(SheetTab):
    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (53 statements when the limits came in)
        super().__init__(host, parent)
        self.figures = FigureGrid(text_values=True)
        self.appearance = plain("")
        self.background = plain("")
        self.edit_button = QPushButton("Edit Co&ncept…")
        self.edit_button.clicked.connect(self._edit_concept)
        self.source_button = QPushButton("Rena&me Source…")
        self.source_button.clicked.connect(self._edit_source)
        self.limits = ListTable("Limits", ("Limit", "When it is crossed"), editable=False)
        # Issue 31.4: Limits change after creation as a dated revision the audit shows.
        self.limits_button = QPushButton("Revise L&imits…")
        self.limits_button.clicked.connect(self.revise_limits)
        self.limits_form: FormDialog | None = None
        self.assets = ListTable(
            "Assets and Liabilities",
            ("Name", "Kind", "Value", "Details", "Approval"),
            editable=False,
            stretch=3,
            stretch_min_ems=10,  # Details wraps, but in words, not letters
        )
        self.checks = FindingList()
        self.checks.setMinimumHeight(self.checks.fontMetrics().height() * 5)

        body = QWidget()
        page = QVBoxLayout(body)
        page.setContentsMargins(16, 12, 16, 12)
        left = QVBoxLayout()
        left.setSpacing(6)
        top = QHBoxLayout()
        top.addWidget(heading("Concept"))
        top.addStretch(1)
        top.addWidget(self.edit_button)
        left.addLayout(top)
        left.addWidget(self.figures)
        left.addSpacing(8)
        left.addWidget(heading("Appearance", level=2))
        left.addWidget(self.appearance)
        left.addSpacing(4)
        left.addWidget(heading("Background", level=2))
        left.addWidget(self.background)
        self.bio = BioBox(host)
        left.addSpacing(4)
        left.addWidget(self.bio)
        source_row = QHBoxLayout()
        self.source_label = plain("")
        source_row.addWidget(self.source_label, 1)
        source_row.addWidget(self.source_button)
        left.addSpacing(4)
        left.addWidget(heading("Source", level=2))
        left.addLayout(source_row)
        left.addStretch(1)
        right = QVBoxLayout()
        limits_row = QHBoxLayout()
        limits_row.addStretch(1)
        limits_row.addWidget(self.limits_button)
        right.addLayout(limits_row)
        right.addWidget(self.limits)
        right.addWidget(self.assets)
        right.addWidget(heading("Rule check", level=2))
        right.addWidget(self.checks, 1)
        # Side by side (2 : 3) when both fit, else the tables under the concept: the
        # Assets table asks for room for its Details column (``stretch_min_ems``).
        self.columns = ReflowRow(spacing=32, stacked_spacing=16, parent=body)
        self.columns.add_layout(left, 2)
        self.columns.add_layout(right, 3)
        page.addWidget(self.columns, 1)
        self.scroll = scroll = DownScroll(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        self.scroll.updateGeometry()  # its least width follows what the page will hold
        # and again once the tables have sized their columns to the rows put in below
        QTimer.singleShot(0, self.scroll, self.scroll.updateGeometry)
        self.bio.show_sheet(ctx)
        concept = ctx.contractor.concept
        self.figures.set_rows(
            [
                (label.replace("&", ""), getattr(concept, key) or "—")
                for key, label in CONCEPT_FIELDS
                if key != "name"
            ]
        )
        self.appearance.setText(concept.appearance or "—")
        self.background.setText(concept.background or "—")
        source = ctx.contractor.source
        conditions = "; ".join(source.replenishment) or "none named"
        if ctx.report.ratings.source:
            self.source_label.setText(
                f"{source.name or 'Source'} {ctx.report.ratings.source}. "
                f"Refills a point when: {conditions}."
            )
        else:
            self.source_label.setText(
                f"{source.name or 'Source'}: none yet. It arrives at 1 with the first Gift."
            )
        self.limits.set_rows(
            [
                (lim.name + (" (custom)" if lim.custom else ""), lim.description)
                for lim in ctx.contractor.limits
            ],
            [lim.description for lim in ctx.contractor.limits],
        )
        rows = []
        tips = []
        for kind, picks in (("Asset", ctx.report.assets), ("Liability", ctx.report.liabilities)):
            for pick in picks:
                approval = "Restricted: leader approves" if pick.restricted else ""
                rows.append((pick.name, kind, str(pick.value), pick.detail, approval))
                tips.append(pick.system)
        self.assets.set_rows(rows, tips)
        self.checks.set_findings(ctx.report.findings, "Every rule check passes.")

    def _edit_concept(self) -> None:
        contractor = self.ctx.contractor
        concept = contractor.concept
        fields = [
            Field(key, label, value=getattr(concept, key), required=key == "name")
            for key, label in CONCEPT_FIELDS
        ]
        fields += [
            Field("appearance", "Appea&rance", "multiline", concept.appearance),
            Field("background", "&Background", "multiline", concept.background),
        ]
        form = FormDialog("Edit Concept", fields)
        form.accepted.connect(
            lambda: self.host.run(
                lambda: self.host.ops.edit_concept(contractor, Concept(**form.values()))
            )
        )
        self.host.show_dialog(form)

    def revise_limits(self) -> None:
        """Ask for the three Limits, a date and why; store them as a dated revision."""
        from builder.contract.sheet_edits import limits_from_names
        from ui.catalog import sheet_catalog
        from ui.contract.sheet.item_forms import today

        contractor = self.ctx.contractor
        options = sheet_catalog().limits
        names = [limit.name for limit in contractor.limits] + ["", "", ""]
        form = FormDialog(
            "Revise Limits",
            [
                *(
                    Field(f"limit{i}", f"Limit &{i + 1}", value=names[i], required=True)
                    for i in range(3)
                ),
                Field("date", "&Date", value=today(), required=True, placeholder="YYYY-MM-DD"),
                Field("reason", "&Why", "multiline", ""),
            ],
            help_text="A contractor has three Limits. Name a Limit of the catalog ("
            + ", ".join(o.name for o in options)
            + ") or your own: custom Limits need Playgroup Leader approval. The ledger keeps "
            "the change, dated, and the audit lists it; Undo takes it back.",
        )

        def save() -> None:
            values = form.values()
            chosen = [values[f"limit{i}"] for i in range(3)]
            limits = limits_from_names(chosen, options, contractor.limits)
            self.host.run(
                lambda: self.host.ops.revise_limits(
                    contractor, limits, values["date"], values["reason"]
                )
            )

        form.accepted.connect(save)
        self.limits_form = form
        self.host.show_dialog(form)

    def _edit_source(self) -> None:
        contractor = self.ctx.contractor
        source = contractor.source
        form = FormDialog(
            "Source",
            [
                Field(
                    "name",
                    "&Name",
                    value=source.name,
                    required=True,
                    placeholder="Source, Rage, Blood…",
                ),
                Field(
                    "replenishment",
                    "&Replenishes when (one per line)",
                    "multiline",
                    "\n".join(source.replenishment),
                ),
            ],
            help_text="Name your Source to fit your Paradigm. From Novice on you may name "
            "conditions that refill a point at once (one at Novice, two at Professional, three "
            "at Veteran).",
        )

        def save() -> None:
            values = form.values()
            lines = tuple(
                line.strip() for line in values["replenishment"].splitlines() if line.strip()
            )
            new = replace(SourcePool(), name=values["name"], replenishment=lines)
            self.host.run(lambda: self.host.ops.edit_source(contractor, new))

        form.accepted.connect(save)
        self.host.show_dialog(form)
