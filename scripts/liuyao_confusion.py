"""Where the 六爻 judge disagrees with the casebooks, and what each of its verdict rules is worth.

For the cases of ``tests/liuyao/casebook`` (cast and judged as ``scripts/accuracy.py`` does:
``accuracy.liuyao_judgment``), per split — ``dev`` and ``holdout`` only; the ``blind`` split is refused
and its cases are never judged here:

* the confusion of the book's polarity (rows) against the judge's (columns);
* which step settled each verdict (the key of its ``[reason]``; ``sum:<polarity>`` where the weighed sum
  decided) and how often that path agreed with the book;
* for every weighed step, how often its sign (``+`` / ``-``) is the book's polarity on the good and bad
  cases (the book's mixed cases counted apart);
* with ``--misses``, each disagreeing case with the book's stated reason, grouped by (book, judge);
* with ``--ablate``, the ablation table of docs/liuyao-judgment.md ("Which rules generalize"): every rule
  that can weigh or settle a verdict switched off in turn (``judgment.switched_off``: the one
  implementation, judged as if that rule were not there), the cases agreeing with the book on dev and on
  the holdout without it, against the judge as it is; how many cases the rule fires on and how many it
  settles. A rule *gains* on a split where switching it off loses agreeing cases.

Run ``python scripts/liuyao_confusion.py [--split dev|holdout] [--misses] [--ablate]``. Measuring only: it
changes nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

POLS = ("good", "bad", "mixed")
SPLITS = ("dev", "holdout")


def _cases(split: str) -> list[dict[str, Any]]:
    """The casebook's cases of *split*; the blind split is refused."""
    if split not in SPLITS:
        raise SystemExit(f"split {split!r} refused: only {', '.join(SPLITS)} are measured here")
    import accuracy

    return [c for c in accuracy.cases("liuyao") if c["split"] == split]


def _judged(split: str, off: Iterable[str] = ()) -> list[tuple[dict[str, Any], Any, str]]:
    """(case, judgment, settling key) for every case of *split*, with the rules *off* switched off."""
    import accuracy
    from xuanheng.liuyao.judgment import switched_off

    cases = _cases(split)
    with switched_off(*off):
        return [(c, *accuracy.liuyao_judgment(c)) for c in cases]


def _path(j: Any, settled: str) -> str:
    return settled or f"sum:{j.verdict.word.polarity}"


def report(split: str, misses: bool, off: Iterable[str] = ()) -> list[str]:
    import confusion_report

    rows = [(c, j, _path(j, settled)) for c, j, settled in _judged(split, off)]

    def miss(row: confusion_report.Row) -> str:
        c, _, path = row
        why = " ".join(c.get("reasoning", c.get("outcome", "")).split())
        return f"  {c['id']} {c['topic']}/{c['about']} [{path}]: {why}"

    return confusion_report.lines(
        split,
        rows,
        weighed=lambda _: True,
        path_title="settling path",
        width=24,
        misses=misses,
        miss_line=miss,
    )


def rules() -> list[str]:
    """Every rule that can weigh or settle a verdict: the steps with a weight, the settling and weighing
    steps (``weigh.*`` and those of ``[reason]``), and the switches of ``judgment.SWITCHES``."""
    from xuanheng.liuyao.judgment import SWITCHES, data

    d = data()
    out = [k for k, v in d.steps.items() if v.weight != 0]
    acting = [k for k in d.steps if k.startswith("weigh.") or k in d.reason]
    # they only say what the sum decided
    inert = {"weigh.no_rescue", "weigh.wait", "weigh.even"}
    out += [k for k in acting if k not in out and k not in inert]
    return out + list(SWITCHES)


def _fires(key: str, j: Any, settled: str) -> bool:
    """Whether the rule *key* took part in judgment *j* (stated as a step, or settling it)."""
    if key.startswith("spent."):
        why = key.split(".", 1)[1]
        return any(s.key.endswith("_weak") and s.facts.get("why") == why for s in j.steps)
    if key == "settle.kong_zhen":
        return settled in ("kong.zhen", "kong.zhen_ke")
    if key == "settle.fu_useless":
        return settled == "fu.useless"
    return settled == key or any(s.key == key for s in j.steps)


#: the settling keys of a switch that settles under another step's key
_SETTLES = {"settle.kong_zhen": ("kong.zhen", "kong.zhen_ke"), "settle.fu_useless": ("fu.useless",)}


def ablation() -> list[dict[str, Any]]:
    """Per rule: the agreeing cases of each split with the rule switched off, the cases it fires on, those
    it settles and those whose polarity changes without it."""
    import confusion_report

    def extra(key: str, rows: list[tuple[dict[str, Any], Any, str]]) -> dict[str, int]:
        return {
            "fires": sum(_fires(key, j, st) for _, j, st in rows),
            "settles": sum(st in _SETTLES.get(key, (key,)) for _, _, st in rows),
        }

    return confusion_report.ablation(rules(), _judged, SPLITS, extra)


GROUPS = (
    ("gains on both splits", lambda r: r["gain_dev"] > 0 and r["gain_holdout"] > 0),
    ("gains on dev only (≥ 1 dev, 0 or a loss on the holdout)", lambda r: r["gain_dev"] > 0),
    ("gains on the holdout only", lambda r: r["gain_holdout"] > 0),
    (
        "loses nothing when switched off, on dev nor on the holdout: dead weight",
        lambda r: r["dev_lost"] == 0 and r["holdout_lost"] == 0,
    ),
    ("gains on neither split, but switched off it changes agreeing cases", lambda r: True),
)


def ablation_table(rows: list[dict[str, Any]]) -> list[str]:
    """The ablation as markdown: one table per group, the rules firing on ≤ 2 cases in all marked ◦."""
    b = rows[0]
    lines = [
        f"Judge as it is: dev {b['dev_base']}, holdout {b['holdout_base']} agreeing. Per rule: the gain "
        "(agreeing cases lost when it is switched off, less those won; negative: switching it off gains), "
        "the cases it fires on / settles / changes the polarity of, and of those the agreeing cases it "
        "would lose / the disagreeing ones it would win when switched off, dev | holdout. ◦ fires on ≤ 2 "
        "cases in all.",
    ]
    done: set[str] = set()
    for title, test in GROUPS:
        part = [r for r in rows if r["rule"] not in done and test(r)]
        done |= {r["rule"] for r in part}
        part.sort(key=lambda r: (-(r["gain_dev"] + r["gain_holdout"]), r["rule"]))
        lines += ["", f"**{title}** ({len(part)})", ""]
        lines += [
            "| rule | gain dev | gain holdout | fires | settles | changes | lost / won off |",
            "|---|---|---|---|---|---|---|",
        ]
        for r in part:
            few = " ◦" if r["dev_fires"] + r["holdout_fires"] <= 2 else ""
            settles = f"{r['dev_settles']} \\| {r['holdout_settles']}"
            lines.append(
                f"| `{r['rule']}`{few} | {r['gain_dev']:+d} | {r['gain_holdout']:+d} | "
                f"{r['dev_fires']} \\| {r['holdout_fires']} | {settles} | "
                f"{r['dev_changed']} \\| {r['holdout_changed']} | {r['dev_lost']}/{r['dev_won']} \\| "
                f"{r['holdout_lost']}/{r['holdout_won']} |"
            )
    return lines


def main(argv: list[str]) -> int:
    import confusion_report

    ap = confusion_report.parser(
        __doc__, "dev or holdout (blind is refused)", "with the report: rules switched off, comma-separated"
    )
    args = ap.parse_args(argv)
    if confusion_report.refused_split(args.split or (), SPLITS):
        return 2
    if args.ablate:
        print("\n".join(ablation_table(ablation())))
        return 0
    for split in args.split or ["dev"]:
        print("\n".join(report(split, args.misses, [k for k in args.off.split(",") if k])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
