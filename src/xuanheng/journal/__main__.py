"""``python -m xuanheng.journal ACTION`` — see :mod:`xuanheng.journal.admin`."""

from __future__ import annotations

import argparse
import sys

from xuanheng.errors import XuanhengError
from xuanheng.journal import admin


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m xuanheng.journal", description="xuanheng case journal")
    admin.add_arguments(parser)
    args = parser.parse_args()
    try:
        return admin.run(args)
    except XuanhengError as e:
        print(f"xuanheng journal: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
