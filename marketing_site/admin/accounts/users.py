"""Staff accounts: invited by an admin (accounts.py) or created on the server's command line; no default
password, no self-registration. Passwords follow passwords.py."""

from __future__ import annotations

from sqlmodel import col, select

from marketing_site.admin.signin.passwords import WeakPassword, password_check, password_hash, password_matches
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.staff.models import Role, StaffUser


class StaffUserError(ValueError):
    """The account cannot be created or changed as asked; the message says why."""


def normalised_email(email: str) -> str:
    return email.strip().lower()


def new_account_checks(email: str, role: str) -> str:
    """The normalised address of a new account, or StaffUserError."""
    email = normalised_email(email)
    if "@" not in email or len(email) > 254 or any(character.isspace() for character in email):
        raise StaffUserError("the email address needs an @ and no spaces")
    if role not in {item.value for item in Role}:
        raise StaffUserError(f"role must be one of {', '.join(item.value for item in Role)}")
    return email


def staff_user_create(email: str, password: str, role: str) -> StaffUser:
    """An account with a password set (the command line's --password-stdin); its factor is enrolled at first sign-in."""
    email = new_account_checks(email, role)
    try:
        password_check(password, email)
    except WeakPassword as weak:
        raise StaffUserError(str(weak)) from None
    hashed = password_hash(password)  # before the transaction: argon2 takes longer than an idle transaction may
    with staff_write_session() as db_session:
        if db_session.exec(select(StaffUser).where(StaffUser.email == email)).first() is not None:
            raise StaffUserError(f"{email} already has an account")
        user = StaffUser(email=email, password_hash=hashed, role=role)
        db_session.add(user)
        db_session.commit()
        db_session.refresh(user)
        return user


def authenticate(email: str, password: str) -> StaffUser | None:
    """The active account whose password this is, or None (taking as long whatever the reason)."""
    with staff_session() as db_session:
        user = db_session.exec(select(StaffUser).where(StaffUser.email == normalised_email(email))).first()
    stored = user.password_hash if user is not None and user.active else ""
    return user if password_matches(password, stored) else None


def staff_user(user_id: int) -> StaffUser | None:
    with staff_session() as db_session:
        return db_session.get(StaffUser, user_id)


def staff_users() -> list[StaffUser]:
    with staff_session() as db_session:
        return list(db_session.exec(select(StaffUser).order_by(col(StaffUser.email))))
