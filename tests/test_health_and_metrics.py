"""/livez, /readyz and /metrics in-process on the session database, and prometheus-client's multiprocess mode
across real processes. On a real backend with its workers: tests/topology/; with the database frozen:
tests/faults/test_outage_pages.py."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from leads.lead_payloads import VALID
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from marketing_site.core import db, metrics, rate_limit
from marketing_site.core.clock import timestamp, utc_now
from marketing_site.leads import antispam
from marketing_site.leads.service import LeadKind, LeadRejected, LeadValidationError, SubmissionContext, lead_submit
from marketing_site.mail.models import OutboxMail
from marketing_site.web import api, health

ROOT = Path(__file__).resolve().parents[1]
LOCAL = ("127.0.0.1", 50000)


@pytest.fixture(autouse=True)
def _session_database(database_url):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    yield database_url
    antispam.use_rate_limiter(None)


def client(address: tuple[str, int] = LOCAL) -> TestClient:
    return TestClient(health.build_health(), client=address)


def scraped(answer_text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape: (name, sorted labels) -> value."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer_text)
        for sample in family.samples
    }


def sample(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_livez_answers_without_asking_anything():
    answer = client().get("/livez")
    assert (answer.status_code, answer.text, answer.headers["cache-control"]) == (200, "ok", "no-store")


def test_readyz_is_ready_with_a_database_that_answers():
    answer = client().get("/readyz")
    assert answer.status_code == 200 and answer.json()["status"] == "ready"
    assert answer.json()["checks"]["database"] == "ok"


def test_readyz_names_its_checks_only_to_whoever_may_scrape_metrics(monkeypatch):
    """Through nginx (X-Forwarded-For) or from outside, the status alone: not the database's and outbox's state."""
    for public in (
        client().get("/readyz", headers={"X-Forwarded-For": "203.0.113.7"}),
        client(("203.0.113.7", 1)).get("/readyz"),
    ):
        assert public.status_code == 200 and public.json() == {"status": "ready"}
    monkeypatch.setattr(health, "settings", health.settings.model_copy(update={"metrics_token": "s" * 32}))
    probe = client(("203.0.113.7", 1)).get("/readyz", headers={"Authorization": "Bearer " + "s" * 32})
    assert probe.json()["checks"]["database"] == "ok"


def test_readyz_says_the_outbox_stalled_when_a_due_mail_waited_too_long(monkeypatch):
    monkeypatch.setattr(health, "settings", health.settings.model_copy(update={"smtp_host": "smtp.example"}))
    with db.session() as db_session:
        mail = OutboxMail(
            audience="staff",
            recipient="sales@example.com",
            subject="stuck",
            text_body="",
            html_body="",
            message_id=f"<{uuid.uuid4().hex}@test>",
            next_attempt_at=utc_now() - timedelta(seconds=health.settings.outbox_stall_seconds + 60),
        )
        db_session.add(mail)
        db_session.commit()
    try:
        answer = client().get("/readyz")
        assert answer.status_code == 503 and answer.json()["status"] == "not ready"
        assert answer.json()["checks"]["outbox"].startswith("stalled: ")
        assert answer.json()["checks"]["database"] == "ok"
    finally:
        with db.session() as db_session:
            db_session.delete(db_session.get(OutboxMail, mail.id))
            db_session.commit()
    assert client().get("/readyz").status_code == 200


def test_metrics_are_refused_through_a_proxy_and_from_other_addresses_without_the_token(monkeypatch):
    assert client().get("/metrics").status_code == 200
    assert client(("::1", 50000)).get("/metrics").status_code == 200
    assert client().get("/metrics", headers={"X-Forwarded-For": "203.0.113.7"}).status_code == 403
    assert client().get("/metrics", headers={"Forwarded": "for=203.0.113.7"}).status_code == 403
    assert client(("203.0.113.7", 50000)).get("/metrics").status_code == 403
    monkeypatch.setattr(health, "settings", health.settings.model_copy(update={"metrics_token": "s" * 32}))
    outside = client(("203.0.113.7", 50000))
    assert outside.get("/metrics", headers={"Authorization": "Bearer " + "s" * 32}).status_code == 200
    assert outside.get("/metrics", headers={"Authorization": "Bearer " + "t" * 32}).status_code == 403
    monkeypatch.setattr(
        health, "settings", health.settings.model_copy(update={"metrics_allowed_addresses": ("10.0.0.0/8",)})
    )
    assert client(("10.1.2.3", 50000)).get("/metrics").status_code == 200
    assert client().get("/metrics").status_code == 403


def test_leads_stored_and_refused_are_counted_by_kind_and_reason():
    before = scraped(client().get("/metrics").text)
    context = SubmissionContext("metrics-client")
    lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    with pytest.raises(LeadValidationError):
        lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], "email": "not an address"}, context)
    with pytest.raises(LeadRejected):
        lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("bot", honeypot="filled"))
    after = scraped(client().get("/metrics").text)

    def grew(name: str, **labels: str) -> float:
        return sample(after, name, **labels) - sample(before, name, **labels)

    assert grew("leads_stored_total", kind="ProductVideo", quarantined="false") == 1
    assert grew("leads_refused_total", kind="ScheduleDemo", reason="invalid") == 1
    assert grew("leads_refused_total", kind="ProductVideo", reason="honeypot") == 1
    assert sample(after, "database_up") == 1


def test_the_outbox_and_the_quarantine_are_read_from_the_database_at_scrape_time():
    before = scraped(client().get("/metrics").text)
    lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("fast", form_started_at=timestamp()))
    after = scraped(client().get("/metrics").text)
    assert sample(after, "leads_quarantined") == sample(before, "leads_quarantined") + 1
    assert sample(after, "outbox_held_mails") == sample(before, "outbox_held_mails") + 2  # staff + visitor mail
    assert {"outbox_due_mails", "outbox_oldest_due_age_seconds", "outbox_dead_mails"} <= {name for name, _ in after}


def test_api_requests_are_timed_by_route_and_status_and_other_paths_are_not():
    app = api.build_api()
    before = scraped(metrics.scrape().decode())
    with TestClient(app) as browser:
        assert browser.post("/api/ProductVideo", json=VALID["ProductVideo"]).status_code == 201
        assert browser.post("/api/ProductVideo", json={}).status_code == 422
        browser.get("/api/demo-slots")
        browser.get("/not-the-api")
    after = scraped(metrics.scrape().decode())

    def count(route: str, method: str, status: str) -> float:
        labels = {"route": route, "method": method, "status": status}
        return sample(after, "api_request_duration_seconds_count", **labels) - sample(
            before, "api_request_duration_seconds_count", **labels
        )

    assert count("/api/ProductVideo", "POST", "201") == 1 and count("/api/ProductVideo", "POST", "422") == 1
    assert count("/api/demo-slots", "GET", "200") == 1
    assert not any(dict(labels).get("route") == "/not-the-api" for _, labels in after)
    assert sample(after, "api_requests_in_progress") == 0


COUNTING_WORKER = """
import sys
from marketing_site.core import metrics
metrics.lead_stored("ProductVideo", False)
metrics.API_IN_PROGRESS.inc()
print("counted", flush=True)
if sys.argv[1] == "stay":
    sys.stdin.readline()
"""


def test_workers_are_summed_and_a_dead_workers_live_gauge_is_dropped(tmp_path):
    """Two worker processes count in one folder; one dies. The scrape sums both counters (what happened
    stays) and only the living worker's in-progress gauge (multiprocess_mode livesum + mark_process_dead)."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    script = textwrap.dedent(COUNTING_WORKER)
    living = subprocess.Popen(
        [sys.executable, "-c", script, "stay"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert living.stdout.readline().strip() == "counted"
        subprocess.run([sys.executable, "-c", script, "go"], cwd=ROOT, env=env, check=True, capture_output=True)
        scrape = subprocess.run(
            [sys.executable, "-c", "from marketing_site.core import metrics; print(metrics.scrape().decode())"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        living.communicate("\n", timeout=30)
    samples = scraped(scrape)
    assert sample(samples, "leads_stored_total", kind="ProductVideo", quarantined="false") == 2
    assert sample(samples, "api_requests_in_progress") == 1


def test_the_metrics_folder_starts_empty_once_per_process(tmp_path):
    folder = tmp_path / "metrics"
    folder.mkdir()
    (folder / "counter_12345.db").write_bytes(b"a dead run's counts")
    script = (
        "import os\n"
        "from marketing_site.core import metrics_directory\n"
        "print(metrics_directory.prepare(), os.listdir(os.environ['PROMETHEUS_MULTIPROC_DIR']))\n"
        "print(metrics_directory.prepare())\n"  # loaded again (Reflex may): the folder is not emptied twice
    )
    shown = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "METRICS_DIR": str(folder)},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    assert shown == [f"{folder} []", "None"]
