"""`make bench-readers`: what a visitor who only reads costs, before and after issue 31, in one run.

The production export is served by nginx with the repo's config (deploy/nginx: site.conf for the pages,
api.conf in front of one backend worker, SQLite), as in tests/browser. A reader's page view is:

- after (this build): the page's HTML from nginx, and nothing else; the backend never hears of it;
- before (every page hydrating, as Reflex 0.10.1 does unpatched): the same HTML, then the websocket through
  nginx and `hydrate_and_load` in its CONNECT packet, as the old page sent them on mount (the browser's
  hashes of the compiled state, read from the build), until the backend answers hydrated.

16 and 50 readers at once each read page after page (/, /aboutUs, /studentSmart, /product, /ar) for
``--seconds`` after a warm-up: page views per second and the p50/p99 of a page view. Then 1,000 readers are
left open on the backend (before: 1,000 hydrated websockets, straight to the backend: the test nginx takes
256 connections; after: 1,000 page views, nothing held) and the backend's memory (RSS of its processes) is
read against the idle figure. Not a test: figures depend on the machine and its load (printed with them).

    python -m scripts.bench_readers [--seconds 15] [--open 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import time
import uuid
from dataclasses import dataclass

import aiohttp
import psutil

from scripts.harness.build import ROOT
from scripts.harness.served_site import served_site

ROUTES = ("/", "/aboutUs", "/studentSmart", "/product", "/ar")
ROOT_STATE = "reflex___state____state"
NAMESPACE = "/_event"
EVENT = f"42{NAMESPACE},"
WARM_UP_SECONDS = 3
ANSWER_TIMEOUT = 30.0
CONTEXT = ROOT / ".web" / "utils" / "context.jsx"  # the build's compiled state: the hashes the browser sends


@dataclass(frozen=True)
class Build:
    """What the old page put in its CONNECT packet, read from the compiled context of the export."""

    hashes: list[str]
    state_schema: str

    @classmethod
    def read(cls) -> Build:
        text = CONTEXT.read_text(encoding="utf-8")
        hashes = re.search(r"export const initialStateHashes = (\[.*?\])", text)
        schema = re.search(r'export const stateSchema = "([0-9a-f]+)"', text)
        if hashes is None or schema is None:
            raise RuntimeError(f"{CONTEXT} has no initialStateHashes or stateSchema: Reflex changed its context")
        return cls(json.loads(hashes[1]), schema[1])


@dataclass(frozen=True)
class Site:
    pages_url: str  # nginx: the export
    socket_url: str  # where the page's websocket goes (nginx's api.conf, or the backend itself)
    origin: str
    build: Build


async def hydrate(session: aiohttp.ClientSession, site: Site, route: str) -> aiohttp.ClientWebSocketResponse:
    """Open the page's websocket and hydrate it as the unpatched page does on mount; returns the open socket."""
    url = f"{site.socket_url.replace('http', 'ws', 1)}{NAMESPACE}/?token={uuid.uuid4()}&EIO=4&transport=websocket"
    socket = await session.ws_connect(url, headers={"Origin": site.origin})
    event = {
        "name": f"{ROOT_STATE}.hydrate_and_load",
        "payload": {"hashes": site.build.hashes},
        "router_data": {"pathname": route, "asPath": route},
    }
    async with asyncio.timeout(ANSWER_TIMEOUT):
        await socket.receive()  # Engine.IO open packet
        await socket.send_str(f"40{NAMESPACE}," + json.dumps({"event": event, "state_schema": site.build.state_schema}))
        while True:
            message = await socket.receive()
            if message.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"websocket closed: {message.type.name}")
            if message.data == "2":
                await socket.send_str("3")  # Engine.IO ping
            elif message.data.startswith(EVENT):
                name, update = json.loads(message.data[len(EVENT) :])
                if name == "event" and (update.get("delta") or {}).get(ROOT_STATE, {}).get("is_hydrated_rx_state_"):
                    return socket


async def page_view(session: aiohttp.ClientSession, site: Site, route: str, hydrating: bool) -> None:
    async with session.get(site.pages_url + route) as answer:
        assert answer.status == 200, (route, answer.status)
        await answer.read()
    if hydrating:
        socket = await hydrate(session, site, route)
        await socket.close()


@dataclass
class Load:
    latencies: list[float]
    errors: int
    seconds: float

    @property
    def per_second(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def readers(site: Site, count: int, seconds: float, hydrating: bool) -> Load:
    """``count`` readers reading page after page for a warm-up and then ``seconds`` (only these are counted)."""
    latencies: list[float] = []
    errors = 0
    started = time.monotonic()
    counted_from, stop_at = started + WARM_UP_SECONDS, started + WARM_UP_SECONDS + seconds

    async def reader(number: int) -> None:
        nonlocal errors
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=1)) as session:
            view = number
            while (began := time.monotonic()) < stop_at:
                try:
                    await page_view(session, site, ROUTES[view % len(ROUTES)], hydrating)
                except (TimeoutError, aiohttp.ClientError, ConnectionError, AssertionError):
                    errors += began >= counted_from
                else:
                    if began >= counted_from:
                        latencies.append(time.monotonic() - began)
                view += 1

    await asyncio.gather(*(reader(number) for number in range(count)))
    return Load(latencies, errors, seconds)


def backend_rss(port: int) -> int:
    """Bytes of memory held by the backend serving ``port`` (`reflex run`, a child of this process) and the
    worker processes under it."""
    for child in psutil.Process().children():
        command = " ".join(child.cmdline())
        if "--backend-port" in command and str(port) in command.split():
            return sum(process.memory_info().rss for process in [child, *child.children(recursive=True)])
    raise RuntimeError(f"no backend process for port {port}")


async def memory_with_open_readers(site: Site, backend_url: str, port: int, count: int) -> tuple[int, int, int]:
    """The backend's RSS idle, after ``count`` page views that hold nothing, and with ``count`` hydrated sockets
    held open (straight to the backend)."""
    idle = backend_rss(port)
    # No connection limit: each open websocket holds its connection for good.
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        for start in range(0, count, 50):
            batch = range(start, min(count, start + 50))
            await asyncio.gather(*(page_view(session, site, ROUTES[n % len(ROUTES)], False) for n in batch))
        after = backend_rss(port)
        direct = Site(site.pages_url, backend_url, site.origin, site.build)
        sockets: list[aiohttp.ClientWebSocketResponse] = []
        for start in range(0, count, 50):
            sockets += await asyncio.gather(
                *(hydrate(session, direct, ROUTES[n % len(ROUTES)]) for n in range(start, min(count, start + 50)))
            )
        await asyncio.sleep(2)
        before = backend_rss(port)
        await asyncio.gather(*(socket.close() for socket in sockets))
    return idle, after, before


def print_memory(idle: int, after: int, before: int, count: int) -> None:
    mb, kb = 1024 * 1024, 1024
    print(f"\n| backend memory (RSS) | MB | more per reader |\n|---|---|---|\n| idle | {idle / mb:.0f} | |")
    print(f"| after {count} page views (nothing held) | {after / mb:.0f} | {(after - idle) / count / kb:.0f} KB |")
    print(f"| {count} hydrated websockets open | {before / mb:.0f} | {(before - idle) / count / kb:.0f} KB |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15, help="measured time per run, after a 3 s warm-up")
    parser.add_argument("--open", type=int, default=1000, help="readers held open for the memory figure")
    args = parser.parse_args()
    print(f"==> load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
    with served_site({"LEAD_RATE_LIMIT_PER_MINUTE": "1000000"}) as served:
        build = Build.read()
        site = Site(served.site_url, served.api_via_nginx_url, served.site_url, build)
        print(f"==> export built in {served.build_seconds:.0f}s; pages {served.site_url}, backend {served.backend_url}")
        print("\n| readers at once | page view | page views/s | p50 | p99 | errors |\n|---|---|---|---|---|---|")
        for count in (16, 50):
            for hydrating, name in ((True, "before: HTML + websocket + hydrate"), (False, "after: HTML only")):
                load = asyncio.run(readers(site, count, args.seconds, hydrating))
                print(
                    f"| {count} | {name} | {load.per_second:.0f} | {1000 * load.percentile(0.5):.0f} ms "
                    f"| {1000 * load.percentile(0.99):.0f} ms | {load.errors} |",
                    flush=True,
                )
        memory = memory_with_open_readers(site, served.backend_url, served.backend.port, args.open)
        print_memory(*asyncio.run(memory), args.open)
    print(f"\n==> load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
