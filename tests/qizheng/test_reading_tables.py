"""The tables of data/aspects.toml re-derived from the words of their sources (not from the code under
test)."""

from __future__ import annotations

from xuanheng.core._data import load_package_data
from xuanheng.core.changsheng import STAGES
from xuanheng.core.ganzhi import BRANCHES
from xuanheng.qizheng._reading_ctx import (
    ASPECT_OF,
    ASPECT_WEIGHT,
    DUAN_CHAN,
    JI,
    SI_SHA_STAGES,
    XIAN_PALACES,
    XIONG,
    YAO_ELEMENT,
    qiang_ruo,
)
from xuanheng.qizheng.gong import GONG_NAMES, PALACES

A = load_package_data("xuanheng.qizheng", "aspects")
SIGN_BRANCH = {p.sign: BRANCHES[p.branch] for p in PALACES}


def test_qiang_ruo_kuocang() -> None:
    # 〈括蒼二十字例〉: 七强宫謂命宫財帛田宅福德官禄 … 男女妻妾皆是强宫; 五弱宫謂兄弟奴僕遷移疾厄相貎
    q, r = qiang_ruo("kuocang")
    assert q == {"命宮", "財帛", "田宅", "福德", "官祿", "男女", "夫妻"}
    assert r == {"兄弟", "奴僕", "遷移", "疾厄", "相貌"}
    assert q | r == set(GONG_NAMES) and not q & r


def test_qiang_ruo_xitian_from_the_turned_wheel() -> None:
    # 〈西天聿斯經〉 turns the 命宮 onto 卯 and grades the branches: 卯 巳 午 最高强, 子 酉 次强, 寅 申 近强
    # (strong, seven); 未 亥 微, 辰 戌 惡弱, the third palace 閑極 (weak, five). With the 命宮 on 卯 the 人事
    # palaces run backwards: 卯 命宮, 寅 財帛, 丑 兄弟, 子 田宅 …
    on_mao = {BRANCHES[(3 - k) % 12]: name for k, name in enumerate(GONG_NAMES)}
    strong = {on_mao[b] for b in "卯巳午子酉寅申"}
    weak = {on_mao[b] for b in "未亥辰戌"} | {GONG_NAMES[2]}
    q, r = qiang_ruo("xitian")
    assert q == strong and r == weak


def test_nu_gong_from_the_verse() -> None:
    # 〈星曜怒宫歌〉: 火燒牛角 水漂羊 土埋雙女 木打寶瓶 金騎人馬 (the sign names of gong.toml),
    # 金怕卯; 卷十五 火 辰
    verse = {"火": ["金牛"], "水": ["白羊"], "土": ["雙女"], "木": ["寶瓶"], "金": ["人馬"]}
    want = {y: {BRANCHES.index(SIGN_BRANCH[s]) for s in signs} for y, signs in verse.items()}
    want["金"].add(BRANCHES.index("卯"))
    want["火"].add(BRANCHES.index("辰"))
    assert {y: set(v) for y, v in XIAN_PALACES.items()} == want


def test_si_sha_stages_and_an_example() -> None:
    assert {"沐浴", "死", "墓", "絕"} == SI_SHA_STAGES
    assert set(STAGES) >= SI_SHA_STAGES
    # 甲子 納音 金 (海中金): 金 長生 巳 → 沐浴 午, 死 子, 墓 丑, 絕 寅
    from xuanheng.core.changsheng import element_stage

    got = {BRANCHES[b] for b in range(12) if element_stage(3, b) in SI_SHA_STAGES}
    assert got == {"午", "子", "丑", "寅"}


def test_aspects_are_san_fang_si_zheng() -> None:
    assert ASPECT_OF == {0: "同宮", 6: "對照", 4: "三合", 8: "三合"}
    assert ASPECT_WEIGHT == {"同宮": 10, "對照": 7, "三合": 4}  # 十分 七分 四分


def test_ji_xiong_and_elements() -> None:
    assert {"日", "月", "金", "木", "炁", "羅"} == JI
    assert {"火", "土", "計", "孛"} == XIONG
    assert "水" not in JI | XIONG  # 水無定性
    yao = {y["name"]: y["qiyao"] for y in load_package_data("xuanheng.qizheng", "yao")["yao"]}
    planet_element = {"水": "水", "金": "金", "火": "火", "木": "木", "土": "土", "日": "火", "月": "水"}
    for y, q in yao.items():
        assert "木火土金水"[YAO_ELEMENT[y]] == planet_element[q], y


def test_duan_chan_from_the_verse() -> None:
    # 《張果星宗》卷八〈觀星要訣〉「忌斷躔」: 木 天秤 and 金牛, 火 申 and 巳, 土 雙魚 and 人馬, 金 天蠍
    # (天蝎 in gong.toml) and 白羊, 水 羊角 (白羊) and 巨蟹, 計 the tiger, the pig and the hare, 紫炁 the
    # cock, 孛 戌, 羅 酉 and 亥, 日 and 月 卯 and 酉 (sign names of gong.toml, animals as their branches)
    signs = {"木": ["天秤", "金牛"], "土": ["雙魚", "人馬"], "金": ["天蝎", "白羊"], "水": ["白羊", "巨蟹"]}
    want = {y: {BRANCHES.index(SIGN_BRANCH[s]) for s in ss} for y, ss in signs.items()}
    animals = {"虎": "寅", "豬": "亥", "兔": "卯", "雞": "酉"}
    want["計"] = {BRANCHES.index(animals[a]) for a in "虎豬兔"}
    want["炁"] = {BRANCHES.index(animals["雞"])}
    for y, bs in {"火": "申巳", "孛": "戌", "羅": "酉亥", "日": "卯酉", "月": "卯酉"}.items():
        want[y] = {BRANCHES.index(b) for b in bs}
    assert {y: set(v) for y, v in DUAN_CHAN.items()} == want


def test_every_table_is_cited() -> None:
    for name, t in A.items():
        assert isinstance(t, dict)
        srcs = [t.get("src")] + [c.get("src") for c in t.get("choice", {}).values()]
        assert all(s and ("《" in s or s[:3].isdigit()) for s in srcs if s is not None), name
        assert any(srcs), name
