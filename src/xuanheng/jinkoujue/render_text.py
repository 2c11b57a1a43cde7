"""The terminal view of a 金口訣 chart, drawn from its JSON document (``xuanheng jinkoujue`` without
``--json``): the four positions top to bottom with stems, elements, 旺衰 and 神煞, then 用爻, 動, 生剋
and, with a question, the judgment (:func:`xuanheng.render.judgment.judgment_lines`) before the reading,
which follows as commentary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xuanheng.i18n import label
from xuanheng.i18n.messages import warning_text
from xuanheng.jinkoujue.cast import yong_yao_reason_words
from xuanheng.jinkoujue.chart import POSITION_KEYS, POSITION_LABELS
from xuanheng.reading import DEFAULT_LANG
from xuanheng.render.judgment import judgment_lines
from xuanheng.render.text import pad, width


def _gz(key: str, p: Mapping[str, Any]) -> str:
    if key == "ren_yuan":
        return str(p.get("stem") or "")
    if key == "di_fen":
        return str(p.get("branch") or "")
    return str(p.get("stem") or "") + str(p.get("branch") or "")


def render_text(doc: Mapping[str, Any], lang: str | None = None, *, ids: bool = False) -> str:
    """CJK-aligned table of the chart document *doc* (labels in *lang*)."""
    # the warnings in the language asked for, English without one (the labels default to DEFAULT_LANG)
    warn_lang = lang or "en"
    lang = lang or DEFAULT_LANG
    cal = doc["calendar"]
    lines: list[str] = []
    instant, tz = cal.get("instant"), cal.get("tz")
    lines.append(f"六壬金口訣  {instant or ''} {('(' + tz + ')') if tz else ''}".rstrip())
    year = f"{cal['year']}年 " if cal.get("year") else ""  # a study cast may give no year
    month = cal.get("month") or cal["yue_jian"]  # its 月建 alone when the stem is not known
    lines.append(
        f"{year}{month}月 {cal['day']}日 {cal['hour']}時  月將 {cal['yue_jiang']}"
        f"（{cal['yue_jiang_name']}） {cal['day_night']}"
        f"  貴人 {doc['gui_ren']['branch']}{doc['gui_ren']['direction']}"
        f"  旬空 {''.join(doc['xun_kong'])}"
    )
    by_pos: dict[str, list[str]] = {k: [] for k in POSITION_KEYS}
    for h in doc["shensha"]:
        for k in h["positions"]:
            by_pos[k].append(h["name"])
    rows = [
        [
            label("cli.position", lang),
            label("cli.ganzhi", lang),
            label("cli.name", lang),
            label("chart.element", lang),
            label("cli.wang_shuai_layers", lang),
            label("chart.shensha", lang),
        ]
    ]
    for key in POSITION_KEYS:
        p = doc[key]
        ws = p["wang_shuai"]
        rows.append(
            [
                POSITION_LABELS[key] + ("＊" if key == doc["yong_yao"] else ""),
                _gz(key, p),
                p["name"] if key in ("gui_shen", "jiang_shen") else "",
                p["element"] + p["yin_yang"],
                f"{ws['si_wei']} {ws['season']} {ws['day']}",
                " ".join(by_pos[key]),
            ]
        )
    widths = [max(width(r[i]) for r in rows) + 2 for i in range(len(rows[0]))]
    for r in rows:
        lines.append("".join(pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip())
    why = yong_yao_reason_words(doc["yong_yao_reason"])  # in the reader's language
    reason = why.get(lang) if why else doc["yong_yao_reason"]
    lines.append(f"用爻 {POSITION_LABELS[doc['yong_yao']]}（{reason}）")
    lines.append("動 " + ("、".join(doc["dong"]) or "—"))
    rel = [
        f"{r['kind']}({POSITION_LABELS[r['upper']]}/{POSITION_LABELS[r['lower']]})"
        for r in doc["relations"]
        if not r.get("detail")
    ]
    named = ("三刑", "六害", "六破", "沖")
    # a 刑/沖 … between two pairs of positions is listed once per pair, so say which positions it joins
    rel += [
        f"{r['kind']} {r['detail']}({POSITION_LABELS[r['upper']]}/{POSITION_LABELS[r['lower']]})"
        for r in doc["relations"]
        if r["kind"] in named
    ]
    lines.append("生剋 " + " ".join(rel))
    extra = [
        f"旺 {doc['wang_element']}",
        f"日祿 {doc['ri_lu']}",
        f"驛馬 {doc['yi_ma']}",
        "忌時 " + "、".join(doc["ji_shi"]),
    ]
    if doc["si_da_kong_wang"] is not None:
        extra.append(f"四大空亡 {doc['si_da_kong_wang']}")
    # a spirit in force for the whole day (天赦, 往亡, 忌時 …) is in the 課 without standing on a position
    day_hits = [h["name"] for h in doc["shensha"] if h["in_ke"] and not h["positions"]]
    if day_hits:
        extra.append("值日 " + "、".join(day_hits))
    lines.append("  ".join(extra))
    inputs = doc.get("inputs", {})
    if inputs.get("by") == "random":
        # the drawn 地分 and the seed that replays the draw, in the reader's words (the page's labels)
        drawn = f"{label('chart.difen_drawn', lang)} {doc['di_fen']['branch']}"
        lines.append(f"{drawn}  {label('chart.seed', lang)} {inputs['seed']}")
    for w in doc.get("warnings") or ():  # said in the text's language from the warning's code
        lines.append(f"! {warning_text(w, warn_lang)}")
    if doc.get("judgment"):  # the judgment first, the reading after it as commentary
        lines.append("")
        lines.extend(judgment_lines(doc["judgment"], lang, ids=ids, method="jinkoujue"))
    if "reading" in doc:
        lines.append("")
        lines.append(label("chart.commentary" if doc.get("judgment") else "chart.reading", lang))
        for r in doc["reading"]:
            lines.append(f"  [{r['id']}] {r['text']}")
    return "\n".join(lines)


__all__ = ["render_text"]
