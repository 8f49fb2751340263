"""ical.js (npm), the second parser every invitation must pass besides Python's icalendar.

A test-only package kept in the git-ignored tools folder, like axe-core: installed there on first use with
``npm install --prefix .tools ical.js@ICAL_JS_VERSION``, then run by node on the invitations (its CommonJS build).
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

from scripts.harness.npm_tools import npm_file

ICAL_JS_VERSION = "2.2.1"
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


def events_read_by_ical_js(calendars: list[str]) -> list[dict[str, Any]]:
    """Each calendar's method and first event as ical.js reads them; a calendar it cannot parse fails the test."""
    done = subprocess.run(
        ["node", "-e", READ_EVENTS, str(npm_file("ical.js", ICAL_JS_VERSION, "dist/ical.es5.cjs"))],
        input=json.dumps(calendars),
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, f"ical.js could not read an invitation: {done.stderr}"
    return json.loads(done.stdout)
