"""Sign-in, the session cookie, sign-out, CSRF, throttling, idle expiry, and every route refusing a stranger."""

from __future__ import annotations

import io
import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from leads.lead_payloads import VALID
from staff_client import PASSWORD, client, csrf, phone_code, second_factor, signed_in, token_of
from starlette.testclient import TestClient

from marketing_site.admin import app as admin_app
from marketing_site.admin.__main__ import main as admin_command
from marketing_site.admin.accounts.users import StaffUserError, authenticate, staff_user_create
from marketing_site.admin.signin import auth, sessions
from marketing_site.core.clock import frozen
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.settings import settings


def test_every_admin_route_refuses_a_visitor_who_is_not_signed_in():
    lead_id = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("stranger"))
    stranger = client()
    token = csrf(stranger.get("/admin/signin").text)  # even with a valid anonymous CSRF token
    public = admin_app.PUBLIC
    walked = 0
    for route in admin_app.ROUTES:
        if route.path in public:
            continue
        path = "/admin" + re.sub(r"\{\w+:int\}", "1", route.path.replace("{lead_id:int}", str(lead_id)))
        for method in route.methods - {"HEAD"}:
            answer = stranger.request(method, path, data={"csrf_token": token, "status": "won", "email": "x@y.z"})
            walked += 1
            assert answer.status_code in (303, 401), (method, path)
            if answer.status_code == 303:
                assert answer.headers["location"].startswith("/admin/signin")
            assert "ProductVideo" not in answer.text and VALID["ProductVideo"]["email"] not in answer.text
    assert walked == len([route for route in admin_app.ROUTES if route.path not in public])


def test_sign_in_sets_a_strict_httponly_cookie_and_sign_out_ends_the_session(staff):
    user = staff("sales")
    browser = client()
    token = csrf(browser.get("/admin/signin").text)
    wrong = browser.post(
        "/admin/signin", data={"email": user.email, "password": "wrong password!", "csrf_token": token}
    )
    assert wrong.status_code == 401 and "Wrong email or password" in wrong.text
    right = browser.post("/admin/signin", data={"email": user.email.upper(), "password": PASSWORD, "csrf_token": token})
    assert right.status_code == 303
    cookie = right.headers["set-cookie"]
    assert "staff_session=" in cookie and "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert "path=/;" in cookie.lower() and f"max-age={settings.staff_session_hours * 3600}" in cookie.lower()
    assert second_factor(browser, phone_code(user)).status_code == 303
    assert browser.get("/admin/").status_code == 200
    browser.post("/admin/signout", data={"csrf_token": token_of(browser)})
    assert browser.get("/admin/").status_code == 303


def test_a_link_from_a_mail_leads_to_its_lead_after_signing_in_and_nowhere_else(staff):
    """SameSite=Strict: a link followed from a webmail arrives without the cookie, so it passes through sign-in."""
    user = staff("sales")
    lead_id = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("mail-link"))
    browser = client()
    to_signin = browser.get(f"/admin/leads/{lead_id}")
    form = browser.get(to_signin.headers["location"]).text
    assert f'name="next" value="/admin/leads/{lead_id}"' in form
    signed = browser.post(
        "/admin/signin",
        data={"email": user.email, "password": PASSWORD, "csrf_token": csrf(form), "next": f"/admin/leads/{lead_id}"},
    )
    step = browser.get(signed.headers["location"]).text
    assert f'name="next" value="/admin/leads/{lead_id}"' in step
    done = browser.post(
        "/admin/second-factor",
        data={"code": phone_code(user), "csrf_token": csrf(step), "next": f"/admin/leads/{lead_id}"},
    )
    assert done.headers["location"] == f"/admin/leads/{lead_id}"
    for elsewhere in ("https://evil.example/", "//evil.example/admin/", "/admin/\\evil", "/admin//evil.example"):
        other = client()
        token = csrf(other.get("/admin/signin").text)
        answer = other.post(
            "/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token, "next": elsewhere}
        )
        assert answer.headers["location"] == "/admin/second-factor?next=%2Fadmin%2F", elsewhere


def test_in_production_every_cookie_is_secure_and_host_prefixed(monkeypatch, staff):
    user = staff("sales")
    monkeypatch.setattr(auth, "settings", settings.model_copy(update={"environment": "prod"}))
    browser = TestClient(admin_app.build_admin(), base_url="https://testserver", follow_redirects=False)
    page = browser.get("/admin/signin")
    presession = page.headers["set-cookie"]
    assert presession.startswith("__Host-staff_presession=") and "secure" in presession.lower()
    answer = browser.post(
        "/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": csrf(page.text)}
    )
    session = answer.headers["set-cookie"]
    assert (
        session.startswith("__Host-staff_session=") and "; secure" in session.lower() and "path=/;" in session.lower()
    )
    assert "domain" not in session.lower()


def test_a_form_without_the_session_token_changes_nothing(as_role):
    browser, _ = as_role("sales")
    lead_id = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("csrf"))
    answer = browser.post(f"/admin/leads/{lead_id}/update", data={"status": "won", "owner": ""})
    assert answer.status_code == 403
    forged = browser.post(f"/admin/leads/{lead_id}/update", data={"status": "won", "owner": "", "csrf_token": "forged"})
    assert forged.status_code == 403
    assert '<option value="new" selected>' in browser.get(f"/admin/leads/{lead_id}").text


def test_repeated_failed_sign_ins_are_refused_even_with_the_right_password_later(staff):
    user = staff("hr")
    browser = client()
    token = csrf(browser.get("/admin/signin").text)
    for _ in range(settings.staff_signin_attempts):
        assert (
            browser.post(
                "/admin/signin", data={"email": user.email, "password": "guess-guess-guess", "csrf_token": token}
            ).status_code
            == 401
        )
    blocked = browser.post("/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token})
    assert blocked.status_code == 429 and "Too many failed sign-ins" in blocked.text


def test_successful_sign_ins_from_one_office_address_are_never_throttled(staff):
    for _ in range(settings.staff_signin_attempts + 2):
        signed_in(staff("sales"))


def test_failed_sign_ins_from_one_address_are_refused_across_accounts(staff):
    browser = client()
    token = csrf(browser.get("/admin/signin").text)
    for attempt in range(settings.staff_signin_attempts):
        assert (
            browser.post(
                "/admin/signin",
                data={"email": f"nobody{attempt}@vendor.example", "password": "guess", "csrf_token": token},
            ).status_code
            == 401
        )
    user = staff("sales")
    assert (
        browser.post("/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token}).status_code
        == 429
    )


def test_the_session_ends_after_the_idle_time_but_not_while_in_use(staff):
    with frozen(datetime.now(UTC)) as advance:
        browser = signed_in(staff("sales"))
        for _ in range(3):  # three times the idle limit, a request every 0.9 of it
            advance(timedelta(minutes=settings.staff_idle_minutes * 0.9))
            assert browser.get("/admin/").status_code == 200
        advance(timedelta(minutes=settings.staff_idle_minutes, seconds=1))
        assert browser.get("/admin/").status_code == 303


def test_at_a_one_minute_limit_a_user_clicking_every_ten_seconds_stays_while_an_idle_one_is_signed_out(
    staff, monkeypatch
):
    monkeypatch.setattr(sessions, "settings", settings.model_copy(update={"staff_idle_minutes": 1}))
    with frozen(datetime.now(UTC)) as advance:
        active, idle = signed_in(staff("sales")), signed_in(staff("sales"))
        for _ in range(18):  # three minutes, one click every 10 s
            advance(timedelta(seconds=10))
            assert active.get("/admin/").status_code == 200
        advance(timedelta(seconds=55))  # a pause just short of the limit, then on again
        assert active.get("/admin/").status_code == 200
        advance(timedelta(seconds=61))
        assert active.get("/admin/").status_code == 303
        assert idle.get("/admin/").status_code == 303  # untouched for three minutes and more


def test_accounts_need_a_real_password_and_a_known_role_and_store_only_an_argon2_hash(staff):
    with pytest.raises(StaffUserError, match="at least 12"):
        staff_user_create("short@vendor.example", "short", "sales")
    with pytest.raises(StaffUserError, match="role must be"):
        staff_user_create("role@vendor.example", PASSWORD, "boss")
    user = staff("admin")
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash
    assert authenticate(user.email, PASSWORD).id == user.id and authenticate(user.email, "nope") is None


def test_the_command_creates_a_user_from_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    email = f"cli-{time.time_ns()}@vendor.example"
    assert admin_command(["create-user", email, "--role", "hr", "--password-stdin"]) == 0
    assert re.search(rf"Created {re.escape(email)} \(hr\)", capsys.readouterr().out)
    assert authenticate(email, PASSWORD).role == "hr"
