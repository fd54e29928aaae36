"""Examples for every game (issue 33, item 9): "Load examples" fills a library with
characters of The Contract, Covenant, This Mortal Coil and The Coven, all from
``resources/examples/``, and each audits as its notes say: clean, or — when its
notes begin "Example of what the audit catches" — warnings only, the ones named.
"""

from __future__ import annotations

from builder.contract.system import audit_context
from builder.core.registry import system
from ui.main_window import MainWindow

AUDIT_EXAMPLE = "Example of what the audit catches: "


def test_load_examples_brings_every_game_and_each_audits_as_its_notes_say(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window.load_examples()
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    library = window.workspace.library
    games: dict[str, list[str]] = {}
    for line in window.roster.lines():
        games.setdefault(library.system_of(line.id), []).append(line.name)
    assert {game: sorted(names) for game, names in games.items()} == {
        "contract": ["Ines Varga", "Orrin Vale", "Wren Halloway"],
        "covenant": ["Ines Okafor-Vell"],
        "mortal-coil": ["Tamsin Roe"],
        "coven": ["Harrow's End"],
    }
    for line in window.roster.lines():
        game = system(library.system_of(line.id))
        character = library.load(line.id)
        audit = game.audit(character, audit_context())
        found = [f for audit_line in audit.lines for f in audit_line.findings]
        assert audit.passed, line.name
        notes = getattr(character, "notes", "")
        if AUDIT_EXAMPLE in notes:
            assert found, f"{line.name} says it shows what the audit catches"
            assert {f.severity.name for f in found} == {"WARNING"}
        else:
            assert found == [], f"{line.name}: {[f.message for f in found]}"


def test_each_example_opens_on_its_own_sheet(examples_window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = examples_window  # a library holding the examples (loaded once per session)
    library = window.workspace.library
    for line in window.roster.lines():
        window.show_contractor(line.id)
        if library.system_of(line.id) == "contract":
            assert window.sheet.title.text() == line.name
        else:
            assert window.tabs.currentWidget() is window.game_sheet
            assert window.game_sheet.character_id == line.id
