"""Every judgment/classification item of seed 000 is in the data or documented as not computable,
every rule is well formed, and every rule fires on some real chart."""

from __future__ import annotations

import random
import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from xuanheng.core.ganzhi import GanZhi
from xuanheng.jinkoujue import cast
from xuanheng.jinkoujue.reading import (
    CONDITIONS,
    RULE_FILES,
    jiang_class,
    normalise_topic,
    reading,
    rules,
    topic_label,
    topics,
)
from xuanheng.reading import LANGS, to_simplified

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT.parent / "shared" / "seeds" / "INVENTORY.tsv"
DOCS = ROOT / "docs" / "jinkoujue-reading.md"


def inventory_ids() -> list[str]:
    if not INVENTORY.exists():
        pytest.skip(f"{INVENTORY} not available")
    out = []
    for line in INVENTORY.read_text("utf-8").splitlines()[1:]:
        cols = line.split("\t")
        if cols[0].startswith("000-") and cols[4] in ("judgment", "classification"):
            out.append(cols[0])
    return out


def not_computable_ids() -> set[str]:
    """Ids in the docs' "Not computable" table (rows beginning ``| 000-…``)."""
    text = DOCS.read_text("utf-8")
    section = text.split("## Not computable", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| (000-\d{3}) \|", section, flags=re.M))


def test_every_seed_000_judgment_is_data_or_documented() -> None:
    data = {r.id for r in rules()}
    documented = not_computable_ids()
    missing = [i for i in inventory_ids() if i not in data and i not in documented]
    assert not missing, f"not in data nor in the docs' not-computable list: {missing}"
    assert len(inventory_ids()) == 215


def test_every_rule_cites_its_own_id_and_has_four_languages() -> None:
    known_topics = set(topics())
    for r in rules():
        assert r.id in r.src, r.id
        assert all(re.fullmatch(r"\d{3}-\d{3}", s) or s.startswith("《") for s in r.src), r.src
        assert r.topics and set(r.topics) <= known_topics
        for lang in LANGS:
            assert r.text.get(lang).strip(), (r.id, lang)
        assert set(r.when) <= set(CONDITIONS)


def test_data_files_have_no_unknown_keys() -> None:
    allowed = {"id", "src", "when", "topics", "text", "kind", "tag"}
    for package, name in RULE_FILES:
        raw = resources.files(package).joinpath("data", f"{name}.toml").read_text("utf-8")
        for e in tomllib.loads(raw)["rule"]:
            assert set(e) <= allowed, (name, e["id"], set(e) - allowed)
            assert set(e["text"]) == {"ko", "zh-Hant", "en"}, (name, e["id"])


def test_jiang_class_splits_the_twelve() -> None:
    cls = jiang_class()
    assert len(cls) == 12
    assert sum(v == "吉" for v in cls.values()) == 6
    assert cls["螣蛇"] == "凶"  # the only one seed 000 states (000-139)


def test_every_rule_fires_on_some_cast_chart() -> None:
    """A seeded sweep of real casts (all coordinates random, birth year given) exercises every rule."""
    rnd = random.Random(7)
    seen: set[str] = set()
    for _ in range(1200):
        c = cast(
            day=GanZhi(rnd.randrange(60)),
            hour=rnd.randrange(12),
            month_branch=rnd.randrange(12),
            year=GanZhi(rnd.randrange(60)),
            yue_jiang=rnd.randrange(12),
            is_day=rnd.random() < 0.5,
            difen=rnd.randrange(1, 13),
            ben_ming=GanZhi(rnd.randrange(60)),
            days_since_jie=rnd.randrange(31),
        )
        seen.update(r.id for r in reading(c))
    assert {r.id for r in rules()} - seen == set()


def test_topic_table_matches_the_rules_and_aliases_are_unambiguous() -> None:
    used = {t for r in rules() for t in r.topics}
    assert used == set(topics())
    raw = resources.files("xuanheng.rules").joinpath("data", "topics.toml").read_text("utf-8")
    owner: dict[str, str] = {}
    for tag, e in tomllib.loads(raw)["topic"].items():
        for w in [tag, e["ko"], e["zh-Hant"], e["en"], *e["aliases"]]:
            for form in {w.lower(), to_simplified(w).lower()}:
                assert owner.setdefault(form, tag) == tag, f"{w!r} names both {owner[form]} and {tag}"
        for lang in LANGS:
            assert topic_label(tag, lang)


@pytest.mark.parametrize(
    ("word", "tag"), [("illness", "病"), ("Money", "財"), ("재물", "財"), ("财", "財"), ("婚姻", "婚")]
)
def test_topic_aliases(word: str, tag: str) -> None:
    assert normalise_topic(word) == tag


def test_every_shensha_name_is_one_the_chart_can_carry() -> None:
    """The names in `when.shensha` must be names the cast's 神煞 table produces (no silent drift)."""
    from xuanheng.shensha import load_table

    produced = {sp.name for sp in load_table("jinkoujue")}
    wanted: set[str] = set()
    for r in rules():
        v = r.when.get("shensha", [])
        wanted.update([v] if isinstance(v, str) else v)
    assert wanted <= produced, wanted - produced
