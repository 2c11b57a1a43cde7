"""The 64 卦 as one enumeration (``xuanheng liuyao --enumerate``, the MCP tool ``enumerate_liuyao``).

Each row is the static 裝卦 of one hexagram without a moving line — its name, trigrams, 八宮 palace and
type, 世應, the six lines with 納甲 and 六親, the missing 六親 and the 伏神 — as the ``ben_gua`` of a chart
(:func:`xuanheng.liuyao.cast.zhuang_gua`), in the order of the received 《周易》. Nothing in it depends on
the time or on a school option, so the enumeration takes no input.
"""

from __future__ import annotations

from typing import Any

from xuanheng.errors import InputError
from xuanheng.liuyao.cast import zhuang_gua
from xuanheng.params import Params

ENUMERATE = "enumerate"


def _row(code: int) -> dict[str, Any]:
    z = zhuang_gua(tuple(7 if code >> i & 1 else 8 for i in range(6))).to_json()
    return {**z["ben_gua"], "missing_liu_qin": z["missing_liu_qin"], "fu_shen": z["fu_shen"]}


def enumerate_gua(p: Params) -> list[dict[str, Any]]:
    """The static 裝卦 of all 64 hexagrams (see the module docstring); any input given is refused."""
    for param in p.SPEC:
        v = p.get(param.name)
        if v is not None and v != param.default:
            raise InputError(
                f"the 64 卦 take no input ({param.name} given): the static 裝卦 depends on neither the time "
                "nor a school option",
                field=param.name,
            )
    return sorted((_row(code) for code in range(64)), key=lambda r: int(r["number"]))


def render_enumeration(rows: list[dict[str, Any]]) -> str:
    """One line per hexagram: number, name, palace and type, 世 and 應, the 納甲 of the lines 初 → 上."""
    out = []
    for r in rows:
        najia = " ".join(str(line["najia"]) for line in r["lines"])
        place = f"{r['palace']}宮{r['type']} 世{r['shi']} 應{r['ying']}"
        out.append(f"{r['number']:>2} {r['full_name']:<4} {place}  {najia}")
    return "\n".join(out)


__all__ = ["ENUMERATE", "enumerate_gua", "render_enumeration"]
