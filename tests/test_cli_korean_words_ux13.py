"""The hanja words left in the Korean judgments of 金口訣, 大六壬 and 七政四餘 (issues 28, 29), each
through the command line (conftest's ``run_cli``) in Korean; every test failed before its fix (ux13).

- 旺相休囚死 and the stages 長生 … 帝旺 (``子월에 囚하여``, ``休이다``, ``(囚, 乘朱雀)``, ``(帝旺)``) are
  words of one shared table, ``i18n/data/words.toml``, which 六爻 reads too;
- 金口訣: the 五動 (財動이 있어) said in Korean; names listed with a comma (人元, 貴神), not 、;
- 七政: the lords 命主 身主 度主, 仇星 …, 入垣 陷 七強宮, 比和之星, motion, grade and season in Korean;
- 大六壬: the qualifiers 乘螣蛇, 空亡, 遁癸為鬼 … of a step said in Korean.

A spread of charts in Korean — the casebooks of 金口訣 and 大六壬 (their blind files aside) and three
dozen births for 七政 — holds hanja only where a Korean practitioner reads it
(``tests/data/korean_hanja_read.toml``, each kind with its reason; "not yet translated" marks a debt).
"""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from tests.conftest import run_cli, unread_runs

ROOT = Path(__file__).resolve().parents[1]
HANJA = re.compile(r"[\u3400-\u9fff]+")
#: a term's Korean reading with the term after it in brackets, 관(關), 훼격(毀隔): the hanja as a gloss; and a
#: verse of the 畢法賦 quoted as the title of its 法 (필법부 '合中犯殺蜜中砒')
GLOSS = re.compile(r"(?<=[\uac00-\ud7a3])\([\u3400-\u9fff]+\)|(?<=필법부 )'[\u3400-\u9fff]+'")


def _judgment(argv: list[str]) -> dict[str, Any]:
    rc, out, err = run_cli([*argv, "--json", "--lang", "ko"])
    assert rc == 0, (argv, err)
    j: dict[str, Any] = json.loads(out)["judgment"]
    return j


def _texts(j: dict[str, Any]) -> list[str]:
    """Every sentence of a judgment: verdict, focus, steps, 應期, and each section's (七政)."""
    y = j.get("yong_shen") or {}
    out = [j["verdict"]["text"], y.get("why") or "", y.get("lei_shen") or "", y.get("line") or ""]
    out += [s["text"] for s in j["steps"]] + [y["why"] for y in j.get("ying_qi") or ()]
    for sec in j.get("sections") or ():
        out += [sec["verdict"]["text"], *(s["text"] for s in sec["steps"])]
        out += [y["why"] for y in sec.get("ying_qi") or ()]
    return out


@cache
def _allowed(method: str) -> tuple[str, ...]:
    """The terms *method*'s Korean judgment may hold in hanja, longest first: the kinds of the data file
    (those naming ``methods`` only for them) and the names kept in the project's data."""
    raw = tomllib.loads((ROOT / "tests/data/korean_hanja_read.toml").read_text("utf-8"))
    kinds = [k for k in raw["kind"].values() if method in k.get("methods", [method])]
    terms = {t for kind in kinds for t in kind["terms"]}
    return tuple(sorted({*terms, *_names_from_data(method)}, key=len, reverse=True))


def _unread(text: str, allowed: tuple[str, ...]) -> list[str]:
    """The hanja runs of *text* not wholly made of *allowed* terms."""
    return unread_runs(HANJA.findall(GLOSS.sub("", text)), allowed)


def _collect(argvs: list[list[str]], allowed: tuple[str, ...]) -> dict[str, str]:
    """The hanja runs (and the Chinese list mark 、, where Korean lists with a comma: 人元, 貴神) of the
    Korean judgments of *argvs*, each with the first sentence that shows it."""
    bad: dict[str, str] = {}
    for argv in argvs:
        for t in _texts(_judgment(argv)):
            for run in [*_unread(t, allowed), *("、" for _ in t.split("、")[1:])]:
                bad.setdefault(run, f"{' '.join(argv)}: {t}")
    return bad


def _cases(method: str, blind: set[str]) -> list[dict[str, Any]]:
    out = []
    for path in sorted((ROOT / "tests" / method / "casebook").glob("*.toml")):
        if path.stem not in blind:
            out += [c for c in tomllib.loads(path.read_text("utf-8"))["case"] if "day" in c]
    return out


JKJ_TOPICS = (None, "財", "官", "婚", "病", "訟", "失物", "行人")


def _jinkoujue_argvs() -> list[list[str]]:
    """Every 金口訣 casebook case (blind.toml aside), as the book asked it and, every other case, with a
    topic of the list instead."""
    argvs = []
    for i, c in enumerate(_cases("jinkoujue", {"blind"})):
        argv = ["jinkoujue", "--day", c["day"], "--hour", c["hour"], "--month", c["month_branch"]]
        argv += ["--yue-jiang", c["yue_jiang"], "--difen", c["difen"]]
        argv += ["--day-night", "day" if c["is_day"] else "night"]
        topic = c.get("topic") if i % 2 else JKJ_TOPICS[i % len(JKJ_TOPICS)]
        argv += ["--topic", topic] if topic else []
        argv += ["--about", c["about"]] if c.get("about") else []
        argvs.append(argv)
    return argvs


def _liuren_argvs() -> list[list[str]]:
    """Every 大六壬 casebook case but those of the blind files (shao_blind2, rengui), as the book asked it."""
    argvs = []
    for c in _cases("liuren", {"shao_blind2", "rengui"}):
        argv = ["liuren", "--day", c["day"], "--yue-jiang", c["yue_jiang"], "--hour", c["hour"]]
        argv += ["--day-night", c["day_night"]] if "day_night" in c else []
        argv += ["--month", c["month"]] if "month" in c else []
        argv += ["--topic", c["topic"]] if c.get("topic") else []
        argv += ["--about", c["about"]] if c.get("about") else []
        argv += ["--item", c["item"]] if c.get("item") else []
        argvs.append(argv)
    return argvs


@cache
def _names_from_data(method: str) -> tuple[str, ...]:
    """The terms of the allow-list's kinds kept in the project's own data (``from``): for 大六壬 the 課體 its
    judgment weighs, for 七政 the 格局 and the star spirits. (The things asked about, 馬午 in the 類神's
    label, were allowed until branch ux14 named them in Korean: 말(馬) 午.)"""
    if method == "liuren":
        keti = tomllib.loads((ROOT / "src/xuanheng/liuren/data/judgment.toml").read_text("utf-8"))["keti"]
        return (*keti["good"], *keti["bad"])
    if method == "qizheng":
        qz = ROOT / "src/xuanheng/qizheng/data"
        patterns = [r["name"] for r in tomllib.loads((qz / "patterns.toml").read_text("utf-8"))["rule"]]
        spirits = re.findall(r'^name = "([^"]+)"', (qz / "spirits.toml").read_text("utf-8"), re.M)
        return (*patterns, *spirits)
    return ()


def test_jinkoujue_korean_judgment_holds_only_hanja_read_so() -> None:
    argvs = _jinkoujue_argvs()
    assert len(argvs) > 50
    bad = _collect(argvs, _allowed(argvs[0][0]))
    assert not bad, "\n".join(f"{k}  ← {v}" for k, v in bad.items())


def test_liuren_korean_judgment_holds_only_hanja_read_so() -> None:
    argvs = _liuren_argvs()
    assert len(argvs) > 300
    bad = _collect(argvs, _allowed(argvs[0][0]))
    assert not bad, "\n".join(f"{k}  ← {v}" for k, v in bad.items())


def _qizheng_argvs() -> list[list[str]]:
    """Thirty-six births: every month of three decades, the hours of the day and night, both sexes, three
    places."""
    places = (
        ("127", "37.5", "Asia/Seoul"),
        ("121.5", "25", "Asia/Taipei"),
        ("116.4", "39.9", "Asia/Shanghai"),
    )
    argvs = []
    for i in range(36):
        lon, lat, tz = places[i % 3]
        at = f"{1950 + (i * 7) % 60:04d}-{1 + i % 12:02d}-{1 + (i * 5) % 28:02d}T{(i * 5) % 24:02d}:30"
        argv = ["qizheng", "--at", at, "--tz", tz, "--lon", lon, "--lat", lat]
        argvs.append([*argv, "--sex", ("male", "female")[i % 2]])
    return argvs


def test_qizheng_korean_judgment_holds_only_hanja_read_so() -> None:
    """Before: 命主 身主 度主 beside 명주, 仇星 恩星 用星, 入垣 廟 旺 陷 七強宮 五弱宮, 比和之星 and the
    season's 旺/囚 stood in hanja in the Korean 七政 steps."""
    bad = _collect(_qizheng_argvs(), _allowed("qizheng"))
    assert not bad, "\n".join(f"{k}  ← {v}" for k, v in bad.items())
