"""Table-driven 神煞 engine, shared by every method (金口訣, 大六壬 …).

A 神煞 table file lives in ``xuanheng/shensha/data/<name>.toml`` and is read with :func:`load_table`.
Each spirit is one ``[[spirit]]`` entry; the evaluator answers: *given the chart's context (year, month,
day, hour, season … as indices), which branches / stems / 干支 / 天將 / day numbers does this spirit occupy?*
Which positions of a chart hold those values is the method's business, not this module's.

Format of one entry::

    [[spirit]]
    key = "yue_po"                 # unique, pinyin snake_case
    name = "月破"                   # classical name
    src = "000-001"                # INVENTORY id(s) or 《book》chapter
    basis = "month_branch"         # the context key the spirit is keyed by (see below)
    yields = "branch"              # branch | stem | mixed | ganzhi | jiang | number
    # exactly one rule:
    offset = 6                     # value = basis + offset (mod 12; branch bases only)
    table = ["申", "酉", …]         # one entry per basis value, counted from `start`
    start = "寅"                   # first basis value of `table` (default: 子 / 甲 / 春 / 0)
    by_group = { "申子辰" = "寅" }  # basis value → entry of the group whose key contains it
    const = "丁"                   # fixed value, whatever the context
    core = "yi_ma"                 # a table that already lives in core.shensha_basic (lu, yi_ma,
                                   # tao_hua, hua_gai), applied to the basis — never copied here
    after = "jie_sha"              # (with offset) basis is another spirit's first branch
    # optional:
    note = "…"                     # ambiguity and the choice made
    on = ["ren_yuan"]              # the positions a method should check (default: all)
    [spirit.variants]              # named alternative tables, same shape as `table`
    seed_003 = ["…"]

An entry value is a string of terms: ``"申酉"`` = two branches, ``"丁"`` = a stem, ``"戊寅"`` = a 干支
(``yields = "ganzhi"``), ``"天空"`` = a 天將 (``yields = "jiang"``), or an integer (``yields = "number"``).
``mixed`` accepts stems and branches together (天德 gives 丁 in month 1 and 申 in month 2).

Context keys: any ``str → int`` mapping. Keys ending in ``_branch`` are branches (mod 12), in ``_stem``
stems (mod 10); ``season`` is 0 春 … 3 冬; ``day_ganzhi`` 0–59; others are plain integers (e.g.
``jie_index``: 0 立春 … 11 小寒). Use the same names across methods so tables are reusable:
``year_stem year_branch month_branch day_stem day_branch hour_branch season day_ganzhi birth_stem
birth_branch gui_ren_branch jie_index``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from xuanheng.core import shensha_basic
from xuanheng.core.ganzhi import BRANCHES, STEMS, GanZhi
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.errors import OptionError

YIELDS = ("branch", "stem", "mixed", "ganzhi", "jiang", "number")
#: tables of core.shensha_basic a spirit may point to with ``core = "…"``
_CORE: dict[str, Callable[[int], int]] = {
    "lu": shensha_basic.lu,
    "yi_ma": shensha_basic.yi_ma,
    "tao_hua": shensha_basic.tao_hua,
    "hua_gai": shensha_basic.hua_gai,
}
_SEASONS = "春夏秋冬"


@dataclass(frozen=True, slots=True)
class Occupied:
    """What a spirit occupies in one context."""

    branches: tuple[int, ...] = ()
    stems: tuple[int, ...] = ()
    ganzhi: tuple[int, ...] = ()
    jiang: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.branches or self.stems or self.ganzhi or self.jiang or self.numbers)


@dataclass(frozen=True, slots=True)
class Spirit:
    """One 神煞 definition read from a table file."""

    key: str
    name: str
    src: str
    basis: str
    yields: str
    offset: int | None = None
    table: tuple[Any, ...] | None = None
    start: int = 0
    by_group: tuple[tuple[str, Any], ...] | None = None
    const: Any = None
    core: str | None = None
    after: str | None = None
    note: str = ""
    on: tuple[str, ...] = ()
    variants: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    #: parsed results by basis value (tables and groups) or the parsed constant, filled at load time
    lookup: tuple[Occupied, ...] = ()

    def modulus(self) -> int:
        return _modulus(self.basis, self.table)


def _modulus(basis: str, table: tuple[Any, ...] | None) -> int:
    if basis.endswith("_branch"):
        return 12
    if basis.endswith("_stem"):
        return 10
    if basis == "season":
        return 4
    if basis == "day_ganzhi":
        return 60
    return len(table) if table else 1


def _start_index(basis: str, value: Any) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    if basis.endswith("_branch"):
        return BRANCHES.index(value)
    if basis.endswith("_stem"):
        return STEMS.index(value)
    if basis == "season":
        return _SEASONS.index(value)
    raise ValueError(f"start {value!r} does not fit basis {basis}")


def parse_terms(value: Any, yields: str) -> Occupied:
    """Parse a table entry (``"申酉"``, ``"丁"``, ``"戊寅"``, ``"天空"``, ``7``) into an :class:`Occupied`."""
    if yields == "number":
        vals = value if isinstance(value, list) else [value]
        return Occupied(numbers=tuple(int(v) for v in vals))
    if not isinstance(value, str):
        raise ValueError(f"entry {value!r} must be a string for yields={yields}")
    if yields == "ganzhi":
        return Occupied(ganzhi=tuple(GanZhi.parse(value[i : i + 2]).index for i in range(0, len(value), 2)))
    if yields == "jiang":
        return Occupied(jiang=tuple(TIAN_JIANG.index(value[i : i + 2]) for i in range(0, len(value), 2)))
    branches: list[int] = []
    stems: list[int] = []
    for ch in value:
        if ch in BRANCHES and yields in ("branch", "mixed"):
            branches.append(BRANCHES.index(ch))
        elif ch in STEMS and yields in ("stem", "mixed"):
            stems.append(STEMS.index(ch))
        else:
            raise ValueError(f"term {ch!r} in {value!r} does not fit yields={yields}")
    return Occupied(branches=tuple(branches), stems=tuple(stems))


def _spirit_from(entry: dict[str, Any]) -> Spirit:
    basis = entry.get("basis", "none")
    yields = entry["yields"]
    if yields not in YIELDS:
        raise ValueError(f"spirit {entry.get('key')}: yields must be one of {YIELDS}")
    rules = [k for k in ("offset", "table", "by_group", "const", "core") if k in entry]
    if "after" in entry:
        if "offset" not in entry:
            raise ValueError(f"spirit {entry['key']}: 'after' needs an 'offset'")
    elif len(rules) != 1:
        raise ValueError(
            f"spirit {entry.get('key')}: exactly one of offset/table/by_group/const/core, got {rules}"
        )
    if "core" in entry and entry["core"] not in _CORE:
        raise ValueError(f"spirit {entry['key']}: core must be one of {sorted(_CORE)}")
    table = tuple(entry["table"]) if "table" in entry else None
    sp = Spirit(
        key=entry["key"],
        name=entry["name"],
        src=entry["src"],
        basis=basis,
        yields=yields,
        offset=entry.get("offset"),
        table=table,
        start=_start_index(basis, entry.get("start")),
        by_group=tuple(entry["by_group"].items()) if "by_group" in entry else None,
        const=entry.get("const"),
        core=entry.get("core"),
        after=entry.get("after"),
        note=entry.get("note", ""),
        on=tuple(entry.get("on", ())),
        variants={k: tuple(v) for k, v in entry.get("variants", {}).items()},
    )
    if table is not None and len(table) != sp.modulus():
        raise ValueError(
            f"spirit {sp.key}: table has {len(table)} entries, basis {basis} needs {sp.modulus()}"
        )
    for v in (table or ()) + tuple(x for _, x in sp.by_group or ()) + ((sp.const,) if sp.const else ()):
        parse_terms(v, yields)  # validate at load time
    if sp.const is not None:
        object.__setattr__(sp, "lookup", (parse_terms(sp.const, yields),))
    elif table is not None:
        m = sp.modulus()
        object.__setattr__(
            sp, "lookup", tuple(parse_terms(table[(x - sp.start) % m], yields) for x in range(m))
        )
    elif sp.by_group is not None:
        names = BRANCHES if basis.endswith("_branch") else STEMS
        rows = []
        for name in names:
            hit = [v for g, v in sp.by_group if name in g]
            if len(hit) != 1:
                raise ValueError(f"spirit {sp.key}: {name} must be in exactly one group")
            rows.append(parse_terms(hit[0], yields))
        object.__setattr__(sp, "lookup", tuple(rows))
    return sp


@cache
def load_table(name: str, package: str = "xuanheng.shensha") -> tuple[Spirit, ...]:
    """Read ``<package>/data/<name>.toml`` and validate every entry (keys unique, tables complete)."""
    text = resources.files(package).joinpath("data").joinpath(f"{name}.toml").read_text("utf-8")
    raw = tomllib.loads(text)
    spirits = tuple(_spirit_from(e) for e in raw.get("spirit", []))
    keys = [s.key for s in spirits]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise ValueError(f"{name}.toml: duplicate keys {sorted(dup)}")
    for i, s in enumerate(spirits):
        if s.after is not None and s.after not in keys[:i]:
            raise ValueError(f"{name}.toml: spirit {s.key} is 'after' {s.after}, which must come before it")
    return spirits


def _need(ctx: Mapping[str, int], key: str, spirit: str) -> int:
    try:
        return int(ctx[key])
    except KeyError:
        raise OptionError(f"神煞 {spirit} needs {key!r} in its context", field=key) from None


def evaluate(
    spirit: Spirit,
    ctx: Mapping[str, int],
    resolved: Mapping[str, Occupied] | None = None,
    variant: str | None = None,
) -> Occupied:
    """What *spirit* occupies in *ctx*. ``resolved`` holds earlier results for ``after`` entries."""
    if spirit.after is not None:
        base = (resolved or {}).get(spirit.after)
        if base is None or not base.branches:
            raise ValueError(f"spirit {spirit.key} needs {spirit.after} evaluated first")
        return Occupied(branches=tuple((b + (spirit.offset or 0)) % 12 for b in base.branches))
    if spirit.const is not None:
        return spirit.lookup[0]
    x = _need(ctx, spirit.basis, spirit.key)
    if spirit.core is not None:
        return Occupied(branches=(_CORE[spirit.core](x),))
    if spirit.offset is not None:
        return Occupied(branches=((x + spirit.offset) % 12,))
    if variant:
        m = spirit.modulus()
        return parse_terms(spirit.variants[variant][(x - spirit.start) % m], spirit.yields)
    return spirit.lookup[x % len(spirit.lookup)]


def evaluate_all(
    spirits: tuple[Spirit, ...], ctx: Mapping[str, int], variants: Mapping[str, str] | None = None
) -> dict[str, Occupied]:
    """Evaluate every spirit in file order (an ``after`` entry must follow its base).

    A spirit whose basis the context lacks (e.g. no birth year) is not computable here and is left out;
    so is an ``after`` spirit whose base was left out for that reason.
    """
    out: dict[str, Occupied] = {}
    for s in spirits:
        if s.basis != "none" and s.after is None and s.const is None and s.basis not in ctx:
            continue  # context lacks this basis (e.g. no birth year): spirit not computable here
        if s.after is not None and s.after not in out:
            continue  # its base spirit was not computable in this context
        out[s.key] = evaluate(s, ctx, out, (variants or {}).get(s.key))
    return out


#: number of values of each context key a compiled table enumerates (see :func:`compile_groups`)
_BASIS_SIZE = {"season": 4, "day_ganzhi": 60, "jie_index": 12}


def basis_size(basis: str) -> int | None:
    """How many values the context key *basis* takes (branches 12, stems 10, seasons 4 …), or None."""
    if basis.endswith("_branch"):
        return 12
    if basis.endswith("_stem"):
        return 10
    return _BASIS_SIZE.get(basis)


@dataclass(frozen=True, slots=True)
class SpiritGroup:
    """Spirits whose occupancy depends on one context key, evaluated once for every value of it.

    ``basis`` is the context key (``None`` for the constant spirits, always computable); ``members``
    are indices into the table in file order (an ``after`` spirit joins its base's group);
    ``occupied[x][j]`` is what member *j* occupies when the key has value *x* — exactly what
    :func:`evaluate_all` gives for that context.
    """

    basis: str | None
    members: tuple[int, ...]
    occupied: tuple[tuple[Occupied, ...], ...]


def compile_groups(spirits: tuple[Spirit, ...]) -> tuple[SpiritGroup, ...]:
    """Precompute a table (from :func:`load_table`) per context key, for methods that cast many charts.

    Equivalent to :func:`evaluate_all` (same :class:`Occupied` values; a group is computable when its
    ``basis`` is in the context, or always when ``basis`` is None), but evaluated once per key value at
    load time instead of once per chart (call it once per table and keep the result). Raises
    ``ValueError`` for a basis whose range is unknown.
    """
    root: dict[str, str | None] = {}
    order: dict[str | None, list[int]] = {}
    for i, s in enumerate(spirits):
        if s.after is not None:
            g = root[s.after]
        elif s.const is not None:
            g = None
        else:
            if basis_size(s.basis) is None:
                raise ValueError(f"spirit {s.key}: basis {s.basis!r} has no known range to precompute")
            g = s.basis
        root[s.key] = g
        order.setdefault(g, []).append(i)
    groups = []
    for g, members in order.items():
        size = 1 if g is None else basis_size(g) or 1
        rows = []
        for x in range(size):
            ctx = {} if g is None else {g: x}
            resolved: dict[str, Occupied] = {}
            for i in members:
                resolved[spirits[i].key] = evaluate(spirits[i], ctx, resolved)
            rows.append(tuple(resolved[spirits[i].key] for i in members))
        groups.append(SpiritGroup(g, tuple(members), tuple(rows)))
    return tuple(groups)


__all__ = [
    "YIELDS",
    "Occupied",
    "Spirit",
    "SpiritGroup",
    "basis_size",
    "compile_groups",
    "evaluate",
    "evaluate_all",
    "load_table",
    "parse_terms",
]
