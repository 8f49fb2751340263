"""CPU time of the lead service alone, in-process: ``lead_submit`` of a ProductVideo lead (what ``POST
/api/ProductVideo`` calls), one lead after another, on the database at DATABASE_URL as it is configured (the
bare or the production configuration, ``scripts.bench_production``). No HTTP and no background loop: what
one lead costs the worker that stores it, its owner chosen, its timers started, its mails and webhook queued.
Its leads are deleted afterwards (with their mails, timers and deliveries), so no sender finds them later.

    DATABASE_URL=sqlite:///… python -m scripts.bench_lead_cpu --leads 500     (prints one JSON line)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import uuid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leads", type=int, default=500)
    parser.add_argument("--warm-up", type=int, default=50)
    options = parser.parse_args()

    from sqlalchemy import delete
    from sqlmodel import col

    from marketing_site.booking import calendar
    from marketing_site.core import db, rate_limit
    from marketing_site.leads import antispam
    from marketing_site.leads.models import Lead
    from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
    from marketing_site.settings import settings

    db.configure_engine(settings.database_url)
    calendar.install()  # as the app does where it starts
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000_000))
    run, load = uuid.uuid4().hex[:8], os.getloadavg()[0]

    def submit(number: int) -> None:
        payload = {
            "name": "Bench Mark",
            "email": f"cpu-{run}-{number}@school.edu",
            "contactNo": f"+92300{1_000_000 + number % 8_000_000}",
            "product": "Student Smart",
        }
        lead_submit(LeadKind.PRODUCT_VIDEO, payload, SubmissionContext(client_id="bench"))

    for number in range(options.warm_up):
        submit(options.leads + number)
    cpu, wall = [], []
    for number in range(options.leads):
        cpu_before, wall_before = time.process_time(), time.perf_counter()
        submit(number)
        cpu.append(time.process_time() - cpu_before)
        wall.append(time.perf_counter() - wall_before)
    with db.write_session() as db_session:
        db_session.execute(delete(Lead).where(col(Lead.email).startswith(f"cpu-{run}-")))
        db_session.commit()
    db.get_engine().dispose()
    print(
        json.dumps(
            {
                "leads": options.leads,
                "load": load,
                "cpu_ms_mean": statistics.fmean(cpu) * 1000,
                "cpu_ms_median": statistics.median(cpu) * 1000,
                "wall_ms_median": statistics.median(wall) * 1000,
            }
        )
    )


if __name__ == "__main__":
    main()
