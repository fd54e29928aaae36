"""What The Contract adds to the desktop app (``ui.contributions``): the contractor's
sheet, the New Contractor wizard, the advancement actions (Record Contract, Spend
Exp, Journal and Contractor → More), the Dice dock and its action, printing,
deletion, review and the audit's inputs.

Its window state (open sheets, the Dice dock) is kept by
:class:`ui.contract.window_part.ContractScreens`. Read at start-up: every
function imports what it needs when called.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ui.actions import MORE_ACTIONS
from ui.contributions import ReviewWords, SystemUi, WindowAction, always

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.contract.window_part import ContractScreens
    from ui.workspace import Change, Workspace

ID = "contract"


def part(window: Any) -> ContractScreens:
    """The Contract's part of ``window`` (made with the window)."""
    return window.parts[ID]  # type: ignore[no-any-return]


def _make_part(window: Any) -> ContractScreens:
    from ui.contract.window_part import ContractScreens

    return ContractScreens(window)


def _show(window: Any, character_id: str) -> bool:
    return part(window).show_contract(character_id)


def _pdf(contractor: Any, path: Path, paper: str) -> Path:
    from printing.contract.sheet import render_contractor_sheet
    from printing.contract.snapshot import print_snapshot
    from ui.catalog import gift_catalog, sheet_catalog

    # Gifts re-evaluated against today's catalog, as the Gift Builder shows them.
    snapshot = print_snapshot(contractor, gift_catalog(), sheet_catalog())
    render_contractor_sheet(snapshot, path, paper)
    return path


def _audit_inputs(house_dirs: Sequence[str | Path]) -> Any:
    from builder.contract.gifts import default_catalog
    from builder.contract.system import AuditInputs
    from ui.catalog import sheet_catalog

    return AuditInputs(default_catalog(list(house_dirs)), sheet_catalog())


def _delete(workspace: Workspace, contractor: Any) -> Change:
    from ui.operations.contract import Operations

    return Operations(workspace).delete(contractor)


def _review_sheet(parent: QWidget | None) -> Any:
    from ui.contract.review_sheet import ReadOnlyContractorSheet

    return ReadOnlyContractorSheet(parent)


def _shown(window: Any) -> bool:
    """A contractor is in the tab shown."""
    return part(window).contractor is not None


def _alive(window: Any) -> bool:
    """A living contractor is in the tab shown."""
    report = part(window).report
    return bool(report is not None and report.alive)


def _record_table(window: Any) -> None:
    """Open Record Contract for the Table on the window's library."""
    from ui.contract.dialogs.table import RecordTableDialog
    from ui.operations.contract import TableOperations

    window._show_dialog(RecordTableDialog(TableOperations(window.workspace), window))


def _player_histories(window: Any) -> None:
    """Open Player Histories for the window's library."""
    from harbinger.app.contract.reports import histories
    from ui.contract.dialogs.players import PlayerHistoriesDialog

    window._show_dialog(PlayerHistoriesDialog(histories(window.workspace.library), window))


def _what_is_due(window: Any) -> None:
    """Open What Is Due; the roster shows its badges from then on."""
    from ui.contract.dialogs.due import show_due

    show_due(window)


def take_suggestions_from(window: Any, path: Path) -> None:
    """Take the leader's suggestions from a file sent back into the shown contractor (undoable);
    an unreadable file or one for another contractor becomes a warning, nothing stored."""
    from harbinger.app.common import InputError

    shown = part(window)
    contractor = shown.contractor
    if contractor is None:
        return
    try:
        plan = shown.ops.plan_take_suggestions(contractor, path)
    except InputError as exc:
        window.warn("Cannot take the suggestions", str(exc))
        return
    window.run_operation(lambda: shown.ops.commit(plan))


def _take_suggestions(window: Any) -> None:
    from ui.window_common import file_dialog

    path, _filter = file_dialog().getOpenFileName(
        window,
        "Take the Leader's Suggestions",
        "",
        "Contractor files (*.json);;All files (*)",
    )
    if path:
        take_suggestions_from(window, Path(path))


def _player_copy(library: Any, character_id: str, path: Path) -> str:
    """The contractor's player copy (File → Export Player Copy…): without the GM note and
    the Threats not due yet; returns what it left out, for the status bar."""
    from harbinger.app.contract.gm_notes import export_contractor

    return export_contractor(library, character_id, path, for_player=True).left_out_words()


def _sheet_action(key: str) -> WindowAction:
    """A Contractor → More action: its dialog comes from the contractor's sheet view."""
    text = dict(MORE_ACTIONS)[key]

    def enabled(window: Any) -> bool:
        shown = part(window)
        return shown.contractor is not None and shown.sheet.action_enabled(key)

    return WindowAction(
        key, text, lambda window: part(window).sheet_action(key), menu="more", enabled=enabled
    )


SCREENS = SystemUi(
    ID,
    _show,
    _pdf,
    _delete,
    _review_sheet,
    ReviewWords("Whole contractor", "Core: concept, creation, Limits, Source", "Exp ledger"),
    audit_inputs=_audit_inputs,
    roster_label="",
    actions=(
        WindowAction(
            "new_contractor",
            "&New Contractor…",
            lambda window: part(window).new_contractor(),
            "Ctrl+N",
            "Create a contractor step by step",
            toolbar="start",
        ),
        WindowAction(
            "record_contract",
            "&Record Contract…",
            lambda window: part(window).sheet_action("record_contract"),
            "Ctrl+R",
            "Record a Contract the open contractor attended",
            menu="character",
            toolbar="start",
            enabled=_alive,
        ),
        WindowAction(
            "record_table",
            "Record Contract for the &Table…",
            _record_table,
            tip="Record one Contract for every contractor at the table, and the GM's reward",
            menu="character",
        ),
        WindowAction(
            "spend_exp",
            "&Spend Exp…",
            lambda window: part(window).sheet_action("spend_exp"),
            "Ctrl+Shift+E",
            "Raise a trait with available Exp",
            menu="character",
            toolbar="start",
            enabled=_alive,
        ),
        WindowAction(
            "journal",
            "Add &Journal…",
            lambda window: part(window).sheet_action("journal"),
            "Ctrl+J",
            menu="character",
            toolbar="start",
            enabled=_shown,
        ),
        WindowAction(
            "take_suggestions",
            "Take Leader's S&uggestions from File…",
            _take_suggestions,
            tip="Bring the corrections your leader suggested in a file sent back to you; "
            "the sheet then asks you to accept or decline each",
            menu="character",
            enabled=_shown,
        ),
        *(_sheet_action(key) for key, _text in MORE_ACTIONS),
        WindowAction(
            "player_histories",
            "&Player Histories",
            _player_histories,
            tip="Each player's Contracts played and GMed, victories, deaths and Exp earned",
            menu="view",
        ),
        WindowAction(
            "what_is_due",
            "What Is &Due…",
            _what_is_due,
            "Ctrl+Shift+D",
            tip="Loose Ends at their Cutoff, unspent rewards, free Consumables, changed "
            "approvals, unwritten Journals; shown as badges in the roster",
            menu="view",
        ),
        WindowAction(
            "dice",
            "&Dice",
            lambda window: part(window).toggle_dice(),
            "Ctrl+D",
            menu="view",
            toolbar="end",
            enabled=always,
            checkable=True,
        ),
    ),
    window_part=_make_part,
    player_copy=_player_copy,
)
