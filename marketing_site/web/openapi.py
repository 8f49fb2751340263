"""The published OpenAPI description of each lead endpoint, derived from the input schemas and the
columns: every field's constraints the server enforces, and every answer it gives, so a
schema-driven fuzzer (schemathesis, tests/leads/test_lead_api_schema.py) finds no mismatch."""

from __future__ import annotations

from typing import Any

from sqlmodel import SQLModel

from marketing_site.booking.slots import SLOT_ID_PATTERN, ZONE_PATTERN
from marketing_site.content.forms import HONEYPOT_NAME
from marketing_site.leads import attribution, idempotency
from marketing_site.leads.models import Lead, LeadTouch, Touch
from marketing_site.leads.schemas import CONTEXT_FIELDS, FieldType, InputField, LeadKind, accepted_fields, lead_form
from marketing_site.leads.validation import EMAIL_LOCAL_PART_LIMIT, max_length
from marketing_site.web.json_body import MAX_NUMBER_DIGITS

# Yes/No in any case with blanks around, a boolean, or nothing (= No), as validation.parse_flag reads them.
_FLAG = {
    "anyOf": [
        {"type": "string", "pattern": r"^\s*([Yy][Ee][Ss]|[Nn][Oo]|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])?\s*$"},
        {"type": "boolean"},
        {"type": "null"},
    ]
}
# Required text must hold more than blanks: Python's blanks, which validation collapses, include \x1c-\x1f
# and \x85 that a JSON Schema \S would count as visible.
_VISIBLE = "[^\\s\x1c-\x1f\x85]"
# Control characters validation refuses: those Python does not count as blanks (blanks are collapsed).
_NO_CONTROL = "^[^\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f]*$"
_ERROR = {
    "application/json": {
        "schema": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}
    }
}
_RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "required": True,
        "schema": {"type": "string", "pattern": "^[0-9]+$"},
    }
}

# JSON types a text field takes (an integer is read as its digits), where not both.
_JSON_TYPES = {FieldType.EMAIL: ["string"]}
# What a schema cannot check, said to integrators; and the address's standard format.
_ANNOTATIONS: dict[FieldType, dict[str, str]] = {
    FieldType.EMAIL: {
        "format": "email",
        "description": f"The part before the @ holds at most {EMAIL_LOCAL_PART_LIMIT} characters.",
    },
    FieldType.PHONE: {
        "description": "A number valid for its country: international (+44 ...) or Pakistani national format."
    },
}
_HONEYPOT = {
    "anyOf": [{"type": "string", "pattern": r"^\s*$"}, {"type": "null"}],
    "description": "Hidden anti-bot field: must be empty (else 429).",
}

RESPONSES: dict[str, dict[str, Any]] = {
    "201": {
        "description": "Stored (or, for a repeated Idempotency-Key, stored before): the lead's id.",
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["id"],
                    "additionalProperties": False,
                    "properties": {"id": {"type": "integer", "minimum": 1}},
                }
            }
        },
    },
    "400": {
        "description": "The body is not a JSON object, holds an unreadable number, or the Idempotency-Key is "
        "malformed.",
        "content": _ERROR,
    },
    "413": {"description": "The body is larger than LEAD_MAX_BODY_BYTES."},
    "415": {"description": "The body is not sent as application/json.", "content": _ERROR},
    "422": {
        "description": "Fields the client can fix, each with a message in plain words.",
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["errors"],
                    "properties": {"errors": {"type": "object", "additionalProperties": {"type": "string"}}},
                }
            }
        },
    },
    "429": {
        "description": "Too many leads from this client, or a spam trap fired; nothing stored.",
        "content": _ERROR,
        "headers": _RETRY_AFTER,
    },
    "503": {"description": "The database is unavailable; nothing stored.", "content": _ERROR, "headers": _RETRY_AFTER},
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "Retries with the same key get the first answer and store nothing more.",
    "schema": {"type": "string", "pattern": f"^[!-~]{{1,{idempotency.MAX_KEY_LENGTH}}}$"},
}


def operation(kind: LeadKind) -> dict[str, Any]:
    """The ``openapi_extra`` of one endpoint: its body, its header and all its answers."""
    return {
        "parameters": [IDEMPOTENCY_KEY],
        "responses": RESPONSES,
        "requestBody": {"required": True, "content": {"application/json": {"schema": request_schema(kind)}}},
    }


def request_schema(kind: LeadKind) -> dict[str, Any]:
    form = lead_form(kind)
    properties = {spec.name: _property(spec) for spec in accepted_fields(form)}
    properties.update({spec.name: _property(spec) for spec in CONTEXT_FIELDS})
    properties[HONEYPOT_NAME] = dict(_HONEYPOT)
    properties.update({name: touch_schema(touch) for touch, name in attribution.API_NAMES.items()})
    return {
        "type": "object",
        "properties": properties,
        "required": [spec.name for spec in form.fields if spec.required],
    }


_TOUCH_WORDS = {
    Touch.FIRST: f"The visit that first brought the person (their browser keeps it {attribution.KEPT_DAYS} days)",
    Touch.LAST: "The latest visit that brought campaign parameters (UTM or a click ID)",
}


def touch_schema(touch: Touch) -> dict[str, Any]:
    """A first or last touch (leads/attribution.py): optional, each field optional, unknown fields ignored."""
    properties = {
        field: _property(InputField(field, column), LeadTouch) for field, column in attribution.TEXT_FIELDS.items()
    }
    properties[attribution.LANDED_AT] = {
        "type": ["string", "null"],
        "format": "date-time",
        "maxLength": attribution.MOMENT_LENGTH,
        "description": "When that visit began: ISO 8601 with its offset.",
    }
    return {
        "type": ["object", "null"],
        "properties": properties,
        "description": f"{_TOUCH_WORDS[touch]}: its landing address, referrer, UTM parameters and click IDs; "
        "stored with the lead and shown to staff as its source.",
    }


def _property(spec: InputField, model: type[SQLModel] = Lead) -> dict[str, Any]:
    """Exactly what validation accepts: text within the column's length (an integer is read as its
    digits), no control characters, non-blank when required, null for "not given" when optional."""
    if spec.type in (FieldType.FLAG, FieldType.CONSENT):
        return dict(_FLAG)
    limit = max_length(f"{spec.column}_raw" if spec.type is FieldType.PHONE else spec.column, model)
    types = _JSON_TYPES.get(spec.type, ["string", "integer"])
    # An integer's digits must fit the column (a minus sign takes one place) and the body's number limit.
    schema: dict[str, Any] = {
        "type": types if spec.required else [*types, "null"],
        "maxLength": limit,
        "minimum": 1 - 10 ** min(limit - 1, MAX_NUMBER_DIGITS),
        "maximum": 10 ** min(limit, MAX_NUMBER_DIGITS) - 1,
    }
    schema["allOf"] = [{"pattern": _NO_CONTROL}, *([{"pattern": _VISIBLE}] if spec.required else [])]
    schema.update(_ANNOTATIONS.get(spec.type, {}))
    return schema


# Demo booking (issue 11): the slot listing and the booking endpoint, in the same document.
MAX_SLOT_DAYS = 62  # the longest listing one request may ask for
_TIME_ZONE = {
    "type": "string",
    "pattern": f"^{ZONE_PATTERN}$",
    "maxLength": 64,
    "description": "An IANA time zone, e.g. Europe/London or Asia/Karachi.",
}
_SLOT: dict[str, Any] = {
    "type": "object",
    "required": ["id", "start", "end", "host"],
    "properties": {
        "id": {"type": "string", "pattern": f"^{SLOT_ID_PATTERN}$"},
        "start": {"type": "string", "format": "date-time", "description": "ISO 8601 with the visitor's offset."},
        "end": {"type": "string", "format": "date-time"},
        "host": {"type": "string", "description": "The host's display name."},
    },
}
_FIELD_ERRORS = RESPONSES["422"]


DEMO_SLOTS_OPERATION = {
    "parameters": [
        {
            "name": "from",
            "in": "query",
            "required": False,
            "schema": {"type": "string", "format": "date"},
            "description": "First day, on the visitor's calendar (default: today).",
        },
        {
            "name": "days",
            "in": "query",
            "required": False,
            "schema": {"type": "integer", "minimum": 1, "maximum": MAX_SLOT_DAYS},
            "description": "How many days (default 7).",
        },
        {
            "name": "tz",
            "in": "query",
            "required": False,
            "schema": _TIME_ZONE,
            "description": "The visitor's time zone (default UTC): the slots' times are given in it.",
        },
    ],
    "responses": {
        "200": {
            "description": "The free slots in start order.",
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["timeZone", "slots"],
                        "properties": {"timeZone": {"type": "string"}, "slots": {"type": "array", "items": _SLOT}},
                    }
                }
            },
        },
        "422": _FIELD_ERRORS,
        "503": RESPONSES["503"],
    },
}
_BOOKING = {
    "type": "object",
    "required": ["id", "slotId", "start", "end", "host", "timeZone", "status"],
    "properties": {
        **_SLOT["properties"],
        "id": {"type": "integer", "minimum": 1},
        "slotId": _SLOT["properties"]["id"],
        "timeZone": {"type": "string"},
        "status": {"type": "string", "enum": ["booked", "cancelled"]},
    },
}
_BOOKING_RESPONSES = {
    **RESPONSES,
    "201": {
        "description": "Stored and booked (or, for a repeated Idempotency-Key, before): the lead's id and the booking.",
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["id", "booking"],
                    "properties": {"id": {"type": "integer", "minimum": 1}, "booking": _BOOKING},
                }
            }
        },
    },
    "409": {
        "description": "That slot was just taken (or is inside the minimum notice): nothing stored; the next "
        "free slots.",
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["error", "nextSlots"],
                    "properties": {"error": {"type": "string"}, "nextSlots": {"type": "array", "items": _SLOT}},
                }
            }
        },
    },
}
_SLOT_CHOICE = {
    "slotId": {
        "type": "string",
        "pattern": f"^{SLOT_ID_PATTERN}$",
        "description": "A slot id from GET /api/demo-slots.",
    },
    "timeZone": _TIME_ZONE,
}


def demo_booking_operation() -> dict[str, Any]:
    """ScheduleDemo's body plus the chosen slot and the visitor's zone; 409 when the slot is gone."""
    body = request_schema(LeadKind.SCHEDULE_DEMO)
    body["properties"].update(_SLOT_CHOICE)
    body["required"] = [*body["required"], *_SLOT_CHOICE]
    return {
        "parameters": [IDEMPOTENCY_KEY],
        "responses": _BOOKING_RESPONSES,
        "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
    }
