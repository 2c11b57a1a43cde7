"""Rules as cited data, one engine for every method: schema and load-time checks (:mod:`.engine`), the shared
topic vocabulary (:mod:`.topics`) and the sources a rule may cite (:mod:`.sources`)."""

from xuanheng.rules.engine import (
    Facts,
    Rule,
    RuleDataError,
    TableIndex,
    Vocabulary,
    load_rules,
    parse_rule,
    read_table,
    text_of,
    with_simplified,
)
from xuanheng.rules.sources import check_src, inventory_ids
from xuanheng.rules.topics import GENERAL_TOPIC, TOPIC_KEYS, normalise_topic, topic_label, topic_names

__all__ = [
    "GENERAL_TOPIC",
    "TOPIC_KEYS",
    "Facts",
    "Rule",
    "RuleDataError",
    "TableIndex",
    "Vocabulary",
    "check_src",
    "inventory_ids",
    "load_rules",
    "normalise_topic",
    "parse_rule",
    "read_table",
    "text_of",
    "topic_label",
    "topic_names",
    "with_simplified",
]
