"""The second factor: nothing opens to the password alone, authenticator codes at the window edges and never
twice, recovery codes once, enrolment at the first sign-in with the secret encrypted at rest."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pyotp
from leads.lead_payloads import VALID
from sqlmodel import select
from staff_client import (
    AUTHENTICATORS,
    PASSWORD,
    client,
    csrf,
    password_only,
    phone_code,
    second_factor,
    signed_in,
)

from marketing_site.admin import app as admin_app
from marketing_site.admin.accounts import signin_pages
from marketing_site.admin.accounts.users import staff_user_create
from marketing_site.admin.signin import totp
from marketing_site.admin.staff_db import staff_session
from marketing_site.core.clock import frozen
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.staff.credentials import RecoveryCode, TotpFactor
from marketing_site.staff.models import AuditEntry

STEP = timedelta(seconds=30)
# The start of a 30-second step, so the edges below are exact.
T0 = datetime(2026, 6, 1, 9, 0, 0, tzinfo=UTC)


def test_every_route_refuses_a_session_that_gave_only_the_password(staff):
    user = staff("admin")
    lead_id = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("halfway"))
    browser = password_only(user)
    token = csrf(browser.get("/admin/second-factor").text)  # the half session's own CSRF token
    open_to_it = admin_app.PUBLIC | signin_pages.HALFWAY
    walked = 0
    for route in admin_app.ROUTES:
        if route.path in open_to_it:
            continue
        path = "/admin" + re.sub(r"\{\w+:int\}", str(user.id), route.path.replace("{lead_id:int}", str(lead_id)))
        for method in route.methods - {"HEAD"}:
            answer = browser.request(method, path, data={"csrf_token": token, "status": "won", "email": "x@y.z"})
            walked += 1
            assert answer.status_code in (303, 401), (method, path, answer.status_code)
            if answer.status_code == 303:
                assert answer.headers["location"].startswith("/admin/second-factor?next="), (method, path)
            else:
                assert answer.text == "Finish signing in first"
            assert VALID["ProductVideo"]["email"] not in answer.text
    assert walked >= 40
    assert second_factor(browser, phone_code(user)).status_code == 303  # the same browser, after the factor
    assert browser.get("/admin/users").status_code == 200


def test_a_code_is_accepted_at_the_edges_of_its_window_and_never_twice(staff):
    user = staff("sales")
    app = pyotp.TOTP(AUTHENTICATORS[user.id])
    with frozen(T0) as advance:
        advance(STEP - timedelta(seconds=1))  # the last second of step 0
        assert totp.totp_check(user.id, app.at(T0))
        assert not totp.totp_check(user.id, app.at(T0))  # replayed within its window
        advance(timedelta(seconds=1) + STEP)  # step 2: the code of step 1 is one behind, still accepted
        assert totp.totp_check(user.id, app.at(T0 + STEP))
        assert not totp.totp_check(user.id, app.at(T0))  # older than the last accepted
        assert totp.totp_check(user.id, app.at(T0 + 3 * STEP))  # one ahead (a fast phone clock)
        assert not totp.totp_check(user.id, app.at(T0 + 2 * STEP))  # behind the last accepted now
        advance(3 * STEP)  # step 5: a code of step 3 is two behind
        assert not totp.totp_check(user.id, app.at(T0 + 4 * STEP - timedelta(seconds=1)))
        assert not totp.totp_check(user.id, app.at(T0 + 7 * STEP))  # two ahead


def test_a_code_of_another_account_is_refused(staff):
    first, second = staff("sales"), staff("sales")
    browser = password_only(first)
    assert second_factor(browser, phone_code(second)).status_code == 401
    assert browser.get("/admin/").status_code == 303


def test_a_replayed_sign_in_code_is_refused(staff):
    user = staff("hr")
    code = phone_code(user)
    assert second_factor(password_only(user), code).status_code == 303
    assert second_factor(password_only(user, client()), code).status_code == 401


def test_recovery_codes_are_single_use_audited_and_hashed(staff):
    user = staff("sales")
    browser = signed_in(user)
    confirm = browser.post("/admin/account/confirm", data={"password": PASSWORD, "csrf_token": _token(browser)})
    assert confirm.status_code == 303
    page = browser.post("/admin/account/recovery-codes", data={"csrf_token": _token(browser)}).text
    mine = re.findall(r"<code>([a-z0-9-]+)</code>", page)
    assert len(mine) == 10 and len(set(mine)) == 10
    with staff_session() as db_session:
        stored = [row.code_hash for row in db_session.exec(select(RecoveryCode).where(RecoveryCode.user_id == user.id))]
    assert len(stored) == 10 and not set(mine) & set(stored)
    first = password_only(user, client())
    assert second_factor(first, mine[0].upper().replace("-", " "), "recovery_code").status_code == 303
    again = password_only(user, client())
    assert second_factor(again, mine[0], "recovery_code").status_code == 401  # used up
    assert second_factor(again, mine[1], "recovery_code").status_code == 303
    with staff_session() as db_session:
        used = len(
            db_session.exec(
                select(AuditEntry).where(AuditEntry.actor_id == user.id, AuditEntry.action == "recovery code used")
            ).all()
        )
    assert used == 2


def _token(browser) -> str:
    return csrf(browser.get("/admin/account").text)


def _enrolled_codes(staff) -> list[str]:
    """A new account's first sign-in: enrolment, then its recovery codes (the page shows them once)."""
    user = staff_user_create(f"new-{datetime.now(UTC).timestamp()}@vendor.example", PASSWORD, "sales")
    browser = client()
    token = csrf(browser.get("/admin/signin").text)
    signed = browser.post("/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token})
    assert browser.get(signed.headers["location"]).headers["location"].startswith("/admin/enrol")
    page = browser.get("/admin/enrol").text
    secret = re.search(r"<code>([A-Z2-7]{32})</code>", page).group(1)
    assert "<svg" in page and "QR code for your authenticator app" in page
    assert re.search(r"<code>([A-Z2-7]{32})</code>", browser.get("/admin/enrol").text).group(1) == secret  # reload
    assert browser.get("/admin/").status_code == 303  # not before the code
    code = pyotp.TOTP(secret).now()
    wrong = browser.post(
        "/admin/enrol", data={"code": "123456" if code != "123456" else "654321", "csrf_token": csrf(page)}
    )
    assert wrong.status_code == 400
    done = browser.post("/admin/enrol", data={"code": code, "csrf_token": csrf(page)})
    codes = re.findall(r"<code>([a-z0-9-]+)</code>", done.text)
    assert done.status_code == 200 and len(codes) == 10
    assert browser.get("/admin/").status_code == 200
    with staff_session() as db_session:
        row = db_session.get(TotpFactor, user.id)
    assert secret not in row.secret and totp.decrypted(row.secret) == secret  # encrypted at rest
    later = client()
    token = csrf(later.get("/admin/signin").text)
    later.post("/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token})
    assert second_factor(later, code).status_code == 401  # the enrolment's code is used up
    assert "/admin/enrol" not in later.get("/admin/second-factor").text  # enrolled: no second enrolment
    return codes


def test_the_first_sign_in_enrols_an_authenticator_and_shows_recovery_codes_once(staff):
    assert len(_enrolled_codes(staff)) == 10
