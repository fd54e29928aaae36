"""A character changed in another window or process while shown here (issue 13).

The save this window makes is refused (the library's version check), nothing
is lost: the player is told, the refused change is named, and Reload shows the
stored copy, after which the change can be made again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox

from models import Library
from tests.ui.conftest import create_contractor
from ui.main_window import MainWindow


def test_a_stale_save_offers_a_reload_and_loses_nothing(
    open_window: Callable[..., MainWindow], library_url: str, qtbot
) -> None:
    """On a SQLite file and on a PostgreSQL server alike (``library_url``)."""
    window = open_window(library_url)
    library_path = library_url
    create_contractor(window, name="Dana Cole")
    shown = window.contractor
    assert shown is not None
    with Library.open(library_path) as elsewhere:  # another window on the same library
        theirs = elsewhere.load(shown.id)
        elsewhere.save(dataclasses.replace(theirs, notes="Owes the Lantern a favour."))

    concept = dataclasses.replace(shown.concept, archetype="Courier")
    assert window.run_operation(lambda: window.ops.edit_concept(shown, concept)) is None
    box = window.current_dialog
    assert isinstance(box, QMessageBox)
    assert box.windowTitle() == "Changed elsewhere"
    assert "Dana Cole was changed elsewhere" in box.text()
    assert "Reload to see the stored character" in box.text()
    # Nothing of this window's change reached the library; theirs is intact.
    with Library.open(library_path) as check:
        stored = check.load(shown.id)
    assert (stored.notes, stored.concept.archetype) == ("Owes the Lantern a favour.", "")

    reload = next(b for b in box.buttons() if b.text() == "Reload")
    reload.click()
    assert window.contractor is not None
    assert window.contractor.notes == "Owes the Lantern a favour."
    # Made again on the fresh copy, the change is saved.
    fresh = window.contractor
    courier = dataclasses.replace(fresh.concept, archetype="Courier")
    change = window.run_operation(lambda: window.ops.edit_concept(fresh, courier))
    assert change is not None
    with Library.open(library_path) as check:
        stored = check.load(shown.id)
    assert (stored.notes, stored.concept.archetype) == ("Owes the Lantern a favour.", "Courier")
