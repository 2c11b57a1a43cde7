"""Hot path of :func:`xuanheng.qizheng.spirits.star_spirits`: the spirits precomputed once per option set.

No rule lives here. Every spirit depends on one small group of inputs: the year 干支 (60 values), the year
stem with the 命宮 (120), the 月建 (12), the 月建 with the hour (144), or the year stem with the branch of the
太陽/太陰 (120). For each run of consecutive spirits of :data:`~xuanheng.qizheng.spirits.SPIRITS` that share a
group, the plain rules (:func:`~xuanheng.qizheng.spirits.hits_of`) are evaluated once for every value of the
group and the hits kept; a chart then concatenates one precomputed tuple per run, in the same order as
:func:`~xuanheng.qizheng.spirits.star_spirits_plain`. ``tests/qizheng/test_spirits_fast.py`` checks that
the two agree for random inputs and every option choice.

:func:`hits_json` gives the chart's ``shensha`` list (:meth:`~xuanheng.qizheng.spirits.SpiritChart.hits_json`)
from the same tables: each hit's dict is copied from a template made once with its fixed keys and values in
the order ``hits_json`` writes them, and the keys that depend on the chart (palace, 曜 here, 身宮, a new
``src`` list) are then set; the same test compares the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from xuanheng.core.ganzhi import BRANCHES
from xuanheng.qizheng import spirits as S

#: input group of each basis named in data/spirits.toml
_GROUP = {
    "year_stem": 0,
    "year_branch": 0,
    "year": 0,
    "ming_gong": 1,
    "year_stem ming_gong": 1,
    "month_branch": 2,
    "month_branch hour_branch": 3,
    "year_stem is_day 日/月": 4,
}
_SIZE = (60, 120, 12, 144, 120)


def _ctx(group: int, key: int, options: Mapping[str, str]) -> S.Ctx:
    """A context in which only the inputs of *group* are set (to the values that *key* encodes)."""
    ys = yb = year = mb = hb = ming = lum = 0
    if group == 0:
        year, ys, yb = key, key % 10, key % 12
    elif group == 1:
        ys, ming = divmod(key, 12)
    elif group == 2:
        mb = key
    elif group == 3:
        mb, hb = divmod(key, 12)
    else:
        ys, lum = divmod(key, 12)
    return S.Ctx(ys=ys, yb=yb, year=year, mb=mb, hb=hb, ming=ming, lum=lum, options=options)


@dataclass(frozen=True, slots=True)
class Compiled:
    """Precomputed hits of one option set: ``runs`` = (group, hits by group value); ``hua`` = per year stem,
    per title, the 曜 and its :class:`HuaYao` value by palace branch."""

    runs: tuple[tuple[int, tuple[tuple[S.SpiritHit, ...], ...]], ...]
    hua: tuple[tuple[tuple[int, tuple[S.HuaYao, ...]], ...], ...]
    #: ``runs`` with each hit as its :data:`Template`
    json_runs: tuple[tuple[int, tuple[tuple[Template, ...], ...]], ...] = ()


#: one hit for :func:`hits_json`: on a palace (or to a 曜), the branch (or 曜 index), its dict without and
#: with the ``shen_gong`` key (the chart-dependent values left None), its sources
Template = tuple[bool, int, dict[str, Any], dict[str, Any], tuple[str, ...]]


def _template(h: S.SpiritHit) -> Template:
    """The :data:`Template` of one hit: the keys in the order of ``SpiritChart.hits_json``."""
    on_palace = h.target == "branch"
    where = (
        {"branch": BRANCHES[h.value], "gong": None, "yao_here": None}
        if on_palace
        else {"yao": S.YAO[h.value], "at": None, "gong": None}
    )
    tail = {"tag": h.tag} if h.tag else {}
    plain = {"key": h.key, "name": h.name, **where, **tail, "src": None}
    with_shen = {"key": h.key, "name": h.name, **where, "shen_gong": None, **tail, "src": None}
    return on_palace, h.value, plain, with_shen, h.src


@cache
def compiled(opts: tuple[str, ...]) -> Compiled:
    """Build (once per option set) the tables :func:`compute` reads."""
    options = S._options_view(opts)
    groups = [_GROUP[info.basis] for info in S.SPIRITS]
    runs = []
    i = 0
    while i < len(S.SPIRITS):
        j = i
        while j < len(S.SPIRITS) and groups[j] == groups[i]:
            j += 1
        g = groups[i]
        table = []
        for key in range(_SIZE[g]):
            c = _ctx(g, key, options)
            table.append(tuple(h for info in S.SPIRITS[i:j] for h in S.hits_of(info, c)))
        runs.append((g, tuple(table)))
        i = j
    hua = tuple(
        tuple((y, tuple(S.HuaYao(k, y, b) for b in range(12))) for k, y in enumerate(S.HUA_YAO[s]))
        for s in range(10)
    )
    json_runs = tuple((g, tuple(tuple(_template(h) for h in hits) for hits in table)) for g, table in runs)
    return Compiled(tuple(runs), hua, json_runs)


_SUN, _MOON = S.YAO.index("日"), S.YAO.index("月")


def _keys(inp: S.Inputs) -> tuple[int, int, int, int, int]:
    """The value of each input group (the index into its run's table) for *inp*."""
    yg = inp.yao_gong
    year = inp.year.index
    ys = year % 10
    mb, hb = inp.month.index % 12, inp.hour.index % 12
    return (year, ys * 12 + inp.ming, mb, mb * 12 + hb, ys * 12 + yg[_SUN if inp.is_day else _MOON])


def compute(inp: S.Inputs) -> tuple[tuple[S.HuaYao, ...], tuple[S.SpiritHit, ...]]:
    """The 化曜 and the hits of validated inputs, from the precomputed tables."""
    c = compiled(inp.opts)
    keys = _keys(inp)
    hits: list[S.SpiritHit] = []
    for g, table in c.runs:
        hits += table[keys[g]]
    yg = inp.yao_gong
    hua = tuple(objs[yg[y]] for y, objs in c.hua[inp.year.index % 10])
    return hua, tuple(hits)


#: the palace name of each branch, for each 命宮 branch
_GONG_BY_MING: tuple[tuple[str, ...], ...] = tuple(
    tuple(S.GONG_NAMES[S.gong_of(m, b)] for b in range(12)) for m in range(12)
)


def hits_json(inp: S.Inputs) -> list[dict[str, Any]]:
    """``star_spirits_of(inp).hits_json()`` (the natal chart's ``shensha`` list), from the templates."""
    c = compiled(inp.opts)
    keys = _keys(inp)
    yg = inp.yao_gong
    here: list[list[str]] = [[] for _ in range(12)]
    for i, b in enumerate(yg):
        here[b].append(S.YAO[i])
    gong = _GONG_BY_MING[inp.ming]
    shen = inp.shen
    out: list[dict[str, Any]] = []
    if shen is None:
        for g, table in c.json_runs:
            for on_palace, value, tpl, _, src in table[keys[g]]:
                d = tpl.copy()
                if on_palace:
                    d["gong"] = gong[value]
                    d["yao_here"] = list(here[value])
                else:
                    where = yg[value]
                    d["at"] = BRANCHES[where]
                    d["gong"] = gong[where]
                d["src"] = list(src)
                out.append(d)
        return out
    for g, table in c.json_runs:
        for on_palace, value, _, tpl, src in table[keys[g]]:
            d = tpl.copy()
            if on_palace:
                where = value
                d["yao_here"] = list(here[value])
            else:
                where = yg[value]
                d["at"] = BRANCHES[where]
            d["gong"] = gong[where]
            d["shen_gong"] = where == shen
            d["src"] = list(src)
            out.append(d)
    return out
