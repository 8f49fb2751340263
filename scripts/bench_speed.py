"""Time speed to lead (``make bench-speed``): from a lead's COMMIT to its owner's mail accepted by an SMTP server
(aiosmtpd on loopback) and to its webhook received and verified by a receiver (standardwebhooks), p50/p99 with
16 leads submitted at once, round after round.

Like one backend worker: a fresh, migrated database (SQLite by default; ``--database-server
postgresql+psycopg://…`` creates and drops one on that server), three salespeople taking demo leads, one
webhook endpoint, the background loops (``marketing_site.background``) running in this process, and each
round's 16 leads stored by 16 threads through ``lead_submit`` (what the API and the forms call).
``--no-wakeup`` leaves the loops to their poll, as a sender in another process would be.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.harness.database import migrate, throwaway_database  # noqa: E402
from scripts.harness.ports import free_port  # noqa: E402

TARGET_P99_SECONDS = 2.0


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-server", default="", help="a PostgreSQL server URL (default: SQLite)")
    parser.add_argument("--leads", type=int, default=16, help="submitted at once, each round")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--no-wakeup", action="store_true", help="the loops find work by polling only")
    options = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="bench-speed-"))
    smtp_port, hook_port = free_port(), free_port()
    os.environ.update(
        SMTP_HOST="127.0.0.1",
        SMTP_PORT=str(smtp_port),
        SMTP_SECURITY="none",
        WEBHOOK_ALLOWED_NETWORKS="127.0.0.0/8",
        REDIS_URL="",
    )
    with throwaway_database(scratch, options.database_server, prefix="bench_speed") as url:
        migrate({**os.environ, "DATABASE_URL": url})
        run(url, scratch, smtp_port, hook_port, options)


def run(url: str, scratch: Path, smtp_port: int, hook_port: int, options: argparse.Namespace) -> None:
    from marketing_site import background
    from marketing_site.admin.webhook_endpoints import endpoint_create
    from marketing_site.core import db, deadline, rate_limit, wakeup
    from marketing_site.leads import antispam
    from marketing_site.leads.routing_models import LeadTaker
    from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
    from marketing_site.staff.models import StaffUser

    db.configure_engine(url)
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    if options.no_wakeup:
        wakeup.on_commit = lambda _db_session: None
    with db.session() as db_session:
        people = [StaffUser(email=f"seller{n}@bench.example", password_hash="x", role="sales") for n in range(3)]
        admin = StaffUser(email="admin@bench.example", password_hash="x", role="admin")
        db_session.add_all([*people, admin])
        db_session.flush()
        db_session.add_all(LeadTaker(staff_user_id=person.id, team="sales") for person in people)
        db_session.commit()
    _, secret = endpoint_create(admin, f"http://127.0.0.1:{hook_port}/hooks", ["lead.created"])
    hooks_log, mail_log = scratch / "hooks.jsonl", scratch / "mails.jsonl"
    outside = [  # the SMTP server and the CRM are other machines: here, other processes
        _started("scripts.harness.smtp_recorder", "--port", str(smtp_port), "--log", str(mail_log)),
        _started(
            "scripts.harness.webhook_receiver",
            *("--port", str(hook_port), "--secret", secret, "--store", str(scratch / "store.jsonl")),
            *("--log", str(hooks_log)),
        ),
    ]
    owners = {person.email for person in people}

    loop = asyncio.new_event_loop()
    loops = loop.create_task(background.run_forever())
    worker = threading.Thread(target=loop.run_forever, daemon=True)
    worker.start()
    time.sleep(1.0)  # the loops are waiting, as a worker's are between leads

    committed: dict[int, float] = {}

    def submit(number: int) -> None:
        deadline.current.set(time.monotonic() + 30)
        payload = {
            "email": f"{uuid.uuid4().hex[:10]}@school.example",
            "firstName": "Bench",
            "lastName": f"Visitor {number}",
            "school": "Bench School",
            "country": "Pakistan",
            "phone": f"+92 300 {1_000_000 + number}",
            "job": "Principal",
            "nStudent": "850",
            "mis": "Paper forms",
            "about": "Google search",
            "tSchool": "Multi-branch",
        }
        lead_id = lead_submit(LeadKind.SIGNUP_DEMO, payload, SubmissionContext(client_id=f"bench-{number}"))
        committed[lead_id] = time.time()

    total = options.leads * options.rounds
    with ThreadPoolExecutor(max_workers=options.leads) as pool:
        for round_number in range(options.rounds):
            list(pool.map(submit, range(round_number * options.leads, (round_number + 1) * options.leads)))
            time.sleep(1.0)  # the next round finds the loops idle again
    ends = time.monotonic() + 30
    while time.monotonic() < ends:
        mails, received = _accepted(mail_log, owners), _received(scratch, hooks_log)
        if len(mails) >= total and len(received) >= total:
            break
        time.sleep(0.2)
    mail = [mails[lead] - at for lead, at in committed.items() if lead in mails]
    hooks = [received[lead] - at for lead, at in committed.items() if lead in received]
    loop.call_soon_threadsafe(loops.cancel)
    time.sleep(0.5)
    loop.call_soon_threadsafe(loop.stop)
    worker.join(timeout=10)
    db.get_engine().dispose()
    for process in outside:
        process.kill()
    backend = "PostgreSQL" if options.database_server else "SQLite"
    mode = "polling only" if options.no_wakeup else "woken on commit"
    print(f"{backend}, loops in the worker ({mode}): {options.rounds} rounds of {options.leads} leads at once")
    for label, samples in (("commit -> owner's mail accepted", mail), ("commit -> webhook received", hooks)):
        if len(samples) < total:
            print(f"{label:<34} only {len(samples)} of {total} arrived")
            continue
        p50, p99 = statistics.median(samples), percentile(samples, 0.99)
        verdict = "within" if p99 < TARGET_P99_SECONDS else "OVER"
        print(f"{label:<34} p50 {p50 * 1000:6.0f} ms   p99 {p99 * 1000:6.0f} ms   ({verdict} the 2 s target)")


def _started(module: str, *arguments: str) -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, "-m", module, *arguments], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def _accepted(mail_log: Path, owners: set[str]) -> dict[int, float]:
    """Lead id -> when the SMTP server accepted its owner's mail."""
    times: dict[int, float] = {}
    lines = mail_log.read_text().splitlines() if mail_log.exists() else []
    for entry in map(json.loads, lines):
        if entry["lead"] is not None and set(entry["to"]) & owners:
            times.setdefault(entry["lead"], entry["at"])
    return times


def _received(scratch: Path, hooks_log: Path) -> dict[int, float]:
    """Lead id -> when its webhook was received and stored (verified) by the receiver."""
    store = scratch / "store.jsonl"
    if not store.exists() or not hooks_log.exists():
        return {}
    lead_of = {entry["id"]: entry["data"]["id"] for entry in map(json.loads, store.read_text().splitlines())}
    times: dict[int, float] = {}
    for entry in map(json.loads, hooks_log.read_text().splitlines()):
        if entry["status"] == 200 and entry["id"] in lead_of:
            times.setdefault(lead_of[entry["id"]], entry["at"])
    return times


if __name__ == "__main__":
    main()
