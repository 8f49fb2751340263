"""The Reflex backend (state websocket and lead API) as a child process that tests can stop and restart."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from scripts.harness.build import ROOT, reflex_command


class Backend:
    """``reflex run --env prod --backend-only`` on a fixed port (the export has that address baked in).

    With ``single_port`` it is the single-port deployment instead: Reflex builds the frontend and
    serves it on the same port (README, Deployment (b)).
    """

    def __init__(self, port: int, env: dict[str, str], log_path: Path, single_port: bool = False):
        self.port = port
        self._serves = ("--frontend-port", str(port)) if single_port else ("--backend-only",)
        self.url = f"http://127.0.0.1:{port}"
        self._env = env
        self._log_path = log_path
        self._process: subprocess.Popen | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self, timeout: float = 90.0) -> Backend:
        command = reflex_command(
            "run",
            "--env",
            "prod",
            *self._serves,
            "--backend-host",
            "127.0.0.1",
            "--backend-port",
            str(self.port),
            "--loglevel",
            "warning",
        )
        with self._log_path.open("a") as log:
            self._process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=self._env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self._wait_until_ready(timeout)
        return self

    def worker_count(self) -> int:
        """Granian's worker processes: the children of the ``reflex run`` process that serve requests."""
        import psutil

        children = psutil.Process(self._process.pid).children()
        return sum(1 for child in children if "resource_tracker" not in " ".join(child.cmdline()))

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
        self._process = None
        _wait_until_closed(self.url)

    def _wait_until_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(
                    f"backend exited with {self._process.returncode}; log: {self._log_path}\n"
                    + self._log_path.read_text()[-4000:]
                )
            if _answers(self.url + "/ping"):
                return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"backend not ready after {timeout:.0f}s; log: {self._log_path}")


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
