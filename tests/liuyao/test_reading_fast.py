"""The fast path of the reading (_reading_fast: masks and a generated gate function) gives exactly what the
plain rule statement (reading_plain: every rule, every line, Vocabulary.holds) gives."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from xuanheng.liuyao import _reading_fast as F
from xuanheng.liuyao._reading_ctx import Ctx
from xuanheng.liuyao._reading_data import make_reading_options
from xuanheng.liuyao._reading_vocab import LINE
from xuanheng.liuyao.chart import LiuYaoChart
from xuanheng.liuyao.reading import reading, reading_plain, rules

Run = tuple[LiuYaoChart, str | None, dict[str, Any]]


def _helpers() -> Any:
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


def sample(step: int) -> Iterator[Run]:
    for i, run in enumerate(_helpers().runs()):
        if i % step == 0:
            yield run


def _key(rs: list[Any], lang: str) -> list[Any]:
    return [(r.id, r.src, r.facts, r.text.get(lang), r.topics, r.extra, r.to_json(lang)) for r in rs]


def test_fast_equals_plain_over_the_sweep() -> None:
    n = 0
    for c, t, o in sample(6):
        lang = ("zh-Hant", "ko", "zh-Hans", "en")[n % 4]
        fast = reading(c, t, lang, **o)
        plain = reading_plain(c, t, lang, **o)
        assert _key(fast, lang) == _key(plain, lang), (c.ben.name, c.inputs, t, o)
        n += 1
    assert n > 400


def test_options_object_and_keywords_agree() -> None:
    c, t, _ = next(sample(1))
    o = make_reading_options(sex="female", lin_yao="shi")
    assert _key(reading(c, t, options=o), "en") == _key(reading(c, t, sex="female", lin_yao="shi"), "en")


#: every line word with the values the rules give it, and a few more
def _word_values() -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}

    def walk(when: Any) -> None:
        if isinstance(when, dict):
            for k, v in when.items():
                if k in F.LINE_TABLES or k in ("no_line", "yong"):
                    for kk, vv in v.items():
                        out.setdefault(kk, [])
                        if vv not in out[kk]:
                            out[kk].append(vv)
                walk(v)
        elif isinstance(when, list):
            for v in when:
                walk(v)

    for r in rules():
        walk(r.when)
    return out


@pytest.mark.parametrize("opts", [{}, {"shensha_on": "any_line", "li_yao": "fire", "tian_fu_match": "both"}])
def test_word_masks_are_where_the_word_holds(opts: dict[str, str]) -> None:
    """The mask expression of each line word (what the gate ANDs) is exactly the set of lines on which the
    plain word function holds, on every chart of a slice of the sweep."""
    words = _word_values()
    o = make_reading_options(opts)
    src = F._Src()
    exprs = {(k, repr(v)): F.word_expr(k, v, o, src) for k, vs in words.items() for v in vs}
    prologue = F._PROLOGUE.replace("    out = []\n", "")
    body = "def masks(c):\n" + prologue + "    return {\n"
    keys = list(exprs)
    for i, key in enumerate(keys):
        body += f"        {i}: {exprs[key]},\n"
    body += "    }\n"
    ns: dict[str, Any] = dict(src.consts)
    exec(body, ns)
    checked = 0
    for c, t, _ in sample(9):
        ctx = Ctx(c, t, o)
        got = ns["masks"](ctx)
        for i, (k, rv) in enumerate(keys):
            v = next(v for v in words[k] if repr(v) == rv)
            want = sum(x.bit for x in ctx.lines if LINE.holds({k: v}, x) is not None)
            assert got[i] == want, (k, v, c.ben.name, c.inputs)
            checked += 1
    assert checked > 10_000
