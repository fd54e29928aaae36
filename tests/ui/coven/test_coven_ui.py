"""The Coven at the table: create the town and two practitioners, play a week with a conflict."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt

from builder.coven.chronicle import OTHERS, Colour, Kind
from builder.coven.odds import conflict_precision, describe_conflict_chance
from models import Library
from ui.coven import ChronicleSession, ChronicleView, CreateChronicleDialog
from ui.operations.coven import create
from ui.workspace import Workspace

SHOTS = os.environ.get("HARBINGER_COVEN_SHOTS", "")


def shoot(widget, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(SHOTS) / f"{name}.png"))


def created(qtbot) -> CreateChronicleDialog:
    dialog = CreateChronicleDialog()
    qtbot.addWidget(dialog)
    return fill(dialog)


def fill(dialog: CreateChronicleDialog) -> CreateChronicleDialog:
    """Millbrook: five elements, four links, Ann and Bo with 10 white and 3 red cards each."""
    dialog.town.setText("Millbrook")
    dialog.others_player.setText("Olga")
    dialog.description.setText("the court of the drowned king")
    dialog.goal.setCurrentIndex(dialog.goal.findData("corrupt_people"))
    ids = {
        name: dialog.add_element(name, kind, by_others)
        for name, kind, by_others in (
            ("Ann Lowe", Kind.PERSON, False),
            ("Bo Reyes", Kind.PERSON, False),
            ("Mayor Hart", Kind.PERSON, True),
            ("The Blue Diner", Kind.PLACE, False),
            ("The Mill Co.", Kind.ORGANISATION, True),
        )
    }
    for a, b in (
        ("Ann Lowe", "The Blue Diner"),
        ("Ann Lowe", "Mayor Hart"),
        ("Bo Reyes", "The Mill Co."),
        ("Mayor Hart", "The Mill Co."),
    ):
        dialog.add_link(ids[a], ids[b])
    for name, player, person in (("Ann", "Alice", "ann-lowe"), ("Bo", "Bob", "bo-reyes")):
        page = dialog.add_practitioner()
        page.name.setText(name)
        page.player.setText(player)
        page.person.setCurrentIndex(page.person.findData(person))
        for row in range(13):
            colour = Colour.RED if row >= 10 else Colour.WHITE
            tie = "the-blue-diner" if row == 0 else ""
            page.set_card(row, colour, f"{name}'s trait {row + 1}", tie)
    return dialog


def test_create_the_town_and_two_practitioners(qtbot) -> None:
    dialog = created(qtbot)
    dialog.resize(1280, 800)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.findings.text() == "Ready."
    shoot(dialog, "coven-create")
    chronicle = dialog.chronicle()
    assert [p.name for p in chronicle.practitioners] == ["Ann", "Bo"]
    assert [p.element for p in chronicle.practitioners] == ["ann-lowe", "bo-reyes"]
    assert chronicle.practitioners[0].cards[0].tied_to == ("the-blue-diner",)
    assert len(chronicle.links) == 4
    # one red card only: the rules' finding is shown on the draft
    dialog.practitioner_pages()[1].set_card(10, Colour.WHITE, "a white card now")
    dialog.practitioner_pages()[1].set_card(11, Colour.WHITE, "and another")
    dialog.refresh()
    assert dialog.findings.text() == (
        "To look at: Bo has 13 trait cards (12 white, 1 red): take 13 cards -- two white, "
        "two red, the others either colour"
    )


@pytest.fixture
def library(library_path: Path) -> Iterator[Library]:
    with Library.open(library_path) as opened:
        yield opened


def opened(qtbot, library: Library) -> tuple[ChronicleSession, ChronicleView]:
    """The dialog's chronicle stored (one undoable operation) and at the table, dealt with a
    seeded shuffle, on a workspace as the main window keeps one."""
    workspace = Workspace()
    workspace.set_library(library, "test library")
    chronicle = created(qtbot).chronicle()
    create(workspace, chronicle)
    session = ChronicleSession(workspace, chronicle.id)
    view = ChronicleView(session, rng=random.Random(19))
    session.setParent(view)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    return session, view


def influence(qtbot, session: ChronicleSession, view: ChronicleView) -> None:
    """A recorded deal: JH on the Mayor, AS on the Mill, then the end of the phase."""
    # a physical deal of the wrong size is refused with the rule's reason
    view.physical.setText("AS KD")
    view.record_deal()
    assert "deal.size" in view.message.text()
    view.physical.setText("JH AS KD QD 2C 3C 4C 5C 6C 7C")
    view.record_deal()
    assert session.state.week == 1 and view.message.text() == ""
    view.marker_card.setCurrentIndex(view.marker_card.findData("JH"))
    view.marker_element.setCurrentIndex(view.marker_element.findData("mayor-hart"))
    qtbot.mouseClick(view.place_button, Qt.MouseButton.LeftButton)
    assert session.state.markers["mayor-hart"] == 1
    view.marker_card.setCurrentIndex(view.marker_card.findData("AS"))
    view.place_marker()  # a second marker on the Mayor this week: refused
    assert "marker.once_per_week" in view.message.text()
    view.marker_element.setCurrentIndex(view.marker_element.findData("the-mill-co"))
    view.place_marker()
    assert session.state.markers["the-mill-co"] == 1
    qtbot.mouseClick(view.end_button, Qt.MouseButton.LeftButton)
    assert session.state.phase.value == "scenes"


def conflict_won(qtbot, session: ChronicleSession, view: ChronicleView) -> None:
    """Ann brings a white and a red trait (3 cards) to a routine conflict: the Others get 2."""
    view.framer.setCurrentIndex(view.framer.findData("p1"))
    for i in range(view.traits.count()):
        if view.traits.item(i).data(Qt.ItemDataRole.UserRole) in ("p1c2", "p1c11"):
            view.traits.item(i).setSelected(True)
    assert view.chance.text() == (
        "3 cards against the Others' 2: chance of winning " + describe_conflict_chance(3, 2)
    )
    assert view.chance.text().endswith("% (exact)")  # both hands of at most 3 cards: counted
    assert view.chance.toolTip() == conflict_precision()
    shoot(view, "conflict-exact")
    view.challenge.setCurrentIndex(view.challenge.findData("ridiculous"))  # 3 + 1: an estimate
    assert view.chance.text() == (
        "3 cards against the Others' 4: chance of winning " + describe_conflict_chance(3, 4)
    )
    assert view.chance.text().split("winning ")[1].startswith("≈ ") and " ± " in view.chance.text()
    shoot(view, "conflict-estimate")
    view.challenge.setCurrentIndex(view.challenge.findData("routine"))
    view.stakes.setText("the corruption vanishes from the Mayor")
    qtbot.mouseClick(view.conflict_button, Qt.MouseButton.LeftButton)
    index = len(session.chronicle.log) - 1
    conflict = session.chronicle.log[index]
    assert len(conflict.parties[0].cards) == 3 and len(conflict.others_cards) == 2
    assert session.state.conflict_winners[index] == "p1"  # after a tie-break round (seed 19)
    assert "get(s) their way after 1 tie-break round(s)" in view.result.text()
    view.stakes_box.element.setCurrentIndex(view.stakes_box.element.findData("mayor-hart"))
    qtbot.mouseClick(view.stakes_box.apply_button, Qt.MouseButton.LeftButton)
    assert session.state.markers["mayor-hart"] == 0


def test_play_a_week_with_a_conflict_and_see_the_chronicle_and_the_graph(qtbot, library) -> None:
    session, view = opened(qtbot, library)
    assert "next deal 10 cards" in view.status.text()  # 2 per practitioner + 3 red cards each
    assert view.deal_button.isEnabled() and not view.end_button.isEnabled()
    assert view.vote_button.toolTip() == (
        "the coven votes at the end of the week, after the scenes"
    )
    influence(qtbot, session, view)
    conflict_won(qtbot, session, view)
    qtbot.mouseClick(view.vote_button, Qt.MouseButton.LeftButton)
    assert session.state.phase.value == "week_done"  # 1 Yes of 3 players
    shoot(view, "coven-week-controls")
    view.tabs.setCurrentIndex(2)
    texts = [view.log.item(i).text() for i in range(view.log.count())]
    assert texts == [
        "1. A new week: the Others deal 10 cards (JH AS KD QD 2C 3C 4C 5C 6C 7C)",
        "2. JH: a corruption marker on Mayor Hart",
        "3. AS: a corruption marker on The Mill Co.",
        "4. The influence phase ends",
        "5. Ann frames a conflict (routine): the corruption vanishes from the Mayor — won by Ann",
        "6. 1 corruption marker(s) come off Mayor Hart",
        "7. Summoning vote: 1 Yes (the Others included)",
    ]
    assert {n.id for n in view.map.nodes} == {e.id for e in session.chronicle.elements}
    mill = next(n for n in view.map.nodes if n.id == "the-mill-co")
    assert mill.markers == 1
    assert view.map.node_at(view.map._point(mill)) == "the-mill-co"
    assert view.map.node_at(QPointF(-50, -50)) == ""
    shoot(view, "coven-week")
    session.undo_stack.undo()  # undo takes back the vote; every change was saved
    assert session.state.phase.value == "scenes"
    assert library.load(session.chronicle_id) == session.chronicle


def test_summon_the_others_and_play_the_game(qtbot, library) -> None:
    session, view = opened(qtbot, library)
    influence(qtbot, session, view)
    conflict_won(qtbot, session, view)
    view.votes["p1"].setChecked(True)
    qtbot.mouseClick(view.vote_button, Qt.MouseButton.LeftButton)
    assert session.state.phase.value == "summoned"  # 2 Yes of 3 players
    game = view.game_box
    view.tabs.setCurrentIndex(1)
    qtbot.mouseClick(game.begin_button, Qt.MouseButton.LeftButton)
    for player, cards in ((OTHERS, "o1 o2"), ("p1", "p1c3"), ("p2", "p2c11 p2c12")):
        game.player.setCurrentIndex(game.player.findData(player))
        game.wager_cards.setText(cards)
        qtbot.mouseClick(game.wager_button, Qt.MouseButton.LeftButton)
    assert len(session.state.held("pot")) == 3 + 5
    for player in (OTHERS, "p1", "p2"):
        game.player.setCurrentIndex(game.player.findData(player))
        game.rule.setText(f"{player}'s rule: one hand of poker, winner takes all")
        for box in game.yes.values():
            box.setChecked(True)
        qtbot.mouseClick(game.propose_button, Qt.MouseButton.LeftButton)
    assert session.state.permanent_rules == ()  # all temporary
    game.winner.setCurrentIndex(game.winner.findData("p2"))
    qtbot.mouseClick(game.concluded_button, Qt.MouseButton.LeftButton)
    assert session.state.phase.value == "game_done" and not session.state.held("pot")
    assert session.state.cards["p1c3"].holder == "p2"
    assert "next deal 15 cards" in view.status.text()  # 4 + 11 red cards in the coven
    trades = view.trade_box
    trades.card.setCurrentIndex(trades.card.findData("o1"))
    trades.taker.setCurrentIndex(trades.taker.findData(OTHERS))
    qtbot.mouseClick(trades.trade_button, Qt.MouseButton.LeftButton)
    assert session.state.cards["o1"].holder == OTHERS
    shoot(view, "coven-game")


def test_the_session_keeps_the_library_in_step(qtbot, library) -> None:
    session, view = opened(qtbot, library)
    stack = session.undo_stack
    influence(qtbot, session, view)
    assert library.load(session.chronicle_id) == session.chronicle
    assert len(session.chronicle.log) == 4
    assert [stack.text(i) for i in range(stack.count())] == [
        "Create Millbrook",
        "Record the week's deal",
        "Place marker (JH)",
        "Place marker (AS)",
        "End the influence phase",
    ]
    stack.undo()  # the end of the influence phase, taken back in the library
    assert library.load(session.chronicle_id).log == session.chronicle.log
    assert len(session.chronicle.log) == 3
    assert view.end_button.isEnabled()
    stack.redo()
    assert library.load(session.chronicle_id) == session.chronicle


def test_the_town_grows_in_play_and_the_beachhead_needs_its_foundations(qtbot, library) -> None:
    session, view = opened(qtbot, library)
    town = view.town_box
    town.name.setText("The Old Well")
    town.kind.setCurrentText("place")
    town.select_links("ann-lowe")
    qtbot.mouseClick(town.add_button, Qt.MouseButton.LeftButton)
    assert session.state.elements["the-old-well"].kind is Kind.PLACE
    assert ("ann-lowe", "the-old-well") in session.state.links
    town.name.setText("Portal to the Drowned Court")
    town.beachhead.setChecked(True)
    qtbot.mouseClick(town.add_button, Qt.MouseButton.LeftButton)
    assert "beachhead.goal" in view.message.text()  # these Others want to corrupt people
    assert "portal-to-the-drowned-court" not in session.state.elements
    town.link_a.setCurrentIndex(town.link_a.findData("bo-reyes"))
    town.link_b.setCurrentIndex(town.link_b.findData("the-old-well"))
    qtbot.mouseClick(town.link_button, Qt.MouseButton.LeftButton)
    assert ("bo-reyes", "the-old-well") in session.state.links


def test_a_conflict_against_another_practitioner_with_a_helper(qtbot, library) -> None:
    session, view = opened(qtbot, library)
    influence(qtbot, session, view)
    view.framer.setCurrentIndex(view.framer.findData("p1"))
    view.against.setCurrentIndex(view.against.findData("p2"))
    assert view.chance.text() == "(the table is for two parties)"
    for i in range(view.traits.count()):
        if view.traits.item(i).data(Qt.ItemDataRole.UserRole) in ("p1c4", "p2c5", "p2c12"):
            view.traits.item(i).setSelected(True)
    assert view.traits.item(13).text() == "Bo · white: Bo's trait 1 (1 card)"
    view.stakes.setText("Bo hands over the diner's keys")
    qtbot.mouseClick(view.conflict_button, Qt.MouseButton.LeftButton)
    conflict = session.chronicle.log[-1]
    assert [(p.practitioner, p.traits, len(p.cards)) for p in conflict.parties] == [
        ("p1", ("p1c4",), 1),
        ("p2", ("p2c5", "p2c12"), 3),
    ]
    assert conflict.challenge is None and conflict.others_cards == () and conflict.against == "p2"
    assert session.state.conflict_winners[len(session.chronicle.log) - 1] in ("p1", "p2")
    # Bo defended: he may still frame his own conflict this week
    view.framer.setCurrentIndex(view.framer.findData("p2"))
    view.against.setCurrentIndex(0)
    qtbot.mouseClick(view.conflict_button, Qt.MouseButton.LeftButton)
    assert view.message.text() == ""
    assert session.chronicle.log[-1].framer == "p2"


def test_the_creation_questions_are_numbered_as_the_rules_refer_to_them(qtbot) -> None:  # type: ignore[no-untyped-def]
    """the-coven.txt, "The Practitioners": "5. Why did you throw in with the Others?
    6. What are you trying to achieve? (If not covered by 5.)" — the form numbers them so."""
    from PySide6.QtWidgets import QFormLayout

    dialog = CreateChronicleDialog()
    qtbot.addWidget(dialog)
    pages = dialog.practitioner_pages()
    page = pages[0] if pages else dialog.add_practitioner()
    form = page.findChild(QFormLayout)
    assert form.labelForField(page.name).text() == "1. What is your name?"
    assert [form.labelForField(edit).text() for edit in page.answers] == [
        "2. Where do you work, if you do?",
        "3. Do you have family in town?",
        "4. Who are you closest to in town?",
        "5. Why did you throw in with the Others?",
        "6. What are you trying to achieve? (If not covered by 5.)",
    ]


def test_an_unwritten_trait_card_is_named_by_its_place_never_its_id(qtbot, library) -> None:  # type: ignore[no-untyped-def]
    """A card left blank at creation shows as "unwritten red card 13" in the Coven table
    and the framing list, not as its file id "p1c13" (issue 33 item 2)."""
    workspace = Workspace()
    workspace.set_library(library, "test library")
    dialog = created(qtbot)
    dialog.pages.widget(0).set_card(12, Colour.RED, "")
    chronicle = dialog.chronicle()
    create(workspace, chronicle)
    session = ChronicleSession(workspace, chronicle.id)
    view = ChronicleView(session, rng=random.Random(19))
    session.setParent(view)
    qtbot.addWidget(view)
    cells = [
        view.coven.item(row, col).text()
        for row in range(view.coven.rowCount())
        for col in range(view.coven.columnCount())
    ]
    assert "unwritten red card 13" in cells
    view.framer.setCurrentIndex(view.framer.findData("p1"))
    listed = [view.traits.item(i).text() for i in range(view.traits.count())]
    assert "red: unwritten red card 13 (2 card)" in listed
    assert not any("p1c" in text for text in cells + listed)


def test_enter_in_a_trait_card_moves_on_and_never_creates_the_chronicle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Enter inside a card's text confirms it and goes to the next card; the dialog stays
    open with nothing created (issue 33 item 1)."""
    dialog = created(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    page = dialog.pages.widget(0)
    first, second = page.cards.cellWidget(0, 1), page.cards.cellWidget(1, 1)
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() == 0
    assert dialog.focusWidget() is second
    qtbot.keyClicks(second, " and more")
    qtbot.keyClick(second, Qt.Key.Key_Enter)
    assert dialog.isVisible()
    assert second.text() == "Ann's trait 2 and more"
