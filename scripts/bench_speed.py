"""Time speed to lead (``make bench-speed``): from a lead's COMMIT to its owner's mail accepted by an SMTP server
(aiosmtpd on loopback) and to its webhook received and verified by a receiver (standardwebhooks), p50/p99 with
16 leads submitted at once, round after round, in the production configuration and the bare one beside it.

Like one backend worker: a fresh, migrated database (SQLite by default; ``--database-server
postgresql+psycopg://…`` creates and drops one on that server), the background loops
(``marketing_site.background``) running in this process, and each round's 16 leads stored by 16 threads through
``lead_submit`` (what the API and the forms call). Production (``scripts.bench_production``): three salespeople
taking the demo leads by the routing rules (hours of their own, a day off, their country's holidays), 100,000
leads of history, the SMTP server behind STARTTLS and the endpoint on HTTPS. Bare: the three take the leads on
the company's week, a fresh database, plain SMTP and HTTP. Each configuration runs in a process of its own
(settings are read once). ``--no-wakeup`` leaves the loops to their poll, as a sender in another process would be.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts import bench_production  # noqa: E402
from scripts.harness.database import migrate, throwaway_database  # noqa: E402
from scripts.harness.ports import free_port  # noqa: E402

TARGET_P99_SECONDS = 2.0
BUSY_LOAD = 1.0
SEEDED = {"production": bench_production.STEPS, "bare": ("takers", "webhook")}


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def busy(load: float) -> str:
    return f"  * busy machine: load {load:.1f}" if load > BUSY_LOAD else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-server", default="", help="a PostgreSQL server URL (default: SQLite)")
    parser.add_argument("--configurations", default="production,bare", help="comma-separated: production, bare")
    parser.add_argument("--leads", type=int, default=16, help="submitted at once, each round")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--history", type=int, default=bench_production.HISTORY, help="production's past leads")
    parser.add_argument("--no-wakeup", action="store_true", help="the loops find work by polling only")
    options = parser.parse_args()
    configurations = options.configurations.split(",")
    if len(configurations) > 1:
        load = os.getloadavg()[0]
        print(f"{os.cpu_count()} CPUs, load average {load:.1f} at start{busy(load) or ' (quiet enough)'}", flush=True)
        for configuration in configurations:
            subprocess.run([sys.executable, *sys.argv, "--configurations", configuration], check=True)
        return
    configuration = configurations[0]
    smtp_port, hook_port, tls = free_port(), free_port(), configuration == "production"
    with (
        tempfile.TemporaryDirectory(prefix="bench-speed-") as folder,
        throwaway_database(Path(folder), options.database_server, prefix="bench_speed") as url,
    ):
        scratch = Path(folder)
        migrate({**os.environ, "DATABASE_URL": url, "REDIS_URL": ""})
        steps = SEEDED[configuration]
        made = bench_production.seed(url, steps, bench_production.hook_url(hook_port, tls), options.history)
        with bench_production.outside_services(scratch, made["hook_secret"], hook_port, smtp_port, tls) as outside:
            os.environ.update({**outside.settings(), "REDIS_URL": ""})
            load = os.getloadavg()[0]
            mail, hooks = run(url, outside, options)
    backend = "PostgreSQL" if options.database_server else "SQLite"
    mode = "polling only" if options.no_wakeup else "woken on commit"
    print(
        f"\n{backend}, {configuration} ({' + '.join(steps)}), loops in the worker ({mode}): {options.rounds} rounds "
        f"of {options.leads} leads at once{busy(load)}",
        flush=True,
    )
    total = options.leads * options.rounds
    for label, samples in (("commit -> owner's mail accepted", mail), ("commit -> webhook received", hooks)):
        if len(samples) < total:
            print(f"{label:<34} only {len(samples)} of {total} arrived")
            continue
        p50, p99 = statistics.median(samples), percentile(samples, 0.99)
        verdict = "within" if p99 < TARGET_P99_SECONDS else "OVER"
        print(f"{label:<34} p50 {p50 * 1000:6.0f} ms   p99 {p99 * 1000:6.0f} ms   ({verdict} the 2 s target)")


def run(url: str, outside: bench_production.Outside, options: argparse.Namespace) -> tuple[list[float], list[float]]:
    """Every round's leads; for each, the seconds from its COMMIT to its owner's mail and to its webhook."""
    import asyncio
    import threading
    import uuid
    from concurrent.futures import ThreadPoolExecutor

    from marketing_site import background
    from marketing_site.booking import calendar
    from marketing_site.core import db, deadline, rate_limit, wakeup
    from marketing_site.leads import antispam
    from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit

    db.configure_engine(url)
    calendar.install()
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    if options.no_wakeup:
        wakeup.on_commit = lambda _db_session: None
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
        mails, received = _accepted(outside.mail_log), _received(outside)
        if len(mails) >= total and len(received) >= total:
            break
        time.sleep(0.2)
    loop.call_soon_threadsafe(loops.cancel)
    time.sleep(0.5)
    loop.call_soon_threadsafe(loop.stop)
    worker.join(timeout=10)
    db.get_engine().dispose()
    mail = [mails[lead] - at for lead, at in committed.items() if lead in mails]
    hooks = [received[lead] - at for lead, at in committed.items() if lead in received]
    return mail, hooks


def _accepted(mail_log: Path) -> dict[int, float]:
    """Lead id -> when the SMTP server accepted its owner's mail."""
    times: dict[int, float] = {}
    lines = mail_log.read_text().splitlines() if mail_log.exists() else []
    for entry in map(json.loads, lines):
        if entry["lead"] is not None and set(entry["to"]) & bench_production.OWNERS:
            times.setdefault(entry["lead"], entry["at"])
    return times


def _received(outside: bench_production.Outside) -> dict[int, float]:
    """Lead id -> when its webhook was received and stored (verified) by the receiver."""
    if not outside.hook_store.exists() or not outside.hooks_log.exists():
        return {}
    lead_of = {
        entry["id"]: entry["data"]["id"] for entry in map(json.loads, outside.hook_store.read_text().splitlines())
    }
    times: dict[int, float] = {}
    for entry in map(json.loads, outside.hooks_log.read_text().splitlines()):
        if entry["status"] == 200 and entry["id"] in lead_of:
            times.setdefault(lead_of[entry["id"]], entry["at"])
    return times


if __name__ == "__main__":
    main()
