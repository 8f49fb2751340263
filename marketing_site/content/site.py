"""Site-wide copy: brand, top strip, navigation menus, footer and offices."""

from __future__ import annotations

from marketing_site import routes
from marketing_site.content.links import ABOUT_US, CONTACT_US, HOME, PRODUCTS
from marketing_site.content.media import illustration
from marketing_site.content.modules import MODULES
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.content.services import SERVICES
from marketing_site.content.types import Image, Link, Menu, Office

BRAND = "Smart School Suite"
BRAND_TAGLINE = "Cloud school management for every kind of school"
LOGO = Image(src="/images/logo.svg", alt=f"{BRAND} home", width=180, height=40)

TOP_STRIP_SUPPORT = Link("Support", routes.PRODUCT)
TOP_STRIP_CONTACT = CONTACT_US
TOP_STRIP_PORTAL_LABEL = "Portal"
MOBILE_MENU_CONTACT_HEADING = "Support and contact"

MENUS: tuple[Menu, ...] = (
    Menu(
        "Solutions",
        tuple(Link(school.tab_label, school.more_info_href) for school in SCHOOL_TYPES),
    ),
    Menu(
        "Products",
        tuple(Link(module.menu_label, module.route, product_name=module.name) for module in MODULES),
    ),
    Menu("Services", tuple(Link(service.name, service.route) for service in SERVICES)),
    Menu(
        "Support & Resources",
        (
            Link("Technical Support", routes.TECHNICAL_SUPPORT),
            Link("Help Guides", routes.HELP_GUIDE),
            Link("Training Webinars", routes.TRAINING_WEBINAR),
            Link("Training Videos", routes.TRAINING_VIDEOS),
            Link("Students & Parents", routes.STUDENT_PARENT),
            Link("Chatbot", routes.CHATBOT),
            Link("Affiliate Partners", routes.AFFILIATES_PARTNER),
        ),
    ),
    Menu(
        "Why the product",
        (
            ABOUT_US,
            Link("Accreditations", routes.ACCREDITATIONS),
            Link("Events", routes.EVENT),
            Link("Press", routes.PRESS),
            Link("Careers", routes.CAREERS),
            Link("Collaboration", routes.COLLABORATION),
            Link("Registration Process", routes.REGISTRATION_PROCESS),
            CONTACT_US,
        ),
    ),
)

MAIN_NAV_LABEL = "Main"

FOOTER_LINKS_HEADING = "Links"
FOOTER_MORE_HEADING = "More"
FOOTER_LINKS: tuple[Link, ...] = (
    HOME,
    PRODUCTS,
    Link("Services", routes.CONSULTANCY),
    Link("Contact", routes.CONTACT_US),
    Link("Support", routes.TECHNICAL_SUPPORT),
    Link("Request a demo", routes.SCHEDULE),
)
FOOTER_BLOG_HEADING = "Blog"
FOOTER_BLOG_LINKS: tuple[Link, ...] = (
    Link("Academic", routes.ACADEMIC_SMART),
    Link("Administration", routes.ADMINISTRATION_SMART),
    Link("Admission", routes.STUDENT_SMART),
    Link("Communication", routes.COMMUNICATION_SMART),
    Link("Installation", routes.INSTALLATION),
    Link("Integration", routes.INTEGRATION),
    Link("Migration", routes.MIGRATION),
    Link("Training", routes.TRAINING),
)
# Spec: these appear as labels only; they have no routes yet.
FOOTER_LABELS: tuple[str, ...] = ("Company", "Community", "Developer", "Marketplace")
FOOTER_SOCIAL_LABELS: tuple[str, ...] = ("Facebook", "Twitter", "LinkedIn", "YouTube", "Instagram")
FOOTER_PARTNERS_IMAGE = illustration("partners", "strip", "Our affiliate partners", 600, 80)
FOOTER_COPYRIGHT = f"© 2026 {BRAND}. All rights reserved."

OFFICES: tuple[Office, ...] = (
    Office(
        "Muscat",
        "Oman",
        "Office 402, Al Khuwair Business Tower, Way 3018, Muscat, Oman",
        "+968 2412 3456",
        "info@smartschoolsuite.com",
        headquarters=True,
    ),
    Office(
        "Sohar",
        "Oman",
        "Falaj Al Qabail Street, Building 21, Sohar, Oman",
        "+968 2684 5521",
        "sohar@smartschoolsuite.com",
    ),
    Office(
        "Lahore",
        "Pakistan",
        "65-B Main Boulevard, Gulberg III, Lahore, Pakistan",
        "+92 42 3578 1200",
        "lahore@smartschoolsuite.com",
    ),
    Office(
        "Karachi",
        "Pakistan",
        "Plot 14-C, Shahrah-e-Faisal, Karachi, Pakistan",
        "+92 21 3432 9080",
        "karachi@smartschoolsuite.com",
    ),
    Office(
        "Islamabad",
        "Pakistan",
        "Office 7, Blue Area, Jinnah Avenue, Islamabad, Pakistan",
        "+92 51 2870 4410",
        "islamabad@smartschoolsuite.com",
    ),
)
SUPPORT_PHONE = "+92 42 3578 1299"
SUPPORT_EMAIL = "support@smartschoolsuite.com"
SUPPORT_CONTACT = Link(f"Support line: {SUPPORT_PHONE} · {SUPPORT_EMAIL}", routes.CONTACT_US)
# The brand's own profiles elsewhere (search engines' sameAs): none has an address yet, so none is published
# (FOOTER_SOCIAL_LABELS are names only).
SOCIAL_PROFILES: tuple[str, ...] = ()
PRESS_CONTACT = Link("Press office: +968 2412 3470 · press@smartschoolsuite.com", routes.CONTACT_US)
