"""A staff member as colleagues read them in sentences ("Sana took the lead"): accounts hold only an email
address, so its local part, split into words ("sana.malik@…" reads "Sana Malik")."""

from __future__ import annotations

import re

from marketing_site.staff.models import StaffUser

_WORD_BREAKS = re.compile(r"[._+\-]+")


def staff_name(user: StaffUser) -> str:
    local = user.email.partition("@")[0]
    return " ".join(word.capitalize() for word in _WORD_BREAKS.split(local) if word) or user.email
