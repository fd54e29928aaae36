"""The desktop app's table of game systems: how each one's characters are shown and handled.

``builder.core.registry`` says how a game's files are read, written, audited
and approved; this table adds what only the desktop app needs: how a
character of the system is put on screen in the main window, printed,
deleted (undoably) and shown read-only in review mode. The main window and
the review window look a system up here by its id (``Library.system_of``,
``GameSystem.id``) instead of branching on the game; so does the roster, for
the few words it shows per system.

Nothing here imports a system's widgets or rules at module level: each entry
imports its own code when first called, so launching the app loads no game's
screens it does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.workspace import Change, Workspace


@dataclass(frozen=True, slots=True)
class ReviewWords:
    """How review mode titles a system's approval rows: the whole file, its core, its history."""

    whole: str
    core: str
    history: str


@dataclass(frozen=True, slots=True)
class SystemUi:
    """One game system's screens.

    - ``show(window, character_id)`` puts the character's sheet in the main
      window (``ui.main_window.MainWindow``) and returns False when it cannot
      be opened (the window has said why);
    - ``print_pdf(character, path, paper)`` writes its sheet (off the main thread);
    - ``delete(workspace, character)`` removes it as one undoable operation;
    - ``review_sheet(parent)`` makes the read-only sheet review mode shows, a
      widget with ``show_character(character)``, ``current_tab()`` and
      ``jump_to(where)``;
    - ``review_words`` title the approval panel's rows;
    - ``audit_inputs(house_dirs)`` gives what the system's audit is checked
      against in review mode (``GameSystem.audit``'s context entry), or None
      when it needs nothing;
    - ``roster_label`` is what the roster's Status column shows for the system's
      characters, or "" when they have The Contract's Status and victories
      (``builder.contract.status``), which the roster then shows and filters on.
    """

    id: str
    show: Callable[[Any, str], bool]
    print_pdf: Callable[[Any, Path, str], Path]
    delete: Callable[[Workspace, Any], Change]
    review_sheet: Callable[[QWidget | None], Any]
    review_words: ReviewWords
    audit_inputs: Callable[[Sequence[str | Path]], Any] | None = None
    roster_label: str = ""


# ---------------------------------------------------------------------- The Contract


def _contract_show(window: Any, character_id: str) -> bool:
    return bool(window.show_contract(character_id))


def _contract_pdf(contractor: Any, path: Path, paper: str) -> Path:
    from printing.contract.sheet import render_contractor_sheet
    from printing.contract.snapshot import print_snapshot
    from ui.catalog import gift_catalog, sheet_catalog

    # Gifts re-evaluated against today's catalog, as the Gift Builder shows them.
    snapshot = print_snapshot(contractor, gift_catalog(), sheet_catalog())
    render_contractor_sheet(snapshot, path, paper)
    return path


def _contract_audit_inputs(house_dirs: Sequence[str | Path]) -> Any:
    from builder.contract.gifts import default_catalog
    from builder.contract.system import AuditInputs
    from ui.catalog import sheet_catalog

    return AuditInputs(default_catalog(list(house_dirs)), sheet_catalog())


def _contract_delete(workspace: Workspace, contractor: Any) -> Change:
    from ui.operations.contract import Operations

    return Operations(workspace).delete(contractor)


def _contract_review_sheet(parent: QWidget | None) -> Any:
    from ui.contract.review_sheet import ReadOnlyContractorSheet

    return ReadOnlyContractorSheet(parent)


# ---------------------------------------------------------------------- Covenant


def _covenant_show(window: Any, character_id: str) -> bool:
    from ui.covenant import CovenantSheet

    def make() -> QWidget:
        return CovenantSheet(window.workspace, character_id, window)

    return bool(window.show_game(character_id, make))


def _covenant_pdf(character: Any, path: Path, paper: str) -> Path:
    from printing.covenant.sheet import render_covenant_sheet

    render_covenant_sheet(character, path, paper)
    return path


def _covenant_delete(workspace: Workspace, character: Any) -> Change:
    from ui.operations.covenant import commit

    return commit(workspace, f"Delete {character.name or 'character'}", character, None)


def _covenant_review_sheet(parent: QWidget | None) -> Any:
    from ui.covenant.review_sheet import ReadOnlyCovenantSheet

    return ReadOnlyCovenantSheet(parent)


# ---------------------------------------------------------------------- shared by the games
# whose sheets print through ``printing.systems`` and whose deletion is a ``commit`` to None


def _print_by_registry(character: Any, path: Path, paper: str) -> Path:
    """Print a character's sheet as its game's printer in ``printing.systems`` does."""
    from printing.systems import print_sheet

    print_sheet(character, path, paper)  # type: ignore[arg-type]
    return path


# ---------------------------------------------------------------------- This Mortal Coil


def _mortal_coil_show(window: Any, character_id: str) -> bool:
    from ui.mortal_coil import SpacefarerSheet

    return bool(
        window.show_game(
            character_id,
            lambda: SpacefarerSheet(window.workspace, character_id, parent=window),
        )
    )


def _mortal_coil_delete(workspace: Workspace, character: Any) -> Change:
    from ui.operations.mortal_coil import delete

    return delete(workspace, character)


def _mortal_coil_review_sheet(parent: QWidget | None) -> Any:
    from ui.mortal_coil.review_sheet import ReadOnlySpacefarerSheet

    return ReadOnlySpacefarerSheet(parent)


# ---------------------------------------------------------------------- The Coven


def _coven_view(window: Any, chronicle_id: str) -> Any:
    from ui.coven import ChronicleSession, ChronicleView

    session = ChronicleSession(window.workspace, chronicle_id)
    view = ChronicleView(session, window)
    session.setParent(view)
    return view


def _coven_show(window: Any, chronicle_id: str) -> bool:
    return bool(window.show_game(chronicle_id, lambda: _coven_view(window, chronicle_id)))


def _coven_delete(workspace: Workspace, chronicle: Any) -> Change:
    from ui.operations.coven import delete

    return delete(workspace, chronicle)


def _coven_review_sheet(parent: QWidget | None) -> Any:
    from ui.coven.review_sheet import ReadOnlyChronicleSheet

    return ReadOnlyChronicleSheet(parent)


# ---------------------------------------------------------------------- Covenants (tiles)


def _tiles_show(window: Any, game_id: str) -> bool:
    from ui.tiles.saved_game import SavedGameSheet

    return bool(
        window.show_game(game_id, lambda: SavedGameSheet(window.workspace, game_id, window))
    )


def _tiles_delete(workspace: Workspace, game: Any) -> Change:
    from ui.operations.tiles import delete

    return delete(workspace, game)


def _tiles_review_sheet(parent: QWidget | None) -> Any:
    from ui.tiles.saved_game import ReadOnlyGameSheet

    return ReadOnlyGameSheet(parent)


_SYSTEMS: dict[str, SystemUi] = {
    "contract": SystemUi(
        "contract",
        _contract_show,
        _contract_pdf,
        _contract_delete,
        _contract_review_sheet,
        ReviewWords("Whole contractor", "Core: concept, creation, Limits, Source", "Exp ledger"),
        audit_inputs=_contract_audit_inputs,
        roster_label="",
    ),
    "covenant": SystemUi(
        "covenant",
        _covenant_show,
        _covenant_pdf,
        _covenant_delete,
        _covenant_review_sheet,
        ReviewWords("Whole character", "Core: name, description, creation", "Play log"),
        roster_label="Covenant",
    ),
    "mortal-coil": SystemUi(
        "mortal-coil",
        _mortal_coil_show,
        _print_by_registry,
        _mortal_coil_delete,
        _mortal_coil_review_sheet,
        ReviewWords("Whole spacefarer", "Core: name, creation, gear, armor", "Play log"),
        roster_label="This Mortal Coil",
    ),
    "coven": SystemUi(
        "coven",
        _coven_show,
        _print_by_registry,
        _coven_delete,
        _coven_review_sheet,
        ReviewWords("Whole chronicle", "Core: town, goal, practitioners, links", "Chronicle"),
        roster_label="The Coven",
    ),
    "tiles": SystemUi(
        "tiles",
        _tiles_show,
        _print_by_registry,
        _tiles_delete,
        _tiles_review_sheet,
        ReviewWords("Whole game", "The game: players, deal, result", "Moves"),
        roster_label="Covenants (tile game)",
    ),
}


def system_ui(system_id: str) -> SystemUi:
    """The screens of the game system with this id; KeyError names the known ones."""
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(_SYSTEMS)
        raise KeyError(f"the app has no screens for game system {system_id!r} ({known})") from None


def systems_ui() -> tuple[SystemUi, ...]:
    """Every game system the app has screens for, in the order menus list them."""
    return tuple(_SYSTEMS.values())


def roster_label(system_id: str) -> str:
    """What the roster's Status column shows for a system's characters ("": their Status).

    A system the app has no screens for (one only the command line knows) shows its id.
    """
    found = _SYSTEMS.get(system_id)
    return found.roster_label if found is not None else system_id


def audit_inputs(house_dirs: Sequence[str | Path] = ()) -> dict[str, Any]:
    """What each system's audit is checked against in review mode, by system id.

    Reads the catalogs (with the house-rule folders ``house_dirs``), so it is
    slow on first use; a broken catalog raises.
    """
    return {
        entry.id: entry.audit_inputs(house_dirs)
        for entry in _SYSTEMS.values()
        if entry.audit_inputs is not None
    }
