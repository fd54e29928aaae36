"""Property: two libraries saving, appending and reloading one character lose no accepted edit.

Hypothesis drives two ``Library`` objects (two windows) on one SQLite file
through any interleaving of notes edits, new Contracts and reloads. After
every step a third library reads what is stored and checks the promise of
``models.concurrency``: every Contract whose save was accepted is on the
ledger exactly once, in the order each window saved them, nothing else was
added, and the notes are the last accepted edit; every refusal is a
``StaleCharacter`` with the player's message.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from builder.contract.character import Concept, ContractAttended, Contractor, Outcome
from models import Library
from models.errors import StaleCharacter
from tests.hypothesis_profiles import examples

ANN = Contractor(id="ann", concept=Concept("Ann Vey", player="Sam"))
REFUSAL = re.compile(
    r"Ann Vey was changed elsewhere \((?:version (\d+), you had (\d+)"
    r"|version \d+ holds entries your copy lacks)\): "
    r"reload to see the change, then make yours again"
)
WINDOWS = st.sampled_from((0, 1))


@functools.cache
def _empty_library() -> Path:
    """A new library file at the newest schema, made once per test session."""
    path = Path(tempfile.mkdtemp()) / "empty.sqlite3"
    Library.open(path).close()
    return path


class TwoWindows(RuleBasedStateMachine):
    """Two windows holding copies of Ann; the model is what was accepted."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        path = Path(self.folder.name) / "library.sqlite3"
        shutil.copyfile(_empty_library(), path)  # migrating once, not per example, keeps it quick
        self.libraries = [Library.open(path), Library.open(path)]
        self.observer = Library.open(path)
        self.libraries[0].save(ANN)
        self.copies = [self.libraries[0].load(ANN.id), self.libraries[1].load(ANN.id)]
        self.accepted: list[list[str]] = [[], []]  # each window's accepted Contracts, in order
        self.notes = ""
        self.counter = 0

    def teardown(self) -> None:
        for library in (*self.libraries, self.observer):
            library.close()
        self.folder.cleanup()

    def _save(self, window: int, changed: Contractor) -> bool:
        try:
            self.libraries[window].save(changed)
        except StaleCharacter as refused:
            match = REFUSAL.fullmatch(str(refused))
            assert match is not None, str(refused)
            assert match[1] is None or int(match[1]) > int(match[2])
            return False
        self.copies[window] = changed
        return True

    @rule(window=WINDOWS)
    def append_a_contract(self, window: int) -> None:
        self.counter += 1
        scenario = f"Scenario {self.counter}"
        entry = ContractAttended("2024-01-01", scenario, True, Outcome.VICTORY)
        copy = self.copies[window]
        if self._save(window, dataclasses.replace(copy, ledger=(*copy.ledger, entry))):
            self.accepted[window].append(scenario)

    @rule(window=WINDOWS)
    def edit_the_notes(self, window: int) -> None:
        self.counter += 1
        note = f"note {self.counter}"
        if self._save(window, dataclasses.replace(self.copies[window], notes=note)):
            self.notes = note

    @rule(window=WINDOWS)
    def reload(self, window: int) -> None:
        self.copies[window] = self.libraries[window].load(ANN.id)

    @invariant()
    def nothing_accepted_is_lost(self) -> None:
        stored = self.observer.load(ANN.id)
        scenarios = [e.scenario for e in stored.ledger]
        assert sorted(scenarios) == sorted(self.accepted[0] + self.accepted[1])
        for mine in self.accepted:
            assert [s for s in scenarios if s in mine] == mine
        assert stored.notes == self.notes


TwoWindows.TestCase.settings = settings(
    max_examples=examples(30), stateful_step_count=15, deadline=None
)
test_two_windows = pytest.mark.slow(TwoWindows.TestCase)
