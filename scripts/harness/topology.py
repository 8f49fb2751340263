"""The production topology of deploy/Procfile, started from its own lines: two (or more) backends, each
in a working folder of its own, the background loops (mail sender, lead timers, webhooks) as their own
process and nginx (deploy/nginx/api.conf,
and site.conf when there is an export) in front, on a PostgreSQL and a Redis the caller gives.

`make prod` (scripts/prod.py) hands the same Procfile, settings and folders to honcho; the topology
tests (tests/topology) start each line themselves, so they can kill one backend and start it again.
"""

from __future__ import annotations

import base64
import os
import re
import secrets
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from scripts.harness.backend import Backend
from scripts.harness.build import ROOT, tool_env
from scripts.harness.nginx import listened_ports, nginx_path, wait_for_port, write_nginx_config
from scripts.harness.ports import free_port
from scripts.render_nginx import Site

PROCFILE = ROOT / "deploy" / "Procfile"
# What a backend's working folder holds of the release, linked read-only; Reflex writes its own .web,
# .states and uploaded_files there, which no other backend reads.
RELEASE = ("rxconfig.py", "marketing_site", "assets", "alembic", "alembic.ini", "pyproject.toml")
_LINE = re.compile(r"^([A-Za-z0-9_-]+):\s*(.+)$")


def procfile_lines(path: Path = PROCFILE) -> dict[str, str]:
    """Process name -> shell command, as honcho reads a Procfile."""
    return {m.group(1): m.group(2) for line in path.read_text().splitlines() if (m := _LINE.match(line))}


def backend_folder(run_dir: Path, port: int) -> Path:
    """The working folder of the backend on ``port`` ($SITE_RUN_DIR/backend-$PORT), made if missing."""
    folder = run_dir / f"backend-{port}"
    folder.mkdir(parents=True, exist_ok=True)
    for name in RELEASE:
        if not (folder / name).exists():
            (folder / name).symlink_to(ROOT / name)
    return folder


def shared_secrets() -> dict[str, str]:
    """The secrets every backend must share (sign-in forms, booking links, the staff's authenticator keys),
    from the environment or new ones."""
    return {
        "STAFF_SESSION_SECRET": os.environ.get("STAFF_SESSION_SECRET") or secrets.token_urlsafe(32),
        "BOOKING_TOKEN_SECRET": os.environ.get("BOOKING_TOKEN_SECRET") or secrets.token_urlsafe(32),
        "STAFF_FACTOR_KEY": os.environ.get("STAFF_FACTOR_KEY") or base64.urlsafe_b64encode(os.urandom(32)).decode(),
    }


def topology_settings(database_url: str, redis_url: str, run_dir: Path, api_url: str, site_url: str) -> dict[str, str]:
    """The settings every process of the topology gets (backends, background loops, nginx), one set for all."""
    return {
        "APP_ENV": "prod",
        "SITE_URL": site_url,
        "REFLEX_API_URL": api_url,
        "STAFF_URL": f"{api_url}/admin",
        "BOOKING_URL": f"{api_url}/booking",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "MAIL_SENDER_IN_BACKEND": "false",  # the background line runs the loops once, apart
        "REFLEX_TRUSTED_PROXY_HOPS": "1",  # one nginx in front
        "SITE_RUN_DIR": str(run_dir),
        **shared_secrets(),
    }


def process_path() -> str:
    """PATH for the Procfile's lines: this interpreter's python and Debian's nginx first."""
    return os.pathsep.join([str(Path(sys.executable).parent), str(Path(nginx_path()).parent), os.environ["PATH"]])


class Line:
    """One Procfile line as a process group of its own (the background loops, nginx)."""

    def __init__(self, command: str, env: dict[str, str], log: Path):
        self._command, self._env, self.log = command, env, log
        self.process: subprocess.Popen | None = None

    def start(self) -> Line:
        with self.log.open("a") as output:
            self.process = subprocess.Popen(
                ["/bin/sh", "-c", self._command],
                cwd=ROOT,
                env=self._env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None


@dataclass(frozen=True)
class Topology:
    backends: list[Backend]
    background: Line  # the mail sender, lead timers and webhooks, once for all backends
    nginx: Line
    api_url: str  # nginx in front of the backends
    settings: dict[str, str]
    run_dir: Path


@contextmanager
def topology(
    database_url: str,
    redis_url: str,
    run_dir: Path,
    backends: int = 2,
    site_url: str = "http://localhost:3000",
    settings: dict[str, str] | None = None,
) -> Iterator[Topology]:
    """Start the Procfile's lines: the backends (each on a free port, in its own folder), the background loops, then
    nginx balancing over them; stop them all afterwards. Migrations are the caller's (once per release)."""
    api_port = free_port()
    api_url = f"http://127.0.0.1:{api_port}"
    lines = procfile_lines()
    env = tool_env(
        {
            **topology_settings(database_url, redis_url, run_dir, api_url, site_url),
            "PATH": process_path(),
            **(settings or {}),
        }
    )
    with ExitStack() as running:
        started = [
            Backend(
                None,
                env,
                run_dir / f"backend-{number}.log",
                command=lines["backend"],
                prepare=lambda port: backend_folder(run_dir, port),
            )
            for number in range(1, backends + 1)
        ]
        for backend in started:
            running.callback(backend.stop)
        with ThreadPoolExecutor(len(started)) as starting:  # side by side: each takes half a minute
            list(starting.map(Backend.start, started))
        background = Line(lines["background"], env, run_dir / "background.log").start()
        running.callback(background.stop)
        site = Site(
            root=None,
            backend_url=api_url,
            upstream=",".join(f"127.0.0.1:{backend.port}" for backend in started),
            api_listen=f"127.0.0.1:{api_port}",
        )
        write_nginx_config(site, run_dir / "nginx")
        nginx = Line(lines["nginx"], env, run_dir / "nginx.log").start()
        running.callback(nginx.stop)
        for port in listened_ports(site):
            wait_for_port(port, 15, nginx.process, run_dir / "nginx" / "error.log")
        yield Topology(started, background, nginx, api_url, env, run_dir)
