"""A Redis server of our own on a free port, for an outage test: the shared one on 6379 is never stopped."""

from __future__ import annotations

import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from scripts.harness.ports import free_port


class PrivateRedis:
    """``redis-server`` in the foreground of a child process, no persistence; ``stop``/``start`` keep the port."""

    def __init__(self):
        if shutil.which("redis-server") is None:
            raise FileNotFoundError("redis-server not found (Debian package `redis-server`)")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._dir = Path(tempfile.mkdtemp(prefix="private-redis-"))
        self._process: subprocess.Popen | None = None

    def start(self, timeout: float = 10.0) -> PrivateRedis:
        """Start the server, or leave the running one be (a second process would outlive ``close``)."""
        if self._process is not None and self._process.poll() is None:
            return self
        self._process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self._dir),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        deadline = time.monotonic() + timeout
        while True:
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                if time.monotonic() > deadline or self._process.poll() is not None:
                    raise RuntimeError("private redis-server did not start") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self.thaw()
            self._process.terminate()
            self._process.wait(timeout=10)
        self._process = None

    def freeze(self) -> None:
        """SIGSTOP: connections are still accepted (by the kernel) but nothing answers, like a hung host."""
        if self._process is not None:
            self._process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        if self._process is not None:
            self._process.send_signal(signal.SIGCONT)

    def close(self) -> None:
        self.thaw()  # a stopped process ignores SIGTERM until it runs again
        self.stop()
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> PrivateRedis:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.close()
