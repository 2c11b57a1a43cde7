"""Value types of the journal API: what goes in (``CaseIn``, ``CasePatch``, ``CaseQuery``) and what comes out
(``User``, ``Case``, ``Page``, ``Stats``). All frozen; ``to_json()`` gives JSON-ready dicts with pinyin keys.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Generic, Literal, TypeVar

#: the three recorded outcomes: borne out, not borne out, partly borne out
OUTCOMES: Final[tuple[str, ...]] = ("應驗", "不驗", "部分")
#: pinyin aliases accepted on input (stored and returned as the classical term)
OUTCOME_ALIASES: Final[Mapping[str, str]] = {"ying_yan": "應驗", "bu_yan": "不驗", "bu_fen": "部分"}
#: the outcomes as a practitioner types them besides (taken on input, not listed in refusals): the Korean
#: readings (응험 불험 부분) and everyday words (맞음, 틀림, 일부), the Simplified forms, Taiwan's 準 / 不準
OUTCOME_SPELLINGS: Final[Mapping[str, str]] = {
    **{w: "應驗" for w in ("응험", "맞음", "적중", "应验", "準", "准", "靈驗", "灵验")},
    **{w: "不驗" for w in ("불험", "안 맞음", "틀림", "不验", "不準", "不准")},
    **{w: "部分" for w in ("부분", "일부", "일부 맞음", "部份")},
}
#: a case without an outcome, as a search names it (``pending``) and as the journal's Korean and Chinese lists
#: print it (미기록, 未記錄)
PENDING_SPELLINGS: Final[tuple[str, ...]] = ("pending", "미기록", "未記錄", "未记录", "미정", "未定")
#: classification kinds with their own section in :class:`Stats`
KE_TI: Final = "ke_ti"
YONG_YAO: Final = "yong_yao"
#: the key kinds read off a document's ``judgment`` (any method's): the verdict's polarity and its key
VERDICT: Final = "verdict"
VERDICT_KEY: Final = "verdict_key"
#: the verdict polarities, in the order statistics show them
POLARITIES: Final[tuple[str, ...]] = ("good", "bad", "mixed")

Outcome = Literal["應驗", "不驗", "部分"]


def iso(dt: datetime | None) -> str | None:
    """ISO-8601 text of an aware UTC datetime (``None`` stays ``None``)."""
    return None if dt is None else dt.isoformat()


@dataclass(frozen=True, slots=True)
class User:
    """A journal owner. ``is_local`` marks the single local user of single-user mode."""

    id: int
    name: str
    is_local: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "is_local": self.is_local}


@dataclass(frozen=True, slots=True)
class OutcomeRecord:
    """What happened after the cast: ``result`` is 應驗, 不驗 or 部分."""

    result: str
    note: str
    at: datetime

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "note": self.note, "at": iso(self.at)}


@dataclass(frozen=True, slots=True)
class CaseIn:
    """A cast to save.

    ``method``: ``jinkoujue``, ``liuren`` (later ``qizheng``, ``liuyao``; any ``[a-z_]{1,32}``).
    ``inputs``: everything needed to recreate the chart (instant, tz, place, method inputs, options).
    ``chart``: the chart's ``to_json()`` snapshot. ``rule_ids``: ids of the fired rules (statistics per rule).
    ``keys``: classification keys by kind, e.g. ``{"ke_ti": ["元首課"]}`` or ``{"yong_yao": ["將神"]}``
    (see :func:`xuanheng.journal.facts_from_chart`). ``cast_at``: the chart's instant, for date search.
    """

    method: str
    inputs: Mapping[str, Any]
    chart: Mapping[str, Any]
    question: str = ""
    topic: str = ""
    tags: Sequence[str] = ()
    notes: str = ""
    rule_ids: Sequence[str] = ()
    keys: Mapping[str, Sequence[str]] = field(default_factory=dict)
    cast_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class CasePatch:
    """Fields to change on a saved case; ``None`` leaves a field as it is. The cast itself is immutable."""

    question: str | None = None
    topic: str | None = None
    tags: Sequence[str] | None = None
    notes: str | None = None


@dataclass(frozen=True, slots=True)
class CaseQuery:
    """A search of one user's journal. All given filters must match (AND).

    ``since``/``until``: half-open range ``[since, until)`` on ``date_field`` (``created_at`` or ``cast_at``).
    ``text``: case-insensitive substring of question, notes or outcome note. ``tag``: exact tag.
    ``outcome``: 應驗 / 不驗 / 部分, or ``pending`` for cases without an outcome.
    ``order``: ``newest`` (default) or ``oldest`` first. ``limit`` 1–500, ``offset`` ≥ 0.
    """

    method: str | None = None
    tag: str | None = None
    text: str | None = None
    topic: str | None = None
    outcome: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    date_field: Literal["created_at", "cast_at"] = "created_at"
    order: Literal["newest", "oldest"] = "newest"
    limit: int = 50
    offset: int = 0


@dataclass(frozen=True, slots=True)
class Case:
    """A saved case as stored."""

    id: str
    user_id: int
    method: str
    inputs: dict[str, Any]
    chart: dict[str, Any]
    question: str
    topic: str
    tags: tuple[str, ...]
    notes: str
    rule_ids: tuple[str, ...]
    keys: dict[str, tuple[str, ...]]
    cast_at: datetime | None
    created_at: datetime
    updated_at: datetime
    outcome: OutcomeRecord | None

    def to_json(self, *, with_chart: bool = True) -> dict[str, Any]:
        """JSON-ready dict (the export format of one case, without ``user_id``)."""
        out: dict[str, Any] = {
            "id": self.id,
            "method": self.method,
            "inputs": self.inputs,
        }
        if with_chart:
            out["chart"] = self.chart
        out.update(
            {
                "question": self.question,
                "topic": self.topic,
                "tags": list(self.tags),
                "notes": self.notes,
                "rule_ids": list(self.rule_ids),
                "keys": {k: list(v) for k, v in sorted(self.keys.items())},
                "cast_at": iso(self.cast_at),
                "created_at": iso(self.created_at),
                "updated_at": iso(self.updated_at),
                "outcome": None if self.outcome is None else self.outcome.to_json(),
            }
        )
        return out


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    """One page of a search: ``items`` with the ``total`` number of matches."""

    items: tuple[T, ...]
    total: int
    limit: int
    offset: int


#: fewer judged cases than this and a rate is marked "too few cases" (its interval is too wide to say much)
MIN_CASES: Final = 5
#: the normal quantile of a two-sided 95% interval
Z95: Final = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion *successes* / *n* (Wilson 1927, *JASA* 22: 209–212):
    ``(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n)``. Unlike p̂ ± z·√(p̂(1−p̂)/n) it stays inside
    [0, 1] and is not empty at 0 or n successes, which matters for the few cases of a journal. A half
    success (部分) counts as ½."""
    if n <= 0:
        raise ValueError("n must be positive")
    p = successes / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    d = 1 + z2 / n
    return max(0.0, (centre - half) / d), min(1.0, (centre + half) / d)


@dataclass(frozen=True, slots=True)
class Tally:
    """Outcome counts of a group of cases.

    ``rate`` = (應驗 + ½·部分) / judged and ``strict_rate`` = 應驗 / judged, where judged = cases with an
    outcome; both ``None`` while nothing is judged. ``interval`` is the 95% Wilson interval of ``rate``;
    ``enough`` says whether at least :data:`MIN_CASES` cases are judged; :meth:`compare` sets the rate
    against a base rate (the whole journal's).
    """

    ying_yan: int = 0
    bu_yan: int = 0
    bu_fen: int = 0
    pending: int = 0

    @property
    def judged(self) -> int:
        return self.ying_yan + self.bu_yan + self.bu_fen

    @property
    def total(self) -> int:
        return self.judged + self.pending

    @property
    def rate(self) -> float | None:
        return None if self.judged == 0 else (self.ying_yan + 0.5 * self.bu_fen) / self.judged

    @property
    def strict_rate(self) -> float | None:
        return None if self.judged == 0 else self.ying_yan / self.judged

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% Wilson interval of :attr:`rate` (None while nothing is judged)."""
        return None if self.judged == 0 else wilson(self.ying_yan + 0.5 * self.bu_fen, self.judged)

    @property
    def min_cases(self) -> int:
        return MIN_CASES

    @property
    def enough(self) -> bool:
        """At least :data:`MIN_CASES` judged cases (fewer: the rate says little)."""
        return self.judged >= MIN_CASES

    def compare(self, base: Tally) -> str | None:
        """``above`` / ``below`` when the base rate (e.g. the whole journal's) lies outside this rate's 95%
        interval, ``same`` when inside, None when either has nothing judged or this has too few cases."""
        iv, b = self.interval, base.rate
        if iv is None or b is None or not self.enough:
            return None
        return "above" if b < iv[0] else "below" if b > iv[1] else "same"

    def to_json(self) -> dict[str, Any]:
        iv = self.interval
        return {
            "ying_yan": self.ying_yan,
            "bu_yan": self.bu_yan,
            "bu_fen": self.bu_fen,
            "pending": self.pending,
            "judged": self.judged,
            "total": self.total,
            "rate": self.rate,
            "strict_rate": self.strict_rate,
            "interval": None if iv is None else [iv[0], iv[1]],
            "enough": self.enough,
        }


@dataclass(frozen=True, slots=True)
class Stats:
    """Outcome statistics of one user's journal.

    ``by_rule`` counts a case once for each distinct rule id that fired in it; ``by_ke_ti`` and
    ``by_yong_yao`` likewise for the classification keys; ``by_key`` holds every kind (including those two).
    ``by_verdict`` counts the cases by the polarity of their judgment's verdict (good, bad, mixed, in that
    order): an outcome says whether the reading came true, so 應驗 on a case judged bad is a bad verdict
    borne out. In JSON every entry also says how it stands against the whole journal (``vs_base``, see
    :meth:`Tally.compare`) and a rule's entry the methods it fired in (``methods``).
    """

    overall: Tally
    by_method: dict[str, Tally]
    by_rule: dict[str, Tally]
    by_ke_ti: dict[str, Tally]
    by_yong_yao: dict[str, Tally]
    by_topic: dict[str, Tally]
    by_key: dict[str, dict[str, Tally]]
    #: rule id → the methods of the cases it fired in (a rule shared by several methods lists them all)
    rule_methods: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: verdict polarity → tally, in the order of :data:`POLARITIES` (only the polarities of saved cases)
    by_verdict: dict[str, Tally] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        base = self.overall

        def section(d: Mapping[str, Tally], *, ordered: bool = False) -> dict[str, Any]:
            items = d.items() if ordered else sorted(d.items())
            return {k: {**v.to_json(), "vs_base": v.compare(base)} for k, v in items}

        by_rule = section(self.by_rule)
        for k, v in by_rule.items():
            v["methods"] = list(self.rule_methods.get(k, ()))

        return {
            "min_cases": MIN_CASES,
            "base_rate": base.rate,
            "overall": self.overall.to_json(),
            "by_method": section(self.by_method),
            "by_rule": by_rule,
            "by_ke_ti": section(self.by_ke_ti),
            "by_yong_yao": section(self.by_yong_yao),
            "by_topic": section(self.by_topic),
            "by_verdict": section(self.by_verdict, ordered=True),
            "by_key": {k: section(v) for k, v in sorted(self.by_key.items())},
        }


__all__ = [
    "KE_TI",
    "MIN_CASES",
    "OUTCOMES",
    "OUTCOME_ALIASES",
    "OUTCOME_SPELLINGS",
    "PENDING_SPELLINGS",
    "POLARITIES",
    "VERDICT",
    "VERDICT_KEY",
    "YONG_YAO",
    "Case",
    "CaseIn",
    "CasePatch",
    "CaseQuery",
    "Outcome",
    "OutcomeRecord",
    "Page",
    "Stats",
    "Tally",
    "User",
    "wilson",
]
