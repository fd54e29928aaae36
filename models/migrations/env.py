"""Alembic environment of the library.

Harbinger runs migrations itself (``models.migrate``), handing Alembic an
open connection in ``config.attributes["connection"]``; no alembic.ini is
needed at runtime. For development the usual ``alembic`` command also works
when given a config whose ``sqlalchemy.url`` names a library.
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection, create_engine

from models.tables import metadata

config = context.config


def _configure(**kwargs: Any) -> None:
    context.configure(target_metadata=metadata, compare_type=True, **kwargs)


def run_offline() -> None:
    """Print the SQL of the migrations instead of running it (for a server admin)."""
    _configure(url=config.get_main_option("sqlalchemy.url"), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.begin() as own:
            _run_on(own)
        engine.dispose()
    else:
        _run_on(connection)


def _run_on(connection: Connection) -> None:
    # SQLite cannot ALTER most things; batch mode rebuilds a table instead.
    dialect = connection.dialect.name
    _configure(connection=connection, render_as_batch=dialect == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
