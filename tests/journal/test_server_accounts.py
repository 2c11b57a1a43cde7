"""What an internet-facing journal server needs of the journal, on SQLite and PostgreSQL: sessions kept in the
database (revoked by logout, by "log out everywhere" and by a new password; ended by idle time and age), a
login throttle every worker shares, idempotent saves, password strength, search dates at the calendar's
limits refused (not overflowing), and imports that refuse unknown fields and never name another user's
case."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from xuanheng.errors import InputError
from xuanheng.journal import AuthError, CaseIn, CaseQuery, ConflictError, Journal, ThrottledError
from xuanheng.journal import validate as v

T0 = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
DAY = 24 * 3600


def test_sessions_end_by_logout_everywhere_idle_and_age(multi: Journal) -> None:
    alice = multi.create_user("alice", "alice password")
    a1 = multi.create_session(alice, now=T0)
    a2 = multi.create_session(alice, now=T0)
    ok = {"idle": 3 * DAY, "max_age": 14 * DAY}
    assert multi.session_user(a1, now=T0, **ok) == alice
    assert multi.revoke_session(a1, now=T0) is True
    assert multi.session_user(a1, now=T0, **ok) is None  # a captured cookie answers nothing after logout
    assert multi.revoke_session(a1, now=T0) is False
    assert multi.session_user(a2, now=T0, **ok) == alice
    # idle: unused for more than three days
    assert multi.session_user(a2, now=T0 + timedelta(days=2), **ok) == alice  # seen: the idle clock restarts
    assert multi.session_user(a2, now=T0 + timedelta(days=4, hours=1), **ok) == alice
    assert multi.session_user(a2, now=T0 + timedelta(days=7, hours=2), **ok) is None
    # absolute age: at most fourteen days whatever the use
    a3 = multi.create_session(alice, now=T0)
    for day in range(1, 14):
        assert multi.session_user(a3, now=T0 + timedelta(days=day), **ok) == alice
    assert multi.session_user(a3, now=T0 + timedelta(days=14, minutes=1), **ok) is None
    # everywhere
    b1, b2 = multi.create_session(alice), multi.create_session(alice)
    assert multi.revoke_sessions(alice) == 4  # b1, b2 and the expired a2, a3
    assert multi.session_user(b1, **ok) is None and multi.session_user(b2, **ok) is None
    # a new password ends every session
    c1 = multi.create_session(alice)
    multi.set_password(alice, "a new long password")
    assert multi.session_user(c1, **ok) is None
    assert multi.session_user("x" * 40, **ok) is None


def test_login_throttle_backs_off_per_account_and_is_shared(multi: Journal, db_url: str) -> None:
    multi.create_user("alice", "alice password")
    t = T0
    for _ in range(5):  # five free failures
        with pytest.raises(AuthError):
            multi.login("alice", "wrong", address="203.0.113.7", now=t)
    with pytest.raises(AuthError):  # the sixth fails and starts the back-off (1 s)
        multi.login("alice", "wrong", address="203.0.113.7", now=t)
    # another worker (another Journal on the same database) sees the block: even the right password waits
    other = Journal.open(db_url, multi_user=True)
    try:
        with pytest.raises(ThrottledError) as e:
            other.login("alice", "alice password", address="198.51.100.1", now=t)
        assert e.value.retry_after == 1 and e.value.code == "journal.throttled"
        # each further failure doubles the wait
        waits = []
        for _ in range(4):
            t += timedelta(seconds=e.value.retry_after)
            with pytest.raises(AuthError):
                other.login("ALICE", "wrong", now=t)
            with pytest.raises(ThrottledError) as e:
                other.login("alice", "alice password", now=t)
            waits.append(e.value.retry_after)
        assert waits == [2, 4, 8, 16]
        t += timedelta(seconds=16)
        assert other.login("alice", "alice password", now=t).name == "alice"  # and the account starts afresh
        with pytest.raises(AuthError):
            other.login("alice", "wrong", now=t)
        assert other.login("alice", "alice password", now=t).name == "alice"
    finally:
        other.close()


def test_login_throttle_per_address(multi: Journal) -> None:
    for i in range(21):  # 20 free failures from one address, over many names
        with pytest.raises(AuthError):
            multi.login(f"user{i}", "wrong", address="203.0.113.9", now=T0)
    with pytest.raises(ThrottledError):
        multi.login("someone", "wrong", address="203.0.113.9", now=T0)
    with pytest.raises(AuthError):  # another address is not held up
        multi.login("someone", "wrong", address="203.0.113.10", now=T0)
    # failures are forgotten after an hour
    with pytest.raises(AuthError):
        multi.login("someone", "wrong", address="203.0.113.9", now=T0 + timedelta(hours=2))


def test_idempotency_key_saves_once(journal: Journal) -> None:
    me = journal.local_user()
    case = CaseIn(method="liuren", inputs={"at": "2026-03-10T21:00"}, chart={"x": 1})
    first = journal.save_case(me, case, idempotency_key="retry-1")
    again = journal.save_case(me, case, idempotency_key="retry-1")
    assert again.id == first.id and journal.count_cases(me) == 1
    other = journal.save_case(me, case, idempotency_key="retry-2")
    assert other.id != first.id and journal.count_cases(me) == 2
    journal.delete_case(me, first.id)  # a deleted case frees its key
    assert journal.save_case(me, case, idempotency_key="retry-1").id != first.id
    for bad in ("", "with space", "x" * 129, "é"):
        with pytest.raises(InputError) as e:
            journal.save_case(me, case, idempotency_key=bad)
        assert e.value.code == "journal.idempotency_key"


@pytest.mark.parametrize(
    "password",
    ["12345678", "password", "Password1", "qwerty123", "aaaaaaaaaaaa", "0123456789012345", "alice"],
)
def test_weak_passwords_refused(password: str) -> None:
    with pytest.raises(InputError) as e:
        v.password(password, v.Limits(), name="Alice" if password == "alice" else None)
    assert e.value.field == "password"


def test_weak_password_refused_by_the_journal(multi: Journal) -> None:
    with pytest.raises(InputError):
        multi.create_user("mallory", "12345678")
    with pytest.raises(InputError):
        multi.create_user("mallory1", "Mallory1")  # the name itself
    assert multi.create_user("mallory", "a phrase of my own").name == "mallory"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("since", datetime(1, 1, 1, tzinfo=UTC).replace(tzinfo=None)),  # naive: refused as before
        ("since", datetime.fromisoformat("0001-01-01T00:00:00+14:00")),
        ("until", datetime.fromisoformat("9999-12-31T23:59:59-12:00")),
    ],
)
@pytest.mark.parametrize("date_field", ["created_at", "cast_at"])
def test_search_dates_beyond_the_calendar_are_refused(
    journal: Journal, field: str, value: datetime, date_field: str
) -> None:
    me = journal.local_user()
    q = CaseQuery(**{field: value}, date_field=date_field)  # type: ignore[arg-type]
    with pytest.raises(InputError) as e:
        journal.list_cases(me, q)
    assert e.value.field == field
    with pytest.raises(InputError):
        journal.statistics(me, q)
    # the limits themselves are fine
    journal.list_cases(me, CaseQuery(since=datetime.fromisoformat("0001-01-01T00:00:00+00:00")))
    journal.list_cases(me, CaseQuery(until=datetime.fromisoformat("9999-12-31T23:59:59+00:00")))


def test_import_refuses_unknown_fields_and_never_names_anothers_case(multi: Journal) -> None:
    alice = multi.create_user("alice", "alice password")
    bob = multi.create_user("bob", "bob password")
    a = multi.save_case(alice, CaseIn(method="liuren", inputs={}, chart={"x": 1}))
    export = multi.export_json(alice)
    with pytest.raises(InputError) as e:
        multi.import_json(bob, {**export, "extra": 1})
    assert e.value.code == "journal.import_unknown_fields"
    with pytest.raises(ConflictError) as c:
        multi.import_json(bob, export)
    assert a.id not in str(c.value) and c.value.code == "journal.import_ids_in_use"
    with pytest.raises(ConflictError) as c:  # the owner is told which of their cases
        multi.import_json(alice, export)
    assert a.id in str(c.value)
    assert multi.import_json(bob, export, on_conflict="new_id") == 1
    # an import's times beyond the calendar are refused, not overflowing
    case = {**export["cases"][0], "id": "z" * 12, "created_at": "0001-01-01T00:00:00+14:00"}
    with pytest.raises(InputError) as e:
        multi.import_json(bob, {**export, "cases": [case]})
    assert e.value.code == "journal.time_range"
