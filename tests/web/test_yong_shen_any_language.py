"""``yong_shen`` as a user types it, on the API (branch ux6): the six 六親 (and 世, 應) in Korean, in either
Chinese script or in English were refused (``부모``: "unknown value"); they are taken by the same mechanism as
the persons of ``about`` (labels and aliases, ``reading.judgment.spellings``). Anything else is refused in the
request's language, the refused value shown."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.conftest import run_cli

CAST = {"at": "2026-03-10T21:00", "tz": "Asia/Seoul", "lines": "778876"}

# what a practitioner types → the 六親 line the judgment must read
TYPED = {
    "부모": "父母",
    "처재": "妻財",
    "관귀": "官鬼",
    "형제": "兄弟",
    "자손": "子孫",
    "妻财": "妻財",
    "父母爻": "父母",
    "처재효": "妻財",
    "Parents": "父母",
}


@pytest.mark.parametrize(("typed", "liu_qin"), list(TYPED.items()))
def test_api_takes_the_six_relations_in_any_language(client: TestClient, typed: str, liu_qin: str) -> None:
    r = client.get("/api/liuyao", params={**CAST, "yong_shen": typed, "lang": "ko"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["reading_options"]["yong_shen"] == liu_qin
    assert doc["judgment"]["yong_shen"]["liu_qin"] == liu_qin


@pytest.mark.parametrize(("lang", "said"), [("ko", "용신"), ("zh-Hant", "用神")])
def test_api_refuses_anything_else_in_the_language(client: TestClient, lang: str, said: str) -> None:
    r = client.get("/api/liuyao", params={**CAST, "yong_shen": "부", "lang": lang})
    assert r.status_code == 422
    text = str(r.json())
    assert said in text and "'부'" in text


def test_cli_takes_korean_yong_shen() -> None:
    cast = ["liuyao", "--at", CAST["at"], "--tz", CAST["tz"], "--lines", "778876"]
    rc, out, err = run_cli([*cast, "--yong-shen", "처재", "--json"])
    assert rc == 0, err
    assert '"yong_shen": "妻財"' in out
