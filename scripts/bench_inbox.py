"""`make bench-inbox`: seed 100,000 leads into a throwaway database and time the staff inbox.

Times are server time: each request goes through the real /admin app in-process (Starlette TestClient,
no network), signed in as an admin who sees every kind. Reported: the first inbox page (with its
counts, chart and list of countries), a filtered and searched page, a country in lower case with a search, an
Arabic country typed without its diacritic with an Arabic name, a phone number typed with a space,
a week of the reader's days, a filtered CSV export and the export of every lead. SQLite by default;
``--database-url postgresql+psycopg://postgres@127.0.0.1:5432/x`` (or TEST_DATABASE_URL) runs it on a
throwaway database of that PostgreSQL server.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import secrets
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pyotp
from sqlalchemy import insert, text
from starlette.testclient import TestClient

from marketing_site.admin import totp
from marketing_site.admin.app import build_admin
from marketing_site.admin.staff_db import staff_write_session
from marketing_site.admin.users import staff_user_create
from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import stored_id
from marketing_site.leads import search_text
from marketing_site.leads.models import Lead, LeadModule
from scripts.harness.database import migrate, throwaway_database

KINDS = ("ScheduleDemo", "SignupDemo", "ProductDemo", "ProductVideo", "Careers")
COUNTRIES = ("Oman", "عُمان", "Pakistan", "United Arab Emirates", "Saudi Arabia", "Qatar", "Kenya", "India", "Egypt")
SCHOOL_WORDS = ("Green", "Crescent", "Oasis", "Falcon", "Cedar", "Pearl", "Summit", "Harbour")
SCHOOL_KINDS = ("Academy", "School", "College", "Institute")
MODULES = ("studentSmart", "hrSmart", "financeSmart", "academicSmart", "librarySmart")
STATUSES = ("new", "contacted", "qualified", "demo_booked", "won", "lost")
CHUNK = 5000
PAGES = {
    "first inbox page": ("/admin/", {}),
    "filtered + searched page": (
        "/admin/",
        {"kind": "ScheduleDemo", "status": "new", "country": "Oman", "module": "financeSmart", "q": "falcon academy"},
    ),
    "country in lower case + search": ("/admin/", {"country": "oman", "q": "crescent"}),
    "Arabic country without its damma + search": ("/admin/", {"country": "عمان", "q": "سليم"}),
    "phone number with a space": ("/admin/", {"q": "9001 2345"}),
    "last 7 days (reader's days), unowned": (
        "/admin/",
        {"since": (utc_now().date() - timedelta(days=6)).isoformat(), "owner": "none", "sort": "oldest"},
    ),
    "filtered CSV export": ("/admin/export.csv", {"kind": "ScheduleDemo", "country": "Oman"}),
    "CSV export of every lead": ("/admin/export.csv", {}),
}


def lead_row(number: int, rng: random.Random) -> dict:
    kind = rng.choice(KINDS)
    demo = kind != "Careers"
    now = utc_now()
    row = {
        "id": number,
        "kind": kind,
        "created_at": now - timedelta(minutes=rng.randrange(365 * 24 * 60)),
        "language": "en",
        "email": f"person{number}@school{number % 9000}.example",
        "first_name": rng.choice(("Amina", "Ali", "Sara", "Omar", "Fatima", "Yusuf", "سَلِيم", "فاطمة")),
        "last_name": rng.choice(("Khan", "Raza", "Iqbal", "Said", "Haddad")),
        "phone_e164": f"+9689{number:07d}",
        "phone_raw": f"+968 9{number:07d}",
        "country": rng.choice(COUNTRIES),  # an Arabic page stores its own spelling: "عُمان"
        "school": f"{rng.choice(SCHOOL_WORDS)} {rng.choice(SCHOOL_KINDS)} {number % 700}" if demo else None,
        "school_type": rng.choice(("Kindergarten", "Multi-branch", "Secondary")) if demo else None,
        "source_page": rng.choice(("/schedule", "/product", "/signup", "/careers")),
        "utm_source": rng.choice(("", "google", "newsletter", "linkedin")),
        "referrer": "",
        "utm_medium": "",
        "utm_campaign": "",
        "utm_term": "",
        "utm_content": "",
        "consent_text_version": "2026-11",
        "status": rng.choice(STATUSES),
        "quarantined": False,
        "seen_at": now,
    }
    return {**row, **search_text.columns(row)}  # as the lead service writes them


def seed(url: str, count: int) -> None:
    rng = random.Random(8)
    engine = db.build_engine(url)
    try:
        with engine.begin() as connection:
            for start in range(1, count + 1, CHUNK):
                rows = [lead_row(number, rng) for number in range(start, min(start + CHUNK, count + 1))]
                connection.execute(insert(Lead), rows)
                modules = [
                    {"lead_id": row["id"], "module": module}
                    for row in rows
                    if row["kind"] != "Careers"
                    for module in rng.sample(MODULES, rng.randint(1, 3))
                ]
                connection.execute(insert(LeadModule), modules)
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT setval('lead_id_seq', (SELECT max(id) FROM lead))"))
        with engine.connect() as connection:
            connection.execute(text("ANALYZE"))
            connection.commit()
    finally:
        engine.dispose()


def signed_in_admin() -> TestClient:
    """An admin account on the seeded database with an authenticator app, signed in through the real forms
    (the password, then the app's code)."""
    password, secret = secrets.token_urlsafe(16), pyotp.random_base32()
    user = staff_user_create(f"bench-{secrets.token_hex(4)}@vendor.example", password, "admin")
    with staff_write_session() as db_session:
        totp.totp_save(db_session, stored_id(user), secret, last_timecode=0)
        db_session.commit()
    browser = TestClient(build_admin(), follow_redirects=False)

    def csrf(path: str) -> str:
        return re.search(r'name="csrf_token" value="([^"]+)"', browser.get(path).text).group(1)

    signin = {"email": user.email, "password": password, "csrf_token": csrf("/admin/signin")}
    assert browser.post("/admin/signin", data=signin).status_code == 303
    code = {"code": pyotp.TOTP(secret).now(), "csrf_token": csrf("/admin/second-factor"), "next": "/admin/"}
    answer = browser.post("/admin/second-factor", data=code)
    assert answer.status_code == 303, answer.text
    return browser


def measure(url: str, runs: int) -> dict[str, list[float]]:
    db.configure_engine(url)
    browser = signed_in_admin()
    timings: dict[str, list[float]] = {}
    for name, (path, params) in PAGES.items():
        timings[name] = []
        for _ in range(runs):
            started = time.perf_counter()
            answer = browser.get(path, params=params)
            timings[name].append((time.perf_counter() - started) * 1000)
            assert answer.status_code == 200, (name, answer.status_code)
        if path.endswith(".csv"):
            rows = answer.content.count(b"\n") - 1
            print(f"  {name}: {rows:,} rows, {len(answer.content) / 1e6:.1f} MB")
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leads", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("TEST_DATABASE_URL", ""),
        help="a PostgreSQL server URL; empty: a SQLite file",
    )
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="bench-inbox-") as scratch,
        throwaway_database(Path(scratch), db.normalise_url(args.database_url), prefix="inbox") as url,
    ):
        migrate({**os.environ, "DATABASE_URL": url})
        started = time.perf_counter()
        seed(url, args.leads)
        engine_name = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
        print(f"{engine_name}: seeded {args.leads:,} leads in {time.perf_counter() - started:.1f} s")
        timings = measure(url, args.runs)
        db.get_engine().dispose()
    width = max(map(len, timings))
    print(f"\n{'request':<{width}} {'median ms':>10} {'min ms':>10} {'max ms':>10}   ({args.runs} runs)")
    for name, values in timings.items():
        print(f"{name:<{width}} {statistics.median(values):>10.0f} {min(values):>10.0f} {max(values):>10.0f}")


if __name__ == "__main__":
    main()
