"""The 大六壬 chart as frozen values: 天地盤, 四課, 三傳, 天將, 貴人, and the chart's spirits.

Everything is an index (干 甲=0 … 癸=9, 支 子=0 … 亥=11, 天將 貴人=0 … 天后=11 in the order of
``xuanheng.core.guiren.TIAN_JIANG``); ``to_json()`` turns indices into the classical terms. The code
that fills these values is :mod:`xuanheng.liuren.cast`; the reading engineer writes conditions against
the attributes documented here, so they are a contract (see ``DEVELOPERS.md``).

Vocabulary follows 《六壬大全》卷一 (天地盤, 四課, 三傳) and 卷二 (九宗門).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

#: JSON schema version of :meth:`LiuRenChart.to_json`; bump on any incompatible change.
from xuanheng import SCHEMA_VERSION
from xuanheng.core.ganzhi import BRANCHES, SHEN_NAMES, STEMS, GanZhi
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.i18n.messages import ChartWarning, warnings_json
from xuanheng.params import DeclaredOptions, option_declarations
from xuanheng.time.chart_time import CalendarOptions, ChartTime

#: 六親 names by relation of an element to the day stem's element (《六壬大全》卷一〈六親〉):
#: index 0 same (兄弟), 1 the day stem generates it (子孫), 2 the day stem overcomes it (妻財),
#: 3 it overcomes the day stem (官鬼), 4 it generates the day stem (父母).
LIU_QIN: tuple[str, ...] = ("兄弟", "子孫", "妻財", "官鬼", "父母")


def liu_qin_index(day_stem_element: int, element: int) -> int:
    """Index into :data:`LIU_QIN` of *element* seen from the day stem's element (生 = +1, 剋 = +2)."""
    return (element - day_stem_element) % 5


#: the shared options that are the calendar's: keyword → the :class:`CalendarOptions` keyword
_CALENDAR = {
    "day_night": "day_night",
    "yue_jiang_rule": "yue_jiang",
    "day_boundary": "day_boundary",
    "true_solar": "true_solar",
    "dst": "dst",
    "lunar_calendar": "lunar_calendar",
}


class Options(DeclaredOptions):
    """School and calculation options of a chart; every option is declared once, with its default, choices
    and sources, in ``data/params.toml`` (the shared ones in ``xuanheng/data/params.toml``), in the order
    the chart echoes them. Keywords only; the engine validates (:func:`~xuanheng.liuren.make_options`).

    - ``shehai``: 涉害 by counting depth along the way home (``"depth"``, default, 《六壬大全》卷二〈涉害〉
      worked examples; 《課經》〈涉害〉) or directly by the 孟仲季 of the seat (``"mengzhongji"``,
      《大六壬指南》卷一〈涉害〉).
    - ``bieze_yin``: 陰日 別責 — the 三合 前辰 of the day branch itself (``"sanhe"``, default,
      《六壬大全》卷二〈別責〉) or the 天盤 神 standing on it (``"sanhe_upper"``).
    - ``bazhuan_first``: try 八專 before 遙剋 (default True, so 庚申日 亥將子時 gives 酉未未 as in
      《六壬大全》卷二〈八專〉); False keeps the plain 九宗門 order.
    - ``fuyin_zimao``: when 初 and 中 of a 伏吟 are 子 and 卯, 末 is the clash of 中 (``"chong"``, default,
      卯子午 as in 《六壬大全》卷二〈伏吟〉) or the 刑 of 中 (``"xing"``, 卯子卯).
    - ``guiren``: 貴人 table key (see ``xuanheng.core.guiren.GUIREN_TABLES``).
    - ``day_night``: ``"auto"`` (by the calendar: sunrise/sunset when a place is given, else fixed hours),
      ``"sun"``, ``"fixed"`` (卯–申 day), ``"day"`` or ``"night"`` (forced).
    - ``dun_gan``: 遁干 from the day's 旬 (``"day"``, default) or the hour's 旬 (``"hour"``).
    - ``zhan_guan``: 斬關 when 魁罡 on 日辰 is 發用 (``"fa_yong"``, default, 《六壬大全》卷八〈斬關課〉) or
      whenever 魁罡 stands on the 干 or the 支 (``"gan_zhi"``, 《御定六壬直指》's lists).
    - ``zhu_yin``, ``san_qi``, ``bi_kou``, ``yin_yi``: the definitions of 鑄印, 三奇, 閉口 and of 淫泆's
      forms 泆女 / 狡童 (defaults: 《大全》's and 《課經》's; the others 《御定》's; docs/liuren.md).
    - ``yue_jiang_rule``: when casting from an instant, 月將 changes at 中氣 (``"zhongqi"``, default), at 節
      (``"jie"``), or a branch given by hand.
    - ``day_boundary``, ``true_solar``: passed to the calendar (docs/time.md).

    The calendar's options (``yue_jiang_rule``, ``day_boundary``, ``true_solar``, ``dst``, ``day_night``,
    ``lunar_calendar``: the lunar date of the chart's calendar, docs/time.md) are held as one
    :class:`~xuanheng.time.CalendarOptions` (``calendar``) and read through by name.
    - ``dst``: ``"clock"`` (default) counts 日 and 時 on the civil clock, summer time included;
      ``"standard"`` takes the daylight-saving hour off first (a modern charting convention, no classical
      source; docs/time.md, "Daylight saving time").
    """

    DECLARED = option_declarations("xuanheng.liuren")
    __slots__ = ("calendar", *(k for k, p in DECLARED if k not in _CALENDAR))
    calendar: CalendarOptions

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any: ...

    def __init__(self, *, calendar: CalendarOptions | None = None, **given: Any) -> None:
        v = self.given(given)
        if calendar is None:
            # the engine checks every value with its own messages first (xuanheng.liuren.cast._validate);
            # an Options built directly is checked by the calendar here
            calendar = CalendarOptions(**{_CALENDAR[k]: v[k] for k in self.keywords() if k in _CALENDAR})
        object.__setattr__(self, "calendar", calendar)
        for k in self.keywords():
            if k not in _CALENDAR:
                object.__setattr__(self, k, v[k])

    @property
    def day_night(self) -> str:
        return self.calendar.day_night

    @property
    def yue_jiang_rule(self) -> str:
        yj = self.calendar.yue_jiang
        return yj if isinstance(yj, str) else str(yj)

    @property
    def day_boundary(self) -> str:
        return self.calendar.day_boundary

    @property
    def true_solar(self) -> bool:
        return self.calendar.true_solar

    @property
    def dst(self) -> str:
        return self.calendar.dst

    @property
    def lunar_calendar(self) -> str:
        return self.calendar.lunar_calendar

    def to_json(self) -> dict[str, Any]:
        return self.flat()


@dataclass(frozen=True, slots=True)
class Ke:
    """One of the 四課.

    ``upper`` is the 天盤 branch; ``lower`` the 地盤 branch it stands on. In the first 課 the lower is the
    day stem, lodged on its 寄宮: then ``lower_stem`` is the stem and ``lower`` its 寄宮 branch.
    ``relation`` is ``"賊"`` (下賊上, lower overcomes upper), ``"剋"`` (上剋下) or ``""``.
    """

    upper: int
    lower: int
    lower_stem: int | None
    tian_jiang: int
    dun_gan: int | None
    liu_qin: int
    kong: bool
    relation: str

    @property
    def lower_name(self) -> str:
        return STEMS[self.lower_stem] if self.lower_stem is not None else BRANCHES[self.lower]

    def to_json(self) -> dict[str, Any]:
        return {
            "upper": BRANCHES[self.upper],
            "lower": self.lower_name,
            "tian_jiang": TIAN_JIANG[self.tian_jiang],
            "dun_gan": STEMS[self.dun_gan] if self.dun_gan is not None else None,
            "liu_qin": LIU_QIN[self.liu_qin],
            "kong": self.kong,
            "relation": self.relation,
        }


@dataclass(frozen=True, slots=True)
class Chuan:
    """One of the 三傳 (初, 中, 末)."""

    branch: int
    tian_jiang: int
    dun_gan: int | None
    liu_qin: int
    kong: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "branch": BRANCHES[self.branch],
            "shen": SHEN_NAMES[self.branch],
            "tian_jiang": TIAN_JIANG[self.tian_jiang],
            "liu_qin": LIU_QIN[self.liu_qin],
            "dun_gan": STEMS[self.dun_gan] if self.dun_gan is not None else None,
            "kong": self.kong,
        }


@dataclass(frozen=True, slots=True)
class GuiRen:
    """天乙貴人: the 天盤 branch it rides, day or night, and the direction the 天將 are laid."""

    branch: int
    is_day: bool
    direction: str  # "shun" (順) or "ni" (逆)
    table: str
    basis: str  # "sun" | "fixed" | "forced" | "given"

    def to_json(self) -> dict[str, Any]:
        return {
            "branch": BRANCHES[self.branch],
            "day_night": "day" if self.is_day else "night",
            "direction": self.direction,
            "table": self.table,
            "basis": self.basis,
        }


@dataclass(frozen=True, slots=True)
class KeTi:
    """A 課體 name the chart carries (九宗門 name, sub-name, or a 《課經》 class) with its source."""

    name: str
    src: str
    kind: str = "ke_ti"  # "jiu_zong_men" | "ke_ti"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "src": self.src}


@dataclass(frozen=True, slots=True)
class SheHaiDepth:
    """A candidate of the 涉害 procedure: ``depth`` as the chart's school counts it (the seat included;
    None under ``mengzhongji``, which does not count), ``depth_book`` as the books' prose counts the 重
    (without the seat: 丁卯日 亥加丑 "五重"). Display only: the 三傳 follow the school."""

    branch: int
    kind: str
    depth: int | None
    depth_book: int

    def to_json(self) -> dict[str, Any]:
        return {
            "branch": BRANCHES[self.branch],
            "kind": self.kind,
            "depth": self.depth,
            "depth_book": self.depth_book,
        }


@dataclass(frozen=True, slots=True)
class ShenSha:
    """A 神煞 of the chart: its name, the branch it falls on, where it shows, and its source."""

    name: str
    branch: int
    src: str
    basis: str = ""  # what it is keyed on (day_stem, day_branch, month_branch …)
    in_chart: tuple[str, ...] = ()  # places its branch shows: "ke1" … "ke4" (upper), "chu", "zhong", "mo"
    stem: int | None = None  # for a stem-valued spirit (月德 丙 …): the stem; ``branch`` is then its 寄宮

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "branch": BRANCHES[self.branch],
            "stem": STEMS[self.stem] if self.stem is not None else None,
            "basis": self.basis,
            "in_chart": list(self.in_chart),
            "src": self.src,
        }


@dataclass(frozen=True, slots=True)
class LiuRenChart:
    """A whole 大六壬 chart.

    ``tian_pan[d]`` is the 天盤 branch standing on 地盤 branch ``d``; ``jiang_on[b]`` the 天將 index
    carried by 天盤 branch ``b``. ``method`` is the 九宗門 name (賊剋 比用 涉害 遙剋 昴星 別責 八專 伏吟
    返吟); ``sub_method`` the finer name (重審 元首 知一 涉害 見機 察微 綴瑕 蒿矢 彈射 虎視 冬蛇掩目 別責
    八專 自任 自信 不虞 無依 井欄射 …). ``ben_ming`` / ``xing_nian`` are set when birth year and sex are
    given. ``time`` is the :class:`~xuanheng.time.ChartTime` (the whole calendar when cast from an instant).
    """

    day: GanZhi
    yue_jiang: int
    hour: int
    hour_gz: GanZhi
    tian_pan: tuple[int, ...]
    jiang_on: tuple[int, ...]
    si_ke: tuple[Ke, Ke, Ke, Ke]
    san_chuan: tuple[Chuan, Chuan, Chuan]
    method: str
    sub_method: str
    ke_ti: tuple[KeTi, ...]
    #: the candidates weighed by the 涉害 procedure, when it was entered (else empty)
    she_hai: tuple[SheHaiDepth, ...]
    gui_ren: GuiRen
    xun_kong: tuple[int, int]
    ri_lu: int
    yi_ma: int
    ri_de: int
    shensha: tuple[ShenSha, ...]
    options: Options
    #: the time of the chart: the whole calendar when cast from an instant, else the study coordinates
    time: ChartTime
    warnings: tuple[ChartWarning, ...] = ()
    ben_ming: int | None = None
    xing_nian: int | None = None
    birth_year: int | None = None
    sex: str | None = None

    @property
    def month_branch(self) -> int | None:
        """月建 when known (from the calendar, or given with the coordinates)."""
        return self.time.month_branch

    @property
    def year_branch(self) -> int | None:
        """太歲 when known (from the calendar, or given with the coordinates)."""
        return self.time.year_branch

    @property
    def calendar(self) -> dict[str, Any] | None:
        """The calendar document (``xuanheng calendar --json``) when cast from an instant, else None."""
        return None if self.time.is_study else self.time.to_json()

    # --- convenient views -------------------------------------------------------------------------
    @property
    def chu(self) -> int:
        """初傳 branch (發用)."""
        return self.san_chuan[0].branch

    @property
    def gan_shang(self) -> int:
        """干上神: the 天盤 branch over the day stem's 寄宮 (一課 upper)."""
        return self.si_ke[0].upper

    @property
    def zhi_shang(self) -> int:
        """支上神: the 天盤 branch over the day branch (三課 upper)."""
        return self.si_ke[2].upper

    def upper_of(self, di_pan_branch: int) -> int:
        """The 天盤 branch standing on *di_pan_branch*."""
        return self.tian_pan[di_pan_branch]

    def lower_of(self, tian_pan_branch: int) -> int:
        """The 地盤 branch under 天盤 *tian_pan_branch*."""
        return (tian_pan_branch - self.yue_jiang + self.hour) % 12

    def to_json(self) -> dict[str, Any]:
        from xuanheng import __version__

        cal = None if self.time.is_study else self.time.to_json()
        if cal is not None:
            inputs = {k: cal["inputs"][k] for k in ("at", "tz", "lon", "lat")}
        else:
            inputs = {
                "day": self.day.name,
                "yue_jiang": BRANCHES[self.yue_jiang],
                "hour": BRANCHES[self.hour],
            }
            for k, b in (("month_branch", self.month_branch), ("year_branch", self.year_branch)):
                if b is not None:
                    inputs[k] = BRANCHES[b]
        inputs["birth_year"], inputs["sex"] = self.birth_year, self.sex
        out: dict[str, Any] = {
            "inputs": inputs,
            "day": self.day.name,
            "yue_jiang": BRANCHES[self.yue_jiang],
            "yue_jiang_name": SHEN_NAMES[self.yue_jiang],
            "hour": BRANCHES[self.hour],
            "hour_ganzhi": self.hour_gz.name,
            "tian_pan": {BRANCHES[d]: BRANCHES[u] for d, u in enumerate(self.tian_pan)},
            "tian_jiang": {BRANCHES[b]: TIAN_JIANG[j] for b, j in enumerate(self.jiang_on)},
            "si_ke": [k.to_json() for k in self.si_ke],
            "san_chuan": [c.to_json() for c in self.san_chuan],
            "method": self.method,
            "sub_method": self.sub_method,
            "ke_ti": [k.to_json() for k in self.ke_ti],
            "she_hai": [x.to_json() for x in self.she_hai],
            "gui_ren": self.gui_ren.to_json(),
            "xun_kong": [BRANCHES[b] for b in self.xun_kong],
            "ri_lu": BRANCHES[self.ri_lu],
            "yi_ma": BRANCHES[self.yi_ma],
            "ri_de": BRANCHES[self.ri_de],
            "ben_ming": BRANCHES[self.ben_ming] if self.ben_ming is not None else None,
            "xing_nian": BRANCHES[self.xing_nian] if self.xing_nian is not None else None,
            "birth_year": self.birth_year,
            "sex": self.sex,
            "month_branch": BRANCHES[self.month_branch] if self.month_branch is not None else None,
            "year_branch": BRANCHES[self.year_branch] if self.year_branch is not None else None,
            "shensha": [s.to_json() for s in self.shensha],
            "options": self.options.to_json(),
            "warnings": warnings_json(self.warnings),
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
        }
        if cal is not None:
            out["calendar"] = cal
        return out


__all__ = [
    "LIU_QIN",
    "SCHEMA_VERSION",
    "Chuan",
    "GuiRen",
    "Ke",
    "KeTi",
    "LiuRenChart",
    "Options",
    "SheHaiDepth",
    "ShenSha",
    "liu_qin_index",
]
