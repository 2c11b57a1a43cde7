"""Alembic revisions of the journal, oldest first."""
