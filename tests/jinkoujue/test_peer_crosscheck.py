"""Cross-check against the one peer with a 金口訣 function (kinliuren). Peers have bugs: only the part
that the peer computes the same way is compared — the 人元 (五子元遁 of the 地分 from the day stem).
kinliuren's 將神 is the 月將 name of the hour branch and its 貴神 differs from the reference casts of
issue 3, so those are not compared (see docs/jinkoujue.md)."""

from __future__ import annotations

import pytest

from xuanheng.core.ganzhi import BRANCHES, SIXTY, GanZhi
from xuanheng.jinkoujue import cast

kinliuren = pytest.importorskip("kinliuren.kinliuren")


@pytest.mark.parametrize("day", SIXTY[::7])
def test_ren_yuan_agrees_with_kinliuren(day: GanZhi) -> None:
    for hour in range(0, 12, 3):
        hgz = GanZhi.of((2 * (day.stem % 5) + hour) % 10, hour)
        peer = kinliuren.Liuren("驚蟄", "二", day.name, hgz.name)
        for df in range(12):
            ours = cast(
                day=day,
                hour=hour,
                month_branch="卯",
                year="丙午",
                yue_jiang="亥",
                is_day=True,
                difen=BRANCHES[df],
            )
            assert peer.jinkou(BRANCHES[df])["人元"] == ours.ren_yuan.name
