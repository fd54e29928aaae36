"""Suite-wide isolation: Qt offscreen, and never the user's real library or settings."""

from __future__ import annotations

import gc
import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tests.hypothesis_profiles  # noqa: F401  (loads the dev or ci Hypothesis profile)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SLOW_TIMEOUT = 900  # seconds a test marked slow may run (pyproject's timeout is for the rest)

GC_THRESHOLDS = (50_000, 20, 20)
"""The tests' garbage-collection thresholds (Python's default is 700, 10, 10).

A test process allocates far more than an app session (catalogs, libraries, parsers,
widgets built and dropped by the thousand): at the default the collector ran some 80
times a second and took about 6.6 % of the CPU of a model or catalog test; at these,
1.4 % (the freeze after collection included). Only when garbage is collected changes:
a test that needs it gone (a weak reference that must be dead, a window that must be
deleted) calls ``gc.collect()`` itself, as ``tests/ui/conftest.py`` does after each test.
"""
gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Set aside every object alive once the tests are collected from garbage collection.

    The modules, catalogs and test functions loaded so far live until the session ends;
    frozen (``gc.freeze``), they are no longer walked by each collection, which cost about
    0.08 s a test where a test collects after itself (``tests/ui/conftest.py``).
    """
    gc.collect()
    gc.freeze()


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
    isolate_user_dirs(monkeypatch, tmp_path_factory.mktemp("home"))
    yield


def isolate_user_dirs(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Point the library, settings, data and log folders into ``home``.

    Every test gets this (``_isolated_user_dirs``); a module-scoped fixture that runs the
    CLI once for several tests calls it inside ``pytest.MonkeyPatch.context()``, since it
    is set up before any test's own isolation.
    """
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("HARBINGER_SETTINGS_DIR", str(home / "settings"))
    monkeypatch.setenv("HARBINGER_DB", str(home / "library.sqlite3"))
    monkeypatch.setenv("HARBINGER_LOG_DIR", str(home / "logs"))


@pytest.fixture(scope="session")
def empty_library_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty library at the newest schema, made once per session (per xdist worker).

    Running every migration costs 0.3 to 0.9 s of CPU per library, the largest shared cost
    of the suite; tests that only need an empty library get a copy of this real SQLite file
    (``library_path``, ``library_url``). The migrations themselves are run by
    ``tests/models/test_migrations*.py``, which make their libraries revision by revision.
    """
    from models.library import Library

    path = tmp_path_factory.mktemp("template") / "library.sqlite3"
    Library.open(path).close()  # closing checkpoints the WAL: the one file is the whole library
    return path


@pytest.fixture
def library_path(tmp_path: Path, empty_library_template: Path) -> Path:
    """An empty library (a SQLite file at the newest schema) in this test's own folder.

    A test that must create the file itself (a migration test) asks for ``tmp_path``.
    """
    path = tmp_path / "library.sqlite3"
    shutil.copyfile(empty_library_template, path)
    return path


@pytest.fixture
def new_library(tmp_path: Path, empty_library_template: Path) -> Callable[[str], Path]:
    """Another empty library at the newest schema in this test's folder, by file name.

    For a test that needs a second or third library (an export read into another one):
    each is a copy of the session's template, as ``library_path`` is, not a new file that
    would run every migration.
    """

    def make(name: str) -> Path:
        path = tmp_path / name
        shutil.copyfile(empty_library_template, path)
        return path

    return make


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


@pytest.fixture(scope="session")
def pg_empty_library(pg_server: object) -> str:
    """The name of a database on the test server holding an empty library at the newest schema.

    Made once per session; ``library_url`` gives each test a copy (``CREATE DATABASE …
    TEMPLATE``, PostgreSQL's own copy of a database) instead of migrating a new one.
    """
    from models.library import Library

    server: Any = pg_server
    name = server.new_database("template")
    Library.open(server.url(name)).close()  # no connection may stay open on a template
    return str(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def library_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty library: a SQLite file, or a new database on the test PostgreSQL server.

    Both are copies of an empty library migrated once per session (``empty_library_template``,
    ``pg_empty_library``).
    """
    if request.param == "sqlite":
        return str(request.getfixturevalue("library_path"))
    make: Callable[[str], str] = request.getfixturevalue("pg_library")
    return make("lib")


@pytest.fixture
def pg_library(pg_server: object, pg_empty_library: str) -> Callable[[str], str]:
    """A new database on the test server holding an empty library, by name prefix: its URL.

    A copy of ``pg_empty_library`` (``CREATE DATABASE … TEMPLATE``), so a test that sets
    up a playgroup on it (``init_playgroup`` upgrades a library and leaves one at the
    newest schema as it is) does not run every migration on the server first.
    """
    server: Any = pg_server

    def make(prefix: str) -> str:
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        server.admin(f'CREATE DATABASE "{name}" TEMPLATE "{pg_empty_library}"')
        return str(server.url(name))

    return make
