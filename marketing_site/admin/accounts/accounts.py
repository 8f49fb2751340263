"""Account changes: an admin invites, changes roles, disables, resets sign-in methods, ends sessions and sends
set-password links; a member changes their own password. Every change is audited, and every change
that matters to an account's security ends its sessions (all, or all but the one making it).

An invitation is a one-time link valid INVITATION_HOURS (only its SHA-256 is stored): it sets the password
and leads on to enrolling the second factor. The same link, sent again later, resets a forgotten password.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import func
from sqlmodel import Session, col, select

from marketing_site.admin.accounts.users import StaffUserError, new_account_checks
from marketing_site.admin.audit import audit
from marketing_site.admin.signin import factors, sessions
from marketing_site.admin.signin.passwords import WeakPassword, password_check, password_hash, password_matches
from marketing_site.admin.signin.security_mails import SecurityEvent, invitation_mail, security_mail
from marketing_site.admin.signin.sessions import Signed, token_hash
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import stored_id
from marketing_site.staff.audit import AuditAction
from marketing_site.staff.credentials import Passkey, StaffSession, TotpFactor
from marketing_site.staff.models import AuditEntry, Role, StaffUser

INVITATION_HOURS = 24
ACCOUNT_ACTIONS = (
    AuditAction.ACCOUNT_INVITED,
    AuditAction.LINK_SENT,
    AuditAction.PASSWORD_SET,
    AuditAction.PASSWORD_CHANGED,
    AuditAction.ROLE,
    AuditAction.DISABLED,
    AuditAction.ENABLED,
    AuditAction.FACTORS_RESET,
    AuditAction.SESSIONS_ENDED,
    AuditAction.FACTOR_ADDED,
    AuditAction.FACTOR_REMOVED,
    AuditAction.RECOVERY_CODE_USED,
    AuditAction.RECOVERY_CODES_MADE,
)


@dataclass(frozen=True)
class AccountRow:
    """One line of the admins' account list."""

    user: StaffUser
    invited: bool  # no password chosen yet
    has_totp: bool
    passkeys: int
    sessions: int


def _account(db_session: Session, user_id: int) -> StaffUser:
    user = db_session.get(StaffUser, user_id)
    if user is None:
        raise StaffUserError("No such account")
    return user


def _not_yourself(actor: StaffUser, user_id: int) -> None:
    if actor.id == user_id:
        raise StaffUserError("Change your own account on your account page; another admin changes its role")


def _new_link(db_session: Session, user: StaffUser, first: bool) -> str:
    token = secrets.token_urlsafe(32)
    user.invitation_hash = token_hash(token)
    user.invitation_expires_at = utc_now() + timedelta(hours=INVITATION_HOURS)
    db_session.add(user)
    invitation_mail(db_session, user, token, user.invitation_expires_at, first)
    return token


def account_invite(actor: StaffUser | None, email: str, role: str) -> tuple[StaffUser, str]:
    """A new account with no password yet, and its invitation mailed; the link's token (the command line prints it)."""
    email = new_account_checks(email, role)
    with staff_write_session() as db_session:
        if db_session.exec(select(StaffUser).where(StaffUser.email == email)).first() is not None:
            raise StaffUserError(f"{email} already has an account")
        user = StaffUser(email=email, password_hash="", role=role)
        db_session.add(user)
        db_session.flush()
        token = _new_link(db_session, user, first=True)
        audit(
            db_session, actor.id if actor else None, AuditAction.ACCOUNT_INVITED, detail=f"account {user.id} ({role})"
        )
        db_session.commit()
        db_session.refresh(user)
        return user, token


def link_send(actor: StaffUser, user_id: int) -> None:
    """A new set-password link for the account (a forgotten password); an older link stops working."""
    with staff_write_session() as db_session:
        user = _account(db_session, user_id)
        _new_link(db_session, user, first=not user.password_hash)
        audit(db_session, actor.id, AuditAction.LINK_SENT, detail=f"account {user_id}")
        db_session.commit()


def invited_account(token: str) -> StaffUser | None:
    """The active account a set-password link belongs to while it is valid, or None."""
    if not token:
        return None
    with staff_session() as db_session:
        return db_session.exec(
            select(StaffUser).where(
                StaffUser.invitation_hash == token_hash(token),
                col(StaffUser.invitation_expires_at) > utc_now(),
                col(StaffUser.active).is_(True),
            )
        ).first()


def invitation_accept(token: str, password: str, again: str) -> StaffUser:
    """Set the password through a set-password link (used up); every session of the account ends."""
    user = invited_account(token)
    if user is None:
        raise StaffUserError("This link has expired or was used; ask an administrator for a new one")
    _new_password_checks(password, again, user.email)
    hashed = password_hash(password)
    with staff_write_session() as db_session:
        account = _account(db_session, user.id or 0)
        if account.invitation_hash != token_hash(token):
            raise StaffUserError("This link has expired or was used; ask an administrator for a new one")
        had_password = bool(account.password_hash)
        account.password_hash, account.invitation_hash, account.invitation_expires_at = hashed, "", None
        db_session.add(account)
        sessions.sessions_end(db_session, user.id or 0)
        audit(db_session, user.id, AuditAction.PASSWORD_SET, detail=f"account {user.id}")
        if had_password:
            security_mail(db_session, account, SecurityEvent.PASSWORD_CHANGED, "The password was set with a link.")
        db_session.commit()
        db_session.refresh(account)
        return account


def _new_password_checks(password: str, again: str, email: str) -> None:
    if password != again:
        raise StaffUserError("The two passwords differ")
    try:
        password_check(password, email)
    except WeakPassword as weak:
        raise StaffUserError(str(weak)) from None


def password_change(signed: Signed, current: str, new: str, again: str) -> None:
    """A member's own new password (the current one first); every other session of theirs ends."""
    if not password_matches(current, signed.user.password_hash):
        raise StaffUserError("The current password is wrong")
    _new_password_checks(new, again, signed.user.email)
    hashed = password_hash(new)
    with staff_write_session() as db_session:
        account = _account(db_session, signed.user.id or 0)
        account.password_hash = hashed
        db_session.add(account)
        ended = sessions.sessions_end(db_session, account.id or 0, keep=signed.session.id)
        audit(db_session, account.id, AuditAction.PASSWORD_CHANGED, detail=f"{ended} other sessions ended")
        security_mail(db_session, account, SecurityEvent.PASSWORD_CHANGED, "The password was changed.")
        db_session.commit()


def password_confirm(signed: Signed, password: str) -> bool:
    """The member re-entered their password: sign-in methods may be changed for a while (sessions.CONFIRMED_MINUTES)."""
    if not password_matches(password, signed.user.password_hash):
        return False
    assert signed.session.id is not None
    sessions.session_update(signed.session.id, password_confirmed_at=utc_now())
    return True


def role_change(actor: StaffUser, user_id: int, role: str) -> None:
    _not_yourself(actor, user_id)
    if role not in {item.value for item in Role}:
        raise StaffUserError("Unknown role")
    with staff_write_session() as db_session:
        user = _account(db_session, user_id)
        if user.role != role:
            audit(db_session, actor.id, AuditAction.ROLE, detail=f"account {user_id}: {user.role} -> {role}")
            user.role = role
            db_session.add(user)
            sessions.sessions_end(db_session, user_id)
            db_session.commit()


def active_set(actor: StaffUser, user_id: int, active: bool) -> None:
    """Disable (its sessions end, it cannot sign in) or enable an account."""
    _not_yourself(actor, user_id)
    with staff_write_session() as db_session:
        user = _account(db_session, user_id)
        user.active = active
        db_session.add(user)
        if not active:
            sessions.sessions_end(db_session, user_id)
        audit(
            db_session, actor.id, AuditAction.ENABLED if active else AuditAction.DISABLED, detail=f"account {user_id}"
        )
        db_session.commit()


def factors_reset(actor: StaffUser | None, user_id: int) -> None:
    """Another account's sign-in methods removed (a lost phone): its sessions end, it enrols again.
    ``actor`` None: the server's command line (the last admin's own account)."""
    if actor is not None:
        _not_yourself(actor, user_id)
    with staff_write_session() as db_session:
        user = _account(db_session, user_id)
        factors.factors_reset(db_session, user)
        sessions.sessions_end(db_session, user_id)
        audit(db_session, actor.id if actor else None, AuditAction.FACTORS_RESET, detail=f"account {user_id}")
        security_mail(
            db_session,
            user,
            SecurityEvent.FACTORS_RESET,
            "Your authenticator app, passkeys and recovery codes were removed; you set up a new one at your next"
            " sign-in.",
        )
        db_session.commit()


def sessions_end_for(actor: StaffUser, user_id: int) -> int:
    """End every session of an account (an admin for a colleague, or a member for themselves); how many."""
    with staff_write_session() as db_session:
        _account(db_session, user_id)
        ended = sessions.sessions_end(db_session, user_id, keep=None)
        audit(db_session, actor.id, AuditAction.SESSIONS_ENDED, detail=f"account {user_id}: {ended}")
        db_session.commit()
    return ended


def own_session_end(signed: Signed, session_id: int) -> None:
    """End one of the member's own sessions (another browser, or this one)."""
    with staff_write_session() as db_session:
        found = db_session.get(StaffSession, session_id)
        if found is None or found.user_id != signed.user.id:
            raise StaffUserError("No such session of yours")
        db_session.delete(found)
        audit(db_session, signed.user.id, AuditAction.SESSIONS_ENDED, detail=f"account {signed.user.id}: 1 (own)")
        db_session.commit()


def account_by_email(email: str) -> StaffUser:
    with staff_session() as db_session:
        user = db_session.exec(select(StaffUser).where(StaffUser.email == email.strip().lower())).first()
    if user is None:
        raise StaffUserError(f"no account {email.strip().lower()}")
    return user


def account_rows() -> list[AccountRow]:
    now = utc_now()
    with staff_session() as db_session:
        users = list(db_session.exec(select(StaffUser).order_by(col(StaffUser.email))))
        totp_users = set(db_session.exec(select(TotpFactor.user_id)))
        passkeys = dict(db_session.exec(select(Passkey.user_id, func.count()).group_by(col(Passkey.user_id))).all())
        live = dict(
            db_session.exec(
                select(StaffSession.user_id, func.count())
                .where(col(StaffSession.expires_at) > now)
                .group_by(col(StaffSession.user_id))
            ).all()
        )
    return [
        AccountRow(
            user,
            not user.password_hash,
            user.id in totp_users,
            passkeys.get(stored_id(user), 0),
            live.get(stored_id(user), 0),
        )
        for user in users
    ]


def account_history(limit: int = 50) -> list[AuditEntry]:
    with staff_session() as db_session:
        return list(
            db_session.exec(
                select(AuditEntry)
                .where(col(AuditEntry.action).in_(ACCOUNT_ACTIONS))
                .order_by(col(AuditEntry.id).desc())
                .limit(limit)
            )
        )
