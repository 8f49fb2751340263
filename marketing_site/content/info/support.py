"""Support & Resources pages; all are announced as coming soon with ways to get help today."""

from __future__ import annotations

from marketing_site import routes
from marketing_site.content.links import ABOUT_US, CHAT_ON_WHATSAPP, CONTACT_US, EXPLORE_PRODUCTS, WATCH_DEMO
from marketing_site.content.site import SUPPORT_CONTACT
from marketing_site.content.types import InfoPage, Link, Seo

_TRAINING = Link("Training for your staff", routes.TRAINING)


def _support(route: str, heading: str, intro: str, seo: Seo, links: tuple[Link, ...]) -> InfoPage:
    return InfoPage(
        route=route,
        heading=heading,
        intro=intro,
        seo=seo,
        coming_soon=True,
        links=links,
        contacts=(SUPPORT_CONTACT.label,),
    )


SUPPORT_PAGES: tuple[InfoPage, ...] = (
    _support(
        routes.TECHNICAL_SUPPORT,
        "Technical support",
        "A support portal for tickets, status updates and answers from our engineers.",
        Seo(
            "Technical support for schools",
            "Get technical help with the school management suite by phone, email or WhatsApp.",
        ),
        links=(CHAT_ON_WHATSAPP, CONTACT_US, _TRAINING),
    ),
    _support(
        routes.HELP_GUIDE,
        "Help guides",
        "Step-by-step guides for every module, written for the people who use them each day.",
        Seo(
            "Help guides for every Smart module",
            "Step-by-step help guides for administrators, teachers and finance staff.",
        ),
        links=(_TRAINING, EXPLORE_PRODUCTS, CONTACT_US),
    ),
    _support(
        routes.TRAINING_WEBINAR,
        "Training webinars",
        "Live online sessions where our trainers show each module and answer your questions.",
        Seo(
            "Training webinars for school staff",
            "Live online training sessions on each module with time for your questions.",
        ),
        links=(_TRAINING, WATCH_DEMO, CONTACT_US),
    ),
    _support(
        routes.TRAINING_VIDEOS,
        "Training videos",
        "Short videos that show how to complete everyday tasks in each module.",
        Seo(
            "Training videos: everyday tasks step by step",
            "Short how-to videos for everyday tasks in admissions, HR, timetables and more.",
        ),
        links=(WATCH_DEMO, _TRAINING, EXPLORE_PRODUCTS),
    ),
    _support(
        routes.STUDENT_PARENT,
        "Students & parents",
        "Guidance for students and parents using the portal and the upcoming mobile apps.",
        Seo(
            "Help for students and parents",
            "How students and parents use the school portal and the upcoming mobile apps.",
        ),
        links=(Link("Student Smart", routes.STUDENT_SMART, product_name="Student Smart"), CHAT_ON_WHATSAPP, CONTACT_US),
    ),
    _support(
        routes.CHATBOT,
        "Chatbot",
        "An assistant that answers common questions about the suite at any time of day.",
        Seo(
            "Chatbot: instant answers about the suite",
            "An assistant for common questions, plus how to reach a person on WhatsApp today.",
        ),
        links=(CHAT_ON_WHATSAPP, CONTACT_US, EXPLORE_PRODUCTS),
    ),
    _support(
        routes.AFFILIATES_PARTNER,
        "Affiliate partners",
        "Our affiliate partner programme for resellers, consultants and education networks.",
        Seo(
            "Affiliate partner programme",
            "Join our affiliate partner programme for resellers, consultants and education networks.",
        ),
        links=(Link("Consultancy services", routes.CONSULTANCY), ABOUT_US, CONTACT_US),
    ),
)
