"""The served backend (Reflex with the lead API mounted) answers malformed requests with a 4xx and a
reason, never a 500 or a misleading 404: probes a fuzzer or a careless client sends."""

from __future__ import annotations

import uuid

import httpx
import pytest
from samples import PDF

from marketing_site.content.messages import message
from marketing_site.state.careers import CareersState


@pytest.mark.parametrize("method", ["GET", "PUT", "PATCH", "DELETE"])
def test_other_methods_on_a_lead_endpoint_get_405_naming_post(backend_url, method):
    answer = httpx.request(method, f"{backend_url}/api/ScheduleDemo", timeout=10)
    assert (answer.status_code, answer.headers["allow"]) == (405, "POST, OPTIONS")
    assert answer.json() == {"error": message("api.post_only")}


def test_a_file_part_without_a_file_name_gets_400_not_500(backend_url):
    headers = {"Reflex-Client-Token": uuid.uuid4().hex, "Reflex-Event-Handler": f"{CareersState.get_full_name()}.apply"}
    answer = httpx.post(
        f"{backend_url}/_upload", files={"files": ("", PDF, "application/pdf")}, headers=headers, timeout=30
    )
    assert (answer.status_code, answer.text) == (400, message("upload.no_file_name"))
