"""The terminal view of a 六爻 chart, drawn from its JSON document (``xuanheng liuyao`` without ``--json``).

The six lines are printed top (上爻) to bottom (初爻), as practitioners write them: position, 六神,
伏神, 六親 and 納甲, the line with its moving mark (○ 老陽, × 老陰), 世/應, and beside it the 變卦's
line, 六親, 納甲 and 世/應, then the line's marks (空, 月破, 日破, 暗動, 身) and what a moving line changes
into. Then 旬空, 月建, 日辰 (and 月破), 卦身, 互/錯/綜, the cast record and the warnings.

With a judgment (``doc["judgment"]``): the verdict, the 用神, the steps and the 應期 first
(:func:`xuanheng.render.judgment.judgment_lines`); the fired rules follow as commentary. Rule ids and sources
are shown with ``ids`` (``--ids``). With a reading: the 用神 (its line, why that line, 原神 / 忌神 / 仇神, or
the 伏神 it hides as), the 爻位
table of the question (what each line stands for), then the fired rules under a heading per group (用神,
原神, 忌神, 仇神, 卦), each with its id, text, the lines it names and its source when that is not its id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xuanheng.i18n import catalogue, label, sources_shown, term
from xuanheng.i18n.messages import warning_text
from xuanheng.liuyao.judgment import chosen_by_word, data, term_word, yao_word
from xuanheng.liuyao.reading import GROUPS
from xuanheng.liuyao.render_svg import LINE_FLAGS, LOST, MARKS, POSITION_NAMES, _cast_lines, day_marks
from xuanheng.reading import DEFAULT_LANG
from xuanheng.render.judgment import judgment_lines
from xuanheng.render.text import pad, width

YANG = "━━━━━"
YIN = "━━ ━━"


def _glyph(line: Mapping[str, Any]) -> str:
    return YANG if line.get("yin_yang") == "陽" else YIN


def _gua(g: Mapping[str, Any] | None) -> str:
    if not g:
        return ""
    head = str(g.get("full_name") or g.get("name") or "")
    bits = [f"{g['palace']}宮" if g.get("palace") else "", str(g.get("type") or "")]
    bits += [str(x) for x in g.get("labels") or ()]
    return f"{head}（{' '.join(b for b in bits if b)}）"


def render_text(doc: Mapping[str, Any], lang: str | None = None, *, ids: bool = False) -> str:
    """CJK-aligned table of the chart document *doc* (labels in *lang*, terms in its script)."""
    # the warnings in the language asked for, English without one (the labels default to DEFAULT_LANG)
    warn_lang = lang or "en"
    lang = lang or DEFAULT_LANG

    def t(v: object) -> str:
        return term(str(v), lang)

    out: list[str] = []
    inputs = doc.get("inputs") or {}
    head = label("method.liuyao", lang)
    if inputs.get("at"):
        head += f"  {inputs['at']}" + (f" ({inputs['tz']})" if inputs.get("tz") else "")
    out.append(head)
    pillars = doc.get("pillars") or {}
    out.append(
        t(
            " ".join(
                f"{pillars[k]}{suffix}"
                for k, suffix in (("year", "年"), ("month", "月"), ("day", "日"), ("hour", "時"))
                if pillars.get(k)
            )
        )
    )
    ben = doc.get("ben_gua") or {}
    bian = doc.get("bian_gua")
    pair = f"{label('chart.ben_gua', lang)} {t(_gua(ben))}"
    pair += (
        f"  →  {label('chart.bian_gua', lang)} {t(_gua(bian))}"
        if bian
        else f"  ({label('chart.static_gua', lang)})"
    )
    out.append(pair)

    rows = [
        [
            "",
            label("chart.liu_shen", lang),
            label("chart.fu_shen", lang),
            f"{label('chart.liu_qin', lang)} {label('chart.najia', lang)}",
            label("chart.ben_gua", lang),
            label("chart.shi_ying", lang),
            label("chart.bian_gua", lang) if bian else "",
            "",
            "",
            label("chart.marks", lang),
        ]
    ]
    bian_by_pos = {int(b.get("position") or 0): b for b in (bian or {}).get("lines") or ()}
    for ln in reversed(list(ben.get("lines") or ())):
        pos = int(ln.get("position") or 0)
        value = int(ln.get("value") or 0)
        mark = MARKS.get(value, "") if ln.get("moving") else ""
        shi_ying = "世" if ln.get("shi") else "應" if ln.get("ying") else ""
        b = bian_by_pos.get(pos) or {}
        b_shi_ying = "世" if b.get("shi") else "應" if b.get("ying") else ""
        flags = [m for key, m in LINE_FLAGS if ln.get(key)] + day_marks(doc, pos)
        flags += [str(h) for h in (ln.get("bian") or {}).get("hua") or ()]
        rows.append(
            [
                POSITION_NAMES[pos - 1] if 1 <= pos <= 6 else "",
                t(ln.get("liu_shen") or ""),
                t(ln.get("fu_shen") or ""),
                t(f"{ln.get('liu_qin') or ''}{ln.get('najia') or ''}"),
                f"{_glyph(ln)} {mark}".rstrip(),
                t(shi_ying),
                _glyph(b) if b else "",
                t(f"{b.get('liu_qin') or ''}{b.get('najia') or ''}") if b and b.get("changed") else "",
                t(b_shi_ying),
                t(" ".join(flags)),
            ]
        )
    widths = [max(width(r[i]) for r in rows) + 2 for i in range(len(rows[0]))]
    for r in rows:
        out.append("".join(pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip())

    time_bits = []
    if doc.get("xun_kong"):
        time_bits.append(f"{label('chart.xun_kong', lang)} {t(''.join(doc['xun_kong']))}")
    if doc.get("xun_kong_hour"):
        time_bits.append(f"時{label('chart.xun_kong', lang)} {t(''.join(doc['xun_kong_hour']))}")
    for key, lab in (
        ("yue_jian", "chart.yue_jian"),
        ("ri_chen", "chart.ri_chen"),
        ("yue_po", "chart.yue_po"),
    ):
        if doc.get(key):
            time_bits.append(f"{label(lab, lang)} {t(doc[key])}")
    out.append("  ".join(time_bits))

    extra = []
    shen = doc.get("shen") or {}
    yue = shen.get("yue_gua_shen") or {}
    if shen.get("rule") == "yue_gua_shen" and yue.get("branch"):
        extra.append(f"{label('chart.gua_shen', lang)} {t(yue['branch'])}")
    if shen.get("positions"):
        extra.append("身 " + "、".join(POSITION_NAMES[p - 1] for p in shen["positions"]))
    for key in ("hu_gua", "cuo_gua", "zong_gua"):
        if doc.get(key):
            extra.append(f"{label('chart.' + key, lang)} {t(doc[key])}")
    if doc.get("missing_liu_qin"):
        extra.append(f"{label('chart.fu_shen', lang)} {t('、'.join(doc['missing_liu_qin']))}")
    out.append("  ".join(extra))

    cast = doc.get("cast") or {}
    # how it was cast in the reader's words (the way's own label, as on the page), its values, the seed of a
    # random cast and the faces thrown
    way, *more = _cast_lines(doc, lang)
    head, _, how = way.partition(": ")
    # "cast by: cast by numbers" is said once
    rec = [
        how if how.casefold().startswith(head.casefold()) else f"{head} {how}",
        f"{cast.get('values', '')}",
    ]
    rec += [m.replace(": ", " ", 1) for m in more]
    # the formula is written in English words: shown in English, or with the ids and sources (--ids)
    if cast.get("formula") and (lang == "en" or ids):
        rec.append(str(cast["formula"]))
    out.append("  ".join(r for r in rec if r))
    for w in doc.get("warnings") or ():  # said in the text's language from the warning's code
        out.append(f"! {warning_text(w, warn_lang)}")
    if doc.get("judgment"):
        out.append("")
        out.extend(judgment_lines(doc["judgment"], lang, ids=ids, method="liuyao"))
    if "reading" in doc:
        out.append("")
        out.append(label("chart.commentary" if doc.get("judgment") else "chart.reading", lang))
        out.extend(_reading_lines(doc["reading"], t, ids=ids, lang=lang))
    return "\n".join(out)


def _yong_line(f: Mapping[str, Any], lang: str) -> str:
    """用神 父母 四爻 戊申 (唯一) · 原神 官鬼 · 忌神 妻財 · 仇神 子孫 — from the facts of ``yong.select``,
    each role named by the label the page gives that fact (``fact.yong_shen`` …: 용신 · 원신 · 기신 · 구신
    in Korean)."""
    names = catalogue(lang)

    def role(key: str) -> str:
        return names.get(f"fact.用神.{key}") or names.get(f"fact.{key}") or key

    head = f"{role('yong_shen')} {f.get('liu_qin', '')}"
    if f.get("yong_shen") in ("世", "應"):
        head = f"{role('yong_shen')} {term_word(f['yong_shen'] + '爻').get(lang)} {f.get('liu_qin', '')}"
    pos = f.get("position")
    if isinstance(pos, int) and 1 <= pos <= 6:
        head += f" {yao_word(pos).get(lang)} {f.get('branch', '')}"
    elif f.get("fu_shen"):
        head += f" {role('fu_shen')} {f['fu_shen']}"
        if isinstance(f.get("under"), int):
            under = term_word("爻下", line=yao_word(f["under"])).get(lang)
            rel = f.get("fei_fu", "")
            head += f" ({under}, {term_word(rel).get(lang) if rel in data().term else rel})"
    why = f.get("chosen_by")
    if why:
        word = chosen_by_word(why)  # in the reader's words where the table has it
        head += f" ({word.get(lang) if word else why})"
    kin = [f"{role(v)} {f[v]}" for v in ("yuan_shen", "ji_shen", "chou_shen") if f.get(v)]
    return " · ".join([head, *kin])


def _reading_lines(
    rules: list[Mapping[str, Any]], t: Any, *, ids: bool = False, lang: str = DEFAULT_LANG
) -> list[str]:
    out: list[str] = []
    topic = None
    for r in rules:
        f = r.get("facts") or {}
        if r.get("id") == "yong.select":
            topic = f.get("topic")
            out.append("  " + t(_yong_line(f, lang)))
        elif r.get("kind") == "爻位" and f.get("table") and f.get("lines"):
            items = " · ".join(
                f"{POSITION_NAMES[x['position'] - 1]} {x.get('item') or LOST}"
                for x in f["lines"]
                if isinstance(x, Mapping) and isinstance(x.get("position"), int)
            )
            out.append("  " + t(f"爻位（{f['table']}）: {items}"))
    head = None
    for r in by_group(rules):
        g = r.get("group")
        if g and g != head:
            # the group named as the page names it (labels group.*: 용신 (用神): 이 물음이 보는 효)
            out.append(f" 〔{catalogue(lang).get(f'group.{g}') or t(g)}〕")
            head = g
        own = f" {t(topic)}" if r.get("asked") and topic else ""
        where = [POSITION_NAMES[p - 1] for p in r.get("lines") or () if isinstance(p, int) and 1 <= p <= 6]
        tail = f"  ({t(''.join(where))})" if where else ""
        src = sources_shown([s for s in r.get("src") or () if s != r.get("id")], lang)
        if src and ids:
            tail += f"  ← {t('; '.join(map(str, src)))}"
        if r.get("conflict_with") and ids:
            tail += f"  ≠ {', '.join(map(str, r['conflict_with']))}"
        prefix = f"[{r['id']}{own}] " if ids else (f"[{t(topic)}] " if own else "")
        out.append(f"  {prefix}{r['text']}{tail}")
    return out


def by_group(rules: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The fired rules as the page shows them: by group (用神 原神 忌神 仇神 卦, ``reading.GROUPS``), within
    a group the rules about the group itself (its 用神 rules: which line, how strong) first, then the
    question's own rules and the general ones in reading order."""
    rank = {g: i for i, g in enumerate(GROUPS)}

    def key(ir: tuple[int, Mapping[str, Any]]) -> tuple[int, int, int]:
        i, r = ir
        g = r.get("group")
        return (rank.get(str(g), len(rank)), 0 if r.get("kind") == g else 1, i)

    return [r for _, r in sorted(enumerate(rules), key=key)]


__all__ = ["by_group", "render_text"]
