"""Tests against a real PostgreSQL server the suite starts itself (``tests.pg.server``)."""
