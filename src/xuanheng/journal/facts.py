"""What the journal keeps for statistics, read off a chart's JSON and its reading.

The journal knows no method: the caller (the web app, the command line) passes the method's own
classification keys — ``METHOD.facts(chart_json)``, e.g. 課體 and 九宗門 for 大六壬, the 用爻 and 動 for
金口訣 — and :func:`case_from_chart` adds what every method has: ``rule_ids`` (the ``id`` of each fired
rule of the reading, in order, with its variant: ``003-038#2``), the cast instant and, when the document
carries a ``judgment`` (the 斷 every
method will give, :mod:`xuanheng.reading.judgment`), its verdict's polarity (``verdict``: good, bad, mixed)
and key (``verdict_key``: ``cheng``, ``bu_cheng`` …) as statistics keys. Unknown or missing fields yield
nothing rather than an error: a chart can always be saved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from xuanheng.journal.model import POLARITIES, VERDICT, VERDICT_KEY, CaseIn


def rule_ids_of(reading: Iterable[Any] | None) -> list[str]:
    """Rule keys of a reading given as ``FiredRule`` objects or their JSON dicts: the rule id, with the
    variant that fired after ``#`` when the entry carries one (``003-038#2``: the front ends number the
    variants with :func:`xuanheng.rules.variants.with_variants`), so statistics count each variant apart."""
    out: list[str] = []
    for r in reading or ():
        rid = r.get("id") if isinstance(r, Mapping) else getattr(r, "id", None)
        variant = r.get("variant") if isinstance(r, Mapping) else None
        if isinstance(rid, str) and rid and isinstance(variant, int) and not isinstance(variant, bool):
            rid = f"{rid}#{variant}"
        if isinstance(rid, str) and rid and rid not in out:
            out.append(rid)
    return out


def verdict_keys(chart: Mapping[str, Any]) -> dict[str, list[str]]:
    """The statistics keys of the document's judgment: ``{"verdict": [polarity], "verdict_key": [key]}``
    read off ``chart["judgment"]["verdict"]``, whatever the method; ``{}`` without a judgment (none asked,
    or a method without one) or with a polarity outside good / bad / mixed."""
    judgment = chart.get("judgment")
    verdict = judgment.get("verdict") if isinstance(judgment, Mapping) else None
    if not isinstance(verdict, Mapping) or verdict.get("polarity") not in POLARITIES:
        return {}
    out = {VERDICT: [str(verdict["polarity"])]}
    key = verdict.get("key")
    if isinstance(key, str) and key:
        out[VERDICT_KEY] = [key]
    return out


def cast_instant(chart: Mapping[str, Any], inputs: Mapping[str, Any] | None = None) -> datetime | None:
    """The chart's instant: the first ISO timestamp with offset under ``at`` in the saved *inputs* or in the
    document's ``inputs`` (every document echoes its inputs there, schema 2)."""
    docs: list[object] = [inputs or {}, chart.get("inputs")]
    # cases saved before the one envelope (schema 1): the calendar wrote ``input`` and 大六壬 kept its
    # instant only in ``calendar.input`` — read, never written, so old journals keep their cast times
    calendar = chart.get("calendar")
    docs += [chart.get("input"), calendar.get("input") if isinstance(calendar, Mapping) else None]
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
    keys: Mapping[str, Sequence[str]] | None = None,
) -> CaseIn:
    """A :class:`CaseIn` with the method's statistics *keys* (``METHOD.facts(chart)``), the rule ids, the
    cast instant and the judgment's verdict keys (:func:`verdict_keys`) filled in from the chart."""
    return CaseIn(
        method=method,
        inputs=inputs,
        chart=chart,
        question=question,
        topic=topic,
        tags=tags,
        notes=notes,
        rule_ids=rule_ids_of(reading),
        keys={k: list(v) for k, v in {**(keys or {}), **verdict_keys(chart)}.items() if v},
        cast_at=cast_instant(chart, inputs),
    )


__all__ = ["case_from_chart", "cast_instant", "rule_ids_of", "verdict_keys"]
