"""The newest schema revision this Harbinger writes, kept apart from ``models.migrate``.

``models.quick_roster`` compares a library's stored revision with it before
Alembic or SQLAlchemy are imported, so it lives in a module that imports
nothing.
"""

SCHEMA_HEAD = "0021_prefix_index_drop"
"""Newest schema revision; a test checks it is the head of ``models/migrations``."""
