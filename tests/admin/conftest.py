"""Staff-area tests: the real app in-process (Starlette TestClient) on the session database, real users."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable

import pytest
from mail.smtp_fixtures import Inbox, smtp_port, smtp_server  # noqa: F401 (fixtures)
from staff_client import PASSWORD, signed_in, with_authenticator
from starlette.testclient import TestClient

from marketing_site.admin.accounts.users import staff_user_create
from marketing_site.admin.signin import signin_throttle
from marketing_site.core import rate_limit
from marketing_site.leads import antispam
from marketing_site.mail import sender
from marketing_site.staff.models import StaffUser


@pytest.fixture(autouse=True)
def _fresh_limiters(database_url):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    signin_throttle.use_log(signin_throttle.MemoryFailureLog())
    yield
    antispam.use_rate_limiter(None)
    signin_throttle.use_log(None)


@pytest.fixture
def staff() -> Callable[[str], StaffUser]:
    """A new staff account of the given role, with its own address and an authenticator app."""
    return lambda role: with_authenticator(
        staff_user_create(f"{role}-{uuid.uuid4().hex[:8]}@vendor.example", PASSWORD, role)
    )


@pytest.fixture
def as_role(staff) -> Callable[[str], tuple[TestClient, StaffUser]]:
    """Sign a new account of ``role`` in: its browser and the account."""

    def sign_in(role: str) -> tuple[TestClient, StaffUser]:
        user = staff(role)
        return signed_in(user), user

    return sign_in


@pytest.fixture
def mailbox(smtp_server) -> Callable[[], Inbox]:
    """A real SMTP server; calling the fixture sends everything queued in the outbox and returns what arrived."""
    inbox = smtp_server()

    def delivered() -> Inbox:
        async def drain() -> None:
            while await sender.deliver_due():
                pass

        asyncio.run(drain())
        return inbox

    return delivered
