"""A real SMTP server (aiosmtpd) on loopback for mail tests, and the sender pointed at it: shared by the
mail and staff-area tests (import the fixtures into a conftest)."""

from __future__ import annotations

import email.message
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest
from sqlalchemy import update
from sqlmodel import col

from marketing_site.core import db
from marketing_site.mail import catcher, outbox, sender
from marketing_site.mail.models import OutboxMail, OutboxStatus
from marketing_site.settings import settings
from scripts.harness.ports import free_port


@dataclass
class Inbox:
    """What the SMTP server accepted: (envelope recipients, parsed message) per mail."""

    received: list[tuple[list[str], email.message.EmailMessage]] = field(default_factory=list)

    async def handle_DATA(self, _server, _session, envelope) -> str:
        self.received.append((list(envelope.rcpt_tos), catcher.parsed(envelope)))
        return "250 Message accepted"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [message for recipients, message in self.received if address in recipients]


@pytest.fixture
def smtp_port(monkeypatch, database_url) -> int:
    """A free loopback port the sender is pointed at (nothing listens until ``smtp_server`` starts)."""
    port = free_port()
    configured = settings.model_copy(
        update={
            "smtp_host": "127.0.0.1",
            "smtp_port": port,
            "smtp_security": "none",
            "smtp_timeout_seconds": 5.0,
            "mail_retry_seconds": 0.05,
            "mail_max_attempts": 3,
        }
    )
    monkeypatch.setattr(sender, "settings", configured)
    monkeypatch.setattr(outbox, "settings", configured)
    _set_aside_earlier_mails()
    return port


def _set_aside_earlier_mails() -> None:
    """The session database keeps what earlier tests queued with no SMTP server: a test that drains the outbox
    would send all of them (hundreds, late in a session: 30 s for one test). They are put off to the year 9999,
    so a test drains its own mails only (its checks name them: by lead, by recipient)."""
    with db.session() as session:
        session.execute(
            update(OutboxMail)
            .where(col(OutboxMail.status) == OutboxStatus.QUEUED)
            .values(next_attempt_at=datetime(9999, 1, 1, tzinfo=UTC))
        )
        session.commit()


@pytest.fixture
def smtp_server(smtp_port):
    """Start a real SMTP server on ``smtp_port``; call it again after ``stop()`` to bring it back."""
    running: list = []

    def start() -> Inbox:
        inbox = Inbox()
        running.append(catcher.start(inbox, smtp_port))
        return inbox

    yield start
    for controller in running:
        controller.stop()
