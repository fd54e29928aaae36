"""Findings about ledger entries are led by the entry's name, numbered within its kind.

The fold numbers a ledger's entries in one pass (``kind_numbers``) instead of
counting again for each finding; the names must stay what ``entry_label``
gives on its own: "the third Contract recorded is 'Contract 3'".
"""

from __future__ import annotations

from builder.contract.ledger import fold_ledger
from builder.contract.wording import entry_label, kind_numbers
from tests.builder.contract.ledger_text import contractor

LEDGER = """
    2024-01-05 contract home victory 'First'
    2024-01-06 journal contract 300 untexted 'After the first'
    2024-02-05 contract away failure 'Second'
    2024-02-06 journal downtime 250 untexted 'Idle week'
    2024-03-05 contract home victory 'Third'
    2024-03-06 journal contract 300 untexted 'After the third'
"""


def test_kind_numbers_count_each_kind_in_ledger_order() -> None:
    ledger = contractor(LEDGER).ledger
    assert kind_numbers(ledger) == [1, 1, 2, 2, 3, 3]
    assert [entry_label(ledger, i, n) for i, n in enumerate(kind_numbers(ledger))] == [
        entry_label(ledger, i) for i in range(len(ledger))
    ]


def test_fold_findings_name_the_nth_journal() -> None:
    """Each untexted Journal gets a ``journal.unverified`` WARNING led by its own name."""
    fold = fold_ledger(contractor(LEDGER))
    unverified = [f.message for f in fold.findings if f.rule == "journal.unverified"]
    assert [m.split(":")[0] for m in unverified] == [
        "Journal 1 'After the first' (2024-01-06)",
        "Journal 2 'Idle week' (2024-02-06)",
        "Journal 3 'After the third' (2024-03-06)",
    ]
