"""The Covenant sheet's bid panel (issue 28, item 2): each bid shown with its cost before it
is spent, recorded in the play log, banked advantages, sharing, size, and the successor.

Ines as created: 300 free Discipline, 3 of 10 tokens left (tests/ui/covenant/conftest.py).
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from builder.covenant.character import BidKind, Contest, Succession
from builder.covenant.rules import evaluate_covenant
from models import Library
from tests.ui.covenant.conftest import fresh_ines

INES = "covenant-example-ines"


def test_a_bid_shows_its_cost_then_spends_and_banks(library: Library, open_sheet, qtbot) -> None:  # type: ignore[no-untyped-def]
    """ "More Advantages: Spend 1 Discipline to raise the bid by 2"; "Spending 1 Advantage:
    Increase a bid by 5"; "Ties go to the defender"; "bank 1 advantage from each
    successful bid, as long as those bids have advantages".

    Attacking with 2 advantages, one spent on +5: 1 > 0 left, half-cost; 10 Discipline
    give 20; bid 25 against 24 wins. It leaves 290 free and 10 scene damage, 1 banked.
    """
    library.save(fresh_ines())
    sheet = open_sheet(library, INES)
    panel = sheet.contest_panel
    sheet.left_tabs.setCurrentIndex(1)
    qtbot.mouseClick(sheet.time_buttons["begin_scene"], Qt.MouseButton.LeftButton)
    panel.kind.setCurrentIndex(1)
    panel.against.setValue(24)
    panel.spent.setValue(10)
    panel.advantages.setValue(2)
    panel.boosts.setValue(1)
    panel.bank.setChecked(True)
    assert panel.preview.text() == (
        "Bid 25 (1 advantage(s) spent: +5; 10 Discipline at half cost: +20) against "
        "opposing bid 24: wins. A win banks 1 advantage."
    )
    assert evaluate_covenant(library.load(INES)).discipline.free == 300  # nothing spent yet
    qtbot.mouseClick(panel.bid_button, Qt.MouseButton.LeftButton)
    stored = library.load(INES)
    assert stored.log[-1] == Contest(BidKind.ATTACK, 10, 24, 2, 0, 1, 0, "", 0, True)
    assert (sheet.discipline_labels["free"].text(), sheet.discipline_labels["scene"].text()) == (
        "290",
        "10",
    )
    assert panel.banked.text() == "Banked: 1"
    assert (
        sheet.log_list.item(sheet.log_list.count() - 1)
        .text()
        .startswith(f"{len(stored.log)}. Opposed bid (attacking) 25 against 24: won")
    )
    qtbot.mouseClick(panel.banked_button, Qt.MouseButton.LeftButton)
    assert panel.banked.text() == "Banked: 0" and not panel.banked_button.isEnabled()


def test_a_defender_tie_a_refused_stunt_and_sharing(library: Library, open_sheet, qtbot) -> None:  # type: ignore[no-untyped-def]
    """ "Ties go to the defender"; "Bids can only be stunted if they are half-cost or
    normal-cost"; "share 2 Discipline for every 1" at double cost."""
    library.save(fresh_ines())
    sheet = open_sheet(library, INES)
    panel = sheet.contest_panel
    sheet.left_tabs.setCurrentIndex(1)
    qtbot.mouseClick(sheet.time_buttons["begin_scene"], Qt.MouseButton.LeftButton)
    panel.kind.setCurrentIndex(2)
    panel.against.setValue(15)
    panel.spent.setValue(15)
    assert panel.preview.text().endswith("wins (ties go to the defender).")
    panel.disadvantages.setValue(1)
    panel.stunt.setCurrentIndex(1)
    assert panel.preview.text() == (
        "Not allowed: only a half-cost or normal-cost bid can be stunted."
    )
    assert not panel.bid_button.isEnabled()
    panel.share_spent.setValue(12)
    panel.share_cost.setCurrentIndex(2)  # double
    assert panel.share_button.text() == "Share (+6)"
    qtbot.mouseClick(panel.share_button, Qt.MouseButton.LeftButton)
    assert sheet.discipline_labels["free"].text() == "288"


def test_size_and_called_shots_are_shown(library: Library, open_sheet) -> None:  # type: ignore[no-untyped-def]
    """ "Arm: Size Difference: -2 size": size 5 aiming at a size-5 arm faces size 3."""
    library.save(fresh_ines())
    sheet = open_sheet(library, INES)
    panel = sheet.contest_panel
    sheet.left_tabs.setCurrentIndex(1)
    panel.called_shot.setCurrentIndex(2)  # arm
    assert panel.size_text.text().startswith(
        "Called shot at the arm: size 5 counts as 3. Size 5 against 3: the attacker's "
        "Fighting and Stealth bids get 2 disadvantage(s)"
    )


def test_a_sacrificed_character_gets_a_successor_in_one_action(
    library: Library, open_sheet, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """ "the same number of Discipline, ties, assets, and tokens ..., plus 1 additional
    token": 3 Ties, 3 tokens + 1 = 4."""
    library.save(fresh_ines())
    sheet = open_sheet(library, INES)
    panel = sheet.contest_panel
    sheet.left_tabs.setCurrentIndex(1)
    assert panel.successor_button.isHidden()
    qtbot.mouseClick(sheet.time_buttons["begin_scene"], Qt.MouseButton.LeftButton)
    from builder.covenant.character import Sacrifice
    from harbinger.app import covenant as app

    assert sheet._act(app.play(sheet.character, Sacrifice("held the door"), "Sacrifice"))
    assert not panel.successor_button.isHidden()
    assert panel.make_successor()
    heir = library.load(panel.last_successor.id)
    (entry,) = heir.log
    assert isinstance(entry, Succession)
    assert (entry.ties, entry.tokens) == (3, 4)
    report = evaluate_covenant(heir)
    assert (report.discipline.free, report.tokens.available) == (300, 4)
