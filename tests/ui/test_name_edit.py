"""The app's own name fields cannot create a name that hides what it says (issue 27.6).

"a name cannot read reversed or add a fake line to CLI output": files with such
names are refused on read; here the fields where a person types or pastes a
name keep only what a name may show.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from builder.core.names import clean_name, name_problem
from ui.widgets.name_edit import NameEdit


def test_typed_and_pasted_hidden_characters_never_reach_the_name(qtbot) -> None:
    edit = NameEdit()
    qtbot.addWidget(edit)
    qtbot.keyClicks(edit, "Wren")
    edit.insert("\u202eneR\u200b")  # as a paste arrives
    assert edit.text() == "WrenneR"
    assert edit.cursorPosition() == len("WrenneR")
    QApplication.clipboard().setText("Hallo\nway\u2067")
    edit.paste()
    assert edit.text() == "WrenneRHallo way"
    assert name_problem(edit.text()) is None


def test_a_name_field_starts_showable_and_clean_name_trims() -> None:
    assert clean_name("  Wren\u202e  Halloway\r\n ") == "Wren Halloway"


def test_the_games_creation_name_fields_clean_what_is_pasted(qtbot) -> None:
    """This Mortal Coil's creation form, The Coven's chronicle dialog and the tile game's
    player names: each keeps a pasted right-to-left override out of the name."""
    from ui.coven.create import CreateChronicleDialog
    from ui.mortal_coil.creation import SpacefarerCreation
    from ui.tiles.play_dialog import PlayTilesDialog

    form, chronicle, tiles = SpacefarerCreation(), CreateChronicleDialog(), PlayTilesDialog()
    for widget in (form, chronicle, tiles):
        qtbot.addWidget(widget)
    for edit in (form.name, form.player, chronicle.town, tiles.first_name, tiles.second_name):
        assert isinstance(edit, NameEdit)
        edit.setText("Okoye \u202eelaV")
        assert edit.text() == "Okoye elaV"
