"""`make bench-load`: write throughput and latency of the production backend, then a database audit.

For each database it starts the real backend (``reflex run --env prod --backend-only``) on a fresh,
migrated database: SQLite (one worker, no Redis) and a private PostgreSQL with a private Redis
(several workers, as production runs with REDIS_URL). For each client count it drives a bounded
load for a fixed time at the lead API (wrk, scripts/bench_load_api.lua) and at the forms'
websocket handler (scripts/bench_load_forms.py), prints req/s, p50/p95/p99 and errors, and checks
the database: every acknowledged lead is stored, none twice. Not a test: figures depend on the machine.

    python -m scripts.bench_load [--databases sqlite,postgres] [--clients 16,50] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from scripts.bench_load_audit import Audit, audit
from scripts.bench_load_forms import run_forms
from scripts.harness.backend import Backend
from scripts.harness.build import ROOT, tool_env
from scripts.harness.database import migrate
from scripts.harness.private_postgres import PrivatePostgres
from scripts.harness.private_redis import PrivateRedis

LUA = ROOT / "scripts" / "bench_load_api.lua"
WARM_UP_SECONDS = 3
SITE_URL = "http://localhost:3000"


@dataclass(frozen=True)
class Stack:
    label: str
    backend_url: str
    database_url: str
    site_url: str  # the one browser origin the backend accepts


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


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="sqlite,postgres", help="comma-separated: sqlite, postgres")
    parser.add_argument("--clients", default="16,50", help="comma-separated concurrent clients, each 1..200")
    parser.add_argument("--seconds", type=int, default=10, help="load time per target and client count (1..60)")
    parser.add_argument("--targets", default="api,forms", help="comma-separated: api, forms")
    args = parser.parse_args()
    args.clients = [int(n) for n in args.clients.split(",")]
    if not all(1 <= n <= 200 for n in args.clients) or not 1 <= args.seconds <= 60:
        parser.error("clients must be 1..200 and seconds 1..60")
    return args


@contextmanager
def stack(database: str) -> Iterator[Stack]:
    """A migrated database and the production backend on it, torn down afterwards."""
    with ExitStack() as cleanup:
        scratch = Path(tempfile.mkdtemp(prefix="bench-load-"))
        cleanup.callback(shutil.rmtree, scratch, ignore_errors=True)
        settings = {
            "SITE_URL": SITE_URL,
            "LEAD_RATE_LIMIT_PER_MINUTE": "1000000000",
            "LEAD_MIN_SUBMIT_SECONDS": "0",
            "APP_ENV": "prod",
            "REDIS_URL": "",
            "STAFF_SESSION_SECRET": "bench-only-" + "x" * 32,
            "BOOKING_TOKEN_SECRET": "bench-only-" + "b" * 32,
            "STAFF_FACTOR_KEY": "YmVuY2gtb25seS1zdGFmZi1mYWN0b3Ita2V5LTMyYnk=",
        }
        if database == "sqlite":
            label, settings["DATABASE_URL"] = "SQLite, 1 worker", f"sqlite:///{scratch / 'bench.db'}"
        else:
            postgres = cleanup.enter_context(PrivatePostgres())
            redis_server = cleanup.enter_context(PrivateRedis())
            settings["DATABASE_URL"] = postgres.create_database("bench")
            settings["REDIS_URL"] = redis_server.url
            label = "PostgreSQL + Redis, workers"
        env = tool_env(settings)
        migrate(env)
        backend = Backend(None, env, scratch / "backend.log").start()
        cleanup.callback(backend.stop)
        if database != "sqlite":
            label = f"PostgreSQL + Redis, {backend.worker_count()} workers"
        yield Stack(label, backend.url, settings["DATABASE_URL"], SITE_URL)


def load_api(target: Stack, clients: int, seconds: int) -> tuple[dict, float]:
    """One wrk run; returns the Lua script's RESULT record and the CPU wrk used (share of one core)."""
    run_id = uuid.uuid4().hex[:8]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run(
        [
            "wrk",
            "-t",
            "2",
            "-c",
            str(clients),
            "-d",
            f"{seconds:d}s",
            "--timeout",
            "10s",
            "-s",
            str(LUA),
            f"{target.backend_url}/api/ProductVideo",
            "--",
            run_id,
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
    record, cpu = load_api(target, clients, seconds)
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
    )


def measure_forms(target: Stack, clients: int, seconds: int) -> Row:
    run_id = uuid.uuid4().hex[:8]
    cpu_before = time.process_time()
    load, elapsed = asyncio.run(run_forms(target.backend_url, target.site_url, run_id, clients, seconds))
    cpu = (time.process_time() - cpu_before) / elapsed
    cuts = percentiles(load.latencies)
    return Row(
        target.label,
        "forms",
        clients,
        len(load.latencies) / elapsed,
        *cuts,
        load.refused + load.errors,
        cpu,
        audit(target.database_url, run_id, acked_emails=load.acked, in_flight=clients),
    )


def percentiles(latencies: list[float]) -> tuple[float, float, float]:
    """p50, p95, p99 in milliseconds (nearest rank)."""
    ordered = sorted(latencies) or [float("nan")]
    return tuple(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000 for q in (0.50, 0.95, 0.99))


MEASURE = {"api": measure_api, "forms": measure_forms}


def print_row(row: Row) -> None:
    a = row.audit
    print(
        f"{row.stack:<30} {row.target:<5} {row.clients:>7} {row.rate:>7.0f} {row.p50:>7.1f} {row.p95:>7.1f} "
        f"{row.p99:>7.1f} {row.errors:>6} {a.acknowledged:>6} {a.stored:>6} {a.missing:>7} {a.duplicated:>4} "
        f"{row.generator_cpu:>6.0%}",
        flush=True,
    )


def main() -> int:
    args = parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: run scripts/ensure_debian_package.sh wrk wrk (make bench-load does)")
    targets = args.targets.split(",")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at start (other work skews the figures)")
    print(
        f"{'database':<30} {'load':<5} {'clients':>7} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
        f"{'errors':>6} {'acked':>6} {'stored':>6} {'missing':>7} {'dup':>4} {'gen':>6}",
        flush=True,
    )
    failed = False
    for database in args.databases.split(","):
        with stack(database) as target:
            for name in targets:  # warm-up: imports, pools and caches, not reported
                MEASURE[name](target, 4, WARM_UP_SECONDS)
            for clients in args.clients:
                for name in targets:
                    row = MEASURE[name](target, clients, args.seconds)
                    print_row(row)
                    failed |= row.errors > 0 or not row.audit.ok
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    print(
        "acked = answered as stored; stored = rows of the run (stored-acked were in flight when the load stopped);"
        " missing = acked but not stored; dup = e-mails stored twice; gen = load generator CPU (share of a core)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
