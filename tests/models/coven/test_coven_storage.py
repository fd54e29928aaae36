"""A chronicle of The Coven kept by the library's generic document store, like any character."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from builder.coven.chronicle import Goal, SummonVote
from models.errors import LedgerRewriteError
from models.library import Library
from tests.builder.coven.examples import end_week, play_influence, town


def test_save_load_append_and_undo(library_path: Path) -> None:
    c = play_influence(town(Goal.CORRUPT_PEOPLE), ("JH", "mayor"))
    with Library.open(library_path) as library:
        library.save(c)
        assert library.system_of("c-1") == "coven"
        assert library.load("c-1") == c
        (entry,) = library.roster()
        assert (entry.system, entry.name, entry.player) == ("coven", "Millbrook", "Olga")
        later = end_week(c)
        library.save(later)  # one more event appended to the stored log
        assert library.load("c-1") == later
        library.restore(c)  # undo: the newest event taken back
        assert library.load("c-1") == c
        rewritten = c.append(SummonVote(("p-ann",)))
        library.save(later)
        with pytest.raises(LedgerRewriteError):
            library.save(rewritten)  # the log is append-only


def test_export_and_import(
    library_path: Path, tmp_path: Path, new_library: Callable[[str], Path]
) -> None:
    c = end_week(play_influence(town(), ("KD", "diner")))
    with Library.open(library_path) as library:
        library.save(c)
        path = library.export_file("c-1", tmp_path / "millbrook.json")
    with Library.open(new_library("other.sqlite3")) as other:
        other.import_file(path)
        assert other.load("c-1") == c
