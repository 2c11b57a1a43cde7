"""Hot path of :func:`xuanheng.qizheng.spirits.star_spirits`: the spirits precomputed once per option set.

No rule lives here. Every spirit depends on one small group of inputs: the year 干支 (60 values), the year
stem with the 命宮 (120), the 月建 (12), the 月建 with the hour (144), or the year stem with the branch of the
太陽/太陰 (120). For each run of consecutive spirits of :data:`~xuanheng.qizheng.spirits.SPIRITS` that share a
group, the plain rules (:func:`~xuanheng.qizheng.spirits.hits_of`) are evaluated once for every value of the
group and the hits kept; a chart then concatenates one precomputed tuple per run, in the same order as
:func:`~xuanheng.qizheng.spirits.star_spirits_plain`. ``tests/qizheng/test_spirits_fast.py`` checks that
the two agree for random inputs and every option choice.

:func:`hits_json` gives the chart's ``shensha`` list (:meth:`~xuanheng.qizheng.spirits.SpiritChart.hits_json`)
from the same tables: each table entry's hits are written by a function generated for that entry on its first
use, with the fixed keys and values as literals in the order ``hits_json`` writes them and the keys that
depend on the chart (palace, 曜 here, 身宮, a new ``src`` list) read from its arguments; the same test
compares the two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
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
    #: (run, group value, with 身宮) → the generated function that writes that entry's hits as JSON dicts
    #: (:func:`_builder`), made on first use
    builders: dict[tuple[int, int, bool], Builder] = field(default_factory=dict)


#: the JSON dicts of one table entry's hits, given the palace name of each branch, the 曜 names on each
#: branch, the branch of each 曜 (YAO order) and the 身宮
Builder = Callable[[tuple[str, ...], list[list[str]], tuple[int, ...], "int | None"], list[dict[str, Any]]]


def _builder(hits: tuple[S.SpiritHit, ...], with_shen: bool) -> Builder:
    """A function writing *hits* as ``SpiritChart.hits_json`` writes them (the same keys in the same order):
    the fixed keys and values as literals, the palace, the 曜 here, the 身宮 and a new ``src`` list per call.
    Generated from the spirit data only (names and sources, written with ``repr``)."""
    items = []
    for h in hits:
        parts = [f"'key': {h.key!r}", f"'name': {h.name!r}"]
        if h.target == "branch":
            where = str(h.value)
            parts += [
                f"'branch': {BRANCHES[h.value]!r}",
                f"'gong': gong[{where}]",
                f"'yao_here': [*here[{where}]]",
            ]
        else:
            where = f"w{h.value}"
            parts += [f"'yao': {S.YAO[h.value]!r}", f"'at': BR[{where}]", f"'gong': gong[{where}]"]
        if with_shen:
            parts.append(f"'shen_gong': {where} == shen")
        if h.tag:
            parts.append(f"'tag': {h.tag!r}")
        parts.append(f"'src': {list(h.src)!r}")
        items.append("{" + ", ".join(parts) + "}")
    lines = ["def build(gong, here, yg, shen):"]
    lines += [f"    w{v} = yg[{v}]" for v in sorted({h.value for h in hits if h.target != "branch"})]
    lines.append("    return [" + ", ".join(items) + "]")
    ns: dict[str, Any] = {"BR": BRANCHES}
    exec(compile("\n".join(lines), "<spirit hits>", "exec"), ns)  # generated from the spirit data only
    fn: Builder = ns["build"]
    return fn


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
    return Compiled(tuple(runs), hua)


_SUN, _MOON = S.YAO.index("日"), S.YAO.index("月")
_YAO_NAMES = S.YAO


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
    """``star_spirits_of(inp).hits_json()`` (the natal chart's ``shensha`` list), each table entry's hits
    written by its generated :func:`_builder`."""
    c = compiled(inp.opts)
    keys = _keys(inp)
    yg = inp.yao_gong
    here: list[list[str]] = [[], [], [], [], [], [], [], [], [], [], [], []]
    for i, b in enumerate(yg):
        here[b].append(_YAO_NAMES[i])
    gong = _GONG_BY_MING[inp.ming]
    shen = inp.shen
    with_shen = shen is not None
    made = c.builders
    out: list[dict[str, Any]] = []
    for r, (g, table) in enumerate(c.runs):
        k = keys[g]
        fn = made.get((r, k, with_shen))
        if fn is None:
            fn = made[r, k, with_shen] = _builder(table[k], with_shen)
        out += fn(gong, here, yg, shen)
    return out
