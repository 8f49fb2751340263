"""`make bench-load`: write throughput and latency of the production backend in the production configuration and
the bare one beside it, then a database audit.

For each database (SQLite with one worker; a private PostgreSQL with a private Redis and several workers) and
each configuration (``scripts.bench_load_stack``): production is what a vendor runs, three salespeople taking
leads by the routing rules (hours of their own, a day off, their country's holidays), the mail sender on
against an SMTP server, a webhook endpoint with its receiver, and 100,000 leads of history; bare is a fresh
database with none of it. First the lead service's own CPU time per lead, in-process, after each feature is
switched on; then, for each client count, a bounded load for a fixed time at the lead API (wrk,
scripts/bench_load_api.lua) and at the forms' websocket handler (scripts/bench_load_forms.py): req/s,
p50/p95/p99, errors, the backend's CPU per lead, and an audit (every acknowledged lead stored, none twice). In
production, the mails and webhooks of the run must then all leave (the time they took is printed). Not a test:
figures depend on the machine, and its load average is printed with every row (a row begun at a load above 1
is marked: other work skewed it).

    python -m scripts.bench_load [--databases sqlite,postgres] [--configurations production,bare]
                                 [--clients 16,50] [--seconds 10] [--targets api,forms]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import subprocess
import time
import uuid
from dataclasses import dataclass

from scripts.bench_load_audit import Audit, audit, backlog, load_leads
from scripts.bench_load_forms import run_forms
from scripts.bench_load_stack import CONFIGURATIONS, Stack, servers, stack
from scripts.bench_production import HISTORY
from scripts.harness.build import ROOT

__all__ = ["WARM_UP_SECONDS", "Row", "Stack", "measure_api", "print_row"]  # bench_scale measures with these

LUA = ROOT / "scripts" / "bench_load_api.lua"
WARM_UP_SECONDS = 3
STALL_SECONDS = 20  # production: the run's mails and webhooks must keep leaving after the load, none stuck
BUSY_LOAD = 1.0  # a load average above this at a row's start: the machine was doing other work


@dataclass(frozen=True)
class Row:
    stack: str
    target: str
    clients: int
    rate: float
    p50: float
    p95: float
    p99: float
    errors: int
    generator_cpu: float  # share of one core the load generator used
    audit: Audit
    load: float = 0.0  # the machine's load average when the row began
    backend_cpu_ms: float = 0.0  # CPU the server used per lead it acknowledged (HTTP, service, loops)
    senders_cpu_ms: float = 0.0  # of which the background loops' process (the rest: the request worker)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="sqlite,postgres", help="comma-separated: sqlite, postgres")
    parser.add_argument("--configurations", default=",".join(CONFIGURATIONS), help="comma-separated: production, bare")
    parser.add_argument("--clients", default="16,50", help="comma-separated concurrent clients, each 1..200")
    parser.add_argument("--seconds", type=int, default=10, help="load time per target and client count (1..60)")
    parser.add_argument("--targets", default="api,forms", help="comma-separated: api, forms")
    parser.add_argument("--history", type=int, default=HISTORY, help="past leads in the production database")
    parser.add_argument("--cpu-leads", type=int, default=300, help="leads timed in-process per step")
    args = parser.parse_args()
    args.clients = [int(n) for n in args.clients.split(",")]
    if not all(1 <= n <= 200 for n in args.clients) or not 1 <= args.seconds <= 60:
        parser.error("clients must be 1..200 and seconds 1..60")
    return args


def load_api(target: Stack, clients: int, seconds: int) -> tuple[dict, float]:
    """One wrk run; returns the Lua script's RESULT record and the CPU wrk used (share of one core)."""
    run_id = uuid.uuid4().hex[:8]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run(
        [
            *("wrk", "-t", "2", "-c", str(clients), "-d", f"{seconds:d}s", "--timeout", "10s"),
            *("-s", str(LUA), f"{target.backend_url}/api/ProductVideo", "--", run_id),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    record = json.loads(output.split("RESULT ", 1)[1])
    record["run_id"] = run_id
    cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / (record["duration_us"] / 1e6)
    return record, cpu


def measure_api(target: Stack, clients: int, seconds: int) -> Row:
    load, backend_before, senders_before = os.getloadavg()[0], target.backend_cpu(), target.backend_cpu(True)
    record, cpu = load_api(target, clients, seconds)
    backend, senders = target.backend_cpu() - backend_before, target.backend_cpu(True) - senders_before
    acked = [int(lead_id) for lead_id in record["acked"]]
    errors = record["socket_errors"] + sum(record["refused"].values())
    return Row(
        target.label,
        "API",
        clients,
        record["responses"] / (record["duration_us"] / 1e6),
        record["p50"] / 1000,
        record["p95"] / 1000,
        record["p99"] / 1000,
        errors,
        cpu,
        audit(target.database_url, record["run_id"], acked_ids=acked, in_flight=clients),
        load,
        backend * 1000 / max(len(acked), 1),
        senders * 1000 / max(len(acked), 1),
    )


def measure_forms(target: Stack, clients: int, seconds: int) -> Row:
    run_id, load, backend_before = uuid.uuid4().hex[:8], os.getloadavg()[0], target.backend_cpu()
    cpu_before, senders_before = time.process_time(), target.backend_cpu(True)
    result, elapsed = asyncio.run(run_forms(target.backend_url, target.site_url, run_id, clients, seconds))
    cpu = (time.process_time() - cpu_before) / elapsed
    backend, senders = target.backend_cpu() - backend_before, target.backend_cpu(True) - senders_before
    return Row(
        target.label,
        "forms",
        clients,
        len(result.latencies) / elapsed,
        *percentiles(result.latencies),
        result.refused + result.errors,
        cpu,
        audit(target.database_url, run_id, acked_emails=result.acked, in_flight=clients),
        load,
        backend * 1000 / max(len(result.acked), 1),
        senders * 1000 / max(len(result.acked), 1),
    )


def percentiles(latencies: list[float]) -> tuple[float, float, float]:
    """p50, p95, p99 in milliseconds (nearest rank)."""
    ordered = sorted(latencies) or [float("nan")]
    return tuple(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000 for q in (0.50, 0.95, 0.99))


MEASURE = {"api": measure_api, "forms": measure_forms}
HEADER = (
    f"{'stack':<44} {'load':<5} {'clients':>7} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
    f"{'errors':>6} {'acked':>6} {'stored':>6} {'missing':>7} {'dup':>4} {'gen':>6} {'cpu/lead':>9}"
)


def busy(load: float) -> str:
    return f"  * busy machine: load {load:.1f}" if load > BUSY_LOAD else ""


def print_row(row: Row) -> None:
    a = row.audit
    print(
        f"{row.stack:<44} {row.target:<5} {row.clients:>7} {row.rate:>7.0f} {row.p50:>7.1f} {row.p95:>7.1f} "
        f"{row.p99:>7.1f} {row.errors:>6} {a.acknowledged:>6} {a.stored:>6} {a.missing:>7} {a.duplicated:>4} "
        f"{row.generator_cpu:>6.0%}"
        + (f" {row.backend_cpu_ms:>6.1f} ms" if row.backend_cpu_ms else "")
        + (f" (senders {row.senders_cpu_ms:.1f})" if row.senders_cpu_ms else "")
        + busy(row.load),
        flush=True,
    )


def print_cpu(target: Stack) -> None:
    print(f"\n{target.label}: the lead service's CPU per lead, in-process (no HTTP, no sender)")
    for step, figures in target.cpu:
        print(
            f"  {step:<34} {figures['cpu_ms_mean']:6.2f} ms CPU (median {figures['cpu_ms_median']:.2f}), "
            f"{figures['wall_ms_median']:.2f} ms wall{busy(figures['load'])}",
            flush=True,
        )


def drained(target: Stack, cpu_before: float, senders_before: float, stored: int) -> bool:
    """Production: wait until the run's mails and webhooks have all left, as long as they keep leaving; print
    what the SMTP server and the receiver got, how long the senders took after the load, and the backend's CPU
    per lead from the first row to the last mail sent (``cpu_before``, ``senders_before``: its CPU then, and
    its senders'; ``stored``: the rows' leads). False if some were stuck (none left for STALL_SECONDS)."""
    started = moved = time.monotonic()
    left = backlog(target.database_url)
    while left != (0, 0) and time.monotonic() - moved < STALL_SECONDS:
        time.sleep(0.5)
        now_left = backlog(target.database_url)
        if sum(now_left) < sum(left):
            moved = time.monotonic()
        left = now_left
    outside = target.outside
    assert outside is not None
    mails = len(outside.mail_log.read_text().splitlines()) if outside.mail_log.exists() else 0
    hooks = len(outside.hook_store.read_text().splitlines()) if outside.hook_store.exists() else 0
    leads = load_leads(target.database_url)
    print(
        f"  {leads} leads stored by the load: {mails} mails accepted by the SMTP server, {hooks} webhooks received,"
        f" the last {time.monotonic() - started:.0f} s after the load; {left[0]} mails and {left[1]} webhooks stuck",
        flush=True,
    )
    cpu = (target.backend_cpu() - cpu_before) * 1000 / max(stored, 1)
    senders = (target.backend_cpu(True) - senders_before) * 1000 / max(stored, 1)
    print(
        f"  the server's CPU per lead, its mails and webhook sent: {cpu:.1f} ms, of which the senders' process"
        f" {senders:.1f} ms",
        flush=True,
    )
    return left == (0, 0)


def compare(rows: list[Row]) -> None:
    """Each production row beside its bare one: what the configuration costs."""
    bare = {(row.stack.rsplit(", ", 1)[0], row.target, row.clients): row for row in rows if row.stack.endswith("bare")}
    pairs = [
        (row, bare[key])
        for row in rows
        if row.stack.endswith("production") and (key := (row.stack.rsplit(", ", 1)[0], row.target, row.clients)) in bare
    ]
    if not pairs:
        return
    print(f"\n{'production beside bare':<44} {'load':<5} {'clients':>7} {'req/s':>15} {'p99 ms':>17}")
    for production, plain in pairs:
        print(
            f"{production.stack.rsplit(', ', 1)[0]:<44} {production.target:<5} {production.clients:>7} "
            f"{production.rate:>7.0f} / {plain.rate:<5.0f} {production.p99:>8.1f} / {plain.p99:<7.1f}"
        )


def main() -> int:
    args = parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: run scripts/ensure_debian_package.sh wrk wrk (make bench-load does)")
    targets = args.targets.split(",")
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} CPUs, load average {load:.1f} at start{busy(load) or ' (quiet enough)'}")
    failed, rows = False, []
    for database in args.databases.split(","):
        with servers(database) as running:
            for configuration in args.configurations.split(","):
                with stack(running, configuration, args.cpu_leads, args.history) as target:
                    print_cpu(target)
                    for name in targets:  # warm-up: imports, pools and caches, not reported
                        MEASURE[name](target, 4, WARM_UP_SECONDS)
                    print(HEADER, flush=True)
                    cpu_before, senders_before, first = target.backend_cpu(), target.backend_cpu(True), len(rows)
                    for clients in args.clients:
                        for name in targets:
                            rows.append(MEASURE[name](target, clients, args.seconds))
                            print_row(rows[-1])
                            failed |= rows[-1].errors > 0 or not rows[-1].audit.ok
                    if target.outside is not None:
                        stored = sum(row.audit.stored for row in rows[first:])
                        failed |= not drained(target, cpu_before, senders_before, stored)
    compare(rows)
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")
    print(
        "acked = answered as stored; stored = rows of the run (stored-acked were in flight when the load stopped);"
        " missing = acked but not stored; dup = e-mails stored twice; gen = load generator CPU (share of a core)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
