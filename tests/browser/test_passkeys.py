"""A passkey in Chromium with its virtual authenticator (Chrome DevTools Protocol WebAuthn domain): added on the
account page after the password is confirmed again, then signing in with it alone; the account is told by mail
(the outbox row) and the passkey counts as the whole sign-in."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from sqlalchemy import text
from test_staff_area import PASSWORD, create_staff, sign_in


def test_a_member_adds_a_passkey_and_signs_in_with_it_alone(page: Page, served, site_db) -> None:
    staff_url = served.env["STAFF_URL"]  # http://localhost:<port>/admin: the relying party's origin
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    email = create_staff(served, "sales")
    sign_in(page, served, email, staff_url.removesuffix("/admin"))

    page.goto(f"{staff_url}/account")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Confirm").click()
    page.get_by_label("Passkey name").fill("work laptop")
    page.get_by_role("button", name="Add a passkey").click()
    expect(page.get_by_text("Passkeys: work laptop")).to_be_visible()

    page.get_by_role("button", name="Sign out").first.click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.get_by_role("button", name="Sign in with a passkey").click()
    expect(page.get_by_role("heading", name="Inbox")).to_be_visible()  # no password, no code
    with site_db.connect() as connection:
        used = connection.execute(
            text(
                "SELECT last_used_at IS NOT NULL FROM staff_passkey JOIN staff_user ON staff_user.id = user_id"
                " WHERE email = :e"
            ),
            {"e": email},
        ).scalar_one()
        subjects = (
            connection.execute(text("SELECT subject FROM outbox_mail WHERE recipient = :e ORDER BY id"), {"e": email})
            .scalars()
            .all()
        )
    assert used
    assert "A sign-in method was added to your staff account" in subjects
