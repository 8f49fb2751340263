"""The /whatsapp page: how to reach the team on WhatsApp."""

from __future__ import annotations

from marketing_site.content.links import BOOK_DEMO, CONTACT_US
from marketing_site.content.types import Link, Seo, Step

SEO = Seo(
    "Chat with our team on WhatsApp",
    "Message our school software specialists on WhatsApp for quick answers about modules, demos and support.",
)
HEADING = "Chat with us on WhatsApp"
INTRO = (
    "Prefer messaging to phone calls? Our specialists answer questions about modules, pricing, "
    "demos and support on WhatsApp. We typically reply within a day."
)
STEPS_HEADING = "How it works"
STEPS: tuple[Step, ...] = (
    Step("1. Open the chat", "Press the green chat bubble at the bottom right of any page."),
    Step("2. Type your question", "Tell us your school's name and what you would like to know."),
    Step("3. Continue in WhatsApp", "Send opens WhatsApp on your phone or computer with your message ready to go."),
)
OPEN_CHAT_LABEL = "Open WhatsApp chat"
CHAT_URL = "https://wa.me/{number}"
TIPS_HEADING = "Before you message us"
TIPS: tuple[str, ...] = (
    "Mention which modules interest you, for example Student Smart or HR Smart.",
    "For technical issues, include your school's name and a short description of the problem.",
    "Please do not send passwords or students' personal data over chat.",
)
ALTERNATIVES_HEADING = "Other ways to reach us"
ALTERNATIVES: tuple[Link, ...] = (
    CONTACT_US,
    BOOK_DEMO,
)
