"""Page margins every page family shares, so the header, each section and the footer line up.

From the xl breakpoint the chat bubble floats at the bottom-start corner; the 4 rem inline
padding there is the gutter it lives in, so it never covers a link, button or field. Below xl
the chat sits in the header instead (layout/navbar.py).
"""

CONTAINER = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 xl:px-16"
