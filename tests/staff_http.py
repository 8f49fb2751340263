"""A staff member over plain HTTP against a running backend (the topology and outage tests): an account
made the documented way (the command), and a signed-in session cookie from the real sign-in form.

The backend runs with APP_ENV=prod, so its cookie is Secure and an HTTP client would keep it to itself
over plain http; the cookie is carried by hand instead, as a browser on https would."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "correct horse battery"
COOKIE = "staff_session"


def create_staff(env: dict[str, str], role: str) -> str:
    email = f"{role}-{uuid.uuid4().hex[:8]}@vendor.example"
    subprocess.run(
        [sys.executable, "-m", "marketing_site.admin", "create-user", email, "--role", role, "--password-stdin"],
        input=PASSWORD + "\n",
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
    )
    return email


def _cookie(answer: httpx.Response) -> str:
    found = re.search(rf"{COOKIE}=([^;]+)", answer.headers.get("set-cookie", ""))
    assert found, answer.headers
    return f"{COOKIE}={found.group(1)}"


def signed_in(backend_url: str, email: str) -> dict[str, str]:
    """Sign ``email`` in through ``backend_url``'s form; the headers that carry the session."""
    form = httpx.get(f"{backend_url}/admin/signin", timeout=10)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.text).group(1)
    answer = httpx.post(
        f"{backend_url}/admin/signin",
        data={"email": email, "password": PASSWORD, "csrf_token": token},
        headers={"Cookie": _cookie(form)},
        timeout=10,
    )
    assert answer.status_code == 303, answer.text
    return {"Cookie": _cookie(answer)}
