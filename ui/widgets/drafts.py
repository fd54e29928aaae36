"""No lost work: ask before a creation dialog throws away what was entered, and keep
an unfinished one as a draft that reopens where it was.

One helper for every multi-step creation dialog (New Contractor, Covenant, This
Mortal Coil, The Coven). The dialog gives two functions: ``snapshot`` (what is
entered, as plain JSON values, including the step) and ``restore`` (put such
values back). The keeper then

- on Escape, Cancel or the window's close button (all of which reach
  ``QDialog.reject``) asks "Keep draft / Discard / Keep editing" once anything
  differs from the empty dialog;
- keeps the draft as ``<settings>/drafts/<kind>.json`` and restores it the
  next time the dialog opens;
- removes the draft on Discard and once the dialog is accepted.

A draft file is read as untrusted JSON: anything unreadable is set aside (the
dialog opens empty) and never executed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QDialog, QMessageBox, QWizard

from harbinger.shell.paths import drafts_dir

log = logging.getLogger(__name__)

DRAFT_VERSION = 1

Snapshot = dict[str, Any]


class DraftStore:
    """One dialog's draft file: ``<settings>/drafts/<kind>.json``."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    @property
    def path(self) -> Path:
        """Where this dialog's draft lives (follows the settings folder of the moment)."""
        return drafts_dir() / f"{self.kind}.json"

    def load(self) -> Snapshot | None:
        """The saved values, or None when there is no readable draft."""
        try:
            document = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.warning("draft %s is unreadable and was set aside: %s", self.path, exc)
            return None
        if not isinstance(document, dict) or document.get("version") != DRAFT_VERSION:
            return None
        values = document.get("values")
        return values if isinstance(values, dict) else None

    def save(self, values: Snapshot) -> None:
        """Write the draft (creating the folder); a failure is logged, not raised."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps({"version": DRAFT_VERSION, "values": values}, indent=1)
            self.path.write_text(text, encoding="utf-8")
        except OSError as exc:
            log.warning("could not keep the draft %s: %s", self.path, exc)

    def discard(self) -> None:
        """Remove the draft, if any."""
        self.path.unlink(missing_ok=True)


class DraftKeeper(QObject):
    """Ask-before-discard and the draft for one dialog.

    The dialog calls :meth:`resume` once it is built, :meth:`may_close` from its
    ``reject`` (closing only when it returns True) and :meth:`finished` from
    its ``accept``. A close the program makes (the app quitting, the main
    window closing) asks nothing: what was entered is kept as the draft.
    """

    KEEP = "Keep draft"
    DISCARD = "Discard"
    STAY = "Keep editing"

    def __init__(
        self,
        dialog: QDialog,
        kind: str,
        what: str,
        snapshot: Callable[[], Snapshot],
        restore: Callable[[Snapshot], None],
    ) -> None:
        super().__init__(dialog)
        self.dialog = dialog
        self.what = what
        self.store = DraftStore(kind)
        self._snapshot = snapshot
        self._restore = restore
        self.blank = snapshot()  # the dialog as it opens, before any draft
        self.resumed = False
        self._quiet = False  # a close the program made: keep the draft, ask nothing
        dialog.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Note a close that no person asked for (QDialog turns a close into ``reject``)."""
        if watched is self.dialog and event.type() == QEvent.Type.Close:
            self._quiet = not event.spontaneous()
        return False

    def entered(self) -> bool:
        """True once something differs from the empty dialog."""
        return self._snapshot() != self.blank

    def resume(self) -> bool:
        """Put the saved draft back, if there is one; True when it was restored."""
        values = self.store.load()
        if values is None:
            return False
        try:
            self._restore(values)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            log.warning("draft %s could not be restored: %s", self.store.path, exc)
            return False
        self.resumed = True
        return True

    def may_close(self) -> bool:
        """Ask before discarding; True when the dialog may close now.

        Nothing entered: close (and drop a stale draft). Otherwise "Keep draft"
        saves and closes, "Discard" removes the draft and closes, "Keep
        editing" (or Escape on the question) stays.
        """
        quiet, self._quiet = self._quiet, False
        if not self.entered():
            self.store.discard()
            return True
        answer = self.KEEP if quiet else self.ask()
        if answer == self.KEEP:
            self.store.save(self._snapshot())
            return True
        if answer == self.DISCARD:
            self.store.discard()
            return True
        return False

    def ask(self) -> str:
        """The question itself: returns :attr:`KEEP`, :attr:`DISCARD` or :attr:`STAY`."""
        box = QMessageBox(self.dialog)
        box.setObjectName("draftQuestion")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Unfinished " + self.what)
        box.setText(f"Keep this unfinished {self.what} as a draft?")
        box.setInformativeText(
            "A draft reopens at this step, with everything entered so far, the next time "
            "you start a new one. Discard throws it away."
        )
        keep = box.addButton(self.KEEP, QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(self.DISCARD, QMessageBox.ButtonRole.DestructiveRole)
        stay = box.addButton(self.STAY, QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(stay)
        box.exec()
        clicked = box.clickedButton()
        if clicked is keep:
            return self.KEEP
        if clicked is discard:
            return self.DISCARD
        return self.STAY

    def finished(self) -> None:
        """The dialog was accepted: its draft is no longer needed."""
        self.store.discard()


def wizard_step(wizard: QWizard) -> int:
    """The current page's place among the pages visited so far (0 for the first)."""
    visited = wizard.visitedIds()
    return max(0, len(visited) - 1)


def go_to_step(wizard: QWizard, step: int) -> None:
    """Restart ``wizard`` and press Next ``step`` times, stopping where a page refuses.

    Each page's own checks run as the player's Next would, so a draft never
    lands past a page it could not leave.
    """
    wizard.restart()
    for _ in range(max(0, int(step))):
        before = wizard.currentId()
        wizard.next()
        if wizard.currentId() == before:
            break

