"""Child process of the SIGKILL test: writes cases in a loop and reports each COMMITTED write on stdout.

    python writer_proc.py URL WORKER_TAG

Lines: ``saved <id> <n>`` after a case commit, ``outcome <id> <n>`` after an outcome commit. The content of
case *n* is a pure function of (tag, n) — see :func:`expected` — so the parent can check it is intact.
Runs until killed.
"""

from __future__ import annotations

import sys
from typing import Any

from xuanheng.journal import CaseIn, Journal


def expected(tag: str, n: int) -> dict[str, Any]:
    """What case *n* of worker *tag* holds."""
    return {
        "method": "liuren" if n % 2 else "jinkoujue",
        "inputs": {"worker": tag, "n": n},
        "chart": {"n": n, "payload": [f"{tag}-{n}-{k}" for k in range(50)], "text": "天地盤" * (n % 7 + 1)},
        "question": f"question {tag} {n} 問",
        "tags": [tag, f"n{n % 5}"],
        "rule_ids": [f"R{n % 3}", f"R{n % 4 + 10}"],
        "keys": {"ke_ti": [f"K{n % 6}"]},
    }


def main() -> None:
    url, tag = sys.argv[1], sys.argv[2]
    j = Journal.open(url)
    me = j.local_user()
    n = 0
    while True:
        e = expected(tag, n)
        c = j.save_case(me, CaseIn(**e))
        print(f"saved {c.id} {n}", flush=True)
        if n % 3 == 0:
            j.record_outcome(me, c.id, "應驗", f"note {n}")
            print(f"outcome {c.id} {n}", flush=True)
        n += 1


if __name__ == "__main__":
    main()
