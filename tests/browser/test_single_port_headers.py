"""The single-port deployment (`make serve`, README Deployment (b)): `scripts.serve` runs Reflex (frontend and
backend on one port) under supervisord with the background loops in a process of their own. It sends the same
headers from the backend middleware: pages at their exact address, hashed assets, images, the 404 and the API,
with the script hashes of the build it serves itself. Its mail leaves from the background process, at a lower CPU
priority than the requests, which supervisord starts again if it dies, and nothing outlives the server's stop."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import psutil
import pytest
from header_checks import assert_security_headers, vary_origins
from mail.smtp_fixtures import Inbox
from raw_http import next_request_answered
from sqlalchemy import delete
from sqlmodel import Session

from marketing_site.build.csp_hashes import inline_script_hashes
from marketing_site.core.db import build_engine
from marketing_site.leads.owners.routing_models import LeadTaker
from marketing_site.mail import catcher
from marketing_site.settings import Settings
from marketing_site.staff.models import StaffUser
from marketing_site.web.security_headers import CACHE_HASHED_ASSET, CACHE_MEDIA
from scripts.harness.backend import Backend
from scripts.harness.build import EXPORT_DIR, ROOT, export_lock
from scripts.harness.ports import free_port
from scripts.serve import SUPERVISOR_CONF

# The headers come from the middleware, whatever the database: the PostgreSQL pass would build the frontend again
# (about a minute) to check the same answers.
pytestmark = pytest.mark.database_independent
BACKGROUND = "marketing_site.background"
MAIL_SECONDS = 20.0  # a lead's mail reaches the SMTP server (milliseconds when idle; a busy machine's start)


@dataclass(frozen=True)
class SinglePort:
    url: str
    server: Backend  # scripts.serve: supervisord, Reflex and the background process below it
    inbox: Inbox  # the SMTP server the site sends to
    env: dict[str, str]
    run_dir: Path

    def processes(self) -> list[psutil.Process]:
        assert self.server.pid is not None
        root = psutil.Process(self.server.pid)
        return [root, *root.children(recursive=True)]

    def senders(self) -> list[psutil.Process]:
        """The background process (none for a moment after it died: a zombie until supervisord reaps it)."""
        return [process for process in self.processes() if BACKGROUND in _command_line(process)]

    def supervisorctl(self, *command: str) -> None:
        env = {**self.env, "SITE_RUN_DIR": str(self.run_dir), "SITE_PORT": "0", "BACKEND_HOST": "", "SITE_SERVES": ""}
        argv = [sys.executable, "-m", "supervisor.supervisorctl", "-c", str(SUPERVISOR_CONF), *command]
        subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)


def _command_line(process: psutil.Process) -> list[str]:
    try:
        return process.cmdline()
    except (psutil.ZombieProcess, psutil.NoSuchProcess):
        return []


@pytest.fixture(scope="module")
def single_port_server(served, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SinglePort]:
    """Frontend and backend on one port as `make serve` starts them, sending to an SMTP server of its own; holds
    the export lock, since it builds into .web/ itself. Stopped, it leaves no process behind."""
    port, smtp_port = free_port(), free_port()
    url = f"http://127.0.0.1:{port}"
    inbox = Inbox()
    smtp = catcher.start(inbox, smtp_port)
    scratch = tmp_path_factory.mktemp("single-port")
    env = {
        **served.env,
        "APP_ENV": served.env.get("APP_ENV", "dev"),  # as the served backend runs (serve.py's default is prod)
        "SITE_URL": url,
        "REFLEX_API_URL": url,
        "SMTP_HOST": "127.0.0.1",
        "SMTP_PORT": str(smtp_port),
        "SMTP_SECURITY": "none",
        "LEAD_MIN_SUBMIT_SECONDS": "0",
    }
    command = f"exec {shlex.quote(sys.executable)} -m scripts.serve --port $PORT --run-dir {scratch / 'run'}"
    with export_lock():
        server = Backend(port, env, scratch / "server.log", command=command)
        server.start(timeout=300)
        running = SinglePort(url, server, inbox, env, scratch / "run")
        try:
            yield running
        finally:
            processes = running.processes()
            server.stop()
            smtp.stop()
    assert not [process.cmdline() for process in processes if process.is_running()], "outlived the server's stop"


@pytest.fixture(scope="module")
def single_port(single_port_server: SinglePort) -> str:
    return single_port_server.url


def _one_of_each() -> dict[str, str]:
    script = next(EXPORT_DIR.joinpath("assets").glob("*.js")).name
    image = next(EXPORT_DIR.joinpath("images").rglob("*.webp")).relative_to(EXPORT_DIR)
    return {"page": "/product", "script": f"/assets/{script}", "image": f"/{image}", "missing": "/no-such-page"}


@pytest.mark.parametrize(
    ("kind", "status", "cache"),
    [
        ("page", 200, "no-cache"),
        ("script", 200, CACHE_HASHED_ASSET),
        ("image", 200, CACHE_MEDIA),
        ("missing", 404, "no-cache"),
    ],
)
def test_each_kind_of_answer_of_the_single_port_server(single_port, kind, status, cache):
    response = httpx.get(single_port + _one_of_each()[kind])
    assert response.status_code == status
    assert_security_headers(response, single_port)
    assert response.headers["cache-control"] == cache
    assert vary_origins(response) == ["Origin"]


@pytest.mark.parametrize("kind", ["page", "script", "image"])
def test_its_304_carries_the_headers_of_its_200(single_port, kind):
    address = single_port + _one_of_each()[kind]
    first = httpx.get(address)
    again = httpx.get(address, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    for name in ("content-security-policy", "cache-control", "x-content-type-options"):
        assert again.headers[name] == first.headers[name], name


def test_its_page_policy_names_every_inline_script_it_serves(single_port):
    response = httpx.get(single_port + "/product")
    scripts = inline_script_hashes(response.text)
    assert scripts and all(f"'sha256-{digest}'" in response.headers["content-security-policy"] for digest in scripts)


def test_its_api_answers_carry_the_headers(single_port):
    response = httpx.post(
        single_port + "/api/ProductVideo",
        content="{}",
        headers={"Content-Type": "application/json", "Origin": single_port},
    )
    assert response.status_code == 422
    assert_security_headers(response, single_port)
    assert vary_origins(response) == ["Origin"]


def test_every_request_after_a_refused_oversized_body_on_a_kept_alive_connection_is_answered(single_port):
    """A 413 sent before the body was read closes the connection; the next request is never lost."""
    oversized = json.dumps({"name": "x" * 100_000, "email": "big@school.edu"}).encode()
    port = urlsplit(single_port).port
    assert sum(next_request_answered(port, oversized) for _ in range(20)) == 20


def test_no_redirect_of_the_single_port_server_names_a_forged_host(single_port):
    for path in ("/ping/", "/booking/x/", "/livez/"):
        answer = httpx.get(single_port + path, headers={"Host": "evil.example"})
        assert "evil.example" not in answer.headers.get("location", ""), path


@pytest.fixture
def owner(single_port_server: SinglePort) -> Iterator[str]:
    """A salesperson who takes the product video leads, written straight to the served database; gone after."""
    engine = build_engine(single_port_server.env["DATABASE_URL"])
    email = f"owner-{uuid.uuid4().hex[:8]}@vendor.example"
    with Session(engine) as db_session:
        user = StaffUser(email=email, password_hash="x", role="sales")
        db_session.add(user)
        db_session.flush()
        db_session.add(LeadTaker(staff_user_id=user.id, team="sales"))
        db_session.commit()
        user_id = user.id
    try:
        yield email
    finally:
        with Session(engine) as db_session:
            db_session.execute(delete(LeadTaker).where(LeadTaker.staff_user_id == user_id))
            db_session.commit()
        engine.dispose()


def _post_lead(url: str) -> None:
    visitor = {"name": "Ali Raza", "email": f"{uuid.uuid4().hex[:10]}@school.edu", "contactNo": "+923001234567"}
    answer = httpx.post(f"{url}/api/ProductVideo", json={**visitor, "product": "Student Smart"}, timeout=30)
    assert answer.status_code == 201, answer.text


def _mails_to(inbox: Inbox, address: str, count: int, seconds: float) -> int:
    """How many mails ``address`` has, waiting up to ``seconds`` for ``count``."""
    ends = time.monotonic() + seconds
    while len(inbox.to(address)) < count and time.monotonic() < ends:
        time.sleep(0.1)
    return len(inbox.to(address))


def test_a_leads_owner_mail_leaves_from_the_background_process_which_is_restarted_if_it_dies(single_port_server, owner):
    site = single_port_server
    (sender,) = site.senders()
    reflex = [process for process in site.processes() if "reflex" in _command_line(process)]
    assert reflex and all(sender not in process.children(recursive=True) for process in reflex)
    # On a busy machine the requests that store leads get the CPU first; the mail waits for them.
    lower = Settings.model_fields["background_niceness"].default
    assert lower > 0 and all(sender.nice() == min(19, process.nice() + lower) for process in reflex)

    site.supervisorctl("stop", "background")
    _post_lead(site.url)
    assert _mails_to(site.inbox, owner, 1, 3.0) == 0, "the request worker sent the mail itself"
    site.supervisorctl("start", "background")
    assert _mails_to(site.inbox, owner, 1, MAIL_SECONDS) == 1

    restarted = site.senders()[0]
    restarted.kill()
    ends = time.monotonic() + MAIL_SECONDS
    while [process.pid for process in site.senders()] in ([], [restarted.pid]) and time.monotonic() < ends:
        time.sleep(0.2)
    assert len(site.senders()) == 1 and site.senders()[0].pid != restarted.pid
    _post_lead(site.url)
    assert _mails_to(site.inbox, owner, 2, MAIL_SECONDS) == 2
