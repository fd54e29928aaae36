"""Which library opens: an explicit path or URL, then $HARBINGER_DB, then the user's data folder.

``models`` opens what it is given; the default (``$HARBINGER_DB``, then the
user's data folder) is decided by ``harbinger.shell.paths.default_library_url``,
which the app and the CLI pass in.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harbinger.shell.paths import default_library_url, library_url, sqlite_url
from models.library import Library


def test_harbinger_db_names_the_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "from-env" / "mine.sqlite3"
    monkeypatch.setenv("HARBINGER_DB", str(target))
    with Library.open(default_library_url()) as library:
        assert library.url == sqlite_url(target)
    assert target.is_file()


def test_an_explicit_path_wins_over_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HARBINGER_DB", str(tmp_path / "env.sqlite3"))
    with Library.open(library_url(tmp_path / "explicit.sqlite3")):
        pass
    assert (tmp_path / "explicit.sqlite3").is_file()
    assert not (tmp_path / "env.sqlite3").exists()


def test_a_url_is_used_as_given(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'by-url.sqlite3'}"
    with Library.open(url) as library:
        assert library.url == url
    assert (tmp_path / "by-url.sqlite3").is_file()


def test_without_a_choice_the_library_goes_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.delenv("HARBINGER_DB", raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    expected = home / ".local" / "share" / "Harbinger" / "library.sqlite3"
    with Library.open(default_library_url()) as library:
        assert library.url == sqlite_url(expected)
        assert library.roster() == []
    assert expected.is_file()


def test_a_first_run_creates_missing_folders(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "c" / "library.sqlite3"
    with Library.open(target) as library:
        assert library.migration is not None and library.migration.from_revision is None
    assert target.is_file()


def test_an_in_memory_library_works_for_one_session() -> None:
    with Library.open("sqlite://") as library:
        library.load_examples()
        # three contractors, a Covenant character, a spacefarer and a chronicle of The Coven
        assert len(library.roster()) == 6


@pytest.mark.skipif(os.name != "posix", reason="HOME expansion is a POSIX shell habit")
def test_a_tilde_path_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with Library.open("~/lib.sqlite3"):
        pass
    assert (tmp_path / "lib.sqlite3").is_file()


def test_models_never_choose_a_location(tmp_path: Path) -> None:
    # No default in models: the caller always names the library.
    with pytest.raises(TypeError):
        Library.open()  # type: ignore[call-arg]
    with Library.open(tmp_path / "given.sqlite3") as library:
        assert library.url == sqlite_url(tmp_path / "given.sqlite3")


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_models_do_not_import_harbinger() -> None:
    import subprocess
    import sys

    code = (
        "import sys, models, models.library, models.stores\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'harbinger'))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "[]"
