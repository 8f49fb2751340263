"""Labels of the interactive widgets (screen-reader names, toggles, controls).

Visible marketing copy lives with its page; these are the words the widgets
themselves need, kept here so no component holds text.
"""

from __future__ import annotations

READ_LESS_LABEL = "show less"

VIDEO_CLOSE_LABEL = "Close video"

NEWS_CAROUSEL_LABEL = "Company news"
NEWS_SLIDE_LABEL = "Show news item {number} of {total}"
NEWS_PAUSE_LABEL = "Pause news rotation"
NEWS_PLAY_LABEL = "Resume news rotation"
NEWS_INTERVAL_MS = 5000
# What a screen reader calls a carousel and one of its slides (aria-roledescription), in the page's language.
CAROUSEL_ROLE = "carousel"
SLIDE_ROLE = "slide"

PARTNERS_PREVIOUS_LABEL = "Previous partners"
PARTNERS_NEXT_LABEL = "Next partners"

CHAT_OPEN_LABEL = "Chat with us"
CHAT_CLOSE_LABEL = "Close chat"
CHAT_INPUT_LABEL = "Your message"
CHAT_INVALID_PHONE_MESSAGE = "Invalid Phone Number"
CHAT_LINK_BASE = "https://wa.me/"

MOBILE_MENU_LABEL = "Menu"

SKIP_LINK_LABEL = "Skip to content"
