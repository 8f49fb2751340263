"""Every address the site serves, defined once: content links, page records and tests read these.

Plain strings with no Reflex import, so the content package can use them. The spellings are the
spec's (section 2), typos included (/SchedulSingleDemo, /accerditations): published links depend on them.
"""

from __future__ import annotations

HOME = "/"
PRODUCT = "/product"
SCHEDULE = "/schedule"
SIGNUP = "/signup"
DEMO_REQUEST = "/SchedulSingleDemo"
WHATSAPP = "/whatsapp"
CAREERS = "/careers"
# One page per open position (content/careers.py), below the application form's page.
WEB_DEVELOPER = "/careers/web-developer"
MATHEMATICS_TEACHER = "/careers/mathematics-teacher"
# Reflex serves the page registered at "404" for every unknown address.
NOT_FOUND = "404"

STUDENT_SMART = "/studentSmart"
HR_SMART = "/hrSmart"
ACADEMIC_SMART = "/academicSmart"
ADMINISTRATION_SMART = "/administrationSmart"
COMMUNICATION_SMART = "/communicationSmart"
FINANCE_SMART = "/financeSmart"
LIBRARY_SMART = "/librarySmart"
PASTORAL_SMART = "/pastoralSmart"
TIMETABLE_SMART = "/timetableSmart"
REPORT_SMART = "/reportSmart"

CONSULTANCY = "/consultancy"
CASE_STUDY = "/caseStudy"
INSTALLATION = "/installation"
MIGRATION = "/migration"
INTEGRATION = "/integration"
TRAINING = "/training"

ONE_BRANCH_SCHOOL = "/oneBranchSchool"
MULTI_BRANCH_SCHOOL = "/mbSchool"
GROUP_OF_SCHOOLS = "/gpSchool"
HYBRID_SCHOOL = "/hybridSchool"
# The menu and the home tab link here; server routes are case-sensitive, so it is served as an alias.
HYBRID_SCHOOL_ALIAS = "/HybridSchool"

ABOUT_US = "/aboutUs"
CONTACT_US = "/contactUs"
ACCREDITATIONS = "/accerditations"
EVENT = "/event"
PRESS = "/press"
COLLABORATION = "/collaboration"
REGISTRATION_PROCESS = "/regProcess"

TECHNICAL_SUPPORT = "/technicalSupport"
HELP_GUIDE = "/helpGuide"
TRAINING_WEBINAR = "/trainingWebinar"
TRAINING_VIDEOS = "/trainingVideos"
STUDENT_PARENT = "/studentParent"
CHATBOT = "/chatbot"
AFFILIATES_PARTNER = "/affiliatesPartner"

# The one list of routes: pages/registry.py refuses to start if a page and this list disagree.
ROUTES: tuple[str, ...] = (
    HOME,
    PRODUCT,
    SCHEDULE,
    SIGNUP,
    DEMO_REQUEST,
    WHATSAPP,
    CAREERS,
    WEB_DEVELOPER,
    MATHEMATICS_TEACHER,
    NOT_FOUND,
    STUDENT_SMART,
    HR_SMART,
    ACADEMIC_SMART,
    ADMINISTRATION_SMART,
    COMMUNICATION_SMART,
    FINANCE_SMART,
    LIBRARY_SMART,
    PASTORAL_SMART,
    TIMETABLE_SMART,
    REPORT_SMART,
    CONSULTANCY,
    CASE_STUDY,
    INSTALLATION,
    MIGRATION,
    INTEGRATION,
    TRAINING,
    ONE_BRANCH_SCHOOL,
    MULTI_BRANCH_SCHOOL,
    GROUP_OF_SCHOOLS,
    HYBRID_SCHOOL,
    HYBRID_SCHOOL_ALIAS,
    ABOUT_US,
    CONTACT_US,
    ACCREDITATIONS,
    EVENT,
    PRESS,
    COLLABORATION,
    REGISTRATION_PROCESS,
    TECHNICAL_SUPPORT,
    HELP_GUIDE,
    TRAINING_WEBINAR,
    TRAINING_VIDEOS,
    STUDENT_PARENT,
    CHATBOT,
    AFFILIATES_PARTNER,
)


# The backend's own addresses: the JSON API, the staff area and the visitor's booking page.
API_DOCS = "/api/docs"
API_DOCUMENT = "/api/openapi.json"
DEMO_SLOTS_API = "/api/demo-slots"
DEMO_BOOKINGS_API = "/api/demo-bookings"
VITALS_API = "/api/vitals"  # where the browsers post their web-vitals beacons
STAFF_AREA = "/admin"
BOOKING_PAGE = "/booking"  # /booking/<signed token>: a visitor's demo, moved or cancelled from their mail
# What a load balancer and Prometheus ask each backend directly (web/health.py); nginx's public config
# does not pass /metrics on.
LIVEZ = "/livez"  # the process answers
READYZ = "/readyz"  # the database answers in time and the outbox is not stalled
METRICS = "/metrics"  # Prometheus text, for allowed addresses or a token only


def lead_api(kind: str) -> str:
    """Where a lead of ``kind`` (a LeadKind value, the spec's spelling) is posted."""
    return f"/api/{kind}"


def slug(route: str) -> str:
    """The route without its slash, as content uses it for file and element names."""
    return route.lstrip("/")
