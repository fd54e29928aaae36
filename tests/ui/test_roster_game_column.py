"""The roster's game (issue 33, item 2): another game's character names its game in a
Game column of its own, and the Status column holds The Contract's statuses only, so
a long game name no longer pushes Approval off the panel.

Status from victories (the-contract-rules.txt: "Newbie: 0–3 victories"): a new
contractor is a Newbie.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt

from builder.contract.status import Status
from tests.ui.conftest import create_contractor
from tests.ui.covenant.conftest import fresh_ines
from ui.main_window import MainWindow
from ui.operations.covenant import create
from ui.roster import GAME_COLUMN, ID_ROLE, RosterPanel


def rows(roster: RosterPanel) -> dict[str, list[str]]:
    """Each character's row as shown: name → the texts of its columns."""
    model = roster.model
    shown: dict[str, list[str]] = {}
    for g in range(model.rowCount()):
        group = model.item(g, 0)
        for r in range(group.rowCount()):
            cells = [group.child(r, c).text() for c in range(len(roster.COLUMNS))]
            assert group.child(r, 0).data(ID_ROLE)
            shown[cells[0]] = cells
    return shown


def test_only_contractors_show_no_game_column(window: MainWindow) -> None:
    create_contractor(window, "Mara Quill")
    roster = window.roster
    assert roster.COLUMNS[GAME_COLUMN] == "Game"
    assert roster.tree.isColumnHidden(GAME_COLUMN)
    assert rows(roster)["Mara Quill"][1] == "Newbie"


def test_a_covenant_character_names_its_game_in_the_game_column(window: MainWindow) -> None:
    create_contractor(window, "Mara Quill")
    window.run_operation(
        lambda: create(window.workspace, dataclasses.replace(fresh_ines(), id="ines"))
    )
    roster = window.roster
    shown = rows(roster)
    assert set(shown) == {"Mara Quill", "Ines Okafor-Vell"}
    assert not roster.tree.isColumnHidden(GAME_COLUMN)
    assert shown["Mara Quill"][1] == "Newbie"
    assert shown["Mara Quill"][GAME_COLUMN] == "Contract"  # short; whole in the tooltip
    assert shown["Ines Okafor-Vell"][GAME_COLUMN] == "Covenant"
    # Status holds statuses only: the Covenant character has none.
    statuses = {status.label for status in Status} | {"—"}
    assert {cells[1] for cells in shown.values()} <= statuses
    assert shown["Ines Okafor-Vell"][1] == "—"
    # The name's tooltip names the game too (the Game column may be scrolled out of view).
    tips = {
        group.child(r, 0).text(): group.child(r, 0).data(Qt.ItemDataRole.ToolTipRole)
        for g in range(roster.model.rowCount())
        for group in [roster.model.item(g, 0)]
        for r in range(group.rowCount())
    }
    assert tips["Ines Okafor-Vell"].startswith("Ines Okafor-Vell (Covenant) — ")
    assert tips["Mara Quill"].startswith("Mara Quill — Ines; ")
    # Approval stays on the panel: every column ends inside the roster's width.
    header = roster.tree.header()
    approval = 3
    assert header.sectionViewportPosition(approval) + header.sectionSize(approval) <= (
        roster.tree.viewport().width()
    )
