"""One validation per HTTP request (issue 26, "a smaller contract"): a request to ``/api/<method>`` is checked
by the method's ``Params`` alone (``frontend.cast_params``, as on the command line and the MCP tools); the
plug-in's pydantic model only documents it (OpenAPI, ``/api/methods``). Each value is converted once — also
when the server draws a seed — and no pydantic model validates the request. Then the refusal of a parameter
the cast's mode does not use (``mode.unused``), which the web now shares with the command line and the MCP
tools: it names the parameter as the API spells it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.errors import XuanhengError
from xuanheng.params import Param, Params
from xuanheng.web.registry import FrontEnd, plugins

JKJ = {"at": "2026-03-10T21:00", "tz": "Asia/Shanghai"}
STUDY = {"day": "丁卯", "yue_jiang": "亥", "hour": "丑"}
YAO_STUDY = {"day": "甲子", "month": "寅", "lines": "789678"}


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


# ----------------------------------------------------------------------- a parameter the mode does not use
@pytest.mark.parametrize("verb", ["GET", "POST"])
@pytest.mark.parametrize(
    ("method", "values", "named"),
    [
        ("liuren", {**STUDY, "tz": "Asia/Shanghai"}, "tz"),
        ("liuren", {**STUDY, "lon": 121.5, "lat": 31.2}, "lon, lat"),
        ("liuren", {**STUDY, "jiang": "jie"}, "yue_jiang_rule"),  # an older name: the API's own name said
        ("liuren", {**STUDY, "true_solar": True}, "true_solar"),
        ("liuyao", {**YAO_STUDY, "tz": "UTC", "day_boundary": "00:00"}, "tz, day_boundary"),
        ("liuyao", {**JKJ, "lines": "789678", "day": "甲子"}, "day"),  # an instant: no study inputs
    ],
)
def test_the_api_refuses_a_parameter_the_mode_does_not_use(
    client: TestClient, verb: str, method: str, values: dict[str, Any], named: str
) -> None:
    q = {**values, "lang": "ko"}
    ko = {"accept-language": "ko"}
    r = (
        client.get(f"/api/{method}", params=q)
        if verb == "GET"
        else client.post(f"/api/{method}", json=q, headers=ko)
    )
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["code"] == "mode.unused" and err["params"]["flags"] == named, err
    assert err["field"] == named.split(",")[0] and "--" not in err["message"]
    assert (
        named in err["text"] and "mode" not in err["text"]
    )  # said in Korean, parameters as the API spells them


def test_study_inputs_with_an_instant_answer_422_naming_at(client: TestClient) -> None:
    for extra in ({"at": "2026-03-10T21:00"}, {"now": "true"}):
        r = client.get("/api/liuren", params={**STUDY, **extra})
        assert r.status_code == 422 and r.json()["error"]["field"] == "at", r.text


def test_a_default_value_is_not_refused_and_study_mode_casts(client: TestClient) -> None:
    """The page's permalink or a journal case may carry an option at its default: that is no refusal."""
    plain = client.get("/api/liuren", params=STUDY)
    assert plain.status_code == 200 and plain.json()["inputs"]["day"] == "丁卯"
    same = client.get(
        "/api/liuren", params={**STUDY, "true_solar": "false", "jiang": "zhongqi", "now": "false"}
    )
    assert same.status_code == 200 and same.json() == plain.json()


@pytest.mark.parametrize(
    ("method", "values"),
    [("liuren", {**STUDY, "tz": "Asia/Shanghai"}), ("liuyao", {**YAO_STUDY, "lon": 120, "lat": 30})],
)
def test_the_mcp_tools_refuse_alike(client: TestClient, method: str, values: dict[str, Any]) -> None:
    from xuanheng.mcp.tools import cast_document
    from xuanheng.methods import registry

    api = client.get(f"/api/{method}", params=values).json()["error"]
    with pytest.raises(XuanhengError) as got:
        cast_document(registry()[method], values)
    assert (got.value.code, got.value.field, str(got.value)) == (api["code"], api["field"], api["message"])
