"""The terminal lines of a judgment (斷), shared by every method's text view.

A judgment document (``doc["judgment"]``, :meth:`xuanheng.reading.judgment.Judgment.to_json`) is shown first:
the verdict, what it rests on (用神 / 類神 / 用爻) and why, the numbered steps (``+`` helps, ``-`` harms,
``=`` settles or waits) with their sources, then the 應期 best first with the 干支 and the civil date when
the chart has an instant. Sources are shown with ``ids`` (the command line's ``--ids``), as rule ids are,
without their English glosses to a reader of another language (:func:`xuanheng.i18n.source_shown`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xuanheng.i18n import catalogue, label, sources_shown
from xuanheng.i18n.measured import measured_line

_UNIT = {"hour": "unit.hour", "day": "unit.day", "month": "unit.month", "year": "unit.year"}


def judgment_lines(
    j: Mapping[str, Any] | None,
    lang: str,
    *,
    ids: bool = False,
    method: str | None = None,
) -> list[str]:
    """The lines of judgment *j* in *lang* (nothing when *j* is None); with the *method*'s name, its measured
    agreement with the books (:func:`xuanheng.i18n.measured.measured_line`) under the verdict. The focus's
    line is its ``line``, said by the judge in the document's language (六爻: 삼효 for 三爻, 이효 아래 for a
    hidden 用神)."""
    if not j:
        return []
    out = [label("chart.judgment", lang)]
    v = j.get("verdict") or {}
    out.append(f"  ▶ {v.get('text', '')}")
    trust = measured_line(method, lang) if method else ""
    if trust:
        out.append(f"    {trust}")
    y = j.get("yong_shen") or {}
    where = f" {y['line']}" if y.get("line") else ""
    name = str(y.get("name", ""))
    name = catalogue(lang).get(f"focus.{name}", name)  # 용신 / 유신 / 용효 in Korean, as the steps say it
    # what the focus is: the 類神 as its topic reads it where the method names it (大六壬: 青龍申, not the
    # branch's own 六親 父母申, which reads as the person), else the 六親 and the branch
    shown = y.get("lei_shen") or f"{y.get('liu_qin') or ''}{y.get('branch', '')}"
    out.append(f"  {name} {shown}{where} — {y.get('why', '')}")
    out += _body(j, lang, ids)
    for sec in j.get("sections") or ():
        out.append(f"  ■ {sec.get('title', '')} — {(sec.get('verdict') or {}).get('text', '')}")
        out += ["  " + line for line in _body(sec, lang, ids)]
    return out


def _body(j: Mapping[str, Any], lang: str, ids: bool) -> list[str]:
    """The numbered steps and the 應期 of a judgment or of one of its sections."""
    out = []
    for i, s in enumerate(j.get("steps") or (), 1):
        tail = f"  ← {'; '.join(sources_shown(s.get('src'), lang))}" if ids and s.get("src") else ""
        out.append(f"  {i}. {s.get('effect', '=')} {s.get('text', '')}{tail}")
    ying = j.get("ying_qi") or ()
    if ying:
        out.append(f"  {label('chart.ying_qi', lang)}")
        for k in ying:
            unit = label(_UNIT.get(str(k.get("unit")), "unit.day"), lang)
            when = " ".join(str(x) for x in (k.get("ganzhi"), k.get("date")) if x)
            out.append(f"    {k.get('branch', '')}{unit} {when}  {k.get('why', '')}".rstrip())
    return out


__all__ = ["judgment_lines"]
