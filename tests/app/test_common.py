"""The application layer's shared parts: the plan, the refusal, the one runner."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from builder.core.findings import Finding, Severity
from harbinger.app.common import NOTHING_CHANGES, Plan, Refused, arrow, commit
from harbinger.app.contract import operations
from harbinger.app.contract.creation_file import contractor_from_choices, read_choices
from models.library import Library
from tests.app.walk import CREATION


def _mara():  # type: ignore[no-untyped-def]
    return contractor_from_choices(read_choices(CREATION))


def test_a_plan_that_changes_nothing_is_refused_unless_it_need_not_change() -> None:
    mara = _mara()
    same = Plan("Edit notes", mara, mara)
    assert [f.rule for f in same.errors] == [NOTHING_CHANGES]
    assert Plan("End turn", mara, mara, must_change=False).allowed


def test_the_undo_text_and_summary_name_the_operation() -> None:
    mara = _mara()
    plan = Plan("Spend Exp", mara, mara, lines=("Exp available 85 → 70 (−15)",), must_change=False)
    assert plan.undo_text == "Undo Spend Exp"
    assert plan.summary == "Spend Exp: Exp available 85 → 70 (−15)"
    assert plan.character_id == "mara"


def test_arrow_words_a_change() -> None:
    assert arrow("Exp available", 12, 19) == "Exp available 12 → 19 (+7)"
    assert arrow("Status", "Newbie", "Novice") == "Status Newbie → Novice"
    assert arrow("HP", 4, 4) is None


def test_the_runner_stores_a_plan_and_refuses_an_error_without_storing(library_path: Path) -> None:
    """ "Attributes: current rating x5 Exp": Brawn 3 → 4 is 15 of the 85 left."""
    with Library.open(library_path) as library:
        mara = _mara()
        commit(library, operations.plan_create(mara), operations.store)
        raised = operations.plan_raise(library.load("mara"), "attribute", "brawn", "2026-01-02")
        assert raised.lines == ("Exp spent 0 → 15 (+15)", "Exp available 85 → 70 (−15)")
        commit(library, raised, operations.store)
        held = library.load("mara")
        refused = Plan("Nope", held, held, (Finding("x.rule", "no", severity=Severity.ERROR),))
        with pytest.raises(Refused, match="Nope: no"):
            commit(library, refused, operations.store)
        assert library.load("mara") == held == raised.after


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_the_app_layer_imports_no_qt() -> None:
    code = (
        "import sys\n"
        "import harbinger.app.common, harbinger.app.contract.declared, harbinger.app.covenant\n"
        "import harbinger.app.mortal_coil, harbinger.app.coven, harbinger.app.tiles\n"
        "import harbinger.app.review_files\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'ui')]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
