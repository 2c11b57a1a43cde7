"""Korean particles after hanja (issue 14): ``일지(未)과(와)`` becomes ``일지(未)와`` — the particle is chosen
by the Korean reading of the character before it, from the hanja reading table, in every Korean text.

Oracles: the particle rules of Korean grammar written out here (받침 → 이/을/은/과/으로,
none → 가/를/는/와/로, ㄹ → 로), the readings the project's own Korean texts write beside their hanja
(``진(辰)``, ``해(亥)``), and the issue's two examples (未 미 → 와, 丑 축 → 과)."""

from __future__ import annotations

import random
import re
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from xuanheng.core.ganzhi import BRANCHES, STEMS
from xuanheng.frontend import needed
from xuanheng.reading.korean import final_of, readings, resolve

SRC = Path(__file__).resolve().parents[2] / "src" / "xuanheng"
DOUBLE = re.compile(
    r"이\(가\)|가\(이\)|을\(를\)|를\(을\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로|으로\(로\)"
)


def test_the_issues_examples() -> None:
    assert resolve("일지(未)과(와) 위에 놓인 丑이(가) 같은 오행으로 어울린다") == (
        "일지(未)와 위에 놓인 丑이 같은 오행으로 어울린다"
    )
    assert resolve("일지(丑)과(와)") == "일지(丑)과"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("申을(를)", "申을"),  # 신: ㄴ
        ("午을(를)", "午를"),  # 오: none
        ("酉은(는)", "酉는"),  # 유
        ("戌은(는)", "戌은"),  # 술
        ("戌(으)로", "戌로"),  # ㄹ takes 로
        ("申(으)로", "申으로"),
        ("亥(으)로", "亥로"),
        ("3(으)로", "3으로"),  # 삼
        ("1(으)로", "1로"),  # 일: ㄹ
        ("2이(가)", "2가"),
        ("青龍이(가)", "青龍이"),  # 룡
        ("貴人과(와)", "貴人과"),
        ("子(이)라", "子라"),
        ("卯(이)라", "卯라"),
        ("甲(이)라", "甲이라"),
        ("천반(天盤)을(를)", "천반(天盤)을"),
        ("「未」과(와)", "「未」와"),
        ("겁살을(를)", "겁살을"),
        ("바다이(가)", "바다가"),
    ],
)
def test_particle_rules(text: str, want: str) -> None:
    assert resolve(text) == want


def test_an_unknown_character_keeps_both_forms() -> None:
    assert resolve("𠀀과(와)") == "𠀀과(와)"
    assert resolve("… 과(와)") == "… 과(와)"  # a space before: nothing to read


def test_every_stem_and_branch_has_its_reading() -> None:
    # the Sino-Korean readings of the 干支, written out here from the dictionary (an independent list)
    stems = "갑을병정무기경신임계"
    branches = "자축인묘진사오미신유술해"
    r = readings()
    assert [r[s] for s in STEMS] == list(stems)
    assert [r[b] for b in BRANCHES] == list(branches)


def _project_pairs() -> dict[str, Counter[str]]:
    """Hanja → the one-syllable readings the project's Korean texts write before them (``진(辰)``)."""
    pairs: dict[str, Counter[str]] = defaultdict(Counter)
    for f in SRC.rglob("*.toml"):
        for line in f.read_text("utf-8").splitlines():
            if re.match(r"\s*ko\s*=", line):
                for m in re.finditer(r"(?<![가-힣])([가-힣])\(([\u4e00-\u9fff])\)", line):
                    pairs[m.group(2)][m.group(1)] += 1
    return pairs


#: hanja the texts gloss by an image rather than read: 鑄印課 writes 戌 as 술(印), the seal
GLOSSES = {"印"}


def test_table_agrees_with_the_readings_the_texts_write() -> None:
    def kind(syllable: str) -> int:
        f = (ord(syllable) - 0xAC00) % 28
        return 0 if f == 0 else 8 if f == 8 else 1

    r = readings()
    checked = 0
    for h, seen in _project_pairs().items():
        if h not in r or h in GLOSSES:
            continue
        written = seen.most_common(1)[0][0]
        assert kind(written) == kind(r[h]), (h, r[h], dict(seen))
        checked += 1
    assert checked >= 30


def test_table_against_the_hanja_package() -> None:
    """Cross-check with the `hanja` package's table where it is installed (same final consonant)."""
    table = pytest.importorskip("hanja.table").hanja_table
    for h, reading in readings().items():
        ref = table.get(h)
        if ref is not None:
            assert final_of(ref) == final_of(reading), (h, reading, ref)


def test_no_double_particle_is_left_in_any_korean_reading() -> None:
    """Every Korean text of the readings of every method with a reading: no 이(가), 과(와) … remains where
    the character before it is known (random charts of each method)."""
    from xuanheng.methods import registry

    rng = random.Random(14)
    left: list[str] = []
    n = 0
    for m in registry().values():
        if not m.has_reading:
            continue
        spec = m.params.by_name()
        for _ in range(60):
            values: dict[str, object] = {
                "at": f"20{rng.randint(10, 30)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T"
                f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
                "tz": "Asia/Seoul",
            }
            # what a cast needs, and 六爻's six lines and 七政's birth place, which it no longer asks for (the
            # one-moment view casts 六爻 by the time and 七政 without a place: issue 30)
            own = [spec[n] for n in ("lines", "lon", "lat") if n in spec and m.name in ("liuyao", "qizheng")]
            for p in [*needed(m), *(p for p in own if p not in needed(m))]:
                if p.name == "lines":  # 六爻: six line values, 初爻 first
                    values[p.name] = "".join(rng.choice("6789") for _ in range(6))
                elif p.name in ("lon", "lat"):  # 七政四餘: the birth place (Seoul)
                    values[p.name] = 126.98 if p.name == "lon" else 37.57
                else:
                    values[p.name] = rng.choice(BRANCHES) if p.kind in ("text", "choice") else 1
            if "birth_year" in spec and "sex" in spec:
                values.update(birth_year=rng.randint(1950, 2005), sex=rng.choice(["male", "female"]))
            doc = m.document(m.make_params(values), "ko")
            for r in doc.get("reading", []):
                n += 1
                for mt in DOUBLE.finditer(r["text"]):
                    before = r["text"][: mt.start()].rstrip(")）」』]")
                    if before and final_of(before[-1]) is not None:
                        left.append(r["text"])
    assert n > 500
    assert left == []


def test_the_table_is_well_formed() -> None:
    data = tomllib.loads((SRC / "reading" / "data" / "hanja_ko.toml").read_text("utf-8"))
    for reading, chars in data["reading"].items():
        assert len(reading) == 1 and "가" <= reading <= "힣", reading
        assert chars and all("\u4e00" <= c <= "\u9fff" for c in chars), (reading, chars)
