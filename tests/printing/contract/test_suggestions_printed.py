"""The printed sheet's pending suggestions (issue 32 item 5), read back from the PDF.

Numbers from "Earning Experience" in the rules text:
  "+3 Exp - Attend a Contract in their home Playgroup."
  "+1 Exp - Attend a Contract outside of their home Playgroup."
  "+2 Exp - Claim victory on a Contract."
Two home victories earn 5 + 5 = 10 Exp: 150 + 10 = 160 available. Recorded away, the
second is worth 1 + 2 = 3, so accepting the suggestion leaves 150 + 5 + 3 = 158.
"""

from __future__ import annotations

import io
from dataclasses import replace

from pypdf import PdfReader

from builder.contract.character import Contractor
from builder.contract.file import read_character_file
from builder.contract.suggesting import accept, decline, suggest
from printing.contract.sheet import render_contractor_sheet
from printing.contract.snapshot import print_snapshot
from resources import resource_path
from tests.builder.contract.ledger_text import contractor

HEADING = "Leader's suggestions (pending)"
VOID_ROW = (
    "1 Lee 2026-05-10 Contract 1 (2026-05-01) is removed never played 160 now → 155 if accepted"
)
TWO_VICTORIES = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-08 contract home victory 'Low Tide'
"""


def _text(who: Contractor) -> str:
    out = io.BytesIO()
    render_contractor_sheet(print_snapshot(who), out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def _suggested() -> Contractor:
    """Lee suggests the second Contract was played away; a second suggestion voids the first."""
    base = contractor(TWO_VICTORIES)
    away = replace(base.ledger[1], home=False)
    made = suggest(
        base, 1, away, by="Lee", date="2026-05-10", reason="played at the Tuesday group"
    ).character
    voided = suggest(made, 0, None, by="Lee", date="2026-05-10", reason="never played")
    assert not voided.findings
    return voided.character


def test_a_pending_suggestion_prints_leader_date_reason_change_and_exp() -> None:
    """Away: 1 + 2 = 3 instead of 3 + 2 = 5, so 160 Exp available now, 158 if accepted.
    Voiding the first victory takes its 5 Exp away: 160 now, 155 if accepted."""
    text = _text(_suggested())
    assert HEADING in text
    assert "# Leader Date Would change Reason Exp available" in text
    assert (
        "0 Lee 2026-05-10 Contract 2 (2026-05-08) becomes Contract: Low Tide (away, "
        "victory) played at the Tuesday group 160 now → 158 if accepted"
    ) in text
    assert VOID_ROW in text


def test_answered_suggestions_are_not_printed_as_pending() -> None:
    """Once both are answered (one accepted, one declined) nothing waits: no section."""
    made = _suggested()
    answered = decline(accept(made, 0, "2026-05-11").character, 1, "2026-05-11").character
    assert HEADING not in _text(answered)


def test_only_the_pending_one_prints_with_its_own_number() -> None:
    """Suggestion 0 declined, suggestion 1 still pending: only 1 is printed, as number 1."""
    made = decline(_suggested(), 0, "2026-05-11").character
    text = _text(made)
    assert HEADING in text
    assert VOID_ROW in text
    assert "Low Tide (away, victory)" not in text


def test_a_sheet_without_suggestions_has_no_section() -> None:
    ines = read_character_file(resource_path("examples", "seasoned-ines-varga.json"))
    assert HEADING not in _text(ines)
