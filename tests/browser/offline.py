"""Fixtures for widget tests: the backend is stopped for the whole module, and no websocket frame may leave the page.

Import them into a test module (`from offline import backend_down, page`) to prove its
widgets run entirely in the browser, from the static export alone.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page


@pytest.fixture(scope="module", autouse=True)
def backend_down(served):
    """No server for the whole module: everything in it must run in the browser. The server is not started
    again here: these modules run last (conftest.py), and a later test that needs it starts it (backend_up)."""
    served.backend.stop()


@pytest.fixture
def page(page: Page) -> Page:
    """The shared page, asserting afterwards that no websocket frame left the browser."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(str(payload))))
    yield page
    assert frames == []
