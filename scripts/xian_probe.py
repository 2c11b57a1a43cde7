"""Probe rules for the 七政四餘 限 against the 星案 casebook, before any of them goes into the judgment.

For each stretch of ages a 星案 judges (``tests/qizheng/casebook/zheng.toml``, the dev split unless
``--split holdout`` is given: tune on dev only), each candidate rule gives, year by year over the stretch,
a score; its mean says good (> 0) or bad (< 0). The probe prints, for each candidate, how often that sign
agrees with the book's good/bad stretch and how often it goes against it (mixed stretches and a zero score
are left out), and the 限 agreement of the judgment when the candidate's mean is added to the score of the
大限 (or 童限) the stretch is judged by, as the judge would weigh it (bounds of ``[threshold] xian``).

The candidates are the rules the books give for the years inside a 大限 (docs/qizheng-judgment.md, "What
was tried for the years inside a 大限"): the 小限 palace (卷七〈論洞微行年小限〉) and the 流年 palace
(卷四〈括蒼二十字例〉 流), each read as a 限's palace is (``judgment._xian_palace``); the master of the
mansion the 限度 stands in, 恩/用 +1 and 難/仇 −1 to the 命主 (003-014), and its strength; the natal 曜 the
限度 meets within five degrees, by the verse of 卷七〈論遊年星辰入命限〉 (紫羅金木 +1, 孛計火土 −1); the
流曜 over the 大限's palace (木 炁 +1, 土 計 孛 −1: the slow 曜 the books watch); the year of a change of
大限 (交限) read by the 大限 on the other side of it; and from 《張果星宗》卷二 the 大限's lord 逆 留 or
伏, the 化曜 on the 大限's palace, and the helping spirits (貴人 祿勳 唐符 國印) on it; from 《星學大成》
卷四〈看星節要八十一條〉, 向明: the birth's own (day or night) stars on the 大限's palace, or on its 三方四正;
from 卷二十九〈喬拗淵微〉 (失躔為凶), the 大限's lord 失躔 by mansion (the reading's word ``shi_chan``).

Run ``PYTHONPATH=src python scripts/xian_probe.py [--split dev|holdout] [--xiu jin|gu|gu_precessed]
[--first-term ten|nine|fixed]`` (the default first term since branch qz-xian12: nine). It measures; it
changes nothing.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: the verse of 卷七〈論遊年星辰入命限〉 (the judgment's JI / XIONG hold the lights too; here as the verse)
VERSE_GOOD = frozenset("紫炁羅金木")
VERSE_BAD = frozenset("孛計火土")
TRANSIT_GOOD = frozenset("木炁")
TRANSIT_BAD = frozenset("土計孛")
#: the ten 化曜 (《張果星宗》卷二〈變曜〉 and the verse of each): 祿 福 蔭 貴 印 權 help, 暗 耗 刑 囚 harm
#: (天刑 限臨必主身不全; 天暗 吉星化凶; 天耗 財帛化為空; 天囚 膿血傷殘)
HUA_GOOD = frozenset("祿福蔭貴印權")
HUA_BAD = frozenset("暗耗刑囚")
#: the helping palace spirits of 卷二 (天乙 玉堂 the 貴人, 祿勳, 唐符 國印: 身命逢之膺顯爵)
GOOD_SPIRITS = ("tian_yi", "yu_tang", "lu_xun", "tang_fu", "guo_yin")
#: the motions that keep a lord from giving its good whole (003-026, 003-033, 003-039)
_SLOW = frozenset(("逆", "留", "伏"))


def _accuracy() -> Any:
    spec = importlib.util.spec_from_file_location("accuracy", ROOT / "scripts" / "accuracy.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["accuracy"] = mod
    spec.loader.exec_module(mod)
    return mod


#: the 星案 files the probes read: the study files only (``blind2.toml`` is the lead's measure, never read)
STUDY_FILES = ("zheng.toml", "blind.toml")


def study_cases() -> list[dict[str, Any]]:
    """The 星案 of the study files, dev and holdout rows only."""
    import tomllib

    out: list[dict[str, Any]] = []
    for name in STUDY_FILES:
        with (ROOT / "tests" / "qizheng" / "casebook" / name).open("rb") as f:
            out += [c for c in tomllib.load(f)["case"] if c["split"] in ("dev", "holdout")]
    return out


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


def stretches(split: str, xiu: str = "jin", first_term: str = "nine") -> list[dict[str, Any]]:
    """Each stretch of the split: the book's polarity, the score the judge gives its 大限 (or 童限), and
    per year of the stretch the values the candidates read; the chart cast with the mansion system *xiu*
    and the 限 run with the first term *first_term* (school options: the 限度's mansions and the 大限's
    ages move with them)."""
    from xuanheng.core.ganzhi import BRANCHES
    from xuanheng.qizheng import cast
    from xuanheng.qizheng import xian as X
    from xuanheng.qizheng._reading_ctx import YAO_ELEMENT
    from xuanheng.qizheng.ennan import role_of
    from xuanheng.qizheng.judgment import _chart_state, _xian_total
    from xuanheng.qizheng.xiu import XIU

    acc = _accuracy()
    out = []
    for case in study_cases():
        if case["split"] != split:
            continue
        lon, lat = case.get("place", acc.PLACE)
        c = cast(case["birth"], tz="+08:00", lon=lon, lat=lat, sex=case["sex"], xiu=xiu)
        row = acc.judge_qizheng(case, {"first_term": first_term})
        ctx, memo = _chart_state(c, {})
        zhu = ctx.roles["命主"][0]
        du_lord = XIU[c.ming_gong.xiu.xiu].qiyao  # the 度主: the 七曜 of the 命度's mansion
        p = X.plan(c, first_term=first_term)
        total = {b: _xian_total(ctx, b, zhu, memo) for b in range(12)}
        for x, judged in zip(case["xian"], row.xian, strict=True):
            a, b = x["ages"]
            years = []
            for n in range(a, b + 1):
                t = p.birth + (n - 0.5) * acc.YEAR_S
                k = X._da_index(p, t)
                du = X.xian_du(p, t)
                if k is None or du is None:
                    continue
                da = (p.ming + k) % 12
                master = XIU[X._xiu_at(p, du)].qiyao
                role = role_of(zhu, master) if master != zhu else None
                du_role = role_of(du_lord, master) if master != du_lord else None
                near = [y.name for y in c.yao if abs((y.lon - du + 180.0) % 360.0 - 180.0) <= 5.0]
                when = datetime.fromtimestamp(t, tz=c.when.tzinfo)
                over = [y["name"] for y in X.liu_yao(c, when) if BRANCHES.index(y["branch"]) == da]
                edge = min(abs(t - s) for s in p.starts[1:-1]) / acc.YEAR_S
                other = k + 1 if t > (p.starts[k] + p.starts[k + 1]) / 2 else k - 1
                years.append(
                    {
                        "xiao": total[BRANCHES.index(X.xiao_xian_at(p, t)["branch"])],
                        "liu": total[BRANCHES.index(X.liu_nian_at(p, t)["branch"])],
                        "du_zhu": 1 if role in ("en", "yong") else -1 if role in ("nan", "chou") else 0,
                        "du_zhu_du": 1
                        if du_role in ("en", "yong")
                        else -1
                        if du_role in ("nan", "chou")
                        else 0,
                        "du_zhu_strength": ctx.strength(master),
                        "meet": sum((y in VERSE_GOOD) - (y in VERSE_BAD) for y in near),
                        "transit": sum((y in TRANSIT_GOOD) - (y in TRANSIT_BAD) for y in over),
                        "jiao": _sign(total[(p.ming + other) % 12]) if edge <= 1.0 and 0 <= other < 12 else 0,
                        "ying_song": sum(
                            (y in VERSE_GOOD or y in "日月") - (y in VERSE_BAD)
                            for o in (1, -1)
                            for y in ctx.by_branch[(da + o) % 12]
                        ),
                        "ling": _season_state(ctx.season, YAO_ELEMENT[ctx.zhu[da]]),
                        "nan_ke": _nan_ke(ctx, da),
                        "du_sheng": _du_sheng(c, du, X._xiu_at(p, du)),
                        "lord_motion": -1 if ctx.motion.get(ctx.zhu[da], frozenset()) & _SLOW else 0,
                        "lord_shi_chan": _shi_chan(ctx, ctx.zhu[da]),
                        "hua": sum(
                            (h in HUA_GOOD) - (h in HUA_BAD)
                            for h, y in c.hua_yao.items()
                            if y in ctx.by_branch[da]
                        ),
                        "good_spirits": sum(da in ctx.spirit_branches.get(k, ()) for k in GOOD_SPIRITS),
                        "xiang_ming": _xiang_ming(ctx, (da,)),
                        "xiang_ming_zhao": _xiang_ming(ctx, tuple((da + o) % 12 for o in (0, 4, 6, 8))),
                    }
                )
            # the 大限's own sum (its section is named by palace and branch), else the 童限's verdict as ±1
            label = judged.section
            if label[-1:] in BRANCHES:
                base = total[BRANCHES.index(label[-1])]
            else:
                base = {"good": 1, "bad": -1, "mixed": 0, "—": 0}[judged.judged]
            out.append({"id": case["id"], "book": x["polarity"], "base": base, "years": years})
    return out


#: the element of each season's 令 (《張果星宗》卷二〈五行四時例〉), in generating order 木 火 土 金 水
_SEASON_E = {"春": 0, "夏": 1, "季": 2, "秋": 3, "冬": 4}


def _season_state(season: str, e: int) -> int:
    """+1 when element *e* is 旺 or 相 in the birth season, −1 when 囚 or 死 (〈五行四時例〉; 卷八〈怒失令〉:
    a 限's lord out of season brings trouble), 0 when 休."""
    s = _SEASON_E[season]
    if e in (s, (s + 1) % 5):
        return 1
    return 0 if (e + 1) % 5 == s else -1


def _nan_ke(ctx: Any, da: int) -> int:
    """−1 when the 難 (the lord of the 疾厄, the 八殺 palace: 卷八〈值難枵〉) overcomes the 大限's lord and
    stands in the 三方四正 of its palace (〈八格賦〉夭格: 殺難克限宮), else 0."""
    from xuanheng.core.wuxing import overcomes
    from xuanheng.qizheng._reading_ctx import ASPECT_OF, YAO_ELEMENT

    nan = ctx.zhu[ctx.gong_branch["疾厄"]]
    lord = ctx.zhu[da]
    if nan == lord or not overcomes(YAO_ELEMENT[nan], YAO_ELEMENT[lord]):
        return 0
    return -1 if (ctx.yao_b[nan] - da) % 12 in ASPECT_OF else 0


def _du_sheng(c: Any, du: float, xiu: int) -> int:
    """卷四〈分金論〉's plain rule (which it then qualifies): the 限度's mansion element producing the 命度's
    mansion element is good (受生), the 命度's producing the 限度's (窃氣) or overcoming each other bad."""
    from xuanheng.qizheng.xiu import XIU

    el = "木火土金水"
    qy = {"日": "火", "月": "水"}
    m = XIU[c.ming_gong.xiu.xiu].qiyao
    x = XIU[xiu].qiyao
    a, b = el.index(qy.get(x, x)), el.index(qy.get(m, m))
    if (a + 1) % 5 == b:
        return 1
    if (b + 1) % 5 == a or (a + 2) % 5 == b or (b + 2) % 5 == a:
        return -1
    return 0


def _shi_chan(ctx: Any, y: str) -> int:
    """−1 when the 曜 *y* stands in a mansion whose 七曜's element overcomes its own (失躔, as the stars
    《星學大成》卷二十九〈喬拗淵微〉 calls 失躔 stand: 失躔為凶), else 0 — the reading's word ``shi_chan``."""
    from xuanheng.qizheng._reading_ctx import Ctx
    from xuanheng.qizheng._reading_vocab import VOCAB

    assert isinstance(ctx, Ctx)
    return -1 if VOCAB.specs["shi_chan"].fn(ctx, [y], {}) else 0


#: 向明 (《星學大成》卷四〈看星節要八十一條〉「向明」): the stars a birth by day, or by night, wants on its
#: 限 — by night 火 金 月, by day 日 木 土 水 炁
_MING_STARS = {True: frozenset("日木土水炁"), False: frozenset("火金月")}


def _xiang_ming(ctx: Any, palaces: tuple[int, ...]) -> int:
    """+1 when a star of the birth's own (day or night) set stands on one of *palaces* (向明), −1 when only
    stars of the other set do (the passage: a day birth that sees none of 日 木 土 and only 火 金 月 on its 限
    is not yet to rise), else 0."""
    here = {y for b in palaces for y in ctx.by_branch[b]}
    if here & _MING_STARS[ctx.day]:
        return 1
    return -1 if here & _MING_STARS[not ctx.day] else 0


CANDIDATES: dict[str, Callable[[dict[str, Any]], float]] = {
    "向明: the birth's own stars on the 大限 palace (卷四〈看星節要八十一條〉)": lambda y: y["xiang_ming"],
    "向明, the palace and its 三方四正 (照限)": lambda y: y["xiang_ming_zhao"],
    "迎送: 曜 in the palaces on either side": lambda y: y["ying_song"],
    "限主 in season (令)": lambda y: y["ling"],
    "難 overcoming the 限主 from its 三方": lambda y: y["nan_ke"],
    "限度 mansion element to the 命度's": lambda y: y["du_sheng"],
    "小限 palace": lambda y: y["xiao"],
    "流年 palace": lambda y: y["liu"],
    "限度 宿 master 恩/難": lambda y: y["du_zhu"],
    "限度 宿 master 恩/難 to the 度主 (the 命度's 七曜)": lambda y: y["du_zhu_du"],
    "限度 宿 master strength": lambda y: y["du_zhu_strength"],
    "natal 曜 met by the 限度": lambda y: y["meet"],
    "流曜 over the 大限": lambda y: y["transit"],
    "交限: the other 大限": lambda y: y["jiao"],
    "限主 逆 留 伏 (卷二〈天祿〉: 留逆 福不純)": lambda y: y["lord_motion"],
    "限主 失躔 by mansion (《星學大成》卷二十九: 失躔為凶)": lambda y: y["lord_shi_chan"],
    "化曜 in the 大限 palace (卷二〈變曜〉)": lambda y: y["hua"],
    "貴人 祿勳 唐符 國印 on the 大限 palace (卷二)": lambda y: y["good_spirits"],
}


def main(argv: list[str]) -> int:
    def arg(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    split = arg("--split", "dev")
    if split not in ("dev", "holdout"):
        # the split blind (the newest transcribed file) is measured once, by scripts/accuracy.py, never probed
        print(f"xian_probe: --split {split} refused; dev or holdout only", file=sys.stderr)
        return 2
    rows = stretches(split, arg("--xiu", "jin"), arg("--first-term", "nine"))
    judged = sum(
        ("good" if r["base"] >= 1 else "bad" if r["base"] <= -1 else "mixed") == r["book"] for r in rows
    )
    print(f"{split}: {len(rows)} stretches; the judgment agrees on {judged}")
    print("| candidate | with the book | against | zero | agreement added to the 限 |")
    print("|---|---|---|---|---|")
    for name, f in CANDIDATES.items():
        with_, against, zero, agree = 0, 0, 0, 0
        for r in rows:
            ys = r["years"]
            v = sum(f(y) for y in ys) / len(ys) if ys else 0.0
            s = r["base"] + v
            pol = "good" if s >= 1 else "bad" if s <= -1 else "mixed"
            agree += pol == r["book"]
            if r["book"] == "mixed":
                continue
            if v == 0:
                zero += 1
            elif (v > 0) == (r["book"] == "good"):
                with_ += 1
            else:
                against += 1
        print(f"| {name} | {with_} | {against} | {zero} | {agree}/{len(rows)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
