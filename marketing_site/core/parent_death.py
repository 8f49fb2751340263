"""A backend's processes end when the process that started them dies.

A backend is a chain of processes: with REFLEX_LOG_JSON, `reflex run` starts itself again below a process
that turns its output into JSON lines; that child runs Granian, which forks the workers. A `kill -9` of the
process the supervisor started (an operator, the OOM killer) left the rest running as orphans that kept the
port, so the supervisor's restart failed with "address already in use" over and over while the orphans
served on, unsupervised. Linux's parent-death signal ends them instead.

The signal is SIGKILL, not SIGTERM: a worker forked moments ago still carries Granian's master's handler for
SIGTERM, which only sets a flag nobody reads, and a master told to stop gracefully then waits for such a
worker forever (seen under load: an orphaned master and its workers alive for minutes). A parent killed
outright is a crash; the requests in flight die with it, and nginx sends the safe ones to another backend.
A planned stop (supervisorctl stop, the rolling restart) is SIGTERM to the whole group: graceful.

The signal follows the thread that started the process, so it is set only where that thread lives as long
as its process: in Reflex's output child (started from the CLI's main thread) and in every process it forks
(Granian forks its workers from its main thread), never in a process some test or tool started from a
passing thread.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from functools import partial

from reflex_base.utils import log

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
# Loaded at import: a forked child then calls prctl without dlopen, whose lock another thread of the parent
# may have held at the fork.
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def end_with_parent(parent: int | None = None) -> None:
    """SIGKILL to this process when its parent dies (Linux only); at once if ``parent`` (its pid) died before
    this was set (the signal only fires for a death still to come)."""
    if _LIBC is None:
        return
    if _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if parent is not None and os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)


def end_backend_with_its_parents() -> None:
    """At the app's import, in the child of Reflex's JSON output process (Granian's master imports the app
    before forking): end with that parent, and have every process forked from here end with this one, from
    the fork on (before a worker runs a line of its own)."""
    if log.is_output_supervised():
        # Reflex names its output process's pid in this variable; the import takes seconds, and a parent
        # killed meanwhile is already gone when the signal is set.
        supervisor = os.environ.get(log._SUPERVISED_ENV_VAR, "")
        end_with_parent(int(supervisor) if supervisor.isdigit() else None)
        os.register_at_fork(after_in_child=partial(end_with_parent, os.getpid()))
