"""The property strategies reach every kind of ledger entry (tests/models/strategies.py).

The ledger and storage round-trip properties (test_serialize, test_character_file,
test_library) cover only what the strategies draw: a kind left out of them is never
written, read or stored by those tests. (A Correction is drawn through a suggestion's
acceptance, not as an entry of its own.)
"""

from __future__ import annotations

import typing

import pytest
from hypothesis import HealthCheck, Phase, find, settings

from builder.contract.character import Correction, Entry, Ported
from tests.models.strategies import entries, ledgers

SEARCH = settings(
    max_examples=2_000,
    deadline=None,
    database=None,
    phases=[Phase.generate],  # the first example found is enough: no shrinking
    suppress_health_check=list(HealthCheck),
)

KINDS = [kind for kind in typing.get_args(Entry) if kind is not Correction]


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_every_kind_of_entry_is_drawn(kind: type) -> None:
    assert isinstance(find(entries, lambda e: isinstance(e, kind), settings=SEARCH), kind)


def test_a_ledger_is_opened_by_a_port_and_a_port_is_never_later() -> None:
    opened = find(
        ledgers, lambda ledger: len(ledger) > 1 and isinstance(ledger[0], Ported), settings=SEARCH
    )
    assert not any(isinstance(e, Ported) for e in opened[1:])
