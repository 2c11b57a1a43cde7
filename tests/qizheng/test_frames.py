"""The palace frames (option ``gong_frame``): the 30° palaces from the equinox and the palaces fixed to the
mansions of the old charts.

Oracle: 《星學大成》卷一〈約二十八宿過宮度數歌〉 (四庫全書本; read in the Kanripo text KR3g0041, 卷一), which
says at which degree of which mansion each palace begins. Its twelve entries are written below as data from
the book (not read from the package's table), and every boundary is re-derived here from them and the chart's
own mansion starts: a palace begins that many 古度 (365¼ to the circle) into its mansion and ends where the
next palace in longitude begins. The 星案 of 賈似道 (《星學大成》卷二十五: 立命玄枵 子, 安身析木 寅, 羅空戌地,
木廟寅宮, 一火在丑, 二十六後大限入寅) is the case the frame is for: with 30° palaces from the equinox its 羅
falls in 酉.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.qizheng import METHOD, cast
from xuanheng.qizheng.cast import life
from xuanheng.qizheng.xian import plan, xian_du

#: the song, palace by palace: (palace, mansion, 古度 entered) — 氐一過卯 尾三寅 斗三丑 女一子 危十二亥
#: 奎一戌 胃三酉 畢六申 井八未 柳三午 張十四巳 軫九辰
SONG = [
    ("卯", "氐", 1),
    ("寅", "尾", 3),
    ("丑", "斗", 3),
    ("子", "女", 1),
    ("亥", "危", 12),
    ("戌", "奎", 1),
    ("酉", "胃", 3),
    ("申", "畢", 6),
    ("未", "井", 8),
    ("午", "柳", 3),
    ("巳", "張", 14),
    ("辰", "軫", 9),
]
XIU_NAMES = "角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫"
GU = 365.25 / 360.0  # 古度 per degree of 360

JIA_SIDAO = {"at": "1213-09-01T16:00", "tz": "+08:00", "lon": 121.0, "lat": 29.1}


def song_starts(c: Any) -> dict[int, float]:
    """Where each palace begins (branch → longitude) by the song, on chart *c*'s mansions."""
    start = {b.xiu: b.start for b in c.xiu_bounds}
    return {BRANCHES.index(p): (start[XIU_NAMES.index(x)] + du / GU) % 360.0 for p, x, du in SONG}


def palace_by_song(starts: dict[int, float], lon: float) -> int:
    """The palace holding *lon*: the last palace start passed going forward in longitude."""
    return min(starts, key=lambda b: (lon - starts[b]) % 360.0)


def width(starts: dict[int, float], b: int) -> float:
    return (starts[(b - 1) % 12] - starts[b]) % 360.0


def test_song_is_a_frame() -> None:
    """Twelve palaces, each branch once, following one another round the circle in the branch order."""
    assert sorted(BRANCHES.index(p) for p, _, _ in SONG) == list(range(12))
    c = cast(**JIA_SIDAO, gong_frame="sidereal")
    s = song_starts(c)
    assert sum(width(s, b) for b in range(12)) == pytest.approx(360.0)
    assert all(15.0 < width(s, b) < 45.0 for b in range(12))


def test_jia_sidao_under_the_mansion_frame() -> None:
    c = cast(**JIA_SIDAO, gong_frame="sidereal")
    assert BRANCHES[c.ming_gong.branch] == "子"  # 立命玄枵
    assert BRANCHES[c.shen_gong.branch] == "寅"  # 安身析木
    assert BRANCHES[c.yao_named("羅").gong] == "戌"  # 羅空戌地
    assert BRANCHES[c.yao_named("木").gong] == "寅"  # 木廟寅宮
    assert BRANCHES[c.yao_named("火").gong] == "丑"  # 一火在丑
    t = cast(**JIA_SIDAO)  # the 30° palaces from the equinox: 羅 in 酉, as the old note said
    assert t.options["gong_frame"] == "tropical" and BRANCHES[t.yao_named("羅").gong] == "酉"
    # 二十六後大限入寅: with the 命宮 term of fifteen years (first_term = fixed) the 限 reaches 寅 after 25
    # full years, in the 26th year of age, whichever frame
    for frame in ("sidereal", "tropical"):
        rows = life(cast(**JIA_SIDAO, gong_frame=frame), xian_options={"first_term": "fixed"}).timeline[
            "da_xian"
        ]
        row = next(r for r in rows if r["branch"] == "寅")
        assert row["start_age"] == pytest.approx(25.0, abs=0.01)


def _charts() -> list[Any]:
    rng = random.Random(29_4)
    out = []
    start = datetime(1300, 1, 1, tzinfo=UTC)
    for i in range(24):
        at = start + timedelta(days=rng.uniform(0, 900 * 365.25))
        xiu = ("jin", "gu", "gu_precessed")[i % 3]
        lon, lat = rng.uniform(-180, 180), rng.uniform(-55, 55)
        ming = ("mao", "asc", "sunrise")[i % 3]
        shen = ("moon", "you", "dui")[(i // 3) % 3]
        out.append(
            cast(
                at,
                lon=lon,
                lat=lat,
                gong_frame="sidereal",
                xiu=xiu,
                ming_gong=ming,
                shen_gong=shen,
                ming_du="sun",
            )
        )
    return out


@pytest.fixture(scope="module")
def charts() -> list[Any]:
    return _charts()


def test_every_palace_from_the_song(charts: list[Any]) -> None:
    """Each 曜's palace, the 命宮 (by the 卯 rule, re-counted here from the Sun's palace), the ascendant's
    palace, the 身宮 by the Moon and the 過宮 points, all from the song's boundaries."""
    for c in charts:
        s = song_starts(c)
        for y in c.yao:
            assert y.gong == palace_by_song(s, y.lon), (c.when, y.name)
        sun = palace_by_song(s, c.yao_named("日").lon)
        moon = palace_by_song(s, c.yao_named("月").lon)
        hour = c.calendar.pillars.hour.branch
        rule = c.options["ming_gong"]
        if rule == "mao":
            assert c.ming_gong.branch == (sun + 3 - hour) % 12  # the hour on the Sun's palace, counted to 卯
        elif rule == "asc":
            assert c.ming_gong.branch == palace_by_song(s, c.ascendant)
        srule = c.options["shen_gong"]
        if srule == "moon":
            assert c.shen_gong.branch == moon
        elif srule == "you":
            assert c.shen_gong.branch == (moon + hour - 9) % 12
        else:
            assert c.shen_gong.branch == (c.ming_gong.branch + 6) % 12
        # the 命度 stands at the share of the 命宮 the Sun has reached in its own palace (與日同絡)
        m = c.ming_gong.branch
        share = ((c.yao_named("日").lon - s[sun]) % 360.0) / width(s, sun)
        assert ((c.ming_gong.lon - s[m]) % 360.0) / width(s, m) == pytest.approx(share, abs=1e-9)
        assert palace_by_song(s, c.ming_gong.lon) == m
        # each palace's 過宮 point is the song's mansion and degree
        for p in c.gong:
            _, x, du = next(e for e in SONG if e[0] == BRANCHES[p.branch])
            assert XIU_NAMES[p.crossing.xiu] == x and p.crossing.du == pytest.approx(du / GU, abs=1e-9)


def test_da_xian_runs_through_each_palace(charts: list[Any]) -> None:
    """The 洞微 限度 enters each 大限's palace at its far cusp and leaves it at its start: the palace's own
    stretch of the ecliptic in its term (unequal palaces: unequal speeds)."""
    for c in charts[:8]:
        s = song_starts(c)
        p = plan(c)
        for k in range(12):
            b = (c.ming_gong.branch + k) % 12
            top = xian_du(p, p.starts[k] + 1e-3)
            end = xian_du(p, p.starts[k + 1] - 1e-3)
            assert top is not None and end is not None
            cusp = s[b] + width(s, b)
            assert abs((top - cusp + 180.0) % 360.0 - 180.0) < 1e-4
            assert palace_by_song(s, end) == b and palace_by_song(s, (top - 1e-6) % 360.0) == b


def test_tropical_is_thirty_degrees_from_the_equinox(charts: list[Any]) -> None:
    """The default: palace of λ is (10 − ⌊λ/30⌋) mod 12, whatever the mansions."""
    for c in charts[:6]:
        t = cast(c.when, lon=c.lon, lat=c.lat, xiu=c.options["xiu"])
        for y in t.yao:
            assert y.gong == (10 - int(y.lon // 30.0)) % 12


def test_the_option_reaches_every_front_end(tmp_path: Any) -> None:
    """Declared once (params.toml): --gong-frame on the command line, gong_frame in the API and MCP."""
    import io
    import json
    from contextlib import redirect_stdout

    from fastapi.testclient import TestClient

    from xuanheng.cli.main import main
    from xuanheng.mcp.server import run_tool
    from xuanheng.mcp.tools import ToolSet
    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    assert "gong_frame" in METHOD.params.by_name()
    out = io.StringIO()
    with redirect_stdout(out):
        rc = main(["qizheng", "--at", JIA_SIDAO["at"], "--tz", "+08:00", "--lon", "121", "--lat", "29.1",
                   "--gong-frame", "sidereal", "--json"])  # fmt: skip
    doc = json.loads(out.getvalue())
    assert not rc and doc["options"]["gong_frame"] == "sidereal"
    assert next(y for y in doc["yao"] if y["name"] == "羅")["gong"] == "戌"
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 40, multi_user=False)
    with TestClient(create_app(settings)) as client:
        r = client.get("/api/qizheng", params={**JIA_SIDAO, "gong_frame": "sidereal"})
        assert r.status_code == 200, r.text
        assert next(y for y in r.json()["yao"] if y["name"] == "羅")["gong"] == "戌"
        assert client.get("/api/qizheng", params={**JIA_SIDAO, "gong_frame": "x"}).status_code == 422
    res = run_tool(ToolSet(), "qizheng", {**JIA_SIDAO, "gong_frame": "sidereal"})
    assert not res.is_error
    assert next(y for y in res.structured_content["yao"] if y["name"] == "羅")["gong"] == "戌"
