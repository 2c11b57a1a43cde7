"""The :class:`SpiritChart` contract: inputs, errors, options as data, JSON, and coverage of seed 003.

Coverage: every table/derivation row of seed 003 that is a star spirit (003-021 onward, and the 宮主 table
003-012 the spirits use) must be cited in the spirits' data and named by a test here; every option declared
in ``params.toml`` with ``scope = "spirits"`` must be complete (labels in four languages, a source per
choice) and every non-default choice must change some chart; every spirit must be documented in
docs/qizheng-spirits.md.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.core.ganzhi import GanZhi
from xuanheng.errors import InputError, OptionError
from xuanheng.qizheng.spirits import (
    DEFAULT_OPTIONS,
    OPTIONS,
    SPIRITS,
    YAO,
    Ctx,
    basis_fields,
    hits_of,
    hua_yao_table,
    options_key,
    star_spirits,
    star_spirits_plain,
)

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"
DATA = [
    ROOT / "src/xuanheng/qizheng/data/spirits.toml",
    ROOT / "src/xuanheng/qizheng/data/hua_yao.toml",
    ROOT / "src/xuanheng/qizheng/data/params.toml",
    ROOT / "src/xuanheng/shensha/data/qizheng.toml",
    ROOT / "src/xuanheng/qizheng/data/gong.toml",  # palace order and 宮主, shared with the chart
    ROOT / "src/xuanheng/qizheng/data/yao.toml",  # the 曜, shared with the chart
]
DOC = ROOT / "docs/qizheng-spirits.md"
ID = re.compile(r"(?<![0-9])(003-[0-9]{3})(?![0-9])")
B = "子丑寅卯辰巳午未申酉戌亥"
YG = {name: i for i, name in enumerate(YAO)}


def chart(**kw: object) -> object:
    args = {"year": GanZhi(0), "month": GanZhi(2), "day": GanZhi(0), "hour": GanZhi(0)}
    args |= {"ming_gong": 2, "yao_gong": YG}
    args |= kw
    return star_spirits(**args)  # type: ignore[arg-type]


# coverage -------------------------------------------------------------------------------------------------
def _spirit_rows() -> list[str]:
    if not INVENTORY.exists():
        pytest.skip(f"{INVENTORY} not found (the seeds are checked out at ../shared)")
    rows = []
    for line in INVENTORY.read_text("utf-8").splitlines()[1:]:
        f = line.split("\t")
        if (
            f[0].startswith("003-")
            and f[4] in ("table", "derivation")
            and (f[0] >= "003-021" or f[0] == "003-012")
        ):
            rows.append(f[0])
    return rows


def test_every_spirit_row_of_seed_003_is_cited_in_data_and_tested() -> None:
    rows = _spirit_rows()
    assert len(rows) == 48  # 47 spirit rows (003-021 … 003-136) and the 宮主 table 003-012
    cited = set()
    for p in DATA:
        cited |= set(ID.findall(p.read_text("utf-8")))
    tests = "".join(p.read_text("utf-8") for p in Path(__file__).parent.glob("test_spirits*.py"))
    tested = set(ID.findall(tests.replace("_003_", " 003-")))  # test names write 003_072
    assert [r for r in rows if r not in cited] == []
    assert [r for r in rows if r not in tested] == []


def test_every_spirit_gives_a_hit_and_is_documented() -> None:
    doc = DOC.read_text("utf-8")
    c = chart()
    keys = {h.key for h in c.shensha}  # type: ignore[attr-defined]
    for info in SPIRITS:
        assert info.key in keys, info.key
        assert f"`{info.key}`" in doc, f"{info.key} missing from {DOC.name}"
        assert info.src and all(s.strip() for s in info.src)
    assert len({s.key for s in SPIRITS}) == len(SPIRITS)


def test_issue_list_of_spirits_is_complete() -> None:
    """The spirits issue 10 names, each present by name."""
    names = {s.name for s in SPIRITS}
    wanted = [
        *("科名", "科甲", "文星", "魁星", "官星", "印星", "催官", "祿神", "喜神", "爵星", "天馬", "地驛"),
        *("卦氣", "天元祿", "地元祿", "人元祿", "天經", "地緯", "職元", "局主", "天祿卦氣", "斗標", "注受"),
        *("天乙", "玉堂", "文昌", "天廚", "歲殿", "歲駕", "祿勳", "陽刃", "唐符", "國印", "天雄", "地雌"),
        *(
            "年符",
            "月符",
            "大耗",
            "小耗",
            "天耗",
            "地耗",
            "月廉",
            "月煞",
            "值難",
            "的殺",
            "咸池",
            "大煞",
            "空亡",
        ),
    ]
    assert [w for w in wanted if w not in names] == []
    assert [s.tag for s in SPIRITS if s.name == "天馬"] == ["", "果老"]  # both systems of the seed


# options as data ------------------------------------------------------------------------------------------
def test_options_declared_completely() -> None:
    raw = tomllib.loads(DATA[2].read_text("utf-8"))
    spirits = [name for name, o in raw["option"].items() if o.get("scope") == "spirits"]
    assert spirits == [o.name for o in OPTIONS]
    doc = DOC.read_text("utf-8")
    for o in OPTIONS:
        assert o.default in o.values and len(o.values) == len(set(o.values)) >= 2
        assert set(o.labels) == {"ko", "zh-Hant", "zh-Hans", "en"} and o.src
        for c in o.choices:
            assert set(c.labels) == {"ko", "zh-Hant", "zh-Hans", "en"}, (o.name, c.value)
            assert all(v.strip() for v in c.labels.values()) and c.src.strip()
            assert f"`{c.value}`" in doc, (o.name, c.value)
        assert f"`{o.name}`" in doc
    assert dict(DEFAULT_OPTIONS) == {o.name: o.default for o in OPTIONS}


@pytest.mark.parametrize(
    ("name", "value"), [(o.name, c.value) for o in OPTIONS for c in o.choices if c.value != o.default]
)
def test_every_choice_changes_some_chart(name: str, value: str) -> None:
    rng = random.Random(name + value)
    for _ in range(3000):
        args = [GanZhi(rng.randrange(60)) for _ in range(4)]
        ming, yg = rng.randrange(12), {y: rng.randrange(12) for y in YAO}
        a = star_spirits(*args, ming, yg, is_day=True)  # type: ignore[arg-type]
        b = star_spirits(*args, ming, yg, is_day=True, options={name: value})  # type: ignore[arg-type]
        if a.shensha != b.shensha or a.hua_yao != b.hua_yao:  # hua_set changes the 化曜
            assert b.options[name] == value and a.options[name] == DEFAULT_OPTIONS[name]
            return
    pytest.fail(f"{name}={value} never changed a chart")


def test_option_errors() -> None:
    with pytest.raises(OptionError) as e:
        chart(options={"zhi_yuan": "nonsense"})
    assert e.value.field == "zhi_yuan" and "hua_lu" in str(e.value)
    with pytest.raises(OptionError) as e:
        chart(options={"no_such_option": "x"})
    assert e.value.field == "no_such_option"


# inputs ---------------------------------------------------------------------------------------------------
def test_input_errors_name_their_field() -> None:
    cases = [
        ({"year": "甲丑"}, "year"),
        ({"month": 60}, "month"),
        ({"ming_gong": 12}, "ming_gong"),
        ({"ming_gong": "X"}, "ming_gong"),
        ({"shen_gong": -1}, "shen_gong"),
        ({"yao_gong": {k: v for k, v in YG.items() if k != "炁"}}, "yao_gong"),
        ({"yao_gong": YG | {"冥": 3}}, "yao_gong"),
        ({"yao_gong": YG | {"木": 12}}, "yao_gong"),
        ({"yao_gong": [1, 2]}, "yao_gong"),
        ({"sex": "x"}, "sex"),
        ({"is_day": "yes"}, "is_day"),
    ]
    for kw, field in cases:
        with pytest.raises(InputError) as e:
            chart(**kw)
        assert e.value.field == field, kw


def test_aliases_and_text_inputs() -> None:
    yg = {("氣" if k == "炁" else "太陽" if k == "日" else k): v for k, v in YG.items()}
    a = chart(yao_gong=yg, year="甲子", ming_gong="寅")
    b = chart()
    assert a == b  # type: ignore[comparison-overlap]
    with pytest.raises(InputError):
        chart(yao_gong=YG | {"氣": 3})  # 炁 given twice


def test_is_day_missing_is_taken_from_the_hour_with_a_warning() -> None:
    c = chart(hour=GanZhi.parse("丙寅"))  # 寅: night
    assert c.is_day is False and c.warnings  # type: ignore[attr-defined]
    assert chart(hour=GanZhi.parse("丁卯")).is_day is True  # type: ignore[attr-defined]
    assert chart(is_day=False).warnings == ()  # type: ignore[attr-defined]


# json -----------------------------------------------------------------------------------------------------
def test_to_json_shape() -> None:
    c = chart(shen_gong=B.index("申"), sex="女", is_day=True)
    j = c.to_json()  # type: ignore[attr-defined]
    assert j["engine_version"] == __version__ and j["schema_version"] == SCHEMA_VERSION
    assert (
        j["inputs"]["ming_gong"] == "寅" and j["inputs"]["shen_gong"] == "申" and j["inputs"]["sex"] == "女"
    )
    assert j["inputs"]["yao_gong"] == {y: B[i] for y, i in YG.items()}
    assert j["options"] == dict(DEFAULT_OPTIONS)
    assert j["hua_yao"] == hua_yao_table()["甲"]
    assert len(j["palaces"]) == 12 and j["palaces"][0]["gong"] == "命宮" and j["palaces"][0]["branch"] == "寅"
    keys = [h["key"] for h in j["shensha"]]
    assert keys == [k for s in SPIRITS for k in [s.key] * keys.count(s.key)]  # the documented order
    for h in j["shensha"]:
        assert ("branch" in h) != ("yao" in h)
        assert h["src"] and isinstance(h["shen_gong"], bool)
        if "yao" in h:
            assert h["at"] == B[YG[h["yao"]]]
        else:
            assert h["yao_here"] == [y for y, i in YG.items() if B[i] == h["branch"]]
    first = j["shensha"][0]
    assert first == {
        "key": "ke_ming",
        "name": "科名",
        "yao": "木",
        "at": "巳",
        "gong": "官祿",
        "shen_gong": False,
        "src": ["003-063", "《星學大成》卷一〈定科名星〉"],
    }


def test_chart_queries() -> None:
    c = chart(hour=GanZhi.parse("丁卯"))  # 斗標: month 1, 卯 hour → 未 (003-097)
    assert [h.key for h in c.hits_on(B.index("未"))] == ["dou_biao", "tian_yi"]  # type: ignore[attr-defined]
    assert "ke_ming" in {h.key for h in c.hits_to("木")}  # type: ignore[attr-defined]
    assert c.hua_of("祿").yao == YAO.index("火") and c.branch_of("火") == YG["火"]  # type: ignore[attr-defined]


def test_spirits_description() -> None:
    d = [s.to_json() for s in SPIRITS]
    assert d[0]["key"] == "ke_ming" and d[0]["target"] == "yao" and d[0]["basis"] == "year_stem"
    assert {x["target"] for x in d} == {"yao", "branch"}
    assert all(x["src"] for x in d)


def test_plain_is_public_and_equal() -> None:
    args = (GanZhi(17), GanZhi(40), GanZhi(3), GanZhi(55), 7, YG)
    assert star_spirits(*args) == star_spirits_plain(*args)


def _ctx(
    rng: random.Random, options: dict[str, str], like: Ctx | None = None, keep: tuple[str, ...] = ()
) -> Ctx:
    """A random rule context (the year's stem and branch those of its 干支), or one that agrees with *like*
    on the inputs *keep*."""
    year = rng.randrange(60)
    if like is not None:
        if "year" in keep or {"ys", "yb"} <= set(keep):
            year = like.year
        elif "ys" in keep:
            year = (like.year + 10 * rng.randrange(6)) % 60
        elif "yb" in keep:
            year = (like.year + 12 * rng.randrange(5)) % 60
    v = {
        "mb": rng.randrange(12),
        "hb": rng.randrange(12),
        "ming": rng.randrange(12),
        "lum": rng.randrange(12),
    }
    if like is not None:
        v.update({k: getattr(like, k) for k in keep if k in v})
    view = {**DEFAULT_OPTIONS, **options}
    return Ctx(ys=year % 10, yb=year % 12, year=year, options=view, **v)


@pytest.mark.parametrize(
    "options",
    [{}, *({o.name: c.value} for o in OPTIONS for c in o.choices if c.value != o.default)],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults",
)
def test_each_rule_reads_only_its_basis(options: dict[str, str]) -> None:
    """What the memo of star_spirits relies on: a spirit's hits change with the inputs its ``basis`` names
    and nothing else (other inputs redrawn at random, 150 contexts per spirit); the memo then gives the
    rule-by-rule chart."""
    rng = random.Random(repr(sorted(options.items())))
    for info in SPIRITS:
        keep = basis_fields(info)
        for _ in range(150):
            a = _ctx(rng, options)
            b = _ctx(rng, options, a, keep)
            assert hits_of(info, a) == hits_of(info, b), (info.key, keep, a, b)
    assert options_key(options)  # a valid option set
    for _ in range(30):
        args = (*(GanZhi(rng.randrange(60)) for _ in range(4)), rng.randrange(12))
        yg = {y: rng.randrange(12) for y in YAO}
        kw = {"is_day": rng.random() < 0.5, "shen_gong": rng.randrange(12), "options": options}
        got, want = star_spirits(*args, yg, **kw), star_spirits_plain(*args, yg, **kw)  # type: ignore[arg-type]
        assert got == want
        assert got.hits_json() == want.hits_json()
