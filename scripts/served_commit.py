"""Another commit of this repository (main's, say) exported and served like the working tree's build, for a
side-by-side benchmark in one run (`make bench BENCH_ARGS="--against main"`).

The commit is checked out in a scratch clone (never in another checkout), exported there with this
checkout's Python and bun, migrated, and served by nginx with the repo's config next to its own backend
(its pages connect to their own backend, whose state classes they were built for).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scripts.harness.backend import Backend
from scripts.harness.build import ROOT, tool_env
from scripts.harness.nginx import Nginx, Site
from scripts.harness.ports import free_port
from scripts.harness.served_site import ServedSite


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    result = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed in {cwd}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


@contextmanager
def served_commit(commit: str) -> Iterator[ServedSite]:
    """``commit`` exported in a scratch clone and served by nginx and its own backend on a fresh SQLite."""
    scratch = Path(tempfile.mkdtemp(prefix="site-commit-"))
    clone = scratch / "repo"
    site_port, api_port, backend_port = free_port(), free_port(), free_port()
    site_url = f"http://127.0.0.1:{site_port}"
    try:
        _run(["git", "clone", "--quiet", "--shared", "--no-checkout", str(ROOT), str(clone)], scratch)
        _run(["git", "checkout", "--quiet", commit], clone)
        env = tool_env(
            {
                "SITE_URL": site_url,
                "REFLEX_API_URL": f"http://127.0.0.1:{backend_port}",
                "DATABASE_URL": f"sqlite:///{scratch / 'site.db'}",
                "REDIS_URL": "",
            }
        )
        print(f"==> Exporting {commit} in a scratch clone ({clone})", flush=True)
        _run([sys.executable, "-m", "reflex", "export", "--frontend-only", "--no-zip"], clone, env)
        _run([sys.executable, "-m", "alembic", "upgrade", "head"], clone, env)
        client = clone / ".web" / "build" / "client"
        host = Nginx(
            Site(
                root=client,
                backend_url=env["REFLEX_API_URL"],
                upstream=f"127.0.0.1:{backend_port}",
                listen=f"127.0.0.1:{site_port}",
                api_listen=f"127.0.0.1:{api_port}",
            ),
            scratch / "nginx",
        ).start()
        command = (
            f"cd {clone} && exec {sys.executable} -m reflex run --env prod --backend-only "
            "--backend-host 127.0.0.1 --backend-port $PORT --loglevel warning"
        )
        backend = Backend(backend_port, env, scratch / "backend.log", command=command)
        try:
            backend.start()
            yield ServedSite(site_url, backend, f"http://127.0.0.1:{api_port}", client, 0.0, env)
        finally:
            backend.stop()
            host.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
