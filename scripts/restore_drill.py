"""`make restore-drill`: prove the latest backup restores, and say how old it is and how long a restore takes.

The backup (scripts/backup.py) is restored into a private PostgreSQL started for the drill (or a scratch copy
for SQLite), never the live database. Then: `alembic current` must name a known revision, every table must
hold the rows the manifest counted, and one lead is read end to end through the app's own models: its
résumé's bytes, its booking and its activity. Prints the backup's age (the data a restore now would lose:
RPO) and the restore's time (RTO: restore and checks, the scratch server's start not counted).
Exit status 1 when any check fails.

    python -m scripts.restore_drill [--dir var/backups] [--manifest PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, func
from sqlalchemy.engine import make_url
from sqlmodel import Session, col, select

from scripts.backup import backup_dir, libpq, pg_tool, table_counts
from scripts.harness.build import ROOT


@dataclass
class Drill:
    manifest: dict
    age_seconds: float
    restore_seconds: float = 0.0
    revision: str = ""
    lines: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def latest_manifest(folder: Path) -> Path:
    manifests = sorted(folder.glob("site-*.json"))
    if not manifests:
        raise SystemExit(f"no backup in {folder}: run `make backup` first")
    return manifests[-1]


def alembic_current(database_url: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "alembic", "-x", f"db_url={database_url}", "current"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"alembic current failed: {result.stderr[-2000:]}")
    return result.stdout.strip()


def restored_counts(database_url: str) -> dict[str, int]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return table_counts(connection)
    finally:
        engine.dispose()


def read_a_lead(database_url: str) -> str:
    """The newest lead with a résumé, a booking and activity (or the newest lead with each), read through the
    app's models as staff would open it; what was read, or AssertionError."""
    from marketing_site.booking.models import DemoBooking
    from marketing_site.core import db
    from marketing_site.leads import uploads
    from marketing_site.leads.models import Lead, LeadResume
    from marketing_site.staff.models import AuditEntry

    engine = db.build_engine(database_url)  # its own: the process's engine stays on the live database
    try:
        with Session(engine) as session:
            with_resume = set(session.exec(select(LeadResume.lead_id)))
            with_booking = set(session.exec(select(DemoBooking.lead_id)))
            with_activity = set(session.exec(select(AuditEntry.lead_id).where(col(AuditEntry.lead_id).is_not(None))))
            every = with_resume & with_booking & with_activity
            picks = [max(every)] if every else [max(ids) for ids in (with_resume, with_booking, with_activity) if ids]
            newest = session.exec(select(func.max(Lead.id))).one()
            picks = picks or ([newest] if newest is not None else [])
            read = []
            for lead_id in sorted(set(picks)):
                lead = session.get(Lead, lead_id)
                assert lead is not None, f"lead {lead_id} is missing"
                parts = [f"lead {lead.id} ({lead.kind})"]
                if lead_id in with_resume:
                    resume = uploads.resume_read(session, lead.id, lead.resume_filename)
                    stored = session.get(LeadResume, lead.id)
                    assert resume is not None and stored is not None and len(resume.content) == stored.size > 0
                    parts.append(f"résumé {stored.size} bytes ({resume.extension})")
                if lead_id in with_booking:
                    booking = session.exec(select(DemoBooking).where(DemoBooking.lead_id == lead.id)).one()
                    parts.append(f"booking {booking.id} ({booking.status}, {booking.starts_at:%Y-%m-%d %H:%M})")
                activity = session.exec(
                    select(func.count()).select_from(AuditEntry).where(AuditEntry.lead_id == lead.id)
                ).one()
                parts.append(f"{activity} activity entries")
                read.append(", ".join(parts))
        return "; ".join(read) if read else "no lead in the backup"
    finally:
        engine.dispose()


def check(drill: Drill, database_url: str) -> None:
    """The checks on a restored database, each noted in ``drill``."""
    drill.revision = alembic_current(database_url)
    expected = drill.manifest.get("revision", "")
    if expected and expected not in drill.revision:
        drill.failures.append(f"alembic current is {drill.revision!r}, the backup was at {expected!r}")
    counts = restored_counts(database_url)
    differing = {
        table: (rows, counts.get(table)) for table, rows in drill.manifest["rows"].items() if counts.get(table) != rows
    }
    if differing:
        drill.failures.append(f"row counts differ (backup, restored): {differing}")
    drill.lines.append(
        f"rows: {len(counts)} tables, {sum(counts.values())} rows, "
        + ("each as the backup counted" if not differing else "NOT as the backup counted")
    )
    try:
        drill.lines.append("read: " + read_a_lead(database_url))
    except AssertionError as failed:
        drill.failures.append(f"reading a lead failed: {failed}")


def _restore_postgres(dump: Path, drill: Drill) -> None:
    from scripts.harness.private_postgres import PrivatePostgres

    with PrivatePostgres() as server:
        database_url = server.create_database("drill")
        started = time.monotonic()
        uri, password = libpq(make_url(database_url))
        result = subprocess.run(
            [pg_tool("pg_restore"), "--no-owner", "--no-privileges", "--exit-on-error", "-d", uri, str(dump)],
            env={**os.environ, **password},
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise RuntimeError(f"pg_restore failed ({result.returncode}): {result.stderr[-2000:]}")
        check(drill, database_url)
        drill.restore_seconds = time.monotonic() - started


def _restore_sqlite(copy: Path, drill: Drill) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="restore-drill-"))
    try:
        started = time.monotonic()
        restored = scratch / "site.db"
        shutil.copyfile(copy, restored)
        check(drill, f"sqlite:///{restored}")
        drill.restore_seconds = time.monotonic() - started
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def restore_drill(manifest_path: Path, now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> Drill:
    manifest = json.loads(manifest_path.read_text())
    taken = datetime.fromisoformat(manifest["taken_at"])
    drill = Drill(manifest, (now() - taken).total_seconds())
    backup_file = manifest_path.parent / manifest["file"]
    (_restore_postgres if manifest["database"] == "postgresql" else _restore_sqlite)(backup_file, drill)
    return drill


def _duration(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min {rest} s" if minutes else f"{seconds:.1f} s"


def report(manifest_path: Path, drill: Drill) -> str:
    manifest = drill.manifest
    kind = "a private PostgreSQL" if manifest["database"] == "postgresql" else "a scratch SQLite file"
    return "\n".join(
        [
            f"==> Restore drill of {manifest_path.parent / manifest['file']} ({manifest['bytes'] / 1e6:.1f} MB)",
            f"    backup age (RPO): {_duration(drill.age_seconds)}",
            f"    restored into {kind}; alembic current: {drill.revision or '-'}",
            *(f"    {line}" for line in drill.lines),
            f"    restore time (RTO): {drill.restore_seconds:.1f} s (restore and checks)",
            *(f"    FAILED: {failure}" for failure in drill.failures),
            f"    load average {os.getloadavg()[0]:.1f}",
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=backup_dir(), help="where backups are (BACKUP_DIR)")
    parser.add_argument("--manifest", type=Path, help="a backup's manifest (default: the latest in --dir)")
    args = parser.parse_args()
    manifest_path = args.manifest or latest_manifest(args.dir)
    drill = restore_drill(manifest_path)
    print(report(manifest_path, drill))
    return 1 if drill.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
