"""School options of the 金口訣 cast. Every option has a documented default and a cited source.

See ``docs/jinkoujue.md`` for the reasoning behind each default.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from xuanheng.core.guiren import DEFAULT_GUIREN_TABLE, GUIREN_TABLES
from xuanheng.errors import OptionError

#: option → accepted values (the first is the default) and the source of each choice
CHOICES: dict[str, tuple[str, ...]] = {
    # 月將 changes at the 中氣 (seed 002: 亥 from 雨水) or at the 節 (many online 金口訣 tools)
    "yue_jiang": ("zhongqi", "jie"),
    # 晝夜: auto = by sunrise/sunset when a place is given, else by the fixed 卯–酉 hours
    "day_night": ("auto", "sun", "fixed", "day", "night"),
    # 貴神 laid on the 地盤 (common online tools) or riding the 天盤 (as in 大六壬)
    "gui_shen_plate": ("di_pan", "tian_pan"),
    # day changes at 23:00 (子初, 早子時) or at midnight
    "day_boundary": ("23:00", "00:00"),
    # 用爻: yin_yang = the position whose 陰陽 is alone among the four (ties → 將神);
    # ke = the position overcome by its neighbour above (ties → 將神)
    "yong_yao": ("yin_yang", "ke"),
    # tie-break of the 四位 most-旺 element when several elements are not overcome
    "wang_tie": ("generated", "count"),
    # 旺衰 by season: four seasons of three months (000-005) or 土 ruling the 季 months 辰未戌丑
    # (names as in core.wangshuai's tu_months; 'last_18_days' needs a day count the cast does not keep)
    "tu_months": ("never", "ji_yue"),
    # 日/時 on the civil clock (summer time included) or on standard time with the DST hour taken off:
    # a modern charting convention, no classical source (docs/time.md, "Daylight saving time")
    "dst": ("clock", "standard"),
}


@dataclass(frozen=True, slots=True)
class JinKouJueOptions:
    """Named school options (defaults first in :data:`CHOICES`).

    * ``yue_jiang``: ``"zhongqi"`` (000 relies on seed 002-008: 亥將 from 雨水) or ``"jie"``.
    * ``day_night``: ``"auto"`` | ``"sun"`` | ``"fixed"`` (卯–申 day, 酉–寅 night) | ``"day"`` | ``"night"``.
    * ``guiren``: a key of ``core.guiren.GUIREN_TABLES`` (default 甲戊庚牛羊 verse).
    * ``gui_shen_plate``: ``"di_pan"`` or ``"tian_pan"``.
    * ``day_boundary``: ``"23:00"`` or ``"00:00"``.
    * ``yong_yao``: ``"yin_yang"`` or ``"ke"``.
    * ``wang_tie``: ``"generated"`` or ``"count"``.
    * ``tu_months``: ``"never"`` (four seasons, 000-005) or ``"ji_yue"`` (土 rules 辰未戌丑 months).
    * ``dst``: ``"clock"`` (default) or ``"standard"`` (count 日/時 on standard time under DST).
    """

    yue_jiang: str = "zhongqi"
    day_night: str = "auto"
    guiren: str = DEFAULT_GUIREN_TABLE
    gui_shen_plate: str = "di_pan"
    day_boundary: str = "23:00"
    yong_yao: str = "yin_yang"
    wang_tie: str = "generated"
    tu_months: str = "never"
    dst: str = "clock"

    def __post_init__(self) -> None:
        for name, accepted in CHOICES.items():
            value = getattr(self, name)
            if value not in accepted:
                raise OptionError(
                    f"unknown value {value!r} for option {name}: expected one of {', '.join(accepted)}",
                    field=name,
                )
        if self.guiren not in GUIREN_TABLES:
            raise OptionError(
                f"unknown 貴人 table {self.guiren!r}: expected one of {', '.join(GUIREN_TABLES)}",
                field="guiren",
            )

    @classmethod
    def from_mapping(cls, m: dict[str, Any] | None) -> JinKouJueOptions:
        """Build from a mapping, rejecting unknown keys with an :class:`OptionError`."""
        if not m:
            return cls()
        known = set(CHOICES) | {"guiren"}
        for k in m:
            if k not in known:
                raise OptionError(
                    f"unknown option {k!r}: expected one of {', '.join(sorted(known))}", field="options"
                )
        return cls(**{k: str(v) for k, v in m.items()})

    def to_json(self) -> dict[str, str]:
        return dict(asdict(self))


__all__ = ["CHOICES", "JinKouJueOptions"]
