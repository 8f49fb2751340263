"""Idempotency-Key ledger: the first answer to a keyed POST, replayed to every retry.

The record is written in the same transaction as the lead, and (endpoint, key) is unique, so
two concurrent retries can never both store a lead.
"""

from __future__ import annotations

from sqlalchemy import bindparam, select

from marketing_site.core import db
from marketing_site.core.columns import table_of
from marketing_site.leads.models import IdempotencyRecord

SUCCESS_STATUS = 201
MAX_KEY_LENGTH = 200


def success_body(lead_id: int) -> dict[str, int]:
    return {"id": lead_id}


def record(endpoint: str, key: str, lead_id: int) -> dict[str, object]:
    """The ledger row to insert in the lead's transaction."""
    return {"key": key, "endpoint": endpoint, "lead_id": lead_id}


_LEDGER = table_of(IdempotencyRecord).c
_STORED = select(_LEDGER.lead_id).where(  # built once, on the Core table: every form's submission asks
    _LEDGER.endpoint == bindparam("endpoint"), _LEDGER.key == bindparam("key")
)


def stored_lead(endpoint: str, key: str) -> int | None:
    """The lead a POST to ``endpoint`` with this key stored, if one did."""
    with db.session() as db_session:
        return db_session.execute(_STORED, {"endpoint": endpoint, "key": key}).scalar_one_or_none()


def key_is_valid(key: str) -> bool:
    """Visible ASCII only, so the key is safe to log and fits its column."""
    return 0 < len(key) <= MAX_KEY_LENGTH and all(33 <= ord(ch) <= 126 for ch in key)
