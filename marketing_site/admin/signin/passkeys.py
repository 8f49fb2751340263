"""Passkeys (WebAuthn, with py_webauthn): registered from the account page, used as the second factor or to
sign in alone (a passkey that verified its user is itself two factors, and it cannot be phished: the
browser signs for this site's origin only).

The relying party is the staff area's host (STAFF_URL: its host name is the RP ID, its origin the one
accepted), so passkeys work only where STAFF_URL points. Every challenge is stored, bound to the browser
that asked, and deleted when answered or after CHALLENGE_SECONDS: it is used once.
"""

from __future__ import annotations

import json
import secrets
import struct
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete
from sqlmodel import Session, col, select
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from marketing_site.admin.staff_db import staff_write_session
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import max_length
from marketing_site.settings import settings
from marketing_site.staff.credentials import Passkey, WebauthnChallenge
from marketing_site.staff.models import StaffUser

RP_NAME = "Smart School Suite staff"
CHALLENGE_SECONDS = 300
REGISTER, SIGN_IN = "register", "signin"


class PasskeyRefused(ValueError):
    """The browser's answer does not prove a registered passkey (or not this account's); the message says why."""


def relying_party() -> tuple[str, str]:
    """(RP ID, origin) of the staff area."""
    address = urlsplit(settings.staff_url)
    return address.hostname or "localhost", f"{address.scheme}://{address.netloc}"


def _user_handle(user_id: int) -> bytes:
    return struct.pack(">Q", user_id)


def _challenge_new(db_session: Session, purpose: str, owner_hash: str) -> bytes:
    challenge, now = secrets.token_bytes(32), utc_now()
    db_session.execute(delete(WebauthnChallenge).where(col(WebauthnChallenge.expires_at) <= now))
    db_session.add(
        WebauthnChallenge(
            challenge=bytes_to_base64url(challenge),
            purpose=purpose,
            owner_hash=owner_hash,
            expires_at=now + timedelta(seconds=CHALLENGE_SECONDS),
        )
    )
    return challenge


def _challenge_take(db_session: Session, credential: dict[str, Any], purpose: str, owner_hash: str) -> bytes:
    """The challenge the credential answers, deleted; PasskeyRefused unless this browser was handed it."""
    try:
        client_data = json.loads(base64url_to_bytes(credential["response"]["clientDataJSON"]))
        challenge = str(client_data["challenge"])
    except (KeyError, TypeError, ValueError):
        raise PasskeyRefused("The browser's answer is not a passkey's") from None
    taken = db_session.exec(
        delete(WebauthnChallenge).where(
            col(WebauthnChallenge.challenge) == challenge,
            col(WebauthnChallenge.purpose) == purpose,
            col(WebauthnChallenge.owner_hash) == owner_hash,
            col(WebauthnChallenge.expires_at) > utc_now(),
        )
    ).rowcount
    if taken != 1:
        raise PasskeyRefused("This passkey request expired or was used; try again")
    return base64url_to_bytes(challenge)


def registration_options(user: StaffUser, owner_hash: str) -> str:
    """The JSON options for navigator.credentials.create: a discoverable passkey that verifies its user."""
    rp_id, _ = relying_party()
    assert user.id is not None
    with staff_write_session() as db_session:
        existing = db_session.exec(select(Passkey.credential_id).where(Passkey.user_id == user.id)).all()
        challenge = _challenge_new(db_session, REGISTER, owner_hash)
        db_session.commit()
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=user.email,
        user_id=_user_handle(user.id),
        user_display_name=user.email,
        challenge=challenge,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.REQUIRED
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(known)) for known in existing],
    )
    return str(options_to_json(options))


def passkey_register(db_session: Session, user_id: int, owner_hash: str, credential: dict[str, Any], name: str) -> str:
    """Verify a new credential and store it as the account's (in the caller's transaction); its name."""
    rp_id, origin = relying_party()
    challenge = _challenge_take(db_session, credential, REGISTER, owner_hash)
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
            require_user_verification=True,
        )
    except WebAuthnException as refused:
        raise PasskeyRefused(f"The passkey could not be verified: {refused}") from None
    name = " ".join(name.split())[: max_length(Passkey, "name")] or f"Passkey of {utc_now():%Y-%m-%d}"
    db_session.add(
        Passkey(
            user_id=user_id,
            credential_id=bytes_to_base64url(verified.credential_id),
            public_key=bytes_to_base64url(verified.credential_public_key),
            sign_count=verified.sign_count,
            name=name,
        )
    )
    return name


def signin_options(owner_hash: str, user_id: int | None = None) -> str:
    """The JSON options for navigator.credentials.get: any of the account's passkeys (``user_id``), or any
    passkey of this site the browser holds (signing in with a passkey alone)."""
    rp_id, _ = relying_party()
    with staff_write_session() as db_session:
        allowed = (
            db_session.exec(select(Passkey.credential_id).where(Passkey.user_id == user_id)).all()
            if user_id is not None
            else []
        )
        challenge = _challenge_new(db_session, SIGN_IN, owner_hash)
        db_session.commit()
    options = generate_authentication_options(
        rp_id=rp_id,
        challenge=challenge,
        allow_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(known)) for known in allowed],
        user_verification=UserVerificationRequirement.REQUIRED,
    )
    return str(options_to_json(options))


def passkey_signin(db_session: Session, owner_hash: str, credential: dict[str, Any]) -> Passkey:
    """The passkey that signed this browser's challenge, its use recorded (in the caller's transaction)."""
    rp_id, origin = relying_party()
    challenge = _challenge_take(db_session, credential, SIGN_IN, owner_hash)
    passkey = db_session.exec(select(Passkey).where(Passkey.credential_id == str(credential.get("id", "")))).first()
    if passkey is None:
        raise PasskeyRefused("This passkey is not registered here (it may have been removed)")
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=base64url_to_bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
            require_user_verification=True,
        )
    except WebAuthnException as refused:
        raise PasskeyRefused(f"The passkey could not be verified: {refused}") from None
    passkey.sign_count, passkey.last_used_at = verified.new_sign_count, utc_now()
    db_session.add(passkey)
    return passkey
