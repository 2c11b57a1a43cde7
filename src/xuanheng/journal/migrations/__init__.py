"""Alembic migrations of the journal (run through :mod:`xuanheng.journal.migrate`)."""
