"""`make serve`: the single-port production server (docs/deployment.md (b)) under supervisord
(deploy/single-port.conf): Reflex serving the production frontend and the backend on one port, and beside it
the background loops (mail sender, lead timers, webhooks) as a process of their own, woken by the backend's
commits through a Unix socket. The request worker never builds or sends a mail. A process that dies is
started again; Ctrl-C or SIGTERM (to this process or to supervisord) stops both.

The site's settings come from the environment (APP_ENV=prod and what it requires; without them: a local
address and new secrets per run, as `make prod` does). The database must be migrated (scripts/serve.sh does).
`make bench-load` starts its server with this module too, ``--backend-only`` (the API, no frontend build).

    python -m scripts.serve [--port 8080] [--host 127.0.0.1] [--backend-only] [--run-dir var/serve]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path

from scripts.harness.build import ROOT, tool_env
from scripts.harness.topology import shared_secrets

SUPERVISOR_CONF = ROOT / "deploy" / "single-port.conf"
WAKEUP_SOCKET = "background.wake"  # in the run folder


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080, help="the one port: pages, API, forms, /admin")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every one)")
    parser.add_argument("--backend-only", action="store_true", help="serve the backend alone (no frontend build)")
    parser.add_argument("--run-dir", type=Path, default=ROOT / "var" / "serve", help="logs and sockets")
    return parser.parse_args()


def serve_settings(port: int, host: str, backend_only: bool, run_dir: Path) -> dict[str, str]:
    """supervisord's environment: the caller's settings (local defaults for the missing ones), the loops apart."""
    address = f"http://127.0.0.1:{port}"
    defaults = {"APP_ENV": "prod", "SITE_URL": address, "REFLEX_API_URL": address, **shared_secrets()}
    return tool_env(
        {
            **{name: value for name, value in defaults.items() if not os.environ.get(name)},
            "MAIL_SENDER_IN_BACKEND": "false",
            "BACKGROUND_WAKEUP_SOCKET": str(run_dir / WAKEUP_SOCKET),
            "SITE_RUN_DIR": str(run_dir),
            "SITE_PORT": str(port),
            "BACKEND_HOST": host,
            "SITE_SERVES": "--backend-only" if backend_only else f"--frontend-port {port}",
            "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
        }
    )


def main() -> int:
    args = parse_args()
    run_dir = args.run_dir.resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    env = serve_settings(args.port, args.host, args.backend_only, run_dir)
    print(f"==> Site and backend on http://{args.host}:{args.port}; mail, timers, webhooks in their own process")
    print(f"    Processes: SITE_RUN_DIR={run_dir} supervisorctl -c {SUPERVISOR_CONF} status; logs in {run_dir}")
    supervisord = subprocess.Popen(
        [sys.executable, "-m", "supervisor.supervisord", "-c", str(SUPERVISOR_CONF)],
        cwd=ROOT,
        env=env,
    )
    for stop in (signal.SIGINT, signal.SIGTERM):  # supervisord stops both programs, then itself
        signal.signal(stop, lambda _signal, _frame: supervisord.send_signal(signal.SIGTERM))
    return supervisord.wait()


if __name__ == "__main__":
    raise SystemExit(main())
