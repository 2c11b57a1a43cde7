"""The HTTP API's side of branch ux14's fixes (issues 27–29): what the page reads from a document, in the
reader's language; each test failed before its fix.

- 六爻: the judgment's ``yong_shen.line`` names the 用神's line (삼효, 三爻, line 3; 사효 아래 for a hidden
  one), which the page prints where it wrote ``初二三四五上`` + 爻 in every language.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

#: written here from the Korean reading of 初 二 三 四 五 上 and 爻 (초 이 삼 사 오 상, 효)
KO = ("초효", "이효", "삼효", "사효", "오효", "상효")
ZH = ("初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
LY = {"day": "甲子", "month": "寅", "lines": "789678"}
HIDDEN = {"day": "丁卯", "month": "酉", "lines": "877888", "topic": "病", "about": "子女"}


def test_the_liuyao_focus_names_its_line_in_the_requests_language(client: TestClient) -> None:
    for topic in ("官", "病"):
        got = {}
        for lang in ("ko", "zh-Hant", "zh-Hans", "en"):
            r = client.get("/api/liuyao", params={**LY, "topic": topic, "lang": lang})
            assert r.status_code == 200, r.text
            got[lang] = r.json()["judgment"]["yong_shen"]
        p = got["ko"]["position"]
        assert isinstance(p, int)
        assert got["ko"]["line"] == KO[p - 1]
        assert got["zh-Hant"]["line"] == got["zh-Hans"]["line"] == ZH[p - 1]
        assert got["en"]["line"] == f"line {p}"
    # the POST answers the same
    r = client.post("/api/liuyao", json={**HIDDEN, "lang": "ko"})
    y = r.json()["judgment"]["yong_shen"]
    assert y["hidden"] and y["under"] == 4 and y["line"] == "사효 아래", y


def test_the_page_prints_the_line_the_document_names() -> None:
    """The page's judgment box takes the focus's line from the document (``y.line``), no longer from a
    table of hanja of its own."""
    from importlib import resources

    js = resources.files("xuanheng.web").joinpath("static", "app.js").read_text("utf-8")
    assert "初二三四五上" not in js
    assert "y.line" in js
