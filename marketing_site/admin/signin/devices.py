"""Browsers an account completed a sign-in from, known by the long-lived device cookie: a sign-in from any
other is mailed to the account, and only attempts from elsewhere are slowed down (signin_throttle)."""

from __future__ import annotations

from sqlalchemy import or_
from sqlmodel import Session, col, select

from marketing_site.admin.signin.sessions import token_hash
from marketing_site.admin.staff_db import staff_session
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import max_length
from marketing_site.staff.credentials import KnownDevice
from marketing_site.staff.models import StaffUser


def usual_source(email: str, device_token: str, address: str) -> bool:
    """The account signed in from this browser, or from this address, before."""
    with staff_session() as db_session:
        return (
            db_session.exec(
                select(KnownDevice.id)
                .join(StaffUser, col(StaffUser.id) == KnownDevice.user_id)
                .where(
                    StaffUser.email == email.strip().lower(),
                    or_(col(KnownDevice.token_hash) == token_hash(device_token), col(KnownDevice.address) == address),
                )
                .limit(1)
            ).first()
            is not None
        )


def device_seen(db_session: Session, user_id: int, device_token: str, address: str, user_agent: str) -> bool:
    """Record a completed sign-in from this browser (in the caller's transaction); True if it is a new one."""
    found = db_session.exec(
        select(KnownDevice).where(KnownDevice.user_id == user_id, KnownDevice.token_hash == token_hash(device_token))
    ).first()
    device = found or KnownDevice(user_id=user_id, token_hash=token_hash(device_token), address="", user_agent="")
    device.address = address[: max_length(KnownDevice, "address")]
    device.user_agent = user_agent[: max_length(KnownDevice, "user_agent")]
    device.last_seen_at = utc_now()
    db_session.add(device)
    return found is None
