"""Taking a test library back to an older revision, as an older Harbinger left it, so a
test can watch the newer migrations bring it up again."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

from models.migrate import MIGRATIONS_DIR


def downgrade_on(connection: Connection, target: str) -> None:
    """Alembic's downgrade to revision ``target``, run on ``connection`` inside the
    caller's transaction (so the caller may change more in the same one)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    command.downgrade(config, target)
