"""A toy method, written only in the tests, to show that a method is one package and one line: registered
(``xuanheng.methods.register`` or ``XUANHENG_METHODS=toy_method:METHOD``), it appears in the command line, the
OpenAPI, the page's method list, the journal and the renderers without a change to any of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xuanheng import SCHEMA_VERSION, __version__
from xuanheng.errors import InputError
from xuanheng.method import Method
from xuanheng.params import Choice, Param, Params
from xuanheng.reading import FiredRule, Text

COLOUR = Param(
    name="colour",
    kind="choice",
    label=Text(ko="색", zh_hant="顏色", en="colour"),
    help="the colour of the toy (red or blue)",
    default="red",
    choices=(
        Choice("red", Text(ko="빨강", zh_hant="赤", en="red"), "a test"),
        Choice("blue", Text(ko="파랑", zh_hant="青", en="blue"), "a test"),
    ),
    option=True,
    group="school",
)
N = Param(
    name="n", kind="int", label=Text(ko="수", zh_hant="數", en="number"), help="a number 1–9", ge=1, le=9
)


class ToyParams(Params):
    SPEC = (N, COLOUR)


@dataclass(frozen=True)
class ToyChart:
    n: int
    colour: str

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "colour": self.colour,
            "options": {"colour": self.colour},
            "engine_version": __version__,
            "schema_version": SCHEMA_VERSION,
        }


def cast(p: Params) -> ToyChart:
    if p.n is None:
        raise InputError("give n, a number 1–9", field="n")
    return ToyChart(p.n, p.colour)


def reading(chart: Any, topic: str | None, lang: str) -> list[FiredRule]:
    t = Text(ko="장난감", zh_hant="玩具", en="a toy")
    return [FiredRule(id="toy-1", src=("000-001",), facts={"n": chart.n}, text=t, topics=("總",))]


METHOD = Method(
    name="toy",
    label=Text(ko="장난감", zh_hant="玩具", en="Toy"),
    summary=Text(ko="장난감 방법", zh_hant="玩具之法", en="a toy method of the tests"),
    params=ToyParams,
    cast=cast,
    read=reading,
    facts=lambda doc: {"colour": [str(doc.get("colour"))]},
    views={
        "svg": lambda doc, lang: f'<svg xmlns="http://www.w3.org/2000/svg"><text>toy {doc["n"]}</text></svg>',
        "text": lambda doc, lang: f"toy {doc['n']} {doc['colour']}",
    },
    example={"n": 3},
)
