"""Server-side sessions, login throttling shared by every worker, and the idempotency keys of saves.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "journal_session",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_journal_session"),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["journal_user.id"],
            name="fk_journal_session_user_id_journal_user",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_journal_session_user_id", "journal_session", ["user_id"])
    op.create_table(
        "journal_login_throttle",
        sa.Column("key", sa.String(160), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("blocked_until", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("key", name="pk_journal_login_throttle"),
    )
    op.create_table(
        "journal_idempotency",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(128), nullable=False),
        sa.Column("case_id", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "key", name="pk_journal_idempotency"),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["journal_user.id"],
            name="fk_journal_idempotency_user_id_journal_user",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["case_id"],
            ["journal_case.id"],
            name="fk_journal_idempotency_case_id_journal_case",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_journal_idempotency_case_id", "journal_idempotency", ["case_id"])


def downgrade() -> None:
    op.drop_index("ix_journal_idempotency_case_id", table_name="journal_idempotency")
    op.drop_table("journal_idempotency")
    op.drop_table("journal_login_throttle")
    op.drop_index("ix_journal_session_user_id", table_name="journal_session")
    op.drop_table("journal_session")
