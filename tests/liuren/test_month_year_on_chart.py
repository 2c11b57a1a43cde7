"""A chart cast by coordinates keeps the 月建/太歲 it was given, so the reading can use them."""

from __future__ import annotations

from xuanheng.liuren import cast, reading


def test_coordinates_keep_month_and_year_branch() -> None:
    c = cast(day="丁卯", yue_jiang="亥", hour="丑", month_branch="寅", year_branch="午")
    assert (c.month_branch, c.year_branch) == (2, 6)
    j = c.to_json()
    assert (j["month_branch"], j["year_branch"]) == ("寅", "午")
    bare = cast(day="丁卯", yue_jiang="亥", hour="丑")
    assert bare.month_branch is None and bare.to_json()["month_branch"] is None


def test_reading_uses_the_month_kept_on_the_chart() -> None:
    with_month = cast(day="丁卯", yue_jiang="亥", hour="丑", month_branch="寅", year_branch="午")
    bare = cast(day="丁卯", yue_jiang="亥", hour="丑")
    kept = {r.id for r in reading(with_month)}
    passed = {r.id for r in reading(bare, month_branch="寅", year_branch="午")}
    plain = {r.id for r in reading(bare)}
    # the kept month reaches the reading as the passed one does; the kept chart also carries the month's 神煞
    assert passed <= kept
    assert passed != plain
    month_shensha = {s.name for s in with_month.shensha} - {s.name for s in bare.shensha}
    assert month_shensha, "月建/太歲-keyed 神煞 appear once the month and year are known"
