"""The app's table of game systems covers every system Harbinger ships."""

from __future__ import annotations

import pytest

from builder.core.registry import system, systems
from ui.systems import audit_inputs, roster_label, system_ui, systems_ui


def test_every_shipped_game_system_has_screens() -> None:
    assert [s.id for s in systems_ui()] == [
        "contract",
        "covenant",
        "mortal-coil",
        "coven",
        "tiles",
    ]
    assert {s.id for s in systems()} == {s.id for s in systems_ui()}
    assert system_ui("covenant").review_words.history == "Play log"
    assert system_ui("contract").review_words.whole == "Whole contractor"


def test_the_roster_words_for_each_game() -> None:
    assert (roster_label("contract"), roster_label("covenant")) == ("", "Covenant")
    # The other games show their display name from the registry.
    assert (roster_label("mortal-coil"), roster_label("coven")) == ("This Mortal Coil", "The Coven")
    assert system("mortal-coil").display_name == roster_label("mortal-coil")
    assert system("coven").display_name == roster_label("coven")
    assert roster_label("tiles") == system("tiles").display_name
    with pytest.raises(KeyError, match="no screens for game system 'chess'"):
        system_ui("chess")


def test_review_mode_audits_each_game_against_its_own_inputs() -> None:
    from builder.contract.system import AuditInputs

    inputs = audit_inputs()
    assert list(inputs) == ["contract"]  # the other games' audits take nothing extra
    contract = inputs["contract"]
    assert isinstance(contract, AuditInputs)
    assert contract.gift_catalog is not None and contract.sheet_catalog is not None
