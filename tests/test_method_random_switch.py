"""The contract's random draws, generally: a ``form.random`` hint on a choice (金口訣's ``difen="random"``)
or on a switch (``choice = True``, as 六爻's ``coins``), several random inputs sharing one seed, through
``frontend.with_seeds`` / ``repeatable``, the CLI and the HTTP API — with a toy method registered at run
time, so no real method is special-cased."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from xuanheng.cli.main import main as cli_main
from xuanheng.frontend import Hints, asks_draw, random_params, repeatable, set_hints, with_seeds
from xuanheng.method import Method
from xuanheng.methods import register, unregister
from xuanheng.params import Param, Params
from xuanheng.reading import Text

T = Text(ko="토이", zh_hant="玩具", en="toy")


class ToyParams(Params):
    SPEC = (
        Param("heads", "bool", T, "draw heads", default=False),
        Param("tails", "bool", T, "draw tails", default=False),
        Param("seed", "int", T, "seed", ge=0, le=2**31 - 1),
    )


@dataclass(frozen=True)
class Toy:
    heads: bool
    tails: bool
    seed: int | None

    def to_json(self) -> dict[str, Any]:
        return {"inputs": {"heads": self.heads, "tails": self.tails, "seed": self.seed}}


def _cast(p: Params) -> Toy:
    return Toy(p.heads, p.tails, p.seed)


TOY = Method(
    name="toy_switch",
    label=T,
    summary=T,
    params=ToyParams,
    cast=_cast,
    facts=lambda doc: {},
    views={
        "svg": lambda doc, lang: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        "text": lambda doc, lang: json.dumps(doc),
    },
)


DRAW = {"form": {"random": {"choice": True, "seed": "seed"}}}
set_hints(TOY, Hints(params={"heads": DRAW, "tails": DRAW, "seed": {"hidden": True}}))


@pytest.fixture
def toy() -> Iterator[Method]:
    register(TOY)
    try:
        yield TOY
    finally:
        unregister(TOY.name)


def test_asks_draw() -> None:
    assert asks_draw("random", " Random ") and not asks_draw("random", "申") and not asks_draw("random", None)
    assert asks_draw(True, True) and not asks_draw(True, False) and not asks_draw(True, None)
    assert not asks_draw(True, "true") and not asks_draw(True, 1)  # a switch's value is a real bool


def test_with_seeds_on_switches(toy: Method) -> None:
    assert [(p.name, c, s) for p, c, s in random_params(toy)] == [
        ("heads", True, "seed"),
        ("tails", True, "seed"),
    ]
    off = toy.make_params({})
    assert repeatable(toy, off) and with_seeds(toy, off) is off  # nothing asked: no draw
    on = toy.make_params({"tails": True})
    assert not repeatable(toy, on)
    drawn = with_seeds(toy, on)
    assert isinstance(drawn.seed, int) and 0 <= drawn.seed < 2**31 and repeatable(toy, drawn)
    given = toy.make_params({"heads": True, "seed": 5})
    assert repeatable(toy, given) and with_seeds(toy, given) is given  # a given seed is replayed, not redrawn


def test_cli_and_http_draw_for_a_switch(toy: Method, tmp_path: Path) -> None:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert cli_main(["toy_switch", "--heads", "--json"]) == 0
    doc = json.loads(buf.getvalue())
    assert doc["inputs"]["heads"] is True and isinstance(doc["inputs"]["seed"], int)

    from xuanheng.web.app import create_app
    from xuanheng.web.settings import Settings

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'j.sqlite3'}", secret="s" * 40, warm_up=False))
    with TestClient(app) as c:
        r = c.get("/api/toy_switch", params={"heads": "true"})
        assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
        seed = r.json()["inputs"]["seed"]
        assert isinstance(seed, int)
        r2 = c.get("/api/toy_switch", params={"heads": "true", "seed": seed})
        assert r2.headers["cache-control"].startswith("public") and r2.json() == r.json()
        r3 = c.get("/api/toy_switch", params={})
        assert r3.headers["cache-control"].startswith("public") and r3.json()["inputs"]["seed"] is None
        saved = c.post("/api/journal/cases", json={"method": "toy_switch", "inputs": {"tails": True}})
        assert saved.status_code == 201, saved.text
        assert isinstance(saved.json()["inputs"]["seed"], int)  # the drawn seed is kept with the case
