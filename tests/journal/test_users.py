"""Accounts: single local user by default; with multi-user mode, password users who each see only their own
journal — never another's case through get, edit, delete, outcome, search, statistics or export."""

from __future__ import annotations

import pytest

from xuanheng.errors import InputError
from xuanheng.journal import (
    AccessDeniedError,
    AuthError,
    CaseIn,
    CasePatch,
    ConflictError,
    Journal,
    NotFoundError,
)
from xuanheng.journal.passwords import hash_password, verify_password


def _case(j: Journal, user, **kw):  # type: ignore[no-untyped-def]
    return j.save_case(
        user,
        CaseIn(method="liuren", inputs={}, chart={}, rule_ids=["RX"], keys={"ke_ti": ["元首課"]}, **kw),
    )


def test_local_user_is_stable(journal: Journal, db_url: str) -> None:
    a = journal.local_user()
    assert a.is_local and a.name == "local"
    assert journal.local_user() == a
    with Journal.open(db_url) as again:
        assert again.local_user() == a


def test_multi_user_refuses_the_local_user(multi: Journal) -> None:
    with pytest.raises(AuthError):
        multi.local_user()


def test_env_flag_turns_on_multi_user(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XUANHENG_MULTI_USER", "1")
    with Journal.open(db_url) as j:
        assert j.multi_user
    monkeypatch.setenv("XUANHENG_MULTI_USER", "0")
    with Journal.open(db_url) as j:
        assert not j.multi_user


def test_create_and_authenticate(multi: Journal) -> None:
    alice = multi.create_user("alice", "correct horse")
    assert multi.authenticate("alice", "correct horse") == alice
    assert multi.authenticate("alice", "wrong password") is None
    assert multi.authenticate("nobody", "correct horse") is None
    assert multi.authenticate("alice", "") is None
    assert multi.get_user(alice.id) == alice
    for taken in ("alice", "ALICE", "ａｌｉｃｅ"):  # case and full-width forms are the same name
        with pytest.raises(ConflictError) as e:
            multi.create_user(taken, "another password")
        assert e.value.field == "name"
    assert multi.authenticate("ａｌｉｃｅ", "correct horse") == alice
    multi.set_password(alice, "new password 2")
    assert multi.authenticate("alice", "correct horse") is None
    assert multi.authenticate("alice", "new password 2") == alice
    with pytest.raises(NotFoundError):
        multi.get_user(99999)


def test_local_user_cannot_log_in(journal: Journal) -> None:
    journal.local_user()
    assert journal.authenticate("local", "") is None
    assert journal.authenticate("local", "anything at all") is None


@pytest.mark.parametrize(
    ("name", "password", "field"),
    [
        ("", "long enough", "name"),
        ("has space", "long enough", "name"),
        ("<script>", "long enough", "name"),
        ("x" * 65, "long enough", "name"),
        ("bob", "short", "password"),
        ("bob", "x" * 1025, "password"),
        ("bob", "surrogate \ud800 pw", "password"),
    ],
)
def test_bad_user_input(multi: Journal, name: str, password: str, field: str) -> None:
    with pytest.raises(InputError) as e:
        multi.create_user(name, password)
    assert e.value.field == field


def test_password_hash_format_and_salt() -> None:
    h1, h2 = hash_password("secret pw"), hash_password("secret pw")
    assert h1 != h2  # random salt
    assert h1.startswith("scrypt$16384$8$1$")
    assert verify_password("secret pw", h1) and verify_password("secret pw", h2)
    assert not verify_password("secret pW", h1)
    assert not verify_password("secret pw", "garbage")
    assert not verify_password("secret pw", "scrypt$1$2$3$!!$!!")


def test_users_cannot_reach_each_other(multi: Journal) -> None:
    alice = multi.create_user("alice", "alice password")
    bob = multi.create_user("bob", "bob password")
    a = _case(multi, alice, question="alice's secret", tags=["private"])
    b = _case(multi, bob, question="bob's")
    multi.record_outcome(alice, a.id, "應驗")

    for attempt in (
        lambda: multi.get_case(bob, a.id),
        lambda: multi.update_case(bob, a.id, CasePatch(notes="pwned")),
        lambda: multi.delete_case(bob, a.id),
        lambda: multi.record_outcome(bob, a.id, "不驗"),
        lambda: multi.clear_outcome(bob, a.id),
    ):
        with pytest.raises(AccessDeniedError):
            attempt()
    # AccessDeniedError is a NotFoundError, so a handler for "not found" also hides other users' cases
    assert issubclass(AccessDeniedError, NotFoundError)

    assert multi.get_case(alice, a.id).notes == ""
    assert multi.get_case(alice, a.id).outcome is not None
    assert [c.id for c in multi.list_cases(bob).items] == [b.id]
    from xuanheng.journal import CaseQuery

    assert multi.list_cases(bob, CaseQuery(text="secret")).total == 0
    assert multi.list_cases(bob, CaseQuery(tag="private")).total == 0
    sb = multi.statistics(bob)
    assert sb.overall.total == 1 and sb.overall.judged == 0
    assert sb.by_rule["RX"].total == 1 and sb.by_ke_ti["元首課"].ying_yan == 0
    assert [c["id"] for c in multi.export_json(bob)["cases"]] == [b.id]
    assert multi.statistics(alice).overall.ying_yan == 1


def test_import_cannot_take_over_another_users_case(multi: Journal) -> None:
    alice = multi.create_user("alice", "alice password")
    bob = multi.create_user("bob", "bob password")
    _case(multi, alice, question="alice's")
    doc = multi.export_json(alice)
    with pytest.raises(ConflictError):
        multi.import_json(bob, doc)
    assert multi.import_json(bob, doc, on_conflict="skip") == 0
    assert multi.import_json(bob, doc, on_conflict="new_id") == 1
    (copy,) = multi.list_cases(bob).items
    assert copy.id != doc["cases"][0]["id"]
    assert multi.list_cases(alice).total == 1


def test_delete_user_takes_their_cases_only(multi: Journal) -> None:
    alice = multi.create_user("alice", "alice password")
    bob = multi.create_user("bob", "bob password")
    _case(multi, alice)
    _case(multi, alice)
    b = _case(multi, bob)
    assert multi.delete_user(alice) == 2
    assert multi.authenticate("alice", "alice password") is None
    assert [u.name for u in multi.list_users()] == ["bob"]
    assert multi.get_case(bob, b.id).id == b.id
    assert multi.statistics(bob).overall.total == 1
    with pytest.raises(NotFoundError):
        multi.delete_user(alice)


def test_move_local_cases_to_an_account(db_url: str) -> None:
    with Journal.open(db_url) as single:
        me = single.local_user()
        c = _case(single, me)
        with pytest.raises(AccessDeniedError):
            single.delete_user(me)
    with Journal.open(db_url, multi_user=True) as multi:
        alice = multi.create_user("alice", "alice password")
        assert multi.list_cases(alice).total == 0
        assert multi.move_cases(me, alice) == 1
        assert multi.get_case(alice, c.id).id == c.id
        with pytest.raises(AccessDeniedError):
            multi.get_case(me, c.id)
