"""A Gift's required Status is checked when it was received ("Restrictions on Gifts").

Intangibility is restricted to Veteran contractors (25+ victories): "the
Intangibility Effect is restricted to only Veteran Contractors (25+ wins)".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.contract.audit import audit_contractor
from builder.contract.audit_gifts import gift_history
from builder.contract.character import Contractor, Gift
from builder.contract.gifts import Catalog, default_catalog
from builder.contract.gifts.draft import GiftDraft
from builder.core.findings import Severity
from tests.builder.contract.ledger_text import contractor

PHASE = Gift("phase", GiftDraft("power", "intangibility", "activated", name="Phase"), 1)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


def victories(n: int, start: int = 0) -> str:
    return "\n".join(
        f"2024-01-{(start + i) % 28 + 1:02d} contract home victory 'Win {start + i + 1}'"
        for i in range(n)
    )


def veteran_gift_after(wins_before: int, wins_after: int) -> Contractor:
    text = "\n".join(
        [
            victories(wins_before),
            "2025-01-01 gift new phase 0 1 credits=1",
            victories(wins_after, wins_before),
        ]
    )
    return replace(contractor(text), gifts=(PHASE,))


def test_a_veteran_gift_taken_at_24_victories_stays_illegal_after_the_25th(
    catalog: Catalog,
) -> None:
    audit = audit_contractor(veteran_gift_after(24, 1), catalog)
    line = audit.line("gift.status", "gifts[0]")
    (finding,) = line.findings
    assert (finding.rule, finding.severity) == ("gift.status_when_received", Severity.ERROR)
    assert finding.numbers == {
        "entry": "ledger[24]",
        "required": "Veteran",
        "status": "Professional",
        "victories": 24,
    }
    assert "received as Professional at Gift change 1 (2025-01-01)" in line.message
    assert not audit.passed


def test_the_same_gift_taken_at_25_victories_passes(catalog: Catalog) -> None:
    audit = audit_contractor(veteran_gift_after(25, 0), catalog)
    assert audit.line("gift.status", "gifts[0]").findings == ()


def test_the_history_counts_victories_before_each_change() -> None:
    history = gift_history(veteran_gift_after(3, 2).ledger, "phase")
    assert [(r.index, str(r.kind), r.victories) for r in history] == [(3, "new", 3)]
