"""The rule data of the 六爻 reading: schema, sources, coverage of seed 004, options, topics, texts.

Coverage (issue 11): every non-background item of seed 004 is cited by a rule (that the sweep of
test_reading_sweep.py fires), cited as a table in liuyao/data, or listed as not computable with its reason —
and the lists of not-computable, never-holding and partly computable items are in docs/liuyao-reading.md.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from tests.conftest import load_file

from xuanheng.core import wangshuai
from xuanheng.core.ganzhi import BRANCH_ELEMENT
from xuanheng.errors import OptionError
from xuanheng.liuyao import rules as plain_rules
from xuanheng.liuyao import tables as T
from xuanheng.liuyao._reading_data import (
    NEVER,
    NOT_COMPUTABLE,
    PARTLY,
    READING_OPTION_SPECS,
    TOPIC_PARENTS,
    YONG_SHEN,
    ReadingOptions,
    make_reading_options,
)
from xuanheng.liuyao.reading import KINDS, RULE_FILES, cited, rules, topics
from xuanheng.rules import TOPIC_KEYS
from xuanheng.rules.sources import check_src

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "xuanheng" / "liuyao" / "data"
DOCS = ROOT / "docs" / "liuyao-reading.md"
SEEDS = ROOT.parent / "shared" / "seeds"
ID = re.compile(r"(?<![0-9])(004-[0-9]{3})(?![0-9])")


def _inventory() -> list[list[str]]:
    inv = SEEDS / "INVENTORY.tsv"
    if not inv.exists():
        pytest.skip("../shared/seeds not checked out")
    return [ln.split("\t") for ln in inv.read_text("utf-8").splitlines()[1:] if ln.strip()]


def seed004_items() -> dict[str, str]:
    """id → kind of every item of seed 004."""
    return {r[0]: r[4] for r in _inventory() if r[0].startswith("004-")}


def test_rules_load_and_carry_sources() -> None:
    rs = rules()
    assert len(rs) > 400
    for r in rs:
        assert r.kind in KINDS
        assert r.src and all(check_src(s) == "" for s in r.src), r.id
        assert r.topics and all(t in TOPIC_KEYS for t in r.topics), r.id
        # a rule from the seed cites its own item; the 用神 rules cite books
        if r.id.startswith("004-"):
            assert r.id[:7] in r.src, r.id
        else:
            assert all("《" in s for s in r.src), r.id


def test_rule_ids_and_files() -> None:
    names = {p.stem for p in DATA.glob("judgments_*.toml")}
    assert names == set(RULE_FILES)
    # one rule per id, except where one item is split into cases (same id, different conditions)
    count = Counter(r.id for r in rules())
    for rid, n in count.items():
        if n > 1:
            whens = [repr(sorted(r.when.items())) for r in rules() if r.id == rid]
            assert len(set(whens)) == n, rid


def test_every_seed004_item_is_covered() -> None:
    """Every non-background item: cited by a rule, cited as a table in liuyao/data, or not computable."""
    items = seed004_items()
    by_rule = cited()
    data_text = "\n".join(p.read_text("utf-8") for p in sorted(DATA.glob("*.toml")))
    in_data = set(ID.findall(data_text))
    nc = {e["id"] for e in NOT_COMPUTABLE}
    missing = []
    for iid, kind in items.items():
        if kind == "background":
            assert iid in nc, iid
            continue
        if kind in ("table", "derivation", "classification"):
            ok = iid in in_data or iid in by_rule
        else:
            ok = iid in by_rule or iid in nc
        if not ok:
            missing.append(iid)
    assert not missing, missing
    # nothing not computable is also claimed by a rule of its own
    assert not (nc & {r.id[:7] for r in rules()})


def test_not_computable_lists_are_documented() -> None:
    text = DOCS.read_text("utf-8")
    for e in (*NOT_COMPUTABLE, *NEVER, *PARTLY):
        assert e["id"] in text, e["id"]
        assert e["reason"].strip()
    for spec in READING_OPTION_SPECS:
        assert f"`{spec.name}`" in text, spec.name


def test_options_are_declared_once_and_validated() -> None:
    names = [s.name for s in READING_OPTION_SPECS]
    assert len(names) == len(set(names))
    o = ReadingOptions()
    for s in READING_OPTION_SPECS:
        assert getattr(o, s.name) == s.default
        assert len(s.choices) >= 2
        for ch in s.choices:
            assert ch.src.strip(), (s.name, ch.value)
            assert all(ch.labels[k].strip() for k in ("ko", "zh-Hant", "zh-Hans", "en"))
    assert make_reading_options(sex="female").sex == "female"
    assert make_reading_options({"sex": "female"}, zhai_ren="wai_zhai").zhai_ren == "wai_zhai"
    with pytest.raises(OptionError) as e:
        make_reading_options(sexx="female")
    assert e.value.field == "sexx"
    with pytest.raises(OptionError) as e:
        make_reading_options(sex="other")
    assert e.value.field == "sex"
    with pytest.raises(OptionError) as e:
        make_reading_options(sex=1)
    assert e.value.field == "sex"
    with pytest.raises(OptionError):
        make_reading_options("sex")  # type: ignore[arg-type]


def test_topics() -> None:
    for t in ("天時", "晴", "雨", "家宅", "農", "病", "訟", "財", "婚", "行人", "失物", "出行", "官", "科舉"):
        assert t in topics(), t
    for child, parent in TOPIC_PARENTS.items():
        assert child in TOPIC_KEYS and parent in TOPIC_KEYS
    for topic, entry in YONG_SHEN.items():
        assert topic in TOPIC_KEYS, topic
        assert entry.src
        values = [entry.yong] if entry.by_option is None else list(entry.by_option[1].values())
        assert all(v in ("父母", "兄弟", "官鬼", "妻財", "子孫", "世", "應") for v in values)
    # the topics.toml block of this method sits at the end of the file under its heading
    text = (ROOT / "src" / "xuanheng" / "rules" / "data" / "topics.toml").read_text("utf-8")
    tail = text[text.index("# 六爻") :]
    for t in ("晴", "雨", "命", "國事", "鬼神", "求謀", "蠶桑", "斗毆", "逃亡", "科舉"):
        assert f'[topic."{t}"]' in tail


def test_texts() -> None:
    for r in rules():
        t = r.text
        assert t.ko.strip() and t.zh_hant.strip() and t.en.strip(), r.id
        assert t.get("zh-Hans").strip()
        assert t.ko != t.zh_hant != t.en


# ── facts of the 納甲 that make some items impossible (re-derived from the trigram tables) ─────────
def test_no_element_shows_more_than_twice_and_tu_always_twice() -> None:
    """Every trigram's 納甲 has three branches of three elements, one of them 土: so among six lines an
    element shows at most twice, and 土 exactly twice (004-344 無土 can never hold; 004-348 … 004-352 '多'
    is read as two, option many_element)."""
    for code in range(64):
        elements = Counter(BRANCH_ELEMENT[b] for _s, b in plain_rules.najia(code))
        assert max(elements.values()) <= 2
        assert elements[2] == 2
    assert [e["id"] for e in NEVER] == ["004-344"]


def test_three_kinds_cannot_all_be_prosperous_by_the_month() -> None:
    """004-283: 父母, 子孫 and 妻財 are three different elements; 旺 and 相 are two (the season's
    element and the one it generates), so the month alone never makes all three 旺相 (the rule reads 有氣,
    month or day)."""
    for season, row in wangshuai.BY_SEASON.items():
        strong = [e for e in range(5) if row[e].you_qi]
        assert len(strong) == 2, season
        for palace in range(5):
            trio = {(palace - 1) % 5, (palace + 1) % 5, (palace + 2) % 5}
            assert not trio <= set(strong)


def test_yong_fu_cannot_share_its_flying_line_element() -> None:
    """A 六親 is hidden only when no line has its element, so a 伏神 never shares the element of the line
    above it (飛伏比和 cannot occur; no rule is written for it)."""
    for code in range(64):
        for _stem, b, e, _q, rel in plain_rules.fu_shen_static(code).values():
            assert rel != "比和"
            assert BRANCH_ELEMENT[b] == e


# ── no copied passages (the shared seedcheck tool, on this method's reading files) ───────────────────
def _seedcheck() -> object:
    tool = ROOT.parent / "shared" / "tools" / "seedcheck.py"
    if not tool.exists():
        pytest.skip("../shared/tools/seedcheck.py not present")
    return load_file(tool, "seedcheck")


def test_no_passage_copied_from_the_seeds() -> None:
    sc = _seedcheck()
    windows = sc.seed_windows(20)  # type: ignore[attr-defined]
    files = [
        *sorted(DATA.glob("judgments*.toml")),
        ROOT / "src" / "xuanheng" / "shensha" / "data" / "liuyao.toml",
        DOCS,
    ]
    for p in files:
        norm, _ = sc.normalise(p.read_text("utf-8"))  # type: ignore[attr-defined]
        hits = [norm[i : i + 20] for i in range(len(norm) - 19) if norm[i : i + 20] in windows]
        assert not hits, (p.name, hits[:3])


def test_data_files_parse() -> None:
    for p in sorted(DATA.glob("judgments*.toml")):
        assert tomllib.loads(p.read_text("utf-8"))
    assert T.YAO_WEI["tian_he_4"][1] == ("田", "種", "主長", "苗秀", "禾", "田夫")
