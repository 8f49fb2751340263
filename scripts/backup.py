"""`make backup`: a consistent backup of the site's database into BACKUP_DIR (default var/backups).

PostgreSQL: `pg_dump -Fc` of the whole database (leads, résumés in lead_resume, bookings, the outbox,
staff accounts), taken from a snapshot this script exports; the row counts of the manifest are read in
that same snapshot, so the restore drill (scripts/restore_drill.py) can compare them exactly.
SQLite: the online backup API (a consistent copy while the site writes), counted in the copy.

Each backup is a file and its manifest (`site-<UTC time>.json`: when, the migration revision, every
table's row count); the manifest is written last, so a backup without one never counts as the latest.

    python -m scripts.backup [--dir var/backups] [--keep 14]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, Connection, make_url

from marketing_site.core.db import normalise_url
from scripts.harness.build import ROOT

DEFAULT_DIR = ROOT / "var" / "backups"
STAMP = "%Y%m%dT%H%M%SZ"


def backup_dir() -> Path:
    return Path(os.environ.get("BACKUP_DIR") or DEFAULT_DIR)


def pg_tool(name: str) -> str:
    """pg_dump / pg_restore of the newest installed PostgreSQL (a dump needs a client at least as new)."""
    from scripts.harness.private_postgres import postgres_bin_dir

    bin_dir = postgres_bin_dir()
    found = str(bin_dir / name) if bin_dir is not None and (bin_dir / name).exists() else shutil.which(name)
    if found is None:
        raise RuntimeError(f"{name} is missing: install Debian's postgresql-client")
    return found


def libpq(url: URL) -> tuple[str, dict[str, str]]:
    """A libpq connection URI without the password, and the environment that carries it (never argv)."""
    plain = url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    return plain, ({"PGPASSWORD": url.password} if url.password else {})


def table_counts(connection: Connection) -> dict[str, int]:
    """Every table's row count (alembic_version included), read in the connection's transaction."""
    from sqlalchemy import inspect

    names = sorted(inspect(connection).get_table_names())
    return {name: connection.execute(text(f'SELECT count(*) FROM "{name}"')).scalar_one() for name in names}


def _revision(counts: dict[str, int], connection: Connection) -> str:
    if "alembic_version" not in counts:
        return ""
    return str(connection.execute(text("SELECT version_num FROM alembic_version")).scalar() or "")


def _dump_postgres(url: URL, destination: Path) -> dict[str, object]:
    engine = create_engine(url, isolation_level="REPEATABLE READ")
    try:
        with engine.connect() as connection:  # the snapshot lives as long as this transaction
            connection.execute(text("SET TRANSACTION READ ONLY"))
            snapshot = connection.execute(text("SELECT pg_export_snapshot()")).scalar_one()
            counts = table_counts(connection)
            revision = _revision(counts, connection)
            uri, password = libpq(url)
            result = subprocess.run(
                [pg_tool("pg_dump"), "-Fc", f"--snapshot={snapshot}", "-f", str(destination), "-d", uri],
                env={**os.environ, **password},
                capture_output=True,
                text=True,
            )
            if result.returncode != 0:
                raise RuntimeError(f"pg_dump failed ({result.returncode}): {result.stderr[-2000:]}")
            connection.rollback()
    finally:
        engine.dispose()
    return {"database": "postgresql", "revision": revision, "rows": counts}


def _copy_sqlite(url: URL, destination: Path) -> dict[str, object]:
    source = sqlite3.connect(f"file:{url.database}?mode=ro", uri=True)
    target = sqlite3.connect(destination)
    try:
        source.backup(target)  # the online backup API: a consistent copy while others write
    finally:
        source.close()
        target.close()
    engine = create_engine(f"sqlite:///{destination}")
    try:
        with engine.connect() as connection:
            counts = table_counts(connection)
            revision = _revision(counts, connection)
    finally:
        engine.dispose()
    return {"database": "sqlite", "revision": revision, "rows": counts}


def backup(database_url: str, folder: Path) -> Path:
    """Back ``database_url`` up into ``folder``; the manifest's path."""
    url = make_url(normalise_url(database_url))
    folder.mkdir(parents=True, exist_ok=True)
    taken = datetime.now(UTC)
    name = f"site-{taken.strftime(STAMP)}"
    postgres = url.get_backend_name() == "postgresql"
    file = folder / (f"{name}.dump" if postgres else f"{name}.sqlite3")
    partial = file.with_name(file.name + ".partial")
    started = time.monotonic()
    details = (_dump_postgres if postgres else _copy_sqlite)(url, partial)
    partial.rename(file)
    manifest = {
        **details,
        "file": file.name,
        "bytes": file.stat().st_size,
        "taken_at": taken.isoformat(),
        "seconds": round(time.monotonic() - started, 2),
    }
    path = folder / f"{name}.json"
    path.write_text(json.dumps(manifest, indent=2) + "\n")
    return path


def prune(folder: Path, keep: int) -> list[Path]:
    """Remove all but the ``keep`` newest backups; the manifests removed."""
    manifests = sorted(folder.glob("site-*.json"))
    gone = manifests[:-keep] if keep > 0 else []
    for manifest in gone:
        file = folder / json.loads(manifest.read_text())["file"]
        file.unlink(missing_ok=True)
        manifest.unlink()
    return gone


def main() -> None:
    from marketing_site.settings import settings

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=backup_dir(), help="where backups go (BACKUP_DIR)")
    parser.add_argument("--keep", type=int, default=0, help="keep this many newest backups (0: keep all)")
    args = parser.parse_args()
    manifest_path = backup(settings.database_url, args.dir)
    manifest = json.loads(manifest_path.read_text())
    rows = sum(manifest["rows"].values())
    print(
        f"==> Backup {args.dir / manifest['file']}: {manifest['database']}, revision {manifest['revision'] or '-'}, "
        f"{len(manifest['rows'])} tables, {rows} rows, {manifest['bytes'] / 1e6:.1f} MB in {manifest['seconds']} s"
    )
    for manifest in prune(args.dir, args.keep):
        print(f"    removed the older {manifest.name}")


if __name__ == "__main__":
    main()
