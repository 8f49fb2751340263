"""ical.js (npm), the second parser every invitation must pass besides Python's icalendar.

A test-only package kept in the git-ignored tools folder, like axe-core: installed there on first use with
``npm install --prefix .tools ical.js@ICAL_JS_VERSION``, then run by node on the invitations (its CommonJS build).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ICAL_JS_VERSION = "2.2.1"
ICAL_JS = ROOT / ".tools" / "node_modules" / "ical.js" / "dist" / "ical.es5.cjs"
READ_EVENTS = """
const ICAL = require(process.argv[1]);
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const read = JSON.parse(input).map((text) => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent("vevent");
    const event = new ICAL.Event(vevent);
    return {
      method: calendar.getFirstPropertyValue("method"),
      uid: event.uid,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue("status"),
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: vevent.getFirstPropertyValue("url"),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  process.stdout.write(JSON.stringify(read));
});
"""


def _installed() -> Path:
    if not ICAL_JS.is_file():
        subprocess.run(
            [
                "npm",
                "install",
                "--prefix",
                str(ROOT / ".tools"),
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                f"ical.js@{ICAL_JS_VERSION}",
            ],
            check=True,
        )
    return ICAL_JS


def events_read_by_ical_js(calendars: list[str]) -> list[dict[str, Any]]:
    """Each calendar's method and first event as ical.js reads them; a calendar it cannot parse fails the test."""
    done = subprocess.run(
        ["node", "-e", READ_EVENTS, str(_installed())],
        input=json.dumps(calendars),
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, f"ical.js could not read an invitation: {done.stderr}"
    return json.loads(done.stdout)
