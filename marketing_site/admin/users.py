"""Staff accounts: created by the command line only (no default password, no self-registration),
passwords hashed with argon2 through pwdlib."""

from __future__ import annotations

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlmodel import select

from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.staff.models import Role, StaffUser

MIN_PASSWORD_LENGTH = 12
MAX_PASSWORD_CHARS = 1024  # a sign-in reads no more of the field (hashing a megabyte is a denial of service)
_hasher = PasswordHash((Argon2Hasher(),))
# Verified when the account does not exist, so a wrong address takes as long as a wrong password.
_UNKNOWN_ACCOUNT_HASH = _hasher.hash("no such account")


class StaffUserError(ValueError):
    """The account cannot be created as asked; the message says why."""


def normalised_email(email: str) -> str:
    return email.strip().lower()


def staff_user_create(email: str, password: str, role: str) -> StaffUser:
    email = normalised_email(email)
    if "@" not in email:
        raise StaffUserError("the email address needs an @")
    if role not in {item.value for item in Role}:
        raise StaffUserError(f"role must be one of {', '.join(item.value for item in Role)}")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise StaffUserError(f"the password needs at least {MIN_PASSWORD_LENGTH} characters")
    password_hash = _hasher.hash(password)  # before the transaction: argon2 takes longer than an idle transaction may
    with staff_write_session() as db_session:
        if db_session.exec(select(StaffUser).where(StaffUser.email == email)).first() is not None:
            raise StaffUserError(f"{email} already has an account")
        user = StaffUser(email=email, password_hash=password_hash, role=role)
        db_session.add(user)
        db_session.commit()
        return user


def authenticate(email: str, password: str) -> StaffUser | None:
    with staff_session() as db_session:
        user = db_session.exec(select(StaffUser).where(StaffUser.email == normalised_email(email))).first()
    if user is None:
        _hasher.verify(password, _UNKNOWN_ACCOUNT_HASH)
        return None
    return user if _hasher.verify(password, user.password_hash) else None


def staff_user(user_id: int) -> StaffUser | None:
    with staff_session() as db_session:
        return db_session.get(StaffUser, user_id)


def staff_users() -> list[StaffUser]:
    with staff_session() as db_session:
        return list(db_session.exec(select(StaffUser).order_by(StaffUser.email)))
