"""The folder prometheus-client's multiprocess mode counts in, set up once per backend start.

Every worker process writes its counters to files there and a scrape sums them (core/metrics.py). The
library reads PROMETHEUS_MULTIPROC_DIR when it is first imported, so ``prepare`` runs from rxconfig.py,
before the app (and with it prometheus-client) is imported, in the process that then forks the workers.
The folder starts empty (the library's rule: files of an earlier run would be summed in as if alive);
without METRICS_DIR it is a fresh temporary folder, removed when the process that made it exits.

This module must not import prometheus-client.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import shutil
import tempfile
from pathlib import Path

from marketing_site.settings import settings

VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
OWNER = "SITE_METRICS_DIR_OWNER"  # the pid that prepared the folder: Reflex may load rxconfig.py again


def prepare() -> Path | None:
    """Make this backend's metrics folder, empty, and point prometheus-client at it; returns it.

    A worker that multiprocessing spawned (instead of forking) inherits the folder from its parent's
    environment and leaves it be (None): emptying it would wipe its siblings' counts. So does a process
    that prepared it already."""
    if multiprocessing.parent_process() is not None or os.environ.get(OWNER) == str(os.getpid()):
        return None
    if settings.metrics_dir:
        folder = Path(settings.metrics_dir).resolve()
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    else:
        folder = Path(tempfile.mkdtemp(prefix="site-metrics-"))
        atexit.register(_remove_if_mine, folder, os.getpid())
    os.environ[VARIABLE] = str(folder)
    os.environ[OWNER] = str(os.getpid())
    return folder


def _remove_if_mine(folder: Path, owner: int) -> None:
    """At exit of the process that made the folder; a forked worker inherits the hook and must not run it."""
    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)
