"""Schema revisions, oldest first (0001, 0002, ...); Alembic skips this file."""
