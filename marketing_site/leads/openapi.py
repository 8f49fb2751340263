"""The published OpenAPI description of each lead endpoint, derived from the input schemas and the
columns: every field's constraints the server enforces, and every answer it gives, so a
schema-driven fuzzer (schemathesis, tests/leads/test_lead_api_schema.py) finds no mismatch."""

from __future__ import annotations

from typing import Any

from marketing_site.leads.json_body import MAX_NUMBER_DIGITS

from marketing_site.content.forms import HONEYPOT_NAME
from marketing_site.leads import idempotency
from marketing_site.leads.schemas import CONTEXT_FIELDS, FORMS, FieldType, InputField, LeadKind, accepted_fields
from marketing_site.leads.validation import max_length

# Yes/No in any case with blanks around, a boolean, or nothing (= No), as validation.parse_flag reads them.
_FLAG = {"anyOf": [{"type": "string", "pattern": r"^\s*([Yy][Ee][Ss]|[Nn][Oo]|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])?\s*$"},
                   {"type": "boolean"}, {"type": "null"}]}
_VISIBLE = r"\S"  # required text must hold more than blanks
# Control characters validation refuses: those Python does not count as blanks (blanks are collapsed).
_NO_CONTROL = "^[^\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f]*$"
_ERROR = {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}
_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before trying again.", "required": True,
                                "schema": {"type": "string", "pattern": "^[0-9]+$"}}}


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {"description": description, "content": {"application/json": {"schema": _ERROR}}}
    if headers:
        answer["headers"] = headers
    return answer


RESPONSES: dict[str, dict[str, Any]] = {
    "201": {"description": "Stored (or, for a repeated Idempotency-Key, stored before): the lead's id.",
            "content": {"application/json": {"schema": {
                "type": "object", "required": ["id"], "additionalProperties": False,
                "properties": {"id": {"type": "integer", "minimum": 1}}}}}},
    "400": _error("The body is not a JSON object, holds an unreadable number, or the Idempotency-Key is malformed."),
    "413": {"description": "The body is larger than LEAD_MAX_BODY_BYTES."},
    "415": _error("The body is not sent as application/json."),
    "422": {"description": "Fields the client can fix, each with a message in plain words.",
            "content": {"application/json": {"schema": {
                "type": "object", "required": ["errors"],
                "properties": {"errors": {"type": "object", "additionalProperties": {"type": "string"}}}}}}},
    "429": _error("Too many leads from this client, or a spam trap fired; nothing stored.", _RETRY_AFTER),
    "503": _error("The database is unavailable; nothing stored.", _RETRY_AFTER),
}
IDEMPOTENCY_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                   "description": "Retries with the same key get the first answer and store nothing more.",
                   "schema": {"type": "string", "pattern": f"^[!-~]{{1,{idempotency.MAX_KEY_LENGTH}}}$"}}


def operation(kind: LeadKind) -> dict[str, Any]:
    """The ``openapi_extra`` of one endpoint: its body, its header and all its answers."""
    return {"parameters": [IDEMPOTENCY_KEY], "responses": RESPONSES,
            "requestBody": {"required": True, "content": {"application/json": {"schema": request_schema(kind)}}}}


def request_schema(kind: LeadKind) -> dict[str, Any]:
    form = FORMS[kind]
    properties = {spec.name: _property(spec) for spec in accepted_fields(form)}
    properties.update({spec.name: _property(spec) for spec in CONTEXT_FIELDS})
    properties[HONEYPOT_NAME] = {"anyOf": [{"type": "string", "pattern": r"^\s*$"}, {"type": "null"}],
                                 "description": "Hidden anti-bot field: must be empty (else 429)."}
    return {"type": "object", "properties": properties,
            "required": [spec.name for spec in form.fields if spec.required]}


def _property(spec: InputField) -> dict[str, Any]:
    """Exactly what validation accepts: text within the column's length (an integer is read as its
    digits), no control characters, non-blank when required, null for "not given" when optional."""
    if spec.type in (FieldType.FLAG, FieldType.CONSENT):
        return dict(_FLAG)
    limit = max_length(f"{spec.column}_raw" if spec.type is FieldType.PHONE else spec.column)
    digits = min(limit, MAX_NUMBER_DIGITS)
    types = ["string"] if spec.type is FieldType.EMAIL else ["string", "integer"]
    schema: dict[str, Any] = {"type": types if spec.required else [*types, "null"], "maxLength": limit,
                              "minimum": 1 - 10 ** (digits - 1), "maximum": 10 ** digits - 1}
    schema["allOf"] = [{"pattern": _NO_CONTROL}, *([{"pattern": _VISIBLE}] if spec.required else [])]
    if spec.type is FieldType.EMAIL:
        schema.update(format="email", description="The part before the @ holds at most 64 characters.")
    if spec.type is FieldType.PHONE:
        schema["description"] = "A number valid for its country: international (+44 ...) or Pakistani national format."
    return schema
