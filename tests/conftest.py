"""Suite-wide isolation: Qt offscreen, and never the user's real library or settings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.hypothesis_profiles  # noqa: F401  (loads the dev or ci Hypothesis profile)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SLOW_TIMEOUT = 900  # seconds a test marked slow may run (pyproject's timeout is for the rest)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give tests marked ``slow`` a longer time limit unless they name their own."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


@pytest.fixture(scope="session", autouse=True)
def _shipped_games() -> None:
    """The tests' composition root: Harbinger's own games registered, as the CLI and app do."""
    from builder.systems import register_shipped

    register_shipped()


@pytest.fixture(autouse=True)
def _isolated_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Point the library, settings and data folders at a fresh temporary folder."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("HARBINGER_SETTINGS_DIR", str(home / "settings"))
    monkeypatch.setenv("HARBINGER_DB", str(home / "library.sqlite3"))
    monkeypatch.setenv("HARBINGER_LOG_DIR", str(home / "logs"))
    yield


@pytest.fixture
def library_path(tmp_path: Path) -> Path:
    """A path for a fresh SQLite library in this test's own folder."""
    return tmp_path / "library.sqlite3"


# --------------------------------------------------------------------------- PostgreSQL (issue 14)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[object]:
    """A real PostgreSQL server for this test session (``tests.pg.server``), stopped at the end.

    Skipped only when no server programs are installed and this is not CI;
    in CI (``CI`` set, as ``.ci/run`` does) a missing server fails the tests.
    """
    from tests.pg.server import PostgresServer, find_binaries, in_ci, wait_until_accepting

    binaries = find_binaries()
    if binaries is None:
        message = "no PostgreSQL server installed (initdb not found); scripts/setup.sh installs it"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    server = PostgresServer(binaries).start()
    try:
        wait_until_accepting(server)
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def library_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty library: a SQLite file, or a new database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "library.sqlite3")
    server = request.getfixturevalue("pg_server")
    return str(server.url(server.new_database()))
