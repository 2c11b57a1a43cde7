"""The 金口訣 casebook (issue 28): worked cases from the books, kept as test data for the coming judgment.

Every ``tests/jinkoujue/casebook/*.toml`` is loaded; each ``[[case]]`` is checked against the schema, then
against the engine:

* ``kind = "chart"`` — a dated cast. It is cast in study mode from the case's coordinates and the 四位
  (人元 stem, 貴神 天將, 將神 branch name, 地分), the printed 干支 of 貴神/將神, the 用爻 and the 四位 旺衰
  are compared with what the book prints.
* ``kind = "elements"`` — an undated example that prints only the four positions' elements (seed 000's
  example under each 貴神); the book's leading element and 貴神 state are compared with
  :mod:`xuanheng.jinkoujue.wangshuai`.

A case whose book and engine differ carries ``disagree = "…"``: it is reported (printed), not failed, and the
test asserts that the engine does still differ, so the note cannot go stale silently. A case without it
must agree in full. ``settles_with = { option = "value" }`` names the school options (not the defaults)
under which such a case agrees in full; the test checks that it does, and the default figures stay those
of the defaults.

Splits: in every file every third case is holdout, the rest dev; but every case of ``blind.toml`` (the cases
never used for tuning, issue 28) is ``blind``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import xuanheng
from xuanheng import jinkoujue
from xuanheng.core.ganzhi import BRANCHES, ELEMENTS, SHEN_NAMES, STEMS
from xuanheng.core.guiren import TIAN_JIANG, TIAN_JIANG_ELEMENT
from xuanheng.jinkoujue.wangshuai import most_wang, state

CASEBOOK = Path(__file__).parent / "casebook"
RULES_DATA = Path(xuanheng.__file__).parent / "rules" / "data"
TOPICS = tomllib.loads((RULES_DATA / "topics.toml").read_text(encoding="utf-8"))["topic"]
INVENTORY_IDS = RULES_DATA / "inventory_ids.txt"

ABOUT = {"自己", "父母", "兄弟", "妻", "夫", "子女", "朋友", "僕", "他人"}
VERDICTS = {"good", "bad", "mixed"}
STATES = {"旺", "相", "休", "囚", "死"}
POS = ("ren_yuan", "gui_shen", "jiang_shen", "difen")
POS_NAME = {"人元": "ren_yuan", "貴神": "gui_shen", "將神": "jiang_shen", "地分": "di_fen"}
#: spellings of the 天將 in the books → the engine's names
JIANG_ALIAS = {"天乙": "貴人", "騰蛇": "螣蛇", "神后": "天后"}
COMMON = {"id", "kind", "book", "chapter", "locator", "si_wei", "reasoning", "split"}
OPTIONAL = {
    "question",
    "topic",
    "about",
    "verdict",
    "outcome",
    "ying_qi",
    "yong_yao",
    "src",
    "note",
    "disagree",
    "day_night",
    "settles_with",
}
CHART = {"day", "hour", "year", "difen", "is_day"}
CHART_OPT = {"month_branch", "yue_jiang", "si_wei_ganzhi", "wang_shuai", "options"}
ELEMENTS_KIND = {"wang_element", "gui_shen_state"}


def _load() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for path in sorted(CASEBOOK.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for i, case in enumerate(data.get("case", [])):
            out.append((path.name, i, case))
    return out


CASES = _load()
IDS = [c["id"] for _, _, c in CASES]


def test_casebook_not_empty_and_ids_unique() -> None:
    assert CASES, "no casebook files found"
    assert len(IDS) == len(set(IDS)), "duplicate case ids"


#: the file of cases never used for tuning: every case in it is split blind (issue 28)
BLIND = "blind.toml"


@pytest.mark.parametrize("fname", sorted({f for f, _, _ in CASES}))
def test_every_third_case_is_holdout(fname: str) -> None:
    cases = [c for f, _, c in CASES if f == fname]
    for i, c in enumerate(cases, start=1):
        want = "blind" if fname == BLIND else ("holdout" if i % 3 == 0 else "dev")
        assert c["split"] == want, (fname, c["id"])


@pytest.mark.parametrize(("fname", "idx", "case"), CASES, ids=IDS)
def test_schema(fname: str, idx: int, case: dict[str, Any]) -> None:
    keys = set(case)
    assert keys >= COMMON, f"missing {COMMON - keys}"
    kind = case["kind"]
    assert kind in ("chart", "elements")
    allowed = COMMON | OPTIONAL | (CHART | CHART_OPT if kind == "chart" else ELEMENTS_KIND)
    assert keys <= allowed, f"unknown keys {keys - allowed}"
    assert case["split"] in (("blind",) if fname == BLIND else ("dev", "holdout"))
    for k in ("book", "chapter", "locator", "reasoning"):
        assert isinstance(case[k], str) and case[k].strip()
    sw = case["si_wei"]
    assert set(sw) == set(POS)
    if "topic" in case:
        assert case["topic"] in TOPICS, case["topic"]
    if "about" in case:
        assert case["about"] in ABOUT
    if "verdict" in case:
        assert case["verdict"] in VERDICTS
        assert "outcome" in case and "ying_qi" in case
    for yq in case.get("ying_qi", []):
        assert yq["unit"] in ("year", "month", "day", "hour")
        assert yq.get("branch") is None or yq["branch"] in BRANCHES
    if "yong_yao" in case:
        assert case["yong_yao"] in POS_NAME
    if "day_night" in case:
        assert case["day_night"] in ("day", "night")
    for sid in case.get("src", []):
        assert sid[:3].isdigit() and sid[3] == "-", sid
    if kind == "chart":
        assert keys >= CHART, f"missing {CHART - keys}"
        assert "month_branch" in case or "yue_jiang" in case
        assert sw["ren_yuan"] in STEMS
        assert JIANG_ALIAS.get(sw["gui_shen"], sw["gui_shen"]) in TIAN_JIANG
        assert sw["jiang_shen"] in SHEN_NAMES or sw["jiang_shen"] in BRANCHES
        assert sw["difen"] == case["difen"] and sw["difen"] in BRANCHES
        assert isinstance(case["is_day"], bool)
        for v in case.get("wang_shuai", {}).values():
            assert v in STATES
    else:
        for k in ("ren_yuan", "jiang_shen", "difen"):
            assert sw[k] in ELEMENTS
        assert JIANG_ALIAS.get(sw["gui_shen"], sw["gui_shen"]) in TIAN_JIANG
        assert case["wang_element"] in ELEMENTS
        assert case["gui_shen_state"] in STATES


def test_src_ids_are_in_the_inventory() -> None:
    lines = INVENTORY_IDS.read_text(encoding="utf-8").splitlines()
    known = {line.split()[0] for line in lines if line.strip()}
    for _, _, case in CASES:
        for sid in case.get("src", []):
            assert sid in known, (case["id"], sid)


def _chart_differences(case: dict[str, Any], extra: dict[str, str] | None = None) -> list[str]:
    c = jinkoujue.cast(
        day=case["day"],
        hour=case["hour"],
        month_branch=case.get("month_branch"),
        year=case["year"],
        yue_jiang=case.get("yue_jiang"),
        is_day=case["is_day"],
        difen=case["difen"],
        options={**case.get("options", {}), **(extra or {})},
    )
    sw = case["si_wei"]
    diffs: list[str] = []
    got = {
        "ren_yuan": STEMS[c.ren_yuan.stem or 0],
        "gui_shen": c.gui_shen.name,
        "jiang_shen": SHEN_NAMES[c.jiang_shen.branch or 0],
        "difen": BRANCHES[c.di_fen.branch or 0],
    }
    want = dict(sw)
    want["gui_shen"] = JIANG_ALIAS.get(want["gui_shen"], want["gui_shen"])
    if want["jiang_shen"] in BRANCHES:
        want["jiang_shen"] = SHEN_NAMES[BRANCHES.index(want["jiang_shen"])]
    for k in POS:
        if got[k] != want[k]:
            diffs.append(f"{k}: book {want[k]}, engine {got[k]}")
    for k, gz in case.get("si_wei_ganzhi", {}).items():
        p = c.gui_shen if k == "gui_shen" else c.jiang_shen
        mine = STEMS[p.stem or 0] + BRANCHES[p.branch or 0]
        if mine != gz:
            diffs.append(f"{k} 干支: book {gz}, engine {mine}")
    if "yong_yao" in case and c.yong_yao != POS_NAME[case["yong_yao"]]:
        diffs.append(f"用爻: book {case['yong_yao']}, engine {c.yong_yao}")
    for k, v in case.get("wang_shuai", {}).items():
        p = c.di_fen if k == "difen" else getattr(c, k)
        if p.wang_shuai.si_wei != v:
            diffs.append(f"旺衰 {k}: book {v}, engine {p.wang_shuai.si_wei}")
    return diffs


def _elements_differences(case: dict[str, Any], extra: dict[str, str] | None = None) -> list[str]:
    sw = case["si_wei"]
    jiang = TIAN_JIANG.index(JIANG_ALIAS.get(sw["gui_shen"], sw["gui_shen"]))
    elems = [
        ELEMENTS.index(sw["ren_yuan"]),
        TIAN_JIANG_ELEMENT[jiang],
        ELEMENTS.index(sw["jiang_shen"]),
        ELEMENTS.index(sw["difen"]),
    ]
    wang = most_wang(elems, rule=(extra or {}).get("wang_rule", "free"))
    diffs = []
    if ELEMENTS[wang] != case["wang_element"]:
        diffs.append(f"旺 element: book {case['wang_element']}, engine {ELEMENTS[wang]}")
    st = state(elems[1], wang)
    if st != case["gui_shen_state"]:
        diffs.append(f"貴神 state: book {case['gui_shen_state']}, engine {st}")
    return diffs


@pytest.mark.parametrize(("fname", "idx", "case"), CASES, ids=IDS)
def test_engine_against_book(fname: str, idx: int, case: dict[str, Any]) -> None:
    diffs = _chart_differences(case) if case["kind"] == "chart" else _elements_differences(case)
    if "disagree" in case:
        print(f"\n[casebook disagreement] {case['id']}: {case['disagree']}\n  engine: {'; '.join(diffs)}")
        assert diffs, f"{case['id']} is marked disagree but the engine now agrees: drop the note"
    else:
        assert not diffs, f"{case['id']}: " + "; ".join(diffs)


SETTLED = [(f, i, c) for f, i, c in CASES if "settles_with" in c]


@pytest.mark.parametrize(("fname", "idx", "case"), SETTLED, ids=[c["id"] for _, _, c in SETTLED])
def test_disagreement_settles_with_its_options(fname: str, idx: int, case: dict[str, Any]) -> None:
    assert "disagree" in case, "settles_with belongs to a case that disagrees by default"
    extra = {str(k): str(v) for k, v in case["settles_with"].items()}
    diffs = (_chart_differences if case["kind"] == "chart" else _elements_differences)(case, extra)
    assert not diffs, f"{case['id']} with {extra}: " + "; ".join(diffs)


def test_casebook_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Cases the engine agrees with: by default, and with each case's own settling options."""

    def agrees(case: dict[str, Any], extra: dict[str, str] | None) -> bool:
        f = _chart_differences if case["kind"] == "chart" else _elements_differences
        return not f(case, extra)

    plain = sum(agrees(c, None) for _, _, c in CASES)
    settled = sum(agrees(c, c.get("settles_with")) for _, _, c in CASES)
    with capsys.disabled():
        print(f"\n金口訣 casebook: {len(CASES)} cases; agree {plain} by default, {settled} with options")
    assert (len(CASES), plain, settled) == (79, 66, 70)
