"""What the toy game Tally adds to the desktop app: a sheet showing its one number.

Declared like a shipped game's ``ui/<game>/screens.py`` (a ``SystemUi``), but
registered by a test through ``ui.systems.register_ui``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ui.contributions import ReviewWords, SystemUi, show_sheet
from ui.systems import register_ui, unregister_ui
from ui.workspace import Change


def _store(library: Any, held: Any, wanted: Any) -> None:
    from tests.toy.game import ADD

    ADD.store(library, held, wanted)


def add(workspace: Any, tally_id: str, amount: int) -> Change:
    """The desktop side of Tally's one operation: plan it, refuse or commit it undoably."""
    from harbinger.app.common import Refused
    from tests.toy.game import ADD, AddInputs

    plan = ADD.plan(workspace.library.load(tally_id), AddInputs(amount))
    if plan.errors:
        raise Refused(plan.name, plan.errors)
    change = Change(plan.name, tally_id, roster=False, lines=plan.lines)
    workspace.commit(change, plan.before, plan.after, _store)
    return change


def _sheet(window: Any, tally_id: str) -> Any:
    """A read-only sheet: the tally's name and its number, following the workspace."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    class TallySheet(QWidget):
        def __init__(self) -> None:
            super().__init__(window)
            self.character_id = tally_id
            self.undo_stack = window.workspace.stack_for(tally_id)
            self.title = QLabel()
            self.count = QLabel()
            self.count.setObjectName("tally_count")
            layout = QVBoxLayout(self)
            layout.addWidget(self.title)
            layout.addWidget(self.count)
            layout.addStretch(1)
            window.workspace.changed.connect(self._changed)
            self.refresh()

        def refresh(self) -> None:
            self.character = window.workspace.library.load(tally_id)
            self.title.setText(f"<b>{self.character.name}</b>")
            self.count.setText(f"Tally: {self.character.count}")

        def _changed(self, change: Change) -> None:
            if change.character_id == tally_id:
                self.refresh()

    return TallySheet()


def _show(window: Any, tally_id: str) -> bool:
    return show_sheet(window, tally_id, lambda: _sheet(window, tally_id))


def _delete(workspace: Any, tally: Any) -> Change:
    change = Change(name=f"Delete {tally.name}", character_id=tally.id, roster=True)
    workspace.commit(change, tally, None, _store)
    return change


def _no_print(_character: Any, _path: Path, _paper: str) -> Path:
    raise NotImplementedError("Tally has no printed sheet")


def _review_sheet(_parent: Any) -> Any:
    raise NotImplementedError("Tally has no review sheet")


SCREENS = SystemUi(
    "tally",
    _show,
    _no_print,
    _delete,
    _review_sheet,
    ReviewWords("Whole tally", "The tally", "History"),
    roster_label="Tally (toy)",
)


def registered_screens() -> Iterator[SystemUi]:
    """Register Tally's screens for one test, and take them out afterwards."""
    register_ui(SCREENS)
    try:
        yield SCREENS
    finally:
        unregister_ui(SCREENS.id)
