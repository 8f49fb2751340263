"""Debian's nginx serving the export with the repo's config (deploy/nginx, rendered by
scripts/render_nginx.py), as a child process with its own prefix folder: tests and benchmarks see
the headers, caching and routing production gets, not an imitation.
"""

from __future__ import annotations

import getpass
import shutil
import socket
import subprocess
import time
from pathlib import Path

from scripts.render_nginx import Site, write_configs

NGINX = "/usr/sbin/nginx"
MIME_TYPES = "/etc/nginx/mime.types"


def nginx_path() -> str:
    found = shutil.which("nginx") or (NGINX if Path(NGINX).exists() else None)
    if found is None:
        raise RuntimeError("nginx is missing: run `bash scripts/ensure_debian_package.sh nginx nginx /usr/sbin/nginx`")
    return found


def _main_config(prefix: Path, includes: tuple[Path, ...]) -> str:
    """The server-wide part Debian's /etc/nginx/nginx.conf would give, kept inside `prefix`."""
    temp = "\n".join(
        f"    {kind}_temp_path {prefix / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    servers = "\n".join(f"    include {path};" for path in includes)
    return (
        f"user {getpass.getuser()};  # ignored unless started as root; then workers may read root's scratch folders\n"
        f"worker_processes 1;\npid {prefix / 'nginx.pid'};\nerror_log {prefix / 'error.log'} warn;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n    include {MIME_TYPES};\n    default_type application/octet-stream;\n"
        f"    access_log off;\n    sendfile on;\n{temp}\n{servers}\n}}\n"
    )


class Nginx:
    """nginx in the foreground (`daemon off`) with the rendered site.conf and api.conf."""

    def __init__(self, site: Site, prefix: Path):
        self.site = site
        self.prefix = prefix
        self._process: subprocess.Popen | None = None

    def start(self, timeout: float = 15.0) -> Nginx:
        self.prefix.mkdir(parents=True, exist_ok=True)
        config = self.prefix / "nginx.conf"
        config.write_text(_main_config(self.prefix, write_configs(self.site, self.prefix / "sites")))
        command = [
            nginx_path(),
            "-p",
            str(self.prefix),
            "-e",
            str(self.prefix / "error.log"),
            "-c",
            str(config),
            "-g",
            "daemon off;",
        ]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        if checked.returncode != 0:
            raise RuntimeError(f"nginx rejects the rendered config:\n{checked.stderr}")
        self._process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        for listen in {self.site.listen, self.site.api_listen}:
            self._wait_for(int(listen.split()[0].rsplit(":", 1)[-1]), timeout)
        return self

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()  # SIGTERM: fast shutdown of master and workers
            self._process.wait(timeout=10)
        self._process = None

    def _wait_for(self, port: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"nginx exited: {(self.prefix / 'error.log').read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"nginx did not listen on {port} within {timeout:.0f}s")
