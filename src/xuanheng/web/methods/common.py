"""Parameter models shared by the method plug-ins: the instant, the place and the display language.

Field names are the CLI's option names (``--at`` → ``at``, ``--true-solar`` → ``true_solar``), and the
defaults are the CLI's, so a query string reads like the command line and gives the same JSON.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from xuanheng.errors import InputError

Lang = Literal["ko", "zh-Hant", "zh-Hans", "en"]
#: fields of :class:`TimeParams` (the page draws them itself)
COMMON_FIELDS: tuple[str, ...] = ("at", "now", "tz", "fold", "lon", "lat", "true_solar", "lang")


class TimeParams(BaseModel):
    """The instant and place of a cast (``xuanheng <command> --at … --tz … --lon … --lat …``)."""

    model_config = ConfigDict(extra="forbid", str_max_length=200)

    at: str | None = Field(
        None,
        max_length=40,
        description="date-time, ISO 8601 (2026-03-10T21:00, or with an offset +08:00); or use now=true",
        examples=["2026-03-10T21:00"],
    )
    now: bool = Field(False, description="use the current time instead of at (as the CLI's --now)")
    tz: str | None = Field(
        None, max_length=64, description="IANA zone (Asia/Seoul) or offset (+08:00); needed unless at has one"
    )
    fold: Literal[0, 1] | None = Field(None, description="which reading of a wall time a DST change repeats")
    lon: float | None = Field(None, ge=-180, le=180, description="longitude, degrees east")
    lat: float | None = Field(None, ge=-90, le=90, description="latitude, degrees north")
    true_solar: bool = Field(False, description="count days and hours on true solar time (needs lon/lat)")
    lang: Lang = Field("zh-Hant", description="language of reading texts and chart labels (not in the CLI)")


def instant_of(p: Any) -> tuple[str | datetime, str | None]:
    """(when, tz) as the CLI derives them from --at, --now and --tz (only the web layer reads the clock)."""
    if p.now and p.at:
        raise InputError("give at or now, not both", field="at")
    if not p.now and not p.at:
        raise InputError("give at (ISO 8601 date-time, e.g. 2026-03-10T21:00) or now=true", field="at")
    when: str | datetime = datetime.now(UTC) if p.now else p.at
    tz = p.tz if p.tz is not None else ("UTC" if p.now else None)
    return when, tz


def with_options(
    name: str,
    base: type[BaseModel],
    fields: dict[str, Any],
    choices: dict[str, tuple[str, ...]],
    docs: dict[str, str],
) -> type[BaseModel]:
    """*base* extended by method *fields* and one ``Literal`` field per school option (first = default)."""
    spec: dict[str, Any] = dict(fields)
    for opt, accepted in choices.items():
        lit = Literal[tuple(accepted)]  # type: ignore[valid-type]
        info = Field(accepted[0], description=docs.get(opt, ""), json_schema_extra={"option": True})
        spec[opt] = (lit, info)
    model: type[BaseModel] = create_model(name, __base__=base, **spec)
    return model
