"""Authenticator-app codes (TOTP, RFC 6238, with pyotp): the secret is shown once at enrolment (as text and
as a QR code drawn as SVG on the server with segno), stored encrypted (Fernet with STAFF_FACTOR_KEY), and
every code is accepted once: the last accepted 30-second step is kept and only a later one passes (ASVS
6.5.1). A code of the step before or after the server's is accepted too (clocks drift).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from datetime import datetime
from functools import cache

import pyotp
import segno
from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from sqlalchemy import update
from sqlmodel import Session, col

from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.core.clock import utc_now
from marketing_site.settings import settings
from marketing_site.staff.credentials import TotpFactor

ISSUER = "Smart School Suite staff"
DRIFT_STEPS = 1  # steps accepted either side of the server's
CODE_PATTERN = re.compile(r"[0-9]{6}")
# Outside production, without STAFF_FACTOR_KEY: a fixed key, so a developer's enrolment survives a restart.
DEVELOPMENT_KEY = base64.urlsafe_b64encode(hashlib.sha256(b"development only: set STAFF_FACTOR_KEY").digest())


@cache
def _box(keys: str) -> MultiFernet:
    return MultiFernet([Fernet(key.strip()) for key in keys.split(",") if key.strip()] or [Fernet(DEVELOPMENT_KEY)])


def encrypted(secret: str) -> str:
    return _box(settings.staff_factor_key).encrypt(secret.encode("ascii")).decode("ascii")


def decrypted(token: str) -> str | None:
    """The secret, or None when no configured key opens it (the key was replaced without keeping the old one)."""
    try:
        return _box(settings.staff_factor_key).decrypt(token.encode("ascii")).decode("ascii")
    except InvalidToken:
        return None


def new_secret() -> str:
    return pyotp.random_base32()  # 32 base32 characters: 160 bits, as RFC 4226 recommends


def setup_link(secret: str, email: str) -> str:
    """The otpauth:// link an authenticator app reads from the QR code."""
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


def qr_svg(link: str) -> str:
    """The QR code as inline SVG markup (no image request, no script)."""
    return str(segno.make(link, error="m").svg_inline(scale=4, title="QR code for your authenticator app"))


def accepted_step(secret: str, code: str, now: datetime) -> int | None:
    """The time step whose code ``code`` is (the server's, or one either side), or None."""
    code = "".join(code.split())
    if not CODE_PATTERN.fullmatch(code):
        return None
    totp = pyotp.TOTP(secret)
    step = totp.timecode(now)
    for candidate in range(step - DRIFT_STEPS, step + DRIFT_STEPS + 1):
        if hmac.compare_digest(totp.generate_otp(candidate), code):
            return candidate
    return None


def totp_save(db_session: Session, user_id: int, secret: str, last_timecode: int) -> None:
    """The account's authenticator app from now on (replacing any other), in the caller's transaction;
    ``last_timecode``: the step of the code that confirmed it, so that code is used up."""
    row = db_session.get(TotpFactor, user_id) or TotpFactor(user_id=user_id, secret="")
    row.secret, row.last_timecode, row.created_at = encrypted(secret), last_timecode, utc_now()
    db_session.add(row)


def totp_check(user_id: int, code: str) -> bool:
    """True once per step: the code is the account's, and no code of this or a later step was accepted before.
    The check and the record are one conditional UPDATE, so two requests racing with one code cannot both pass."""
    with staff_session() as db_session:
        row = db_session.get(TotpFactor, user_id)
    secret = decrypted(row.secret) if row is not None else None
    step = accepted_step(secret, code, utc_now()) if secret else None
    if step is None:
        return False
    with staff_write_session() as db_session:
        taken = db_session.exec(
            update(TotpFactor)
            .where(col(TotpFactor.user_id) == user_id, col(TotpFactor.last_timecode) < step)
            .values(last_timecode=step)
        ).rowcount
        db_session.commit()
    return bool(taken == 1)


def has_totp(db_session: Session, user_id: int) -> bool:
    return db_session.get(TotpFactor, user_id) is not None
