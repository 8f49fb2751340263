"""Copy of the lead forms: labels, options, consent wording, success and error texts.

Field names are the lead API's (spec section 7), so a form posts exactly what the service reads.
"""

from __future__ import annotations

from marketing_site.content.countries import COUNTRIES
from marketing_site.content.modules import STUDENT
from marketing_site.content.types import Choice, FormField, LeadFormCopy, Seo, SuccessCopy

# Bump whenever either consent sentence changes in any language; every lead stores the version it
# was shown, with the language of a translated wording (consent_text_version).
CONSENT_TEXT_VERSION = "2026-11-22"


def consent_text_version(language_code: str, default_code: str = "en") -> str:
    """The stored version of the consent wording shown in a language: "2026-11-22", "2026-11-22/ar"."""
    return CONSENT_TEXT_VERSION if language_code == default_code else f"{CONSENT_TEXT_VERSION}/{language_code}"


CONSENT_CHOICES: tuple[Choice, ...] = (
    Choice(
        "consentCommunications",
        "I agree to receive other communications from Smart School Suite about our products, "
        "services and events. I can unsubscribe at any time.",
    ),
    Choice(
        "consentDataProcessing",
        "I agree to allow Smart School Suite to store and process my personal data so that "
        "you can respond to my request.",
    ),
)

HEAR_ABOUT_OPTIONS = (
    "Search engine (Google, Bing…)",
    "Social media",
    "Email",
    "Event or conference",
    "Webinar",
    "Recommendation from a colleague",
    "Another school",
    "Press or advertisement",
    "Other",
)
SCHOOL_TYPE_OPTIONS = ("One-branch", "Multi-branch", "Group of schools", "Hybrid")
CAREER_POSITIONS = (
    "Web Development",
    "Mobile Application Development",
    "Graphic Designing",
    "Digital Marketing",
    "Content Writing",
    "Physics",
    "Chemistry",
    "Biology",
    "Mathematics",
    "General Science",
    "English teacher",
)

DEFAULT_PHONE_COUNTRY = "PK"
# The phone field's country select (components/forms/phone_input.py): its name is the phone field's plus this
# suffix (phoneCountry), its accessible name this label; its country names come from CLDR.
PHONE_COUNTRY_SUFFIX = "Country"
PHONE_COUNTRY_LABEL = "Country code"
REQUIRED_MARK = "*"
SELECT_PLACEHOLDER = "Please choose…"
SUBMIT_BUSY_LABEL = "Submitting…"
ERROR_TITLE = "Error"
ERROR_TEXT = (
    "Sorry, we couldn't send your request just now. Everything you typed is still here: please try again in a moment."
)
OFFLINE_TEXT = (
    "We can't reach our server at the moment. Keep this page open: your request goes out as soon as "
    "the connection is back, and everything you typed stays here."
)
TIMEOUT_TEXT = (
    "We didn't get an answer in time, so your request may not have gone through. Everything you "
    "typed is still here: please press the button again (you won't be signed up twice)."
)
FIX_FIELDS_TEXT = "Please check the highlighted fields and submit again."
# Alerts the form states set from the server (not written into the page): catalogues translate these too.
SERVER_ALERTS = (ERROR_TEXT, FIX_FIELDS_TEXT)
HONEYPOT_LABEL = "Leave this field empty"
HONEYPOT_NAME = "referral_code"
# The hidden field the page posts its form's signed start in (leads/form_start.py; components/forms/submit_bar.py).
START_TOKEN_NAME = "form_start"
# The hidden field the page posts the visit's first and last touch in, as the browser kept them (JSON;
# components/forms/attribution.py, leads/attribution.py).
ATTRIBUTION_NAME = "attribution"


def demo_contact_fields(system_label: str) -> tuple[FormField, ...]:
    """The contact block shared by the three demo forms; only the system question differs."""
    return (
        FormField("firstName", "First Name", placeholder="e.g. Ayesha", required=True, autocomplete="given-name"),
        FormField("lastName", "Last Name", placeholder="e.g. Khan", required=True, autocomplete="family-name"),
        FormField("email", "Email", "email", "name@school.edu", required=True, autocomplete="email"),
        FormField("phone", "Phone Number", "phone", "301 2345678", required=True, autocomplete="tel"),
        FormField(
            "school", "School Name", placeholder="Your school's name", required=True, autocomplete="organization"
        ),
        FormField(
            "job",
            "Job Title",
            placeholder="e.g. Principal, IT Manager",
            required=True,
            autocomplete="organization-title",
        ),
        FormField("country", "Country", "select", required=True, options=COUNTRIES, autocomplete="country-name"),
        FormField("nStudent", "Number of Students", placeholder="e.g. 850", required=True),
        FormField("tSchool", "Type of School", "select", required=True, options=SCHOOL_TYPE_OPTIONS),
        FormField("mis", system_label, placeholder="e.g. spreadsheets, another MIS", required=True),
        FormField("ss", "Are you using Smart School Suite now?", placeholder="e.g. Yes, Student Smart", starred=True),
        FormField("about", "How did you hear about us?", "select", required=True, options=HEAR_ABOUT_OPTIONS),
    )


MODULES_LEGEND = "Which modules are you interested in?"
SELECT_ALL_LABEL = "Select All"
MODULE_CHOICES: tuple[Choice, ...] = (
    Choice("studnetSmart", "Student Smart"),
    Choice("hrSmart", "HR Smart"),
    Choice("academicSmart", "Academic Smart"),
    Choice("administrationSmart", "Administration Smart"),
    Choice("communicationSmart", "Communication Smart"),
    Choice("financeSmart", "Finance Smart"),
    Choice("librarySmart", "Library Smart"),
    Choice("pastoralSmart", "Wellbeing (Pastoral Smart)"),
    Choice("timetableSmart", "Timetable Smart"),
    Choice("reportSmart", "Report Smart"),
)
RESPONSIBILITIES_LEGEND = "What are you responsible for?"
RESPONSIBILITY_CHOICES: tuple[Choice, ...] = (
    Choice("academic", "Academic"),
    Choice("communication", "Communication"),
    Choice("administration", "Administration"),
    Choice("it", "IT"),
    Choice("admission", "Admission"),
    Choice("pastoral", "Pastoral"),
    Choice("finance", "Finance"),
)
CONSENT_LEGEND = "Your consent"

SCHEDULE = LeadFormCopy(
    heading="Schedule a demo",
    intro="Tell us about your school and a specialist will arrange a live walk-through at a time that suits you.",
    fields=demo_contact_fields("Current MIS/SIS system"),
    submit_label="Request my demo",
    success=SuccessCopy(
        "Your request has been submitted successfully",
        "Thank you. Our team will contact you shortly to arrange your demo.",
    ),
    seo=Seo(
        "Schedule a demo | Smart School Suite",
        "Book a live demo of Smart School Suite's cloud school management modules.",
    ),
)

SIGNUP = LeadFormCopy(
    heading="Sign-Up to Watch our StudentSmart Demo",
    intro="Sign up once and watch how Student Smart takes admissions online, from enquiry to enrolment.",
    fields=(
        *demo_contact_fields("Current admission system"),
        FormField("website", "School Website", "url", "https://www.yourschool.edu", autocomplete="url"),
    ),
    submit_label="Sign up and watch",
    success=SuccessCopy("Sign up Successful", "Thank you for signing up. Enjoy the Student Smart demo."),
    seo=Seo(
        "Watch the Student Smart demo | Smart School Suite",
        "Sign up to watch the Student Smart demo: paperless admissions for schools.",
    ),
)
SIGNUP_VIDEO = STUDENT.video
SIGNUP_VIDEO_TITLE = "Student Smart demo video"

DEMO_REQUEST = LeadFormCopy(
    heading="Request a product demo",
    intro="Book a demo of the product you chose and we'll tailor the session to your school.",
    fields=demo_contact_fields("Current MIS/SIS system"),
    submit_label="Request my demo",
    success=SCHEDULE.success,
    seo=Seo(
        "Request a product demo | Smart School Suite",
        "Request a tailored demo of a Smart School Suite module for your school.",
    ),
)
PRODUCT_LEGEND = "Product of interest"
NO_PRODUCT_TEXT = "No product chosen yet: we'll show you the whole suite."

PRODUCT_VIDEO = LeadFormCopy(
    heading="Add Information",
    intro="Tell us who you are and the video starts right away.",
    fields=(
        FormField("name", "Name", placeholder="Your full name", required=True, autocomplete="name"),
        FormField("email", "Email", "email", "name@school.edu", required=True, autocomplete="email"),
        FormField("contactNo", "Contact No", "phone", "301 2345678", required=True, autocomplete="tel"),
    ),
    submit_label="Submit",
    success=SuccessCopy("Sign up Successful", "Thank you. Here is the video."),
    seo=SIGNUP.seo,
)
PRODUCT_FIELD_LABEL = "Product"
CANCEL_LABEL = "Cancel"

RESUME_LABEL = "Resume"
RESUME_HINT = "PDF, DOC or DOCX, up to {size}."
RESUME_BUTTON = "Choose a file or drop it here"
RESUME_ACCEPT = {
    "application/pdf": [".pdf"],
    "application/msword": [".doc"],
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
}
CAREERS = LeadFormCopy(
    heading="Careers",
    intro=(
        "Join the team building cloud software for schools. Tell us about yourself and the role "
        "you're interested in; we read every application."
    ),
    fields=(
        FormField("firstName", "First Name", required=True, autocomplete="given-name"),
        FormField("lastName", "Last Name", required=True, autocomplete="family-name"),
        FormField("email", "Email", "email", "name@example.com", required=True, autocomplete="email"),
        FormField("mobile", "Mobile", "phone", "301 2345678", required=True, autocomplete="tel"),
        FormField("country", "Country", "select", required=True, options=COUNTRIES, autocomplete="country-name"),
        FormField("city", "City", required=True, autocomplete="address-level2"),
        FormField(
            "position",
            "Position",
            "datalist",
            "Start typing to search positions",
            required=True,
            options=CAREER_POSITIONS,
        ),
        FormField("skillDescription", "Skill Description", "textarea", "What are you good at?"),
        FormField("training", "Training and Certification", "textarea", "Courses, degrees and certificates"),
    ),
    submit_label="Apply",
    success=SuccessCopy(
        "Your application has been submitted successfully",
        "Thank you for applying. We'll be in touch if your profile matches an opening.",
    ),
    seo=Seo(
        "Careers | Smart School Suite",
        "Work with us: web, mobile, design, marketing and teaching positions at Smart School Suite.",
    ),
)
