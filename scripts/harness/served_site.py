"""One production build of the site, served like production: static host + backend + fresh database."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .backend import Backend
from .build import export_site, tool_env
from .database import migrate, throwaway_database
from .ports import free_port
from .static_host import StaticHost


@dataclass(frozen=True)
class ServedSite:
    site_url: str
    backend: Backend
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
    site_url, backend_port = f"http://127.0.0.1:{free_port()}", free_port()
    try:
        with throwaway_database(scratch, os.environ.get("TEST_DATABASE_URL", "")) as database_url:
            env = tool_env({
                "SITE_URL": site_url,
                "REFLEX_API_URL": f"http://127.0.0.1:{backend_port}",
                "DATABASE_URL": database_url,
                # Production scale-out: several workers sharing state in Redis (set for the PostgreSQL pass).
                "REDIS_URL": os.environ.get("TEST_SITE_REDIS_URL", ""),
                "RESUME_DIR": str(scratch / "resumes"),
                **(settings or {}),
            })
            build_seconds = export_site(scratch / "client", env)
            migrate(env)
            host = StaticHost(scratch / "client", int(site_url.rsplit(":", 1)[1])).start()
            backend = Backend(backend_port, env, scratch / "backend.log")
            try:
                backend.start()
                yield ServedSite(site_url, backend, scratch / "client", build_seconds, env)
            finally:
                backend.stop()
                host.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
