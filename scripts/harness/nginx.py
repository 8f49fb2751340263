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


def write_nginx_config(site: Site, prefix: Path) -> Path:
    """``prefix``/nginx.conf with the rendered site.conf (if there is an export) and api.conf, checked by
    nginx itself (``nginx -t``); the path of nginx.conf. deploy/supervisord.conf's nginx program runs this file."""
    prefix.mkdir(parents=True, exist_ok=True)
    config = prefix / "nginx.conf"
    config.write_text(_main_config(prefix, write_configs(site, prefix / "sites")))
    checked = subprocess.run([*nginx_command(prefix), "-t"], capture_output=True, text=True)
    if checked.returncode != 0:
        raise RuntimeError(f"nginx rejects the rendered config:\n{checked.stderr}")
    return config


def nginx_command(prefix: Path) -> list[str]:
    """nginx in the foreground with ``prefix``/nginx.conf."""
    return [
        nginx_path(),
        "-p",
        str(prefix),
        "-e",
        str(prefix / "error.log"),
        "-c",
        str(prefix / "nginx.conf"),
        "-g",
        "daemon off;",
    ]


def listened_ports(site: Site) -> set[int]:
    listens = {site.api_listen} | ({site.listen} if site.root is not None else set())
    return {int(listen.split()[0].rsplit(":", 1)[-1]) for listen in listens}


def wait_for_port(port: int, timeout: float, process: subprocess.Popen, log: Path) -> None:
    """Until ``port`` accepts connections; RuntimeError (with ``log``'s end) if ``process`` exits first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"exited before listening on {port}: {log.read_text()[-2000:] if log.exists() else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listened on {port} within {timeout:.0f}s")


class Nginx:
    """nginx in the foreground (`daemon off`) with the rendered site.conf and api.conf."""

    def __init__(self, site: Site, prefix: Path):
        self.site = site
        self.prefix = prefix
        self._process: subprocess.Popen | None = None

    def start(self, timeout: float = 15.0) -> Nginx:
        write_nginx_config(self.site, self.prefix)
        self._process = subprocess.Popen(
            nginx_command(self.prefix), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            for port in listened_ports(self.site):
                wait_for_port(port, timeout, self._process, self.prefix / "error.log")
        except RuntimeError:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()  # SIGTERM: fast shutdown of master and workers
            self._process.wait(timeout=10)
        self._process = None
