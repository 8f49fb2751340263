"""What a staff member signs in with and the sessions the server keeps: each row belongs to one account
and goes with it (ON DELETE CASCADE). Secrets are stored only as hashes, or encrypted (the TOTP secret,
which the server must read back)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Text
from sqlmodel import Field, SQLModel

from marketing_site.core.clock import utc_now
from marketing_site.core.columns import timestamp

TOKEN_HASH_LENGTH = 64  # a SHA-256 hex digest: how every random token is stored


class StaffSession(SQLModel, table=True):
    """A signed-in browser. The cookie carries a random token; the row holds its hash, so a copy of the
    table opens no session, and deleting the row ends the session wherever the cookie is."""

    __tablename__ = "staff_session"
    __table_args__ = (Index("ix_staff_session_user_id", "user_id"),)

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=TOKEN_HASH_LENGTH, unique=True)
    user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE")
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    last_seen_at: datetime = timestamp(default_factory=utc_now, nullable=False)  # the idle limit counts from here
    expires_at: datetime = timestamp(nullable=False)  # the absolute limit
    second_factor_at: datetime | None = timestamp(default=None, nullable=True)  # None: the password alone so far
    password_confirmed_at: datetime | None = timestamp(default=None, nullable=True)  # re-entered for a change
    csrf_token: str = Field(max_length=64)
    address: str = Field(max_length=64)
    user_agent: str = Field(max_length=300)
    pending_totp: str = Field(default="", max_length=300)  # an authenticator being set up, encrypted


class TotpFactor(SQLModel, table=True):
    """The account's authenticator app: its secret (Fernet-encrypted) and the last time step accepted,
    so a code is never accepted twice."""

    __tablename__ = "staff_totp"

    user_id: int = Field(primary_key=True, foreign_key="staff_user.id", ondelete="CASCADE")
    secret: str = Field(max_length=300)
    last_timecode: int = Field(default=0)
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)


class Passkey(SQLModel, table=True):
    """A WebAuthn credential: its id and public key (base64url), as the authenticator registered them."""

    __tablename__ = "staff_passkey"
    __table_args__ = (Index("ix_staff_passkey_user_id", "user_id"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE")
    credential_id: str = Field(max_length=1400, unique=True)  # up to 1,023 bytes (WebAuthn), base64url
    public_key: str = Field(sa_type=Text)
    sign_count: int = Field(default=0)
    name: str = Field(max_length=100)
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    last_used_at: datetime | None = timestamp(default=None, nullable=True)


class RecoveryCode(SQLModel, table=True):
    """One single-use recovery code, as the SHA-256 of a 120-bit random code (ASVS 6.5.2 allows a plain
    hash from 112 bits of entropy up)."""

    __tablename__ = "staff_recovery_code"
    __table_args__ = (Index("ix_staff_recovery_code_user_id", "user_id"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE")
    code_hash: str = Field(max_length=TOKEN_HASH_LENGTH, unique=True)
    used_at: datetime | None = timestamp(default=None, nullable=True)


class KnownDevice(SQLModel, table=True):
    """A browser that completed a sign-in to the account (by its long-lived device cookie) and the address
    it last came from: a sign-in from anything else is mailed, and only such sign-ins are slowed down."""

    __tablename__ = "staff_device"
    __table_args__ = (Index("ix_staff_device_user_id_token_hash", "user_id", "token_hash", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE")
    token_hash: str = Field(max_length=TOKEN_HASH_LENGTH)
    address: str = Field(max_length=64)
    user_agent: str = Field(max_length=300)
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    last_seen_at: datetime = timestamp(default_factory=utc_now, nullable=False)


class WebauthnChallenge(SQLModel, table=True):
    """A challenge handed to a browser for one passkey ceremony; deleted when used (single use) and
    bound to the browser that asked (``owner_hash``: its session or its pre-sign-in cookie)."""

    __tablename__ = "staff_webauthn_challenge"
    __table_args__ = (Index("ix_staff_webauthn_challenge_expires_at", "expires_at"),)

    id: int | None = Field(default=None, primary_key=True)
    challenge: str = Field(max_length=100, unique=True)  # base64url
    purpose: str = Field(max_length=10)  # "register" or "signin"
    owner_hash: str = Field(max_length=TOKEN_HASH_LENGTH)
    expires_at: datetime = timestamp(nullable=False)
