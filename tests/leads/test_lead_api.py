"""The JSON API over real HTTP: a uvicorn server on a free loopback port, the session database behind it."""

from __future__ import annotations

import asyncio
import copy
import json
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from lead_payloads import VALID
from reflex.config import get_config
from stored_leads import count, fetch

from marketing_site.build.csp_hashes import inline_script_hashes
from marketing_site.content.forms import HONEYPOT_NAME
from marketing_site.content.messages import message
from marketing_site.core import db, rate_limit
from marketing_site.leads import antispam, idempotency
from marketing_site.leads.schemas import LeadKind
from marketing_site.routes import DEMO_SLOTS_API as SLOTS_PATH
from marketing_site.settings import settings
from marketing_site.web import answers, api

KINDS = list(VALID)
FOREIGN = "https://evil.example"


@pytest.mark.parametrize("kind", KINDS)
def test_spec_payload_is_stored_and_read_back(client, kind):
    response = client.post(f"/api/{kind}", json=VALID[kind])
    assert response.status_code == 201 and set(response.json()) == {"id"}
    lead = fetch(response.json()["id"])
    assert (lead.kind, lead.email) == (kind, VALID[kind]["email"])


def test_origin_fields_are_stored(client):
    payload = {
        **VALID["ProductVideo"],
        "page": "/studentSmart",
        "utm_source": "mail",
        "consentTextVersion": "v1",
        "consentCommunications": "Yes",
    }
    response = client.post("/api/ProductVideo", json=payload, headers={"Referer": "https://school.example/x"})
    lead = fetch(response.json()["id"])
    assert (lead.source_page, lead.utm_source, lead.referrer, lead.consent_text_version) == (
        "/studentSmart",
        "mail",
        "https://school.example/x",
        "v1",
    )
    assert lead.consent_communications_at is not None and lead.consent_data_processing_at is None


def test_a_lead_that_names_no_origin_stores_empty_origin_fields(client):
    lead = fetch(client.post("/api/ProductVideo", json=VALID["ProductVideo"]).json()["id"])
    assert (lead.source_page, lead.referrer, lead.consent_text_version, lead.utm_source) == ("", "", "", "")


def test_a_long_referer_header_is_trimmed_not_an_error(client):
    response = client.post(
        "/api/ProductVideo", json=VALID["ProductVideo"], headers={"Referer": "https://school.example/?q=" + "x" * 1500}
    )
    assert response.status_code == 201
    assert len(fetch(response.json()["id"]).referrer) == 1000


def test_invalid_fields_get_422_with_messages(client):
    response = client.post("/api/ScheduleDemo", json={**VALID["ScheduleDemo"], "email": "x", "hrSmart": "maybe"})
    assert response.status_code == 422
    assert response.json() == {
        "errors": {
            "email": "Please enter a valid email address, like name@school.edu.",
            "hrSmart": "Please answer Yes or No for HR Smart.",
        }
    }


@pytest.mark.parametrize("body", [b"{", b"", b"[1, 2]", b'"text"', b"null", b"\xff\xfe{}", b"[" * 50000])
def test_malformed_json_gets_400(client, body):
    response = client.post("/api/ProductVideo", content=body, headers={"Content-Type": "application/json"})
    assert (response.status_code, response.json()) == (400, {"error": message("api.not_an_object")})


def test_a_number_too_long_to_read_gets_a_message_about_the_number(client):
    body = json.dumps(VALID["ProductVideo"])[:-1].encode() + b', "nStudent": 1' + b"1" * 5000 + b"}"
    response = client.post("/api/ProductVideo", content=body, headers={"Content-Type": "application/json"})
    assert (response.status_code, response.json()) == (400, {"error": message("api.number_too_long", limit=100)})
    assert "more than 100 digits" in response.json()["error"]


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_non_json_gets_415(client, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post("/api/ProductVideo", content=json.dumps(VALID["ProductVideo"]), headers=headers)
    assert (response.status_code, response.json()) == (415, {"error": message("api.json_only")})


def test_json_with_charset_is_accepted(client):
    response = client.post(
        "/api/ProductVideo",
        content=json.dumps(VALID["ProductVideo"]).encode(),
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert response.status_code == 201


def test_body_over_the_limit_gets_413(client):
    big = {**VALID["ProductVideo"], "product": "x" * settings.max_body_bytes}
    before = count(LeadKind.PRODUCT_VIDEO)
    assert client.post("/api/ProductVideo", json=big).status_code == 413

    def chunks():  # no Content-Length: the streamed bytes are what gets counted
        yield json.dumps(big).encode()

    streamed = client.post("/api/ProductVideo", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    assert count(LeadKind.PRODUCT_VIDEO) == before


WEIRD_VALUES = [
    None,
    0,
    -1,
    1e308,
    True,
    [],
    {},
    [{"a": []}],
    "",
    " ",
    "\u0000",
    "x" * 5000,
    "'; DROP TABLE x;--",
    "\u202e\u200b",
    "😀" * 50,
]


@pytest.mark.parametrize("kind", KINDS)
def test_no_input_ever_gets_a_500(client, kind):
    statuses = set()
    for field in [*VALID[kind], "page", "referrer", "utm_source", "consentCommunications", "consentTextVersion"]:
        for value in WEIRD_VALUES:
            statuses.add(client.post(f"/api/{kind}", json={**VALID[kind], field: value}).status_code)
        raw = json.dumps({**VALID[kind], field: "PLACEHOLDER"}).replace("PLACEHOLDER", "\\ud800")
        statuses.add(client.post(f"/api/{kind}", content=raw, headers={"Content-Type": "application/json"}).status_code)
    assert statuses <= {201, 422}


def test_rate_limit_gets_429_with_retry_after(client):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1))
    assert client.post("/api/ProductVideo", json=VALID["ProductVideo"]).status_code == 201
    limited = client.post("/api/ProductVideo", json=VALID["ProductVideo"])
    assert limited.status_code == 429 and limited.headers["Retry-After"] == "60"
    assert limited.json() == {"error": message("lead.rejected")}


def test_honeypot_gets_the_same_answer_and_stores_nothing(client):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1))
    before = count(LeadKind.PRODUCT_VIDEO)
    trapped = client.post("/api/ProductVideo", json={**VALID["ProductVideo"], HONEYPOT_NAME: "http://spam"})
    assert count(LeadKind.PRODUCT_VIDEO) == before
    client.post("/api/ProductVideo", json=VALID["ProductVideo"])
    limited = client.post("/api/ProductVideo", json=VALID["ProductVideo"])
    assert (trapped.status_code, trapped.json(), trapped.headers["Retry-After"]) == (
        limited.status_code,
        limited.json(),
        limited.headers["Retry-After"],
    )


def test_idempotent_retry_returns_the_first_answer(client):
    headers = {"Idempotency-Key": "order-42"}
    first = client.post("/api/SignupDemo", json=VALID["SignupDemo"], headers=headers)
    before = count(LeadKind.SIGNUP_DEMO)
    retry = client.post("/api/SignupDemo", json=VALID["SignupDemo"], headers=headers)
    assert (retry.status_code, retry.json()) == (first.status_code, first.json()) == (201, first.json())
    assert count(LeadKind.SIGNUP_DEMO) == before


def test_concurrent_idempotent_posts_store_once(client):
    before = count(LeadKind.PRODUCT_DEMO)

    def post(_):
        return client.post("/api/ProductDemo", json=VALID["ProductDemo"], headers={"Idempotency-Key": "c-1"})

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(post, range(8)))
    assert {(a.status_code, a.text) for a in answers} == {(201, answers[0].text)}
    assert count(LeadKind.PRODUCT_DEMO) == before + 1


@pytest.mark.parametrize("key", ["has space", "x" * 201, "tab\tkey", ""])
def test_bad_idempotency_key_gets_400(client, key):
    answer = client.post("/api/ProductVideo", json=VALID["ProductVideo"], headers={"Idempotency-Key": key})
    assert (answer.status_code, answer.json()) == (400, {"error": message("api.idempotency_key")})


@pytest.mark.parametrize("key", ["k", "!", "~", "x" * 200])
def test_a_key_of_visible_ascii_up_to_200_characters_is_accepted(client, key):
    """The published pattern ^[!-~]{1,200}$, at each of its ends."""
    assert (
        client.post("/api/ProductVideo", json=VALID["ProductVideo"], headers={"Idempotency-Key": key}).status_code
        == 201
    )


def test_a_key_with_the_delete_character_past_tilde_is_invalid():
    assert not idempotency.key_is_valid("del\x7f")  # no HTTP client sends it in a header, so asked directly


def test_cors_allows_only_the_site(client):
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}
    allowed = client.options("/api/ProductVideo", headers={"Origin": settings.site_url, **preflight})
    assert allowed.status_code == 200 and allowed.headers["access-control-allow-origin"] == settings.site_url
    assert allowed.headers["access-control-allow-methods"] == "GET, POST"
    foreign = client.options("/api/ProductVideo", headers={"Origin": FOREIGN, **preflight})
    assert "access-control-allow-origin" not in foreign.headers
    posted = client.post("/api/ProductVideo", json=VALID["ProductVideo"], headers={"Origin": FOREIGN})
    assert "access-control-allow-origin" not in posted.headers
    posted = client.post("/api/ProductVideo", json=VALID["ProductVideo"], headers={"Origin": settings.site_url})
    assert posted.headers["access-control-allow-origin"] == settings.site_url


@pytest.mark.parametrize(("path", "method"), [("/api/ProductVideo", "POST"), (SLOTS_PATH, "GET")])
def test_the_sites_preflight_for_each_api_method_is_granted_for_ten_minutes(client, path, method):
    """A browser on the site preflights a POST with an Idempotency-Key (and JSON), or a GET of the slots."""
    asked = {
        "Origin": settings.site_url,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "content-type, idempotency-key",
    }
    granted = client.options(path, headers=asked)
    assert granted.status_code == 200
    assert granted.headers["access-control-allow-headers"] == (
        "Accept, Accept-Language, Content-Language, Content-Type, Idempotency-Key"
    )
    assert granted.headers["access-control-max-age"] == "600"
    refused = client.options(path, headers={**asked, "Access-Control-Request-Method": "PUT"})
    assert (refused.status_code, refused.text) == (400, "Disallowed CORS method")
    refused = client.options(path, headers={**asked, "Access-Control-Request-Headers": "x-secret"})
    assert (refused.status_code, refused.text) == (400, "Disallowed CORS headers")


@pytest.mark.parametrize("method", ["GET", "PUT", "PATCH", "DELETE"])
def test_other_methods_get_405_naming_post_in_the_client_language(client, method):
    for language, header in (("en", ""), ("ar", "ar-OM,ar;q=0.9")):
        answer = client.request(method, "/api/ProductVideo", headers={"Accept-Language": header})
        assert (answer.status_code, answer.headers["Allow"], answer.json()) == (
            405,
            "POST, OPTIONS",
            {"error": message("api.post_only", language)},
        )


def test_a_plain_options_request_is_told_what_is_allowed(client):
    """Not a CORS preflight (no Origin): the endpoint answers it itself, with no body."""
    answer = client.options("/api/ProductVideo")
    assert (answer.status_code, answer.headers["Allow"], answer.content) == (204, "POST, OPTIONS", b"")


def test_openapi_is_published_outside_production(client):
    schema = client.get("/api/openapi.json").json()
    assert schema["info"] == {"title": "Lead capture API", "version": "1"}
    assert [client.get(path).status_code for path in ("/redoc", "/docs", "/openapi.json")] == [404, 404, 404]
    body = schema["paths"]["/api/ScheduleDemo"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert "studnetSmart" in body["properties"] and "firstName" in body["required"]
    docs = client.get("/api/docs")
    assert docs.status_code == 200
    assert "<title>Lead capture API</title>" in docs.text and "url: '/api/openapi.json'" in docs.text
    # Its own policy (the site's would refuse Swagger UI): its CDN and its one inline script, by hash.
    (digest,) = inline_script_hashes(docs.text)
    assert docs.headers["content-security-policy"] == (
        f"default-src 'none'; script-src {api.SWAGGER_CDN} 'sha256-{digest}'; style-src {api.SWAGGER_CDN} "
        "'unsafe-inline'; img-src https://fastapi.tiangolo.com data:; connect-src 'self'; frame-ancestors 'none'; "
        "object-src 'none'; base-uri 'none'"
    )


def test_the_document_lists_each_endpoint_once_with_the_answers_it_gives(client):
    """Only the POSTs and the booking endpoints are published (not the docs page, not the 405 routes), each
    with a stable operation id and summary for generated clients, and only answers the server gives."""
    paths = client.get("/api/openapi.json").json()["paths"]
    assert {path: set(operations) for path, operations in paths.items()} == {
        **{f"/api/{kind}": {"post"} for kind in KINDS},
        "/api/demo-slots": {"get"},
        "/api/demo-bookings": {"post"},
    }
    for kind in KINDS:
        operation = paths[f"/api/{kind}"]["post"]
        assert (operation["operationId"], operation["summary"]) == (f"{kind}_api_{kind}_post", f"Store a {kind} lead")
        assert set(operation["responses"]) == {"201", "400", "413", "415", "422", "429", "503"}
    booking = paths["/api/demo-bookings"]["post"]
    body = booking["requestBody"]["content"]["application/json"]["schema"]
    assert booking["requestBody"]["required"] is True and [p["name"] for p in booking["parameters"]] == [
        "Idempotency-Key"
    ]
    assert {"slotId", "timeZone", "email"} <= set(body["required"]) <= set(body["properties"])
    assert set(booking["responses"]) == {"201", "400", "409", "413", "415", "422", "429", "503"}


def test_a_client_without_an_address_is_named_unknown(monkeypatch):
    """A server on a Unix socket passes no client address: such requests share one bucket, "unknown"."""
    limiter = rate_limit.MemoryRateLimiter(limit=1)
    antispam.use_rate_limiter(limiter)

    async def statuses() -> list[int]:
        transport = httpx.ASGITransport(app=api.build_api(), client=None)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            return [(await http.post("/api/ProductVideo", json=VALID["ProductVideo"])).status_code for _ in range(2)]

    assert asyncio.run(statuses()) == [201, 429]
    assert limiter.used("unknown") == 1


def test_openapi_is_hidden_in_production(monkeypatch):
    monkeypatch.setattr(api, "settings", settings.model_copy(update={"environment": "prod"}))

    async def statuses() -> list[int]:
        transport = httpx.ASGITransport(app=api.build_api())
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            return [(await http.get(path)).status_code for path in ("/api/openapi.json", "/api/docs")]

    assert asyncio.run(statuses()) == [404, 404]


@pytest.mark.parametrize("headers", [{}, {"Idempotency-Key": "retry-while-down"}], ids=["plain", "idempotency-key"])
def test_database_outage_gets_503_with_retry_after_and_stores_nothing(database_url, headers, caplog):
    """A lead that could not be committed is never acknowledged: 503 + Retry-After, not a 201 or a bare 500,
    also when the key lookup is the first thing to reach the database."""

    async def post() -> httpx.Response:
        transport = httpx.ASGITransport(app=api.build_api())
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            return await http.post("/api/ProductVideo", json=VALID["ProductVideo"], headers=headers)

    before = count(LeadKind.PRODUCT_VIDEO)
    db.configure_engine("postgresql+psycopg://postgres@127.0.0.1:1/unreachable")  # nothing listens on port 1
    try:
        response = asyncio.run(post())
    finally:
        db.configure_engine(database_url)
    assert response.status_code == 503 and response.headers["retry-after"] == str(answers.DATABASE_RETRY_AFTER_SECONDS)
    assert response.json() == {"error": message("lead.not_stored")}
    assert count(LeadKind.PRODUCT_VIDEO) == before
    assert "Storing a ProductVideo lead failed: database unavailable" in caplog.messages


def trusting(monkeypatch, hops: int) -> None:
    """Reflex's trusted_proxy_hops as the server thread sees it (get_config() is cached per thread context)."""
    config = copy.copy(get_config())
    config.trusted_proxy_hops = hops
    monkeypatch.setattr(answers, "get_config", lambda: config)


def test_behind_a_trusted_proxy_each_visitor_has_their_own_rate_limit(client, monkeypatch):
    """With REFLEX_TRUSTED_PROXY_HOPS=1 (one nginx in front, as for the websocket) X-Forwarded-For names the client."""
    trusting(monkeypatch, hops=1)
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1))
    for visitor, separator in (("198.51.100.1", ", "), ("198.51.100.2", ",")):  # proxies write either
        headers = {"X-Forwarded-For": f"203.0.113.50{separator}{visitor}"}  # spoofed first hop, then nginx's entry
        assert client.post("/api/ProductVideo", json=VALID["ProductVideo"], headers=headers).status_code == 201
    again = client.post("/api/ProductVideo", json=VALID["ProductVideo"], headers={"X-Forwarded-For": "198.51.100.2"})
    assert again.status_code == 429


def test_a_trusted_proxy_that_adds_no_x_forwarded_for_leaves_the_peer_address(client, monkeypatch):
    trusting(monkeypatch, hops=1)
    limiter = rate_limit.MemoryRateLimiter(limit=1)
    antispam.use_rate_limiter(limiter)
    assert client.post("/api/ProductVideo", json=VALID["ProductVideo"]).status_code == 201
    assert client.post("/api/ProductVideo", json=VALID["ProductVideo"]).status_code == 429
    assert limiter.used("127.0.0.1") == 1  # the peer's bucket


def test_without_trusted_proxies_x_forwarded_for_is_ignored(client, monkeypatch):
    trusting(monkeypatch, hops=0)
    limiter = rate_limit.MemoryRateLimiter(limit=1)
    antispam.use_rate_limiter(limiter)
    assert (
        client.post(
            "/api/ProductVideo", json=VALID["ProductVideo"], headers={"X-Forwarded-For": "198.51.100.3"}
        ).status_code
        == 201
    )
    assert (
        client.post(
            "/api/ProductVideo", json=VALID["ProductVideo"], headers={"X-Forwarded-For": "198.51.100.4"}
        ).status_code
        == 429
    )
    assert limiter.used("127.0.0.1") == 1 and limiter.used("198.51.100.3") == 0  # the peer's bucket


TYPED = {
    "firstName": "<script>alert('x')</script>",
    "lastName": '=HYPERLINK("http://evil.example","CV")',
    "school": "\u202eloohcS neerG\u202c & <b>Sons</b>",
    "job": "+cmd|' /C calc'!A0",
    "mis": "@SUM(1+1)*cmd|' /C calc'!A0",
    "ss": "-2+3",
    "about": "مدرسة \u200fالنور",
}


def test_text_is_stored_exactly_as_typed(client):
    """Markup, spreadsheet formulas and bidi controls are data: stored verbatim, escaped by whoever shows them."""
    response = client.post("/api/ProductDemo", json={**VALID["ProductDemo"], **TYPED})
    lead = fetch(response.json()["id"])
    assert (
        lead.first_name,
        lead.last_name,
        lead.school,
        lead.job_title,
        lead.current_system,
        lead.current_product_use,
        lead.heard_about_us,
    ) == tuple(TYPED.values())


def test_errors_come_in_the_language_the_client_asks_for(client):
    payload = {**VALID["ScheduleDemo"], "email": "x"}
    arabic = client.post("/api/ScheduleDemo", json=payload, headers={"Accept-Language": "ar-OM,ar;q=0.9,en;q=0.5"})
    assert arabic.status_code == 422
    assert arabic.json() == {"errors": {"email": message("email.invalid", "ar")}}
    for header in ("fr-FR", "en;q=0.9,ar;q=0.1", "ar;q=0"):
        answer = client.post("/api/ScheduleDemo", json=payload, headers={"Accept-Language": header})
        assert answer.json() == {"errors": {"email": message("email.invalid", "en")}}, header
