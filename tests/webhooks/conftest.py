"""Webhook tests: the session database with no endpoints left from another test, the delivery settings of a
test (loopback allowed, short back-off), and a real receiver (scripts/harness/webhook_receiver.py) in a
process of its own that verifies every request with ``standardwebhooks`` and keeps each webhook-id once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest
from sqlalchemy import delete

from marketing_site.admin.setup.webhook_endpoints import endpoint_create
from marketing_site.core import db, rate_limit
from marketing_site.leads import antispam
from marketing_site.staff.models import StaffUser
from marketing_site.webhooks import addresses, outbox, sender
from marketing_site.webhooks.models import WebhookEndpoint
from scripts.harness.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_endpoints(database_url):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    _delete_endpoints()
    yield
    _delete_endpoints()
    antispam.use_rate_limiter(None)


def _delete_endpoints() -> None:
    with db.session() as db_session:
        db_session.execute(delete(WebhookEndpoint))  # their deliveries go with them
        db_session.commit()


@pytest.fixture
def delivery_settings(monkeypatch):
    """Loopback is an allowed network (the receiver lives there), retries start after 50 ms; returns a setter."""

    def use(**values):
        configured = addresses.settings.model_copy(
            update={
                "webhook_allowed_networks": ("127.0.0.0/8",),
                "webhook_retry_seconds": 0.05,
                "webhook_timeout_seconds": 3.0,
                "webhook_max_attempts": 5,
                **values,
            }
        )
        for module in (addresses, outbox, sender):
            monkeypatch.setattr(module, "settings", configured)
        return configured

    use()
    return use


class Receiver:
    """The receiver process: started, killed, restarted on the same port with the same store."""

    def __init__(self, port: int, secret: str, answers: str = "", delay: float = 0.0) -> None:
        self.port = port
        folder = Path(tempfile.mkdtemp(prefix="webhook-receiver-"))
        self.store, self.log = folder / "store.jsonl", folder / "requests.jsonl"
        self.secret, self.answers, self.delay = secret, answers, delay
        self.process: subprocess.Popen | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks/leads"

    def start(self, answers: str | None = None) -> None:
        command = [sys.executable, "-m", "scripts.harness.webhook_receiver", "--port", str(self.port)]
        command += ["--secret", self.secret, "--store", str(self.store), "--log", str(self.log)]
        command += ["--answers", self.answers if answers is None else answers, "--delay", str(self.delay)]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ})
        assert self.process.stdout.readline().strip() == "ready"

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stored(self) -> list[dict]:
        return [json.loads(line) for line in self.store.read_text().splitlines()] if self.store.exists() else []

    def requests(self) -> list[dict]:
        return [json.loads(line) for line in self.log.read_text().splitlines()] if self.log.exists() else []


@pytest.fixture
def admin() -> StaffUser:
    with db.session() as db_session:
        user = StaffUser(email=f"admin-{uuid.uuid4().hex[:8]}@vendor.example", password_hash="x", role="admin")
        db_session.add(user)
        db_session.commit()
        return user


@pytest.fixture
def hooked(admin, delivery_settings):
    """An endpoint an admin registered for ``events`` and its receiver, answering ``answers`` first."""
    started: list[Receiver] = []

    def register(events: tuple[str, ...] = ("lead.created",), answers: str = "", delay: float = 0.0):
        port = free_port()
        endpoint, secret = endpoint_create(admin, f"http://127.0.0.1:{port}/hooks/leads", list(events))
        started.append(Receiver(port, secret, answers, delay))
        return started[-1], endpoint

    yield register
    for running in started:
        if running.process and running.process.poll() is None:
            running.kill()
