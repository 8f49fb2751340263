"""The Reflex backend (state websocket and lead API) as a child process that tests can stop, kill and restart."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from scripts.harness.build import ROOT, reflex_command
from scripts.harness.ports import free_port

BIND_ATTEMPTS = 3
ADDRESS_IN_USE = "Address already in use"


class Backend:
    """``reflex run --env prod --backend-only`` on one port, or ``command`` (a shell line, given the port
    as $PORT).

    ``port`` None: a free port, and another one if the backend loses it to another process before it
    binds (ports.py); the port stays fixed once the backend has started, so a restart comes back where
    nginx and the export expect it. A given port is never changed. With ``single_port`` it is the
    single-port deployment instead: Reflex builds the frontend and serves it on the same port.
    """

    def __init__(
        self,
        port: int | None,
        env: dict[str, str],
        log_path: Path,
        single_port: bool = False,
        command: str | None = None,
    ):
        self._movable = port is None
        self.port = port if port is not None else free_port()
        self._single_port = single_port
        self._command = command
        self._env = env
        self.log_path = log_path
        self._process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        """The ``reflex run`` process (its workers are its children), while it runs."""
        return self._process.pid if self.running else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def _argv(self) -> list[str]:
        if self._command is not None:
            return ["/bin/sh", "-c", self._command]
        serves = ("--frontend-port", str(self.port)) if self._single_port else ("--backend-only",)
        return reflex_command(
            "run",
            "--env",
            "prod",
            *serves,
            "--backend-host",
            "127.0.0.1",
            "--backend-port",
            str(self.port),
            "--loglevel",
            "warning",
        )

    def log_size(self) -> int:
        """Where the log ends now, in bytes: what ``log_since`` reads on from."""
        return self.log_path.stat().st_size if self.log_path.exists() else 0

    def log_since(self, size: int) -> str:
        """What the backend logged after ``log_size`` gave ``size`` (a byte offset: a line before it may not be
        ASCII)."""
        return self.log_path.read_bytes()[size:].decode(errors="replace")

    def start(self, timeout: float = 90.0) -> Backend:
        for attempt in range(1, BIND_ATTEMPTS + 1):
            logged = self.log_size()
            with self.log_path.open("a") as log:
                self._process = subprocess.Popen(
                    self._argv(),
                    cwd=ROOT,
                    env={**self._env, "PORT": str(self.port)},
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            try:
                self._wait_until_ready(timeout)
                self._movable = False
                return self
            except RuntimeError:
                lost_port = ADDRESS_IN_USE in self.log_since(logged)
                if not (lost_port and self._movable and attempt < BIND_ATTEMPTS):
                    raise
                self.stop()
                self.port = free_port()
        raise AssertionError("unreachable")

    def worker_count(self) -> int:
        """Granian's worker processes: the children of the ``reflex run`` process that serve requests (the
        started process, or the first below it: ``scripts.serve`` runs it under supervisord)."""
        import psutil

        def runs_reflex(process: psutil.Process | None) -> bool:
            """``reflex run``, also once Granian has retitled it (it does where setproctitle is installed, as
            mutmut installs it): "granian asgi <address> <app>", its workers the same with " worker-<n>"."""
            if process is None:
                return False
            command = process.cmdline()
            retitled = bool(command) and command[0].startswith("granian ") and " worker-" not in command[0]
            return retitled or {"reflex", "run"} <= set(command)

        started = psutil.Process(self._process.pid)  # a shell command execs its program: the same pid
        tree = (started, *started.children(recursive=True))
        reflex = next(process for process in tree if runs_reflex(process) and not runs_reflex(process.parent()))
        return sum(1 for child in reflex.children() if "resource_tracker" not in " ".join(child.cmdline()))

    def kill(self) -> None:
        """Like a machine that dies: SIGKILL to the whole process group, no shutdown of any kind."""
        if self._process is not None and self._process.poll() is None:
            os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait()
        self._process = None
        _wait_until_closed(self.url)

    def stop(self) -> None:
        """Stop the whole process group (Granian forks workers) and wait until the port is free."""
        if self._process is None:
            return
        if self._process.poll() is None:
            os.killpg(self._process.pid, signal.SIGTERM)
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self._process.pid, signal.SIGKILL)
                self._process.wait()
        else:  # exited already; its workers may linger in the group
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._process.pid, signal.SIGKILL)
        self._process = None
        _wait_until_closed(self.url)

    def _wait_until_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(
                    f"backend exited with {self._process.returncode}; log: {self.log_path}\n"
                    + self.log_path.read_text(errors="replace")[-4000:]
                )
            if _answers(self.url + "/ping"):
                return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"backend not ready after {timeout:.0f}s; log: {self.log_path}")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def _wait_until_closed(url: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while _answers(url + "/ping") and time.monotonic() < deadline:
        time.sleep(0.1)
