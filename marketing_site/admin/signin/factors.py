"""The second factor: enrolling and checking an authenticator app, recovery codes and passkeys, finishing a
sign-in, and changing one's own methods. Each change is audited and mailed to the account in the
transaction that makes it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlmodel import Session, col

from marketing_site.admin.audit import audit
from marketing_site.admin.signin import devices, passkeys, recovery_codes, sessions, totp
from marketing_site.admin.signin.security_mails import SecurityEvent, security_mail
from marketing_site.admin.signin.sessions import Signed
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.core.clock import utc_now
from marketing_site.staff.audit import AuditAction
from marketing_site.staff.credentials import Passkey, RecoveryCode, TotpFactor
from marketing_site.staff.models import StaffUser


class FactorRefused(ValueError):
    """The change would leave the account without a second factor, or names none of its own."""


@dataclass(frozen=True)
class Factors:
    has_totp: bool
    passkeys: list[Passkey]
    codes_left: int

    @property
    def any(self) -> bool:
        return self.has_totp or bool(self.passkeys)


def _factors(db_session: Session, user_id: int) -> Factors:
    return Factors(
        totp.has_totp(db_session, user_id),
        list(
            db_session.execute(
                select(Passkey).where(col(Passkey.user_id) == user_id).order_by(col(Passkey.id))
            ).scalars()
        ),
        recovery_codes.codes_left(db_session, user_id),
    )


def factors_of(user_id: int) -> Factors:
    with staff_session() as db_session:
        return _factors(db_session, user_id)


def _account(db_session: Session, user_id: int) -> StaffUser:
    user = db_session.get(StaffUser, user_id)
    if user is None:
        raise FactorRefused("No such account")
    return user


def _others_signed_out(db_session: Session, signed: Signed, action: AuditAction, what: str = "") -> str:
    """ASVS 7.4.3: a change of sign-in methods ends the account's other sessions, so a session stolen before the
    change dies with it. Audits the change with the count; the sentence for the security mail ("" for none)."""
    ended = sessions.sessions_end(db_session, signed.user.id or 0, keep=signed.session.id)
    audit(db_session, signed.user.id, action, detail=f"{what}{'; ' if what else ''}{ended} other sessions ended")
    return f" Your {ended} other session{'s were' if ended != 1 else ' was'} signed out." if ended else ""


def enrolment_secret(signed: Signed) -> str:
    """The authenticator secret this session is setting up: the one shown before (a reload shows the same
    QR code), or a new one kept encrypted on the session until a code confirms it."""
    shown = totp.decrypted(signed.session.pending_totp) if signed.session.pending_totp else None
    if shown:
        return shown
    secret = totp.new_secret()
    assert signed.session.id is not None
    sessions.session_update(signed.session.id, pending_totp=totp.encrypted(secret))
    return secret


def totp_enrol(signed: Signed, code: str) -> list[str] | None:
    """Confirm the pending authenticator with a code from it: it becomes the account's (the code counts as
    used). The first method of an account also gets its recovery codes, returned to be shown once.
    None when the code does not match."""
    secret = totp.decrypted(signed.session.pending_totp) if signed.session.pending_totp else None
    step = totp.accepted_step(secret, code, utc_now()) if secret else None
    if secret is None or step is None:
        return None
    user_id = signed.user.id
    assert user_id is not None and signed.session.id is not None
    with staff_write_session() as db_session:
        first = not _factors(db_session, user_id).any
        totp.totp_save(db_session, user_id, secret, last_timecode=step)
        codes = recovery_codes.codes_replace(db_session, user_id) if first else []
        others = _others_signed_out(db_session, signed, AuditAction.FACTOR_ADDED, "authenticator app")
        security_mail(db_session, signed.user, SecurityEvent.FACTOR_ADDED, f"An authenticator app was set up.{others}")
        db_session.commit()
    sessions.session_update(signed.session.id, pending_totp="")
    return codes


def recovery_signin(user: StaffUser, code: str, address: str) -> bool:
    """Sign in with one of the account's unused recovery codes (then it is used up): audited and mailed."""
    assert user.id is not None
    with staff_write_session() as db_session:
        if not recovery_codes.code_use(db_session, user.id, code):
            return False
        left = recovery_codes.codes_left(db_session, user.id)
        audit(db_session, user.id, AuditAction.RECOVERY_CODE_USED, detail=f"{left} left")
        security_mail(
            db_session,
            user,
            SecurityEvent.RECOVERY_CODE_USED,
            f"A recovery code was used to sign in; {left} unused codes are left. Make new ones on your account page.",
            address,
        )
        db_session.commit()
    return True


def signin_complete(
    user: StaffUser, session_id: int | None, device: str, address: str, user_agent: str, how: str
) -> str:
    """The sign-in is done (``session_id``: the password-only session it finishes; None: a passkey alone).
    A new session token; the sign-in is recorded, and mailed to the account if the browser is new to it."""
    assert user.id is not None
    if session_id is None:
        token = sessions.session_start(user.id, address, user_agent, complete=True)
    else:
        token = sessions.second_factor_done(session_id)
    with staff_write_session() as db_session:
        account = _account(db_session, user.id)
        account.last_signin_at = utc_now()
        db_session.add(account)
        if devices.device_seen(db_session, user.id, device, address, user_agent):
            security_mail(db_session, account, SecurityEvent.NEW_DEVICE, f"Signed in with {how}.", address, user_agent)
        db_session.commit()
    return token


def passkey_signin(owner_hash: str, credential: dict[str, Any], user_id: int | None) -> StaffUser:
    """The active account whose passkey answered (``user_id``: it must be this account's); the challenge is
    used up whatever the outcome."""
    with staff_write_session() as db_session:
        try:
            passkey = passkeys.passkey_signin(db_session, owner_hash, credential)
            user = _account(db_session, passkey.user_id)
            if (user_id is not None and passkey.user_id != user_id) or not user.active:
                raise passkeys.PasskeyRefused("This passkey belongs to no account that may sign in here")
        except (passkeys.PasskeyRefused, FactorRefused):
            db_session.commit()  # the challenge stays used
            raise
        db_session.commit()
        return user


def passkey_add(signed: Signed, owner_hash: str, credential: dict[str, Any], name: str) -> None:
    user = signed.user
    assert user.id is not None
    with staff_write_session() as db_session:
        try:
            named = passkeys.passkey_register(db_session, user.id, owner_hash, credential, name)
        except passkeys.PasskeyRefused:
            db_session.commit()
            raise
        others = _others_signed_out(db_session, signed, AuditAction.FACTOR_ADDED, "passkey")
        security_mail(db_session, user, SecurityEvent.FACTOR_ADDED, f"A passkey was added: {named}.{others}")
        db_session.commit()


def passkey_remove(signed: Signed, passkey_id: int) -> None:
    user = signed.user
    assert user.id is not None
    with staff_write_session() as db_session:
        owned = _factors(db_session, user.id)
        passkey = next((item for item in owned.passkeys if item.id == passkey_id), None)
        if passkey is None:
            raise FactorRefused("No such passkey on your account")
        if not owned.has_totp and len(owned.passkeys) == 1:
            raise FactorRefused("Keep at least one way to sign in: set up an authenticator app first")
        db_session.delete(passkey)
        others = _others_signed_out(db_session, signed, AuditAction.FACTOR_REMOVED, "passkey")
        security_mail(
            db_session, user, SecurityEvent.FACTOR_REMOVED, f"The passkey {passkey.name} was removed.{others}"
        )
        db_session.commit()


def totp_remove(signed: Signed) -> None:
    user = signed.user
    assert user.id is not None
    with staff_write_session() as db_session:
        owned = _factors(db_session, user.id)
        if not owned.passkeys:
            raise FactorRefused("Keep at least one way to sign in: add a passkey first")
        db_session.execute(delete(TotpFactor).where(col(TotpFactor.user_id) == user.id))
        others = _others_signed_out(db_session, signed, AuditAction.FACTOR_REMOVED, "authenticator app")
        security_mail(db_session, user, SecurityEvent.FACTOR_REMOVED, f"The authenticator app was removed.{others}")
        db_session.commit()


def codes_new(signed: Signed) -> list[str]:
    user = signed.user
    assert user.id is not None
    with staff_write_session() as db_session:
        codes = recovery_codes.codes_replace(db_session, user.id)
        others = _others_signed_out(db_session, signed, AuditAction.RECOVERY_CODES_MADE)
        security_mail(
            db_session,
            user,
            SecurityEvent.FACTOR_ADDED,
            f"New recovery codes were made; the old ones no longer work.{others}",
        )
        db_session.commit()
    return codes


def factors_reset(db_session: Session, user: StaffUser) -> None:
    """Remove every sign-in method of the account (in the caller's transaction): it enrols again at its next
    sign-in."""
    for table in (TotpFactor, Passkey, RecoveryCode):
        db_session.execute(delete(table).where(col(table.user_id) == user.id))
