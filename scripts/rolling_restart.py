"""A new release without downtime: restart the backends of a running `make prod` one after the other.

Each backend in turn: supervisorctl restarts it (SIGTERM: it stops accepting and finishes the requests in
flight; meanwhile nginx sends everything to the others), then this waits until the backend answers
/readyz and until nginx takes it back (its passive check leaves a failed backend out for fail_timeout),
and only then goes on to the next, so at every moment at least one backend is serving.
Run `alembic upgrade head` first (expand: only changes the running release also works with).

    python -m scripts.rolling_restart [--run-dir var/prod]
"""

from __future__ import annotations

import argparse
import os
import time
import urllib.request
from pathlib import Path

from scripts.harness.build import ROOT
from scripts.harness.topology import ManagedBackend, Supervisor
from scripts.render_nginx import FAIL_TIMEOUT_SECONDS

READY_SECONDS = 120.0


def backends_of(supervisor: Supervisor) -> list[ManagedBackend]:
    """The backend programs supervisord runs, by port (their process number)."""
    names = [name for name in supervisor.states() if name.startswith("backend:backend-")]
    return [ManagedBackend(supervisor, int(name.rsplit("-", 1)[1])) for name in sorted(names)]


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/readyz", timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def restart_one(backend: ManagedBackend) -> float:
    """Restart ``backend`` and wait until nginx may use it again; the seconds it took."""
    started = time.monotonic()
    # A start that fails (the old process's port not yet free) is retried by supervisord on its own
    # (startretries): wait for readiness, not for supervisorctl's verdict.
    backend.supervisor.ctl("restart", backend.name, check=False)
    while not _ready(backend.url):
        if time.monotonic() - started > READY_SECONDS:
            raise RuntimeError(f"{backend.name} not ready after {READY_SECONDS:.0f}s; see {backend.log}")
        time.sleep(0.2)
    time.sleep(FAIL_TIMEOUT_SECONDS + 1)  # nginx tries a backend it marked failed again after this
    return time.monotonic() - started


def rolling_restart(supervisor: Supervisor, report=print) -> None:
    for backend in backends_of(supervisor):
        report(f"==> {backend.name}: restarted and back in nginx after {restart_one(backend):.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--run-dir", type=Path, default=ROOT / "var" / "prod", help="make prod's SITE_RUN_DIR")
    args = parser.parse_args()
    rolling_restart(Supervisor({**os.environ, "SITE_RUN_DIR": str(args.run_dir.resolve())}))


if __name__ == "__main__":
    main()
