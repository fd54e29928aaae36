"""After an edit the roster remakes only the changed character's line (issue 29, item 3).

Status from victories (the-contract-rules.txt: "Newbie: 0–3 victories",
"Novice: 4–9 victories", "Professional: 17–24 victories"): a fourth victory moves a
contractor's line from Newbie to Novice.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.contract.character import Concept, ContractAttended, Outcome
from models.library import Library
from models.values import RosterRow
from tests.builder.contract.ledger_text import contractor
from ui.main_window import MainWindow
from ui.roster import RosterPanel
from ui.workspace import Change


def _row(i: int, player: str = "Dana", victories: int = 0) -> RosterRow:
    return RosterRow(
        f"c{i}", f"Contractor {i}", player, victories, True, "unreviewed", "2026-05-01 09:30",
        "contract", "",
    )  # fmt: skip


def test_one_line_is_remade_and_the_others_are_kept(qtbot) -> None:
    roster = RosterPanel()
    qtbot.addWidget(roster)
    roster.set_rows([_row(i) for i in range(5)])
    before = {line.id: line for line in roster.lines()}

    roster.update_rows([_row(2, victories=4)], ["c2"])

    after = {line.id: line for line in roster.lines()}
    assert after["c2"].victories == 4 and after["c2"].status.label == "Novice"
    assert all(after[cid] is before[cid] for cid in ("c0", "c1", "c3", "c4"))
    assert roster.character_count() == 5
    assert roster.count_label.text() == "5 of 5 characters"


def test_a_line_comes_and_goes_and_the_filters_follow(qtbot) -> None:
    roster = RosterPanel()
    qtbot.addWidget(roster)
    roster.set_rows([_row(i) for i in range(3)])

    roster.update_rows([_row(7, player="Sam")], ["c7"])  # a new character
    assert roster.visible_ids() == ["c0", "c1", "c2", "c7"]
    players = [roster.player_filter.itemText(i) for i in range(roster.player_filter.count())]
    assert players == ["Every player", "Dana", "Sam"]

    roster.update_rows([], ["c1"])  # deleted
    assert roster.visible_ids() == ["c0", "c2", "c7"]
    assert roster.count_label.text() == "3 of 3 characters"


def test_a_full_refresh_after_a_partial_one_shows_the_library_again(qtbot) -> None:
    """The rows first handed over, handed over again, are shown again (not skipped as
    "the same rows") once a partial update changed what is on screen."""
    roster = RosterPanel()
    qtbot.addWidget(roster)
    rows = [_row(i) for i in range(3)]
    roster.set_rows(rows)
    roster.update_rows([_row(1, victories=9)], ["c1"])
    roster.set_rows(rows)
    assert [line.victories for line in roster.lines()] == [0, 0, 0]


def test_an_edit_in_the_window_remakes_only_that_line(open_window, library_path: Path) -> None:  # type: ignore[no-untyped-def]
    base = contractor("2026-05-01 contract home victory 'The Lantern Job'")
    with Library.open(library_path) as library:
        for i in range(3):
            library.save(replace(base, id=f"c{i}", concept=Concept(f"Contractor {i}")))
    window: MainWindow = open_window(library_path)
    before = {line.id: line for line in window.roster.lines()}
    assert before["c1"].victories == 1

    library = window.workspace.library
    stored = library.load("c1")
    won = ContractAttended("2026-05-02", "Low Tide", False, Outcome.VICTORY)
    library.save(replace(stored, ledger=(*stored.ledger, won)))
    window.workspace.notify(Change(name="Record a Contract", character_id="c1"))

    after = {line.id: line for line in window.roster.lines()}
    assert after["c1"].victories == 2
    assert after["c0"] is before["c0"] and after["c2"] is before["c2"]
    assert window.status_label.text() == "3 characters"


def test_an_edit_that_moves_nothing_repaints_its_row_alone(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Same name, player, approval and column texts seen before: no rebuild of the list."""
    roster = RosterPanel()
    qtbot.addWidget(roster)
    roster.set_rows([_row(0, victories=4), _row(1), _row(2)])
    resets: list[int] = []
    changed: list[tuple[int, int]] = []
    roster.model.modelReset.connect(lambda: resets.append(1))
    roster.model.dataChanged.connect(lambda a, b: changed.append((a.row(), b.row())))

    roster.update_rows([_row(2, victories=4)], ["c2"])  # "4" and Novice are on screen already

    assert (resets, changed) == ([], [(3, 3)])  # Dana's row, c0, c1, c2
    assert roster.model.index(3, 1).data() == "Novice"
    assert roster.model.index(3, 2).data() == "4"


def test_an_edit_that_moves_a_line_or_widens_a_column_rebuilds_the_list(qtbot) -> None:  # type: ignore[no-untyped-def]
    roster = RosterPanel()
    qtbot.addWidget(roster)
    roster.set_rows([_row(i) for i in range(3)])
    renamed = _row(0)._replace(name="Zed")
    roster.update_rows([renamed], ["c0"])
    assert roster.visible_ids() == ["c1", "c2", "c0"]  # by name within the player
    resets: list[int] = []
    roster.model.modelReset.connect(lambda: resets.append(1))
    roster.update_rows([_row(1, victories=17)], ["c1"])  # "17", Professional: new texts
    assert resets == [1]
    assert roster.model.index(1, 1).data() == "Professional"


def test_a_change_naming_no_character_reads_the_whole_roster_again(
    open_window, library_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """A table Contract's change names the table's history, not one of the contractors it
    changed: every line is read again, so each attendee's victories show."""
    base = contractor("2026-05-01 contract home victory 'The Lantern Job'")
    with Library.open(library_path) as library:
        for i in range(2):
            library.save(replace(base, id=f"c{i}", concept=Concept(f"Contractor {i}")))
    window: MainWindow = open_window(library_path)
    library = window.workspace.library
    won = ContractAttended("2026-05-02", "Low Tide", False, Outcome.VICTORY)
    for cid in ("c0", "c1"):
        stored = library.load(cid)
        library.save(replace(stored, ledger=(*stored.ledger, won)))
    window.workspace.notify(Change(name="Record a table Contract", character_id="table-history"))
    assert [line.victories for line in window.roster.lines()] == [2, 2]
