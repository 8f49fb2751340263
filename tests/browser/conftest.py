"""Shared browser-test fixtures: one production build per session, served like production.

``site_url`` is the export served by Debian's nginx with the repo's config (deploy/nginx), ``backend_url`` the
Reflex backend the export talks to, ``page`` a fresh Debian Chromium page per test, and
``backend_stopped`` stops the backend for one test (the static site keeps serving).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # plain `pytest` (not `python -m pytest`) leaves the root off sys.path
    sys.path.insert(0, str(ROOT))

from scripts.harness.chromium import CHROMIUM_ARGS, chromium_path  # noqa: E402
from scripts.harness.served_site import ServedSite, served_site  # noqa: E402

# Settings baked into the session build: a chat number so the widget can send, relaxed anti-spam.
TEST_SETTINGS = {
    "CHAT_PHONE_NUMBER": "96890000000",
    "LEAD_MIN_SUBMIT_SECONDS": "1",
    "LEAD_RATE_LIMIT_PER_MINUTE": "1000",
    "VITALS_RATE_LIMIT_PER_MINUTE": "100000",  # every page the tests leave sends a beacon from 127.0.0.1
    "LEAD_FORM_TIMEOUT_SECONDS": "3",  # a lost answer is reported after 3 s instead of 15
    "STAFF_SESSION_SECRET": "browser-tests-only-" + "x" * 32,  # one secret for every worker of the PostgreSQL pass
    "BOOKING_TOKEN_SECRET": "browser-tests-only-" + "b" * 32,  # likewise for the booking links
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark everything under tests/browser as `browser` (`-m "not browser"` skips the build) and
    run it last: sync Playwright keeps an asyncio loop running in the main thread while the
    browser lives, which would break `asyncio.run` in the other tests."""
    here = Path(__file__).parent
    browser_items = [item for item in items if here in item.path.parents]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    browser_ids = {id(item) for item in browser_items}
    items[:] = [item for item in items if id(item) not in browser_ids] + browser_items
    if os.environ.get("TEST_DATABASE_URL"):
        # The PostgreSQL pass repeats what the database can change; page layout and axe cannot.
        once = pytest.mark.skip(reason="database-independent: checked in the SQLite pass")
        for item in items:
            if item.get_closest_marker("database_independent"):
                item.add_marker(once)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: needs the production build and Chromium")
    config.addinivalue_line("markers", "database_independent: run once, in the pass without TEST_DATABASE_URL")


BUILD_TIMES: list[float] = []


def pytest_terminal_summary(terminalreporter) -> None:
    for seconds in BUILD_TIMES:
        terminalreporter.write_line(f"browser tests: production export built in {seconds:.1f}s")


@pytest.fixture(scope="session")
def served() -> Iterator[ServedSite]:
    with served_site(TEST_SETTINGS) as site:
        BUILD_TIMES.append(site.build_seconds)
        yield site


@pytest.fixture(scope="session")
def site_url(served: ServedSite) -> str:
    return served.site_url


@pytest.fixture(scope="session")
def backend_url(served: ServedSite) -> str:
    return served.backend_url


@pytest.fixture(scope="session")
def static_root(served: ServedSite) -> Path:
    """The exported files as served (the session's private copy of .web/build/client)."""
    return served.static_root


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, served: ServedSite):
    context = browser.new_context(base_url=served.site_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def site_db(served: ServedSite) -> Iterator:
    """The database the session's backend writes to."""
    from marketing_site.core import db

    engine = db.build_engine(served.env["DATABASE_URL"])
    yield engine
    engine.dispose()


@pytest.fixture
def backend_stopped(served: ServedSite) -> Iterator[str]:
    """Stop the backend for one test (yields site_url); it is restarted afterwards."""
    served.backend.stop()
    try:
        yield served.site_url
    finally:
        served.backend.start()
