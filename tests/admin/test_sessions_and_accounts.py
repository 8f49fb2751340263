"""Sessions the server ends (a cookie replayed after sign-out, a password change, the absolute lifetime, a
role change, disabling, an admin's or one's own "end"), and accounts set up by invitation, with the
security mails each event sends, read from a real SMTP server."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlmodel import select
from staff_client import PASSWORD, client, csrf, password_only, second_factor, signed_in, token_of

from marketing_site.admin.staff_db import staff_session
from marketing_site.core.clock import frozen
from marketing_site.settings import settings
from marketing_site.staff.models import AuditEntry

NEW_PASSWORD = "a quite different sentence"


def test_a_cookie_replayed_after_sign_out_is_refused(staff):
    browser = signed_in(staff("sales"))
    kept = dict(browser.cookies)
    browser.post("/admin/signout", data={"csrf_token": token_of(browser)})
    thief = client()
    thief.cookies.update(kept)
    assert thief.get("/admin/users").status_code in (303, 401) and thief.get("/admin/").status_code == 303


def test_a_password_change_ends_every_other_session_and_is_mailed(staff, mailbox):
    user = staff("sales")
    laptop, phone = signed_in(user), signed_in(user)
    kept = dict(phone.cookies)
    changed = laptop.post(
        "/admin/account/password",
        data={"current": PASSWORD, "password": NEW_PASSWORD, "again": NEW_PASSWORD, "csrf_token": token_of(laptop)},
    )
    assert changed.status_code == 303 and laptop.get("/admin/").status_code == 200
    thief = client()
    thief.cookies.update(kept)
    assert phone.get("/admin/").status_code == 303 and thief.get("/admin/").status_code == 303
    mails = mailbox().to(user.email)
    assert [mail["Subject"] for mail in mails] == [
        "New sign-in to your staff account from a new device",  # the laptop
        "New sign-in to your staff account from a new device",  # the phone
        "The password of your staff account was changed",
    ]


def test_a_common_password_is_refused_and_any_long_one_with_any_characters_is_not(staff):
    browser = signed_in(staff("hr"))
    for weak, reason in (
        ("qwertyuiopasdfgh", "most common"),
        ("short", "at least 12"),
        ("MySmartSchool2026", "product"),
    ):
        answer = browser.post(
            "/admin/account/password",
            data={"current": PASSWORD, "password": weak, "again": weak, "csrf_token": token_of(browser)},
        )
        assert answer.status_code == 400 and reason in answer.text
    odd = "ünïcode ☕ spaces and no digits"
    answer = browser.post(
        "/admin/account/password",
        data={"current": PASSWORD, "password": odd, "again": odd, "csrf_token": token_of(browser)},
    )
    assert answer.status_code == 303


def test_the_absolute_lifetime_ends_even_an_active_session(staff):
    with frozen(datetime.now(UTC)) as advance:
        browser = signed_in(staff("sales"))
        kept = dict(browser.cookies)
        for _ in range(settings.staff_session_hours * 2):
            advance(timedelta(minutes=30))
            if browser.get("/admin/").status_code != 200:
                break
        thief = client()
        thief.cookies.update(kept)
        assert browser.get("/admin/").status_code == 303 and thief.get("/admin/").status_code == 303


def test_role_change_disable_and_an_admins_end_end_the_colleagues_sessions_and_are_audited(staff):
    admin, colleague = staff("admin"), staff("sales")
    boss = signed_in(admin)
    for action, data in (("role", {"role": "hr"}), ("end-sessions", {}), ("disable", {})):
        worker = signed_in(colleague)
        answer = boss.post(f"/admin/users/{colleague.id}/{action}", data={**data, "csrf_token": token_of(boss)})
        assert answer.status_code == 303, (action, answer.text)
        assert worker.get("/admin/").status_code == 303, action
    signed_out = client()
    token = csrf(signed_out.get("/admin/signin").text)
    refused = signed_out.post(
        "/admin/signin", data={"email": colleague.email, "password": PASSWORD, "csrf_token": token}
    )
    assert refused.status_code == 401  # disabled
    assert boss.post(f"/admin/users/{admin.id}/disable", data={"csrf_token": token_of(boss)}).status_code == 400
    with staff_session() as db_session:
        actions = [row.action for row in db_session.exec(select(AuditEntry).where(AuditEntry.actor_id == admin.id))]
    assert actions[-3:] == ["role", "sessions ended", "disabled"]


def test_a_member_sees_their_sessions_and_ends_one(staff):
    user = staff("hr")
    office, home = signed_in(user), signed_in(user, client("192.0.2.9"))
    page = office.get("/admin/account").text
    assert page.count("<tr><td>") == 2 and "192.0.2.9" in page and "(this browser)" in page
    other = re.findall(r'/admin/account/sessions/(\d+)/end"', page)
    mine = re.search(
        r'/admin/account/sessions/(\d+)/end"><input type="hidden" name="csrf_token" value="[^"]+"><button>Sign out',
        page,
    )
    target = next(number for number in other if number != mine.group(1))
    # ASVS 7.5.2: ending another session asks for the password again first.
    unconfirmed = office.post(f"/admin/account/sessions/{target}/end", data={"csrf_token": token_of(office)})
    assert unconfirmed.status_code == 403 and "Enter your password again to end another session" in unconfirmed.text
    assert home.get("/admin/").status_code == 200
    office.post("/admin/account/confirm", data={"password": PASSWORD, "csrf_token": token_of(office)})
    assert (
        office.post(f"/admin/account/sessions/{target}/end", data={"csrf_token": token_of(office)}).status_code == 303
    )
    assert home.get("/admin/").status_code == 303 and office.get("/admin/").status_code == 200


def test_signing_this_browser_out_from_the_session_list_needs_no_password(staff):
    browser = signed_in(staff("sales"))
    page = browser.get("/admin/account").text
    mine = re.search(
        r'/admin/account/sessions/(\d+)/end"><input type="hidden" name="csrf_token" value="[^"]+"><button>Sign out',
        page,
    )
    answer = browser.post(f"/admin/account/sessions/{mine.group(1)}/end", data={"csrf_token": token_of(browser)})
    assert answer.status_code == 303 and answer.headers["location"].endswith("/admin/signin")
    assert browser.get("/admin/").status_code == 303


def test_a_change_of_sign_in_methods_ends_every_other_session_and_the_mail_says_so(staff, mailbox):
    user = staff("sales")
    laptop, phone = signed_in(user), signed_in(user, client("192.0.2.7"))
    laptop.post("/admin/account/confirm", data={"password": PASSWORD, "csrf_token": token_of(laptop)})
    made = laptop.post("/admin/account/recovery-codes", data={"csrf_token": token_of(laptop)})
    assert made.status_code == 200 and laptop.get("/admin/").status_code == 200
    assert phone.get("/admin/").status_code == 303  # ASVS 7.4.3
    (changed,) = [mail for mail in mailbox().to(user.email) if "was added" in mail["Subject"]]
    assert "Your 1 other session was signed out." in changed.get_body(("plain",)).get_content()
    with staff_session() as db_session:
        details = db_session.exec(select(AuditEntry.detail).where(AuditEntry.actor_id == user.id)).all()
    assert "1 other sessions ended" in details


def test_only_admins_manage_accounts(as_role):
    browser, _ = as_role("sales")
    assert browser.get("/admin/users").status_code == 403
    assert (
        browser.post(
            "/admin/users", data={"email": "x@vendor.example", "role": "admin", "csrf_token": token_of(browser)}
        ).status_code
        == 403
    )


def test_an_invitation_sets_the_password_once_then_leads_to_enrolment(staff, mailbox):
    boss = signed_in(staff("admin"))
    email = f"invited-{datetime.now(UTC).timestamp()}@vendor.example"
    assert (
        boss.post("/admin/users", data={"email": email, "role": "hr", "csrf_token": token_of(boss)}).status_code == 303
    )
    assert "invited" in boss.get("/admin/users").text
    (invitation,) = mailbox().to(email)
    link = re.search(r"(/admin/invitation/[A-Za-z0-9_-]+)", invitation.get_body(("plain",)).get_content()).group(1)
    newcomer = client()
    form = newcomer.get(link)
    assert form.status_code == 200 and email in form.text
    mismatch = newcomer.post(link, data={"password": NEW_PASSWORD, "again": "other", "csrf_token": csrf(form.text)})
    assert mismatch.status_code == 400
    done = newcomer.post(link, data={"password": NEW_PASSWORD, "again": NEW_PASSWORD, "csrf_token": csrf(form.text)})
    assert done.headers["location"] == "/admin/second-factor"
    assert newcomer.get("/admin/second-factor").headers["location"].startswith("/admin/enrol")
    assert client().get(link).status_code == 404  # used once


def test_an_invitation_expires_after_24_hours(staff, mailbox):
    boss = signed_in(staff("admin"))
    email = f"late-{datetime.now(UTC).timestamp()}@vendor.example"
    with frozen(datetime.now(UTC)) as advance:
        boss.post("/admin/users", data={"email": email, "role": "sales", "csrf_token": token_of(boss)})
        (invitation,) = mailbox().to(email)
        link = re.search(r"(/admin/invitation/[A-Za-z0-9_-]+)", invitation.get_body(("plain",)).get_content()).group(1)
        advance(timedelta(hours=23, minutes=59))
        assert client().get(link).status_code == 200
        advance(timedelta(minutes=2))
        assert client().get(link).status_code == 404


def test_an_admin_resets_a_colleagues_factors_and_the_colleague_is_told(staff, mailbox):
    admin, colleague = staff("admin"), staff("sales")
    worker = signed_in(colleague)
    boss = signed_in(admin)
    assert (
        boss.post(f"/admin/users/{colleague.id}/reset-factors", data={"csrf_token": token_of(boss)}).status_code == 303
    )
    assert worker.get("/admin/").status_code == 303
    again = password_only(colleague, client())
    assert again.get("/admin/second-factor").headers["location"].startswith("/admin/enrol")
    subjects = [mail["Subject"] for mail in mailbox().to(colleague.email)]
    assert subjects == [
        "New sign-in to your staff account from a new device",
        "An administrator reset the sign-in methods of your staff account",
    ]


def test_changing_ones_own_factors_asks_for_the_password_again(staff, mailbox):
    user = staff("sales")
    browser = signed_in(user)
    refused = browser.post("/admin/account/recovery-codes", data={"csrf_token": token_of(browser)})
    assert refused.status_code == 403 and "Enter your password again" in refused.text
    wrong = browser.post(
        "/admin/account/confirm", data={"password": "not my password", "csrf_token": token_of(browser)}
    )
    assert wrong.status_code == 401
    browser.post("/admin/account/confirm", data={"password": PASSWORD, "csrf_token": token_of(browser)})
    assert browser.post("/admin/account/recovery-codes", data={"csrf_token": token_of(browser)}).status_code == 200
    removed = browser.post("/admin/account/authenticator/remove", data={"csrf_token": token_of(browser)})
    assert removed.status_code == 400 and "Keep at least one way" in removed.text  # no passkey yet
    codes = re.findall(
        r"<code>([a-z0-9-]+)</code>",
        browser.post("/admin/account/recovery-codes", data={"csrf_token": token_of(browser)}).text,
    )
    assert second_factor(password_only(user, client()), codes[0], "recovery_code").status_code == 303
    subjects = [mail["Subject"] for mail in mailbox().to(user.email)]
    assert subjects == [
        "New sign-in to your staff account from a new device",
        "A sign-in method was added to your staff account",  # recovery codes made
        "A sign-in method was added to your staff account",  # and made again
        "A recovery code was used to sign in to your staff account",
        "New sign-in to your staff account from a new device",
    ]


def test_the_command_line_invites_and_prints_the_link(database_url):
    email = f"cli-invite-{datetime.now(UTC).timestamp()}@vendor.example"
    result = subprocess.run(
        [sys.executable, "-m", "marketing_site.admin", "create-user", email, "--role", "admin"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        env={"DATABASE_URL": database_url, "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    link = re.search(r"(http://\S+/admin/invitation/[A-Za-z0-9_-]+)", result.stdout).group(1)
    assert client().get(link.removeprefix("http://localhost:8000")).status_code == 200
