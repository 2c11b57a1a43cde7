"""The options classes made from declarations (``params.DeclaredOptions``) keep their hash after the first
use (round perf-ly12b), as the 六爻 time layer's ``TimeContext`` does; a pickled instance must not carry that
hash to another process, where the hash of a str (PYTHONHASHSEED) or of None differs, or it would miss the
memos and dicts keyed by it there."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from xuanheng.core.ganzhi import GanZhi
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.liuren.chart import Options as LiuRenOptions
from xuanheng.liuyao._reading_data import ReadingOptions
from xuanheng.liuyao.options import Options as LiuYaoOptions
from xuanheng.liuyao.rules import TimeContext

# every instance with one value off its default, so equal instances are not the default by chance
MADE = {
    "liuyao": lambda: LiuYaoOptions(kong="day_and_hour"),
    "liuyao_default": lambda: LiuYaoOptions(),
    "reading": lambda: ReadingOptions(),
    "liuren": lambda: LiuRenOptions(),
    "jinkoujue": lambda: JinKouJueOptions(),
}


@pytest.mark.parametrize("name", sorted(MADE))
def test_pickled_options_equal_hash_and_key_in_this_process(name: str) -> None:
    o = MADE[name]()
    h = hash(o)  # fills the kept hash before pickling
    back = pickle.loads(pickle.dumps(o))
    assert type(back) is type(o)
    assert back == o and hash(back) == h
    assert {o: 1}[back] == 1 and {back: 2}[MADE[name]()] == 2
    assert back._stored() == o._stored()


_CHILD = """
import pickle, sys
from xuanheng.core.ganzhi import GanZhi
from xuanheng.liuyao.rules import TimeContext
from xuanheng.jinkoujue.options import JinKouJueOptions
from xuanheng.liuren.chart import Options as LiuRenOptions
from xuanheng.liuyao._reading_data import ReadingOptions
from xuanheng.liuyao.options import Options as LiuYaoOptions
made = [LiuYaoOptions(kong="day_and_hour"), LiuYaoOptions(), ReadingOptions()]
made += [LiuRenOptions(), JinKouJueOptions()]
made += [TimeContext(GanZhi(0), 2), TimeContext(GanZhi(17), 5, hour=GanZhi(3))]
keyed = {o: i for i, o in enumerate(made)}
got = pickle.loads(sys.stdin.buffer.read())
print([keyed.get(o) for o in got])
"""


def test_pickled_options_are_keys_in_another_process() -> None:
    made: list[object] = [MADE[n]() for n in ("liuyao", "liuyao_default", "reading", "liuren", "jinkoujue")]
    made += [TimeContext(GanZhi(0), 2), TimeContext(GanZhi(17), 5, hour=GanZhi(3))]
    for o in made:
        hash(o)
    src = str(Path(__file__).resolve().parents[1] / "src")
    for seed in ("1", "2"):  # two seeds: at least one differs from this process's
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": src}
        out = subprocess.run(
            [sys.executable, "-c", _CHILD], input=pickle.dumps(made), capture_output=True, env=env, check=True
        )
        assert out.stdout.decode().strip() == "[0, 1, 2, 3, 4, 5, 6]"
