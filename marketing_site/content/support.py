"""Support & Resources pages; all are announced as coming soon with ways to get help today."""

from __future__ import annotations

from .site import SUPPORT_CONTACT
from .types import InfoPage, Link, Seo

_CONTACT = Link("Contact us", "/contactUs")
_WHATSAPP = Link("Chat with us on WhatsApp", "/whatsapp")
_TRAINING = Link("Training for your staff", "/training")
_WATCH_DEMO = Link("Watch a demo", "/signup")
_BOOK_DEMO = Link("Book a demo", "/schedule")
_PRODUCTS = Link("Explore the products", "/product")


def _support(slug: str, heading: str, intro: str, seo: Seo, links: tuple[Link, ...]) -> InfoPage:
    return InfoPage(
        slug=slug, heading=heading, intro=intro, seo=seo,
        coming_soon=True, links=links, contacts=(SUPPORT_CONTACT.label,),
    )


SUPPORT_PAGES: tuple[InfoPage, ...] = (
    _support(
        "technicalSupport", "Technical support",
        "A support portal for tickets, status updates and answers from our engineers.",
        Seo("Technical support for schools", "Get technical help with the school management suite by phone, email or WhatsApp."),
        links=(_WHATSAPP, _CONTACT, _TRAINING),
    ),
    _support(
        "helpGuide", "Help guides",
        "Step-by-step guides for every module, written for the people who use them each day.",
        Seo("Help guides for every Smart module", "Step-by-step help guides for administrators, teachers and finance staff."),
        links=(_TRAINING, _PRODUCTS, _CONTACT),
    ),
    _support(
        "trainingWebinar", "Training webinars",
        "Live online sessions where our trainers show each module and answer your questions.",
        Seo("Training webinars for school staff", "Live online training sessions on each module with time for your questions."),
        links=(_TRAINING, _WATCH_DEMO, _CONTACT),
    ),
    _support(
        "trainingVideos", "Training videos",
        "Short videos that show how to complete everyday tasks in each module.",
        Seo("Training videos: everyday tasks step by step", "Short how-to videos for everyday tasks in admissions, HR, timetables and more."),
        links=(_WATCH_DEMO, _TRAINING, _PRODUCTS),
    ),
    _support(
        "studentParent", "Students & parents",
        "Guidance for students and parents using the portal and the upcoming mobile apps.",
        Seo("Help for students and parents", "How students and parents use the school portal and the upcoming mobile apps."),
        links=(Link("Student Smart", "/studentSmart", product_name="Student Smart"), _WHATSAPP, _CONTACT),
    ),
    _support(
        "chatbot", "Chatbot",
        "An assistant that answers common questions about the suite at any time of day.",
        Seo("Chatbot: instant answers about the suite", "An assistant for common questions, plus how to reach a person on WhatsApp today."),
        links=(_WHATSAPP, _CONTACT, _PRODUCTS),
    ),
    _support(
        "affiliatesPartner", "Affiliate partners",
        "Our affiliate partner programme for resellers, consultants and education networks.",
        Seo("Affiliate partner programme", "Join our affiliate partner programme for resellers, consultants and education networks."),
        links=(Link("Consultancy services", "/consultancy"), Link("About us", "/aboutUs"), _CONTACT),
    ),
)
