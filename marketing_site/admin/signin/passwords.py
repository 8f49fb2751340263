"""Staff passwords (ASVS 5.0 6.2): at least 12 characters, not a common password nor built on the account's
own address or the product's name, and no composition rules (any character, spaces, paste: all fine).
Stored as argon2id hashes (pwdlib)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

MIN_PASSWORD_LENGTH = 12
MAX_PASSWORD_CHARS = 1024  # a form field is read no further (hashing a megabyte is a denial of service)
COMMON_PASSWORDS_FILE = Path(__file__).with_name("common_passwords.txt")
CONTEXT_WORDS = ("smartschool", "schoolsuite")  # the product's name, as people fold it into a password
_hasher = PasswordHash((Argon2Hasher(),))


@cache
def _no_account_hash() -> str:
    """Verified when there is no hash to check, so a wrong address takes as long as a wrong password. Made on
    first use, not at import: an argon2 hash is a second of a backend's start on a busy machine."""
    return _hasher.hash("no such account")


class WeakPassword(ValueError):
    """The password breaks a rule; the message says which, in words staff read."""


@cache
def common_passwords() -> frozenset[str]:
    lines = COMMON_PASSWORDS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def password_check(password: str, email: str) -> None:
    """WeakPassword unless ``password`` may protect the account of ``email``."""
    if len(password) < MIN_PASSWORD_LENGTH:
        raise WeakPassword(f"The password needs at least {MIN_PASSWORD_LENGTH} characters.")
    if len(password) > MAX_PASSWORD_CHARS:
        raise WeakPassword(f"The password may have at most {MAX_PASSWORD_CHARS} characters.")
    if "\x00" in password:
        raise WeakPassword("The password cannot contain a NUL character.")
    folded = password.casefold()
    if folded in common_passwords():
        raise WeakPassword("This is one of the most common passwords; choose another.")
    squeezed = "".join(folded.split())
    name = email.casefold().partition("@")[0]
    if any(word in squeezed for word in (*CONTEXT_WORDS, *([name] if len(name) >= 4 else []))):
        raise WeakPassword("The password may not be built on your address or the product's name.")


def password_hash(password: str) -> str:
    return _hasher.hash(password)


def password_matches(password: str, stored_hash: str) -> bool:
    """Constant work whether or not there is a hash ("" for an account whose invitation is still open)."""
    if not stored_hash:
        _hasher.verify(password, _no_account_hash())
        return False
    return _hasher.verify(password, stored_hash)
