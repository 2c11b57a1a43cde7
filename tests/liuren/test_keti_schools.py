"""The 課體 options of issue 28 item 6 (zhu_yin, san_qi, bi_kou, yin_yi): each definition re-stated here
from its book, on characters, with no code of ``liuren.keti``, and checked over the 720 課 (× 晝夜 where it
looks at the 天將); a chart where it applies and one where it just misses; and a sample of
《御定六壬直指》's own 課體 lists (``data/yuding_keti.toml``), by default and with the options.

A 局 "第N局" of 《御定》 is the 課 whose 天盤 stands N − 1 places back: cast here at hour 子 with
月將 = 子 − (N − 1).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.liuren import cast

ZHI = "子丑寅卯辰巳午未申酉戌亥"
GAN = "甲乙丙丁戊己庚辛壬癸"
YUDING = {"zhu_yin": "yuding", "san_qi": "yi_bing_ding", "bi_kou": "xuan_wu", "yin_yi": "forms"}
NAMES = {"鑄印", "三奇", "閉口", "泆女", "狡童"}
SAMPLE = tomllib.loads((Path(__file__).parent / "data" / "yuding_keti.toml").read_text("utf-8"))["ju"]


def _ju(day: str, n: int, day_night: str = "day", **opts: str) -> Any:
    return cast(day=day, yue_jiang=ZHI[(1 - n) % 12], hour="子", day_night=day_night, **opts)  # type: ignore[arg-type]


def _names(c: Any) -> set[str]:
    return {k.name for k in c.ke_ti}


def _gz(i: int) -> str:
    return GAN[i % 10] + ZHI[i % 12]


def _chuan(c: Any) -> str:
    return "".join(ZHI[x.branch] for x in c.san_chuan)


def _jiang(c: Any, i: int) -> str:
    return str(TIAN_JIANG[c.san_chuan[i].tian_jiang])


def _seat(c: Any, b: str) -> str:
    """The 地盤 branch under the 天盤 branch *b*."""
    return next(ZHI[d] for d in range(12) if ZHI[c.tian_pan[d]] == b)


def _xun(day: str) -> tuple[str, str]:
    """旬首 and 旬尾 branches of the day: the 旬 starts where 甲 falls, nine branches before its 癸."""
    head = (ZHI.index(day[1]) - GAN.index(day[0])) % 12
    return ZHI[head], ZHI[(head + 9) % 12]


def _hidden(day: str, b: str) -> str | None:
    """遁干 of branch *b* in the day's 旬 (None for the two 空 branches)."""
    k = (ZHI.index(b) - ZHI.index(_xun(day)[0])) % 12
    return GAN[k] if k < 10 else None


# --- 鑄印 ---------------------------------------------------------------------------------------------
def test_zhu_yin_yuding_over_the_720() -> None:
    """《御定》: 戌 standing on 巳, and 巳 and 戌 both among the 三傳 (the 中傳 or not)."""
    n = 0
    for d in range(60):
        for off in range(12):
            c = cast(day=d, yue_jiang=off, hour=0, zhu_yin="yuding")
            ch = _chuan(c)
            want = _seat(c, "戌") == "巳" and "巳" in ch and "戌" in ch
            assert ("鑄印" in _names(c)) == want, (_gz(d), off, ch)
            n += want
    assert n > 17  # the 《大全》 reading (戌 on 巳 as the 中傳) fires on 17 of the 720


def test_zhu_yin_applies_and_just_misses() -> None:
    # 甲子日第八局 (戌 on 巳): 三傳 子巳戌, 戌 the 末傳 — 鑄印 for 《御定》, not for 《大全》 (中傳 巳)
    c = _ju("甲子", 8, zhu_yin="yuding")
    assert _chuan(c) == "子巳戌" and "鑄印" in _names(c)
    assert "鑄印" not in _names(_ju("甲子", 8))
    # the same 局 of a day whose 三傳 leave 巳 out: 戌 still stands on 巳, but it is no 鑄印
    for d in range(60):
        c = cast(day=d, yue_jiang=5, hour=0, zhu_yin="yuding")
        if "巳" not in _chuan(c):
            assert _seat(c, "戌") == "巳" and "鑄印" not in _names(c)
            break
    else:
        raise AssertionError("no 戌加巳 課 without 巳 in its 三傳")


# --- 三奇 ---------------------------------------------------------------------------------------------
def test_san_qi_yi_bing_ding_over_the_720() -> None:
    """《御定》: the three 傳 hide 乙, 丙 and 丁 (遁干 of the day's 旬), in any order."""
    n = 0
    for d in range(60):
        for off in range(12):
            c = cast(day=d, yue_jiang=off, hour=0, san_qi="yi_bing_ding")
            hidden = [_hidden(_gz(d), b) for b in _chuan(c)]
            want = set(hidden) == {"乙", "丙", "丁"}
            assert ("三奇" in _names(c)) == want, (_gz(d), off, hidden)
            n += want
    assert n > 0


def test_san_qi_applies_and_just_misses() -> None:
    # 己巳日第二局: 三傳 卯寅丑 hide 丁 丙 乙 (甲子旬) — the book's own 三奇
    c = _ju("己巳", 2, san_qi="yi_bing_ding")
    assert _chuan(c) == "卯寅丑" and "三奇" in _names(c)
    # 己巳日第三局: 丑 (the 旬奇 of 甲子旬) enters, the stems are 乙 and two others — 三奇 only by default
    c = _ju("己巳", 3, san_qi="yi_bing_ding")
    assert "丑" in _chuan(c) and "三奇" not in _names(c)
    assert "三奇" in _names(_ju("己巳", 3))


# --- 閉口 ---------------------------------------------------------------------------------------------
def test_bi_kou_xuan_wu_over_the_720_by_day_and_night() -> None:
    """《大全》〈閉口課〉: the 旬尾 on the 旬首 as 發用; or the 發用 carries 玄武 and is the 旬首 or stands on
    it."""
    for d in range(0, 60, 3):
        head, tail = _xun(_gz(d))
        for off in range(12):
            for dn in ("day", "night"):
                c = cast(day=d, yue_jiang=off, hour=0, day_night=dn, bi_kou="xuan_wu")
                chu = ZHI[c.chu]
                old = chu == tail and _seat(c, chu) == head
                new = _jiang(c, 0) == "玄武" and head in (chu, _seat(c, chu))
                assert ("閉口" in _names(c)) == (old or new), (_gz(d), off, dn)
                assert [k.name for k in c.ke_ti].count("閉口") <= 1


def test_bi_kou_applies_and_just_misses() -> None:
    # 甲子日第九局: 辰 carrying 玄武 stands on 子 (the 旬首) and starts the 傳 — 《御定》 names it 閉口
    c = _ju("甲子", 9, bi_kou="xuan_wu")
    assert ZHI[c.chu] == "辰" and _jiang(c, 0) == "玄武" and "閉口" in _names(c)
    assert "閉口" not in _names(_ju("甲子", 9))
    # 甲子日第二局: 子, the 旬首 itself, starts the 傳 but carries 天后 (day) or 白虎 (night): no 閉口
    for dn in ("day", "night"):
        c = _ju("甲子", 2, dn, bi_kou="xuan_wu")
        assert ZHI[c.chu] == "子" and _jiang(c, 0) != "玄武" and "閉口" not in _names(c)


# --- 泆女 and 狡童 -------------------------------------------------------------------------------------
def test_yin_yi_forms_over_the_720_by_day_and_night() -> None:
    """《大全》〈淫泆課〉: 泆女 — the 三傳 open with 天后 and close with 六合; 狡童 — the reverse."""
    for d in range(0, 60, 2):
        for off in range(12):
            for dn in ("day", "night"):
                c = cast(day=d, yue_jiang=off, hour=0, day_night=dn, yin_yi="forms")
                first, last = _jiang(c, 0), _jiang(c, 2)
                assert ("泆女" in _names(c)) == (first == "天后" and last == "六合"), (_gz(d), off, dn)
                assert ("狡童" in _names(c)) == (first == "六合" and last == "天后"), (_gz(d), off, dn)
                plain = cast(day=d, yue_jiang=off, hour=0, day_night=dn)
                assert not _names(plain) & {"泆女", "狡童"}
                assert _names(c) - {"泆女", "狡童"} == _names(plain)


def test_yin_yi_forms_apply_and_just_miss() -> None:
    # 甲子日第五局 by day: 戌 六合, 午 白虎, 寅 天后 — 狡童 (the book names it)
    c = _ju("甲子", 5, "day", yin_yi="forms")
    assert [_jiang(c, i) for i in range(3)] == ["六合", "白虎", "天后"] and "狡童" in _names(c)
    # by night 天后 moves to the 中傳 (六合 白虎 → 六合 天后 白虎): neither form
    c = _ju("甲子", 5, "night", yin_yi="forms")
    assert _jiang(c, 1) == "天后" and not _names(c) & {"泆女", "狡童"}


# --- the defaults keep the old definitions -------------------------------------------------------------
def test_defaults_are_the_old_definitions() -> None:
    for day, n in (("甲子", 8), ("己巳", 2), ("甲子", 9), ("甲子", 5)):
        for dn in ("day", "night"):
            a = _ju(day, n, dn)
            b = _ju(day, n, dn, zhu_yin="zhong", san_qi="xun_qi", bi_kou="xun_wei", yin_yi="yong")
            assert a.ke_ti == b.ke_ti


# --- 《御定》's own lists ------------------------------------------------------------------------------
def _yuding_names(ju: dict[str, Any], opts: dict[str, str]) -> set[str]:
    got: set[str] = set()
    for dn in ("day", "night"):
        got |= _names(_ju(ju["day"], ju["n"], dn, **opts))
    return got & NAMES


@pytest.mark.parametrize("ju", SAMPLE, ids=lambda j: f"{j['day']}{j['n']}")
def test_yuding_sample_with_the_options(ju: dict[str, Any]) -> None:
    book = set(ju["ke_ti"].split()) & NAMES
    got = _yuding_names(ju, YUDING)
    if "residual" in ju:
        assert got != book, f"{ju['day']} 第{ju['n']}局 now agrees: drop its residual"
    else:
        assert got == book, (ju["day"], ju["n"], sorted(got), sorted(book))


def test_yuding_sample_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """How many sampled 局 name exactly the book's 鑄印 三奇 閉口 泆女 狡童, and how many of the 5 × 局 yes/no
    answers agree: by default and with the options."""

    def figures(opts: dict[str, str]) -> tuple[int, int]:
        whole = answers = 0
        for j in SAMPLE:
            book, got = set(j["ke_ti"].split()) & NAMES, _yuding_names(j, opts)
            whole += book == got
            answers += sum((n in book) == (n in got) for n in NAMES)
        return whole, answers

    plain, opted = figures({}), figures(YUDING)
    with capsys.disabled():
        print(
            f"\n《御定》 sample: {len(SAMPLE)} 局 ({5 * len(SAMPLE)} answers); agree by default {plain}, "
            f"with the options {opted}"
        )
    assert (len(SAMPLE), plain, opted) == (54, (32, 246), (46, 261))


# --- the 課體 the 邵彥和 casebook names ------------------------------------------------------------------
def test_shao_casebook_ke_ti(capsys: pytest.CaptureFixture[str]) -> None:
    """The 課體 each case of ``casebook/shao.toml`` names is among the engine's (either 涉害 school): by
    default and with the 《御定》 options. 邵彥和's 〈宅墓〉 case 10 (庚寅日 寅將酉時, 子巳戌, 戌 on 巳) is a
    鑄印 with 戌 the 末傳, as 《御定》 reads it; the 8 left are 課體 the chart does not compute (亂首 四絕
    天獄 極陰 涉三淵)."""
    cases = tomllib.loads((Path(__file__).parent / "casebook" / "shao.toml").read_text("utf-8"))["case"]
    named = [c for c in cases if "ke_ti" in c and "disagree" not in c]

    def has(c: dict[str, Any], opts: dict[str, str]) -> bool:
        got: set[str] = set()
        for school in ("depth", "mengzhongji"):
            dn = c.get("day_night", "day")
            ch = cast(
                day=c["day"], yue_jiang=c["yue_jiang"], hour=c["hour"], day_night=dn, shehai=school, **opts
            )
            got |= _names(ch)
        return c["ke_ti"] in got

    plain = sum(has(c, {}) for c in named)
    opted = sum(has(c, YUDING) for c in named)
    with capsys.disabled():
        print(
            f"\n邵彥和 casebook 課體: {len(named)} named; engine has {plain} by default, {opted} with options"
        )
    assert (len(named), plain, opted) == (94, 85, 86)
    sh06 = next(c for c in named if c["id"] == "sh-06")
    assert not has(sh06, {}) and has(sh06, {"zhu_yin": "yuding"})
