"""This Mortal Coil crews in the GUI (issue 33, item 6; SPEC §4b "spacefarers and crews
... associates, ships"): a crew is created from the main window, its members picked
from the library's spacefarers, its ship and wallet filled in, associates hired
(rolled) and dismissed, saved as a crew file and opened again.

this-mortal-coil-rules.txt, "Associates": "roll 3d6 for each ability score, then give
them 1d6 HP and a simple weapon (d6). Associates cost 50-100 credits per day."
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from PySide6.QtCore import Qt

from builder.mortal_coil import file as mc_file
from builder.mortal_coil.creation import roll_associate
from resources import resource_path
from ui.main_window import MainWindow
from ui.mortal_coil.crew_dialog import CrewDialog


def test_a_crew_is_made_saved_and_opened_again(  # type: ignore[no-untyped-def]
    examples_window: MainWindow, tmp_path: Path, qtbot
) -> None:
    window = examples_window  # a library holding the examples (loaded once per session)
    window.actions["tmc_crew"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, CrewDialog)
    dialog.rng = random.Random(7)
    assert [dialog.members.item(i).text() for i in range(dialog.members.count())] == ["Tamsin Roe"]
    dialog.name.setText("The Lantern")
    dialog.credits.setValue(300)
    dialog.members.item(0).setCheckState(Qt.CheckState.Checked)
    dialog.ship_name.setText("Lantern")
    dialog.hull.setText("Kestrel-class hauler")
    dialog.bp_max.setValue(6)
    dialog.bp.setValue(4)
    dialog.hire_name.setText("Pell")
    dialog.wage.setValue(80)
    dialog.hire_button.click()
    expected = roll_associate(random.Random(7), "Pell", 80)
    [pell] = dialog.crew.associates
    assert pell == expected
    assert 3 <= pell.str_max <= 18 and 1 <= pell.hp_max <= 6 and pell.weapon_die == 6
    assert dialog.associates.item(0, 0).text() == "Pell"
    assert dialog.wages.text() == "Wages: 80 credits a day"
    # A wage the rules do not allow never reaches the sheet: the box stops at 50-100.
    assert (dialog.wage.minimum(), dialog.wage.maximum()) == (50, 100)
    assert dialog.findings.isHidden()

    target = tmp_path / "lantern.json"
    assert dialog.save_file(target)
    crew = mc_file.crew_from_document(json.loads(target.read_text("utf-8")))
    assert (crew.name, crew.credits, crew.ship.bp, crew.ship.bp_max) == ("The Lantern", 300, 4, 6)
    assert crew.members == ("tmc-example-tamsin-roe",)
    assert crew.associates == (expected,)

    again = CrewDialog([("tmc-example-tamsin-roe", "Tamsin Roe")])
    qtbot.addWidget(again)
    assert again.open_file(target)
    assert again.crew == crew
    assert again.name.text() == "The Lantern" and again.hull.text() == "Kestrel-class hauler"
    again.associates.selectRow(0)
    again.dismiss_button.click()
    assert again.crew.associates == ()
    assert again.wages.text() == "Wages: 0 credits a day"


def test_the_shipped_crew_opens_and_a_bad_file_is_refused(tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = CrewDialog()
    qtbot.addWidget(dialog)
    assert dialog.open_file(resource_path("mortal_coil", "crew-lantern.json"))
    assert dialog.members.item(0).text() == "tmc-okoye-vale (not in this library)"
    before = dialog.crew
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "harbinger.mortal-coil-crew", "version": 1, "crew": {}}')
    assert not dialog.open_file(bad)
    assert dialog.message.text().startswith("Could not open bad.json: ")
    assert dialog.crew == before


def test_a_bp_beyond_the_ships_most_is_flagged(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = CrewDialog()
    qtbot.addWidget(dialog)
    dialog.bp_max.setValue(3)
    dialog.bp.setValue(5)
    assert not dialog.findings.isHidden()
    assert dialog.findings.text() == "⚠ BP 5 is not within 0-3"
