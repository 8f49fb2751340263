"""What every mail of the outbox is made of: text and HTML parts from a package's Jinja2 templates
(autoescaped HTML, so whatever a visitor typed is shown as text), a one-line subject that fits its column,
and a Message-ID fixed when the row is written.

Text of both directions carries Unicode isolates (i18n/bidi.py): kept as they are in the plain-text part
and the subject, turned into <bdi> elements in the HTML part by the ``bidi`` filter."""

from __future__ import annotations

import re
import uuid
from email.utils import parseaddr
from functools import cache
from typing import Any, TypedDict

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from marketing_site.core.columns import max_length
from marketing_site.i18n.bidi import as_html
from marketing_site.i18n.languages import DEFAULT
from marketing_site.mail.models import OutboxMail
from marketing_site.settings import settings

STAFF_LANGUAGE = DEFAULT.code  # the staff area and its mails are in English
_LINE_SPACE = re.compile(r"[^\S\u00a0]+")  # any run of white space but the no-break space that joins a brand name


class MailBodies(TypedDict):
    """An outbox row's two bodies, passed on as its keyword arguments."""

    text_body: str
    html_body: str


class MailTemplates:
    """The ``mail_<name>.txt`` and ``mail_<name>.html`` templates of one package."""

    def __init__(self, package: str) -> None:
        # auto_reload off: templates change with a release, never under a running worker (spares a stat per mail).
        self._environment = Environment(
            loader=PackageLoader(package),
            autoescape=select_autoescape(["html"]),
            undefined=StrictUndefined,
            keep_trailing_newline=True,
            auto_reload=False,
        )
        self._environment.filters["bidi"] = as_html

    def render(self, name: str, **values: Any) -> MailBodies:
        """The outbox row's two bodies."""
        return {
            "text_body": self._environment.get_template(f"mail_{name}.txt").render(**values),
            "html_body": self._environment.get_template(f"mail_{name}.html").render(**values),
        }


def subject_line(text: str) -> str:
    """One line (a header cannot hold a line break a visitor typed), cut to fit the subject column."""
    return _LINE_SPACE.sub(" ", text).strip()[: max_length(OutboxMail, "subject")]


def new_message_id() -> str:
    """A Message-ID fixed when the row is written, so every attempt of one mail carries the same one."""
    return f"<{uuid.uuid4().hex}@{_domain_of(settings.mail_from)}>"


@cache
def _domain_of(address: str) -> str:
    """The sender's domain (parsing the address costs more than the rest of the Message-ID)."""
    return parseaddr(address)[1].rpartition("@")[2] or "localhost"
