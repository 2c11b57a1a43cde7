"""One validation per HTTP request (issue 26, "a smaller contract"): a request to ``/api/<method>`` is checked
by the method's ``Params`` alone (``frontend.cast_params``, as on the command line and the MCP tools); the
plug-in's pydantic model only documents it (OpenAPI, ``/api/methods``). Each value is converted once — also
when the server draws a seed — and no pydantic model validates the request."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.params import Param, Params
from xuanheng.web.registry import FrontEnd, plugins

JKJ = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
STUDY = {"day": "丁卯", "yue_jiang": "亥", "hour": "丑"}


class _Watched:
    """Stands for a request model's pydantic validator and counts its uses (the model documents only)."""

    def __init__(self, real: Any, uses: Counter[str]) -> None:
        self._real, self._uses = real, uses

    def __getattr__(self, name: str) -> Any:
        self._uses[name] += 1
        return getattr(self._real, name)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Counter[str]]]:
    """Counts, per parameter name, each conversion (``Param.convert``, the one check of a value), each
    construction of a ``Params``, and each use of the validator of a web request model (every model made
    on the web's ``FrontEnd``, the pydantic models of the method endpoints)."""
    calls: dict[str, Counter[str]] = {"convert": Counter(), "params": Counter(), "model": Counter()}
    convert, init = Param.convert, Params.__init__

    def counting_convert(self: Param, value: Any) -> Any:
        calls["convert"][self.name] += 1
        return convert(self, value)

    def counting_init(self: Params, **values: Any) -> None:
        calls["params"][type(self).__name__] += 1
        init(self, **values)

    monkeypatch.setattr(Param, "convert", counting_convert)
    monkeypatch.setattr(Params, "__init__", counting_init)
    plugins()
    for model in FrontEnd.__subclasses__():
        watched = _Watched(model.__pydantic_validator__, calls["model"])
        monkeypatch.setattr(model, "__pydantic_validator__", watched)
    yield calls


@pytest.mark.parametrize("verb", ["GET", "POST"])
@pytest.mark.parametrize(
    ("method", "values", "drawn"),
    [
        ("jinkoujue", {**JKJ, "difen": "random", "lang": "ko"}, {"seed"}),  # the server draws a seed
        ("liuyao", {**JKJ, "coins": True, "topic": "財"}, {"seed"}),
        ("liuren", {**STUDY, "shehai": "mengzhongji", "jiang": "zhongqi", "yaoke_first": True}, set()),
        ("calendar", {**JKJ, "lon": "１２１．５", "lat": 31.2, "true_solar": "true"}, set()),
    ],
)
def test_each_value_is_validated_once_per_request(
    client: TestClient,
    counted: dict[str, Counter[str]],
    verb: str,
    method: str,
    values: dict[str, Any],
    drawn: set[str],
) -> None:
    r = (
        client.get(f"/api/{method}", params=values)
        if verb == "GET"
        else client.post(f"/api/{method}", json=values)
    )
    assert r.status_code == 200, r.text
    aliases = {"jiang": "yue_jiang_rule", "yaoke_first": "bazhuan_first"}
    given = {aliases.get(k, k) for k in values if k != "lang"} | drawn
    assert counted["convert"] == Counter(dict.fromkeys(given, 1)), counted["convert"]
    assert sum(counted["params"].values()) == 1, counted["params"]
    assert not counted["model"], counted["model"]


def test_a_memo_hit_is_validated_once_too(client: TestClient, counted: dict[str, Counter[str]]) -> None:
    q = {**JKJ, "difen": "申"}
    assert client.get("/api/jinkoujue", params=q).status_code == 200
    counted["convert"].clear()
    counted["params"].clear()
    r = client.get("/api/jinkoujue/svg", params=q)  # the same chart, from the memo
    assert r.status_code == 200
    assert counted["convert"] == Counter({"at": 1, "tz": 1, "difen": 1})
    assert sum(counted["params"].values()) == 1 and not counted["model"]


def test_what_params_accepts_the_api_accepts(client: TestClient) -> None:
    """Full-width digits, a language in any letter case: the method's Params reads them (the command line
    and the MCP tools always did); a second validator in front of it refused them."""
    base = client.get("/api/jinkoujue", params={**JKJ, "difen": "random", "seed": 42}).json()
    wide = client.get("/api/jinkoujue", params={**JKJ, "difen": "random", "seed": "４２", "lang": "ZH-HANT"})
    assert wide.status_code == 200, wide.text
    assert wide.json() == base


@pytest.mark.parametrize("verb", ["GET", "POST"])
@pytest.mark.parametrize(
    ("values", "field", "code"),
    [
        ({**JKJ, "difen": "申", "gui_shen_plate": "x"}, "gui_shen_plate", "option.unknown_value"),
        ({**JKJ, "difen": "申", "seed": -1}, "seed", "value.int_out_of_range"),
        ({**JKJ, "difen": "申", "nosuch": 1}, "nosuch", "param.unknown"),
        ({**JKJ, "difen": "申", "true_solar": "maybe"}, "true_solar", "value.not_bool"),
        ({**JKJ, "difen": "申", "lang": "fr"}, "lang", "lang.unknown"),
        ({**JKJ, "difen": "申", "now": "sometimes"}, "now", "value.not_bool"),
        ({**JKJ, "difen": "申", "at": "2026-03-10T21:00" + "0" * 40}, "at", "value.too_long"),
        ({**JKJ, "difen": "申", "jiang": "zhongqi", "yue_jiang_rule": "jie"}, "jiang", "param.unknown"),
    ],
)
def test_a_bad_value_answers_422_with_its_code_in_the_readers_language(
    client: TestClient, verb: str, values: dict[str, Any], field: str, code: str
) -> None:
    q = {**values, "lang": values.get("lang", "ko")}
    # an error is said in the language of the query's lang, else of Accept-Language (the page sends both)
    ko = {"accept-language": "ko"}
    r = (
        client.get("/api/jinkoujue", params=q)
        if verb == "GET"
        else client.post("/api/jinkoujue", json=q, headers=ko)
    )
    assert r.status_code == 422, r.text
    body = r.json()
    err = body["error"]
    assert (err["status"], err["field"], err["code"]) == (422, field, code), err
    assert set(err) == {"status", "field", "message", "code", "params", "text"}
    assert body["detail"][0]["loc"][-1] == field
    if q["lang"] == "ko":
        assert err["text"] != err["message"] and any("\uac00" <= ch <= "\ud7a3" for ch in err["text"])
