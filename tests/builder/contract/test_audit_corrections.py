"""The audit lists every correction of recorded history, and warns about those made after an
approval (issue 16: history that can be corrected)."""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import Correction, Outcome
from builder.contract.correcting import replace_entry, void_entry
from builder.contract.file import character_document, document_from_data
from builder.contract.system import audit_context
from builder.core.approval import approve
from builder.core.findings import Severity
from builder.core.report import Verdict
from builder.core.review import review_document
from tests.builder.contract.ledger_text import contractor

THREE = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-02 contract away failure 'Low Tide'
    2026-05-03 contract home failure 'The Glass Orchard'
"""


def _review(document):  # type: ignore[no-untyped-def]
    return review_document(document, audit_context()).audit


def test_no_corrections_no_line() -> None:
    audit = _review(character_document(contractor(THREE)))
    assert "corrections" not in [line.check for line in audit.lines]


def test_corrections_made_after_an_approval_are_each_a_warning() -> None:
    base = contractor(THREE)
    approved = approve(character_document(base), "contractor", by="Lee", at="2026-05-03T20:00:00Z")
    voided = void_entry(base, 1, "2026-05-04", "I was not there").character
    edited = replace_entry(
        voided,
        2,
        replace(base.ledger[2], outcome=Outcome.VICTORY),
        "2026-05-05",
    ).character
    document = dict(approved, character=character_document(edited)["character"])
    audit = _review(document)
    line = audit.line("corrections")
    assert line.verdict is Verdict.WARN
    assert line.message == (
        "Corrections: Contract 2 (2026-05-02) removed on 2026-05-04: I was not there; "
        "Contract 3 (2026-05-03) edited on 2026-05-05; 2 made after the approval"
    )
    assert [(f.rule, f.where, f.severity, f.message) for f in line.findings] == [
        (
            "ledger.corrected_after_approval",
            "ledger[3]",
            Severity.WARNING,
            "Contract 2 (2026-05-02) removed on 2026-05-04: I was not there, after Lee "
            "approved this contractor. Check the correction and approve the contractor again.",
        ),
        (
            "ledger.corrected_after_approval",
            "ledger[4]",
            Severity.WARNING,
            "Contract 3 (2026-05-03) edited on 2026-05-05, after Lee approved this contractor. "
            "Check the correction and approve the contractor again.",
        ),
    ]
    assert line.numbers == {"corrections": 2, "removed": 1, "edited": 1, "after_approval": 2}
    # The corrected Exp: 5 + (3 + 2) = 10, the away Contract's 1 Exp gone.
    assert audit.line("exp").numbers["earned_total"] == 10

    # Approving again covers both corrections: listed, no longer warned about.
    again = approve(document, "contractor", by="Lee", at="2026-05-06T20:00:00Z")
    line = _review(again).line("corrections")
    assert line.verdict is Verdict.PASS
    assert line.numbers["after_approval"] == 0
    assert line.message.endswith("; 0 made after the approval")


def test_without_an_approval_corrections_are_listed_not_warned_about() -> None:
    base = contractor(THREE)
    voided = void_entry(base, 0, "2026-05-04").character
    line = _review(character_document(voided)).line("corrections")
    assert line.verdict is Verdict.PASS
    assert line.message == "Corrections: Contract 1 (2026-05-01) removed on 2026-05-04"
    assert document_from_data(character_document(voided)).contractor == voided


def test_a_correction_that_cannot_apply_fails_the_corrections_line() -> None:
    base = contractor(THREE)
    bad = replace(base, ledger=(*base.ledger, Correction("2026-05-04", 9)))
    line = _review(character_document(bad)).line("corrections")
    assert line.verdict is Verdict.FAIL
    assert line.findings[0].message == (
        "Correction 1 (2026-05-04) is ignored: it names entry 10, but a correction can only "
        "name an entry recorded before it."
    )
