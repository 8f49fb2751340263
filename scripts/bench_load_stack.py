"""What ``make bench-load`` runs its load against: per database, a migrated database in one configuration and the
production server on it, started as ``make serve`` starts it (``scripts.serve --backend-only``: supervisord with
Reflex's backend and the background loops, mail, timers and webhooks, in a process of their own beside it;
SQLite with one worker; a private PostgreSQL with a private Redis and several workers, as production runs with
REDIS_URL). The backend's CPU counted per lead is the whole tree's: the worker, the loops, supervisord.

Production (``scripts.bench_production``) is seeded step by step, and before the backend starts, the service's
own CPU time per lead is measured in-process after each step (``scripts.bench_lead_cpu``): what the history,
the routing (owner, timers, owner's mail) and the webhook cost a lead. Bare: the in-process figure alone.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from scripts import bench_production
from scripts.bench_production import Outside
from scripts.harness.backend import Backend
from scripts.harness.build import ROOT, tool_env
from scripts.harness.database import migrate
from scripts.harness.ports import free_port
from scripts.harness.private_postgres import PrivatePostgres
from scripts.harness.private_redis import PrivateRedis

SITE_URL = "http://localhost:3000"
CONFIGURATIONS = ("production", "bare")
SENDERS = "marketing_site.background"  # the process of the mail, timer and webhook loops
CPU_STEPS = {
    "history": "+ {history:,} leads of history",
    "routing": "+ routing, timers, owner's mail",
    "webhook": "+ webhook",
}


@dataclass(frozen=True)
class Stack:
    label: str
    backend_url: str
    database_url: str
    site_url: str  # the one browser origin the backend accepts
    outside: Outside | None = None  # production: the SMTP server and webhook receiver
    cpu: list[tuple[str, dict[str, float]]] = field(default_factory=list)  # (step, bench_lead_cpu's figures)
    backend_pid: int | None = None

    def backend_cpu(self, senders_only: bool = False) -> float:
        """CPU seconds the server's processes (supervisord, ``reflex run`` and its workers, the background
        loops) have used so far; ``senders_only``: the background loops' process alone."""
        if self.backend_pid is None:
            return 0.0
        root = psutil.Process(self.backend_pid)
        used = 0.0
        for process in (root, *root.children(recursive=True)):
            with contextlib.suppress(psutil.NoSuchProcess):
                if senders_only and SENDERS not in process.cmdline():
                    continue
                times = process.cpu_times()
                used += times.user + times.system
        return used


@dataclass
class Servers:
    """One database's servers, shared by its configurations: a private PostgreSQL and Redis, or none (SQLite)."""

    database: str
    scratch: Path
    postgres: PrivatePostgres | None = None
    redis_url: str = ""

    def new_database(self, name: str) -> str:
        if self.postgres is None:
            return f"sqlite:///{self.scratch / f'{name}.db'}"
        return self.postgres.create_database(name)


@contextmanager
def servers(database: str) -> Iterator[Servers]:
    with ExitStack() as cleanup:
        scratch = Path(tempfile.mkdtemp(prefix="bench-load-"))
        cleanup.callback(shutil.rmtree, scratch, ignore_errors=True)
        if database == "sqlite":
            yield Servers(database, scratch)
            return
        postgres = cleanup.enter_context(PrivatePostgres())
        redis_server = cleanup.enter_context(PrivateRedis())
        yield Servers(database, scratch, postgres, redis_server.url)


def base_settings(database_url: str, redis_url: str) -> dict[str, str]:
    return {
        "SITE_URL": SITE_URL,
        "LEAD_RATE_LIMIT_PER_MINUTE": "1000000000",
        "LEAD_MIN_SUBMIT_SECONDS": "0",
        "APP_ENV": "prod",
        "REDIS_URL": redis_url,
        "DATABASE_URL": database_url,
        "SMTP_HOST": "",
        "STAFF_SESSION_SECRET": "bench-only-" + "x" * 32,
        "BOOKING_TOKEN_SECRET": "bench-only-" + "b" * 32,
        "STAFF_FACTOR_KEY": "YmVuY2gtb25seS1zdGFmZi1mYWN0b3Ita2V5LTMyYnk=",
    }


@contextmanager
def stack(running: Servers, configuration: str, cpu_leads: int, history: int) -> Iterator[Stack]:
    """A migrated database in ``configuration`` and the production backend on it, torn down afterwards."""
    with ExitStack() as cleanup:
        database_url = running.new_database(f"bench_{configuration}")
        settings = base_settings(database_url, running.redis_url)
        env = tool_env(settings)
        migrate(env)
        cpu = [("bare", lead_cpu(env, cpu_leads))]
        outside = None
        if configuration == "production":
            hook_port, secret = free_port(), ""
            for step in bench_production.STEPS:
                made = bench_production.seed(database_url, (step,), bench_production.hook_url(hook_port), history)
                cpu.append((CPU_STEPS[step].format(history=history), lead_cpu(env, cpu_leads)))
                secret = made.get("hook_secret", "")
            scratch = running.scratch / configuration
            scratch.mkdir()
            outside = cleanup.enter_context(bench_production.outside_services(scratch, secret, hook_port, free_port()))
            env = tool_env({**settings, **outside.settings()})
        backend = Backend(
            None, env, running.scratch / f"backend-{configuration}.log", command=serve_command(running, configuration)
        ).start()
        cleanup.callback(backend.stop)
        where = (
            "SQLite, 1 worker" if running.postgres is None else f"PostgreSQL + Redis, {backend.worker_count()} workers"
        )
        yield Stack(f"{where}, {configuration}", backend.url, database_url, SITE_URL, outside, cpu, backend.pid)


def lead_cpu(env: dict[str, str], leads: int) -> dict[str, float]:
    """``scripts.bench_lead_cpu`` on the database as it stands (no backend running yet)."""
    run = subprocess.run(
        [sys.executable, "-m", "scripts.bench_lead_cpu", "--leads", str(leads)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise RuntimeError(f"scripts.bench_lead_cpu failed ({run.returncode}):\n{run.stderr[-3000:]}")
    found: dict[str, float] = json.loads(run.stdout.splitlines()[-1])
    return found


def serve_command(running: Servers, configuration: str) -> str:
    """``make serve``'s server, the backend alone (no frontend build), on the port Backend gives as $PORT."""
    run_dir = shlex.quote(str(running.scratch / f"serve-{configuration}"))
    return f"exec {shlex.quote(sys.executable)} -m scripts.serve --backend-only --port $PORT --run-dir {run_dir}"
