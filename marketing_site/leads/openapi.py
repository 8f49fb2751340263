"""Request-body JSON Schemas for the published API docs, derived from the input schemas."""

from __future__ import annotations

from typing import Any

from marketing_site.content.forms import HONEYPOT_NAME
from marketing_site.leads.schemas import CONTEXT_FIELDS, FORMS, FieldType, InputField, LeadKind, accepted_fields
from marketing_site.leads.validation import max_length

_FLAG = {"anyOf": [{"type": "string", "enum": ["Yes", "No"]}, {"type": "boolean"}]}


def request_schema(kind: LeadKind) -> dict[str, Any]:
    form = FORMS[kind]
    properties = {spec.name: _property(spec) for spec in accepted_fields(form)}
    properties.update({spec.name: {"type": "string"} for spec in CONTEXT_FIELDS})
    properties[HONEYPOT_NAME] = {"type": "string", "description": "Hidden anti-bot field: must be empty."}
    return {"type": "object", "properties": properties,
            "required": [spec.name for spec in form.fields if spec.required]}


def _property(spec: InputField) -> dict[str, Any]:
    if spec.type in (FieldType.FLAG, FieldType.CONSENT):
        return dict(_FLAG)
    column = f"{spec.column}_raw" if spec.type is FieldType.PHONE else spec.column
    schema: dict[str, Any] = {"type": "string", "maxLength": max_length(column)}
    if spec.type is FieldType.EMAIL:
        schema["format"] = "email"
    if spec.type is FieldType.PHONE:
        schema["description"] = "International (+44 ...) or Pakistani national format."
    return schema
