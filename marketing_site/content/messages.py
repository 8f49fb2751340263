"""What the lead service tells a visitor or an API client: validation errors, refusals, upload errors.

Keyed by message id, with ``{placeholders}`` the service fills in. English is written here; every
other language of languages.LANGUAGES translates these English templates in its locales/<code>.po
(the same catalogue as the pages' copy), so CATALOGUES has one mapping per language with the same ids.
``label.<field>`` ids are the noun phrases put in ``{label}``; a ``required.<field>`` id replaces the
generic "Please enter your …" for that field.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from types import MappingProxyType

from marketing_site.content.modules import MODULES
from marketing_site.content.site import BRAND
from marketing_site.i18n import bidi
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import BY_CODE, DEFAULT, LANGUAGES

DEFAULT_LANGUAGE = DEFAULT.code

ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        # Any field
        "field.required": "Please enter your {label}.",
        "field.not_text": "Please enter your {label} as plain text.",
        "field.bad_characters": "Your {label} contains characters we can't accept. Please retype it.",
        "field.too_long": "Your {label} is too long. Please keep it to {limit} characters or fewer.",
        "field.yes_or_no": "Please answer Yes or No for {label}.",
        "email.invalid": "Please enter a valid email address, like name@school.edu.",
        "email.local_part_too_long": (
            "The part of your email address before the @ is too long: at most {limit} characters."
        ),
        "phone.invalid": "That phone number isn't valid. Include the country code, e.g. +92 301 2345678.",
        "phone.invalid_for_country": (
            "That phone number isn't valid for {country}. Include the country code, e.g. {example}."
        ),
        # Résumé upload
        "resume.empty": "That résumé file is empty. Please choose the file again.",
        "resume.too_large": "Your résumé is too large. Please upload a file of {size} or less.",
        "resume.wrong_type": "Please upload your résumé as a PDF or Word document (.pdf, .doc or .docx).",
        "resume.active_content": (
            "Your résumé holds macros, scripts or web content we can't accept. "
            "Please save it as a plain PDF or Word document and upload that."
        ),
        "upload.length_required": "Content-Length required.",
        "upload.too_large": "Upload too large.",
        "upload.no_file_name": "Each uploaded file needs a file name.",
        # Refusals of a whole submission
        "lead.rejected": "We couldn't accept this submission right now. Please wait a minute and try again.",
        "lead.not_stored": "We could not save the request just now and nothing was stored. Please try again shortly.",
        # The staff area's and the booking page's answer while the database is unreachable
        "outage.title": "We can't reach our records right now",
        "outage.text": "Please try again in a minute.",
        "api.json_only": "Send the lead as JSON with Content-Type: application/json.",
        "api.idempotency_key": "The Idempotency-Key header must be 1-200 visible ASCII characters.",
        "api.not_an_object": "The request body must be a JSON object.",
        "api.post_only": "Send leads with POST.",
        "api.number_too_long": "A number in the request has more than {limit} digits. Send long values as text.",
        "touch.not_object": "Please send your {label} as an object of text fields, or leave it out.",
        "touch.bad_time": "Please send your {label} as a date and time with its offset, e.g. 2026-11-29T10:00:00Z.",
        # Field names inside messages
        "label.email": "email address",
        "label.name": "name",
        "label.firstName": "first name",
        "label.lastName": "last name",
        "label.school": "school name",
        "label.country": "country",
        "label.phone": "phone number",
        "label.contactNo": "contact number",
        "label.mobile": "mobile number",
        "label.job": "job title",
        "label.nStudent": "number of students",
        "label.mis": "current MIS/SIS system",
        "label.mis.admission": "current admission system",
        "label.ss": "answer about using our product now",
        "label.about": "answer to how you heard about us",
        "label.tSchool": "type of school",
        "label.website": "school website",
        "label.product": "product name",
        "label.city": "city",
        "label.position": "position",
        "label.skillDescription": "skill description",
        "label.training": "training and certification",
        "label.consentCommunications": "consent to other communications",
        "label.consentDataProcessing": "consent to store your data",
        "label.page": "page address",
        "label.referrer": "referrer",
        "label.consentTextVersion": "consent wording version",
        "label.utm_source": "utm source",
        "label.utm_medium": "utm medium",
        "label.utm_campaign": "utm campaign",
        "label.utm_term": "utm term",
        "label.utm_content": "utm content",
        "label.firstTouch": "first visit's details",
        "label.lastTouch": "latest visit's details",
        "label.choice": "{choice}",
        "label.responsibility": "{choice} responsibility",
        # A required field's own sentence when it is missing
        "required.country": "Please choose your country.",
        "required.nStudent": "Please enter the number of students at your school.",
        "required.about": "Please tell us how you heard about us.",
        "required.tSchool": "Please choose your type of school.",
        "required.position": "Please enter the position you are applying for.",
        "required.consentCommunications": "Please tick the box to agree to receive other communications from us.",
        "required.consentDataProcessing": "Please tick the box to let us store and process your personal data.",
        # The confirmation mail a visitor gets, in the language of the page (or API request) they used
        "mail.kind.ProductVideo": "product video request",
        "mail.kind.ScheduleDemo": "demo request",
        "mail.kind.SignupDemo": "demo sign-up",
        "mail.kind.ProductDemo": "product demo request",
        "mail.kind.Careers": "job application",
        "mail.subject": "We received your {kind}",
        "mail.greeting": "Dear {name},",
        "mail.received": "Thank you: we received your {kind}.",
        "mail.next_step.careers": (
            "Our HR team reads every application and will contact you if your profile fits an opening."
        ),
        "mail.next_step.sales": "A member of our team will be in touch with you shortly.",
        "mail.next_step.demo": "A specialist from our team will contact you shortly to propose a time for your demo.",
        "mail.pick_time": "Would you rather choose the time yourself? Pick a free time here and it is booked at once:",
        "mail.signature": "The Smart School Suite team",
        # Demo booking (issue 11): refusals, the booking mails and the visitor's booking page
        "api.get_only": "Ask for free demo slots with GET.",
        "booking.slot_malformed": "Please choose a time from the list of free times.",
        "booking.time_zone_unknown": "Please choose your time zone from the list, e.g. Europe/London.",
        "booking.from_invalid": "Please give the first day as a date, e.g. 2026-12-01.",
        "booking.days_invalid": "Please ask for between 1 and {limit} days.",
        "booking.slot_past": "That time has already passed. Please choose a later time.",
        "booking.slot_unavailable": "That time is not open for demos. Please choose one of the free times.",
        "booking.slot_taken": "Sorry, that time was just taken. Please choose another: here are the next free times.",
        "booking.lead_not_found": "We could not find your request. Please fill in the form again.",
        "booking.lead_has_booking": (
            "Your demo is already booked. To change its time, use the link in your booking email."
        ),
        "booking.not_found": (
            "We could not find this demo. It may have been removed; you are welcome to book a new one."
        ),
        "booking.cancelled": (
            "This demo is cancelled, so it can no longer be changed. You are welcome to book a new one."
        ),
        "booking.changed": "This demo was changed in the meantime. Please look at its current time and try again.",
        "booking.token_invalid": "This link is not valid. Please open the link in your latest booking email.",
        "booking.token_expired": (
            "This link has expired. Please open the link in your latest booking email, or book a new demo."
        ),
        "booking.day": "{weekday} {day} {month} {year}",
        "booking.when": "{day}, {start}-{end} ({zone}, {offset})",
        "booking.zone.utc": "UTC",
        "booking.mail.subject.booked": "Your demo is booked: {when}",
        "booking.mail.subject.moved": "Your demo has moved: {when}",
        "booking.mail.subject.cancelled": "Your demo is cancelled: {when}",
        "booking.mail.subject.reminder": "Reminder: your demo on {when}",
        "booking.mail.booked": "Your demo of Smart School Suite with {host} is booked for {when}.",
        "booking.mail.moved": "Your demo with {host} has moved to {when}.",
        "booking.mail.cancelled": "Your demo with {host} on {when} is cancelled.",
        "booking.mail.reminder": "This is a reminder of your demo with {host} on {when}.",
        "booking.mail.invitation.booked": (
            "The calendar invitation is attached: open it to add the demo to your calendar."
        ),
        "booking.mail.invitation.moved": (
            "The updated invitation is attached: open it to move the demo in your calendar."
        ),
        "booking.mail.invitation.cancelled": (
            "The cancellation is attached: open it to remove the demo from your calendar."
        ),
        "booking.mail.join.online": "To join at the time of the demo, open this link:",
        "booking.mail.join.phone": "To join at the time of the demo, call this number:",
        "booking.mail.join.later": "{host} will email you how to join before the demo.",
        "booking.mail.manage": "To choose another time or cancel the demo, open this link:",
        "booking.mail.book_again": "Would you like another time? Pick a free time here and it is booked at once:",
        "booking.mail.subject.cancelled_by_us": "We are sorry: your demo on {when} is cancelled",
        "booking.mail.cancelled_by_us": (
            "We are sorry: we had to cancel your demo with {host} on {when}. Please accept our apologies."
        ),
        "booking.mail.cancel_reason": "Why: {reason}",
        "booking.mail.book_again_by_us": "Please pick another time that suits you here; it is booked at once:",
        "booking.invitation.summary": "Smart School Suite demo with {host}",
        "booking.invitation.about": "A live online demo of Smart School Suite for {visitor}.",
        "booking.invitation.cancelled": "This demo is cancelled.",
        "booking.invitation.location": "Online demo",
        "booking.page.title": "Your demo",
        "booking.page.when": "When",
        "booking.page.host": "With",
        "booking.page.join": "How to join",
        "booking.page.zone": "Times are shown in your time zone, {zone}.",
        "booking.page.zone_choice": "Show the times in",
        "booking.page.zone_show": "Show",
        "booking.page.reschedule": "Choose another time",
        "booking.page.reschedule_button": "Move my demo to this time",
        "booking.page.no_slots": "There are no other free times on these days.",
        "booking.page.days": "Days with free times",
        "booking.page.day_full": "(no free time)",
        "booking.page.weeks": "Other weeks",
        "booking.page.earlier": "Earlier days",
        "booking.page.later": "Later days",
        "booking.page.cancel": "Cancel the demo",
        "booking.page.cancel_button": "Cancel my demo",
        "booking.page.cancel_question": "Do you want to cancel your demo on {when}?",
        "booking.page.cancel_note": (
            "We will tell {host} and send you a cancellation for your calendar. You can book a new time afterwards."
        ),
        "booking.page.cancel_yes": "Yes, cancel my demo",
        "booking.page.cancel_keep": "No, keep my demo",
        "booking.page.cancelled": "This demo is cancelled.",
        "booking.page.past": "This demo has already taken place.",
        "booking.page.book_again": "Book a new time",
        "booking.page.pick": "Choose a time for your demo",
        "booking.page.pick_intro": "Pick a free time below: it is booked at once and we email you the invitation.",
        "booking.page.book_button": "Book this time",
        "booking.page.no_free_times": (
            "There are no free times on these days. Look at later days, or wait for our specialist to propose one."
        ),
        "booking.page.moved_done": "Your demo has moved. We have sent you an updated calendar invitation.",
        "booking.page.cancelled_done": "Your demo is cancelled. We have sent you a cancellation for your calendar.",
        "booking.page.booked_done": "Your demo is booked. We have sent you the calendar invitation.",
        "booking.page.to_site": "Back to the Smart School Suite website",
        "booking.page.problem": "Something went wrong",
        # Demo outcomes (issue 34): the visitor who missed the demo, the recap after a held one, the booking page
        "booking.mail.subject.no_show": "We missed you at your demo: {when}",
        "booking.mail.no_show": "We are sorry we missed you at your demo with {host} on {when}.",
        "booking.mail.subject.held": "A short recap of your demo: {when}",
        "booking.mail.held": "Thank you for your time at the Smart School Suite demo with {host} on {when}.",
        "booking.mail.recap.modules": "You asked us about these modules; each one's page tells you more:",
        "booking.mail.recap.next": "{host} will contact you about the next steps.",
        "booking.page.missed": "You missed this demo. You are welcome to book a new time.",
        # End of demo booking
    }
)


def _translated(words: Mapping[str, str]) -> Mapping[str, str]:
    """ENGLISH with each template replaced by its translation (ids without one are left out)."""
    return MappingProxyType({key: words[text] for key, text in ENGLISH.items() if words.get(text)})


CATALOGUES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {language.code: ENGLISH if language == DEFAULT else _translated(catalogue(language)) for language in LANGUAGES}
)


def has_message(message_id: str) -> bool:
    return message_id in ENGLISH


# The language the current request is answered in; the lead forms set it from their page's address.
_SPEAKING: ContextVar[str] = ContextVar("message_language", default=DEFAULT_LANGUAGE)


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Within this block (and worker threads started in it), messages default to ``language``."""
    token = _SPEAKING.set(language)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def spoken_language() -> str:
    """The language code of the current request (what ``speaking`` set), e.g. stored with a lead."""
    return _SPEAKING.get()


# Issue 10 (branch arabic2): a choice quoted in a message is named in the message's language.
def choice_name(english: str, language: str | None = None) -> str:
    """A visible choice (a checkbox's label, a country, a position) in ``language`` (default: the one
    being spoken), as its page shows it; the English where the catalogue has no entry."""
    code = language or _SPEAKING.get()
    return _WORDS.get(code, {}).get(english) or english


def choice_names(english: str) -> set[str]:
    """A choice's names in every language of the site, to recognise it whichever a visitor used."""
    return {english} | {words[english] for words in _WORDS.values() if words.get(english)}


_WORDS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {language.code: catalogue(language) for language in LANGUAGES}
)


def message(message_id: str, language: str | None = None, **values: object) -> str:
    """The message in ``language`` (default: the one being spoken; English where that catalogue
    lacks it), placeholders filled."""
    return _template(message_id, language or _SPEAKING.get()).format(**values)


def _template(message_id: str, language: str) -> str:
    return CATALOGUES.get(language, ENGLISH).get(message_id) or ENGLISH[message_id]


# Names no line break may split in right-to-left text, where the halves of a broken Latin name swap sides.
BRANDS = (BRAND, *(module.name for module in MODULES))


def isolated_message(message_id: str, language: str | None = None, **values: object) -> str:
    """``message`` for text that mixes directions (mails, subjects, the booking pages, the slot picker): each
    Latin run of a right-to-left wording and each value of the other direction is isolated (i18n/bidi.py),
    and in right-to-left text brand names stay on one line."""
    code = language or _SPEAKING.get()
    direction = BY_CODE.get(code, DEFAULT).direction
    isolated = {name: bidi.isolate_foreign(str(value), direction) for name, value in values.items()}
    text = bidi.isolate_runs(_template(message_id, code), direction).format(**isolated)
    return bidi.unbroken(text, BRANDS) if direction == "rtl" else text
