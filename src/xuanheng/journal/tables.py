"""SQLAlchemy 2.0 models of the journal (the schema; the Alembic revisions in ``migrations/`` build it).

Tables carry the ``journal_`` prefix so the journal can share a database with other applications.
Times are stored as UTC: ``timestamp with time zone`` on PostgreSQL, ISO text on SQLite; both come back as
aware UTC datetimes through :class:`UTCDateTime`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, MetaData, String, Text
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """An aware datetime stored in UTC; naive values are refused rather than guessed."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("journal times must be timezone-aware")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class UserRow(Base):
    __tablename__ = "journal_user"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(256), nullable=True)
    is_local: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class CaseRow(Base):
    __tablename__ = "journal_case"
    __table_args__ = (
        Index("ix_journal_case_user_created", "user_id", "created_at"),
        Index("ix_journal_case_user_method", "user_id", "method"),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("journal_user.id", ondelete="CASCADE"), nullable=False
    )
    method: Mapped[str] = mapped_column(String(32), nullable=False)
    inputs: Mapped[Any] = mapped_column(JSON, nullable=False)
    chart: Mapped[Any] = mapped_column(JSON, nullable=False)
    question: Mapped[str] = mapped_column(Text, nullable=False, default="")
    topic: Mapped[str] = mapped_column(String(64), nullable=False, default="")
    notes: Mapped[str] = mapped_column(Text, nullable=False, default="")
    cast_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    outcome: Mapped[str | None] = mapped_column(String(8), nullable=True)
    outcome_note: Mapped[str] = mapped_column(Text, nullable=False, default="")
    outcome_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    tags: Mapped[list[CaseTagRow]] = relationship(
        order_by="CaseTagRow.position", cascade="all, delete-orphan", passive_deletes=True, lazy="selectin"
    )
    rules: Mapped[list[CaseRuleRow]] = relationship(
        order_by="CaseRuleRow.position", cascade="all, delete-orphan", passive_deletes=True, lazy="selectin"
    )
    keys: Mapped[list[CaseKeyRow]] = relationship(
        order_by="(CaseKeyRow.kind, CaseKeyRow.position)",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )


class CaseTagRow(Base):
    __tablename__ = "journal_case_tag"

    case_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("journal_case.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    tag: Mapped[str] = mapped_column(String(64), nullable=False, index=True)


class CaseRuleRow(Base):
    """A fired rule id of a case (for the statistics per rule)."""

    __tablename__ = "journal_case_rule"

    case_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("journal_case.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    rule_id: Mapped[str] = mapped_column(String(128), nullable=False, index=True)


class CaseKeyRow(Base):
    """A classification key of a case: ``kind`` is ``ke_ti`` (大六壬 課體), ``yong_yao`` (金口訣 用爻) …"""

    __tablename__ = "journal_case_key"

    case_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("journal_case.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    value: Mapped[str] = mapped_column(String(128), nullable=False)


class SessionRow(Base):
    """A login session. ``id`` is the SHA-256 of the token the cookie carries (a stolen table opens no
    session); logout sets ``revoked_at``; idle and absolute expiry are read off ``last_seen_at`` and
    ``created_at``."""

    __tablename__ = "journal_session"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("journal_user.id", ondelete="CASCADE"), nullable=False, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class LoginThrottleRow(Base):
    """Failed logins of one account (``user:<name>``) or one client address (``addr:<ip>``), shared by every
    worker: after a few free failures each further one doubles the wait (``blocked_until``)."""

    __tablename__ = "journal_login_throttle"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    last_failure_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    blocked_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class IdempotencyRow(Base):
    """A save's ``Idempotency-Key``: the same key from the same user answers the case it made first."""

    __tablename__ = "journal_idempotency"

    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("journal_user.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    case_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("journal_case.id", ondelete="CASCADE"), nullable=False, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


__all__ = [
    "Base",
    "CaseKeyRow",
    "CaseRow",
    "CaseRuleRow",
    "CaseTagRow",
    "IdempotencyRow",
    "LoginThrottleRow",
    "SessionRow",
    "UTCDateTime",
    "UserRow",
]
