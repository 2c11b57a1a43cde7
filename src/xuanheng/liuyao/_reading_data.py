"""The data of the 六爻 reading that is not a rule: ``data/judgments.toml`` as values.

* :data:`READING_OPTION_SPECS` / :class:`ReadingOptions` — the school options of the reading (closed sets of
  plain strings, each choice with labels and a source), declared once in ``data/params.toml`` (section
  "reading options", the contract's parameters are made from the same declarations) and validated by
  :func:`make_reading_options`;
* :data:`YONG_SHEN` — the 用神 of each question (topic → a 六親 or 世 / 應, maybe chosen by an option);
* :data:`SHA` / :data:`JI_SHENSHA` — the classes the seed calls 殺 and 吉神;
* :func:`spirit_lookup` — for each name of the 神煞 verse, the shared 神煞 table chosen by the options, read
  from ``xuanheng/shensha/data`` (never re-typed) and turned into a per-basis lookup;
* the topic tree, the 爻位 table of each topic and the not-computable items.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from xuanheng import shensha
from xuanheng.core._data import load_package_data
from xuanheng.errors import OptionError
from xuanheng.liuyao.options import Choice, OptionSpec, PlainOptions
from xuanheng.params import declared, option_declarations

_PKG = "xuanheng.liuyao"
_T = load_package_data(_PKG, "judgments")


def _spec(name: str) -> OptionSpec:
    p = declared(_PKG, name)
    return OptionSpec(
        name=name,
        default=str(p.default),
        label=p.label.all(),
        group="reading",
        choices=tuple(Choice(str(c.value), c.label.all(), c.src) for c in p.choices),
    )


class ReadingOptions(PlainOptions):
    """School choices of the reading, each declared once in ``data/params.toml`` (``scope = "reading"``;
    docs/liuyao-reading.md), in the order the reading echoes them; keywords only."""

    DECLARED = option_declarations(_PKG, scope="reading")
    __slots__ = tuple(k for k, _ in DECLARED)


READING_OPTION_NAMES: tuple[str, ...] = ReadingOptions.keywords()
READING_OPTION_SPECS: tuple[OptionSpec, ...] = tuple(_spec(n) for n in READING_OPTION_NAMES)
READING_SPEC_BY_NAME: dict[str, OptionSpec] = {s.name: s for s in READING_OPTION_SPECS}
assert all(getattr(ReadingOptions(), s.name) == s.default for s in READING_OPTION_SPECS), "defaults disagree"
assert all(s.default in s.values for s in READING_OPTION_SPECS), "a default is not one of its choices"

DEFAULT_READING_OPTIONS = ReadingOptions()
_VALID: set[ReadingOptions] = {DEFAULT_READING_OPTIONS}


def make_reading_options(options: ReadingOptions | dict[str, Any] | None = None, **kw: Any) -> ReadingOptions:
    """A validated :class:`ReadingOptions` from an instance, a dict and/or keywords (else OptionError);
    keywords alone that were valid before give the same value again (kept in :data:`_BY_KEYWORDS`)."""
    if not kw and (options is None or (type(options) is ReadingOptions and options in _VALID)):
        return options if options is not None else DEFAULT_READING_OPTIONS
    if options is None:
        try:
            key = tuple(kw.items())
            known = _BY_KEYWORDS.get(key)
        except TypeError:  # an unhashable value: checked (and refused) below
            key, known = None, None
        if known is not None:
            return known
        made = _make(None, kw)
        if key is not None and len(_BY_KEYWORDS) < 4096:
            _BY_KEYWORDS[key] = made
        return made
    return _make(options, kw)


#: valid keyword sets already made (the document passes every reading option as keywords on each request)
_BY_KEYWORDS: dict[tuple[tuple[str, Any], ...], ReadingOptions] = {}


def _make(options: ReadingOptions | dict[str, Any] | None, kw: dict[str, Any]) -> ReadingOptions:
    if isinstance(options, dict):
        kw = {**options, **kw}
        options = None
    elif options is not None and not isinstance(options, ReadingOptions):
        raise OptionError(
            f"reading options must be a ReadingOptions or a dict, not {type(options).__name__}",
            field="options",
        )
    unknown = sorted(map(str, set(kw) - set(READING_OPTION_NAMES)))
    if unknown:
        raise OptionError(
            f"unknown reading option(s) {', '.join(unknown)}: accepted are {', '.join(READING_OPTION_NAMES)}",
            field=unknown[0],
        )
    base = options if options is not None else DEFAULT_READING_OPTIONS
    clean: dict[str, str] = {}
    for k, v in kw.items():
        if not isinstance(v, str):
            accepted = ", ".join(READING_SPEC_BY_NAME[k].values)
            raise OptionError(f"reading option {k} must be one of {accepted}, not {v!r}", field=k)
        clean[k] = v.strip()
    if clean:
        base = base.replace(**clean)
    if base not in _VALID:
        for spec in READING_OPTION_SPECS:
            v = getattr(base, spec.name)
            if v not in spec.values:
                raise OptionError(
                    f"unknown {spec.name} {v!r}: expected one of {', '.join(spec.values)}", field=spec.name
                )
        if len(_VALID) > 4096:
            _VALID.clear()
            _VALID.add(DEFAULT_READING_OPTIONS)
        _VALID.add(base)
    return base


# ── 用神 ───────────────────────────────────────────────────────────────────────────────────────
@dataclass(frozen=True, slots=True)
class YongEntry:
    """The 用神 of one question: ``yong`` (a 六親 or 世 / 應), or the option deciding it."""

    topic: str
    yong: str
    by_option: tuple[str, dict[str, str]] | None
    src: tuple[str, ...]
    note: str
    also: dict[str, str]
    #: the 世 is read instead when it holds one of these 六親 (科舉: the asker's own 文章 or 名)
    shi_if: tuple[str, ...] = ()
    #: … or when the 世 moves and changes into one of these 六親, a branch no line of that 六親 shows
    #: (官, 科舉: the asker's line becoming the office)
    shi_if_hua: tuple[str, ...] = ()
    #: weather (《增刪卜易》〈天時章〉: the weather is read off what moves): the moving line of one of these
    #: 六親 is read first (the resolved 六親 before the others) …
    moving_first: tuple[str, ...] = ()
    #: … then a moving line that turns into one of these (父化子: the sun after the rain)
    moving_into: tuple[str, ...] = ()
    #: … then the hexagram's only moving line (獨發) when of one of these (兄弟 the cloud, 官鬼 the mist)
    moving_alone: tuple[str, ...] = ()

    def resolve(self, opts: ReadingOptions) -> str:
        if self.by_option is None:
            return self.yong
        name, table = self.by_option
        return table[getattr(opts, name)]


def _yong_entry(e: dict[str, Any]) -> YongEntry:
    by = e.get("by_option")
    by_option = None
    if by is not None:
        ((name, table),) = by.items()
        by_option = (str(name), dict(table))
    src = e["src"] if isinstance(e["src"], list) else [e["src"]]
    return YongEntry(
        e["topic"],
        e.get("yong", ""),
        by_option,
        tuple(src),
        e.get("note", ""),
        dict(e.get("also", {})),
        tuple(e.get("shi_if", ())),
        tuple(e.get("shi_if_hua", ())),
        tuple(e.get("moving_first", ())),
        tuple(e.get("moving_into", ())),
        tuple(e.get("moving_alone", ())),
    )


YONG_SHEN: dict[str, YongEntry] = {e["topic"]: _yong_entry(e) for e in _T["yong_shen"]}
YONG_DEFAULT = YongEntry("", _T["yong_default"]["yong"], None, (_T["yong_default"]["src"],), "", {})
#: whom a question is about → the 六親 (or 應) read for that person, for the topics of a person's own state
ABOUT_YONG: dict[str, str] = dict(_T["about_yong"]["person"])
PERSON_TOPICS: frozenset[str] = frozenset(_T["about_yong"]["person_topics"])
#: the topics of a thing that, asked about a relative (not 他人), read the relative's 六親 all the same
RELATIVE_TOPICS: frozenset[str] = frozenset(_T["about_yong"]["relative_topics"])
RELATIVE_SRC: str = _T["about_yong"]["relative_src"]
ABOUT_SRC: tuple[str, ...] = tuple(_T["about_yong"]["src"])
#: the questions, and the source, of reading the 世 that turns into the missing 用神 and is fed back by it
#: (``[shi_hua_sheng]``)
SHI_HUA_SHENG_TOPICS: frozenset[str] = frozenset(_T["shi_hua_sheng"]["topics"])
SHI_HUA_SHENG_SRC: tuple[str, ...] = tuple(_T["shi_hua_sheng"]["src"])

# ── classes, topics, tables ─────────────────────────────────────────────────────────────────────────
_C = _T["classes"]
SHA: frozenset[str] = frozenset(_C["sha"])
JI_LIU_SHEN: frozenset[str] = frozenset(_C["ji_liu_shen"])
JI_SHENSHA: frozenset[str] = frozenset(_C["ji_shensha"])
TOPIC_PARENTS: dict[str, str] = dict(_T["topic_parents"])
_YW = _T["yao_wei_topics"]
YAO_WEI_TOPICS: dict[str, str] = {k: v for k, v in _YW.items() if isinstance(v, str)}
YAO_WEI_TIAN_SHI: dict[str, str] = dict(_YW["tian_shi"])
YAO_WEI_TIAN_HE: dict[str, str] = dict(_YW["tian_he"])
ANIMAL_NAMES: dict[str, str] = dict(_T["animal_names"])
NOT_COMPUTABLE: tuple[dict[str, str], ...] = tuple(dict(e) for e in _T["not_computable"])
PARTLY: tuple[dict[str, str], ...] = tuple(dict(e) for e in _T["partly"])
NEVER: tuple[dict[str, str], ...] = tuple(dict(e) for e in _T["never"])
GUI_REN_TABLE: str = _T["shensha"]["gui_ren_table"]

#: the names of the 神煞 verse read from shared tables, in file order (往亡 is a day, not a branch)
_SS = {k: v for k, v in _T["shensha"].items() if isinstance(v, dict)}
SHENSHA_NAMES: tuple[str, ...] = tuple(k for k in _SS if k != "往亡")


@dataclass(frozen=True, slots=True)
class SpiritLookup:
    """One 神煞 as the reading uses it: its basis (a context key) and, per basis value, the branches and
    stems it occupies; ``table`` names the shared table it was read from (``file:key[@variant]``)."""

    name: str
    table: str
    src: str
    basis: str
    branches: tuple[frozenset[int], ...]
    stems: tuple[frozenset[int], ...]
    numbers: tuple[tuple[int, ...], ...]


def _basis_range(sp: shensha.Spirit) -> int:
    return shensha.basis_size(sp.basis) or len(sp.lookup) or 1


@cache
def _load_spirit(ref: str) -> SpiritLookup:
    file, _, rest = ref.partition(":")
    key, _, variant = rest.partition("@")
    table = shensha.load_table(file)
    by_key = {s.key: s for s in table}
    sp = by_key[key]
    base = by_key.get(sp.after) if sp.after else None
    rows_b: list[frozenset[int]] = []
    rows_s: list[frozenset[int]] = []
    rows_n: list[tuple[int, ...]] = []
    for x in range(_basis_range(sp)):
        ctx = {sp.basis: x}
        resolved = {base.key: shensha.evaluate(base, ctx)} if base is not None else None
        occ = shensha.evaluate(sp, ctx, resolved, variant or None)
        rows_b.append(frozenset(occ.branches))
        rows_s.append(frozenset(occ.stems))
        rows_n.append(tuple(occ.numbers))
    return SpiritLookup(sp.name, ref, sp.src, sp.basis, tuple(rows_b), tuple(rows_s), tuple(rows_n))


def spirit_ref(name: str, opts: ReadingOptions) -> str:
    """The shared table (``file:key[@variant]``) the 神煞 *name* is read from under *opts*."""
    e = _SS[name]
    if "table" in e:
        return str(e["table"])
    return str(e["tables"][getattr(opts, e["option"])])


def spirit_lookup(name: str, opts: ReadingOptions) -> SpiritLookup:
    """The lookup of the 神煞 *name* under *opts* (loaded once per table)."""
    return _load_spirit(spirit_ref(name, opts))


__all__ = [
    "ABOUT_SRC",
    "ABOUT_YONG",
    "ANIMAL_NAMES",
    "DEFAULT_READING_OPTIONS",
    "GUI_REN_TABLE",
    "JI_LIU_SHEN",
    "JI_SHENSHA",
    "NEVER",
    "NOT_COMPUTABLE",
    "PARTLY",
    "PERSON_TOPICS",
    "READING_OPTION_NAMES",
    "READING_OPTION_SPECS",
    "RELATIVE_SRC",
    "RELATIVE_TOPICS",
    "SHA",
    "SHENSHA_NAMES",
    "TOPIC_PARENTS",
    "YAO_WEI_TIAN_HE",
    "YAO_WEI_TIAN_SHI",
    "YAO_WEI_TOPICS",
    "YONG_DEFAULT",
    "YONG_SHEN",
    "ReadingOptions",
    "SpiritLookup",
    "YongEntry",
    "make_reading_options",
    "spirit_lookup",
    "spirit_ref",
]
