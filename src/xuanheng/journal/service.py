"""The journal's public API: the one object the web app, the CLI and scripts talk to.

>>> from xuanheng.journal import Journal, CaseIn
>>> j = Journal.open("sqlite:///:memory:")          # None → the default SQLite file (see xuanheng.journal.db)
>>> me = j.local_user()
>>> case = j.save_case(me, CaseIn(method="liuren", inputs={"at": "2026-03-10T21:00"}, chart={}))
>>> j.record_outcome(me, case.id, "應驗").outcome.result
'應驗'

Every method takes the acting :class:`User` first and only ever sees that user's cases. Errors are
:class:`xuanheng.errors.XuanhengError` subclasses (see :mod:`xuanheng.journal.errors`). Times passed in
must be timezone-aware; ``now`` defaults to the current UTC time (this service layer is the only place in the
library allowed to read the clock).
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import secrets
import unicodedata
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Literal

from sqlalchemy import Engine, Select, and_, delete, exists, func, or_, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from xuanheng.errors import InputError, OptionError
from xuanheng.journal import validate as v
from xuanheng.journal.db import make_engine, resolve_url, writer
from xuanheng.journal.errors import (
    AccessDeniedError,
    AuthError,
    ConflictError,
    LimitError,
    NotFoundError,
    StorageError,
    ThrottledError,
)
from xuanheng.journal.migrate import upgrade
from xuanheng.journal.model import (
    KE_TI,
    PENDING_SPELLINGS,
    POLARITIES,
    VERDICT,
    YONG_YAO,
    Case,
    CaseIn,
    CasePatch,
    CaseQuery,
    OutcomeRecord,
    Page,
    Stats,
    Tally,
    User,
)
from xuanheng.journal.passwords import DUMMY_HASH, hash_password, verify_password
from xuanheng.journal.tables import (
    CaseKeyRow,
    CaseRow,
    CaseRuleRow,
    CaseTagRow,
    IdempotencyRow,
    LoginThrottleRow,
    SessionRow,
    UserRow,
)
from xuanheng.journal.validate import Limits

ENV_MULTI_USER: Final = "XUANHENG_MULTI_USER"
LOCAL_USER_NAME: Final = "local"
EXPORT_FORMAT: Final = "xuanheng-journal"
EXPORT_VERSION: Final = 1
MAX_PAGE: Final = 500
#: the top-level keys of an export
EXPORT_KEYS: Final = frozenset({"format", "version", "cases"})

OnConflict = Literal["error", "skip", "new_id"]


@dataclass(frozen=True, slots=True)
class Throttle:
    """Login throttling: *free* failures, then each further one doubles the wait from *base* seconds up to
    *cap*; failures older than *forget* seconds are forgotten. One policy per account, one (more generous:
    several people may share an address) per client address."""

    free: int = 5
    base: float = 1.0
    cap: float = 900.0
    forget: float = 3600.0


ACCOUNT_THROTTLE: Final = Throttle()
ADDRESS_THROTTLE: Final = Throttle(free=20)
#: a session's ``last_seen_at`` is written at most this often (seconds), not on every request
SESSION_TOUCH: Final = 60.0
IDEMPOTENCY_KEY_RE: Final = re.compile(r"^[\x21-\x7e]{1,128}$")


def _token_id(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _now(now: datetime | None) -> datetime:
    return datetime.now(UTC) if now is None else v.utc(now, "now")


@contextmanager
def _storage_errors(where: str) -> Iterator[None]:
    """Database failures (unreachable server, disk full, locked too long) become :class:`StorageError`;
    a refused constraint (a case id taken by a concurrent import, a user deleted meanwhile) becomes
    :class:`ConflictError`, unless the caller asked to see :class:`IntegrityError` itself."""
    try:
        yield
    except IntegrityError as e:
        if _PASS_INTEGRITY.get():
            raise
        reason = str(e.orig).strip().splitlines()[0] if e.orig is not None else "constraint"
        raise ConflictError(
            f"the change conflicts with the stored journal ({reason}); reload and try again", field="db"
        ) from e
    except DBAPIError as e:
        reason = str(e.orig).strip().splitlines()[0] if e.orig is not None else type(e).__name__
        raise StorageError(f"the journal database {where} failed: {reason}", field="db") from e


#: set while a caller handles IntegrityError itself (user creation races)
_PASS_INTEGRITY: ContextVar[bool] = ContextVar("_PASS_INTEGRITY", default=False)


@contextmanager
def _integrity_passthrough() -> Iterator[None]:
    token = _PASS_INTEGRITY.set(True)
    try:
        yield
    finally:
        _PASS_INTEGRITY.reset(token)


def _checked_limits(limits: Limits) -> Limits:
    """Refuse limits wider than the columns that hold the values (the database would refuse them later)."""
    columns = {
        "topic": CaseRow.__table__.c.topic,
        "tag": CaseTagRow.__table__.c.tag,
        "rule_id": CaseRuleRow.__table__.c.rule_id,
        "key_value": CaseKeyRow.__table__.c.value,
        "user_name": UserRow.__table__.c.name,
    }
    widths = {name: int(getattr(col.type, "length", 0) or 0) for name, col in columns.items()}
    for name, width in widths.items():
        if getattr(limits, name) > width:
            raise OptionError(
                f"Limits.{name} may be at most {width} (the column width)", field=f"limits.{name}"
            )
    return limits


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True, slots=True)
class _Fields:
    """A validated case (shared by save and import)."""

    method: str
    inputs: dict[str, Any]
    chart: dict[str, Any]
    question: str
    topic: str
    tags: tuple[str, ...]
    notes: str
    rule_ids: tuple[str, ...]
    keys: dict[str, tuple[str, ...]]
    cast_at: datetime | None


class Journal:
    """A case journal on one database. Thread-safe; open one per process and share it."""

    def __init__(self, engine: Engine, *, multi_user: bool = False, limits: Limits | None = None) -> None:
        self.limits = _checked_limits(limits or Limits())
        self._engine = engine
        self._writer = writer(engine)
        self.multi_user = multi_user
        self._local_id: int | None = None

    # ----------------------------------------------------------------- opening

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        multi_user: bool | None = None,
        limits: Limits | None = None,
        migrate: bool = True,
    ) -> Journal:
        """Open (and by default migrate to the newest schema) the journal at *url*.

        *url*: ``sqlite:///file``, ``postgresql://user:pw@host/db``, or ``None`` for ``$XUANHENG_DB_URL`` or
        else the SQLite file in the user's data directory. *multi_user*: ``None`` reads
        ``$XUANHENG_MULTI_USER`` (``1``/``true``/``yes``); in multi-user mode :meth:`local_user` is refused
        and people log in with :meth:`authenticate`.
        """
        limits = _checked_limits(limits or Limits())
        engine = make_engine(resolve_url(url))
        if migrate:
            try:
                with _storage_errors(engine.url.render_as_string(hide_password=True)):
                    upgrade(engine)
            except BaseException:
                engine.dispose()
                raise
        if multi_user is None:
            multi_user = _env_flag(ENV_MULTI_USER)
        return cls(engine, multi_user=multi_user, limits=limits)

    @property
    def engine(self) -> Engine:
        return self._engine

    @property
    def url(self) -> str:
        """The database URL with any password hidden."""
        return self._engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        """Release the connection pool."""
        self._engine.dispose()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with _storage_errors(self.url), Session(self._engine, expire_on_commit=False) as s, s.begin():
            yield s

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with _storage_errors(self.url), Session(self._writer, expire_on_commit=False) as s, s.begin():
            yield s

    # ------------------------------------------------------------------- users

    def local_user(self) -> User:
        """The single local user of single-user mode (created on first use)."""
        if self.multi_user:
            raise AuthError("this journal is in multi-user mode: log in with a user name and password")
        if self._local_id is not None:
            return User(self._local_id, LOCAL_USER_NAME, True)
        with self._read() as s:
            row = s.scalars(select(UserRow).where(UserRow.is_local.is_(True))).first()
        if row is None:
            try:
                with _integrity_passthrough(), self._write() as s:
                    row = UserRow(
                        name=LOCAL_USER_NAME, password_hash=None, is_local=True, created_at=_now(None)
                    )
                    s.add(row)
            except IntegrityError:  # another worker created it first
                with self._read() as s:
                    row = s.scalars(select(UserRow).where(UserRow.is_local.is_(True))).one()
        self._local_id = row.id
        return User(row.id, row.name, True)

    def create_user(self, name: str, password: str, *, now: datetime | None = None) -> User:
        """Add a password user. Names: letters, digits, ``. _ @ + -``, unique regardless of case;
        passwords 8–1024 characters."""
        name = v.user_name(name, self.limits)
        if name.lower() == LOCAL_USER_NAME:
            raise ConflictError(f"the user name {name!r} is reserved for the local user", field="name")
        password = v.password(password, self.limits, name)
        digest = hash_password(password)
        try:
            with _integrity_passthrough(), self._write() as s:
                same = select(UserRow.name).where(func.lower(UserRow.name) == name.lower())
                if s.scalars(same).first() is not None:
                    raise ConflictError(f"the user name {name!r} is taken; choose another", field="name")
                row = UserRow(name=name, password_hash=digest, is_local=False, created_at=_now(now))
                s.add(row)
        except IntegrityError:
            raise ConflictError(f"the user name {name!r} is taken; choose another", field="name") from None
        return User(row.id, row.name, False)

    def authenticate(self, name: str, password: str) -> User | None:
        """The user if *password* is right, else ``None`` (same work whether or not the user exists)."""
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 4096:
            return None
        with self._read() as s:
            row = s.scalars(
                select(UserRow).where(UserRow.name == unicodedata.normalize("NFKC", name).strip())
            ).first()
        stored = row.password_hash if row is not None and row.password_hash else DUMMY_HASH
        ok = verify_password(password, stored)
        if row is None or not row.password_hash or not ok:
            return None
        return User(row.id, row.name, row.is_local)

    def set_password(self, user: User, password: str, *, now: datetime | None = None) -> None:
        """Change *user*'s password; every session of *user* ends with the old one."""
        password = v.password(password, self.limits, user.name)
        digest = hash_password(password)
        with self._write() as s:
            row = s.get(UserRow, user.id)
            if row is None:
                raise NotFoundError(f"no user with id {user.id}", field="user")
            row.password_hash = digest
        self.revoke_sessions(user, now=now)

    # ---------------------------------------------------------------- sessions

    def create_session(self, user: User, *, now: datetime | None = None) -> str:
        """Open a session for *user*; returns its token (the database keeps only the token's SHA-256)."""
        token = secrets.token_urlsafe(32)
        t = _now(now)
        with self._write() as s:
            s.add(SessionRow(id=_token_id(token), user_id=user.id, created_at=t, last_seen_at=t))
        return token

    def session_user(
        self, token: str, *, idle: float, max_age: float, now: datetime | None = None
    ) -> User | None:
        """The user of a live session: not revoked, seen within *idle* seconds, opened within *max_age*
        seconds; else ``None``. Marks the session seen (at most once a minute)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 128:
            return None
        t = _now(now)
        sid = _token_id(token)
        with self._read() as s:
            row = s.get(SessionRow, sid)
            if row is None or row.revoked_at is not None:
                return None
            if t - row.last_seen_at > timedelta(seconds=idle) or t - row.created_at > timedelta(
                seconds=max_age
            ):
                return None
            user = s.get(UserRow, row.user_id)
            if user is None:
                return None
            stale = t - row.last_seen_at > timedelta(seconds=SESSION_TOUCH)
        if stale:
            with self._write() as s:
                live = s.get(SessionRow, sid)
                if live is not None and live.last_seen_at < t:
                    live.last_seen_at = t
        return User(user.id, user.name, user.is_local)

    def revoke_session(self, token: str, *, now: datetime | None = None) -> bool:
        """End one session (logout); True when it was live."""
        if not isinstance(token, str) or not 16 <= len(token) <= 128:
            return False
        with self._write() as s:
            row = s.get(SessionRow, _token_id(token))
            if row is None or row.revoked_at is not None:
                return False
            row.revoked_at = _now(now)
            return True

    def revoke_sessions(self, user: User, *, now: datetime | None = None) -> int:
        """End every session of *user* ("log out everywhere"); returns how many it ended (those not
        revoked before, expired ones included)."""
        t = _now(now)
        with self._write() as s:
            rows = s.scalars(
                select(SessionRow).where(SessionRow.user_id == user.id, SessionRow.revoked_at.is_(None))
            ).all()
            for r in rows:
                r.revoked_at = t
            # sessions ended more than a day ago are of no more use: drop them
            s.execute(
                delete(SessionRow).where(
                    SessionRow.user_id == user.id, SessionRow.revoked_at < t - timedelta(days=1)
                )
            )
        return len(rows)

    # ------------------------------------------------------------ login throttle

    def login(
        self, name: str, password: str, *, address: str | None = None, now: datetime | None = None
    ) -> User:
        """:meth:`authenticate` behind the login throttle shared by every worker (in the database): after
        a few failures for this account (or many from this *address*) each attempt must wait, doubling, up
        to 15 minutes — :class:`ThrottledError` with ``retry_after``, the password not even tried. A wrong
        name or password is :class:`AuthError`."""
        t = _now(now)
        folded = unicodedata.normalize("NFKC", name).strip().casefold() if isinstance(name, str) else ""
        keys = [("user:" + folded[:150], ACCOUNT_THROTTLE)]
        if address:
            keys.append(("addr:" + address[:150], ADDRESS_THROTTLE))
        with self._read() as s:
            rows = {
                r.key: r
                for r in s.scalars(
                    select(LoginThrottleRow).where(LoginThrottleRow.key.in_([k for k, _p in keys]))
                )
            }
        wait = 0.0
        for key, _policy in keys:
            r = rows.get(key)
            if r is not None and r.blocked_until is not None and r.blocked_until > t:
                wait = max(wait, (r.blocked_until - t).total_seconds())
        if wait > 0:
            raise _throttled(wait)
        user = self.authenticate(name, password)
        if user is None:
            self._login_failed(keys, t)
            raise AuthError("user name or password is wrong", field="password")
        with self._write() as s:  # the account starts afresh; the address's count decays by itself
            s.execute(delete(LoginThrottleRow).where(LoginThrottleRow.key == keys[0][0]))
        return user

    def _login_failed(self, keys: list[tuple[str, Throttle]], t: datetime) -> None:
        for attempt in range(3):  # a concurrent first failure of the same key may insert it first
            try:
                with _integrity_passthrough(), self._write() as s:
                    for key, policy in keys:
                        stmt = select(LoginThrottleRow).where(LoginThrottleRow.key == key)
                        if s.get_bind().dialect.name == "postgresql":
                            stmt = stmt.with_for_update()
                        row = s.scalars(stmt).first()
                        if row is None:
                            row = LoginThrottleRow(key=key, failures=0, last_failure_at=t, blocked_until=None)
                            s.add(row)
                        elif t - row.last_failure_at > timedelta(seconds=policy.forget):
                            row.failures = 0
                        row.failures += 1
                        row.last_failure_at = t
                        over = row.failures - policy.free
                        if over > 0:
                            delay = min(policy.cap, policy.base * 2.0 ** min(over - 1, 30))
                            row.blocked_until = t + timedelta(seconds=delay)
                return
            except IntegrityError:
                if attempt == 2:
                    raise ConflictError("the login could not be recorded; try again", field="db") from None

    # ------------------------------------------------------------ idempotency

    def case_for_key(self, user: User, key: str) -> Case | None:
        """The case *user* saved with this ``Idempotency-Key``, if any (it may have been deleted since)."""
        key = _idempotency_key(key)
        with self._read() as s:
            row = s.get(IdempotencyRow, (user.id, key))
            if row is None:
                return None
            case = s.get(CaseRow, row.case_id)
            return None if case is None or case.user_id != user.id else self._case(case)

    def get_user(self, user_id: int) -> User:
        """The user with this id (e.g. from a session cookie); :class:`NotFoundError` if none."""
        with self._read() as s:
            row = s.get(UserRow, user_id) if isinstance(user_id, int) else None
        if row is None:
            raise NotFoundError(f"no user with id {user_id!r}", field="user")
        return User(row.id, row.name, row.is_local)

    def user_by_name(self, name: str) -> User:
        """The user called *name*; :class:`NotFoundError` if none."""
        with self._read() as s:
            row = s.scalars(select(UserRow).where(UserRow.name == name)).first()
        if row is None:
            raise NotFoundError(f"no user called {name!r}", field="user")
        return User(row.id, row.name, row.is_local)

    def delete_user(self, user: User) -> int:
        """Delete a password user and all their cases; returns how many cases went with them."""
        with self._write() as s:
            row = s.get(UserRow, user.id)
            if row is None:
                raise NotFoundError(f"no user with id {user.id}", field="user")
            if row.is_local:
                raise AccessDeniedError("the local user cannot be deleted", field="user")
            n = s.scalar(select(func.count()).where(CaseRow.user_id == user.id)) or 0
            s.delete(row)
        return n

    def move_cases(self, source: User, target: User) -> int:
        """Give every case of *source* to *target* (e.g. the local user's journal to a new account when
        switching to multi-user mode); returns how many moved."""
        with self._write() as s:
            for u in (source, target):
                if s.get(UserRow, u.id) is None:
                    raise NotFoundError(f"no user with id {u.id}", field="user")
            rows = s.scalars(select(CaseRow).where(CaseRow.user_id == source.id)).all()
            for r in rows:
                r.user_id = target.id
        return len(rows)

    def list_users(self) -> list[User]:
        """All users, by name (for an administrator)."""
        with self._read() as s:
            rows = s.scalars(select(UserRow).order_by(UserRow.name)).all()
        return [User(r.id, r.name, r.is_local) for r in rows]

    # ------------------------------------------------------------------- cases

    def _fields(self, c: CaseIn) -> _Fields:
        lim = self.limits
        if not isinstance(c, CaseIn):
            raise InputError("expected a CaseIn", field="case")
        return _Fields(
            method=v.method(c.method),
            inputs=v.json_doc(c.inputs, "inputs", lim.inputs_bytes, lim.json_depth),
            chart=v.json_doc(c.chart, "chart", lim.chart_bytes, lim.json_depth),
            question=v.text(c.question, "question", lim.question, multiline=True),
            topic=v.text(c.topic, "topic", lim.topic, multiline=False).strip(),
            tags=v.labels(c.tags, "tags", each=lim.tag, count=lim.tags),
            notes=v.text(c.notes, "notes", lim.notes, multiline=True),
            rule_ids=v.labels(c.rule_ids, "rule_ids", each=lim.rule_id, count=lim.rule_ids),
            keys=v.keys(c.keys, lim),
            cast_at=None if c.cast_at is None else v.utc(c.cast_at, "cast_at"),
        )

    @staticmethod
    def _row(
        user: User,
        f: _Fields,
        case_id: str,
        created: datetime,
        updated: datetime,
        outcome: OutcomeRecord | None,
    ) -> CaseRow:
        row = CaseRow(
            id=case_id,
            user_id=user.id,
            method=f.method,
            inputs=f.inputs,
            chart=f.chart,
            question=f.question,
            topic=f.topic,
            notes=f.notes,
            cast_at=f.cast_at,
            created_at=created,
            updated_at=updated,
            outcome=None if outcome is None else outcome.result,
            outcome_note="" if outcome is None else outcome.note,
            outcome_at=None if outcome is None else outcome.at,
        )
        row.tags = [CaseTagRow(position=i, tag=t) for i, t in enumerate(f.tags)]
        row.rules = [CaseRuleRow(position=i, rule_id=r) for i, r in enumerate(f.rule_ids)]
        row.keys = [
            CaseKeyRow(kind=kind, position=i, value=val)
            for kind, vals in f.keys.items()
            for i, val in enumerate(vals)
        ]
        return row

    @staticmethod
    def _case(row: CaseRow) -> Case:
        keys: dict[str, list[str]] = defaultdict(list)
        for k in sorted(row.keys, key=lambda k: (k.kind, k.position)):
            keys[k.kind].append(k.value)
        outcome = None
        if row.outcome is not None:
            assert row.outcome_at is not None
            outcome = OutcomeRecord(row.outcome, row.outcome_note, row.outcome_at)
        return Case(
            id=row.id,
            user_id=row.user_id,
            method=row.method,
            inputs=row.inputs,
            chart=row.chart,
            question=row.question,
            topic=row.topic,
            tags=tuple(t.tag for t in row.tags),
            notes=row.notes,
            rule_ids=tuple(r.rule_id for r in row.rules),
            keys={k: tuple(vs) for k, vs in sorted(keys.items())},
            cast_at=row.cast_at,
            created_at=row.created_at,
            updated_at=row.updated_at,
            outcome=outcome,
        )

    @staticmethod
    def _owned(s: Session, user: User, case_id: str) -> CaseRow:
        if not isinstance(case_id, str) or not v.CASE_ID_RE.match(case_id):
            raise NotFoundError(f"{case_id!r} is not a case id (8–64 letters, digits, _ or -)", field="id")
        row = s.get(CaseRow, case_id)
        if row is None:
            raise NotFoundError(f"no case with id {case_id}", field="id")
        if row.user_id != user.id:
            raise AccessDeniedError(f"no case with id {case_id} in your journal", field="id")
        return row

    def save_case(
        self, user: User, case: CaseIn, *, now: datetime | None = None, idempotency_key: str | None = None
    ) -> Case:
        """Store a new case; returns it with its new id and timestamps.

        With *idempotency_key* (printable ASCII, 1–128 characters), a second save with the same key by the
        same user stores nothing and returns the case the first one stored — a client retrying after a lost
        answer makes no duplicate."""
        f = self._fields(case)
        t = _now(now)
        key = None if idempotency_key is None else _idempotency_key(idempotency_key)
        if key is not None:
            first = self.case_for_key(user, key)
            if first is not None:
                return first
        try:
            with _integrity_passthrough(), self._write() as s:
                if key is not None:  # a key whose case was deleted: forget it, save afresh
                    s.execute(
                        delete(IdempotencyRow).where(
                            IdempotencyRow.user_id == user.id, IdempotencyRow.key == key
                        )
                    )
                row = self._row(user, f, uuid.uuid4().hex, t, t, None)
                s.add(row)
                s.flush()
                if key is not None:
                    s.add(IdempotencyRow(user_id=user.id, key=key, case_id=row.id, created_at=t))
                    s.flush()
                out = self._case(row)
        except IntegrityError:
            first = None if key is None else self.case_for_key(user, key)
            if first is None:  # not a race on the key: the usual conflict
                raise ConflictError(
                    "the change conflicts with the stored journal; reload and try again", field="db"
                ) from None
            return first
        return out

    def get_case(self, user: User, case_id: str) -> Case:
        """One case of *user*; :class:`NotFoundError` (or its subclass :class:`AccessDeniedError`)."""
        with self._read() as s:
            return self._case(self._owned(s, user, case_id))

    def update_case(self, user: User, case_id: str, patch: CasePatch, *, now: datetime | None = None) -> Case:
        """Change question, topic, tags or notes; ``updated_at`` becomes *now*."""
        lim = self.limits
        with self._write() as s:
            row = self._owned(s, user, case_id)
            if patch.question is not None:
                row.question = v.text(patch.question, "question", lim.question, multiline=True)
            if patch.topic is not None:
                row.topic = v.text(patch.topic, "topic", lim.topic, multiline=False).strip()
            if patch.notes is not None:
                row.notes = v.text(patch.notes, "notes", lim.notes, multiline=True)
            if patch.tags is not None:
                tags = v.labels(patch.tags, "tags", each=lim.tag, count=lim.tags)
                row.tags = []
                s.flush()
                row.tags = [CaseTagRow(position=i, tag=tg) for i, tg in enumerate(tags)]
            row.updated_at = _now(now)
            s.flush()
            return self._case(row)

    def delete_case(self, user: User, case_id: str) -> None:
        """Delete a case for good."""
        with self._write() as s:
            s.delete(self._owned(s, user, case_id))

    def record_outcome(
        self, user: User, case_id: str, outcome: str, note: str = "", *, now: datetime | None = None
    ) -> Case:
        """Record what happened: *outcome* 應驗 / 不驗 / 部分 (or ``ying_yan`` / ``bu_yan`` / ``bu_fen``)."""
        result = v.outcome(outcome)
        note = v.text(note, "note", self.limits.outcome_note, multiline=True)
        t = _now(now)
        with self._write() as s:
            row = self._owned(s, user, case_id)
            row.outcome, row.outcome_note, row.outcome_at = result, note, t
            row.updated_at = t
            s.flush()
            return self._case(row)

    def clear_outcome(self, user: User, case_id: str, *, now: datetime | None = None) -> Case:
        """Remove a recorded outcome (the case is pending again)."""
        t = _now(now)
        with self._write() as s:
            row = self._owned(s, user, case_id)
            row.outcome, row.outcome_note, row.outcome_at = None, "", None
            row.updated_at = t
            s.flush()
            return self._case(row)

    # ------------------------------------------------------------------ search

    def _filtered(self, user: User, q: CaseQuery) -> Select[Any]:
        stmt = select(CaseRow).where(CaseRow.user_id == user.id)
        if q.method is not None:
            stmt = stmt.where(CaseRow.method == v.method(q.method))
        if q.topic is not None:
            stmt = stmt.where(
                CaseRow.topic == v.text(q.topic, "topic", self.limits.topic, multiline=False).strip()
            )
        if q.tag is not None:
            tag = v.label(q.tag, "tag", self.limits.tag)
            stmt = stmt.where(exists().where(and_(CaseTagRow.case_id == CaseRow.id, CaseTagRow.tag == tag)))
        if q.text is not None and q.text.strip():
            needle = v.text(q.text, "text", 200, multiline=False).strip()
            pat = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            stmt = stmt.where(
                or_(
                    CaseRow.question.ilike(pat, escape="\\"),
                    CaseRow.notes.ilike(pat, escape="\\"),
                    CaseRow.outcome_note.ilike(pat, escape="\\"),
                )
            )
        if q.outcome is not None:
            if q.outcome.strip() in PENDING_SPELLINGS:
                stmt = stmt.where(CaseRow.outcome.is_(None))
            else:
                stmt = stmt.where(CaseRow.outcome == v.outcome(q.outcome))
        if q.date_field not in ("created_at", "cast_at"):
            raise InputError("date_field must be 'created_at' or 'cast_at'", field="date_field")
        col = CaseRow.created_at if q.date_field == "created_at" else CaseRow.cast_at
        if q.since is not None:
            stmt = stmt.where(col >= v.utc(q.since, "since"))
        if q.until is not None:
            stmt = stmt.where(col < v.utc(q.until, "until"))
        return stmt

    def list_cases(self, user: User, query: CaseQuery | None = None) -> Page[Case]:
        """Search *user*'s cases (see :class:`CaseQuery`); newest first by default."""
        q = query or CaseQuery()
        if not isinstance(q.limit, int) or not 1 <= q.limit <= MAX_PAGE:
            raise InputError(f"limit must be 1 to {MAX_PAGE}", field="limit")
        if not isinstance(q.offset, int) or q.offset < 0:
            raise InputError("offset must be 0 or more", field="offset")
        if q.order not in ("newest", "oldest"):
            raise InputError("order must be 'newest' or 'oldest'", field="order")
        stmt = self._filtered(user, q)
        with self._read() as s:
            total = s.scalar(select(func.count()).select_from(stmt.subquery())) or 0
            if q.order == "newest":
                stmt = stmt.order_by(CaseRow.created_at.desc(), CaseRow.id.desc())
            else:
                stmt = stmt.order_by(CaseRow.created_at.asc(), CaseRow.id.asc())
            rows = s.scalars(stmt.limit(q.limit).offset(q.offset)).all()
            items = tuple(self._case(r) for r in rows)
        return Page(items=items, total=total, limit=q.limit, offset=q.offset)

    def count_cases(self, user: User) -> int:
        """How many cases *user* has."""
        with self._read() as s:
            return s.scalar(select(func.count()).where(CaseRow.user_id == user.id)) or 0

    # -------------------------------------------------------------- statistics

    def statistics(self, user: User, query: CaseQuery | None = None) -> Stats:
        """Outcome counts per method, fired rule, 課體, 用爻, topic, verdict polarity and key kind (see
        :class:`Stats`).

        With *query*, only the cases it matches are counted (its ``limit``, ``offset`` and ``order`` are
        ignored), e.g. ``CaseQuery(method="liuren", since=…)``.
        """
        chosen = select(
            self._filtered(user, query or CaseQuery()).with_only_columns(CaseRow.id).subquery().c.id
        )
        with self._read() as s:
            cases = s.execute(
                select(CaseRow.id, CaseRow.method, CaseRow.topic, CaseRow.outcome).where(
                    CaseRow.id.in_(chosen)
                )
            ).all()
            rules = s.execute(
                select(CaseRuleRow.case_id, CaseRuleRow.rule_id).where(CaseRuleRow.case_id.in_(chosen))
            ).all()
            keys = s.execute(
                select(CaseKeyRow.case_id, CaseKeyRow.kind, CaseKeyRow.value).where(
                    CaseKeyRow.case_id.in_(chosen)
                )
            ).all()
        outcome_of = {cid: out for cid, _m, _t, out in cases}
        slot = {"應驗": 0, "不驗": 1, "部分": 2, None: 3}

        def tally(counter: Counter[int]) -> Tally:
            return Tally(counter[0], counter[1], counter[2], counter[3])

        def group(pairs: set[tuple[str, str]]) -> dict[str, Tally]:
            counters: dict[str, Counter[int]] = defaultdict(Counter)
            for cid, name in pairs:
                counters[name][slot[outcome_of[cid]]] += 1
            return {name: tally(c) for name, c in sorted(counters.items())}

        overall: Counter[int] = Counter(slot[out] for _c, _m, _t, out in cases)
        by_key_pairs: dict[str, set[tuple[str, str]]] = defaultdict(set)
        for cid, kind, value in keys:
            by_key_pairs[kind].add((cid, value))
        by_key = {kind: group(pairs) for kind, pairs in sorted(by_key_pairs.items())}
        verdicts = by_key.get(VERDICT, {})
        method_of = {cid: m for cid, m, _t, _o in cases}
        rule_methods: dict[str, set[str]] = defaultdict(set)
        for cid, r in rules:
            rule_methods[r].add(method_of[cid])
        return Stats(
            overall=tally(overall),
            by_method=group({(cid, m) for cid, m, _t, _o in cases}),
            by_rule=group({(cid, r) for cid, r in rules}),
            by_ke_ti=by_key.get(KE_TI, {}),
            by_yong_yao=by_key.get(YONG_YAO, {}),
            by_topic=group({(cid, t) for cid, _m, t, _o in cases if t}),
            by_key=by_key,
            rule_methods={r: tuple(sorted(ms)) for r, ms in sorted(rule_methods.items())},
            by_verdict={p: verdicts[p] for p in POLARITIES if p in verdicts},
        )

    # ---------------------------------------------------------- export/import

    def export_json(self, user: User) -> dict[str, Any]:
        """The whole journal of *user* as one JSON document, oldest case first.

        ``import_json`` of this document into an empty journal, then ``export_json``, gives an equal document.
        """
        with self._read() as s:
            rows = s.scalars(
                select(CaseRow)
                .where(CaseRow.user_id == user.id)
                .order_by(CaseRow.created_at.asc(), CaseRow.id.asc())
            ).all()
            cases = [self._case(r).to_json() for r in rows]
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "cases": cases}

    def import_json(self, user: User, data: Mapping[str, Any], *, on_conflict: OnConflict = "error") -> int:
        """Add the cases of an exported document to *user*'s journal, all or nothing; returns how many.

        A case whose id is already taken: ``error`` (default) refuses the whole import with
        :class:`ConflictError`; ``skip`` leaves the stored case and skips it; ``new_id`` stores it under a
        new id.
        """
        if on_conflict not in ("error", "skip", "new_id"):
            raise InputError("on_conflict must be 'error', 'skip' or 'new_id'", field="on_conflict")
        parsed = self._parse_export(data)
        ids = [p[0] for p in parsed]
        with self._write() as s:
            taken: set[str] = set()
            mine: set[str] = set()
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                for cid, owner in s.execute(select(CaseRow.id, CaseRow.user_id).where(CaseRow.id.in_(chunk))):
                    taken.add(cid)
                    if owner == user.id:
                        mine.add(cid)
            if taken and on_conflict == "error":
                if mine:  # name only a case the importer can open; another user's ids never leak
                    raise ConflictError(
                        f"{len(taken)} imported case id(s) exist already (e.g. {sorted(mine)[0]}); "
                        "import with on_conflict='skip' or 'new_id'",
                        field="cases",
                    )
                raise ConflictError(
                    f"{len(taken)} imported case id(s) are in use; import with on_conflict='new_id'",
                    field="cases",
                    code="journal.import_ids_in_use",
                    params={"n": len(taken)},
                )
            n = 0
            for case_id, f, created, updated, outcome in parsed:
                if case_id in taken:
                    if on_conflict == "skip":
                        continue
                    case_id = uuid.uuid4().hex
                s.add(self._row(user, f, case_id, created, updated, outcome))
                n += 1
                if n % 200 == 0:
                    s.flush()
        return n

    def _parse_export(
        self, data: Mapping[str, Any]
    ) -> list[tuple[str, _Fields, datetime, datetime, OutcomeRecord | None]]:
        if not isinstance(data, Mapping):
            raise InputError("an import must be a JSON object exported by xuanheng", field="data")
        unknown = ", ".join(repr(str(k)[:40]) for k in sorted(map(str, data)) if k not in EXPORT_KEYS)[:200]
        if unknown:
            raise InputError(
                f"the import has unknown fields {unknown}: "
                "an export has only 'format', 'version' and 'cases'",
                field="data",
                code="journal.import_unknown_fields",
                params={"fields": unknown},
            )
        if data.get("format") != EXPORT_FORMAT:
            raise InputError(f"format must be {EXPORT_FORMAT!r}", field="format")
        if data.get("version") != EXPORT_VERSION:
            raise InputError(
                f"version {data.get('version')!r} is not supported; "
                f"this journal reads version {EXPORT_VERSION}",
                field="version",
            )
        cases = data.get("cases")
        if not isinstance(cases, list):
            raise InputError("cases must be a list", field="cases")
        if len(cases) > self.limits.import_cases:
            raise LimitError(
                f"the import has {len(cases)} cases; at most {self.limits.import_cases} at once",
                field="cases",
            )
        known = {
            "id", "method", "inputs", "chart", "question", "topic", "tags", "notes", "rule_ids", "keys",
            "cast_at", "created_at", "updated_at", "outcome",
        }  # fmt: skip
        out: list[tuple[str, _Fields, datetime, datetime, OutcomeRecord | None]] = []
        seen: set[str] = set()
        for i, c in enumerate(cases):
            where = f"cases[{i}]"
            try:
                if not isinstance(c, Mapping):
                    raise InputError(f"{where} must be an object", field=where)
                extra = set(c) - known
                if extra:
                    raise InputError(f"{where} has unknown fields {sorted(extra)}", field=where)
                case_id = c.get("id")
                if not isinstance(case_id, str) or not v.CASE_ID_RE.match(case_id):
                    raise InputError(f"{where}.id must be 8–64 letters, digits, _ or -", field=f"{where}.id")
                if case_id in seen:
                    raise InputError(f"{where}.id {case_id} appears twice in the import", field=f"{where}.id")
                seen.add(case_id)
                cast_at = v.parse_time(c.get("cast_at"), f"{where}.cast_at", optional=True)
                f = self._fields(
                    CaseIn(
                        method=c.get("method"),  # type: ignore[arg-type]
                        inputs=c.get("inputs"),  # type: ignore[arg-type]
                        chart=c.get("chart"),  # type: ignore[arg-type]
                        question=c.get("question", ""),
                        topic=c.get("topic", ""),
                        tags=c.get("tags", []),
                        notes=c.get("notes", ""),
                        rule_ids=c.get("rule_ids", []),
                        keys=c.get("keys", {}),
                        cast_at=cast_at,
                    )
                )
                created = v.utc(
                    v.parse_time(c.get("created_at"), f"{where}.created_at"), f"{where}.created_at"
                )
                updated = v.utc(
                    v.parse_time(c.get("updated_at"), f"{where}.updated_at"), f"{where}.updated_at"
                )
                outcome = self._parse_outcome(c.get("outcome"), where)
            except InputError as e:
                if e.field and e.field.startswith(where):
                    raise
                raise type(e)(f"{where}: {e}", field=f"{where}.{e.field}" if e.field else where) from None
            out.append((case_id, f, created, updated, outcome))
        return out

    def _parse_outcome(self, o: object, where: str) -> OutcomeRecord | None:
        if o is None:
            return None
        if not isinstance(o, Mapping) or set(o) - {"result", "note", "at"}:
            raise InputError(
                f"{where}.outcome must be null or {{result, note, at}}", field=f"{where}.outcome"
            )
        at = v.utc(v.parse_time(o.get("at"), f"{where}.outcome.at"), f"{where}.outcome.at")
        return OutcomeRecord(
            v.outcome(o.get("result")),
            v.text(o.get("note", ""), "note", self.limits.outcome_note, multiline=True),
            at,
        )


def _throttled(wait: float) -> ThrottledError:
    seconds = max(1, math.ceil(wait))
    err = ThrottledError(
        f"too many failed logins: wait {seconds} s before trying again",
        field="password",
        code="journal.throttled",
        params={"seconds": seconds},
    )
    err.retry_after = seconds
    return err


def _idempotency_key(key: object) -> str:
    if not isinstance(key, str) or not IDEMPOTENCY_KEY_RE.match(key):
        raise InputError(
            "Idempotency-Key must be 1 to 128 printable ASCII characters without spaces",
            field="idempotency_key",
            code="journal.idempotency_key",
        )
    return key


__all__ = ["ENV_MULTI_USER", "EXPORT_FORMAT", "EXPORT_VERSION", "LOCAL_USER_NAME", "Journal", "OnConflict"]
