"""The creation wizard: concept, Limits, ratings, Secondary Abilities, Assets and
Liabilities, a head start, and a review that lists every finding from builder.

Finish stays disabled while builder reports an ERROR (an overspend, a rank a
Newbie cannot hold, a missing Limit), so a player who never read the rules
still ends with a legal contractor.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget, QWizard

from builder.contract.character import Contractor
from builder.contract.sheet_catalog import SheetCatalog
from ui.contract.wizard import draft
from ui.contract.wizard.pages import (
    AssetsPage,
    ConceptPage,
    LimitsPage,
    RatingsPage,
    ReviewPage,
    SecondaryPage,
    StartPage,
)
from ui.contract.wizard.state import CreationState
from ui.screen_fit import fit_to_screen
from ui.style import set_role
from ui.widgets.drafts import DraftKeeper


class StepList(QWidget):
    """The wizard's steps down its side, the current one marked, and "Step 3 of 7" above."""

    def __init__(self, titles: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.where = QLabel()
        set_role(self.where, "accentBold")
        self.list = QListWidget()
        self.list.addItems([f"{n}. {title}" for n, title in enumerate(titles, start=1)])
        self.list.setAccessibleName("Steps")
        # Shows where you are; moving between steps stays with Back and Next (they check).
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A list to read, not a box to fill: no frame, the window's own background.
        self.list.setFrameShape(QListWidget.Shape.NoFrame)
        self.list.viewport().setAutoFillBackground(False)
        width = max(
            self.list.sizeHintForColumn(0),
            self.where.fontMetrics().horizontalAdvance("Step 77 of 77"),
        )
        self.list.setFixedWidth(width + 24)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.where)
        layout.addWidget(self.list, 1)

    def show_step(self, index: int) -> None:
        """Mark step ``index`` (from 0) as the current one."""
        count = self.list.count()
        self.where.setText(f"Step {index + 1} of {count}")
        for row in range(count):
            item = self.list.item(row)
            font = item.font()
            font.setBold(row == index)
            item.setFont(font)
        self.list.setCurrentRow(index)
        self.list.scrollToItem(self.list.item(index))


class CreationWizard(QWizard):
    """Create one contractor; after ``accepted``, :meth:`contractor` is the result."""

    def __init__(
        self,
        catalog: SheetCatalog,
        players: Sequence[str] = (),
        parent: QWidget | None = None,
        rng: random.Random | None = None,
        coins: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Contractor")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveFinishButtonOnEarlyPages, False)
        self.state = CreationState(catalog, self)
        self.concept_page = ConceptPage(self.state, list(players), rng or random.Random())
        self.limits_page = LimitsPage(self.state)
        self.ratings_page = RatingsPage(self.state)
        self.secondary_page = SecondaryPage(self.state)
        self.assets_page = AssetsPage(self.state)
        self.start_page = StartPage(self.state, coins)
        self.review_page = ReviewPage(self.state)
        self.pages = (
            self.concept_page,
            self.limits_page,
            self.ratings_page,
            self.secondary_page,
            self.assets_page,
            self.start_page,
            self.review_page,
        )
        for page in self.pages:
            self.addPage(page)
        self.steps = StepList([page.title() for page in self.pages])
        self.setSideWidget(self.steps)
        self.currentIdChanged.connect(self._step_changed)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Create contractor")
        screen = QGuiApplication.primaryScreen()
        width, height = 1060, 720
        if screen is not None:
            available = screen.availableGeometry()
            width = min(width, available.width() - 40)
            height = min(height, available.height() - 60)
        self.resize(width, height)
        self._result: Contractor | None = None
        # No lost work (issue 33): Escape, Cancel or close ask once something is entered,
        # and an unfinished contractor is kept as a draft that reopens here.
        self.drafts = DraftKeeper(
            self,
            draft.DRAFT_KIND,
            "contractor",
            lambda: draft.snapshot(self),
            lambda values: draft.restore(self, values),
        )
        self.drafts.resume()

    def _step_changed(self, page_id: int) -> None:
        page = self.page(page_id)
        if page in self.pages:
            self.steps.show_step(self.pages.index(page))
        if self.isVisible():
            # A wider step may widen the wizard: it stays on the screen (issue 16, item 1).
            QTimer.singleShot(0, self, lambda: fit_to_screen(self))

    @property
    def build_first_gift(self) -> bool:
        """The player asked to build the first Gift once the contractor is made (Gifted
        or a Coin of Charon gives a Gift Credit at the start)."""
        start = self.start_page
        return start.state.verdict.gift_credits > 0 and start.build_gift.isChecked()

    def contractor(self) -> Contractor:
        """The contractor the player created (made once, so its id is stable)."""
        if self._result is None:
            self._result = self.state.contractor()
        return self._result

    def accept(self) -> None:
        if self.state.verdict.errors or not self.state.concept.name.strip():
            return  # Finish is disabled then; keyboard shortcuts must not slip past it
        self.contractor()
        self.drafts.finished()
        super().accept()

    def reject(self) -> None:
        """Escape, Cancel and the close button: ask before throwing away what was entered."""
        if self.drafts.may_close():
            super().reject()
