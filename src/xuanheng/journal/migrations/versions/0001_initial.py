"""Initial journal schema: users, cases, and a case's tags, fired rules and classification keys.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "journal_user",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.String(256), nullable=True),
        sa.Column("is_local", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_journal_user"),
        sa.UniqueConstraint("name", name="uq_journal_user_name"),
    )
    op.create_table(
        "journal_case",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(32), nullable=False),
        sa.Column("inputs", sa.JSON(), nullable=False),
        sa.Column("chart", sa.JSON(), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("topic", sa.String(64), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("cast_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=True),
        sa.Column("outcome_note", sa.Text(), nullable=False),
        sa.Column("outcome_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_journal_case"),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["journal_user.id"],
            name="fk_journal_case_user_id_journal_user",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_journal_case_user_created", "journal_case", ["user_id", "created_at"])
    op.create_index("ix_journal_case_user_method", "journal_case", ["user_id", "method"])
    for table, col, width in (
        ("journal_case_tag", "tag", 64),
        ("journal_case_rule", "rule_id", 128),
    ):
        op.create_table(
            table,
            sa.Column("case_id", sa.String(64), nullable=False),
            sa.Column("position", sa.Integer(), autoincrement=False, nullable=False),
            sa.Column(col, sa.String(width), nullable=False),
            sa.PrimaryKeyConstraint("case_id", "position", name=f"pk_{table}"),
            sa.ForeignKeyConstraint(
                ["case_id"], ["journal_case.id"], name=f"fk_{table}_case_id_journal_case", ondelete="CASCADE"
            ),
        )
        op.create_index(f"ix_{table}_{col}", table, [col])
    op.create_table(
        "journal_case_key",
        sa.Column("case_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("position", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("value", sa.String(128), nullable=False),
        sa.PrimaryKeyConstraint("case_id", "kind", "position", name="pk_journal_case_key"),
        sa.ForeignKeyConstraint(
            ["case_id"],
            ["journal_case.id"],
            name="fk_journal_case_key_case_id_journal_case",
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("journal_case_key")
    op.drop_index("ix_journal_case_rule_rule_id", table_name="journal_case_rule")
    op.drop_table("journal_case_rule")
    op.drop_index("ix_journal_case_tag_tag", table_name="journal_case_tag")
    op.drop_table("journal_case_tag")
    op.drop_index("ix_journal_case_user_method", table_name="journal_case")
    op.drop_index("ix_journal_case_user_created", table_name="journal_case")
    op.drop_table("journal_case")
    op.drop_table("journal_user")
