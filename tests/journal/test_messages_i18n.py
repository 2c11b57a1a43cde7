"""The journal's refusals are said in the reader's language (ko, zh-Hant, zh-Hans), through the catalogue
of xuanheng.i18n, with the field named by its label; the English text is the library's, unchanged.

Each case raises the error for real (the validators, the service, the command line and the HTTP API); a
message counts as said when the catalogue recognises it and its rendering keeps no English words beyond
the tokens a reader types or reads as they are (JSON, ISO-8601, option values, the echoed input)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from xuanheng.errors import XuanhengError
from xuanheng.i18n import messages
from xuanheng.journal import CaseQuery, Journal
from xuanheng.journal import validate as v
from xuanheng.journal.service import LOCAL_USER_NAME

LANGS = ("ko", "zh-Hant", "zh-Hans")
#: words that stay as they are in every language (formats, option values, names of the program)
KEPT = {
    "JSON", "ISO", "UTF", "NUL", "XUANHENG_SIGNUP", "xuanheng", "jinkoujue", "liuren", "format", "lang",
    "Idempotency", "ASCII",  # the name of an HTTP header, a character set
    "json", "none",  # the file name of the import cases
    "on_conflict", "error", "skip", "new_id", "zhongqi", "ying_yan", "bu_yan", "bu_fen", "clear",  # values
}  # fmt: skip
LIMITS = v.Limits()


def _english_words(text: str) -> list[str]:
    text = re.sub(r"'[^']*'|--[\w-]+", "", text)  # echoed values and flags stay as typed
    return [w for w in re.findall(r"[A-Za-z_]{4,}", text) if w not in KEPT]


def _raised(fn: Callable[[], Any]) -> XuanhengError:
    try:
        fn()
    except XuanhengError as e:
        return e
    raise AssertionError("no error")


#: (what is refused, the call that refuses it, the field it names)
VALIDATOR_CASES: list[tuple[str, Callable[[], Any], str]] = [
    ("not text", lambda: v.text(5, "question", 10, multiline=True), "question"),
    ("too long", lambda: v.text("問" * 20, "question", 10, multiline=True), "question"),
    ("surrogate", lambda: v.text("a\ud800", "notes", 10, multiline=True), "notes"),
    ("control, multi-line", lambda: v.text("a\x01", "notes", 10, multiline=True), "notes"),
    ("control, one line", lambda: v.text("a\n", "tags[0]", 10, multiline=False), "tags[0]"),
    ("blank label", lambda: v.label("  ", "tags[0]", 10), "tags[0]"),
    ("labels not a list", lambda: v.labels("財", "tags", each=5, count=2), "tags"),
    ("too many labels", lambda: v.labels(["1", "2", "3"], "tags", each=5, count=2), "tags"),
    ("bad method", lambda: v.method("六壬"), "method"),
    ("bad outcome", lambda: v.outcome("中"), "outcome"),
    ("not a timestamp", lambda: v.parse_time(5, "cast_at"), "cast_at"),
    ("bad timestamp", lambda: v.parse_time("2026-13-01", "cast_at"), "cast_at"),
    ("not an object", lambda: v.json_doc([1], "inputs", 100, 5), "inputs"),
    ("too big", lambda: v.json_doc({"a": "x" * 200}, "inputs", 100, 5), "inputs"),
    ("too deep", lambda: v.json_doc({"a": {"b": {"c": 1}}}, "inputs", 1000, 1), "inputs.a.b"),
    ("bad user name", lambda: v.user_name("甲 乙", LIMITS), "name"),
    ("password not text", lambda: v.password(5, LIMITS), "password"),
    ("password length", lambda: v.password("1234", LIMITS), "password"),
    ("password character", lambda: v.password("12345678\x00", LIMITS), "password"),
    ("password common", lambda: v.password("12345678", LIMITS), "password"),
    ("password is the name", lambda: v.password("Alice123", LIMITS, "alice123"), "password"),
    ("not aware", lambda: v.query_time("2026-03-01T00:00:00", "since"), "since"),
    ("before year 1 in UTC", lambda: v.query_time("0001-01-01T00:00:00+14:00", "since"), "since"),
    ("after year 9999 in UTC", lambda: v.query_time("9999-12-31T23:59:59-12:00", "until"), "until"),
]


def _check(e: XuanhengError, field: str | None = None) -> None:
    code, _ = messages.describe(e)
    assert code is not None, f"not catalogued: {e}"
    for lang in LANGS:
        text = messages.localize_error(e, lang)
        assert text != str(e), (lang, str(e))
        assert not _english_words(text), (lang, text, _english_words(text))
    assert messages.localize_error(e, "en") == str(e)


@pytest.mark.parametrize(("what", "call", "field"), VALIDATOR_CASES, ids=[c[0] for c in VALIDATOR_CASES])
def test_validator_refusals_are_said_in_each_language(what: str, call: Callable[[], Any], field: str) -> None:
    e = _raised(call)
    assert e.field == field
    _check(e)


def test_field_labels_of_the_journal() -> None:
    e = _raised(lambda: v.text("問" * 20, "question", 10, multiline=True))
    assert messages.localize_error(e, "ko").startswith("질문이 20자로 너무 깁니다")
    assert messages.localize_error(e, "zh-Hant").startswith("所問有 20 字")
    assert messages.localize_error(e, "zh-Hans").startswith("所问有 20 字")


def test_service_refusals_are_said_in_each_language(tmp_path: Path) -> None:
    j = Journal.open(f"sqlite:///{tmp_path / 'j.db'}", multi_user=True)
    try:
        alice = j.create_user("alice", "alice password")
        _check(_raised(lambda: j.create_user("alice", "another password")))  # taken
        _check(_raised(lambda: j.user_by_name("carol")))
        _check(_raised(lambda: j.get_case(alice, "abc")))  # not a case id
        _check(_raised(lambda: j.get_case(alice, "12345678")))  # no such case
        _check(_raised(j.local_user))  # multi-user: log in
        _check(_raised(lambda: j.import_json(alice, [])))
        _check(_raised(lambda: j.import_json(alice, {"format": "other"})))
        export = j.export_json(alice)
        _check(_raised(lambda: j.import_json(alice, {**export, "version": 99})))
        _check(_raised(lambda: j.create_user(LOCAL_USER_NAME, "a long password")))  # reserved
        _check(_raised(lambda: j.get_user(99999)))
        _check(_raised(lambda: j.import_json(alice, {**export, "comment": 1})))  # unknown field
        _check(_raised(lambda: j.create_user("bob", "bob")))  # too short
        for _ in range(6):
            _raised(lambda: j.login("alice", "wrong"))
        _check(_raised(lambda: j.login("alice", "alice password")))  # throttled
        from xuanheng.journal import CaseIn

        case = j.save_case(alice, CaseIn(method="liuren", inputs={}, chart={"x": 1}))
        bob = j.create_user("bob", "bob password")
        _check(_raised(lambda: j.import_json(bob, j.export_json(alice))))  # ids in use, none named
        _check(
            _raised(
                lambda: j.save_case(bob, CaseIn(method="liuren", inputs={}, chart={}), idempotency_key=" ")
            )
        )
        assert case.id
    finally:
        j.close()
    single = Journal.open(f"sqlite:///{tmp_path / 's.db'}", multi_user=False)
    try:
        _check(_raised(lambda: single.delete_user(single.local_user())))
        small = Journal.open(
            f"sqlite:///{tmp_path / 's.db'}", multi_user=False, limits=v.Limits(import_cases=1)
        )
        try:
            doc = {**small.export_json(small.local_user()), "cases": [{}, {}]}
            _check(_raised(lambda: small.import_json(small.local_user(), doc)))  # too many at once
        finally:
            small.close()
    finally:
        j.close()


def _cli(argv: list[str]) -> tuple[int, str]:
    from xuanheng.cli.main import main

    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:
            rc = int(e.code or 0)
    return rc, err.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_command_line_refusals_in_each_language(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XUANHENG_DB_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    at = ["--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai"]
    cases = [
        ["journal", "outcome", "ab", "應驗"],  # id too short
        ["jinkoujue", *at],  # argparse: --difen is required
        ["liuren", *at, "--bogus", "1"],  # argparse: unrecognised
        ["qizheng", *at, "--xiu"],  # argparse: a value expected
        ["liuren", *at, "--yue-jiang", "亥"],  # 月將 in study mode only
        ["liuren", *at, "--day", "甲子"],  # an instant and study mode at once
        ["journal", "list", "--limit", "0"],
        ["journal", "list", "--limit", "x"],  # argparse: not an int
    ]
    cases += [
        ["journal", "import", "none.json"],  # no such file
        ["journal", "import", "none.json", "--on-conflict", "zz"],  # argparse: a choice
        ["journal", "remove-user", "local"],  # the local user stays
    ]
    rc, _ = _cli(["liuren", *at, "--save"])  # a case to record outcomes on
    assert rc == 0
    j = Journal.open(f"sqlite:///{tmp_path / 'cli.db'}")
    try:
        case_id = j.list_cases(j.local_user(), CaseQuery()).items[0].id[:8]
    finally:
        j.close()
    cases += [["journal", "outcome", case_id], ["journal", "outcome", case_id, "應驗", "--clear"]]
    for argv in cases:
        rc, err = _cli([*argv, "--lang", lang])
        message = err.split(": ", 1)[1].removeprefix("error: ")
        assert rc == 2 and not _english_words(message), (argv, err)
        assert "--lang" not in message, (argv, err)  # the command takes --lang (argparse did not refuse it)
        rc_en, err_en = _cli(argv)
        assert rc_en == 2 and err_en != err, argv  # English without --lang, as argparse writes it
    assert "the following arguments are required: --difen" in _cli(["jinkoujue", *at])[1]


def test_http_length_limits_in_the_readers_language(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    settings = Settings(db_url=f"sqlite:///{tmp_path / 'w.db'}", secret="s" * 32)
    with TestClient(create_app(settings)) as c:
        body = {"method": "liuren", "inputs": {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}}
        r = c.post("/api/journal/cases", params={"lang": "ko"}, json={**body, "question": "問" * 5000})
        assert r.status_code == 422 and r.json()["error"]["text"].startswith("질문: 최대"), r.json()
        r = c.post("/api/journal/cases", params={"lang": "zh-Hant"}, json={**body, "tags": ["1"] * 300})
        assert r.status_code == 422 and r.json()["error"]["text"].startswith("標籤：最多"), r.json()
        r = c.post("/api/journal/cases", params={"lang": "ko"}, json={**body, "question": "a\x01"})
        assert r.status_code == 422 and r.json()["error"]["text"].startswith("질문에 제어 문자"), r.json()
        r = c.get("/api/nosuch", params={"lang": "ko"})  # the 404 of the app, in the request's language
        assert (
            r.status_code == 404
            and r.json()["error"]["text"]
            == "'/api/nosuch' 경로는 없습니다. 있는 경로는 /openapi.json에서 보세요."
        )
    multi = Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}", secret="s" * 32, multi_user=True)
    with TestClient(create_app(multi)) as c:  # sign-up is closed without XUANHENG_SIGNUP
        r = c.post(
            "/api/signup",
            json={"name": "alice", "password": "alice password"},
            headers={"Accept-Language": "zh-TW"},
        )
        assert r.status_code == 401 and r.json()["error"]["text"].startswith("此伺服器不開放註冊"), r.json()
