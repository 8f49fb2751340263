"""The published request schema (GET /api/openapi.json) is the one the server enforces, probed value by value:
each field at and past its published length and number limits, blank, null, a control character, a Yes/No.

Deterministic where the schema fuzzer (test_lead_api_schema.py) samples, and read from the API built for
the test, so a change to how the document is derived is probed too.
"""

from __future__ import annotations

import json

import jsonschema_rs
import pytest
from lead_payloads import VALID

from marketing_site.content.forms import HONEYPOT_NAME

KINDS = list(VALID)
# JSON Schema cannot say which addresses and numbers exist: the server may refuse these when the schema allows.
SEMANTIC = {"email", "phone", "contactNo"}
# ... and past every limit a column or the body's number reader has, whatever the document says.
PROBES = ["", "  ", "x", "Yes", " no ", "maybe", True, None, 7, -7, "a\x07b", "a\x85b", "x" * 4001, 10**100, -(10**100)]


def published_body(client, path: str) -> dict:
    operation = client.get("/api/openapi.json").json()["paths"][path]["post"]
    assert operation["requestBody"]["required"] is True
    return operation["requestBody"]["content"]["application/json"]["schema"]


def limits(published: dict) -> list:
    """Each published limit and the first value past it."""
    values = []
    if "maxLength" in published:
        values += ["x" * published["maxLength"], "x" * (published["maxLength"] + 1)]
    if "maximum" in published:
        values += [published["maximum"], published["maximum"] + 1, published["minimum"], published["minimum"] - 1]
    return values


@pytest.mark.parametrize("kind", KINDS)
def test_every_field_accepts_exactly_what_its_published_schema_allows(client, kind):
    body = published_body(client, f"/api/{kind}")
    mismatches, shapes = [], set()
    for name, published in body["properties"].items():
        allows = jsonschema_rs.validator_for(published)
        shape = json.dumps(published, sort_keys=True)  # the common probes once per shape (17 checkboxes share one)
        for value in limits(published) + (PROBES if shape not in shapes else []):
            answer = client.post(f"/api/{kind}", json={**VALID[kind], name: value})
            refused = answer.status_code != 201
            if refused and answer.status_code == 422:
                assert name in answer.json()["errors"], (name, value, answer.text)  # refused for this field only
            if refused != (not allows.is_valid(value)) and not (refused and name in SEMANTIC):
                mismatches.append((name, repr(value)[:40], answer.status_code))
        shapes.add(shape)
    assert not mismatches


@pytest.mark.parametrize("kind", KINDS)
def test_a_body_that_is_not_an_object_is_refused_as_published(client, kind):
    allows = jsonschema_rs.validator_for(published_body(client, f"/api/{kind}"))
    assert allows.is_valid(VALID[kind])
    for body in ([VALID[kind]], "text", 7, None):
        sent = client.post(f"/api/{kind}", content=json.dumps(body), headers={"Content-Type": "application/json"})
        assert not allows.is_valid(body) and sent.status_code == 400


@pytest.mark.parametrize("kind", KINDS)
def test_the_published_required_fields_are_the_ones_the_server_asks_for(client, kind):
    body = published_body(client, f"/api/{kind}")
    required = set(body["required"])
    only_required = {name: value for name, value in VALID[kind].items() if name in required}
    assert client.post(f"/api/{kind}", json=only_required).status_code == 201
    for name in required:
        answer = client.post(f"/api/{kind}", json={key: value for key, value in only_required.items() if key != name})
        assert (answer.status_code, list(answer.json()["errors"])) == (422, [name])
    assert HONEYPOT_NAME in body["properties"] and HONEYPOT_NAME not in required
