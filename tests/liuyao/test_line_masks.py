"""The line words' declared masks (``mask=`` of :meth:`xuanheng.rules.Vocabulary.condition`): the engine
evaluates a line table only on the lines the masks of its words leave, so a mask must never drop a line on
which its word holds, and the masked evaluation must equal the plain one (``Items(masked=False)``: every table
on every line) over many random casts, topics and options. Each check is shown to fail on a wrong mask."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from xuanheng import liuyao
from xuanheng.liuyao._reading_ctx import Ctx
from xuanheng.liuyao._reading_data import READING_OPTION_SPECS, make_reading_options
from xuanheng.liuyao._reading_vocab import CHART, LINE, line_items
from xuanheng.liuyao.options import OPTION_SPECS
from xuanheng.liuyao.reading import reading, rules, topics, whens_of
from xuanheng.rules.engine import Items

#: random casts each check reads (every rule of every question on each: about 3 s)
CASTS = 240
#: the chart options that change what a masked word reads (the void of the hour, the 身 lines)
_CHART_OPTIONS = ("kong", "shen")
MASKED = sorted(k for k, spec in LINE.specs.items() if spec.mask is not None)


def _line_values(when: Mapping[str, Any], out: dict[str, set[Any]]) -> None:
    """Every value the rules give a masked word, through the chart words' tables and ``any``."""
    for k, v in when.items():
        if k == "any":
            for sub in v:
                _line_values(sub, out)
        elif isinstance(v, Mapping):
            _line_values(v, out)
        elif k in MASKED:
            out.setdefault(k, set()).add(_key(v))


def _key(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


@cache
def _values() -> dict[str, tuple[Any, ...]]:
    """Per masked word: every value a rule gives it, and each value it accepts alone."""
    found: dict[str, set[Any]] = {}
    for r in rules():
        _line_values(r.when, found)
    out = {}
    for k in MASKED:
        spec = LINE.specs[k]
        vals = set(found.get(k, ())) | set(spec.values or ())
        out[k] = tuple(sorted(vals, key=repr))
    return out


def _casts(seed: int) -> Iterator[Ctx]:
    """:data:`CASTS` reading contexts: random lines, instants (1900–2100), chart and reading options and
    question."""
    rnd = random.Random(seed)
    specs = {s.name: s for s in OPTION_SPECS}
    ts = topics()
    start = dt.datetime(1900, 1, 1, tzinfo=dt.UTC)
    for _ in range(CASTS):
        at = start + dt.timedelta(minutes=rnd.randrange(200 * 366 * 24 * 60))
        lines = "".join(rnd.choice("6789") for _ in range(6))
        opts = {n: rnd.choice(specs[n].values) for n in _CHART_OPTIONS}
        chart = liuyao.cast(at, lines=lines, options=opts)
        ropts = make_reading_options({s.name: rnd.choice(s.values) for s in READING_OPTION_SPECS})
        yield Ctx(chart, rnd.choice(ts), ropts)


def _lost(word: str, mask: Callable[[Items, Any], int], contexts: Iterator[Ctx]) -> list[str]:
    """The (chart, value, line) where *word* holds but *mask* leaves the line out."""
    fn = LINE.specs[word].fn
    out = []
    for c in contexts:
        items = LINE.over(c.lines, None, c)
        for v in _values()[word]:
            m = mask(items, v)
            for i, x in enumerate(c.lines):
                if fn(x, v, {word: v}) is not None and not m >> i & 1:
                    out.append(f"{c.name} {word}={v!r} line {i + 1}")
        c.release()
    return out


def test_every_mask_keeps_every_line_its_word_holds_on() -> None:
    assert MASKED, "no line word declares a mask"
    for word in MASKED:
        assert _lost(word, LINE.specs[word].mask, _casts(27)) == [], word  # type: ignore[arg-type]


def test_a_mask_that_drops_a_line_is_caught() -> None:
    """The check above can fail: the 六神 mask without its lowest line loses lines."""
    real = LINE.specs["liu_shen"].mask
    assert real is not None

    def narrow(items: Items, v: Any) -> int:
        m = real(items, v)
        return m & (m - 1)  # the lowest line of the mask dropped

    assert _lost("liu_shen", narrow, _casts(27))


def _holding(c: Ctx, masked: bool) -> list[tuple[int, Any]]:
    """Every rule of every question on *c*, its lines read with or without the masks, from an empty shared
    memo (no answer of the other evaluation is read)."""
    c.line_items = LINE.over(c.lines, {}, c, masked=masked)
    return CHART.holding(whens_of(None), c)


def test_the_masked_evaluation_equals_the_plain_one() -> None:
    plain = list(_casts(41))
    masked = list(_casts(41))
    fired = 0
    for a, b in zip(plain, masked, strict=True):
        want = _holding(a, False)
        got = _holding(b, True)
        assert got == want, a.name
        fired += len(got)
        a.release()
        b.release()
    assert fired > 20 * CASTS  # the readings say something


def test_the_reading_equals_the_plain_evaluation() -> None:
    """The reading itself (its shared memo per hexagram and moving lines, its masks) fires what the plain
    evaluation of its question's tables holds."""
    for c in _casts(53):
        chart, topic, opts = c.chart, c.topic, c.opts
        got = [r.id for r in reading(chart, topic, options=opts)]
        plain = Ctx(chart, topic, opts)
        plain.line_items = LINE.over(plain.lines, {}, plain, masked=False)
        own = _rules_of(topic)
        want = {own[i].id for i, _ in CHART.holding(whens_of(_family(topic)), plain)}
        assert set(got) == want, (chart.ben.name, topic)
        plain.release()
        c.release()


def _family(topic: str | None) -> Any:
    from xuanheng.liuyao.reading import family_of

    return family_of(topic)


def _rules_of(topic: str | None) -> Any:
    from xuanheng.liuyao.reading import rules_of

    return rules_of(_family(topic))


def test_a_wrong_mask_changes_the_masked_evaluation() -> None:
    """The comparison can fail: with the 六神 mask emptied, the masked evaluation loses rules."""
    spec = LINE.specs["liu_shen"]
    saved = spec.mask
    try:
        object.__setattr__(spec, "mask", lambda _items, _v: 0)
        LINE._selects.clear()
        LINE._mask_plans.clear()
        CHART._sets.clear()
        differ = 0
        for a, b in zip(_casts(41), _casts(41), strict=True):
            differ += _holding(a, False) != _holding(b, True)
            a.release()
            b.release()
        assert differ
    finally:
        object.__setattr__(spec, "mask", saved)
        LINE._selects.clear()
        LINE._mask_plans.clear()
        CHART._sets.clear()


def test_line_items_read_the_masks() -> None:
    c = next(_casts(7))
    items = line_items(c)
    assert items.masks is not None and items.owner is c
    c.release()
