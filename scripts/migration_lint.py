"""Migrations are checked for locking operations before they ship: squawk over the SQL `alembic upgrade --sql`
writes for PostgreSQL, one revision at a time (tests/test_migration_lint.py runs it in `make test`).

Revisions up to BASELINE shipped before this check, onto tables that were empty or small; they are not
linted (docs/deployment.md lists what squawk says about them). Every later revision must pass the rules
below, or name the rule it breaks in ALLOWED with the reason that makes it safe.

    python -m scripts.migration_lint        # prints each finding; exit status 1 if there is one
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from scripts.harness.build import ROOT

BASELINE = "0010_staff_area"
PG_VERSION = "15"  # the oldest PostgreSQL the site supports (Debian 12's)
OFFLINE_URL = "postgresql+psycopg://offline@localhost/offline"  # --sql never connects
# squawk's rules about style rather than locks, off for every revision.
EXCLUDED_RULES = {
    "prefer-text-field": "varchar(n) is how the models bound each field; widening one is a migration of its own",
    "prefer-bigint-over-int": "the tables' ids stay far below 2^31 (a school's leads, not events)",
    "prefer-identity": "SQLAlchemy's serial primary keys; no lock either way",
    "prefer-robust-stmts": "a migration runs once in its own transaction; a failed one rolls back whole",
    "require-statement-timeout": "env.py bounds lock waits (lock_timeout); a statement limit would cut a backfill",
}
# Revision -> {rule: why it is safe there}, for a later revision that must break a rule.
ALLOWED: dict[str, dict[str, str]] = {
    "i33_search_text": {
        "require-concurrent-index-creation": "built in the same transaction as the columns it indexes and their fill "
        "(a CONCURRENTLY build cannot run inside it); a vendor's lead table is small (100,000 leads: under a second)",
    },
    "i34d_drop_channel_indexes": {
        "ban-drop-not-null": "lead_touch's copies of the lead's kind and arrival: no release that can run on this "
        "schema reads them (the report reads channel_tally since i34t), and the one before still writes them",
    },
}


@dataclass(frozen=True)
class Finding:
    revision: str
    rule: str
    message: str
    line: int


def revisions_after(baseline: str = BASELINE) -> list[tuple[str, str]]:
    """(down revision, revision) of every revision after ``baseline``, oldest first."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(Config(str(ROOT / "alembic.ini")))
    later = [
        revision for revision in script.walk_revisions(base=baseline, head="heads") if revision.revision != baseline
    ]
    return [(str(revision.down_revision), revision.revision) for revision in reversed(later)]


def revision_sql(down: str, revision: str) -> str:
    """The SQL `alembic upgrade down:revision --sql` writes for PostgreSQL (lock_timeout first, from env.py)."""
    result = subprocess.run(
        [sys.executable, "-m", "alembic", "-x", f"db_url={OFFLINE_URL}", "upgrade", f"{down}:{revision}", "--sql"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"alembic upgrade {down}:{revision} --sql failed:\n{result.stderr[-3000:]}")
    return result.stdout


def squawk_path() -> str:
    found = shutil.which("squawk") or shutil.which("squawk", path=str(Path(sys.executable).parent))
    if found is None:
        raise RuntimeError("squawk is missing: it comes with requirements.txt (squawk-cli)")
    return found


def lint(sql: str, revision: str = "sql", allowed: dict[str, str] | None = None) -> list[Finding]:
    """squawk's findings on ``sql``, without the excluded rules and those ``allowed`` for this revision."""
    excluded = sorted({*EXCLUDED_RULES, *(allowed or {})})
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{revision}.sql"
        path.write_text(sql)
        result = subprocess.run(
            [
                squawk_path(),
                "--pg-version",
                PG_VERSION,
                "--reporter",
                "json",
                f"--exclude={','.join(excluded)}",
                str(path),
            ],
            capture_output=True,
            text=True,
        )
    if result.returncode not in (0, 1) or not result.stdout.strip():
        raise RuntimeError(f"squawk failed ({result.returncode}): {result.stderr[-2000:]}")
    return [
        Finding(revision, item.get("rule_name", "?"), item.get("message", ""), int(item.get("line", 0)))
        for item in json.loads(result.stdout)
    ]


def findings() -> list[Finding]:
    """Every finding on the revisions after the baseline."""
    return [
        finding
        for down, revision in revisions_after()
        for finding in lint(revision_sql(down, revision), revision, ALLOWED.get(revision))
    ]


def main() -> int:
    checked = revisions_after()
    found = findings()
    for finding in found:
        print(f"{finding.revision}:{finding.line}: {finding.rule}: {finding.message}")
    print(f"squawk: {len(checked)} revision(s) after {BASELINE}, {len(found)} finding(s)")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
