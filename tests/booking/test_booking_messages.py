"""Every visitor-facing text of booking (code, its API routes, mails, the booking page) is a message id with its
Arabic."""

from __future__ import annotations

import re
from pathlib import Path

from marketing_site.booking import errors
from marketing_site.content import messages
from marketing_site.web import booking_routes
from marketing_site.web.html import booking_pages

BOOKING = Path(errors.__file__).resolve().parent
PAGES = Path(booking_pages.__file__).resolve().parent


def asked_ids() -> set[str]:
    sources = [
        *BOOKING.glob("*.py"),
        *BOOKING.glob("templates/*"),
        Path(booking_routes.__file__),
        Path(booking_pages.__file__),
        *PAGES.glob("templates/booking/*"),
    ]
    # message("id", …), isolated_message("id", …), t("id") in templates, and any "booking.…" id handed on
    # (BadWindow("from", "booking.…")).
    asked_for = re.compile(
        r'(?<![\w.])(?:isolated_message|message|t)\(\s*"([a-z_.]+[a-z_])"|"(booking\.[a-z_.]+[a-z_])"'
    )
    found = {called or named for path in sources for called, named in asked_for.findall(path.read_text())}
    found |= {
        cls.message_id for cls in vars(errors).values() if isinstance(cls, type) and getattr(cls, "message_id", "")
    }
    found |= {f"booking.mail.{change}" for change in ("booked", "moved", "cancelled")}
    found |= {f"booking.mail.subject.{change}" for change in ("booked", "moved", "cancelled", "reminder")}
    found |= {f"booking.mail.invitation.{change}" for change in ("booked", "moved", "cancelled")}
    found |= {f"booking.mail.join.{by}" for by in ("online", "phone")}
    return found


def test_every_booking_message_exists_and_has_its_arabic():
    asked = asked_ids()
    assert len(asked) > 30
    assert sorted(asked - set(messages.ENGLISH)) == []
    assert sorted(asked - set(messages.CATALOGUES["ar"])) == []
    assert all(messages.CATALOGUES["ar"][key] != messages.ENGLISH[key] for key in asked if key != "booking.day")


def test_no_booking_message_is_left_unused():
    assert sorted(key for key in messages.ENGLISH if key.startswith("booking.") and key not in asked_ids()) == []
