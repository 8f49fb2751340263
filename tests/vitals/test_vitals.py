"""The web-vitals endpoint in-process against the session database, and the p75 report's query."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import delete
from sqlmodel import select

from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.core.rate_limit import MemoryRateLimiter
from marketing_site.routes import VITALS_API
from marketing_site.settings import settings
from marketing_site.vitals.models import WebVital
from marketing_site.vitals.report import format_report
from marketing_site.vitals.service import p75_windows
from marketing_site.web.api import build_vitals_api

GOOD = {
    "route": "/product",
    "device": "mobile",
    "metrics": [{"name": "LCP", "value": 1830.5}, {"name": "CLS", "value": 0.02}],
}


@pytest.fixture(autouse=True)
def empty_vitals(database_url: str):
    db.configure_engine(database_url)
    with db.session() as db_session:
        db_session.exec(delete(WebVital))
        db_session.commit()


def post(
    *bodies, content_type: str = "text/plain", limit: int = settings.vitals_rate_limit_per_minute
) -> list[httpx.Response]:
    app = build_vitals_api(MemoryRateLimiter(limit))

    async def send() -> list[httpx.Response]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://backend") as client:
            return [
                await client.post(
                    VITALS_API,
                    content=body if isinstance(body, bytes) else json.dumps(body),
                    headers={"content-type": content_type},
                )
                for body in bodies
            ]

    return asyncio.run(send())


def stored() -> list[tuple[str, str, float, str]]:
    with db.session() as db_session:
        return sorted((r.route, r.metric, r.value, r.device) for r in db_session.exec(select(WebVital)))


def test_a_beacon_is_stored_one_row_per_metric_without_personal_data():
    [response] = post(GOOD)
    assert response.status_code == 204
    assert stored() == [("/product", "CLS", 0.02, "mobile"), ("/product", "LCP", 1830.5, "mobile")]
    assert set(WebVital.model_fields) == {"id", "created_at", "route", "metric", "value", "device"}


@pytest.mark.parametrize(
    "body",
    [
        {**GOOD, "route": "/no-such-page"},
        {**GOOD, "route": "/studentsmart"},
        {**GOOD, "device": "iphone"},
        {**GOOD, "metrics": []},
        {**GOOD, "metrics": [{"name": "FID", "value": 10}]},
        {**GOOD, "metrics": [{"name": "LCP", "value": -1}]},
        {**GOOD, "metrics": [{"name": "LCP", "value": 10}, {"name": "LCP", "value": 11}]},
        {**GOOD, "metrics": [{"name": "LCP", "value": "fast"}]},
        {**GOOD, "metrics": [{"name": "LCP", "value": True}]},
        {**GOOD, "metrics": [{"name": "LCP", "value": 1e12}]},
        {**GOOD, "email": "someone@school.edu"},
        ["LCP", 1200],
    ],
)
def test_anything_but_the_documented_shape_is_refused_and_nothing_is_stored(body):
    [response] = post(body)
    assert response.status_code == 422 and response.json()["error"]
    assert stored() == []


def test_malformed_and_oversized_bodies_are_refused():
    bad_json, huge = post(b"{not json", {**GOOD, "padding": "x" * 4096})
    assert (bad_json.status_code, huge.status_code) == (400, 413)
    assert stored() == []


def test_beacons_are_rate_limited_per_visitor():
    responses = post(*[GOOD] * 4, limit=3)
    assert [r.status_code for r in responses] == [204, 204, 204, 429]
    assert len(stored()) == 6


def test_json_content_type_is_accepted_too():
    [response] = post(GOOD, content_type="application/json")
    assert response.status_code == 204


def test_p75_per_route_over_7_and_28_days():
    now = utc_now()
    with db.session() as db_session:
        for day, value in ((1, 100.0), (2, 200.0), (3, 300.0), (4, 400.0), (20, 5000.0)):
            db_session.add(
                WebVital(created_at=now - timedelta(days=day), route="/", metric="LCP", value=value, device="desktop")
            )
        db_session.add(
            WebVital(created_at=now - timedelta(days=40), route="/", metric="LCP", value=9999.0, device="desktop")
        )
        db_session.add(
            WebVital(created_at=now - timedelta(days=1), route="/schedule", metric="CLS", value=0.25, device="mobile")
        )
        db_session.commit()
    windows = p75_windows(now=now)
    week = {(p.route, p.metric): (p.p75, p.samples) for p in windows[7]}
    month = {(p.route, p.metric): (p.p75, p.samples) for p in windows[28]}
    assert week == {("/", "LCP"): (300.0, 4), ("/schedule", "CLS"): (0.25, 1)}  # nearest rank: ceil(0.75 * 4) = 3rd
    assert month[("/", "LCP")] == (400.0, 5)  # ceil(0.75 * 5) = 4th of 100..400, 5000
    report = format_report(windows)
    assert "p75 over the last 7 days" in report and "300 ms (n=4)" in report and "0.250 (n=1)" in report
