"""The terminal view of a 七政四餘 chart, drawn from its JSON document (``xuanheng qizheng`` without
``--json``): the eleven 曜 with palace, mansion and degree as practitioners write them (參水八度), the exact
degree, the speed and the motion state; then the twelve palaces with their 宮主, their 曜 and the spirits
on them; the 化曜 and the spirits that fall to a 曜; the warnings and, when there is one, the judgment
(:func:`xuanheng.render.judgment.judgment_lines`) and the reading."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from xuanheng.i18n import label, term
from xuanheng.i18n.messages import warning_text
from xuanheng.reading import DEFAULT_LANG
from xuanheng.render.judgment import judgment_lines
from xuanheng.render.text import pad, width


def dms(deg: float, seconds: bool = False) -> str:
    """Degrees as 12°34′ (or 12°34′56″), rounded to the last unit shown."""
    unit = 3600 if seconds else 60
    total = round(deg * unit)
    d, rest = divmod(total, unit)
    if seconds:
        m, s = divmod(rest, 60)
        return f"{d}°{m:02d}′{s:02d}″"
    return f"{d}°{rest:02d}′"


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(width(r[i]) for r in rows) + 2 for i in range(len(rows[0]))]
    return ["".join(pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def spirits_by_branch(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """Palace branch → names of the spirits that fall on that palace (in the chart's order)."""
    out: dict[str, list[str]] = {}
    for h in doc.get("shensha") or ():
        b = h.get("branch")
        if isinstance(b, str):
            name = str(h.get("name", "")) + (f"({h['tag']})" if h.get("tag") else "")
            out.setdefault(b, []).append(name)
    return out


def spirits_by_yao(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """曜 → names of the spirits that fall to it (in the chart's order)."""
    out: dict[str, list[str]] = {}
    for h in doc.get("shensha") or ():
        y = h.get("yao")
        if isinstance(y, str):
            name = str(h.get("name", "")) + (f"({h['tag']})" if h.get("tag") else "")
            out.setdefault(y, []).append(name)
    return out


#: the 限 of the date ``on`` that each view marks on their palaces, in this order: the 大限 (洞微 百六限,
#: 《星學大成》卷七〈洞微百六限起例〉), the year's 小限 (卷七〈論洞微行年小限〉: age 1 on the 命宮, one palace
#: a year backwards), the 流年 (the palace of the year's branch, 卷四〈括蒼二十字例〉) and the 流月
#: (〈最緊四事〉 月限), with their classical names
XIAN_MARKS: dict[str, str] = {"da_xian": "大限", "xiao_xian": "小限", "liu_nian": "流年", "liu_yue": "流月"}


def xian_marks(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """Per palace branch the 限 of the date ``on`` that stand on it (keys of :data:`XIAN_MARKS`, in that
    order), each as the document gives it (``da_xian``, ``xiao_xian``, ``liu_nian``, the ``liu_yue`` row of
    the month holding ``on``: :func:`month_of`); none is computed here. Empty without ``on``."""
    on = (doc.get("inputs") or {}).get("on")
    if not on:
        return {}
    out: dict[str, list[str]] = {}
    for kind in XIAN_MARKS:
        row = month_of(doc.get("liu_yue"), str(on)) if kind == "liu_yue" else doc.get(kind)
        if isinstance(row, Mapping) and row.get("branch"):
            out.setdefault(str(row["branch"]), []).append(kind)
    return out


def render_text(doc: Mapping[str, Any], lang: str | None = None, *, ids: bool = False) -> str:
    """CJK-aligned tables of the chart document *doc* (labels in *lang*; classical terms as they are)."""
    # the warnings in the language asked for, English without one (the labels default to DEFAULT_LANG)
    warn_lang = lang or "en"
    lang = lang or DEFAULT_LANG

    def t(v: object) -> str:
        return term(str(v), lang)

    inputs = doc.get("inputs") or {}
    lines: list[str] = []
    head = f"{label('method.qizheng', lang)}  {inputs.get('at', '')}"
    if inputs.get("lon") is not None and inputs.get("lat") is not None:
        lon, lat = float(inputs["lon"]), float(inputs["lat"])
        head += f"  {abs(lon):.3f}°{'E' if lon >= 0 else 'W'} {abs(lat):.3f}°{'N' if lat >= 0 else 'S'}"
    if inputs.get("sex"):
        head += f"  {t(inputs['sex'])}"
    lines.append(head)
    p = doc.get("pillars") or {}
    ming, shen = doc.get("ming_gong") or {}, doc.get("shen_gong") or {}
    second = [
        t(f"{p.get('year', '')}年 {p.get('month', '')}月 {p.get('day', '')}日 {p.get('hour', '')}時"),
        f"{label('qizheng.ming_gong', lang)} {t(ming.get('branch', ''))} {t(ming.get('xiu_text', ''))}",
        f"{label('qizheng.shen_gong', lang)} {t(shen.get('branch', ''))} {t(shen.get('xiu_text', ''))}",
    ]
    if doc.get("ascendant") is not None:
        second.append(f"{label('qizheng.ascendant', lang)} {dms(float(doc['ascendant']))}")
    lines.append("   ".join(second))
    lines.append("")

    by_yao = spirits_by_yao(doc)
    rows = [
        [
            label("qizheng.yao", lang),
            label("qizheng.gong", lang),
            label("qizheng.xiu", lang),
            label("qizheng.lon", lang),
            label("qizheng.speed", lang),
            label("qizheng.state", lang),
            label("qizheng.dignities", lang),
            label("chart.shensha", lang),
        ]
    ]
    for y in doc.get("yao") or ():
        rows.append(
            [
                t(y["name"]),
                t(f"{y['gong']} {y.get('gong_name', '')}"),
                t(f"{y['xiu_text']} ({dms(float(y['xiu_du']))})"),
                dms(float(y["lon"]), seconds=True),
                f"{float(y['speed']):+.4f}",
                t(y["state"]),
                t(" ".join(y.get("dignities") or ())),
                t(" ".join(by_yao.get(y["name"], ()))),
            ]
        )
    lines += _table(rows)
    lines.append("")

    by_branch = spirits_by_branch(doc)
    marks = xian_marks(doc)  # with a date: the 限 of that date on each palace, in a column of their own
    rows = [
        [
            label("qizheng.gong", lang),
            "",
            label("qizheng.zhu", lang),
            label("qizheng.yao", lang),
            *([label("qizheng.on", lang)] if marks else []),
            label("qizheng.palace_spirits", lang),
        ]
    ]
    for g in doc.get("gong") or ():
        mark = ""
        if g["branch"] == ming.get("branch"):
            mark += "命"
        if g["branch"] == shen.get("branch"):
            mark += "身"
        here = [_xian_name(k, lang) for k in marks.get(g["branch"], ())]
        rows.append(
            [
                t(g["name"]) + (f"＊{t(mark)}" if mark else ""),
                t(g["branch"]),
                t(g.get("zhu", "")),
                t(" ".join(g.get("yao") or ())),
                *([" ".join(here)] if marks else []),
                t(" ".join(by_branch.get(g["branch"], ()))),
            ]
        )
    lines += _table(rows)
    lines.append("")
    hua = doc.get("hua_yao") or {}
    if hua:
        lines.append(f"{label('qizheng.hua_yao', lang)}  " + t(" ".join(f"{k}{v}" for k, v in hua.items())))
    if by_yao:
        items = [f"{name} {y}" for y in by_yao for name in by_yao[y]]
        lines.append(f"{label('qizheng.yao_spirits', lang)}  " + t("、".join(items)))
    lines += _xian_lines(doc, lang, t)
    for w in doc.get("warnings") or ():  # said in the text's language from the warning's code
        lines.append(f"! {warning_text(w, warn_lang)}")
    if doc.get("judgment"):
        lines.append("")
        lines.extend(judgment_lines(doc["judgment"], lang, ids=ids, method="qizheng"))
    if "reading" in doc:
        lines.append("")
        lines.append(label("chart.commentary" if doc.get("judgment") else "chart.reading", lang))
        for r in doc["reading"]:
            name = f"〈{t(r['name'])}〉 " if r.get("kind") == "格局" and r.get("name") else ""
            # the rule's id only on request (--ids): the reader reads the text
            lines.append(f"  [{r['id']}] {name}{r['text']}" if ids else f"  {name}{r['text']}")
    return "\n".join(lines)


def _xian_lines(doc: Mapping[str, Any], lang: str, t: Any) -> list[str]:
    """The 大限 of the life (the one running on ``on`` marked ＊), then what runs on ``on`` and the 流曜."""
    tl = doc.get("timeline")
    if not isinstance(tl, Mapping) or not tl.get("da_xian"):
        return []
    cur = tl.get("current_index")
    out = ["", label("qizheng.da_xian", lang)]
    rows = [[label("qizheng.gong", lang), "", label("qizheng.age", lang), label("qizheng.start", lang), ""]]
    for r in tl["da_xian"]:
        mark = "＊" if cur is not None and int(r["index"]) == int(cur) else ""
        xiu = " ".join(str(x["xiu"]) for x in r.get("xiu") or ())
        rows.append(
            [
                t(r["gong"]) + mark,
                t(r["branch"]),
                f"{float(r['start_age']):.1f}–{float(r['end_age']):.1f}",
                str(r["start"])[:10],
                t(xiu),
            ]
        )
    out += ["  " + line for line in _table(rows)]
    on = (doc.get("inputs") or {}).get("on")
    if not on:
        return out
    out += ["", f"{label('qizheng.on', lang)} {on}"]
    da, tx, xx, ln, dw = (doc.get(k) for k in ("da_xian", "tong_xian", "xiao_xian", "liu_nian", "dongwei"))
    if isinstance(da, Mapping):
        out.append(f"  {label('qizheng.da_xian', lang)}  {t(da['gong'])} {t(da['branch'])}")
    if isinstance(tx, Mapping):
        out.append(f"  {label('qizheng.tong_xian', lang)}  {t(tx['gong'])} {t(tx['branch'])}")
    if isinstance(xx, Mapping):
        out.append(
            f"  {label('qizheng.xiao_xian', lang)}  {t(xx['gong'])} {t(xx['branch'])}"
            f"  ({label('qizheng.age', lang)} {xx['age']})"
        )
    if isinstance(ln, Mapping):
        out.append(
            f"  {label('qizheng.liu_nian', lang)}  {t(ln['ganzhi'])} {t(ln['gong'])} {t(ln['branch'])}"
        )
    month = month_of(doc.get("liu_yue"), on)
    if month is not None:
        out.append(
            f"  {label('qizheng.liu_yue', lang)}  {t(month['name'])} {t(month['ganzhi'])}"
            f" {t(month['gong'])} {t(month['branch'])}"
        )
    if isinstance(dw, Mapping):
        out.append(f"  {label('qizheng.dongwei', lang)}  {t(dw['xiu'])} {dms(float(dw['lon']))}")
    ly = doc.get("liu_yao")
    if isinstance(ly, Sequence) and ly:
        out += ["", label("qizheng.liu_yao", lang)]
        rows = [
            [
                label("qizheng.yao", lang),
                label("qizheng.gong", lang),
                label("qizheng.xiu", lang),
                label("qizheng.state", lang),
                label("qizheng.hua_yao", lang),
                label("qizheng.over", lang),
            ]
        ]
        for r in ly:
            rows.append(
                [
                    t(r["name"]),
                    t(f"{r['gong']} {r['branch']}"),
                    t(r["xiu_text"]),
                    t(r["state"]),
                    t(r.get("hua") or ""),
                    t(" ".join(r.get("over") or ())),
                ]
            )
        out += ["  " + line for line in _table(rows)]
    return out


def _xian_name(kind: str, lang: str) -> str:
    """The short name of a 限 in a table cell: the reader's word in Korean (대한 …), the classical name
    otherwise (English readers meet 大限 … in the labels too)."""
    return label(f"qizheng.{kind}", lang) if lang == "ko" else term(XIAN_MARKS[kind], lang)


def month_of(rows: Any, on: str) -> Mapping[str, Any] | None:
    """The 流月 row (of the document's ``liu_yue``) whose month holds the instant *on*, or None."""
    if not isinstance(rows, Sequence):
        return None
    at = datetime.fromisoformat(on)
    for r in rows:
        if not isinstance(r, Mapping):
            continue
        if datetime.fromisoformat(r["start"]) <= at < datetime.fromisoformat(r["end"]):
            return r
    return None


__all__ = [
    "XIAN_MARKS",
    "dms",
    "month_of",
    "render_text",
    "spirits_by_branch",
    "spirits_by_yao",
    "xian_marks",
]
