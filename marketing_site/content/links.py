"""Labelled links that several pages offer, written once (menus, footer, 404 and info pages)."""

from __future__ import annotations

from marketing_site import routes
from marketing_site.content.types import Link

HOME = Link("Home", routes.HOME)
PRODUCTS = Link("Products", routes.PRODUCT)
EXPLORE_PRODUCTS = Link("Explore the products", routes.PRODUCT)
BOOK_DEMO = Link("Book a demo", routes.SCHEDULE)
WATCH_DEMO = Link("Watch a demo", routes.SIGNUP)
ABOUT_US = Link("About us", routes.ABOUT_US)
CONTACT_US = Link("Contact us", routes.CONTACT_US)
CHAT_ON_WHATSAPP = Link("Chat with us on WhatsApp", routes.WHATSAPP)
