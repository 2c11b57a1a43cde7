"""Alembic environment: runs on the connection handed over by :func:`xuanheng.journal.migrate.upgrade`."""

from __future__ import annotations

from alembic import context

from xuanheng.journal.tables import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run journal migrations through xuanheng.journal.migrate (python -m xuanheng.journal)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
