"""Every evaluation answers exactly as before the speed work of issue 29 (the frozen snapshot).

Cost, breakdown, System Text byte for byte, findings (rule, wording, where,
order), Status reasons, rewards, the unavailable list and its order, and the
clause each detail sits in, for seeded drafts legal and illegal: see
:mod:`tests.builder.contract.gifts.eval_snapshot`. The small test runs every
25th case in the quick loop; the slow one runs them all.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builder.contract.gifts.eval_snapshot import answer, load

ROWS = load()
SMALL_STEP = 25


def _compare(rows: list[dict[str, Any]]) -> None:
    for n, row in enumerate(rows):
        got = answer(row["case"])
        assert got == row["answer"], f"case {n}: {row['case']}"


def test_snapshot_is_big_and_varied() -> None:
    """The snapshot covers legal and illegal drafts, System Text and cleaned details."""
    answers = [row["answer"]["evaluation"] for row in ROWS]
    assert len(ROWS) > 2000
    assert sum(a["saveable"] for a in answers) > 200
    assert sum(bool(a["system_text"]) for a in answers) > 1000
    assert sum(bool(a["errors"]) for a in answers) > 1000
    assert sum(any(w["rule"] == "gift.detail_cleaned" for w in a["warnings"]) for a in answers)


def test_small_sample_answers_as_frozen() -> None:
    _compare(ROWS[::SMALL_STEP])


@pytest.mark.slow
def test_every_case_answers_as_frozen() -> None:
    _compare(ROWS)
