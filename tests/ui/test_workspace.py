"""The workspace: one undo stack per character in one group, one ``changed`` signal."""

from __future__ import annotations

from pathlib import Path

from models import Library
from tests.ui.covenant.conftest import fresh_ines, workspace_on
from ui.operations.covenant import commit
from ui.workspace import Change


def test_each_character_gets_its_own_stack_and_undo_failures_are_reported(
    qapp, library_path: Path
) -> None:  # type: ignore[no-untyped-def]
    with Library.open(library_path) as library:
        workspace = workspace_on(library)
        changes: list[Change] = []
        failures: list[str] = []
        workspace.changed.connect(changes.append)
        workspace.failed.connect(failures.append)
        ines = fresh_ines()

        change = commit(workspace, "Create Ines", None, ines)
        assert change == Change(name="Create Ines", character_id=ines.id)
        assert changes == [change]
        assert workspace.undo_group.activeStack() is None  # nothing shown yet
        workspace.activate(ines.id)
        assert workspace.undo_group.undoText() == "Create Ines"
        assert workspace.stack_for("someone-else").count() == 0

        # The character leaves the library behind the workspace's back: undoing its
        # creation cannot delete it, and the failure is reported, not swallowed.
        library.delete(ines.id)
        workspace.undo_group.undo()
        assert len(failures) == 1 and failures[0].startswith("Create Ines: ")
        assert changes == [change]  # nothing announced for the failed undo

        workspace.clear_history()
        assert workspace.undo_group.stacks() == []
        assert workspace.undo_group.undoText() == ""


def test_a_change_sums_itself_up_for_the_status_bar() -> None:
    done = Change(name="Spend Exp", character_id="c1", lines=("Exp available 12 → 9 (−3)",))
    assert done.summary == "Spend Exp: Exp available 12 → 9 (−3)"
    assert Change(name="Spend Exp", undone=True).summary == "Undid Spend Exp"
    assert Change(name="Imported mara.json").summary == "Imported mara.json"
