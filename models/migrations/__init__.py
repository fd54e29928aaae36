"""Alembic migrations of the library schema; run by ``models.migrate`` when a library opens."""
