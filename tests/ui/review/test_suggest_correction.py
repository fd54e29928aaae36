"""The leader writes a suggested correction from review mode (issue 32 item 5).

Exp from "Earning Experience": "+3 Exp - Attend a Contract in their home Playgroup",
"+1 Exp - Attend a Contract outside of their home Playgroup", "+2 Exp - Claim victory on
a Contract". Two home victories: 150 + 5 + 5 = 160 available; the second played away is
worth 1 + 2 = 3, so the suggestion would leave 158.
"""

from __future__ import annotations

import json
from pathlib import Path

from builder.contract.file import write_character_file
from tests.builder.contract.ledger_text import contractor
from ui.review import ReviewWindow

TWO_VICTORIES = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-08 contract home victory 'Low Tide'
"""


def test_suggest_a_correction_from_the_exp_log(
    review: ReviewWindow, open_files, tmp_path: Path
) -> None:
    path = write_character_file(contractor(TWO_VICTORIES), tmp_path / "mara.json")
    open_files(review, [path])
    sheet = review.sheet.currentWidget()
    suggest = sheet.suggest
    assert not suggest.button.isEnabled()  # nothing selected yet
    sheet.jump_to("ledger[1]")
    assert suggest.selected_entry() == 1 and suggest.button.isEnabled()
    dialog = suggest.make_dialog(1)
    assert dialog is not None
    assert dialog.values()["scenario"] == "Low Tide"
    dialog.set_value("home", False)
    dialog.set_value("reason", "played at the Tuesday group")
    dialog.set_value("by", "Lee")
    before = path.read_bytes()
    dialog.accept()
    assert path.read_bytes() != before
    written = json.loads(path.read_text("utf-8"))["character"]["suggestions"]
    assert [(s["by"], s["target"], s["replacement"][0]["home"]) for s in written] == [
        ("Lee", 1, False)
    ]
    assert len(json.loads(path.read_text("utf-8"))["character"]["ledger"]) == 2
    reviewed = review.current_file()
    assert reviewed is not None and reviewed.review is not None
    line = reviewed.review.audit.line("suggestions")
    assert line.message == "Suggested corrections: 1 pending"
    numbers = line.findings[0].numbers
    assert (numbers["exp_available"], numbers["exp_available_if_accepted"]) == (160, 158)


def test_a_suggestion_the_rules_refuse_is_not_written(
    review: ReviewWindow, open_files, tmp_path: Path
) -> None:
    path = write_character_file(contractor(TWO_VICTORIES), tmp_path / "mara.json")
    open_files(review, [path])
    suggest = review.sheet.currentWidget().suggest
    dialog = suggest.make_dialog(1)
    assert dialog is not None
    dialog.set_value("by", "Lee")
    before = path.read_bytes()
    # No reason given and nothing changed: refused, the file as it was.
    assert not suggest.write(1, review.current_file().character.ledger[1], dialog.values())
    assert path.read_bytes() == before
