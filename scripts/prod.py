"""`make prod`: the production topology on this machine, with one command. nginx (the export and
deploy/nginx/api.conf) in front of two backends, each in a working folder of its own, the background loops
(mail sender, lead timers, webhooks) as their own process, on PostgreSQL and Redis; supervisord runs them
(deploy/supervisord.conf) and starts any that dies again, the others going on. Ctrl-C stops them all.

DATABASE_URL and REDIS_URL are used when set (a PostgreSQL URL and a Redis URL); otherwise a private
PostgreSQL and Redis are started for the run and removed afterwards (the leads go with them). The
shared secrets come from the environment, else new ones per run. Everything else lands in var/prod/.

    python -m scripts.prod [--backends 2] [--site-port 8080] [--api-port 8081] [--backend-port 8000] [--no-export]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
from contextlib import ExitStack
from pathlib import Path

from scripts.harness.build import ROOT, export_site, tool_env
from scripts.harness.database import migrate
from scripts.harness.private_postgres import PrivatePostgres
from scripts.harness.private_redis import PrivateRedis
from scripts.harness.topology import prepare, supervisord_command, topology_settings
from scripts.render_nginx import Site

RUN_DIR = ROOT / "var" / "prod"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", type=int, default=2, help="backend processes behind nginx (1..8)")
    parser.add_argument("--site-port", type=int, default=8080, help="nginx: the site (the static export)")
    parser.add_argument("--api-port", type=int, default=8081, help="nginx: the backends (API, forms, /admin)")
    parser.add_argument("--backend-port", type=int, default=8000, help="the first backend's port; the next ones +1")
    parser.add_argument("--no-export", action="store_true", help="serve the backends alone (no static site)")
    args = parser.parse_args()
    if not 1 <= args.backends <= 8:
        parser.error("--backends must be 1..8")
    return args


def _servers(cleanup: ExitStack) -> tuple[str, str]:
    """DATABASE_URL and REDIS_URL from the environment, or private servers for this run."""
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database_url.startswith(("postgresql", "postgres:")):
        postgres = cleanup.enter_context(PrivatePostgres())
        database_url = postgres.create_database("site")
        print(f"==> PostgreSQL for this run only: {database_url}")
    if not redis_url:
        redis_url = cleanup.enter_context(PrivateRedis()).url
        print(f"==> Redis for this run only: {redis_url}")
    return database_url, redis_url


def write_env_file(settings: dict[str, str], path: Path) -> Path:
    """The settings as an env file (KEY=VALUE lines) for the admin command, readable by this user only
    (it holds secrets)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text("".join(f"{name}={value}\n" for name, value in settings.items()))
    return path


def main() -> int:
    args = parse_args()
    site_url = os.environ.get("SITE_URL", f"http://127.0.0.1:{args.site_port}")
    api_url = os.environ.get("REFLEX_API_URL", f"http://127.0.0.1:{args.api_port}")
    with ExitStack() as cleanup:
        database_url, redis_url = _servers(cleanup)
        settings = topology_settings(database_url, redis_url, RUN_DIR, api_url, site_url)
        env = tool_env(settings)
        print("==> Migrating the database (alembic upgrade head)")
        migrate(env)
        root = None
        if not args.no_export:
            print("==> Building the static export with the public addresses baked in (a few minutes)")
            shutil.rmtree(RUN_DIR / "client", ignore_errors=True)
            export_site(RUN_DIR / "client", env)
            root = RUN_DIR / "client"
        ports = [args.backend_port + number for number in range(args.backends)]
        site = Site(
            root=root,
            backend_url=api_url,
            upstream=",".join(f"127.0.0.1:{port}" for port in ports),
            listen=f"127.0.0.1:{args.site_port}",
            api_listen=f"127.0.0.1:{args.api_port}",
        )
        supervised = prepare(site, ports, settings, RUN_DIR)
        env_file = write_env_file(settings, RUN_DIR / "site.env")
        print(f"==> Site {site_url if root else '(no export)'}; backends behind nginx at {api_url} (staff: /admin)")
        print(f"    First staff account: set -a; . {env_file}; set +a")
        print("        python -m marketing_site.admin create-user EMAIL --role admin")
        print(f"    Processes: SITE_RUN_DIR={RUN_DIR} supervisorctl -c deploy/supervisord.conf status")
        print("    A new release: python -m scripts.rolling_restart (docs/deployment.md)")
        supervisord = subprocess.Popen(supervisord_command(), cwd=ROOT, env=supervised)
        for stop in (signal.SIGINT, signal.SIGTERM):  # supervisord stops every program, then the servers above go
            signal.signal(stop, lambda _signal, _frame: supervisord.send_signal(signal.SIGTERM))
        return supervisord.wait()


if __name__ == "__main__":
    raise SystemExit(main())
