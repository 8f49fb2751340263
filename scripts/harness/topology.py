"""The production topology of deploy/supervisord.conf: two (or more) backends, each in a working folder of
its own, the background loops (mail sender, lead timers, webhooks) as their own process and nginx
(deploy/nginx/api.conf, and site.conf when there is an export) in front, kept running by supervisord, on a
PostgreSQL and a Redis the caller gives.

`make prod` (scripts/prod.py) and the topology tests (tests/topology) both call ``prepare`` and run
supervisord with the same file and settings, so what the tests kill and restart is what production runs.
"""

from __future__ import annotations

import base64
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from scripts.harness.build import ROOT, tool_env
from scripts.harness.nginx import listened_ports, nginx_path, wait_for_port, write_nginx_config
from scripts.harness.ports import free_port
from scripts.render_nginx import Site

SUPERVISOR_CONF = ROOT / "deploy" / "supervisord.conf"
# What a backend's working folder holds of the release, linked read-only; Reflex writes its own .web,
# .states and uploaded_files there, which no other backend reads.
RELEASE = ("rxconfig.py", "marketing_site", "assets", "alembic", "alembic.ini", "pyproject.toml")
START_SECONDS = 300.0  # every backend answering from supervisord's start (five imports at once on a busy machine)


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
        "MAIL_SENDER_IN_BACKEND": "false",  # the background program runs the loops once, apart
        "REFLEX_TRUSTED_PROXY_HOPS": "1",  # one nginx in front
        "LOG_FORMAT": "json",  # one JSON line per record, the app's and Reflex's
        "REFLEX_LOG_JSON": "1",
        "SITE_RUN_DIR": str(run_dir),
        **shared_secrets(),
    }


def process_path() -> str:
    """PATH for supervisord's programs: this interpreter's python and Debian's nginx first."""
    return os.pathsep.join([str(Path(sys.executable).parent), str(Path(nginx_path()).parent), os.environ["PATH"]])


def consecutive_free_ports(count: int) -> int:
    """The first of ``count`` free loopback ports in a row (supervisord numbers the backends' ports)."""
    for _ in range(50):
        first = free_port()
        if all(_free(first + offset) for offset in range(1, count)):
            return first
    raise RuntimeError(f"no {count} free ports in a row")


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def prepare(site: Site, ports: list[int], settings: dict[str, str], run_dir: Path) -> dict[str, str]:
    """Each backend's folder and nginx's config in ``run_dir``; supervisord's environment (``settings`` plus
    where the backends listen)."""
    for port in ports:
        backend_folder(run_dir, port)
    write_nginx_config(site, run_dir / "nginx")
    return tool_env(
        {
            **settings,
            "PATH": process_path(),
            "BACKENDS": str(len(ports)),
            "BACKEND_PORT": str(ports[0]),
            "BACKEND_HOST": settings.get("BACKEND_HOST", "127.0.0.1"),
        }
    )


def supervisord_command() -> list[str]:
    return [sys.executable, "-m", "supervisor.supervisord", "-c", str(SUPERVISOR_CONF)]


class Supervisor:
    """supervisord in the foreground with deploy/supervisord.conf, and supervisorctl to ask it things."""

    def __init__(self, env: dict[str, str]):
        self.env = env
        self.run_dir = Path(env["SITE_RUN_DIR"])
        self.process: subprocess.Popen | None = None

    def start(self) -> Supervisor:
        with (self.run_dir / "supervisord.out").open("a") as output:
            self.process = subprocess.Popen(
                supervisord_command(),
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def ctl(self, *args: str, check: bool = True) -> str:
        result = subprocess.run(
            [sys.executable, "-m", "supervisor.supervisorctl", "-c", str(SUPERVISOR_CONF), *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        if check and result.returncode not in (0, 3):  # 3: some program is not RUNNING (status)
            raise RuntimeError(f"supervisorctl {' '.join(args)}: {result.returncode}\n{result.stdout}{result.stderr}")
        return result.stdout

    def states(self) -> dict[str, tuple[str, int]]:
        """Program name (``backend:backend-8000``, ``nginx``) -> (state, pid; 0 when not running)."""
        found: dict[str, tuple[str, int]] = {}
        for line in self.ctl("status", check=False).splitlines():
            fields = line.split()
            if len(fields) >= 2:
                pid = int(fields[3].rstrip(",")) if len(fields) > 3 and fields[2] == "pid" else 0
                found[fields[0]] = (fields[1], pid)
        return found

    def pid(self, name: str, within: float = 60) -> int:
        """The program's pid once supervisord counts it RUNNING (up for its startsecs after a start or a restart
        it is STARTING), waiting up to ``within`` seconds."""
        deadline = time.monotonic() + within
        while True:
            state, pid = self.states().get(name, ("MISSING", 0))
            if state == "RUNNING":
                return pid
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} is {state} after {within:.0f} s")
            time.sleep(0.2)

    def stop(self) -> None:
        """SIGTERM: supervisord stops every program (each one's whole process group), then itself."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


@dataclass(frozen=True)
class ManagedBackend:
    """One backend program of supervisord."""

    supervisor: Supervisor
    port: int

    @property
    def name(self) -> str:
        return f"backend:backend-{self.port}"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.supervisor.run_dir / f"backend-{self.port}.log"

    def pid(self) -> int:
        return self.supervisor.pid(self.name)

    def kill(self) -> int:
        """SIGKILL to the backend's whole process group (Reflex and its workers), as a machine dies; its pid."""
        pid = self.pid()
        os.killpg(pid, signal.SIGKILL)
        deadline = time.monotonic() + 5
        while self.answers() and time.monotonic() < deadline:  # the kernel closes its sockets as it reaps
            time.sleep(0.02)
        return pid

    def answers(self) -> bool:
        return _answers(f"{self.url}/ping")

    def wait_until_answering(self, timeout: float) -> float:
        """Seconds until /ping answers; RuntimeError with the log's end past ``timeout``."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if self.answers():
                return time.monotonic() - started
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} not answering after {timeout:.0f}s:\n{self.log.read_text()[-3000:]}")

    def worker_count(self) -> int:
        """Granian's worker processes: the children of the backend process that serve requests."""
        import psutil

        children = psutil.Process(self.pid()).children()
        return sum(1 for child in children if "resource_tracker" not in " ".join(child.cmdline()))


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@dataclass(frozen=True)
class Topology:
    supervisor: Supervisor
    backends: list[ManagedBackend]
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
    """supervisord with deploy/supervisord.conf: the backends (on free ports, each in its own folder), the
    background loops and nginx balancing over them (api.conf alone); every program stopped afterwards.
    Migrations are the caller's (once per release)."""
    api_port = free_port()
    api_url = f"http://127.0.0.1:{api_port}"
    first = consecutive_free_ports(backends)
    ports = [first + number for number in range(backends)]
    site = Site(
        root=None,
        backend_url=api_url,
        upstream=",".join(f"127.0.0.1:{port}" for port in ports),
        api_listen=f"127.0.0.1:{api_port}",
    )
    env = prepare(
        site,
        ports,
        {**topology_settings(database_url, redis_url, run_dir, api_url, site_url), **(settings or {})},
        run_dir,
    )
    supervisor = Supervisor(env).start()
    try:
        started = [ManagedBackend(supervisor, port) for port in ports]
        for port in listened_ports(site):
            wait_for_port(port, 30, supervisor.process, run_dir / "supervisord.log")  # type: ignore[arg-type]
        for backend in started:
            backend.wait_until_answering(START_SECONDS)
        yield Topology(supervisor, started, api_url, env, run_dir)
    finally:
        supervisor.stop()
