"""`make backup` and `make restore-drill` on this pass's database (the PostgreSQL pass: pg_dump -Fc, restored
into a private PostgreSQL; the SQLite pass: the online backup API, restored into a scratch file): alembic
current, every table's rows as the backup counted them, one lead read with its résumé, booking and activity,
and the backup's age (RPO) and the restore's time (RTO) printed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

from booking.hosts import round_the_clock_slots
from leads.lead_payloads import VALID
from samples import PDF

from marketing_site.booking.service import book_for_lead
from marketing_site.core import db
from marketing_site.leads import uploads
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext, lead_submit
from marketing_site.staff.models import AuditEntry
from scripts.backup import backup
from scripts.harness.build import ROOT
from scripts.restore_drill import restore_drill

CLI_SECONDS = 120


def a_lead_with_everything() -> int:
    """A demo request booked with a host, a résumé beside it and a note in its activity."""
    lead_id = lead_submit(
        LeadKind.SCHEDULE_DEMO,
        {**VALID["ScheduleDemo"], "email": f"drill-{uuid.uuid4().hex[:8]}@school.edu"},
        SubmissionContext("drill"),
    )
    book_for_lead(lead_id, round_the_clock_slots("Drill Host")[0], "UTC")
    with db.write_session() as session:
        uploads.resume_write(session, lead_id, uploads.ResumeUpload("cv.pdf", PDF), ".pdf")
        session.add(AuditEntry(action="note", lead_id=lead_id, detail="drill"))
        session.commit()
    return lead_id


def run(module: str, *args: str, database_url: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        timeout=CLI_SECONDS,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_make_backup_then_make_restore_drill(database_url, tmp_path):
    lead_id = a_lead_with_everything()
    run("scripts.backup", "--dir", str(tmp_path), database_url=database_url)
    printed = run("scripts.restore_drill", "--dir", str(tmp_path), database_url=database_url)
    assert "backup age (RPO): " in printed and "restore time (RTO): " in printed and "FAILED" not in printed
    assert "(head)" in printed and "each as the backup counted" in printed
    assert f"lead {lead_id} (ScheduleDemo), résumé {len(PDF)} bytes (.pdf), booking " in printed
    assert int(re.search(rf"lead {lead_id} .*?(\d+) activity entries", printed).group(1)) >= 1


def test_the_drill_fails_when_a_table_lost_rows(database_url, tmp_path):
    a_lead_with_everything()
    manifest_path = backup(database_url, Path(tmp_path))
    manifest = json.loads(manifest_path.read_text())
    manifest["rows"]["lead"] += 1  # as if a lead never made it into the backup
    manifest_path.write_text(json.dumps(manifest))
    drill = restore_drill(manifest_path)
    assert any("row counts differ" in failure and "'lead'" in failure for failure in drill.failures)
    assert drill.age_seconds < 60 and drill.restore_seconds > 0
