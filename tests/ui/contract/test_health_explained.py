"""An unhurt contractor's Health tab explains its numbers (issue 16 item 11).

Charisma 3 and Intellect 3: Mind 3 + 3 + 1 = 7; Brawn 1: Body 5 + ceil(1/2) = 6
("Body", "Mind"). Only damage gives a Penalty ("Penalty"). Dexterity 1, no Penalty:
free movement 5 + 5 × 1 = 10 feet, and Brawn 1 extra sprint step (issue 28 item 4).
"""

from __future__ import annotations

from tests.ui.contract.test_tabs import sturdy_mind
from ui.main_window import MainWindow


def test_the_health_tab_explains_body_mind_and_penalty(window: MainWindow) -> None:
    sturdy_mind(window)
    health = window.sheet.health_tab
    assert health.vitals.value("Mind") == "7 of 7 · Distracted"
    assert health.explained.text().split("\n") == [
        "Body 6 = 5 + Brawn 1 halved, rounded up (1)",
        "Mind 7 = Intellect 3 + Charisma 3 + 1",
        "Body 6 of 6: no damage, no Penalty",
        "Mind 7 of 7: no damage, no Penalty",
        "No Penalty: only damage taken (or a Battle Scar such as Chronic Pain) gives a Penalty",
        "Free movement 10 ft, sprint 1 step (5 ft, −1 die each)",
    ]
    # Two Mind damage leave 5: the "Rattled" row, −1.
    health.mind_damage.setValue(2)
    lines = health.explained.text().split("\n")
    assert lines[3] == "Mind 5 of 7 (2 damage): −1 die, Rattled"
    assert lines[4] == (
        "Penalty −1: Mind −1 from damage taken; every dice pool loses it, down to 2 dice"
    )
    window.sheet.tabs.setCurrentWidget(health)
    window.resize(1280, 800)
    assert not window.grab().isNull()
