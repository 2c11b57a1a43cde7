"""Shared helpers for benchmarks: time callables in one run and print ratios, not seconds.

Each ``bench/bench_*.py`` defines ``cases() -> list[Case]`` (ours first, then peers); ``bench/run.py`` runs
them all. A peer that is not installed is reported as missing, never faked.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Case:
    group: str  # what is measured, e.g. "datetime → pillars"
    name: str  # "xuanheng", "lunar-python", …
    fn: Callable[[int], None] | None  # fn(n) does n operations; None when the peer is missing
    n: int = 10_000
    note: str = ""
    repeat: int = 3  # runs of fn(n); the best counts (more runs ride out a machine shared with other jobs)
    clock: Callable[[], float] = time.perf_counter  # time.process_time: CPU time (a shared, loaded machine)


def measure(
    fn: Callable[[int], None], n: int, repeat: int = 3, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Best operations per second over *repeat* runs of ``fn(n)``, timed by *clock*."""
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        fn(n)
        best = min(best, clock() - t0)
    return n / best if best > 0 else float("inf")


def report(cases: list[Case]) -> list[dict[str, object]]:
    """Measure every case and print, per group, each one's rate and its ratio to xuanheng."""
    rows: list[dict[str, object]] = []
    groups: dict[str, list[Case]] = {}
    for c in cases:
        groups.setdefault(c.group, []).append(c)
    for group, items in groups.items():
        print(f"\n## {group}")
        rates = {c.name: (measure(c.fn, c.n, c.repeat, c.clock) if c.fn else None) for c in items}
        ours = rates.get("xuanheng")
        for c in items:
            r = rates[c.name]
            if r is None:
                print(f"  {c.name:<18} not installed {c.note}")
                continue
            # two decimals below 10 (0.33× and 0.47× are different answers), one above
            q = ours / r if ours else 0.0
            ratio = f"xuanheng is {q:8.{2 if q < 10 else 1}f}× this" if ours and c.name != "xuanheng" else ""
            print(f"  {c.name:<18} {r:>14,.0f} /s   {ratio} {c.note}")
            rows.append(
                {"group": group, "name": c.name, "per_second": r, "ratio": (ours / r) if ours else None}
            )
    return rows
