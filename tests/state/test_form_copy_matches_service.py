"""The forms post exactly the names the lead service reads, so no typed answer is silently dropped.

(Which fields are required and the careers positions need no such check: the service reads both
from the forms' copy.)"""

from __future__ import annotations

import pytest

from marketing_site.content import forms
from marketing_site.leads.schemas import LeadKind, accepted_fields, lead_form

COPIES = {
    LeadKind.SCHEDULE_DEMO: (
        forms.SCHEDULE,
        forms.MODULE_CHOICES + forms.RESPONSIBILITY_CHOICES + forms.CONSENT_CHOICES,
    ),
    LeadKind.SIGNUP_DEMO: (forms.SIGNUP, forms.CONSENT_CHOICES),
    LeadKind.PRODUCT_DEMO: (forms.DEMO_REQUEST, forms.CONSENT_CHOICES),
    LeadKind.PRODUCT_VIDEO: (forms.PRODUCT_VIDEO, ()),
    LeadKind.CAREERS: (forms.CAREERS, ()),
}


@pytest.mark.parametrize("kind", list(COPIES), ids=lambda kind: kind.value)
def test_every_control_is_a_field_the_service_stores(kind):
    copy, choices = COPIES[kind]
    accepted = {field.name for field in accepted_fields(lead_form(kind))}
    posted = {field.name for field in copy.fields} | {choice.name for choice in choices}
    assert posted <= accepted
