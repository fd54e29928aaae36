"""The Health tab shows movement and the readings it rests on (issue 28, item 4).

A new contractor has Dexterity 1 and Brawn 1: free movement 5 + 5 × 1 = 10 feet, one
5-foot sprint step by Brawn ("Free Movement", "Movement"). "Limp (Your movement speed is
reduced by half.)": 10 → 5 feet; the sprint's 5 feet → 2.5 → 0, rounded down to whole
5-foot steps (Harbinger's reading: the text does not say how to round).
"""

from __future__ import annotations

from tests.ui.conftest import create_contractor
from tests.ui.contract.test_tabs import fill
from ui.main_window import MainWindow


def test_a_limp_halves_the_movement_on_the_health_tab(window: MainWindow) -> None:
    create_contractor(window)
    health = window.sheet.health_tab
    assert health.vitals.value("Movement") == "10 ft free · 5 ft sprint"
    health.scars.add_button.click()
    fill(window, name="Limp")
    assert health.scars.cell(0, 0) == "Limp"
    assert health.vitals.value("Movement") == "5 ft free · 0 ft sprint"
    text = health.explained.text()
    assert "Free movement 5 ft, sprint 0 steps (0 ft, −1 die each)" in text
    assert (
        "Limp: half speed, rounded down to whole 5-foot steps, at least 5 ft free (the rules "
        "do not say how to round)" in text
    )
    import os

    if os.environ.get("RULES_SHOT"):
        window.sheet.tabs.setCurrentWidget(health)
        window.sheet.resize(900, 800)
        window.sheet.grab().save(os.environ["RULES_SHOT"])
