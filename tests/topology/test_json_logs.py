"""Production's log output, as supervisord keeps it (LOG_FORMAT=json, REFLEX_LOG_JSON=1): every line a JSON
object, the app's lines with the request's id (nginx's, also sent back as X-Request-ID) and, once a lead is
stored, its id; and a visitor's name, e-mail and phone in no line of any process."""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path

import httpx
from leads.lead_payloads import VALID
from topology_load import form_visit

from marketing_site.content.forms import HONEYPOT_NAME
from scripts.harness.topology import Topology

NAME, PHONE = "Zainab Logprobe", "+92 300 7654321"


def _logs(stack: Topology) -> list[Path]:
    return [path for path in sorted(stack.run_dir.glob("*.log")) if path.name.startswith(("backend-", "background"))]


def log_lines(stack: Topology, since: dict[Path, int] | None = None) -> list[dict]:
    """Every line of the backends' and the loops' logs, or those written after ``since`` (a size per file)."""
    lines = []
    for path in _logs(stack):
        with path.open("rb") as log:
            log.seek((since or {}).get(path, 0))
            for line in log.read().decode(errors="replace").splitlines():
                if line.strip():
                    parsed = json.loads(line)  # a line that is not JSON fails the test here
                    assert isinstance(parsed, dict), (path.name, line)
                    lines.append(parsed)
    return lines


def test_every_line_is_json_with_the_request_and_lead_ids_and_no_visitor_data(stack: Topology):
    """The stack is shared by the topology tests: the ids are checked on the lines of this test's own requests
    (a backend killed by another test leaves lines of its own faults), the JSON and the privacy on all."""
    before = {path: path.stat().st_size for path in _logs(stack)}
    email = f"logprobe-{uuid.uuid4().hex[:8]}@school.edu"
    lead = {**VALID["ProductVideo"], "name": NAME, "email": email, "contactNo": PHONE}
    stored = httpx.post(f"{stack.api_url}/api/ProductVideo", json=lead, timeout=20)
    assert stored.status_code == 201
    request_id, lead_id = stored.headers["x-request-id"], stored.json()["id"]
    trapped = httpx.post(
        f"{stack.api_url}/api/ProductVideo", json={**lead, HONEYPOT_NAME: "bot"}, timeout=20
    )  # refused, and logged
    form_email = f"logform-{uuid.uuid4().hex[:8]}@school.edu"
    go = asyncio.Event()
    go.set()
    assert asyncio.run(form_visit(stack.api_url, form_email, go)).submitted
    assert len(request_id) == 32 and trapped.headers["x-request-id"] not in ("", request_id)

    lines = log_lines(stack)
    ours = [line for line in log_lines(stack, before) if str(line.get("logger", "")).startswith("marketing_site")]
    assert ours and all(line.get("request_id") for line in ours), [line for line in ours if not line.get("request_id")]
    [stored_line] = [line for line in ours if line.get("request_id") == request_id]
    assert stored_line["lead_id"] == lead_id and stored_line["message"] == "Stored a ProductVideo lead"
    assert any(line["message"] == "Lead rejected by honeypot trap" for line in ours)
    text = json.dumps(lines)
    for private in (NAME, email, form_email, PHONE, PHONE.replace(" ", ""), "7654321"):
        assert private not in text, private
