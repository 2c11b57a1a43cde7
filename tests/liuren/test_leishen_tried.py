"""The 類神 rules a chart tries about each 神 (``reading._tried``: by the 神, the 天將 it carries, the topic
and the variants) and the check each is tried with (its conditions but the 天將, decided once per 天將):
at every position of every 神, the rules whose check passes there must be exactly the rules of that 神 whose
whole ``when`` table holds there. The oracle is the shared engine's ``holds`` on the rule's whole table,
for every rule of the 神 and topic (none left out by the 天將), not the tables kept by ``_tried``."""

from __future__ import annotations

import importlib
import random

from xuanheng.liuren import cast

R = importlib.import_module("xuanheng.liuren.reading")

GAN = "甲乙丙丁戊己庚辛壬癸"
ZHI = "子丑寅卯辰巳午未申酉戌亥"
TOPICS = (None, "財", "官", "婚", "病", "總")


def test_tried_rules_and_checks_agree_with_every_whole_table() -> None:
    _chart_rules, attribute, verse = R._leishen_index()
    variants_all = R._variant_keys()
    rng = random.Random(28)
    fired = spared = stripped_only = 0
    for n in range(1200):
        d, yj, h = rng.randrange(60), rng.randrange(12), rng.randrange(12)
        month = rng.choice([None, *range(12)])
        year = rng.choice([None, *range(12)])
        ch = cast(day=GAN[d % 10] + ZHI[d % 12], yue_jiang=ZHI[yj], hour=ZHI[h], month_branch=month)
        c = R._context(ch, None, year)
        topic = TOPICS[n % len(TOPICS)]
        variants = variants_all if n % 3 == 0 else frozenset()
        for kind, by in (("attribute", attribute), ("verse", verse)):
            for subj in range(12):
                jiang = ch.jiang_on[subj]
                at_name = R.TIAN_JIANG[jiang]
                ats = [R._At(subj, p, c, at_name) for p in c.positions]
                tried = {t[0:2]: t for t in R._tried(kind, subj, jiang, topic, variants)}
                for i, j, r in by.get(subj, ()):
                    if R._off_topic(topic, r.topics):
                        assert (i, j) not in tried
                        continue
                    when = R._when_of(r, variants)
                    for at in ats:
                        whole = R.POSITION.holds(when, at) is not None
                        t = tried.get((i, j))
                        kept = t is not None and (t[5] is None or t[5](at) is not None)
                        assert kept == whole, (kind, r.id, ch.day.name, yj, h, at.p.name, dict(when))
                        fired += whole
                        spared += t is None
                        stripped_only += t is not None and t[5] is None and bool(when)
    # both ways exercised: rules fired, rules never tried, verses whose one condition is their 天將
    assert fired > 10_000 and spared > 10_000 and stripped_only > 1000
