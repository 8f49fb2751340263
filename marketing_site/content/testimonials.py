"""Customer quotes and logos for the home page: empty until the vendor adds real, approved ones.

Nothing here is invented; the block renders only when a tuple holds records (README, "Replacing
content and media").
"""

from __future__ import annotations

from marketing_site.content.types import CustomerLogo, Testimonial

HEADING = "What schools say"
LOGOS_LABEL = "Schools using Smart School Suite"

TESTIMONIALS: tuple[Testimonial, ...] = ()
CUSTOMER_LOGOS: tuple[CustomerLogo, ...] = ()
