"""The calendar's option values in words: the label of each choice of the shared calendar parameters
(``xuanheng/data/params.toml``), for the charts and the terminal table (no code names before a reader)."""

from __future__ import annotations

from xuanheng.params import declared
from xuanheng.reading import Text

#: how the 晝/夜 and the 月將 of a chart were found (``day_night.basis``, ``yue_jiang_basis``) → the option
#: and choice whose label says it; "forced" and "manual" are the querent's own choice
_BASIS: dict[str, tuple[str, str]] = {
    "sun": ("day_night", "sun"),
    "fixed": ("day_night", "fixed"),
    "zhongqi": ("yue_jiang_rule", "zhongqi"),
    "jie": ("yue_jiang_rule", "jie"),
}
_OWN: dict[str, Text] = {
    "forced": Text(ko="직접 지정", zh_hant="自定", en="given by hand"),
    "manual": Text(ko="직접 지정한 월장", zh_hant="自定月將", en="月將 given by hand"),
}


def choice_label(option: str, value: object, lang: str) -> str:
    """The label of *value* of the shared calendar *option* in *lang* (the value itself if unknown)."""
    try:
        p = declared("xuanheng", option)
    except ValueError:
        return str(value)
    c = p.choice(value)
    return c.label.get(lang) if c is not None else str(value)


def option_label(option: str, lang: str) -> str:
    try:
        return declared("xuanheng", option).label.get(lang)
    except ValueError:
        return option


def basis_label(basis: object, lang: str) -> str:
    """How a value was found (``sun``, ``fixed``, ``zhongqi`` …) in words."""
    if isinstance(basis, str) and basis in _OWN:
        return _OWN[basis].get(lang)
    if isinstance(basis, str) and basis in _BASIS:
        return choice_label(*_BASIS[basis], lang)
    return str(basis)


#: the calendar document's option keys → the shared parameter that declares them
OPTION_PARAMS: dict[str, str] = {
    "day_boundary": "day_boundary",
    "yue_jiang": "yue_jiang_rule",
    "day_night": "day_night",
    "dst": "dst",
    "true_solar": "true_solar",
}


def options_text(options: dict[str, object], lang: str) -> str:
    """The options of a calendar document as ``label: choice`` pairs in *lang*."""
    out = []
    for k, v in options.items():
        name = OPTION_PARAMS.get(k, k)
        if name == "true_solar":
            if v:
                out.append(option_label(name, lang))
            continue
        out.append(f"{option_label(name, lang)}: {choice_label(name, v, lang)}")
    return ", ".join(out)


__all__ = ["basis_label", "choice_label", "option_label", "options_text"]


def lunar_words(lunar: dict[str, object], lang: str | None) -> str:
    """The lunar date as a reader of *lang* writes it: in Korean 2026년 1월 22일 (a leap month 윤1월), as
    Korean calendars print the 음력; otherwise the document's own text (2026年正月廿二)."""
    if lang == "ko" and all(isinstance(lunar.get(k), int) for k in ("year", "month", "day")):
        leap = "윤" if lunar.get("leap") else ""
        return f"{lunar['year']}년 {leap}{lunar['month']}월 {lunar['day']}일"
    text = lunar.get("text")
    if text:
        return str(text)
    return f"{'閏' if lunar.get('leap') else ''}{lunar.get('month', '')}月{lunar.get('day', '')}日"
