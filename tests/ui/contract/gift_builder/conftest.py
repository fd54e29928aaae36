"""Fixtures for the Gift Builder window: the real catalog, real contractors, a live dialog."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from builder.contract.character import Concept, Contractor, Gift
from builder.contract.gifts import Catalog, default_catalog, evaluate_gift
from builder.contract.sheet import evaluate_sheet
from harbinger.app.contract.gift_saving import available_rewards
from tests.builder.contract.ledger_text import contractor as ledger_contractor
from ui.contract.gift_builder import GiftBuilderDialog, TemplateStore

DAY = "2024-06-01"


def won(victories: int, extra: str = "", **kw: object) -> Contractor:
    """Mara Quill, with ``victories`` home victories (a Gift Credit each), then ``extra``."""
    lines = [f"2024-01-{i + 1:02d} contract home victory 'Win {i + 1}'" for i in range(victories)]
    text = "\n".join([*lines, extra]) if extra else "\n".join(lines)
    contractor = ledger_contractor(text, **kw)  # type: ignore[arg-type]
    return replace(contractor, concept=Concept("Mara Quill", player="Ines"))


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return default_catalog()


@pytest.fixture
def templates(tmp_path: Path) -> TemplateStore:
    return TemplateStore(tmp_path / "templates")


def settle(dialog: GiftBuilderDialog) -> None:
    """Mark the dialog's draft as the one it opened with: closing it then asks nothing."""
    dialog.initial_draft = dialog.controller.draft


@pytest.fixture
def open_builder(
    qtbot, catalog: Catalog, templates: TemplateStore
) -> Callable[..., GiftBuilderDialog]:
    """Open a Gift Builder for a contractor (or none), shown like the app would."""

    def make(
        contractor: Contractor | None = None,
        existing: Gift | None = None,
        size: tuple[int, int] = (1180, 760),
    ) -> GiftBuilderDialog:
        dialog = GiftBuilderDialog(catalog, contractor, existing, templates=templates, date=DAY)
        # Closing at the end of a test discards the draft without the Discard question.
        qtbot.addWidget(dialog, before_close_func=settle)
        dialog.resize(*size)
        dialog.show()
        qtbot.waitExposed(dialog)
        return dialog

    return make


def click(qtbot, button) -> None:  # type: ignore[no-untyped-def]
    """A left click on a check box's or radio button's indicator, as a player clicks it."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def expected(dialog: GiftBuilderDialog):  # type: ignore[no-untyped-def]
    """What builder computes for the dialog's draft, worked out independently of the window."""
    report = evaluate_sheet(dialog.contractor) if dialog.contractor is not None else None
    return evaluate_gift(
        dialog.controller.draft,
        dialog.catalog,
        status=report.status if report is not None else None,
        rewards=available_rewards(report, dialog.existing, dialog.contractor),
        previous_cost=dialog.existing.cost if dialog.existing is not None else None,
    )


def assert_live(dialog: GiftBuilderDialog) -> None:
    """The cost badge, breakdown, rewards line and System Text show builder's numbers now."""
    ev = expected(dialog)
    results = dialog.results
    assert results.cost_badge.text() == str(ev.cost)
    assert results.breakdown.text() == ev.breakdown_text()
    assert results.system_text.text() == ev.system_text
    if ev.rewards is not None and dialog.controller.state.complete:
        assert ev.rewards.message in results.rewards.text()
    elif ev.rewards is not None:  # nothing chosen yet: no "spends 1 Gift Credit" (issue 15)
        assert results.rewards.text() == ""
    assert dialog.save.isEnabled() == (ev.saveable and dialog.contractor is not None)


def answer(dialog: GiftBuilderDialog, yes: bool = True, tries: int = 300) -> list[str]:
    """Answer the builder's next question (save confirmation, discard) as a player clicks it.

    Returns a list that receives the question's text once it was asked; it
    stays empty if no question came within ``tries`` × 10 ms.
    """
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []
    role = QMessageBox.ButtonRole.AcceptRole if yes else QMessageBox.ButtonRole.RejectRole

    def poll(left: int) -> None:
        box = dialog.question
        if box is None or not box.isVisible():
            if left > 0:
                QTimer.singleShot(10, lambda: poll(left - 1))
            return
        asked.append(box.text())
        for button in box.buttons():
            if box.buttonRole(button) == role:
                button.click()
                return

    QTimer.singleShot(0, lambda: poll(tries))
    return asked
