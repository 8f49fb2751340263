"""Ten single-use recovery codes per account, for the day the phone and the passkey are both out of reach.

Shown once, when made; stored as SHA-256 hashes of 120 random bits each (ASVS 6.5.2: a plain hash is
enough from 112 bits). Using one marks it used in the same statement that checks it, so a code works
once even when two requests race.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import delete, func, select, update
from sqlmodel import Session, col

from marketing_site.core.clock import utc_now
from marketing_site.staff.credentials import RecoveryCode

CODE_COUNT = 10
ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # 32 symbols (5 bits each), no l/1 or o/0 to misread
GROUPS, GROUP_LENGTH = 6, 4  # 24 symbols: 120 bits


def _hash(code: str) -> str:
    return hashlib.sha256("".join(code.casefold().replace("-", " ").split()).encode("utf-8", "replace")).hexdigest()


def _new_code() -> str:
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP_LENGTH)) for _ in range(GROUPS))


def codes_replace(db_session: Session, user_id: int) -> list[str]:
    """New codes for the account (the old ones stop working), in the caller's transaction; the codes to show."""
    codes = [_new_code() for _ in range(CODE_COUNT)]
    db_session.execute(delete(RecoveryCode).where(col(RecoveryCode.user_id) == user_id))
    db_session.add_all(RecoveryCode(user_id=user_id, code_hash=_hash(code)) for code in codes)
    return codes


def codes_left(db_session: Session, user_id: int) -> int:
    return int(
        db_session.execute(
            select(func.count())
            .select_from(RecoveryCode)
            .where(col(RecoveryCode.user_id) == user_id, col(RecoveryCode.used_at).is_(None))
        ).scalar_one()
    )


def code_use(db_session: Session, user_id: int, code: str) -> bool:
    """Mark the account's unused ``code`` used (in the caller's transaction); False if there is none such."""
    used = db_session.exec(
        update(RecoveryCode)
        .where(
            col(RecoveryCode.user_id) == user_id,
            col(RecoveryCode.code_hash) == _hash(code),
            col(RecoveryCode.used_at).is_(None),
        )
        .values(used_at=utc_now())
    ).rowcount
    return bool(used == 1)
