"""The roster as one flat list (issue 29, item 3): a 10,000-character library costs the
view about what a 50 one does, and the panel still groups, filters, selects and fits.

Status from victories (the-contract-rules.txt: "Newbie: 0–3 victories",
"Seasoned: 10–16 victories", "Professional: 17–24 victories").
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

import ui.roster_model
from models.values import RosterRow
from ui.roster import GAME_COLUMN, RosterLine, RosterPanel, fit_columns, fit_widths
from ui.roster_model import by_player, group_order, lines_of

DEFAULT_WIDTH = 380
"""The roster's width in a new main window (``ui.main_window``: the splitter's sizes)."""


def many(count: int, players: int = 40) -> list[RosterRow]:
    """``count`` living contractors of ``players`` players, as the start-up read hands them."""
    return [
        RosterRow(
            f"c{i:05d}",
            f"Contractor {i:05d}",
            f"Player {i % players:02d}",
            i % 20,
            True,
            "unreviewed",
            "2026-05-01 09:30",
            "contract",
            "",
        )
        for i in range(count)
    ]


def shown(qtbot, rows: list[RosterRow], width: int = DEFAULT_WIDTH) -> RosterPanel:
    roster = RosterPanel()
    qtbot.addWidget(roster)
    roster.set_rows(rows)
    roster.resize(width, 600)
    roster.show()
    qtbot.waitExposed(roster)
    return roster


def test_a_10000_roster_asks_only_for_the_rows_on_screen(qtbot, monkeypatch) -> None:
    asked: set[int] = set()
    real = ui.roster_model._line_data

    def counted(line: Any, column: int, role: int) -> Any:
        asked.add(int(line.id[1:]))
        return real(line, column, role)

    monkeypatch.setattr(ui.roster_model, "_line_data", counted)
    roster = shown(qtbot, many(10_000))
    qtbot.wait(50)  # the first paint
    assert roster.model.rowCount() == 10_000 + 40  # every character, and a row per player
    assert roster.count_label.text() == "10000 of 10000 characters"
    assert 0 < len(asked) < 60, len(asked)  # a screenful, not 10,000
    # The last player's last character is there, under that player's row.
    last = roster.model.item(roster.model.players[-1])
    assert last is not None and last.text() == "Player 39  (250)"
    assert last.child(249, 0).text() == "Contractor 09999"
    assert last.child(249, 1).text() == "Professional"  # 9999 % 20 = 19 victories
    assert last.child(249, 2).text() == "19"


def test_player_rows_head_their_characters_in_order(qtbot) -> None:
    rows = [
        RosterRow("a", "Ortwin Hale", "Tomas", 11, True, "approved", "", "contract", ""),
        RosterRow("b", "mara Quill", "Ines", 0, True, "pending", "", "contract", ""),
        RosterRow("c", "Ada Voss", "Ines", 12, False, "pending", "", "contract", ""),
        RosterRow("d", "Bo", "", 2, True, "pending", "", "covenant", ""),
    ]
    roster = shown(qtbot, rows)
    model = roster.model
    texts = [model.item(row, 0).text() for row in range(model.rowCount())]
    # Living only by default: Ada Voss is dead. Players by name, ignoring case.
    assert texts == [
        "(no player)  (1)",
        "Bo",
        "Ines  (1)",
        "mara Quill",
        "Tomas  (1)",
        "Ortwin Hale",
    ]
    assert roster.visible_ids() == ["d", "b", "a"]
    assert model.item(4, 1).text() == ""  # a player's row has its name only, across the row
    assert roster.tree.columnSpan(4, 0) == len(roster.COLUMNS)
    assert model.item(5, 1).text() == "Seasoned"  # 11 victories
    roster.life_filter.setCurrentIndex(roster.life_filter.findData("any"))
    assert roster.visible_ids() == ["d", "c", "b", "a"]
    assert model.item(3, 0).text() == "✝ Ada Voss"
    roster.search.setText("QUILL")
    assert roster.visible_ids() == ["b"]
    assert roster.count_label.text() == "1 of 4 characters"


def test_the_keyboard_walks_the_characters_and_opens_one(qtbot) -> None:
    roster = shown(qtbot, many(30, players=3))
    roster.tree.setFocus()
    roster.tree.setCurrentIndex(roster.model.index(0, 0))  # the first player's row
    with qtbot.waitSignal(roster.contractor_selected) as picked:
        qtbot.keyClick(roster.tree, Qt.Key.Key_Down)
    assert picked.args == ["c00000"]
    assert roster.current_id() == "c00000"
    with qtbot.waitSignal(roster.contractor_activated) as opened:
        qtbot.keyClick(roster.tree, Qt.Key.Key_Return)
    assert opened.args == ["c00000"]
    # Far down the list: selected and scrolled to.
    assert roster.select("c00029")
    assert roster.current_id() == "c00029"
    assert roster.tree.verticalScrollBar().value() > 0
    # A player's row is not a pick.
    player_row = roster.model.players[1]
    roster.tree.setCurrentIndex(roster.model.index(player_row, 0))
    assert roster.current_id() == ""
    assert not roster.tree.selectionModel().isRowSelected(player_row)


def test_every_column_fits_the_default_width_with_four_games(qtbot) -> None:
    games = ["contract", "covenant", "mortal-coil", "coven"]
    rows = [
        RosterRow(f"g{i}", f"Character {i}", "Dana", 12, True, "changes_requested", "", g, "")
        for i, g in enumerate(games)
    ]
    roster = shown(qtbot, rows)
    tree = roster.tree
    header = tree.header()
    assert not tree.isColumnHidden(GAME_COLUMN)
    assert tree.horizontalScrollBar().maximum() == 0  # no sideways scroll for the Game column
    used = sum(header.sectionSize(c) for c in range(header.count()))
    assert used == tree.viewport().width()
    metrics = tree.fontMetrics()
    assert header.sectionSize(0) >= metrics.horizontalAdvance("Character 0")  # names whole
    # A cell in its short form shows its whole text in its tooltip.
    mortal = roster.model.index(3, GAME_COLUMN)  # Dana's row, then g0, g1, g2
    assert mortal.data() == "Mortal Coil"
    assert mortal.data(Qt.ItemDataRole.ToolTipRole) == "This Mortal Coil"
    approval = roster.model.index(1, 3)
    assert approval.data() == "✎"
    assert approval.data(Qt.ItemDataRole.ToolTipRole) == "Changes requested"


def test_columns_fit_their_room() -> None:
    # All fit: each its own width.
    assert fit_widths({1: 68, 2: 64, 3: 80, 4: 110}, 400, 45) == {1: 68, 2: 64, 3: 80, 4: 110}
    # 322 wanted in 252: cut to the one width they share, 4 × 63 = 252.
    assert fit_widths({1: 68, 2: 64, 3: 80, 4: 110}, 252, 45) == {1: 63, 2: 63, 3: 63, 4: 63}
    # The widest cut first, the narrow ones left whole: 30 + 64 + 2 × 68 = 230.
    assert fit_widths({1: 30, 2: 64, 3: 80, 4: 110}, 230, 45) == {1: 30, 2: 64, 3: 68, 4: 68}
    # Never below the floor (nor a column that wants less than it): then it scrolls.
    assert fit_widths({1: 68, 2: 30, 3: 80, 4: 110}, 100, 45) == {1: 45, 2: 30, 3: 45, 4: 45}
    # Titles are cut before texts: the victories' "Victories" over numbers "11".
    texts, titles = {1: 68, 2: 25, 3: 81}, {1: 48, 2: 64, 3: 65}
    assert fit_columns(texts, titles, 213, 45) == {1: 68, 2: 64, 3: 81}
    assert fit_columns(texts, titles, 194, 45) == {1: 68, 2: 45, 3: 81}


@pytest.mark.parametrize("width", [200, 900])
def test_names_stay_whole_at_any_width(qtbot, width: int) -> None:
    rows = [
        RosterRow("x", "Bartholomew Quillingsworth-Arden", "Dana", 1, True, "", "", "covenant", "")
    ]
    roster = shown(qtbot, rows, width)
    cell = roster.tree.visualRect(roster.model.index(1, 0)).width()
    assert cell >= roster.tree.fontMetrics().horizontalAdvance("Bartholomew Quillingsworth-Arden")


def test_painting_now_says_how_many_rows_are_on_screen(qtbot) -> None:
    roster = shown(qtbot, many(120, players=4))
    with qtbot.waitSignal(roster.rows_shown) as painted:
        roster.paint_now()
    assert painted.args == [120]


def test_lines_made_by_the_start_up_read_are_shown_as_they_are(qtbot) -> None:
    """The start-up read makes the roster's own lines (``quick_roster_rows(url, RosterLine)``):
    the panel keeps them, with the same texts as lines converted from ``RosterRow``."""
    rows = many(200)
    lines = [RosterLine(*row) for row in rows]
    kept = lines_of(lines)
    assert kept == lines and all(a is b for a, b in zip(kept, lines, strict=True))
    assert kept == lines_of(rows)
    panel = shown(qtbot, lines)
    assert panel.lines() == lines_of(rows)


def _line(cid: str, name: str, player: str) -> RosterLine:
    return RosterLine(cid, name, player, 0, True, "", "", "contract", "")


def test_players_whose_names_differ_in_case_keep_one_group_each() -> None:
    """Players "Dana" and "dana" sort together and interleave: each keeps one group, headed
    where its first line stands; a line without a player is under "(no player)"."""
    lines = [_line("3", "Cy", "Dana"), _line("2", "Bea", "dana"), _line("1", "Abe", "Dana"),
             _line("4", "Dot", "")]  # fmt: skip
    groups = by_player(lines)
    assert [(label, [ln.id for ln in run]) for label, run in groups] == [
        ("(no player)", ["4"]),
        ("Dana", ["1", "3"]),
        ("dana", ["2"]),
    ]


def _grouped_the_plain_way(lines: list[RosterLine]) -> list[tuple[str, list[RosterLine]]]:
    """The list's groups as a plain loop makes them: sort by ``group_order``, then group
    by label in the order the labels first come."""
    groups: dict[str, list[RosterLine]] = {}
    for line in sorted(lines, key=group_order):
        groups.setdefault(line.player or "(no player)", []).append(line)
    return list(groups.items())


def test_grouping_by_c_calls_gives_what_the_plain_loop_gives() -> None:
    """``by_player`` (sorts by name, then by exact player, players put in order) groups
    any lines as the plain loop does: names and players alike but for case, accents,
    "straße"/"STRASSE", no player and a player named "(no player)"."""
    rng = random.Random(29)
    players = ["", "(no player)", "Dana", "dana", "DANA", "Élise", "élise", "Bo", "bo", "Zed"]
    names = ["abe", "Abe", "ABE", "bea", "Bea", "Émile", "émile", "zed", "Zed", "straße", "STRASSE"]
    for _ in range(500):
        lines = [
            _line(f"id{i}", rng.choice(names), rng.choice(players))
            for i in range(rng.randint(0, 25))
        ]
        assert by_player(lines) == _grouped_the_plain_way(lines)
