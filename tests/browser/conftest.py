"""Shared browser-test fixtures: one production build per session, served like production.

``site_url`` is the export served by Debian's nginx with the repo's config (deploy/nginx), ``backend_url`` the
Reflex backend the export talks to, ``page`` a fresh Debian Chromium page per test, and
``backend_stopped`` stops the backend for one test (the static site keeps serving).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # plain `pytest` (not `python -m pytest`) leaves the root off sys.path
    sys.path.insert(0, str(ROOT))

from session_notes import SESSION_NOTES  # noqa: E402

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
    """Mark everything under tests/browser as `browser` (`-m "not browser"` skips the build) and run it last in
    one process (a parallel run puts it first on its worker instead: see pytest_runtest_teardown)."""
    here = Path(__file__).parent
    browser_items = [item for item in items if here in item.path.parents]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    browser_ids = {id(item) for item in browser_items}
    # The modules that stop the backend (offline.py) last: it is stopped once, not once per module and started
    # again after each (up to 25 s a start on a busy machine).
    browser_items.sort(key=lambda item: hasattr(getattr(item, "module", None), "backend_down"))
    items[:] = [item for item in items if id(item) not in browser_ids] + browser_items


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: needs the production build and Chromium")


@pytest.fixture(scope="session")
def served() -> Iterator[ServedSite]:
    with served_site(TEST_SETTINGS) as site:
        SESSION_NOTES.append(f"browser tests: production export built in {site.build_seconds:.1f}s")
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


_PLAYWRIGHT: list = []  # the running sync Playwright, stopped as soon as this session's browser tests are done


def _stop_playwright() -> None:
    while _PLAYWRIGHT:
        _PLAYWRIGHT.pop().stop()  # closes its Chromium too


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    _PLAYWRIGHT.append(playwright)
    try:
        yield playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
    finally:
        _stop_playwright()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    """Sync Playwright keeps an asyncio loop running in the main thread, which breaks `asyncio.run` in the tests
    after it: once the browser tests (one contiguous run, tests/conftest.py) are done and a test of another folder
    comes next on this worker, Playwright stops, after the last test's own fixtures are torn down."""
    yield
    if _PLAYWRIGHT and nextitem is not None and nextitem.get_closest_marker("browser") is None:
        _stop_playwright()


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


@pytest.fixture(autouse=True)
def backend_up(request: pytest.FixtureRequest) -> None:
    """The backend runs for every test but those of an offline module (offline.py stops it for good)."""
    if "served" in request.fixturenames and "backend_down" not in request.fixturenames:
        served: ServedSite = request.getfixturevalue("served")
        if not served.backend.running:
            served.backend.start()


@pytest.fixture
def backend_stopped(served: ServedSite) -> Iterator[str]:
    """Stop the backend for one test (yields site_url); it is restarted afterwards."""
    served.backend.stop()
    try:
        yield served.site_url
    finally:
        served.backend.start()
