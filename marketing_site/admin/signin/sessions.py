"""Server-side staff sessions: the cookie carries a random token, the ``staff_session`` row its SHA-256.

A session is valid while its row exists, the account is active, it was seen within STAFF_IDLE_MINUTES
(sliding: each request moves ``last_seen_at`` on, so the limit counts from the last request; requests
within the same second write once) and its absolute
``expires_at`` has not passed. Deleting the row ends it wherever the cookie is: sign-out, a password
change, a factor reset, a role change or disabling the account do so. A session starts after the
password alone (``second_factor_at`` empty, PENDING_MINUTES to finish) and gets a new token once the
second factor is done, so no token known before the sign-in outlives it.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, update
from sqlmodel import Session, col, select

from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.core.columns import max_length
from marketing_site.settings import settings
from marketing_site.staff.credentials import StaffSession
from marketing_site.staff.models import StaffUser

PENDING_MINUTES = 10  # from the password to the second factor (or the first enrolment)
# last_seen_at is written at most this often. It once was 60 s: the limit then counted from a write up to
# a minute before the last request, and at STAFF_IDLE_MINUTES=1 a user clicking every 10 s was signed out.
TOUCH_SECONDS = 1
CONFIRMED_MINUTES = 10  # a re-entered password allows changing sign-in methods for this long


@dataclass(frozen=True)
class Signed:
    """The account and the session a request's cookie stands for."""

    user: StaffUser
    session: StaffSession

    @property
    def complete(self) -> bool:
        """The second factor was given: the whole staff area is open."""
        return self.session.second_factor_at is not None

    @property
    def recently_confirmed(self) -> bool:
        confirmed = self.session.password_confirmed_at
        return confirmed is not None and as_utc(confirmed) > utc_now() - timedelta(minutes=CONFIRMED_MINUTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _idle_cutoff(now: datetime) -> datetime:
    return now - timedelta(minutes=settings.staff_idle_minutes)


def session_start(user_id: int, address: str, user_agent: str, *, complete: bool = False) -> str:
    """A new session for the account (the password was right); its cookie token. Ended sessions of
    every account are cleared out on the way."""
    token, now = secrets.token_urlsafe(32), utc_now()
    lifetime = timedelta(hours=settings.staff_session_hours) if complete else timedelta(minutes=PENDING_MINUTES)
    with staff_write_session() as db_session:
        db_session.execute(
            delete(StaffSession).where(
                or_(col(StaffSession.expires_at) <= now, col(StaffSession.last_seen_at) <= _idle_cutoff(now))
            )
        )
        db_session.add(
            StaffSession(
                token_hash=token_hash(token),
                user_id=user_id,
                created_at=now,
                last_seen_at=now,
                expires_at=now + lifetime,
                second_factor_at=now if complete else None,
                csrf_token=secrets.token_urlsafe(32),
                address=address[: max_length(StaffSession, "address")],
                user_agent=user_agent[: max_length(StaffSession, "user_agent")],
            )
        )
        db_session.commit()
    return token


def session_of(token: str) -> Signed | None:
    """The live session of a cookie token, or None (unknown, ended, idle, expired, or the account disabled)."""
    if not token:
        return None
    now = utc_now()
    with staff_session() as db_session:
        found = db_session.exec(
            select(StaffSession, StaffUser)
            .join(StaffUser, col(StaffUser.id) == StaffSession.user_id)
            .where(
                StaffSession.token_hash == token_hash(token),
                StaffSession.expires_at > now,
                StaffSession.last_seen_at > _idle_cutoff(now),
                col(StaffUser.active).is_(True),
            )
        ).first()
    if found is None:
        return None
    session, user = found
    if as_utc(session.last_seen_at) <= now - timedelta(seconds=TOUCH_SECONDS):
        with staff_write_session() as db_session:
            db_session.execute(update(StaffSession).where(col(StaffSession.id) == session.id).values(last_seen_at=now))
            db_session.commit()
    return Signed(user, session)


def second_factor_done(session_id: int) -> str:
    """The second factor was given: a new token (and CSRF token) and the full lifetime; the new cookie token."""
    token, now = secrets.token_urlsafe(32), utc_now()
    with staff_write_session() as db_session:
        db_session.execute(
            update(StaffSession)
            .where(col(StaffSession.id) == session_id)
            .values(
                token_hash=token_hash(token),
                csrf_token=secrets.token_urlsafe(32),
                second_factor_at=now,
                last_seen_at=now,
                expires_at=now + timedelta(hours=settings.staff_session_hours),
                pending_totp="",
            )
        )
        db_session.commit()
    return token


def session_update(session_id: int, **values: object) -> None:
    with staff_write_session() as db_session:
        db_session.execute(update(StaffSession).where(col(StaffSession.id) == session_id).values(**values))
        db_session.commit()


def session_end(token: str) -> None:
    with staff_write_session() as db_session:
        db_session.execute(delete(StaffSession).where(col(StaffSession.token_hash) == token_hash(token)))
        db_session.commit()


def sessions_end(db_session: Session, user_id: int, keep: int | None = None) -> int:
    """End every session of the account but ``keep`` (in the caller's transaction); how many ended."""
    statement = delete(StaffSession).where(col(StaffSession.user_id) == user_id)
    if keep is not None:
        statement = statement.where(col(StaffSession.id) != keep)
    return int(db_session.exec(statement).rowcount)


def sessions_of(user_id: int) -> list[StaffSession]:
    """The account's live sessions, most recently seen first."""
    now = utc_now()
    with staff_session() as db_session:
        return list(
            db_session.exec(
                select(StaffSession)
                .where(
                    StaffSession.user_id == user_id,
                    StaffSession.expires_at > now,
                    StaffSession.last_seen_at > _idle_cutoff(now),
                )
                .order_by(col(StaffSession.last_seen_at).desc())
            )
        )
