"""Run ``reflex export`` with the project's tool chain and keep a private copy of the static output.

Exports write ``.web/`` in the project root, so a file lock serialises builds of concurrent sessions,
and each session serves its own copy, untouched by a later build.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLS_BIN = ROOT / ".tools" / "node_modules" / ".bin"
EXPORT_DIR = ROOT / ".web" / "build" / "client"
LOCK_FILE = ROOT / "var" / "export.lock"


def tool_env(overrides: dict[str, str]) -> dict[str, str]:
    """The caller's environment plus the project's bun, no telemetry, then ``overrides``."""
    env = dict(os.environ)
    if TOOLS_BIN.is_dir():
        env["PATH"] = f"{TOOLS_BIN}{os.pathsep}{env.get('PATH', '')}"
    env.setdefault("REFLEX_USE_SYSTEM_BUN", "1")
    env.setdefault("REFLEX_TELEMETRY_ENABLED", "false")
    env.update(overrides)
    return env


def reflex_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "reflex", *args]


@contextmanager
def export_lock() -> Iterator[None]:
    LOCK_FILE.parent.mkdir(parents=True, exist_ok=True)
    with LOCK_FILE.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def export_site(destination: Path, env: dict[str, str]) -> float:
    """Export the production frontend into ``destination``; returns the build time in seconds."""
    with export_lock():
        started = time.monotonic()
        result = subprocess.run(
            reflex_command("export", "--frontend-only", "--no-zip"),
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"reflex export failed ({result.returncode}):\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
            )
        deprecated = [line for line in (result.stdout + result.stderr).splitlines() if "deprecated in version" in line]
        if deprecated:  # what Reflex's next release drops fails the build here, not after an upgrade
            raise RuntimeError("reflex export used deprecated features:\n" + "\n".join(deprecated))
        elapsed = time.monotonic() - started
        shutil.copytree(EXPORT_DIR, destination)
    return elapsed
