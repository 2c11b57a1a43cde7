"""Every ``src`` of every method's rule data, and every ``src`` each method's JSON document hands out, is a
citation (issues 27–29, branch cite13; ux12 did it for the 神煞 tables and the 金口訣 method data).

A ``src`` names where a rule comes from: a seed id of ../shared/seeds/INVENTORY.tsv, or a book with its 卷
and chapter (``tests/test_cli_practitioner_ux12.CITATION``). A gloss, a quoted phrase or an English
explanation beside it belongs in the entry's ``note``, which no document shows. Before cite13 the step
sources of every judgment (``《大六壬指南》〈占病〉 (鬼為病神)``, ``《增刪卜易》〈旬空章〉 (a strong void
waits …)``), the 大六壬 課體 and 畢法 tables and the parameters' choices carried such notes into the JSON a
Korean or Chinese reader gets.

The data of ``core``, ``astro``, ``time`` and ``web`` too (branch ux14): each ``src`` a citation, or a named
modern standard listed in ``NO_BOOK`` (the star catalogue, the 紫氣 epochs of modern software and almanacs,
the published lunar calendars and the laws of their meridians, the gazetteer). Before ux14 their glosses stood
inside ``src`` (``002-011 (木 長生 at 亥)``) and two chapters were cited by titles the book does not have
(《三命通會》卷二〈論五虎遁〉〈論五鼠遁〉: its 〈論遁月時〉 gives both verses). Out of scope: ``i18n`` and
``reading`` (their sources are the project's own wording and dictionaries, no 《book》〈chapter〉).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import run_cli
from tests.test_cli_practitioner_ux12 import _json, _not_citations, _srcs

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "src" / "xuanheng"

#: the rule data of every method and of what they share (神煞 engine, rule vocabularies, parameters)
RULE_DATA = sorted(
    [
        *(
            p
            for d in ("jinkoujue", "liuren", "liuyao", "qizheng", "calendar", "shensha", "rules")
            for p in (PKG / d / "data").glob("*.toml")
        ),
        PKG / "data" / "params.toml",
    ]
)
#: the data of the shared layers below the methods, and of the web front end
CORE_DATA = sorted(p for d in ("core", "astro", "time", "web") for p in (PKG / d / "data").glob("*.toml"))

#: the choices (and two tables) whose basis is a modern tool, standard or convention, which no book states:
#: their ``src`` says so in words. Each is listed, so that a new one is a decision, not an accident.
NO_BOOK: dict[str, frozenset[str]] = {
    "params.toml": frozenset(
        {
            "option.day_boundary.choice[1]",  # civil midnight, GB/T 33661-2017
            "option.yue_jiang_rule.choice[1]",  # the online 金口訣 tools
            "option.day_night.choice[2]",  # the fixed 卯–酉 division (time/data/terms.toml)
            "option.day_night.choice[3]",  # the querent's choice
            "option.day_night.choice[4]",
            "option.dst.choice[0]",  # the tz database
            "option.dst.choice[1]",  # a modern charting convention
            "option.lunar_calendar.choice[0]",  # GB/T 33661-2017
            "option.lunar_calendar.choice[1]",  # 한국천문연구원 음양력 대조표
        }
    ),
    "jinkoujue/params.toml": frozenset({"option.yong_yao.choice[0]", "option.about.choice[0]"}),
    "liuren/params.toml": frozenset({"option.bieze_yin.choice[1]", "option.bazhuan_first.choice[1]"}),
    "liuyao/casting.toml": frozenset({"rng"}),  # SplitMix64 (Steele, Lea, Flood 2014)
    "liuyao/params.toml": frozenset({"option.time_leap.choice[1]", "option.time_day.choice[1]"}),
    "qizheng/motion.toml": frozenset({"fu.moira"}),  # Moira's 伏 limit
    # SIMBAD's J2000 positions and proper motions (Hipparcos, van Leeuwen 2007) of the 28 距星
    "astro/stars.toml": frozenset(
        f"star.{k}"
        for k in (
            "alf_Vir",
            "kap_Vir",
            "alf2_Lib",
            "pi_Sco",
            "sig_Sco",
            "mu1_Sco",
            "gam2_Sgr",
            "phi_Sgr",
            "bet_Cap",
            "eps_Aqr",
            "bet_Aqr",
            "alf_Aqr",
            "alf_Peg",
            "gam_Peg",
            "eta_And",
            "zet_And",
            "bet_Ari",
            "35_Ari",
            "17_Tau",
            "eps_Tau",
            "lam_Ori",
            "phi1_Ori",
            "zet_Ori",
            "del_Ori",
            "mu_Gem",
            "the_Cnc",
            "del_Hya",
            "alf_Hya",
            "ups1_Hya",
            "alf_Crt",
            "gam_Crv",
        )
    ),
    # the 紫氣 epochs of Moira, horo-api, a modern almanac and PlanetCalendar (the figures are software's)
    "astro/ziqi.toml": frozenset({"preset.moira", "preset.qing", "preset.almanac", "preset.neipian"}),
    # the Hong Kong Observatory's and Purple Mountain Observatory's published month starts
    "time/lunar_overrides.toml": frozenset({"month_start[0]", "month_start[1]", "month_start[2]"}),
    # GB/T 33661-2017, KASI's tables and the laws and notices that set the calendars' meridians
    "time/lunar_systems.toml": frozenset(
        {"chinese", *(f"chinese.reckoning[{i}]" for i in range(3))}
        | {"korean", *(f"korean.reckoning[{i}]" for i in range(4))}
    ),
    "web/cities.toml": frozenset({"src"}),  # the GeoNames gazetteer and the IANA tz database
    "qizheng/params.toml": frozenset(
        {
            # Moira, horo-api, the Swiss Ephemeris, almanac software: the astronomical and software choices
            "option.xiu.choice[0]",
            "option.xiu.choice[1]",
            "option.xiu.choice[2]",
            "option.zi_shen.choice[1]",
            "option.luo_ji.choice[0]",
            "option.node.choice[0]",
            "option.node.choice[1]",
            "option.yuebei.choice[0]",
            "option.yuebei.choice[1]",
            "option.ziqi.choice[0]",
            "option.ziqi.choice[1]",  # 《清史稿·時憲志》 only as horo-api quotes it, not checked here
            "option.moon.choice[0]",
            "option.moon.choice[1]",
            "option.gong_frame.choice[0]",
            "option.ming_gong.choice[2]",
            "option.ming_du.choice[1]",
            "option.shen_gong.choice[2]",
            "option.shen_gong.choice[3]",
            "option.fu.choice[1]",
            "option.du_display.choice[0]",
            "option.xiao_xian_change.choice[1]",
            "option.year_start.choice[0]",
        }
    ),
}


def _name(path: Path) -> str:
    rel = path.relative_to(PKG)
    return rel.name if rel.parent == Path("data") else f"{rel.parts[0]}/{rel.name}"


@pytest.mark.parametrize("path", RULE_DATA, ids=_name)
def test_every_src_of_the_rule_data_is_a_citation(path: Path) -> None:
    name = _name(path)
    found = _srcs(tomllib.loads(path.read_text("utf-8")), "")
    exempt = NO_BOOK.get(name, frozenset())
    seen = {w[1:].removesuffix(".src") for w, _ in found}
    assert exempt <= seen, f"{name}: NO_BOOK names entries that are gone: {sorted(exempt - seen)}"
    kept = [(w, src) for w, src in found if w[1:].removesuffix(".src") not in exempt]
    bad = [(w, p) for w, src in kept for p in _not_citations(src)]
    assert not bad, f"{name}: {bad}"


@pytest.mark.parametrize("path", CORE_DATA, ids=_name)
def test_every_src_of_the_core_astro_time_and_web_data_is_a_citation(path: Path) -> None:
    """Before ux14: 13 ``src`` of core/data and 4 of time/data held glosses (``002-011 (木 長生 at 亥)``,
    ``《五行大義》卷一〈論支干名〉: odd-numbered stems … are yang``), now in the entry's ``note``."""
    test_every_src_of_the_rule_data_is_a_citation(path)


def test_the_core_data_cites_the_chapter_that_has_the_verses() -> None:
    """《三命通會》卷二 gives the month and hour verses of 五虎遁 and 五鼠遁 (甲己之年丙作首 …, 甲己還加甲 …)
    in 〈論遁月時〉; no chapter of it is called 〈論五虎遁〉 or 〈論五鼠遁〉."""
    ganzhi = tomllib.loads((PKG / "core" / "data" / "ganzhi.toml").read_text("utf-8"))
    for table in ("wu_hu_dun", "wu_shu_dun"):
        assert "《三命通會》卷二〈論遁月時〉" in ganzhi[table]["src"], ganzhi[table]
        assert "論五" not in ganzhi[table]["src"], ganzhi[table]
    # nor does any other table cite them (七政's 天元祿 did)
    for path in [*RULE_DATA, *CORE_DATA]:
        for w, src in _srcs(tomllib.loads(path.read_text("utf-8")), ""):
            assert "〈論五虎遁〉" not in str(src) and "〈論五鼠遁〉" not in str(src), (_name(path), w)


def test_a_note_is_no_citation() -> None:
    """The grammar refuses what cite13 moved out (it can fail): a gloss in brackets, an English tail, a
    seed id that the inventory lacks, a bare chapter."""
    assert _not_citations(["《大六壬指南》〈占病〉 (鬼為病神)"])
    assert _not_citations("《增刪卜易》〈旬空章〉: a strong void waits")
    assert _not_citations("〈天時章〉")
    assert _not_citations("999-999")
    assert _not_citations("004-070 … 999-999")
    assert not _not_citations("004-070 … 004-090")
    assert _not_citations("the querent's choice")
    ok = ["《六壬大全》(四庫本) 卷十一《畢法賦》第三十三法〈有始無終難變易〉", "004-290, 004-291"]
    assert not _not_citations([*ok, "《張果星宗》卷一〈入門看法〉「守」"])


TOPIC = ["--topic", "病"]

#: a few casts of each method (its example, with a topic, and another moment), in two languages
CASTS: dict[str, list[list[str]]] = {
    "liuyao": [
        ["--day", "甲子", "--month", "寅", "--lines", "789678"],
        ["--day", "丙午", "--month", "申", "--lines", "987766", "--topic", "病"],
        ["--day", "辛酉", "--month", "亥", "--lines", "696969", "--topic", "財"],
    ],
    "liuren": [
        ["--at", "2026-03-10T21:00", "--tz", "Asia/Shanghai"],
        ["--day", "甲子", "--yue-jiang", "寅", "--hour", "午", "--topic", "病"],
        ["--day", "庚辰", "--yue-jiang", "酉", "--hour", "子", "--topic", "官"],
    ],
    "qizheng": [
        ["--at", "1983-10-27T18:30", "--tz", "+08:00", "--lon", "116.38", "--lat", "39.9", "--sex", "男"],
        ["--at", "1962-11-02T23:10", "--tz", "Asia/Seoul", "--lon", "127", "--lat", "37.5", "--topic", "財"],
    ],
    "jinkoujue": [
        ["--day", "癸未", "--hour", "亥", "--month", "卯", "--yue-jiang", "亥", "--difen", "申"],
        ["--day", "甲子", "--hour", "亥", "--month", "卯", "--yue-jiang", "亥", "--difen", "寅", *TOPIC],
    ],
}


def _no_book_srcs() -> frozenset[str]:
    """The ``src`` texts of the NO_BOOK entries (a document echoes a chosen option's source)."""
    out: set[str] = set()
    for path in RULE_DATA:
        exempt = NO_BOOK.get(_name(path), frozenset())
        for w, src in _srcs(tomllib.loads(path.read_text("utf-8")), ""):
            if w[1:].removesuffix(".src") in exempt:
                out.add(str(src))
    return frozenset(out)


def _rule_ids(method: str) -> frozenset[str]:
    """The ids of *method*'s own reading rules: 七政四餘's judgment names the 格局 it weighs (``ge-299``)
    before that rule's citations, a pointer to the rule (``/api/rules``), not a source of its own."""
    out: set[str] = set()
    for path in sorted((PKG / method / "data").glob("*.toml")):
        for rule in tomllib.loads(path.read_text("utf-8")).get("rule", []):
            if isinstance(rule, dict) and isinstance(rule.get("id"), str):
                out.add(rule["id"])
    return frozenset(out)


def _document_srcs(method: str, argv: list[str], lang: str) -> list[tuple[str, Any]]:
    """Every ``src`` of the document, a table of sources (七政's ``timeline.src``) read value by value."""
    out = []
    for w, src in _srcs(_json([method, *argv], lang), method):
        out += [(f"{w}.{k}", v) for k, v in src.items()] if isinstance(src, dict) else [(w, src)]
    return out


@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
@pytest.mark.parametrize("method", sorted(CASTS))
def test_every_src_of_a_document_is_a_citation(method: str, lang: str) -> None:
    """The chart, its reading and its judgment's steps: every ``src`` a reader gets is a citation."""
    found: list[tuple[str, Any]] = []
    for argv in CASTS[method]:
        found += _document_srcs(method, argv, lang)
    steps = [w for w, _ in found if ".judgment.steps" in w]
    assert len(found) > 10 and steps, found
    no_book, own = _no_book_srcs(), _rule_ids(method)
    bad = [(w, p) for w, src in found if str(src) not in no_book for p in _not_citations(src) if p not in own]
    assert not bad, bad


def test_the_casts_are_valid() -> None:
    """Each cast above runs (a cast refused would leave its method untested)."""
    for method, casts in CASTS.items():
        for argv in casts:
            rc, _out, err = run_cli([method, *argv, "--json"])
            assert rc == 0, (method, argv, err)
