"""The seeded sweep: every rule fires on some real chart, every fired rule is well formed, and every rule goes
quiet when its deciding fact changes (mutation-style: change the 六神 by the day, freeze the moving line, move
the month, the year, flip a line, drop the topic)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from xuanheng import liuyao
from xuanheng.core.ganzhi import BRANCHES, SIXTY, GanZhi
from xuanheng.liuyao._reading_ctx import Ctx
from xuanheng.liuyao._reading_data import NEVER, make_reading_options
from xuanheng.liuyao._reading_vocab import CHART
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.liuyao.reading import EVERY_TOPIC, GROUPS, reading, rules
from xuanheng.reading import LANGS
from xuanheng.rules import Rule

#: a sweep of a thousand readings (about 40 s of CPU): CI runs it (``pytest -m slow``)
pytestmark = pytest.mark.slow

Run = tuple[LiuYaoChart, str | None, dict[str, Any]]


def _helpers() -> Any:
    """tests/liuyao/test_reading_helpers.py, loaded once (the suite imports test files by path)."""
    import importlib.util
    import sys
    from pathlib import Path

    name = "liuyao_reading_helpers"
    mod = sys.modules.get(name)
    if mod is None:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).with_name("test_reading_helpers.py")
        )
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return mod


def runs() -> Iterator[Run]:
    r: Iterator[Run] = _helpers().runs()
    return r


@cache
def fired_runs() -> dict[str, list[Run]]:
    """Rule id → the runs of the sweep it fired on (at most 12 each)."""
    out: dict[str, list[Run]] = {}
    for c, t, o in runs():
        for r in reading(c, t, **o):
            got = out.setdefault(r.id, [])
            if len(got) < 12:
                got.append((c, t, o))
    return out


def test_every_rule_fires_in_the_sweep() -> None:
    never = {e["id"] for e in NEVER}
    quiet = sorted({r.id for r in rules()} - set(fired_runs()) - never)
    assert not quiet, quiet
    assert never.isdisjoint(fired_runs())


def test_fired_rules_are_well_formed() -> None:
    by_id = {r.id for r in rules()}
    for c, t, o in list(runs())[::7]:
        for f in reading(c, t, **o):
            assert f.id in by_id
            assert f.src and f.topics
            assert f.extra["group"] in GROUPS and f.extra["kind"]
            assert all(1 <= p <= 6 for p in f.extra["lines"])
            for lang in LANGS:
                doc = f.to_json(lang)
                assert doc["text"].strip()
                json.dumps(doc, ensure_ascii=False)


# ── mutations ──────────────────────────────────────────────────────────────────────────────────────
def _study_args(c: LiuYaoChart) -> dict[str, Any] | None:
    i = c.inputs
    if "at" in i:
        return None
    return {k: i[k] for k in ("day", "month", "hour", "year", "lines") if i.get(k) is not None} | {
        "options": c.options
    }


def _shift_gz(name: str, k: int) -> str:
    return SIXTY[(GanZhi.parse(name).index + k) % 60].name


def mutations(c: LiuYaoChart, kind: str) -> Iterator[LiuYaoChart]:
    """Charts like *c* with one kind of fact changed."""
    a = _study_args(c)
    if a is None:  # an instant cast: move the instant by whole days
        if kind in ("day", "any"):
            at = dt.datetime.fromisoformat(c.inputs["at"])
            for k in (1, 2, 5):
                yield liuyao.cast(at + dt.timedelta(days=k), tz=c.inputs["tz"], lines=c.inputs["lines"])
        return
    lines = a["lines"]
    if kind in ("still", "any"):
        yield liuyao.cast(**(a | {"lines": lines.replace("9", "7").replace("6", "8")}))
    if kind in ("day", "any"):
        for k in (1, 2, 3, 5, 7, 11):
            yield liuyao.cast(**(a | {"day": _shift_gz(a["day"], k)}))
    if kind in ("month", "any"):
        m = BRANCHES.index(a["month"])
        for k in (1, 2, 3, 6, 9):
            yield liuyao.cast(**(a | {"month": BRANCHES[(m + k) % 12]}))
    if kind in ("year", "any") and "year" in a:
        for k in (1, 2, 6):
            yield liuyao.cast(**(a | {"year": _shift_gz(a["year"], k)}))
    if kind in ("flip", "any"):
        flip = {"6": "9", "9": "6", "7": "8", "8": "7"}
        for i in range(6):
            yield liuyao.cast(**(a | {"lines": lines[:i] + flip[lines[i]] + lines[i + 1 :]}))
    if kind in ("move", "any"):
        for i in range(6):
            v = {"7": "9", "8": "6"}.get(lines[i])
            if v:
                yield liuyao.cast(**(a | {"lines": lines[:i] + v + lines[i + 1 :]}))


def _words(when: Any) -> Iterator[tuple[str, Any]]:
    """The words of *when* that must hold (not those under ``no_line`` or ``not``)."""
    if isinstance(when, dict):
        for k, v in when.items():
            if k in ("no_line", "not"):
                continue
            yield k, v
            yield from _words(v)
    elif isinstance(when, list):
        for v in when:
            yield from _words(v)


def designated(r: Rule) -> str:
    """The mutation that changes the fact the rule's family turns on."""
    words = dict(_words(r.when))
    if "yao_wei" in words or "tian_shi_table" in words:
        return "topic"
    if r.kind in ("六神", "傳符", "日辰"):
        return "day"
    if r.kind == "天符":
        return "year"
    if r.kind == "直符":
        return "month"
    if words.get("moving") is True or "hua_liu_qin" in words or "change" in words or "hua" in words:
        return "still"
    if "shi" in words or "gua" in words or "trigrams" in words:
        return "flip"
    return "any"


def holds(r: Rule, c: LiuYaoChart, topic: str | None, opts: dict[str, Any]) -> bool:
    t = None if topic == EVERY_TOPIC else topic
    return CHART.holds(r.when, Ctx(c, t, make_reading_options(opts))) is not None


def _quiet_by(r: Rule, kind: str, hits: list[Run]) -> bool:
    for c, t, o in hits:
        if kind == "topic":
            if not holds(r, c, None, o):
                return True
            continue
        for m in mutations(c, kind):
            if not holds(r, m, t, o):
                return True
    return False


def test_every_rule_goes_quiet_when_its_deciding_fact_changes() -> None:
    fr = fired_runs()
    loud = []
    for r in rules():
        hits = fr.get(r.id, [])
        if not hits or r.id in ALWAYS:
            continue
        kind = designated(r)
        if not _quiet_by(r, kind, hits):
            loud.append((r.id, kind))
    assert not loud, loud


#: rules that hold on every chart by design: they report facts (the 用神, the rain days, where 父母 is);
#: 004-352 (土多) holds on every chart under the default many_element (every hexagram has two 土 lines);
#: 004-300 holds on most charts (two elements are 旺相 in any month) — test_reading_examples.py shows it quiet
ALWAYS = frozenset({"yong.select", "004-172", "004-337", "004-352", "004-300"})


def test_families_turn_on_their_fact() -> None:
    """The issue's families one by one: the 六神 rules go quiet when the day (hence the 六神) changes, the
    moving-line rules when the line is stilled, the 直符 rules when the 月建 moves, the 天符 rules when the
    year does."""
    fr = fired_runs()
    families: dict[str, Callable[[Rule], bool]] = {
        "day": lambda r: r.kind == "六神",
        "still": lambda r: r.kind in ("六親", "動化") and designated(r) == "still",
        "month": lambda r: r.kind == "直符",
        "year": lambda r: r.kind == "天符",
    }
    for kind, member in families.items():
        rs = [r for r in rules() if member(r) and r.id in fr]
        assert rs, kind
        assert all(_quiet_by(r, kind, fr[r.id][:4]) for r in rs), kind
