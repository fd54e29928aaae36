"""Opening a library at the newest schema is one query and never loads Alembic (issue 13).

Alembic takes about a quarter of a second to import; the app opens its
library on every start, so ``models.migrate`` reads the version table once
and imports Alembic only when an upgrade is due (the backup before an upgrade
is covered by ``test_migrations``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from harbinger.shell.paths import sqlite_url
from models.library import Library
from models.migrate import create_library_engine, prepare_database

ROOT = Path(__file__).resolve().parents[2]


def test_a_current_library_is_checked_with_one_query(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    Library.open(path).close()
    engine = create_library_engine(sqlite_url(path))
    statements: list[str] = []

    @event.listens_for(engine, "before_cursor_execute")
    def _seen(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if statement.split()[0].upper() not in ("BEGIN", "ROLLBACK", "COMMIT"):
            statements.append(" ".join(statement.split()))

    try:
        assert prepare_database(engine) is None
    finally:
        engine.dispose()
    assert statements == ["SELECT alembic_version.version_num FROM alembic_version"]


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_opening_a_current_library_does_not_import_alembic(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    Library.open(path).close()
    code = (
        "import sys\n"
        "from builder.systems import register_shipped\n"
        "from models.library import Library\n"
        "register_shipped()\n"
        f"Library.open({str(path)!r}).roster()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"
