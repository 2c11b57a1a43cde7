"""What the journal keeps for statistics, read off a chart's JSON and its reading.

The web app calls :func:`case_from_chart` (or :func:`facts_from_chart`) instead of picking fields itself,
so every method's statistics keys are chosen in one place:

* 大六壬 (``liuren``): ``ke_ti`` = every 課體 name in ``chart["ke_ti"]`` (九宗門 and 《課經》 classes), and
  ``jiu_zong_men`` = the 九宗門 method (``chart["method"]``).
* 金口訣 (``jinkoujue``): ``yong_yao`` = the 用爻 position as its classical label (人元 貴神 將神 地分), and
  ``dong`` = the 動 names (賊動, 官動 …).
* any method: ``rule_ids`` = the ``id`` of each fired rule of the reading, in order.

Unknown or missing fields yield nothing rather than an error: a chart can always be saved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from xuanheng.jinkoujue.chart import POSITION_LABELS
from xuanheng.journal.model import KE_TI, YONG_YAO, CaseIn


def _names(items: object) -> list[str]:
    out: list[str] = []
    if isinstance(items, str):
        items = [items]
    if not isinstance(items, Sequence):
        return out
    for item in items:
        name = item.get("name") if isinstance(item, Mapping) else item
        if isinstance(name, str) and name.strip() and name.strip() not in out:
            out.append(name.strip())
    return out


def rule_ids_of(reading: Iterable[Any] | None) -> list[str]:
    """Rule ids of a reading given as ``FiredRule`` objects or their JSON dicts."""
    out: list[str] = []
    for r in reading or ():
        rid = r.get("id") if isinstance(r, Mapping) else getattr(r, "id", None)
        if isinstance(rid, str) and rid and rid not in out:
            out.append(rid)
    return out


def facts_from_chart(method: str, chart: Mapping[str, Any]) -> dict[str, list[str]]:
    """Classification keys of a chart JSON (see the module docstring)."""
    keys: dict[str, list[str]] = {}
    if method == "liuren":
        ke_ti = _names(chart.get("ke_ti"))
        if ke_ti:
            keys[KE_TI] = ke_ti
        jzm = _names(chart.get("method"))
        if jzm:
            keys["jiu_zong_men"] = jzm
    elif method == "jinkoujue":
        yy = chart.get("yong_yao")
        if isinstance(yy, str) and yy:
            keys[YONG_YAO] = [POSITION_LABELS.get(yy, yy)]
        dong = _names(chart.get("dong"))
        if dong:
            keys["dong"] = dong
    return keys


def cast_instant(chart: Mapping[str, Any], inputs: Mapping[str, Any] | None = None) -> datetime | None:
    """The chart's instant: the first ISO timestamp with offset under ``instant``, ``at`` or ``when`` in the
    inputs, the chart, or its ``inputs`` / ``input`` / ``calendar`` / ``calendar.input`` objects."""
    calendar = chart.get("calendar")
    docs: list[object] = [inputs or {}, chart, chart.get("inputs"), chart.get("input"), calendar]
    if isinstance(calendar, Mapping):
        docs += [calendar.get("input"), calendar.get("inputs")]
    candidates: list[object] = []
    for doc in docs:
        if isinstance(doc, Mapping):
            candidates += [doc.get("instant"), doc.get("at"), doc.get("when")]
    for c in candidates:
        if isinstance(c, str):
            try:
                dt = datetime.fromisoformat(c)
            except ValueError:
                continue
            if dt.tzinfo is not None and dt.utcoffset() is not None:
                return dt
    return None


def case_from_chart(
    method: str,
    inputs: Mapping[str, Any],
    chart: Mapping[str, Any],
    reading: Iterable[Any] | None = None,
    *,
    question: str = "",
    topic: str = "",
    tags: Sequence[str] = (),
    notes: str = "",
) -> CaseIn:
    """A :class:`CaseIn` with rule ids, 課體/用爻 keys and cast instant filled in from the chart."""
    return CaseIn(
        method=method,
        inputs=inputs,
        chart=chart,
        question=question,
        topic=topic,
        tags=tags,
        notes=notes,
        rule_ids=rule_ids_of(reading),
        keys=facts_from_chart(method, chart),
        cast_at=cast_instant(chart, inputs),
    )


__all__ = ["case_from_chart", "cast_instant", "facts_from_chart", "rule_ids_of"]
