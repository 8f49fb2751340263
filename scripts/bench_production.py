"""The production configuration the write benchmarks run by default (``make bench-load``, ``make bench-speed``):
what a vendor has switched on, set up through the same staff code an admin's forms call. Seeded in steps, so a
benchmark can measure what each one costs a lead:

- ``history``: 100,000 past leads (``bench_inbox``'s rows, bulk-inserted), owned by three salespeople, each with
  its mails sent, its webhook delivered and its timers spent: the tables a lead's transaction and the senders'
  claims search;
- ``routing``: the three take the demo leads (``routing_save``, weights 2, 1, 1, the team's response times
  saved); two are demo hosts with hours of their own (``hours_save``: Karachi, two stretches a weekday; Muscat,
  Sunday to Thursday), each with a day off (one today, one next week) and their country's weekend and holidays;
  the third works the company's week. Each lead then gets an owner, two timers and the owner's mail;
- ``webhook``: an endpoint for ``lead.created`` (``endpoint_create``); each lead then queues a delivery.

(``takers`` alone: the three take the demo leads on the company's week, the team's default times: what
``make bench-speed`` measured before, its bare configuration.)

Outside the database (``outside_services``): an SMTP server accepting every mail after STARTTLS (aiosmtpd,
``scripts/harness/smtp_recorder.py``) and the endpoint's verifying receiver over HTTPS
(``scripts/harness/webhook_receiver.py``), each in a process of its own, as the other machines they stand for,
with a certificate of a throwaway authority the backend trusts (``scripts/bench_tls.py``, SSL_CERT_FILE).
The bare configuration is a fresh database with none of it: nobody takes leads, no SMTP server, no endpoint.

    DATABASE_URL=… python -m scripts.bench_production --steps history,routing,webhook --hook-url https://…
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from scripts import bench_tls
from scripts.harness.build import ROOT

HISTORY = 100_000
STEPS = ("history", "routing", "webhook")  # the production configuration; "takers": bench-speed's bare one
CHUNK = 5000
PASSWORD = secrets.token_urlsafe(18)
# (name, zone, country, hours Monday..Sunday, a day off this many days from today); None: the company's week
TAKERS: tuple[tuple[str, str, str, tuple[str, ...], int] | None, ...] = (
    ("Sana", "Asia/Karachi", "PK", ("09:00-13:00, 14:00-18:00",) * 5 + ("", ""), 0),
    ("Hilal", "Asia/Muscat", "OM", ("08:00-16:00",) * 4 + ("", "", "08:00-16:00"), 7),
    None,
)
WEIGHTS = (2, 1, 1)
OWNERS = frozenset(f"seller{n}@bench.example" for n in range(len(TAKERS)))  # whose mails bench-speed times


@dataclass(frozen=True)
class Outside:
    """The SMTP server and the webhook receiver, and the files where they note what they accepted."""

    smtp_port: int
    hook_port: int
    mail_log: Path
    hooks_log: Path
    hook_store: Path
    authority: Path | None  # the certificate authority the backend trusts (None: plain SMTP and HTTP)

    def settings(self) -> dict[str, str]:
        """What a backend (or the benchmark's own process) needs to reach them."""
        tls = {"SMTP_SECURITY": "starttls", "SSL_CERT_FILE": str(self.authority)} if self.authority else {}
        return {
            "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": str(self.smtp_port),
            "SMTP_SECURITY": "none",
            "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
            **tls,
        }


def hook_url(port: int, tls: bool = True) -> str:
    return f"{'https' if tls else 'http'}://127.0.0.1:{port}/hooks"


@contextmanager
def outside_services(
    scratch: Path, hook_secret: str, hook_port: int, smtp_port: int, tls: bool = True
) -> Iterator[Outside]:
    """The SMTP server and the webhook receiver (with ``tls``: STARTTLS and HTTPS), stopped when the block ends."""
    made = bench_tls.make(scratch) if tls else None
    outside = Outside(
        smtp_port,
        hook_port,
        scratch / "mails.jsonl",
        scratch / "hooks.jsonl",
        scratch / "hooks-stored.jsonl",
        made.authority if made else None,
    )
    certificate = ("--tls-cert", str(made.certificate), "--tls-key", str(made.key)) if made else ()
    with ExitStack() as running:
        running.enter_context(
            _process(
                "scripts.harness.smtp_recorder", "--port", str(smtp_port), "--log", str(outside.mail_log), *certificate
            )
        )
        running.enter_context(
            _process(
                "scripts.harness.webhook_receiver",
                *("--port", str(hook_port), "--secret", hook_secret, "--store", str(outside.hook_store)),
                *("--log", str(outside.hooks_log), *certificate),
            )
        )
        yield outside


@contextmanager
def _process(module: str, *arguments: str) -> Iterator[None]:
    process = subprocess.Popen([sys.executable, "-m", module, *arguments], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        if process.stdout is None or process.stdout.readline().strip() != "ready":
            raise RuntimeError(f"{module} did not start")
        yield
    finally:
        process.kill()
        process.wait()


def seed(url: str, steps: tuple[str, ...], endpoint: str = "", history: int = HISTORY) -> dict[str, Any]:
    """Seed ``steps`` into the migrated database at ``url``, in a process of its own (this one's settings may be
    read already); returns what they made (``hook_secret`` for the webhook step at ``endpoint``, ``seconds``)."""
    env = {**os.environ, "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8", "DATABASE_URL": url}
    arguments = ["--steps", ",".join(steps), "--hook-url", endpoint, "--history", str(history)]
    seeded = subprocess.run(
        [sys.executable, "-m", "scripts.bench_production", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if seeded.returncode != 0:
        raise RuntimeError(f"seeding {', '.join(steps)} failed:\n{seeded.stderr[-3000:]}")
    found: dict[str, Any] = json.loads(seeded.stdout.splitlines()[-1])
    return found


def _seed_here(url: str, steps: tuple[str, ...], endpoint: str, history: int) -> dict[str, Any]:
    from marketing_site.booking import calendar
    from marketing_site.core import db

    started = time.perf_counter()
    db.configure_engine(url)
    calendar.install()
    made: dict[str, Any] = {}
    try:
        admin, takers = _staff()
        if "history" in steps:
            _history([taker.id for taker in takers], history)
        if "routing" in steps:
            _routing(admin, takers)
        if "takers" in steps:
            _takers(admin, takers)
        if "webhook" in steps:
            made["hook_secret"] = _endpoint(admin, endpoint)
    finally:
        db.get_engine().dispose()
    return {**made, "seconds": time.perf_counter() - started}


def _staff() -> tuple[Any, list[Any]]:
    """The admin and the three salespeople (made by the first step, found by the next)."""
    from sqlmodel import select

    from marketing_site.admin.accounts.users import staff_user_create
    from marketing_site.core import db
    from marketing_site.staff.models import StaffUser

    emails = ["admin@bench.example", *sorted(OWNERS)]
    with db.session() as db_session:
        found = {user.email: user for user in db_session.exec(select(StaffUser)).all()}
    for email in emails:
        if email not in found:
            found[email] = staff_user_create(email, PASSWORD, "admin" if email.startswith("admin") else "sales")
    return found[emails[0]], [found[email] for email in emails[1:]]


def _routing(admin: Any, takers: list[Any]) -> None:
    """Hosts, their hours and days off, who takes the leads and the team's times: as an admin sets them."""
    from marketing_site.admin.setup.availability import day_off_add, host_save, hours_save
    from marketing_site.booking.setup.host_changes import HostDetails
    from marketing_site.core.clock import today_in

    for taker, spec in zip(takers, TAKERS, strict=True):
        if spec is None:
            continue
        name, zone, country, hours, off_in = spec
        host_save(admin, taker.id, HostDetails(name, zone, country, active=True))
        hours_save(admin, taker.id, list(hours))
        day_off_add(admin, taker.id, (today_in(zone) + timedelta(days=off_in)).isoformat())
    _takers(admin, takers, WEIGHTS)


def _takers(admin: Any, takers: list[Any], weights: tuple[int, ...] = (1, 1, 1)) -> None:
    from marketing_site.admin.setup.lead_routing import routing_save

    form = {"response-sales": "60", "escalation-sales": "240", "response-hr": "960", "escalation-hr": "1920"}
    for taker, weight in zip(takers, weights, strict=True):
        form |= {f"takes-sales-{taker.id}": "on", f"weight-sales-{taker.id}": str(weight)}
    routing_save(admin, form)


def _endpoint(admin: Any, hook_url: str) -> str:
    from marketing_site.admin.setup.webhook_endpoints import endpoint_create

    _, secret = endpoint_create(admin, hook_url, ["lead.created"])
    return secret


def _history(owner_ids: list[int], count: int) -> None:
    """``count`` past leads, bulk-inserted with their sent mails, delivered webhooks and spent timers (the
    deliveries' endpoint: a disabled one of their own, so the webhook step's endpoint starts clean)."""
    from sqlalchemy import insert, text

    from marketing_site.core import db
    from marketing_site.leads.models import Lead, LeadModule
    from marketing_site.leads.owners.routing_models import LeadTimer
    from marketing_site.mail.models import OutboxMail
    from marketing_site.webhooks.models import WebhookDelivery, WebhookEndpoint
    from scripts.bench_inbox import MODULES, lead_row

    rng = random.Random(29)
    engine = db.build_engine(os.environ["DATABASE_URL"])  # no statement time-out: bulk inserts and ANALYZE
    with engine.begin() as connection:
        endpoint_id = connection.execute(
            insert(WebhookEndpoint).returning(WebhookEndpoint.id),
            {"url": "https://crm.example/old", "events": "lead.created", "secret": "whsec_old", "enabled": False},
        ).scalar_one()
        first = connection.execute(text("SELECT coalesce(max(id), 0) FROM lead")).scalar_one() + 1
        for start in range(first, first + count, CHUNK):
            rows = [lead_row(number, rng) for number in range(start, min(start + CHUNK, first + count))]
            for row in rows:
                row["owner_id"] = rng.choice(owner_ids) if row["kind"] != "Careers" else None
            connection.execute(insert(Lead), rows)
            connection.execute(
                insert(LeadModule),
                [
                    {"lead_id": row["id"], "module": module}
                    for row in rows
                    if row["kind"] != "Careers"
                    for module in rng.sample(MODULES, rng.randint(1, 2))
                ],
            )
            connection.execute(insert(OutboxMail), [mail for row in rows for mail in _sent_mails(row)])
            connection.execute(insert(WebhookDelivery), [_delivered(row, endpoint_id) for row in rows])
            connection.execute(insert(LeadTimer), [timer for row in rows for timer in _spent_timers(row)])
        if connection.dialect.name == "postgresql":
            for table in ("lead", "outbox_mail", "webhook_delivery", "lead_timer"):
                connection.execute(text(f"SELECT setval('{table}_id_seq', (SELECT max(id) FROM {table}))"))
    with engine.connect() as connection:
        connection.execute(text("ANALYZE"))
        connection.commit()
    engine.dispose()


def _sent_mails(row: dict[str, Any]) -> list[dict[str, Any]]:
    at = row["created_at"] + timedelta(seconds=1)
    common = {
        "lead_id": row["id"],
        "status": "sent",
        "attempts": 1,
        "next_attempt_at": at,
        "sent_at": at,
        "created_at": row["created_at"],
        "last_error": "",
        "subject": "New lead",
        "text_body": "A lead.\n" * 20,
        "html_body": "<p>A lead.</p>" * 20,
    }
    return [
        {**common, "audience": "visitor", "recipient": row["email"], "message_id": f"<v{row['id']}@bench>"},
        {**common, "audience": "owner", "recipient": "seller0@bench.example", "message_id": f"<o{row['id']}@bench>"},
    ]


def _delivered(row: dict[str, Any], endpoint_id: int) -> dict[str, Any]:
    at = row["created_at"] + timedelta(seconds=1)
    return {
        "endpoint_id": endpoint_id,
        "lead_id": row["id"],
        "message_id": f"msg_bench{row['id']}",
        "event": "lead.created",
        "payload": '{"type":"lead.created"}',
        "status": "sent",
        "attempts": 1,
        "next_attempt_at": at,
        "created_at": row["created_at"],
        "sent_at": at,
        "last_error": "",
    }


def _spent_timers(row: dict[str, Any]) -> list[dict[str, Any]]:
    due = row["created_at"] + timedelta(hours=1)
    status = "stopped" if row["status"] != "new" else "fired"
    return [
        {"lead_id": row["id"], "stage": stage, "owner_id": row.get("owner_id"), "due_at": due, "status": status}
        for stage in ("reminder", "escalation")
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description="Seed steps of the production configuration into DATABASE_URL")
    parser.add_argument("--steps", default=",".join(STEPS), help=f"comma-separated: {', '.join(STEPS)}")
    parser.add_argument("--hook-url", default="", help="the webhook receiver's address (the webhook step)")
    parser.add_argument("--history", type=int, default=HISTORY, help="past leads (the history step)")
    options = parser.parse_args()
    steps = tuple(step for step in options.steps.split(",") if step)
    print(json.dumps(_seed_here(os.environ["DATABASE_URL"], steps, options.hook_url, options.history)))


if __name__ == "__main__":
    main()
