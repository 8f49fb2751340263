"""A PostgreSQL server of our own (own data directory, own port) that fault tests may freeze or stop.

The shared server on 5432 is never touched: this one is made with Debian's initdb/pg_ctl in a
scratch folder, runs as an unprivileged user when we are root (PostgreSQL refuses root), and
is removed again by ``close()``.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from scripts.harness.ports import free_port

RUN_AS = "postgres"  # Debian's postgresql package creates this user


def postgres_bin_dir() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding pg_ctl, or None when not installed."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda path: int(path.parts[-3]))
    return found[-1].parent if found else None


class PrivatePostgres:
    """initdb + pg_ctl on a free loopback port; ``freeze``/``thaw`` SIGSTOP/SIGCONT every server process."""

    def __init__(self, settings: dict[str, str] | None = None):
        bin_dir = postgres_bin_dir()
        if bin_dir is None:
            raise FileNotFoundError("PostgreSQL server binaries not found (Debian package `postgresql`)")
        self._bin = bin_dir
        self.port = free_port()
        self._root = Path(tempfile.mkdtemp(prefix="private-pg-"))
        self.data_dir = self._root / "data"
        self._log = self._root / "server.log"
        self._settings = {
            "max_connections": "100",
            "fsync": "on",
            # A client that gave up connecting while the server was frozen may keep its socket until Python
            # collects it (psycopg drops a timed-out attempt without closing it). After a thaw the server
            # waits for that silent client's first packet, and a fast stop waits for the server: by default
            # 60 s, longer than pg_ctl's wait. Five seconds keeps a stop after a freeze prompt.
            "authentication_timeout": "5s",
            **(settings or {}),
        }
        self._user = pwd.getpwnam(RUN_AS) if os.geteuid() == 0 else None
        if self._user is not None:
            os.chown(self._root, self._user.pw_uid, self._user.pw_gid)
        self._run("initdb", "-D", str(self.data_dir), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def database_url(self, name: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def start(self) -> PrivatePostgres:
        options = " ".join(
            f"-c {key}={value}"
            for key, value in {
                "listen_addresses": "127.0.0.1",
                "port": str(self.port),
                "unix_socket_directories": str(self._root),
                **self._settings,
            }.items()
        )
        self._run("pg_ctl", "-D", str(self.data_dir), "-l", str(self._log), "-o", options, "-w", "-t", "30", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        """``immediate`` is a crash (no checkpoint); ``fast`` disconnects clients and shuts down cleanly."""
        self._run("pg_ctl", "-D", str(self.data_dir), "-m", mode, "-w", "-t", "30", "stop")

    def create_database(self, name: str) -> str:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return self.database_url(name)

    def freeze(self) -> None:
        """Like a frozen host: connections stay open (the kernel still accepts them), nothing answers."""
        self._signal(signal.SIGSTOP)

    def thaw(self) -> None:
        self._signal(signal.SIGCONT)

    def _signal(self, number: signal.Signals) -> None:
        """Each process of the server; a backend that ended since it was listed needs none (CI, 1 Dec: a
        restore drill's close failed on one)."""
        for pid in self._pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, number)

    def _pids(self) -> list[int]:
        """The postmaster and every child it forked (backends, checkpointer, walwriter, …)."""
        postmaster = int((self.data_dir / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
        return [postmaster, *map(int, children)]

    def close(self) -> None:
        if (self.data_dir / "postmaster.pid").exists():
            self.thaw()
            self.stop("immediate")
        shutil.rmtree(self._root, ignore_errors=True)

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self._bin / tool), *args]
        if self._user is not None:
            command = ["runuser", "-u", RUN_AS, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd="/")
        if result.returncode != 0:
            log = self._log.read_text()[-2000:] if self._log.exists() else ""
            raise RuntimeError(f"{tool} failed ({result.returncode}): {result.stdout}{result.stderr}\n{log}")

    def __enter__(self) -> PrivatePostgres:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.close()
