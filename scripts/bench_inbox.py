"""`make bench-inbox`: seed 100,000 leads into a throwaway database and time the staff inbox and channel report.

Times are server time: each request goes through the real /admin app in-process (Starlette TestClient,
no network), signed in as an admin who sees every kind. Reported: the first inbox page (with its
counts, chart and list of countries), a filtered and searched page, a country in lower case with a search, an
Arabic country typed without its diacritic with an Arabic name, a phone number typed with a space,
a week of the reader's days, a filtered CSV export and the export of every lead; the channel report (each lead
with a first and last touch, a fifth of the demo leads with a demo) by first touch over 30 days, by last touch over
a year, by source only, and its CSV, each run REPORT_RUNS times for its p95; the report reads the channel tallies,
counted here from the seeded leads as the migration does. SQLite by default;
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

from marketing_site.admin.accounts.users import staff_user_create
from marketing_site.admin.app import build_admin
from marketing_site.admin.signin import totp
from marketing_site.admin.staff_db import staff_write_session
from marketing_site.admin.work import channel_tallies
from marketing_site.booking.models import BookingStatus, DemoBooking, DemoHost
from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import stored_id
from marketing_site.leads import search_text
from marketing_site.leads.attribution import channel
from marketing_site.leads.models import Lead, LeadModule, LeadTouch, Touch
from marketing_site.staff.models import StaffUser
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
# The channel report (issue 34): p95 within 300 ms on both databases
REPORTS = {
    "channels, first touch, 30 days": ("/admin/channels", {"touch": "first"}),
    "channels, last touch, a year": (
        "/admin/channels",
        {"touch": "last", "since": (utc_now().date() - timedelta(days=364)).isoformat()},
    ),
    "channels by source, a year": (
        "/admin/channels",
        {"touch": "first", "by": "source", "since": (utc_now().date() - timedelta(days=364)).isoformat()},
    ),
    "channels CSV, last touch, a year": (
        "/admin/channels.csv",
        {"touch": "last", "since": (utc_now().date() - timedelta(days=364)).isoformat()},
    ),
}
REPORT_RUNS = 20
CAMPAIGNS = (
    {"utm_source": "google", "utm_medium": "cpc", "utm_campaign": "spring-erp"},
    {"utm_source": "newsletter", "utm_medium": "email", "utm_campaign": "term1"},
    {"utm_source": "linkedin", "utm_medium": "paid-social", "utm_campaign": "principals"},
    {"gclid": "Cj0KCQiA"},
    {"fbclid": "IwAR2x"},
    {"referrer": "https://www.bing.com/"},
    {},
)
DEMO_STATUSES = (
    BookingStatus.BOOKED,
    BookingStatus.HELD,
    BookingStatus.HELD,
    BookingStatus.NO_SHOW,
    BookingStatus.CANCELLED,
)


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


def touch_rows(row: dict, rng: random.Random) -> list[dict]:
    """The lead's first touch (some campaign, or none) and its last (the same, or another campaign)."""
    first = rng.choice(CAMPAIGNS)
    found = []
    for touch, values in ((Touch.FIRST, first), (Touch.LAST, first if rng.random() < 0.6 else rng.choice(CAMPAIGNS))):
        kept = dict.fromkeys(("referrer", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"), "")
        kept |= dict.fromkeys(("gclid", "gbraid", "wbraid", "fbclid", "li_fat_id", "msclkid"), "") | values
        source, medium, campaign = channel(kept)
        landing = "https://www.smartschoolsuite.example/studentSmart?utm_source=" + kept["utm_source"]
        found.append(
            {
                **kept,
                "lead_id": row["id"],
                "touch": touch.value,
                "landed_at": row["created_at"] - timedelta(days=rng.randrange(30)),
                "landing_url": landing,
                "source": source,
                "medium": medium,
                "campaign": campaign,
            }
        )
    return found


def demo_rows(rows: list[dict], host_id: int, rng: random.Random) -> list[dict]:
    """A demo for a fifth of the demo leads, each at its own time (live demos may not share a host's start)."""
    return [
        {
            "uid": f"bench-{row['id']}",
            "lead_id": row["id"],
            "host_id": host_id,
            "starts_at": row["created_at"] + timedelta(days=2, minutes=row["id"]),
            "ends_at": row["created_at"] + timedelta(days=2, minutes=row["id"] + 30),
            "visitor_time_zone": "Asia/Muscat",
            "status": rng.choice(DEMO_STATUSES).value,
        }
        for row in rows
        if row["kind"] != "Careers" and rng.random() < 0.2
    ]


def seed(url: str, count: int) -> tuple[float, float]:
    """The leads, their touches and demos as plain INSERTs, then the channel tallies counted from them as the
    migration counts them for a live database (the writes keep them from then on); that count's wall clock and CPU
    seconds."""
    rng = random.Random(8)
    engine = db.build_engine(url)
    try:
        with engine.begin() as connection:
            host_id = connection.execute(
                insert(StaffUser)
                .values(email="bench-host@vendor.example", password_hash="x", role="sales")
                .returning(StaffUser.id)
            ).scalar_one()
            connection.execute(insert(DemoHost).values(staff_user_id=host_id, display_name="Bench Host"))
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
                connection.execute(insert(LeadTouch), [touch for row in rows for touch in touch_rows(row, rng)])
                connection.execute(insert(DemoBooking), demo_rows(rows, host_id, rng))
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT setval('lead_id_seq', (SELECT max(id) FROM lead))"))
            started, spent = time.perf_counter(), time.process_time()
            channel_tallies.rebuild(connection, hold_writes=False)
            tallied = (time.perf_counter() - started, time.process_time() - spent)
        # A live database is vacuumed by autovacuum: its visibility map lets PostgreSQL answer from covering indexes
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("VACUUM ANALYZE" if connection.dialect.name == "postgresql" else "ANALYZE"))
    finally:
        engine.dispose()
    return tallied


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


def measure(url: str, runs: int, only: str = "") -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Each request's wall-clock times, and the CPU time this process spent on it (the app runs in its threads;
    on SQLite that is the whole work, PostgreSQL's own is not in it): on a busy machine the second says what the
    request costs, the first what a user waited."""
    db.configure_engine(url)
    browser = signed_in_admin()
    timings: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for name, (path, params) in {**PAGES, **REPORTS}.items():
        if only not in name:
            continue
        timings[name], cpu[name] = [], []
        for _ in range(max(runs, REPORT_RUNS) if name in REPORTS else runs):
            started, spent = time.perf_counter(), time.process_time()
            answer = browser.get(path, params=params)
            timings[name].append((time.perf_counter() - started) * 1000)
            cpu[name].append((time.process_time() - spent) * 1000)
            assert answer.status_code == 200, (name, answer.status_code)
        if path.endswith(".csv"):
            rows = answer.content.count(b"\n") - 1
            print(f"  {name}: {rows:,} rows, {len(answer.content) / 1e6:.1f} MB")
    return timings, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leads", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="time only the requests whose name holds this, e.g. channels")
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
        tallied = seed(url, args.leads)
        engine_name = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
        print(f"{engine_name}: seeded {args.leads:,} leads in {time.perf_counter() - started:.1f} s")
        print(f"  of which the channel tallies counted from them: {tallied[0]:.1f} s ({tallied[1]:.1f} s of CPU)")
        print(f"load average before timing: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
        timings, cpu = measure(url, args.runs, args.only)
        db.get_engine().dispose()
    width = max(map(len, timings))
    print(
        f"\n{'request':<{width}} {'runs':>5} {'median ms':>10} {'p95 ms':>8} {'min ms':>8} {'max ms':>8} {'cpu ms':>7}"
    )
    for name, values in timings.items():
        p95 = statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]
        print(
            f"{name:<{width}} {len(values):>5} {statistics.median(values):>10.0f} {p95:>8.0f} "
            f"{min(values):>8.0f} {max(values):>8.0f} {statistics.median(cpu[name]):>7.0f}"
        )
    print(f"load average when done: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
