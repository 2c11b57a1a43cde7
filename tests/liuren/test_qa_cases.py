"""QA as a user: two 大六壬 charts derived by hand from the rules, and inputs the CLI refused before.

Hand derivations (the oracle is the rule, worked here on paper, not the engine):

* 甲子日, 亥將 加 寅時 (夜). 天盤 = 地盤 + 9. 甲 寄 寅: 寅上亥 → 亥/甲; 亥上申 → 申/亥; 子上酉 → 酉/子;
  酉上午 → 午/酉, 午火剋酉金 — the only 剋 (上剋下): 元首, 初傳 午, 中 午上卯, 末 卯上子.
  夜貴 未 (甲戊庚牛羊) sits on 地盤 戌 → 逆: 午 螣蛇, 卯 勾陳, 子 白虎. 甲子旬 遁干: 庚午 丁卯 甲子.
* 戊辰日, 午將 加 申時 (晝). 天盤 = 地盤 + 10. 戊 寄 巳: 巳上卯 → 卯/戊 (上剋下); 卯上丑 → 丑/卯
  (卯木剋丑土, 下賊上); 辰上寅 → 寅/辰 (上剋下); 寅上子 → 子/寅 (none). The one 下賊上 comes first:
  重審, 初傳 丑, 中 丑上亥, 末 亥上酉. 晝貴 丑 sits on 地盤 卯 → 順: 丑 貴人, 亥 太陰, 酉 太常.
  甲子旬 空 戌亥, so 中傳 亥 is 空; 遁干 乙丑, 癸酉. (Rules: seed 002, 四課/三傳 and 賊剋 entries.)
"""

from __future__ import annotations

import json

import pytest

from xuanheng.cli.main import main
from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.core.guiren import TIAN_JIANG
from xuanheng.errors import InputError, OptionError
from xuanheng.liuren import cast
from xuanheng.liuren.chart import LIU_QIN

CASES = [
    (
        ("甲子", "亥", "寅"),
        ["亥甲", "申亥", "酉子", "午酉"],
        ["", "", "", "剋"],
        ("賊剋", "元首"),
        ["庚午", "丁卯", "甲子"],
        ["螣蛇", "勾陳", "白虎"],
        ["子孫", "兄弟", "父母"],
    ),
    (
        ("戊辰", "午", "申"),
        ["卯戊", "丑卯", "寅辰", "子寅"],
        ["剋", "賊", "剋", ""],
        ("賊剋", "重審"),
        ["乙丑", "亥", "癸酉"],
        ["貴人", "太陰", "太常"],
        ["兄弟", "妻財", "子孫"],
    ),
]


@pytest.mark.parametrize(("coords", "ke", "rel", "method", "chuan", "jiang", "qin"), CASES)
def test_hand_derived(
    coords: tuple[str, str, str],
    ke: list[str],
    rel: list[str],
    method: tuple[str, str],
    chuan: list[str],
    jiang: list[str],
    qin: list[str],
) -> None:
    day, yue_jiang, hour = coords
    c = cast(day=day, yue_jiang=yue_jiang, hour=hour)
    assert [BRANCHES[k.upper] + k.lower_name for k in c.si_ke] == ke
    assert [k.relation or "" for k in c.si_ke] == rel
    assert (c.method, c.sub_method) == method
    got = [(STEMS[x.dun_gan] if x.dun_gan is not None else "") + BRANCHES[x.branch] for x in c.san_chuan]
    assert got == chuan
    assert [TIAN_JIANG[x.tian_jiang] for x in c.san_chuan] == jiang
    assert [LIU_QIN[x.liu_qin] for x in c.san_chuan] == qin


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(argv)
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_cli_numbers_for_day_jiang_hour(capsys: pytest.CaptureFixture[str]) -> None:
    """The error text promised 0–59 / 0–11 but the CLI refused digits (failed before the fix)."""
    rc, out, _ = _run(
        ["liuren", "--day", "3", "--yue-jiang", "11", "--hour", "1", "--json", "--no-reading"], capsys
    )
    assert rc == 0
    j = json.loads(out)
    assert (j["day"], j["yue_jiang"], j["hour"]) == ("丁卯", "亥", "丑")


def test_cli_jiang_rule_by_number_and_full_width(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["liuren", "--at", "2026-03-10T21:30", "--tz", "Asia/Shanghai", "--jiang", "１０", "--json"]
    rc, out, _ = _run([*argv, "--no-reading"], capsys)
    assert rc == 0 and json.loads(out)["yue_jiang"] == "戌"


@pytest.mark.parametrize(
    ("extra", "field"),
    [(["--lon", "x", "--lat", "3"], "lon"), (["--birth-year", "abc"], "birth_year")],
)
def test_cli_bad_numbers_one_line(extra: list[str], field: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["liuren", "--at", "2026-03-10T21:30", "--tz", "Asia/Shanghai", "--no-reading", *extra]
    rc, _, err = _run(argv, capsys)
    assert rc == 2 and err.count("\n") == 1 and err.startswith("xuanheng liuren: ") and field in err


def test_options_as_dict() -> None:
    """Like jinkoujue.cast, liuren.cast takes options as a dict (failed before the fix)."""
    c = cast("2026-03-10T21:30", tz="Asia/Shanghai", options={"shehai": "mengzhongji"})
    assert c.options.shehai == "mengzhongji"
    with pytest.raises(OptionError):
        cast(day="丁卯", yue_jiang="亥", hour="丑", options={"shehia": "depth"})


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--day", "丁卯", "--yue-jiang", "亥", "--hour", "丑", "--tz", "UTC"], "--tz"),
        (["--day", "丁卯", "--yue-jiang", "亥", "--hour", "丑", "--lon", "3", "--lat", "4"], "--lon"),
        (["--day", "丁卯", "--yue-jiang", "亥", "--hour", "丑", "--jiang", "jie"], "--jiang"),
        (["--enumerate", "--at", "2026-01-01T00:00"], "--at"),
        (["--enumerate", "--hour", "丑"], "--hour"),
    ],
)
def test_ignored_flags_are_refused(argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    """These flags used to be silently ignored (failed before the fix): now one line, exit 2."""
    rc, _, err = _run(["liuren", "--no-reading", *argv], capsys)
    assert rc == 2 and err.count("\n") == 1 and needle in err


def test_enumerate_one_day(capsys: pytest.CaptureFixture[str]) -> None:
    """--enumerate --day gives that day's 12 課; row for 亥將 agrees with the hand case above (offset)."""
    rc, out, _ = _run(["liuren", "--enumerate", "--day", "甲子", "--json"], capsys)
    rows = json.loads(out)
    assert rc == 0 and len(rows) == 12 and {r["day"] for r in rows} == {"甲子"}
    # 亥將 加 寅時 is offset 9 (天盤 = 地盤 + 9), the same 課 as 酉將 加 子時
    assert rows[9]["san_chuan"] == ["午", "卯", "子"]


@pytest.mark.parametrize("dun_gan", ["day", "hour"])
def test_late_zi_hour_matches_calendar(dun_gan: str) -> None:
    """With day_boundary 00:00, 23:30 stays on 甲辰 day but the hour is the next day's 丙子 (continuous
    count, docs/time.md). The chart used to print 甲子時 while its own calendar said 丙子 (failed before)."""
    c = cast("2024-02-10T23:30", tz="Asia/Shanghai", day_boundary="00:00", dun_gan=dun_gan)
    assert c.day.name == "甲辰" and c.calendar is not None
    assert c.hour_gz.name == c.calendar["pillars"]["hour"] == "丙子"
    # 遁干 by the hour's 旬 uses 丙子 (甲戌 旬, 空 申酉), not 甲子
    if dun_gan == "hour":
        from xuanheng.core.ganzhi import GanZhi
        from xuanheng.core.ganzhi import dun_gan as dg

        bing_zi = GanZhi.parse("丙子")
        assert [x.dun_gan for x in c.san_chuan] == [dg(x.branch, bing_zi) for x in c.san_chuan]


def test_hour_stem_checked() -> None:
    """The calendar's hour stem, which a cast from an instant hands to the coordinates, is checked there (it
    is no keyword of ``cast``: as one it is an unknown option)."""
    from xuanheng.liuren.cast import _from_coordinates

    with pytest.raises(InputError) as e:
        _from_coordinates("甲辰", "子", "子", hour_stem=1)
    assert e.value.field == "hour_stem"
    with pytest.raises(InputError) as e:
        cast(day="甲辰", yue_jiang="子", hour="子", hour_stem=1)
    assert e.value.field == "hour_stem"


def test_long_garbage_is_cut_in_errors() -> None:
    with pytest.raises(InputError) as e:
        cast(day="丁" * 5000, yue_jiang="亥", hour="丑")
    assert len(str(e.value)) < 300


def test_numbers_as_text_in_the_api() -> None:
    """The messages promise 0–59 / 0–11; text digits from a query string used to be refused (failed)."""
    c = cast(day="3", yue_jiang="11", hour="1")
    assert (c.day.name, c.yue_jiang, c.hour) == ("丁卯", 11, 1)
    assert cast("2026-03-10T21:30", tz="UTC", yue_jiang_rule="10").yue_jiang == 10
    with pytest.raises(OptionError):
        cast("2026-03-10T21:30", tz="UTC", yue_jiang_rule="12")
    with pytest.raises(InputError):
        cast(day="60", yue_jiang="11", hour="1")


def test_yue_jiang_with_at_points_to_jiang(capsys: pytest.CaptureFixture[str]) -> None:
    """`calendar` spells the rule --yue-jiang, `liuren` --jiang: the mix-up now gets a pointed message."""
    rc, _, err = _run(["liuren", "--at", "2026-03-10T21:30", "--tz", "UTC", "--yue-jiang", "亥"], capsys)
    assert rc == 2 and "--jiang" in err and err.count("\n") == 1


def test_now_without_tz_uses_the_computers_zone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`liuren --now` alone used to cast on the UTC wall clock (failed before the fix)."""
    import time

    monkeypatch.setenv("TZ", "Asia/Seoul")
    time.tzset()
    try:
        rc, out, _ = _run(["liuren", "--now", "--json", "--no-reading"], capsys)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert rc == 0 and json.loads(out)["calendar"]["inputs"]["utc_offset"] == "+09:00"
