"""Fixtures for the desktop tests: a real main window on a real temporary library."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QWidget, QWizard
from pytestqt.qtbot import QtBot

from builder.contract.character import ATTRIBUTES, Contractor
from harbinger.app.contract.creation_file import FORMAT as CREATION_FORMAT
from harbinger.app.contract.creation_file import plan_creation
from ui.app import make_application
from ui.contract.wizard.wizard import CreationWizard
from ui.main_window import MainWindow
from ui.settings import AppSettings


@pytest.fixture(scope="session")
def qapp_cls() -> type[QApplication]:
    return QApplication


@pytest.fixture(autouse=True)
def _collect_after_each_test(qapp: QApplication) -> Iterator[None]:
    """Collect a test's reference cycles while it ends, then set the survivors aside.

    Qt wrappers caught in Python reference cycles are otherwise freed by whatever
    garbage collection runs next, in some later test, when the widgets they point
    into may already be gone; collecting here keeps each test's leftovers its own.

    What survives the collection (modules imported during the test, catalogs,
    caches, and the windows pytest-qt closed, whose deletion Qt runs later) is
    frozen (``gc.freeze``): the next test's collection no longer walks it. Walking
    those 90,000 to 130,000 objects cost 0.06 s of CPU a test; 0.005 s frozen.
    A frozen window's wrappers are never collected, so never freed after Qt has
    deleted its widgets. (Deleting the closed windows here instead, before the
    collection, crashes the Coven's tests in the collection.)

    The windows the previous test closed are deleted as this test starts (their
    ``deleteLater``), not at this test's first event loop: until then every
    application-wide change this test makes (a theme, a font) reached each of
    their hundreds of widgets, 0.4 s of CPU for a closed main window with a sheet.
    """
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    yield
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _added_widgets_live_until_closed(
    _collect_after_each_test: None, qtbot: QtBot
) -> Iterator[None]:
    """Hold every widget a test gives ``qtbot.addWidget`` until pytest-qt has closed it.

    pytest-qt keeps only a weak reference. A top-level window whose test has
    returned, alive only through a reference cycle (its signals, a session
    parented to it), was otherwise Python garbage while pytest-qt still
    processed its events: a collection that an allocation set off during the
    window's own paint deleted the window and its backing store under the
    painter (valgrind: use after free in ``QPainter::fillRect``, the Coven's
    town map). The widgets are let go after pytest-qt closed them, before
    ``_collect_after_each_test`` collects.
    """
    kept: list[QWidget] = []
    add = qtbot.addWidget

    def add_and_keep(widget: QWidget, *, before_close_func: Any = None) -> None:
        kept.append(widget)
        add(widget, before_close_func=before_close_func)

    qtbot.addWidget = add_and_keep  # type: ignore[method-assign]
    yield
    kept.clear()


@pytest.fixture
def app(qapp: QApplication) -> QApplication:
    """The QApplication with Harbinger's name and style applied."""
    return make_application()


@pytest.fixture
def open_window(qtbot, app: QApplication) -> Callable[..., MainWindow]:
    """Open a main window on a library path; closing is the test's business or teardown's."""
    windows: list[MainWindow] = []

    def make(location: Path, *, offer_examples: bool = False) -> MainWindow:
        window = MainWindow(
            AppSettings(), str(location), offer_examples=offer_examples, open_printed=False
        )
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        # The library opens in the background at start-up; tests begin once it is open.
        qtbot.waitUntil(lambda: not window.loading, timeout=20000)
        windows.append(window)
        return window

    yield make
    for window in windows:
        # A fixture torn down earlier may already have deleted it (pytest-qt closed it).
        if shiboken6.isValid(window) and window.isVisible():
            window.close()


@pytest.fixture
def window(open_window: Callable[..., MainWindow], library_path: Path) -> MainWindow:
    """A main window on a fresh, empty library."""
    return open_window(library_path)


@pytest.fixture(scope="session")
def examples_library_template(
    empty_library_template: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A library holding the shipped example characters, made once per session.

    Loaded by ``Library.load_examples``, the call the window's first-launch offer
    ("Load examples") runs in the background; tests that only need the examples
    present start on a copy (``examples_window``) instead of loading them again
    (0.2-0.3 s of CPU each time).
    """
    from models.library import Library

    path = tmp_path_factory.mktemp("examples") / "library.sqlite3"
    shutil.copyfile(empty_library_template, path)
    library = Library.open(path)
    try:
        library.load_examples()
    finally:
        library.close()  # checkpoints the WAL: the one file is the whole library
    return path


@pytest.fixture
def examples_path(tmp_path: Path, examples_library_template: Path) -> Path:
    """This test's own copy of a library holding the shipped examples (a SQLite file)."""
    path = tmp_path / "examples.sqlite3"
    shutil.copyfile(examples_library_template, path)
    return path


@pytest.fixture
def examples_window(open_window: Callable[..., MainWindow], examples_path: Path) -> MainWindow:
    """A main window on this test's own copy of a library holding the shipped examples."""
    return open_window(examples_path)


def make_contractor(
    window: MainWindow,
    name: str = "Mara Quill",
    player: str = "Ines",
    ratings: dict[str, int] | None = None,
) -> CreationWizard:
    """Walk the creation wizard from the window's "New Contractor" action, as a player would."""
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    assert isinstance(wizard, CreationWizard)
    wizard.concept_page.name.setText(name)
    wizard.concept_page.player.setCurrentText(player)
    wizard.next()
    assert wizard.currentPage() is wizard.limits_page
    wizard.next()
    for trait, rating in (ratings or {}).items():
        wizard.ratings_page.set_rating(trait, rating)
    while wizard.currentPage() is not wizard.review_page:
        wizard.next()
    return wizard


def finish(wizard: CreationWizard) -> None:
    wizard.button(QWizard.WizardButton.FinishButton).click()


def create_contractor(
    window: MainWindow,
    name: str = "Mara Quill",
    player: str = "Ines",
    ratings: dict[str, int] | None = None,
) -> Contractor:
    """Make a new contractor as the wizard's Finish does, without walking the wizard.

    The choices are the ones :func:`make_contractor` enters (a name, a player, the
    default Limits, ``ratings`` for Attributes and Primary Abilities), written as a
    creation file and read by the app layer as ``harbinger contractor create`` reads
    one; the contractor is then stored through the same named create operation the
    wizard's Finish runs (``window.ops.create``), so the window shows it as after the
    wizard. For tests about what comes after creation; the wizard's own tests walk it.
    """
    ratings = ratings or {}
    document = {
        "format": CREATION_FORMAT,
        "version": 1,
        "concept": {"name": name, "player": player},
        "attributes": {k: v for k, v in ratings.items() if k in ATTRIBUTES},
        "abilities": {k: v for k, v in ratings.items() if k not in ATTRIBUTES},
    }
    plan = plan_creation(document, window.catalog)
    # The wizard's Finish is disabled while builder reports an ERROR: so is this.
    assert not plan.errors, [f.message for f in plan.errors]
    contractor = plan.after
    assert contractor is not None
    made = window.run_operation(lambda: window.ops.create(contractor))
    assert made is not None, "the create operation was refused"
    assert window.contractor is not None and window.contractor.id == contractor.id
    return contractor


@pytest.fixture
def settings_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield Path(str(AppSettings().path)).parent
