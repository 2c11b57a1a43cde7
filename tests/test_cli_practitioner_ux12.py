"""A practitioner's defects left by branches ux10 and ux11 (issues 27, 28), each through the command line
(conftest's ``run_cli``) or the JSON document it prints, in Korean and Chinese; every test failed before
its fix (branch ux12).

- 金口訣: the step on the 貴神 for the topic (``gui.ji`` / ``gui.xiong``) cited the seed items of every 天將
  the topic's table names, not those of the chart's own 貴神;
- 大六壬: a 類神 read on the day stem or the day branch (命, 家宅 …, a person outside the family, no topic)
  showed the branch's own 六親 on the focus line (``유신 官鬼未`` for a house: read as a person);
- the topic, the person and the thing asked about were named in hanja inside Korean sentences (財를 물으니,
  父母의 일이니, 病에 해롭다) by every judge; they read 재물, 부모·윗사람, 질병 now (Chinese unchanged);
- 金口訣 神煞 (and the 神煞 tables of the other methods): some ``src`` held English notes (``咸池 (桃花) by
  the day branch's 三合 frame …``), which the chart JSON hands to every reader; a ``src`` is a citation only;
"""

from __future__ import annotations

import csv
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import cli_document as _json
from tests.conftest import cli_view as _text
from tests.conftest import unread_runs

ROOT = Path(__file__).resolve().parents[1]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"
SEED_ID = re.compile(r"\d{3}-\d{3}")


# ---------------------------------------------------------------------------------- 金口訣 貴神 sources

#: the twelve 天將 as the inventory's ``section`` column names them (seed 000 writes 天乙貴神 for the 貴人
#: and 騰蛇 for 螣蛇); a section not here (貴神旺衰, 大神總論) speaks of no one 將
SECTION_OF = {
    "貴人": "天乙貴神", "螣蛇": "騰蛇", "朱雀": "朱雀", "六合": "六合", "勾陳": "勾陳", "青龍": "青龍",
    "天空": "天空", "白虎": "白虎", "太常": "太常", "玄武": "玄武", "太陰": "太陰", "天后": "天后",
}  # fmt: skip


@cache
def _sections() -> dict[str, str]:
    """Inventory id → its section, read from ../shared/seeds/INVENTORY.tsv."""
    with INVENTORY.open(encoding="utf-8") as f:
        return {row["id"]: row["section"] for row in csv.DictReader(f, delimiter="\t")}


def _topic_ids(topic: str) -> set[str]:
    """The seed items the 金口訣 judgment's table of 天將 for *topic*'s kind cites (data/judgment.toml
    ``[jiang.*]``): the pool a step on the 貴神 may draw from."""
    import tomllib

    raw = tomllib.loads((ROOT / "src/xuanheng/jinkoujue/data/judgment.toml").read_text("utf-8"))
    return {s for body in raw["jiang"].values() if topic in body["topics"] for s in body["src"]}


JKJ_TOPICS = ("財", "官", "婚", "病", "訟", "失物", "行人")


def _gui_steps() -> list[tuple[str, str, dict[str, Any]]]:
    """(topic, 貴神, step) of the 貴神 steps of many study casts: every day stem, hours and 地分 varied."""
    out = []
    stems, branches = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"
    for i in range(40):
        n = (i * 7) % 60  # a 干支 of the sixty
        day = stems[n % 10] + branches[n % 12]
        argv = ["jinkoujue", "--day", day, "--hour", branches[(i * 5) % 12]]
        argv += ["--month", branches[(i * 3) % 12]]
        argv += ["--yue-jiang", branches[(i * 11) % 12], "--day-night", ("day", "night")[i % 2]]
        argv += ["--difen", branches[(i * 7 + 3) % 12], "--topic", JKJ_TOPICS[i % len(JKJ_TOPICS)]]
        doc = _json(argv, "ko")
        for s in doc["judgment"]["steps"]:
            if s["key"] in ("gui.ji", "gui.xiong"):
                out.append((JKJ_TOPICS[i % len(JKJ_TOPICS)], s["facts"]["jiang"], s))
    return out


def test_the_gui_step_cites_only_its_own_generals_seed_items() -> None:
    """The step reading the chart's 貴神 for the topic cites, of the seed items of the topic's table, exactly
    those the inventory files under that 將 — never another 將's (a money question with 青龍 cited 玄武's
    and 白虎's items too). Expected ids are derived from INVENTORY.tsv's section column."""
    steps = _gui_steps()
    assert len({j for _, j, _ in steps}) >= 5, steps  # several generals, so the test can fail
    for topic, jiang, step in steps:
        cited = {s for s in step["src"] if SEED_ID.fullmatch(s)}
        own = {s for s in _topic_ids(topic) if _sections().get(s) == SECTION_OF[jiang]}
        assert own, (topic, jiang)
        assert cited == own, (topic, jiang, sorted(cited), sorted(own))


# ---------------------------------------------------------------------------------- 大六壬 日干 / 日支 類神

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
#: 寄宮 of the ten stems (《六壬大全》卷一〈十干寄宮〉): 甲寅 乙辰 丙戊巳 丁己未 庚申 辛戌 壬亥 癸丑
JI_GONG = dict(zip("甲乙丙丁戊己庚辛壬癸", "寅辰巳未巳未申戌亥丑", strict=True))


def _upper(branch: str, yue_jiang: str, hour: str) -> str:
    """The heaven-plate branch over *branch*: the 月將 laid on the hour, the plate turned as one."""
    shift = BRANCHES.index(yue_jiang) - BRANCHES.index(hour)
    return BRANCHES[(BRANCHES.index(branch) + shift) % 12]


@pytest.mark.parametrize(
    ("day", "yue_jiang", "hour", "ask", "place"),
    [
        ("壬申", "亥", "子", ["--topic", "家宅"], "日支"),  # 〈占家宅〉: the house on the day branch
        ("壬申", "亥", "子", ["--topic", "命"], "日干"),
        ("戊辰", "亥", "寅", ["--topic", "田宅"], "日支"),
        ("丁卯", "申", "巳", ["--topic", "壽"], "日干"),
        ("庚午", "寅", "酉", [], "日干"),  # no topic: the asker's day stem first
    ],
)
@pytest.mark.parametrize(("lang", "name"), [("ko", "유신"), ("zh-Hant", "類神")])
def test_a_lei_shen_on_the_day_stem_or_branch_is_named_so(
    day: str, yue_jiang: str, hour: str, ask: list[str], place: str, lang: str, name: str
) -> None:
    """The focus line names the 類神 as the place it is read on and the 上神 there (日干上戌, 日支上未),
    not the 上神's own 六親, which reads as a person (官鬼未: the house's 類神 is no official). The 上神 is
    derived here from the plate; the document still records the branch's 六親."""
    argv = ["liuren", "--day", day, "--yue-jiang", yue_jiang, "--hour", hour, *ask]
    base = JI_GONG[day[0]] if place == "日干" else day[1]
    expected = place + "上" + _upper(base, yue_jiang, hour)
    y = _json(argv, lang)["judgment"]["yong_shen"]
    assert y["branch"] == expected[-1] and y["liu_qin"], y
    out = _text(argv, lang)
    line = next(x for x in out.splitlines() if x.strip().startswith(name + " "))
    assert line.split()[1] == expected, line
    assert y["liu_qin"] + y["branch"] not in line, line


# ---------------------------------------------------------------------------------- a src is a citation

_NUM = "一二三四五六七八九十百零"

#: an item of a ``src``: a seed inventory id (or a span of them, ``004-070 … 004-090``), or a book (an
#: author's name may stand before it) with its 卷 and chapter(s) — nothing else (the notes beside a source
#: go into the entry's ``note``). Besides 卷 and 〈chapter〉 a citation may name (branch cite13) the edition,
#: ``(古本)``, ``(四庫本)``; a 卷 as ``卷之上`` or a range ``卷十一–卷十二``; a work inside the book,
#: ``《畢法賦》``; a numbered 法, 章, 課, 問, 條 or 局; the chapter's commentary ``注`` or general discussion
#: ``綂論``; and the entry's heading in the book's own words, ``「守」`` (張果星宗's 〈入門看法〉 is one
#: chapter of many headed terms)
CITATION = re.compile(
    r"\d{3}-\d{3}(?: … \d{3}-\d{3})?"
    r"|[^\s《》A-Za-z]{0,4}《[^》]+》"
    r"(?:\s?[(（][^\s()（）A-Za-z]{1,4}本[)）])?"
    rf"(?:\s?卷[{_NUM}之上中下]+(?:[–-]卷?[{_NUM}]+)?)?"
    r"(?:《[^》]+》)?"
    rf"(?:第[{_NUM}]+[法章課問條局])?"
    r"(?:〈[^〉]+〉)*"
    rf"(?:第[{_NUM}]+[法章課問條局])?"
    r"(?:注|綂論)?"
    r"(?:「[^」A-Za-z]{1,24}」)*"
)
#: items of a ``src`` text: joined by ``; `` (seed ids also by ``, ``)
_ITEMS = re.compile(r"; |, (?=\d{3}-\d{3})")


@cache
def _inventory_ids() -> frozenset[str]:
    return frozenset(_sections())


def _not_citations(src: object) -> list[str]:
    """The items of *src* (a text of items joined by ``; ``, or a list of them) that are no citation."""
    out = []
    for text in src if isinstance(src, list) else [src]:
        for part in _ITEMS.split(str(text)):
            ids = SEED_ID.findall(part) if SEED_ID.match(part) else []
            if not CITATION.fullmatch(part) or any(i not in _inventory_ids() for i in ids):
                out.append(part)
    return out


def _srcs(node: object, where: str) -> list[tuple[str, object]]:
    """Every ``src`` value under *node* (a TOML table or a JSON document), with where it sits."""
    if isinstance(node, dict):
        out = [(f"{where}.src", node["src"])] if "src" in node else []
        for k, v in node.items():
            if k != "src":
                out += _srcs(v, f"{where}.{k}")
        return out
    if isinstance(node, list):
        return [x for i, v in enumerate(node) for x in _srcs(v, f"{where}[{i}]")]
    return []


#: every method's 神煞 rule data (the shared 神煞 engine's tables and the seed-000 神煞 judgments) and the
#: 金口訣 chart's own sources (its 動, 四大空亡 and 急時)
RULE_DATA = [
    *sorted((ROOT / "src/xuanheng/shensha/data").glob("*.toml")),
    ROOT / "src/xuanheng/jinkoujue/data/method.toml",
]


@pytest.mark.parametrize("path", RULE_DATA, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_src_of_the_shensha_data_is_a_citation(path: Path) -> None:
    """Each ``src`` is a seed id or a 《book》卷〈chapter〉 — English (or any note) beside it belongs in the
    entry's ``note``, which the documents leave out."""
    import tomllib

    found = _srcs(tomllib.loads(path.read_text("utf-8")), path.name)
    assert found
    bad = [(w, p) for w, src in found for p in _not_citations(src)]
    assert not bad, bad


@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
def test_the_jinkoujue_document_cites_only_sources(lang: str) -> None:
    """Every ``src`` a 金口訣 document carries (its 神煞 — 日祿 and 桃花 among them —, its 動, 四大空亡 and
    急時, the judgment's steps) is a citation: no English note reaches a Korean or Chinese reader."""
    srcs: list[tuple[str, object]] = []
    for day, difen in (("癸未", "申"), ("甲子", "寅"), ("庚寅", "亥")):  # 甲子旬: 四大空亡 水
        argv = ["jinkoujue", "--day", day, "--hour", "亥", "--month", "卯", "--yue-jiang", "亥"]
        argv += ["--day-night", "night", "--difen", difen, "--topic", "財"]
        doc = _json(argv, lang)
        srcs += _srcs({k: v for k, v in doc.items() if k != "judgment"}, day)
        steps = doc["judgment"]["steps"]
        srcs += [(f"{day}.step", s) for st in steps for s in st["src"] if SEED_ID.fullmatch(s)]
    names = {w.rsplit(".", 1)[0] for w, _ in srcs}
    assert len(srcs) > 40 and names, srcs
    bad = [(w, p) for w, src in srcs for p in _not_citations(src)]
    assert not bad, bad


# ---------------------------------------------------------------------------------- 六爻 judgment in Korean

CASEBOOK = ROOT / "tests/liuyao/casebook"

#: the terms a Korean practitioner reads in hanja, each kind with why; a run of hanja in a Korean judgment
#: must be made of these alone (an element is read in Korean: 금국, not 金국)
HANJA_READ = {
    # the twelve branches and ten stems: 干支 are written in hanja in every Korean 六爻 book and on the chart
    "branch": tuple("子丑寅卯辰巳午未申酉戌亥"),
    "stem": tuple("甲乙丙丁戊己庚辛壬癸"),
    # the six relatives name the lines (妻財辰) as the chart's own column does
    "liu_qin": ("父母", "兄弟", "官鬼", "妻財", "子孫"),
    # the six spirits are written on the chart in hanja
    "liu_shen": ("青龍", "朱雀", "勾陳", "螣蛇", "白虎", "玄武"),
    # 世 and 應 are marked on the chart in hanja
    "shi_ying": ("世", "應"),
}


@cache
def _hexagram_names() -> tuple[str, ...]:
    """The 64 hexagrams' names, short and full (read in hanja as the chart heads them)."""
    import tomllib

    raw = tomllib.loads((ROOT / "src/xuanheng/liuyao/data/hexagrams.toml").read_text("utf-8"))
    return tuple(n for h in raw["hexagram"] for n in (h["name"], h["full"]))


def _not_read_in_hanja(text: str) -> list[str]:
    """The hanja runs of *text* not wholly made of :data:`HANJA_READ` terms and hexagram names."""
    allowed = sorted(
        {*(t for ts in HANJA_READ.values() for t in ts), *_hexagram_names()}, key=len, reverse=True
    )
    return unread_runs(re.findall(r"[\u3400-\u9fff]+", text), allowed)


def _cases() -> list[dict[str, Any]]:
    """Every casebook case but the blind file's (blind4.toml is never read before it is measured)."""
    import tomllib

    out = []
    for path in sorted(CASEBOOK.glob("*.toml")):
        if path.name != "blind4.toml":
            out += tomllib.loads(path.read_text("utf-8"))["case"]
    return out


#: more persons than the casebook asks about, on the same charts: the 用神's reason for a relative
ABOUTS = ("父母", "兄弟", "妻", "夫", "子女", "朋友", "他人")


def test_the_liuyao_judgment_in_korean_holds_no_hanja_word() -> None:
    """Every casebook chart (blind4 aside) cast in Korean, as the book asked it and, every third case,
    about a relative instead: the judgment's verdict, the 用神's reason, every step and every 應期 reason
    holds hanja only for what a Korean practitioner reads in hanja (:data:`HANJA_READ`, the hexagrams'
    names). Before: 旺/相/休/囚 (``寅월에 相하다``), 回頭剋, 旺相, 日合絆住, 世爻, 初爻 … 上爻, the topic
    (財를 물으니) and the 兩現 reason (動, 在上) stood in hanja."""
    bad: dict[str, str] = {}
    cases = _cases()
    assert len(cases) > 300
    for i, c in enumerate(cases):
        argv = ["liuyao", "--day", c["day"], "--month", c["month"], "--lines", c["lines"]]
        if c.get("topic"):
            argv += ["--topic", c["topic"]]
        about = ABOUTS[i % len(ABOUTS)] if i % 3 == 0 else c.get("about")
        if about:
            argv += ["--about", about]
        j = _json(argv, "ko")["judgment"]
        texts = [j["verdict"]["text"], j["yong_shen"]["why"], *(s["text"] for s in j["steps"])]
        texts += [y["why"] for y in j["ying_qi"]]
        for t in texts:
            for run in _not_read_in_hanja(t):
                bad.setdefault(run, f"{c['id']} {' '.join(argv[7:])}: {t}")
    assert not bad, "\n".join(f"{k}  ← {v}" for k, v in bad.items())


def test_the_liuyao_text_view_names_lines_and_choices_in_korean() -> None:
    """The Korean text view (every fifth casebook chart, persons varied): the judgment block — the 用神
    line with its place (삼효, not 三爻) — and the commentary's 용신 line (its place, where a hidden one
    lies, how it was chosen: 세효, 동한 효, 하나뿐 …) hold hanja only where a practitioner reads it."""
    bad: dict[str, str] = {}
    for i, c in enumerate(_cases()[::5]):
        argv = ["liuyao", "--day", c["day"], "--month", c["month"], "--lines", c["lines"]]
        argv += ["--topic", c["topic"]] if c.get("topic") else []
        argv += ["--about", ABOUTS[i % len(ABOUTS)] if i % 2 else c.get("about") or "自己"]
        lines = _text(argv, "ko").splitlines()
        start = lines.index("판단")
        end = lines.index("근거가 된 규칙")
        yong = next(x for x in lines[end:] if x.strip().startswith("용신 "))  # the commentary's 용신 line
        shown = [*lines[start:end], yong]
        for line in shown:
            for run in _not_read_in_hanja(line):
                bad.setdefault(run, f"{c['id']}: {line.strip()}")
    assert not bad, "\n".join(f"{k}  ← {v}" for k, v in bad.items())


# ---------------------------------------------------------------------------------- the topic and the person

AT = ["--at", "2026-12-07T15:00", "--tz", "Asia/Seoul"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["liuren", *AT, "--topic", "財"], {"財": "재물"}),
        (["liuren", *AT, "--topic", "病", "--about", "父母"], {"父母": "부모"}),
        (["liuren", *AT, "--topic", "官"], {"官": "관직"}),
        (["jinkoujue", *AT, "--difen", "申", "--topic", "財"], {"財": "재물"}),
        (
            ["jinkoujue", *AT, "--difen", "申", "--topic", "病", "--about", "父母"],
            {"父母": "부모", "病": "질병"},
        ),
        (["jinkoujue", *AT, "--difen", "申", "--topic", "官"], {"官": "관직"}),
        (["liuyao", *AT, "--coins", "--seed", "7", "--topic", "財"], {"財": "재물"}),
        (["liuyao", *AT, "--coins", "--seed", "1", "--topic", "病", "--about", "父母"], {"父母": "부모"}),
        (["qizheng", *AT, "--lon", "127", "--lat", "37.5", "--sex", "male", "--topic", "財"], {"財": "재물"}),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_the_topic_and_the_person_are_named_in_korean(argv: list[str], said: dict[str, str]) -> None:
    """A Korean practitioner's question — money for oneself, a parent's illness, an office — read by each
    method: the judgment names the topic and the person in Korean (the labels of the shared topic and
    person vocabularies), never the bare hanja key (財를 물으니, 父母의 일이니, 病에 해롭다); the Chinese
    reading keeps the book's term."""
    ko = _json(argv, "ko")["judgment"]
    texts = [ko["yong_shen"]["why"], *(s["text"] for s in ko["steps"])]
    for key, word in said.items():
        assert any(word in t for t in texts), (key, texts)
        # the bare key taking a Korean particle: 財를, 父母의, 病에 (父母가 용신이다 names the 六親)
        alone = re.compile(rf"(?<![\u4e00-\u9fff]){key}(?:을|를|의|에|은|는)")
        assert not [t for t in texts if alone.search(t)], (key, texts)
    zh = _json(argv, "zh-Hant")["judgment"]
    assert any(k in zh["yong_shen"]["why"] for k in said), zh["yong_shen"]["why"]
