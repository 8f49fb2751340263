"""The W3C Nu HTML Checker (vnu.jar, run with Java) over HTML files, and the few reports it may make that are
not errors of ours, each with its reason.

vnu.jar is a test-only npm package (`vnu-jar`) kept in the git-ignored tools folder like axe-core: installed
there on first use with ``npm install --prefix .tools vnu-jar@VNU_VERSION`` (or point ``VNU_JAR`` at a jar).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from scripts.harness.npm_tools import npm_file

VNU_VERSION = "26.9.27"


@dataclass(frozen=True)
class Allowed:
    """A report the checker makes that is not an error of the page, and why."""

    message: re.Pattern[str]
    reason: str


# Each entry is a checker bug, with the reason; a current vnu (26.9.27) no longer reports fetchpriority, inert
# or closedby, which the older checker of the walk-through did. None is needed today.
ALLOWED: tuple[Allowed, ...] = ()


@dataclass(frozen=True)
class Report:
    where: str  # the file, or the page's address
    line: int
    message: str
    extract: str

    def __str__(self) -> str:
        return f"{self.where}:{self.line}: {self.message}  [{self.extract.strip()[:120]}]"


def vnu_jar() -> Path:
    configured = os.environ.get("VNU_JAR")
    return Path(configured) if configured else npm_file("vnu-jar", VNU_VERSION, "build/dist/vnu.jar")


def java() -> str:
    found = shutil.which("java")
    if found is None:
        raise RuntimeError("the W3C checker needs Java: apt-get install default-jre-headless")
    return found


def check(*targets: Path) -> list[Report]:
    """Every error the checker reports in the HTML files (folders are walked), none of them allowed."""
    result = subprocess.run(
        [java(), "-jar", str(vnu_jar()), "--errors-only", "--format", "json", "--skip-non-html", *map(str, targets)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    messages = json.loads(result.stderr or '{"messages": []}')["messages"]
    return [
        Report(
            message.get("url", "").removeprefix("file:"),
            message.get("lastLine", 0),
            message["message"],
            message.get("extract", ""),
        )
        for message in messages
        if message["type"] in ("error", "non-document-error")
        and not any(allowed.message.search(message["message"]) for allowed in ALLOWED)
    ]
