"""Run every benchmark in bench/ and print ratios against peer packages measured in the same run.

Usage: ``.venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/run.py [name …]``
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from _common import Case, report


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    files = sorted(here.glob("bench_*.py"))
    if argv:
        files = [f for f in files if any(a in f.stem for a in argv)]
    cases: list[Case] = []
    for f in files:
        spec = importlib.util.spec_from_file_location(f.stem, f)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        cases.extend(mod.cases())
    report(cases)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    raise SystemExit(main(sys.argv[1:]))
