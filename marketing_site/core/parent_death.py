"""A backend worker ends when the process that started it dies.

A backend is a chain of processes: with REFLEX_LOG_JSON, `reflex run` starts itself again below a process
that turns its output into JSON lines; that child runs Granian, which forks the workers. A `kill -9` of the
process the supervisor started (an operator, the OOM killer) left the rest running as orphans that kept the
port, so the supervisor's restart failed with "address already in use" over and over while the orphans
served on, unsupervised. Linux's parent-death signal sends each of them SIGTERM instead: Granian stops
accepting, finishes the requests in flight and exits, and the restarted backend gets the port.

The signal follows the thread that started the process, so it is set only where that thread lives as long
as its process: in Reflex's output child (started from the CLI's main thread) and in Granian's workers
(forked from its main thread), never in a process some test or tool started from a passing thread.
"""

from __future__ import annotations

import ctypes
import signal
import sys

from reflex_base.utils import log

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def end_with_parent() -> None:
    """SIGTERM to this process when its parent dies (Linux only): a lifespan task of every worker."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")


def end_with_reflex_output_supervisor() -> None:
    """At the app's import: in the child of Reflex's JSON output process, end with it (Granian's master
    imports the app before forking its workers)."""
    if log.is_output_supervised():
        end_with_parent()
