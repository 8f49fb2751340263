"""`make bench-scale`: the lead API through nginx to one backend and to two, in the same run, and how
fast /readyz answers a probe.

It starts the production topology of deploy/supervisord.conf (scripts/harness/topology.py: two backends in
working folders of their own, the background loops apart, nginx with deploy/nginx/api.conf in front) on a
private PostgreSQL and Redis, plus a second nginx whose upstream is the first backend alone. wrk
(scripts/bench_load_api.lua) posts ProductVideo leads through each nginx for a fixed time after a
warm-up, and every run is audited (every acknowledged lead stored, none twice). /readyz is then asked
the way a load balancer's probe asks it, one request after another, idle and under that load.
Not a test: figures depend on the machine (two backends on one 2-core machine share the same cores).

    python -m scripts.bench_scale [--clients 50] [--seconds 15] [--probes 200]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx

from scripts.bench_load import WARM_UP_SECONDS, Row, Stack, measure_api, print_row
from scripts.harness.build import tool_env
from scripts.harness.database import migrate
from scripts.harness.nginx import Nginx
from scripts.harness.ports import free_port
from scripts.harness.private_postgres import PrivatePostgres
from scripts.harness.private_redis import PrivateRedis
from scripts.harness.topology import topology
from scripts.render_nginx import Site

SETTINGS = {"LEAD_RATE_LIMIT_PER_MINUTE": "1000000000"}  # every lead comes from 127.0.0.1


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent wrk connections (1..200)")
    parser.add_argument("--seconds", type=int, default=15, help="load time per target (1..120)")
    parser.add_argument("--probes", type=int, default=200, help="/readyz requests per measurement")
    args = parser.parse_args()
    if not 1 <= args.clients <= 200 or not 1 <= args.seconds <= 120:
        parser.error("clients must be 1..200 and seconds 1..120")
    return args


def probe_times(url: str, count: int) -> list[float]:
    """``count`` GETs of ``url``, one after another, as a probe asks; seconds each (all must be 200)."""
    times = []
    with httpx.Client(timeout=5) as http:
        for _ in range(count):
            began = time.perf_counter()
            assert http.get(url).status_code == 200
            times.append(time.perf_counter() - began)
    return times


def describe(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"median {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
    )


def main() -> int:
    args = parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: run scripts/ensure_debian_package.sh wrk wrk (make bench-scale does)")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at start (other work skews the figures)")
    run_dir = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    rows: list[Row] = []
    try:
        with PrivatePostgres() as postgres, PrivateRedis() as redis_server:
            database_url = postgres.create_database("bench")
            migrate(tool_env({"DATABASE_URL": database_url}))
            with topology(database_url, redis_server.url, run_dir, settings=SETTINGS) as both:
                first = both.backends[0]
                one_port = free_port()
                alone = Nginx(
                    Site(
                        root=None,
                        backend_url=both.api_url,
                        upstream=f"127.0.0.1:{first.port}",
                        api_listen=f"127.0.0.1:{one_port}",
                    ),
                    run_dir / "nginx-one",
                ).start()
                try:
                    workers = first.worker_count()
                    targets = [
                        Stack(
                            f"nginx -> 1 backend ({workers} workers)", f"http://127.0.0.1:{one_port}", database_url, ""
                        ),
                        Stack(f"nginx -> 2 backends ({2 * workers} workers)", both.api_url, database_url, ""),
                    ]
                    for target in targets:
                        measure_api(target, 4, WARM_UP_SECONDS)
                    print(f"\nLead API (POST /api/ProductVideo), {args.clients} clients, {args.seconds} s each")
                    print(
                        f"{'through':<30} {'load':<5} {'clients':>7} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} "
                        f"{'p99 ms':>7} {'errors':>6} {'acked':>6} {'stored':>6} {'missing':>7} {'dup':>4} {'gen':>6}"
                    )
                    for target in targets:
                        rows.append(measure_api(target, args.clients, args.seconds))
                        print_row(rows[-1])
                    readyz = f"{first.url}/readyz"
                    print(f"\n/readyz on one backend, {args.probes} requests one after another:")
                    print(f"  idle:             {describe(probe_times(readyz, args.probes))}")
                    under_load: list[float] = []
                    prober = threading.Thread(target=lambda: under_load.extend(probe_times(readyz, args.probes)))
                    prober.start()
                    loaded = measure_api(targets[1], args.clients, args.seconds)
                    prober.join()
                    print(f"  under that load:  {describe(under_load)} ({loaded.rate:.0f} leads/s meanwhile)")
                finally:
                    alone.stop()
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 1 if any(row.errors or not row.audit.ok for row in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
