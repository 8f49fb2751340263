"""The phone field: a native country select and a tel input, the country following the form's Country select
and the browser's, and the server reading the number in the field's country (or the form's)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import phonenumbers
import pytest
import reflex as rx

from marketing_site.build.phone_countries import phone_countries
from marketing_site.components.forms.form_fields import field_grid
from marketing_site.components.forms.phone_input import face
from marketing_site.content import forms
from marketing_site.content.countries import COUNTRIES, COUNTRY_REGIONS
from marketing_site.i18n.languages import DEFAULT
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.schemas import LeadKind, lead_form
from marketing_site.leads.validation import international, phone_region, validate
from marketing_site.state.signup import SignupDemoState
from tests.widgets.test_form_widgets import compiled

FORM = "signup-demo"


def signup_fields(**shown) -> str:
    return compiled(field_grid(forms.SIGNUP.fields, FORM, SignupDemoState.errors, **shown))


def _region_of(page: str) -> str:
    """The select's compiled value: the country the field is in."""
    return page[page.index('id:"signup-demo-phone-country"') :].split(",value:", 1)[1].split("},Array.prototype")[0]


def test_both_controls_are_plain_elements_in_the_page_so_the_label_has_its_field_before_any_script():
    page = signup_fields()
    assert 'htmlFor:"signup-demo-phone"' in page and 'id:"signup-demo-phone",name:"phone"' in page
    assert 'type:"tel"' in page and 'autoComplete:"tel"' in page and 'placeholder:"301 2345678"' in page
    assert '"aria-describedby":"signup-demo-phone-error"' in page, "its error is read with it"
    assert 'id:"signup-demo-phone-country"' in page and 'name:"phoneCountry"' in page
    assert '"aria-label":"Country code"' in page and 'lang:"en"' in page
    assert "PhoneInput" not in page and "react-phone-number-input" not in page
    assert 'dir:"ltr"' in page, "dialling order on Arabic pages too"


def test_the_countries_come_when_the_field_first_shows_and_pakistan_alone_until_then():
    page = signup_fields()
    assert "loadPhoneCountries(\"/phone-countries.json\", refs['_client_state_setPhone_countries_en'])" in page
    assert '[["PK", "Pakistan +92"]]' in page, "the one option before the list arrives"
    assert json.dumps(face("PK")) in page and face("PK") == "\U0001f1f5\U0001f1f0 +92", "flag and code"


def test_in_a_dialog_the_countries_load_only_once_the_dialog_has_opened():
    page = signup_fields(shown=rx.Var("dialogOpened", _var_type=bool))
    loader = page[page.index("(isTrue(dialogOpened)") :][:200]
    assert 'jsx("span",{hidden:true' in loader
    assert "(isTrue(dialogOpened)" not in signup_fields(), "on a page: as it mounts"


def test_the_country_is_the_one_picked_then_the_form_s_country_then_the_browser_s_then_pakistan():
    page = signup_fields()
    chosen = "refs['_client_state_setCountry_signup_demo'](event.target.selectedOptions[0]?.dataset.region ?? '')"
    assert chosen in page, "the Country select's option names its region"
    assert 'jsx("option",{"data-region":"OM",value:"Oman"},"Oman")' in page
    region = _region_of(page)
    order = [
        region.index(name) for name in ("phone_country_signup_demo_phone", "dict_country_signup_demo", '["region"]')
    ]
    assert order == sorted(order) and region.endswith(': "PK")))')
    assert 'refs[\'_client_state_setPhone_country_signup_demo_phone\'](_e?.["target"]?.["value"]' in page


def test_a_form_without_a_country_select_takes_the_browser_s_country_or_the_default():
    video = compiled(field_grid(forms.PRODUCT_VIDEO.fields, "product-video", SignupDemoState.errors))
    assert "data-region" not in video and "_client_state_dict_country_product_video" not in video
    assert 'name:"contactNoCountry"' in video and '["region"]' in video


def test_the_country_list_names_every_region_the_server_dials_with_its_calling_code():
    regions = phone_countries(DEFAULT)["regions"]
    assert {region for region, _, _ in regions} == phonenumbers.SUPPORTED_REGIONS
    assert all(code == phonenumbers.country_code_for_region(region) for region, _, code in regions)


def test_every_country_of_the_select_has_a_region_with_telephone_numbers():
    assert list(COUNTRY_REGIONS) == list(COUNTRIES)
    assert all(phonenumbers.country_code_for_region(region) for region in COUNTRY_REGIONS.values())
    assert COUNTRY_REGIONS["Oman"] == "OM" and COUNTRY_REGIONS["Turkey"] == "TR"


@pytest.mark.parametrize(("country", "region"), [("Oman", "OM"), (" oman ", "OM"), ("عُمان", "OM"), ("", "PK")])
def test_the_server_reads_national_numbers_in_the_chosen_country(country, region):
    assert phone_region(country) == region
    assert phone_region(None) == phone_region(7) == phone_region("Narnia") == "PK"


def _schedule(country: str, phone: str) -> dict:
    return {
        "firstName": "Amina",
        "lastName": "Khan",
        "email": "amina@school.edu",
        "phone": phone,
        "school": "Greenfield School",
        "job": "Principal",
        "country": country,
        "nStudent": "850",
        "tSchool": "Group of schools",
        "mis": "Spreadsheets",
        "about": forms.HEAR_ABOUT_OPTIONS[4],
    }


def _phone_of(data: dict) -> str:
    fields = lead_form(LeadKind.SCHEDULE_DEMO).fields
    return validate(fields, data, require_consent=False, now=datetime.now(UTC))["phone_e164"]


def test_an_omani_national_number_is_accepted_with_oman_chosen_and_refused_for_pakistan():
    assert _phone_of(_schedule("Oman", "9123 4567")) == "+96891234567"
    with pytest.raises(LeadValidationError) as refused:
        _phone_of(_schedule("Pakistan", "9123 4567"))
    assert "phone" in refused.value.errors


def test_an_international_number_keeps_its_own_country_whatever_the_country_chosen():
    assert _phone_of(_schedule("Oman", "+92 300 1234567")) == "+923001234567"


@pytest.mark.parametrize(
    ("typed", "region", "written"),
    [
        ("9900 1122", "OM", "+968 9900 1122"),
        ("0300 1234567", "PK", "+92 300 1234567"),  # the trunk 0 dropped
        ("+44 7911 123456", "OM", "+44 7911 123456"),  # a typed country code wins
        ("0044 7911 123456", "OM", "+44 7911 123456"),  # so does Oman's international prefix
        ("99", "OM", "+968 99"),  # too short: validation refuses it for Oman
        ("abc", "OM", "+968 abc"),
        ("", "OM", ""),
        ("9900 1122", "", "9900 1122"),  # no country: read by the form's Country as before
        ("9900 1122", "XX", "9900 1122"),
        (None, "OM", None),
    ],
)
def test_a_number_typed_beside_the_select_is_written_in_its_country(typed, region, written):
    assert international(typed, region) == written


def test_the_field_s_country_decides_what_a_national_number_is_and_what_the_refusal_names():
    assert _phone_of(_schedule("Pakistan", international("9123 4567", "OM"))) == "+96891234567"
    with pytest.raises(LeadValidationError) as refused:
        _phone_of(_schedule("Oman", international("9123", "OM")))
    assert "Oman" in refused.value.errors["phone"]
