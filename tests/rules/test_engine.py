"""The shared rule engine: the schema is checked when a file loads, conditions are registered functions."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from xuanheng.rules import (
    TOPIC_KEYS,
    RuleDataError,
    Vocabulary,
    check_src,
    engine,
    inventory_ids,
    load_rules,
    normalise_topic,
    parse_rule,
    topic_label,
)

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"

V = Vocabulary("toy")


@V.condition("colour", values=("red", "blue"))
def _colour(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
    return {"colour": ctx["colour"]} if ctx["colour"] == v else None


@V.condition("size")
def _size(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
    return {"size": ctx["size"], "colour": "ignored: first key wins"} if ctx["size"] >= v else None


GOOD: dict[str, Any] = {
    "id": "000-003",
    "src": ["000-003", "《六壬大全》卷一〈十二神〉"],
    "kind": "k",
    "topics": ["病"],
    "when": {"colour": "red"},
    "text": {"ko": "가", "zh-Hant": "甲", "en": "a"},
}


def parse(**change: Any) -> Any:
    e = {**GOOD, **change}
    for k in [k for k, v in change.items() if v is None]:
        del e[k]
    return parse_rule(e, "toy/data/x.toml", V, kinds=("k",), extra_keys=("tag",))


def test_a_good_rule_loads() -> None:
    r = parse(tag="t")
    assert (r.id, r.src, r.kind, r.topics, r.get("tag")) == ("000-003", tuple(GOOD["src"]), "k", ("病",), "t")
    assert r.text.get("zh-Hans") == "甲" and r.text.get("en") == "a"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"colr": 1}, "unknown keys ['colr']"),
        ({"when": {"shape": "round"}}, "unknown condition 'shape'"),
        ({"when": {"colour": "green"}}, "colour = ['green'] is not one of"),
        ({"when": {}}, "no condition"),
        ({"when": {"any": []}}, "'any' must be a non-empty list"),
        ({"topics": ["weather?"]}, "not in the shared topic vocabulary"),
        ({"topics": []}, "not in the shared topic vocabulary"),
        ({"text": {"ko": "가", "zh-Hant": "甲"}}, "text lacks ['en']"),
        ({"text": {"ko": "가", "zh-Hant": "甲", "en": "a", "fr": "b"}}, "unknown languages ['fr']"),
        ({"src": ["999-999"]}, "is not an id of the seed inventory"),
        ({"src": ["a blog"]}, "neither an inventory id"),
        ({"src": []}, "no src"),
        ({"kind": "other"}, "kind 'other' is not one of"),
        ({"id": None}, "a rule without an id"),
    ],
)
def test_schema_errors_name_the_file_and_the_rule(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleDataError) as e:
        parse(**change)
    assert str(e.value).startswith("toy/data/x.toml") and message in str(e.value)
    if "id" not in change:
        assert "rule 000-003" in str(e.value)


def test_holds_merges_facts_first_key_wins_and_any() -> None:
    ctx = {"colour": "red", "size": 3}
    assert V.holds({"colour": "red", "size": 2}, ctx) == {"colour": "red", "size": 3}
    assert V.holds({"colour": "blue"}, ctx) is None
    assert V.holds({"any": [{"colour": "blue"}, {"size": 1}]}, ctx) == {
        "size": 3,
        "colour": "ignored: first key wins",
    }
    assert V.holds({"any": [{"colour": "blue"}, {"size": 9}]}, ctx) is None


def test_holds_keeps_one_plan_per_table() -> None:
    """The plan of a table is its own: another table (even one made where a freed one lived) is read anew,
    an unknown word still fails on the first call, and the kept plans stay bounded."""
    ctx = {"colour": "red", "size": 3}
    for _ in range(50):  # fresh tables, freed at once: their ids are reused
        assert V.holds({"colour": "red"}, ctx) == {"colour": "red"}
        assert V.holds({"colour": "blue"}, ctx) is None
        assert V.holds({"size": 4}, ctx) is None
    table = {"size": 2, "colour": "red"}
    assert V.plan(table) is V.plan(table)
    assert V.holds(table, ctx) == {"size": 3, "colour": "ignored: first key wins"}
    with pytest.raises(KeyError):
        V.holds({"weight": 1}, ctx)
    tables = [{"size": n} for n in range(engine.PLAN_LIMIT + 10)]
    assert [V.holds(t, ctx) is not None for t in tables[:5]] == [True, True, True, True, False]
    for t in tables:
        V.holds(t, ctx)
    assert len(V._plans) <= engine.PLAN_LIMIT


def test_select_answers_what_holds_gives_on_each_item() -> None:
    """select over items: per item exactly what holds gives (facts merged first key wins, any), each
    condition tried on an item only where the ones before it held, and once per item set."""
    calls: list[tuple[str, Any, int]] = []
    w = Vocabulary("toy items")

    @w.condition("colour")
    def _c(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        calls.append(("colour", v, ctx["n"]))
        return {"colour": ctx["colour"], "n": ctx["n"]} if ctx["colour"] in engine._as_list(v) else None

    @w.condition("size")
    def _s(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        calls.append(("size", v, ctx["n"]))
        return {"size": ctx["size"], "colour": "second"} if ctx["size"] >= v else None

    things = [
        {"n": 0, "colour": "red", "size": 1},
        {"n": 1, "colour": "blue", "size": 5},
        {"n": 2, "colour": "red", "size": 7},
        {"n": 3, "colour": "green", "size": 9},
    ]
    tables: list[dict[str, Any]] = [
        {"colour": "red", "size": 2},
        {"size": 2, "colour": "red"},
        {"colour": ["red", "blue"]},
        {"any": [{"colour": "green"}, {"size": 6}]},
        {"size": 2, "any": [{"colour": "blue"}, {"colour": "red", "size": 7}]},
        {"colour": "white"},
        {},
    ]
    items = w.over(things)
    for t in tables:
        want = [(i, f) for i, x in enumerate(things) if (f := w.holds(t, x)) is not None]
        assert list(w.select(t, items)) == want, t
        assert w.select(t, items) is w.select(dict(t), items)  # kept per table (by its value)
    calls.clear()
    items = w.over(things)
    w.select({"colour": "red", "size": 2}, items)
    assert calls == [("colour", "red", n) for n in range(4)] + [("size", 2, 0), ("size", 2, 2)]
    calls.clear()
    w.select({"size": 2, "colour": "red"}, items)  # size on the items not tried yet, colour known
    assert calls == [("size", 2, 1), ("size", 2, 3)]


def test_select_keeps_a_condition_that_reads_its_table_per_table() -> None:
    w = Vocabulary("toy neighbours")

    @w.condition("near")
    def _near(ctx: Any, v: Any, when: Any) -> dict[str, Any] | None:
        return {"far": when.get("far")} if ctx >= v + when.get("far", 0) else None

    @w.condition("far")
    def _far(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        return {}

    assert w.specs["near"].reads_table and not w.specs["far"].reads_table
    items = w.over([1, 5, 9])
    assert [i for i, _ in w.select({"near": 1}, items)] == [0, 1, 2]
    assert [i for i, _ in w.select({"near": 1, "far": 5}, items)] == [2]


def test_select_keeps_shared_conditions_in_the_memo_it_is_given() -> None:
    """A condition declared shared is computed once for every item set given the same memo (and a table of
    such conditions only is answered from it); the others once per item set."""
    calls: list[str] = []
    w = Vocabulary("toy shared")

    @w.condition("kind", shared=True)
    def _kind(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        calls.append("kind")
        return {"kind": ctx[0]} if ctx[0] == v else None

    @w.condition("today")
    def _today(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        calls.append("today")
        return {"today": ctx[1]} if ctx[1] == v else None

    memo: dict[Any, Any] = {}
    first = w.over([("a", 1), ("b", 2), ("a", 3)], memo)
    second = w.over([("a", 5), ("b", 1), ("a", 1)], memo)  # same kinds, other days
    assert w.select({"kind": "a"}, first) == ((0, {"kind": "a"}), (2, {"kind": "a"}))
    assert w.select({"kind": "a", "today": 1}, first) == ((0, {"kind": "a", "today": 1}),)
    calls.clear()
    assert w.select({"kind": "a"}, second) == ((0, {"kind": "a"}), (2, {"kind": "a"}))
    assert w.select({"kind": "a", "today": 1}, second) == ((2, {"kind": "a", "today": 1}),)
    assert calls == ["today", "today"]  # kind from the memo; today on the two items of kind a


def test_check_of_answers_what_holds_gives() -> None:
    """A table bound once (check_of) gives on every context what holds gives: one condition, several (the
    first key wins), any; a condition that fails gives None; the facts are the condition's own."""
    tables = (
        {"colour": "red"},
        {"colour": "blue"},
        {"size": 2, "colour": "red"},
        {"any": [{"colour": "blue"}, {"size": 1}]},
        {"colour": "red", "any": [{"size": 9}, {"size": 3}]},
        {"any": [{"size": 4, "colour": "blue"}, {"any": [{"colour": "red"}, {"size": 2}]}], "size": 1},
        {"size": 1, "colour": "blue", "any": [{"size": 3, "colour": "blue"}]},
    )
    for ctx in ({"colour": c, "size": n} for c in ("red", "blue") for n in range(5)):
        for t in tables:
            assert V.check_of(t)(ctx) == V.holds(t, ctx), (t, ctx)
    seen: list[Any] = []
    w = Vocabulary("toy check_of")

    @w.condition("echo")
    def _echo(ctx: Any, v: Any, table: Any) -> dict[str, Any] | None:
        seen.append(table)
        return {"v": v} if ctx == v else None

    table = {"echo": 1}
    check = w.check_of(table)
    assert check(1) == {"v": 1} and check(2) is None
    assert seen == [table, table]  # the function gets the table itself, as holds gives it


def test_fresh_copies_every_container() -> None:
    """fresh: dicts and lists anew at every depth, a tuple a list, a mapping proxy a dict, scalars shared."""
    from types import MappingProxyType

    from xuanheng.reading import fresh

    inner = {"a": [1, (2, 3)], "b": MappingProxyType({"c": "甲"})}
    value = {"x": inner, "y": (inner, None, 1.5), "z": "s"}
    got = fresh(value)
    assert got == {
        "x": {"a": [1, [2, 3]], "b": {"c": "甲"}},
        "y": [{"a": [1, [2, 3]], "b": {"c": "甲"}}, None, 1.5],
        "z": "s",
    }
    assert type(got["x"]["b"]) is dict and type(got["y"]) is list and type(got["x"]["a"][1]) is list
    assert got["x"] is not inner and got["x"]["a"] is not inner["a"] and got["y"][0] is not inner
    assert got["x"] is not got["y"][0]  # one container met twice: two copies
    assert fresh(MappingProxyType({"k": [1]})) == {"k": [1]} and fresh("s") == "s" and fresh(None) is None


def test_holding_answers_what_holds_gives_on_each_table() -> None:
    w = Vocabulary("toy holding")
    inner = Vocabulary("toy inner")
    asked: list[int] = []

    @inner.condition("odd")
    def _odd(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        return {"odd": ctx} if ctx % 2 == v else None

    def items_of(ctx: Any) -> Any:
        return inner.over(ctx["numbers"])

    @w.condition("some_number", some=(inner, items_of))
    def _some(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        asked.append(1)
        got = inner.select(v, items_of(ctx))
        return {"numbers": [f["odd"] for _, f in got]} if got else None

    @w.condition("name")
    def _name(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        return {"name": v} if ctx["name"] == v else None

    tables = (
        {"name": "x"},
        {"some_number": {"odd": 1}},
        {"some_number": {"odd": 0}},
        {"name": "y", "some_number": {"odd": 1}},
        {"any": [{"name": "y"}, {"name": "x"}]},
    )
    ctx = {"name": "x", "numbers": [1, 3, 5]}
    want = [(i, f) for i, t in enumerate(tables) if (f := w.holds(t, ctx)) is not None]
    asked.clear()
    assert w.holding(tables, ctx) == want
    assert [i for i, _ in want] == [0, 1, 4] and len(asked) == 1  # the even table never called it


def test_a_condition_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        V.add("colour", _colour)


def test_load_rules_from_a_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "toyrules"
    (pkg / "data").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "data" / "a.toml").write_text(
        textwrap.dedent(
            """
            [[rule]]
            id = "r1"
            src = ["000-001"]
            kind = "k"
            topics = ["財"]
            when = { colour = "red" }
            [rule.text]
            ko = "가"
            zh-Hant = "甲"
            en = "a"

            [[rule]]
            id = "r1"
            src = ["000-001"]
            kind = "k"
            topics = ["財"]
            when = { colour = "red" }
            [rule.text]
            ko = "가"
            zh-Hant = "甲"
            en = "a"
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(RuleDataError, match=r"toyrules/data/a.toml: rule r1 with the same conditions"):
        load_rules("toyrules", ("a",), V, kinds=("k",))
    sys.modules.pop("toyrules", None)


def test_the_shipped_rule_files_load() -> None:
    from xuanheng.jinkoujue.reading import rules
    from xuanheng.liuren.reading import keti_meanings, leishen, principle_rules, shensha_meanings

    assert len(rules()) >= 235 and len(leishen()[1]) >= 270 and len(principle_rules()) == 14
    assert keti_meanings() and shensha_meanings()


def test_sources() -> None:
    assert check_src("000-001") == "" and check_src("《六壬大全》卷二〈涉害〉") == ""
    assert check_src("000-999") and check_src("") and check_src(3)
    assert "004-352" in inventory_ids() and len(inventory_ids()) == 877


def test_inventory_ids_match_the_inventory() -> None:
    if not INVENTORY.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{INVENTORY} not found")
        pytest.skip("../shared is not beside the checkout")
    rows = INVENTORY.read_text("utf-8").splitlines()[1:]
    assert inventory_ids() == {r.split("\t", 1)[0] for r in rows if r.strip()}


def test_one_topic_vocabulary() -> None:
    assert normalise_topic("질병") == normalise_topic("illness") == normalise_topic(" 病 ") == "病"
    assert normalise_topic("money") == "財" and normalise_topic("财") == "財"
    for key in TOPIC_KEYS:
        assert normalise_topic(key) == key
        for lang in ("ko", "zh-Hant", "zh-Hans", "en"):
            assert topic_label(key, lang).strip()


def test_index_files_tables_by_the_facts_their_words_need() -> None:
    """:meth:`Vocabulary.index`: a table is tried only on a context showing a fact one of its words needs
    (the smallest such set; ``any`` the union of its tables'); a table no word can file, always. The index
    only spares tables: on every context, each table that holds is among those it lets through."""
    iv = Vocabulary("toy-index")

    @iv.shown_by
    def _shown(ctx: dict[str, Any]) -> list[tuple[str, Any]]:
        return [("colour", ctx["colour"]), ("shape", ctx["shape"])]

    @iv.condition("colour", needs=lambda v: [("colour", x) for x in v])
    def _c(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        return {"colour": ctx["colour"]} if ctx["colour"] in v else None

    @iv.condition("shape", needs=lambda v: [("shape", v)])
    def _s(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        return {"shape": v} if ctx["shape"] == v else None

    @iv.condition("size")  # no needs: cannot file a table
    def _z(ctx: Any, v: Any, _w: Any) -> dict[str, Any] | None:
        return {"size": ctx["size"]} if ctx["size"] >= v else None

    tables = (
        {"colour": ["red", "blue"], "shape": "round"},  # filed under the one shape
        {"size": 2},  # always tried
        {"any": [{"shape": "square"}, {"colour": ["green"]}]},  # the union of its tables'
        {"any": [{"shape": "square"}, {"size": 1}]},  # one table of the any cannot say: always
        {"size": 1, "colour": ["green"]},
    )
    index = iv.index(tables)
    assert index is iv.index(tables) and index.filed == 3
    seen = set()
    for colour in ("red", "blue", "green"):
        for shape in ("round", "square"):
            for size in (0, 3):
                ctx = {"colour": colour, "shape": shape, "size": size}
                may = index.may_hold(ctx)
                assert may[1] == 1 and may[3] == 1
                assert may[0] == (shape == "round")
                assert may[2] == (shape == "square" or colour == "green")
                assert may[4] == (colour == "green")
                for i, t in enumerate(tables):
                    if iv.holds(t, ctx) is not None:
                        assert may[i], (i, ctx)
                        seen.add(i)
    assert seen == {0, 1, 2, 3, 4}
    assert all(Vocabulary("bare").index(tables).may_hold({}))  # no shown_by: every table tried
