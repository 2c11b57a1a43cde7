"""The Hangul names of the 64 hexagrams (liuyao/data/hexagrams.toml ``ko`` / ``ko_full``), which
``--hexagram`` takes (천풍구 = 天風姤), checked against the readings of their characters: those of
``reading/data/hanja_ko.toml`` and, for the characters that table does not hold, the dictionary readings
written here (標準國語大辭典 本音). A full name is read character by character (為 위); Korean books write its
first syllable under the initial-sound rule (雷 뢰 → 뇌, 離 리 → 이) and name a doubled trigram also as 重
(乾為天 = 중천건); 遯 is read 돈 or 둔."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
from tests.conftest import run_cli

from xuanheng.liuyao.tables import HEXAGRAMS, NAME_LOOKUP

DICTIONARY = dict(
    zip(
        "剝升咸噬壯夬夷妄姤孚家履屯復恆損旅既晉比渙漸澤濟為益萃蒙蠱觀謙豐豫賁過遯隨雷需革頤風鼎",
        "박승함서장쾌이망구부가리둔복항손려기진비환점택제위익췌몽고관겸풍예비과돈수뢰수혁이풍정",
        strict=True,
    )
)
#: the initial-sound rule (두음법칙) on a first syllable
INITIAL = {"뢰": "뇌", "리": "이", "려": "여", "림": "임"}
OTHER = {"遯": "둔"}


def _reading() -> dict[str, str]:
    raw = tomllib.loads(resources.files("xuanheng.reading").joinpath("data/hanja_ko.toml").read_text("utf-8"))
    return {**{ch: ko for ko, chars in raw["reading"].items() for ch in chars}, **DICTIONARY}


READ = _reading()
RAW = {
    int(d["number"]): d
    for d in tomllib.loads(
        resources.files("xuanheng.liuyao").joinpath("data/hexagrams.toml").read_text("utf-8")
    )["hexagram"]
}


def _forms(word: str) -> set[str]:
    out = {"".join(READ[c] for c in word)}
    out |= {"".join(OTHER.get(c, READ[c]) for c in word)}
    out |= {INITIAL[f[0]] + f[1:] for f in out if f[0] in INITIAL}
    return out


@pytest.mark.parametrize("h", HEXAGRAMS, ids=lambda h: h.full)
def test_the_hangul_names_are_the_readings(h: object) -> None:
    d = RAW[h.number]  # type: ignore[attr-defined]
    forms = _forms(h.full)  # type: ignore[attr-defined]
    if h.upper == h.lower:  # type: ignore[attr-defined]
        forms |= {"중" + f for f in _forms(h.full[2] + h.name)}  # type: ignore[attr-defined]
    assert d["ko_full"] and set(d["ko_full"]) <= forms, (d["ko_full"], forms)
    assert d["ko"] == "".join(READ[c] for c in h.name)  # type: ignore[attr-defined]
    for n in d["ko_full"]:
        assert NAME_LOOKUP[n] == h.code  # type: ignore[attr-defined]


def test_a_short_name_two_hexagrams_share_is_not_taken() -> None:
    assert "곤" not in NAME_LOOKUP and "정" not in NAME_LOOKUP and "비" not in NAME_LOOKUP
    assert NAME_LOOKUP["구"] == NAME_LOOKUP["姤"] and NAME_LOOKUP["택수곤"] == NAME_LOOKUP["困"]


@pytest.mark.parametrize(
    ("typed", "meant"), [("천풍구", "天風姤"), ("중천건", "乾為天"), ("뇌지예", "雷地豫")]
)
def test_the_command_line_casts_a_hexagram_named_in_hangul(typed: str, meant: str) -> None:
    at = ["--at", "2026-03-10T21:00", "--tz", "Asia/Seoul"]
    rc, out, err = run_cli(
        ["liuyao", *at, "--hexagram", typed, "--moving", "1", "--lang", "ko", "--no-reading"]
    )
    assert rc == 0, err
    assert f"본괘 {meant}" in out


def test_an_ambiguous_short_name_says_the_full_names_are_taken() -> None:
    rc, _, err = run_cli(
        ["liuyao", "--at", "2026-03-10T21:00", "--tz", "UTC", "--hexagram", "곤", "--lang", "ko"]
    )
    # the full names of the hexagrams it may mean (branch ux10: before, the refusal's example 천풍구)
    assert rc == 2 and "곤위지" in err and "택수곤" in err and "'곤'" in err, err
