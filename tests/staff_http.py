"""A staff member over plain HTTP against a running backend (the topology and outage tests): an account
made the documented way (the command), signed in through the real forms: password, then the first
sign-in's enrolment of an authenticator app from the key the page shows, as a phone would.

The backend runs with APP_ENV=prod, so its cookies are Secure (``__Host-``) and an HTTP client would keep
them to itself over plain http; they are carried by hand instead, as a browser on https would."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pyotp

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "correct horse battery"


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


class Browser:
    """Cookies kept by name from every answer, sent with every request, whatever their Secure flag."""

    def __init__(self, backend_url: str):
        self.backend_url, self.cookies = backend_url, {}

    def headers(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}

    def _kept(self, answer: httpx.Response) -> httpx.Response:
        for line in answer.headers.get_list("set-cookie"):
            name, _, rest = line.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return answer

    def get(self, path: str) -> httpx.Response:
        return self._kept(httpx.get(f"{self.backend_url}{path}", headers=self.headers(), timeout=10))

    def post(self, path: str, data: dict[str, str]) -> httpx.Response:
        return self._kept(httpx.post(f"{self.backend_url}{path}", data=data, headers=self.headers(), timeout=10))


def _csrf(page: httpx.Response) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)


def signed_in(backend_url: str, email: str) -> dict[str, str]:
    """A new account's first sign-in through ``backend_url``; the headers that carry its session."""
    browser = Browser(backend_url)
    form = browser.get("/admin/signin")
    answer = browser.post("/admin/signin", {"email": email, "password": PASSWORD, "csrf_token": _csrf(form)})
    assert answer.status_code == 303, answer.text
    enrol = browser.get("/admin/enrol")
    secret = re.search(r"<code>([A-Z2-7]+)</code>", enrol.text).group(1)
    done = browser.post(
        "/admin/enrol", {"code": pyotp.TOTP(secret).now(), "csrf_token": _csrf(enrol), "next": "/admin/"}
    )
    assert done.status_code == 200 and "recovery codes" in done.text.lower(), done.text
    return browser.headers()
