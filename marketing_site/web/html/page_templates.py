"""The one Jinja2 environment of the pages the backend renders itself (autoescaped): the visitor's booking pages
(``web/html/templates``) and the staff area's (``admin/templates``, beside its pages). Mails have their own
(``mail/render.py``): they are text and HTML for mail clients, not pages.

The staff area sits above this layer, so it is named by its folder here, not imported.
"""

from __future__ import annotations

from pathlib import Path

from starlette.templating import Jinja2Templates

from marketing_site.i18n.bidi import as_html

PACKAGE = Path(__file__).parents[2]
FOLDERS = (Path(__file__).parent / "templates", PACKAGE / "admin" / "templates")

templates = Jinja2Templates(directory=FOLDERS)
templates.env.filters["bidi"] = as_html
