"""The Watch Video lead and the careers application (with its résumé) from their states."""

from __future__ import annotations

import io
from pathlib import Path

import reflex as rx
from form_states import run, unique_email, visit
from samples import PDF
from stored_leads import leads_for, resume_of

from marketing_site.content import forms
from marketing_site.leads.schemas import LeadKind
from marketing_site.settings import settings
from marketing_site.state.careers import CareersState
from marketing_site.state.product_video import ProductVideoState


def test_product_video_sends_the_disabled_product_field_from_state():
    email = unique_email("video")
    state = visit(ProductVideoState, "/hrSmart")
    run(state.submit({"name": "Ali Raza", "email": email, "contactNo": "+923001234567"}))
    [row] = leads_for(email, LeadKind.PRODUCT_VIDEO)
    assert state.submitted and row.product == "HR Smart" and row.phone_e164 == "+923001234567"


def test_product_video_needs_no_consent_but_validates_the_number():
    email = unique_email("video-bad")
    state = visit(ProductVideoState, "/hrSmart")
    run(state.submit({"name": "Ali", "email": email, "contactNo": "+92"}))
    assert set(state.errors) == {"contactNo"} and leads_for(email, LeadKind.PRODUCT_VIDEO) == []


def test_a_national_number_is_stored_as_a_number_of_the_country_chosen_beside_it():
    """The phone field posts its select's region (contactNoCountry); staff read the number with its code."""
    email = unique_email("video-oman")
    state = visit(ProductVideoState, "/ar/hrSmart")
    run(state.submit({"name": "Ali", "email": email, "contactNo": "9900 1122", "contactNoCountry": "OM"}))
    [row] = leads_for(email, LeadKind.PRODUCT_VIDEO)
    assert (row.phone_e164, row.phone_raw) == ("+96899001122", "+968 9900 1122")


def test_a_number_not_valid_in_the_field_s_country_is_refused_naming_that_country():
    email = unique_email("video-short")
    state = visit(ProductVideoState, "/hrSmart")
    run(state.submit({"name": "Ali", "email": email, "contactNo": "9900", "contactNoCountry": "OM"}))
    assert "Oman" in state.errors["contactNo"] and leads_for(email, LeadKind.PRODUCT_VIDEO) == []


def careers_form(email: str) -> dict[str, str]:
    return {
        "firstName": "Sara",
        "lastName": "Iqbal",
        "email": email,
        "mobile": "+96891234567",
        "country": "Oman",
        "city": "Muscat",
        "position": "physics",
        "skillDescription": "",
        "training": "B.Ed",
        forms.HONEYPOT_NAME: "",
    }


def apply(state: CareersState, files: list[rx.UploadFile], form: dict[str, str]) -> None:
    run(state.apply(files, form))


def upload(name: str, content: bytes) -> rx.UploadFile:
    return rx.UploadFile(file=io.BytesIO(content), path=Path(name), size=len(content))


def test_careers_application_stores_the_resume_with_the_lead():
    email = unique_email("careers")
    state = visit(CareersState, "/careers")
    apply(state, [upload("Sara CV.pdf", PDF)], careers_form(email))

    [row] = leads_for(email, LeadKind.CAREERS)
    assert state.submitted and row.position == "Physics" and row.resume_filename == "Sara CV.pdf"
    assert resume_of(row.id).content == PDF


def test_careers_reads_the_mobile_in_the_country_chosen_beside_it():
    email = unique_email("careers-mobile")
    state = visit(CareersState, "/careers")
    apply(state, [], careers_form(email) | {"mobile": "0300 1234567", "mobileCountry": "PK"})
    [row] = leads_for(email, LeadKind.CAREERS)
    assert (row.phone_e164, row.phone_raw, row.country) == ("+923001234567", "+92 300 1234567", "Oman")


def test_careers_without_a_resume_is_fine():
    email = unique_email("careers-nocv")
    state = visit(CareersState, "/careers")
    apply(state, [], careers_form(email))
    [row] = leads_for(email, LeadKind.CAREERS)
    assert (resume_of(row.id), row.resume_filename) == (None, None)


def test_careers_rejects_a_disguised_or_oversize_file_next_to_the_upload():
    for name, content in (("cv.pdf", b"MZ\x90\x00 not a pdf"), ("big.pdf", PDF + b"0" * settings.max_resume_bytes)):
        email = unique_email("careers-bad")
        state = visit(CareersState, "/careers")
        apply(state, [upload(name, content)], careers_form(email))
        assert not state.submitted and set(state.errors) == {"resume"}
        assert leads_for(email, LeadKind.CAREERS) == []


class BrokenUpload(rx.UploadFile):
    """An upload whose temporary file cannot be read back (disk error, vanished spool file)."""

    async def read(self, size: int = -1) -> bytes:  # noqa: ARG002 (UploadFile.read's signature)
        raise OSError("spooled upload is gone")


def test_careers_upload_read_failure_shows_the_error_and_the_form_can_be_sent_again():
    email = unique_email("careers-readfail")
    state = visit(CareersState, "/careers")
    apply(state, [BrokenUpload(file=io.BytesIO(PDF), path=Path("cv.pdf"), size=len(PDF))], careers_form(email))
    assert (state.answered, state.submitted, state.alert) == (1, False, forms.ERROR_TEXT)
    apply(state, [upload("cv.pdf", PDF)], careers_form(email))
    assert state.submitted and len(leads_for(email, LeadKind.CAREERS)) == 1
