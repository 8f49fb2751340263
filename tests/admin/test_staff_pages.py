"""Every staff page: made for a phone (viewport), styled and scripted only from the staff area's own two files,
under a Content-Security-Policy that allows nothing inline and nothing from elsewhere."""

from __future__ import annotations

import re

from leads.lead_payloads import CAREERS, VALID
from staff_client import client
from staff_pages import staff_pages

from marketing_site.admin.frame.rendering import POLICY
from marketing_site.leads.service import LeadKind, SubmissionContext, application_submit, lead_submit

API = SubmissionContext("staff-pages")


def test_every_page_is_for_a_phone_and_runs_nothing_inline_under_a_strict_policy(as_role):
    demo = lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], API)
    applied = application_submit(CAREERS, None, API)
    admin, _ = as_role("admin")
    paths = staff_pages(demo, applied)
    pages = {path: admin.get(path) for path in paths} | {"/admin/signin": client().get("/admin/signin")}
    for path, answer in pages.items():
        assert answer.status_code == 200, path
        assert answer.headers["content-security-policy"] == POLICY, path
        assert answer.headers["cache-control"] == "no-store", path
        html = answer.text
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html, path
        assert " style=" not in html and "<style" not in html, path
        scripts = re.findall(r"<script[^>]*>", html)
        assert re.fullmatch(r'<script src="/admin/static/staff.js\?v=[0-9a-f]{16}" defer>', scripts[0]), path
        assert set(scripts[1:]) <= {'<script src="/admin/passkeys.js" defer>'}, path  # the sign-in pages' own
        assert html.count("</script>") == len(scripts), path  # each one empty: its code comes from its file
        assert re.search(r'<link rel="stylesheet" href="/admin/static/staff.css\?v=[0-9a-f]{16}">', html), path
        assert re.search(r"<[^>]*\son[a-z]+=", html) is None, path  # no event handler attributes either
    assert "script-src 'self'" in POLICY and "style-src 'self'" in POLICY and "unsafe-inline" not in POLICY


def test_the_stylesheet_and_script_are_kept_a_year_under_their_hash_and_set_no_cookie():
    stranger = client()
    page = stranger.get("/admin/signin").text
    for name, kind in (("staff.css", "text/css"), ("staff.js", "text/javascript")):
        address = re.search(rf"/admin/static/{re.escape(name)}\?v=[0-9a-f]+", page).group(0)
        answer = stranger.get(address)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind)
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert "set-cookie" not in answer.headers
    assert stranger.get("/admin/static/app.py").status_code == 404
    assert stranger.get("/admin/static/../app.py").status_code == 404


def test_the_stylesheet_uses_the_sites_palette_and_the_script_only_reports_the_zone_and_opens_the_filters():
    stranger = client()
    page = stranger.get("/admin/signin").text
    css = stranger.get(re.search(r"/admin/static/staff.css\?v=[0-9a-f]+", page).group(0)).text
    for brand in ("#0c4a6e", "#075985", "#0369a1", "#0f172a", "ui-sans-serif, system-ui"):
        assert brand in css  # sky-900, sky-800, sky-700, slate-900 and the site's font stack
    js = stranger.get(re.search(r"/admin/static/staff.js\?v=[0-9a-f]+", page).group(0)).text
    assert "staff_tz=" in js and "resolvedOptions().timeZone" in js and "fetch(" not in js
