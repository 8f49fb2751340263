"""One production build of the site, served like production: nginx with the repo's config + backend + fresh database."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from scripts.harness.backend import Backend
from scripts.harness.build import export_site, tool_env
from scripts.harness.database import migrate, throwaway_database
from scripts.harness.nginx import Nginx, Site
from scripts.harness.ports import free_port


@dataclass(frozen=True)
class ServedSite:
    site_url: str
    backend: Backend
    api_via_nginx_url: str  # the backend behind nginx's api.conf, as production reaches it
    static_root: Path
    build_seconds: float
    env: dict[str, str]

    @property
    def backend_url(self) -> str:
        return self.backend.url


@contextmanager
def served_site(settings: dict[str, str] | None = None) -> Iterator[ServedSite]:
    """Export with the served addresses baked in, migrate a throwaway database, start both halves."""
    scratch = Path(tempfile.mkdtemp(prefix="site-session-"))
    site_port, api_port, backend_port = free_port(), free_port(), free_port()
    site_url = f"http://127.0.0.1:{site_port}"
    try:
        with throwaway_database(scratch, os.environ.get("TEST_DATABASE_URL", "")) as database_url:
            env = tool_env(
                {
                    "SITE_URL": site_url,
                    "REFLEX_API_URL": f"http://127.0.0.1:{backend_port}",
                    "BOOKING_URL": f"http://127.0.0.1:{backend_port}/booking",  # the links in booking mails
                    # The staff area by name: a passkey's relying party cannot be an IP address.
                    "STAFF_URL": f"http://localhost:{backend_port}/admin",
                    "DATABASE_URL": database_url,
                    # Production scale-out: several workers sharing state in Redis (set for the PostgreSQL pass).
                    "REDIS_URL": os.environ.get("TEST_SITE_REDIS_URL", ""),
                    **(settings or {}),
                }
            )
            build_seconds = export_site(scratch / "client", env)
            migrate(env)
            host = Nginx(
                Site(
                    root=scratch / "client",
                    backend_url=env["REFLEX_API_URL"],
                    upstream=f"127.0.0.1:{backend_port}",
                    listen=f"127.0.0.1:{site_port}",
                    api_listen=f"127.0.0.1:{api_port}",
                ),
                scratch / "nginx",
            ).start()
            backend = Backend(backend_port, env, scratch / "backend.log")
            try:
                backend.start()
                yield ServedSite(
                    site_url, backend, f"http://127.0.0.1:{api_port}", scratch / "client", build_seconds, env
                )
            finally:
                backend.stop()
                host.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
