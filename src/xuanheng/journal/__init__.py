"""xuanheng.journal — the case journal: saved casts, outcomes, statistics, export/import, accounts.

Storage is SQLAlchemy 2.0 with Alembic migrations shipped inside the package (SQLite file by default,
PostgreSQL by URL). Start with :meth:`Journal.open`; see ``docs/journal.md``.
"""

from xuanheng.journal.errors import (
    AccessDeniedError,
    AuthError,
    ConflictError,
    JournalError,
    LimitError,
    NotFoundError,
    StorageError,
    ThrottledError,
)
from xuanheng.journal.facts import case_from_chart, rule_ids_of, verdict_keys
from xuanheng.journal.model import (
    OUTCOMES,
    POLARITIES,
    Case,
    CaseIn,
    CasePatch,
    CaseQuery,
    Outcome,
    OutcomeRecord,
    Page,
    Stats,
    Tally,
    User,
)
from xuanheng.journal.service import EXPORT_FORMAT, EXPORT_VERSION, Journal
from xuanheng.journal.validate import Limits

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "OUTCOMES",
    "POLARITIES",
    "AccessDeniedError",
    "AuthError",
    "Case",
    "CaseIn",
    "CasePatch",
    "CaseQuery",
    "ConflictError",
    "Journal",
    "JournalError",
    "LimitError",
    "Limits",
    "NotFoundError",
    "Outcome",
    "OutcomeRecord",
    "Page",
    "Stats",
    "StorageError",
    "Tally",
    "ThrottledError",
    "User",
    "case_from_chart",
    "rule_ids_of",
    "verdict_keys",
]
