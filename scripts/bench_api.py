"""Load benchmark for the lead API (not a test): N POSTs to /api/ProductVideo at concurrency C.

Without --url it migrates a throw-away SQLite database (or --database-url), starts the API with
uvicorn on a free loopback port with the rate limit raised, and stops it afterwards. With --url
it targets a server you started yourself (raise LEAD_RATE_LIMIT_PER_MINUTE there). Only loopback
addresses are accepted, and both the request count and the run time are capped.

    python scripts/bench_api.py --requests 2000 --concurrency 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
PAYLOAD = {"email": "bench@school.edu", "name": "Bench Mark", "contactNo": "+923001234567", "product": "Student Smart"}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="base URL of a running server on loopback (default: start one)")
    parser.add_argument("--database-url", help="database for the server this script starts (default: temp SQLite)")
    parser.add_argument("--requests", type=int, default=2000, choices=range(1, 20001), metavar="1..20000")
    parser.add_argument("--concurrency", type=int, default=20, choices=range(1, 201), metavar="1..200")
    parser.add_argument("--max-seconds", type=float, default=120.0, help="stop sending after this long")
    return parser.parse_args()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def local_server(database_url: str | None):
    with tempfile.TemporaryDirectory(prefix="lead-bench-") as scratch:
        env = {**os.environ, "DATABASE_URL": database_url or f"sqlite:///{scratch}/bench.db",
               "LEAD_RATE_LIMIT_PER_MINUTE": "100000000", "REDIS_URL": "", "RESUME_DIR": f"{scratch}/resumes"}
        subprocess.run([sys.executable, "-m", "alembic", "-c", "alembic.ini", "upgrade", "head"],
                       cwd=ROOT, env=env, check=True, capture_output=True)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "marketing_site.leads.api:build_api",
                                   "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                                  cwd=ROOT, env=env)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_until_up(url, server)
            yield url
        finally:
            server.terminate()
            server.wait(timeout=10)


def wait_until_up(url: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and server.poll() is None:
        try:
            httpx.get(f"{url}/api/openapi.json", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the API server did not start")


async def run(url: str, total: int, concurrency: int, max_seconds: float) -> tuple[list[float], Counter, float]:
    latencies: list[float] = []
    statuses: Counter = Counter()
    queue = iter(range(total))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
        started = time.perf_counter()
        deadline = started + max_seconds

        async def worker() -> None:
            for _ in queue:
                if time.perf_counter() > deadline:
                    return
                sent = time.perf_counter()
                try:
                    status = (await client.post("/api/ProductVideo", json=PAYLOAD)).status_code
                except httpx.HTTPError as error:
                    status = type(error).__name__
                latencies.append(time.perf_counter() - sent)
                statuses[status] += 1

        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return latencies, statuses, time.perf_counter() - started


def report(latencies: list[float], statuses: Counter, elapsed: float, concurrency: int) -> None:
    cuts = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else latencies * 99
    print(f"requests: {len(latencies)}  concurrency: {concurrency}  elapsed: {elapsed:.2f} s")
    print(f"statuses: {dict(statuses)}")
    print(f"throughput: {len(latencies) / elapsed:.1f} req/s")
    print(f"latency ms: p50 {cuts[49] * 1000:.1f}  p95 {cuts[94] * 1000:.1f}  p99 {cuts[98] * 1000:.1f}")
    if statuses.get(429):
        print("note: 429 answers mean the server's LEAD_RATE_LIMIT_PER_MINUTE was not raised for the run")


def main() -> None:
    args = parse_args()
    if args.url and urlsplit(args.url).hostname not in LOOPBACK:
        raise SystemExit("refusing to load-test anything but a loopback address")
    if args.url:
        result = asyncio.run(run(args.url.rstrip("/"), args.requests, args.concurrency, args.max_seconds))
    else:
        with local_server(args.database_url) as url:
            result = asyncio.run(run(url, args.requests, args.concurrency, args.max_seconds))
    report(*result, args.concurrency)


if __name__ == "__main__":
    main()
