"""The phone field as a Python wrapper of react-phone-number-input, its country following the form's
Country select, and the lead service reading a national number as a number of that country."""

from __future__ import annotations

from datetime import UTC, datetime

import phonenumbers
import pytest
import reflex as rx

from marketing_site.components.form_fields import field_grid
from marketing_site.components.phone_input import PACKAGE, PhoneInput
from marketing_site.content import forms
from marketing_site.content.countries import COUNTRIES, COUNTRY_REGIONS
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.schemas import LeadKind, lead_form
from marketing_site.leads.validation import phone_region, validate
from marketing_site.state.signup import SignupDemoState
from tests.widgets.test_form_widgets import compiled

FORM = "signup-demo"


def signup_fields(**shown) -> str:
    return compiled(field_grid(forms.SIGNUP.fields, FORM, SignupDemoState.errors, **shown))


def test_the_library_is_wrapped_in_python_lazily_with_its_own_stylesheet():
    assert issubclass(PhoneInput, rx.NoSSRComponent)
    assert (PhoneInput.library, PhoneInput.tag, PhoneInput.is_default) == (PACKAGE, "PhoneInput", True)
    assert PhoneInput.create().add_imports() == {"": "react-phone-number-input/style.css"}


def test_the_field_posts_its_e164_number_in_a_hidden_input_and_keeps_keystrokes_in_the_browser():
    page = signup_fields()
    assert 'jsx(PhoneInput,{"aria-describedby":"signup-demo-phone-error"' in page
    assert "refs['_client_state_setPhone_signup_demo_phone'](_ev_0, ...args)" in page, "the library's onChange"
    assert 'name:"phone",type:"hidden",value:' in page and "_client_state_dict_phone_signup_demo_phone" in page
    assert "countryCallingCodeEditable:false" in page and "international:true" in page
    assert 'dir:"ltr"' in page, "dialling order on Arabic pages too"


def test_flags_and_country_names_come_with_the_library_when_the_field_first_shows():
    page = signup_fields()
    assert "loadPhoneField(\"\", refs['_client_state_setPhone_parts_en'])" in page
    assert "flags:refs['_client_state_dict_phone_parts_en']" in page
    assert 'className:"PhoneInput min-w-0 flex-1"' in page, "a same-size placeholder until then"


def test_in_a_dialog_the_field_loads_only_once_the_dialog_has_opened():
    page = signup_fields(shown=rx.Var("dialogOpened", _var_type=bool))
    assert (
        'PhoneInputInput h-6"},)),jsx(Fragment,{},(isTrue(dialogOpened)?(jsx(Fragment,{},jsx("span",{hidden:true}'
        in page
    )
    assert 'PhoneInputInput h-6"},)),jsx("span",{hidden:true}' in signup_fields(), "on a page: as it mounts"


def test_the_default_country_is_pakistan_until_the_country_select_says_otherwise():
    page = signup_fields()
    chosen = "refs['_client_state_setCountry_signup_demo'](event.target.selectedOptions[0]?.dataset.region ?? '')"
    assert chosen in page, "the Country select's option names its region"
    assert 'jsx("option",{"data-region":"OM",value:"Oman"},"Oman")' in page
    region = page[page.index("defaultCountry:") :].split(",flags:")[0]
    assert "_client_state_dict_country_signup_demo" in region and region.endswith(': "PK")')


def test_a_form_without_a_country_select_keeps_the_default_country():
    video = compiled(field_grid(forms.PRODUCT_VIDEO.fields, "product-video", SignupDemoState.errors))
    assert 'defaultCountry:"PK"' in video and "data-region" not in video


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
