"""Lighthouse 12 (mobile preset, simulated throttling) on the production export served by nginx.

Builds the export with the served addresses baked in, serves it through Debian's nginx with
deploy/nginx (as production does) next to the backend, and prints scores, LCP, CLS and the gzip bytes
of JS and CSS per page. Raw reports go to bench-results/. Run with ``make bench``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from marketing_site.i18n.languages import DEFAULT, LANGUAGES, language_of_path, localized_route
from scripts.harness.build import ROOT, TOOLS_BIN
from scripts.harness.chromium import CHROMIUM_ARGS, chromium_path
from scripts.harness.served_site import served_site
from scripts.measure_js import measure
from scripts.served_commit import served_commit

LIGHTHOUSE_VERSION = "12"
ENGLISH_ROUTES = ("/", "/product", "/studentSmart", "/schedule")
# Each page in every language, side by side in the same run (a machine's load drifts over minutes): the
# issue's bar is an Arabic page's LCP against its English one's.
ROUTES = tuple(localized_route(route, language) for route in ENGLISH_ROUTES for language in LANGUAGES)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
RESULTS_DIR = ROOT / "bench-results"


@dataclass(frozen=True)
class PageResult:
    route: str
    scores: dict[str, int]
    lcp_ms: float
    tbt_ms: float
    cls: float
    js_bytes: int
    css_bytes: int


def ensure_lighthouse() -> Path:
    binary = TOOLS_BIN / "lighthouse"
    installed = subprocess.run([str(binary), "--version"], capture_output=True, text=True) if binary.exists() else None
    if installed is None or not installed.stdout.startswith(f"{LIGHTHOUSE_VERSION}."):
        print(f"==> Installing Lighthouse {LIGHTHOUSE_VERSION} into .tools/ from the npm registry…", flush=True)
        subprocess.run(
            [
                "npm",
                "install",
                "--prefix",
                str(TOOLS_BIN.parents[1]),
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                f"lighthouse@{LIGHTHOUSE_VERSION}",
            ],
            check=True,
        )
    return binary


def run_lighthouse(lighthouse: Path, url: str, report: Path, attempts: int = 2) -> dict:
    """One Lighthouse run; on a busy machine Lighthouse sometimes loses the trace (NO_NAVSTART), so
    a failed run is tried once more before the benchmark gives up."""
    command = [
        str(lighthouse),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(CHROMIUM_ARGS)}",
    ]
    for attempt in range(1, attempts + 1):
        finished = subprocess.run(command, env={**os.environ, "CHROME_PATH": chromium_path()})
        if finished.returncode == 0:
            return json.loads(report.read_text())
        print(f"Lighthouse failed on {url} (attempt {attempt} of {attempts})", flush=True)
    raise subprocess.CalledProcessError(finished.returncode, command)


def summarise(route: str, report: dict) -> PageResult:
    """Scores and vitals from the report; JS/CSS bytes as transferred (gzip) per network-requests."""
    requests = report["audits"]["network-requests"]["details"]["items"]

    def transferred(kind: str) -> int:
        return sum(item.get("transferSize", 0) for item in requests if item.get("resourceType") == kind)

    return PageResult(
        route=route,
        scores={name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        lcp_ms=report["audits"]["largest-contentful-paint"]["numericValue"],
        tbt_ms=report["audits"]["total-blocking-time"]["numericValue"],
        cls=report["audits"]["cumulative-layout-shift"]["numericValue"],
        js_bytes=transferred("Script"),
        css_bytes=transferred("Stylesheet"),
    )


def median_run(lighthouse: Path, url: str, report: Path, runs: int) -> dict:
    """Lighthouse's advice for noisy machines: several runs, keep the median by performance."""
    reports = [run_lighthouse(lighthouse, url, report.with_suffix(f".{run}.json")) for run in range(runs)]
    reports.sort(key=lambda one: one["categories"]["performance"]["score"])
    return reports[len(reports) // 2]


def print_table(results: list[PageResult]) -> None:
    print("| page | perf | a11y | best-pr. | SEO | LCP | TBT | CLS | JS gzip | CSS gzip |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        s = r.scores
        print(
            f"| {r.route} | {s['performance']} | {s['accessibility']} | {s['best-practices']} | {s['seo']} "
            f"| {r.lcp_ms / 1000:.2f} s | {r.tbt_ms:.0f} ms | {r.cls:.3f} "
            f"| {r.js_bytes / 1024:.1f} KB | {r.css_bytes / 1024:.1f} KB |"
        )


def default_route(route: str) -> str:
    """The same page's address in the default language: /ar/product -> /product, /ar -> /."""
    return route.removeprefix(language_of_path(route).prefix) or "/"


def print_language_pairs(results: list[PageResult]) -> None:
    """Each translated page's LCP against its default-language page measured in the same run."""
    by_route = {r.route: r for r in results}
    pairs = [
        (by_route[default_route(r.route)], r)
        for r in results
        if language_of_path(r.route) != DEFAULT and default_route(r.route) in by_route
    ]
    if not pairs:
        return
    print("\n| page | LCP (default language) | LCP (translation) | translation / default |")
    print("|---|---|---|---|")
    for default, translated in pairs:
        print(
            f"| {translated.route} vs {default.route} "
            f"| {default.lcp_ms / 1000:.2f} s | {translated.lcp_ms / 1000:.2f} s "
            f"| {translated.lcp_ms / default.lcp_ms - 1:+.0%} |"
        )


def measure_home_js(site_url: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        weight = measure(browser, site_url + "/")
        browser.close()
    print(
        f"\nHome in Chromium (all JS once the network is idle): JS {weight.js_bytes / 1024:.1f} KB gzip, "
        f"CSS {weight.css_bytes / 1024:.1f} KB gzip"
    )


# The JS table's pages (issue 31's budgets: content pages 150 KB, form pages 200 KB gzip before interaction).
JS_ROUTES = (
    "/", "/product", "/studentSmart", "/aboutUs", "/gpSchool", "/consultancy", "/ar", "/ar/studentSmart",
    "/schedule", "/signup", "/SchedulSingleDemo", "/careers", "/ar/schedule", "/ar/careers",
)  # fmt: skip


def measure_pages_js(sites: dict[str, str], routes: tuple[str, ...]) -> None:
    """Each page's JS in Chromium once the network is idle, with no interaction, on each site (label: URL)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        rows = {route: [measure(browser, url + route).js_bytes for url in sites.values()] for route in routes}
        browser.close()
    print(f"\n| page (JS gzip before interaction) | {' | '.join(sites)} |\n|---|{'---|' * len(sites)}")
    for route, sizes in rows.items():
        print(f"| {route} | {' | '.join(f'{size / 1024:.1f} KB' for size in sizes)} |")


def print_against(label: str, pairs: list[tuple[PageResult, PageResult]]) -> None:
    """Each page against the same page of ``label``'s build, measured in the same run."""
    print(f"\n| page | LCP {label} | LCP this build | TBT {label} | TBT this build | JS {label} | JS this build |")
    print("|---|---|---|---|---|---|---|")
    for other, this in pairs:
        print(
            f"| {this.route} | {other.lcp_ms / 1000:.2f} s | {this.lcp_ms / 1000:.2f} s | {other.tbt_ms:.0f} ms "
            f"| {this.tbt_ms:.0f} ms | {other.js_bytes / 1024:.1f} KB | {this.js_bytes / 1024:.1f} KB |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("routes", nargs="*", default=list(ROUTES))
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page; the median is reported")
    parser.add_argument("--js-only", action="store_true", help="only the JS per page (JS_ROUTES), no Lighthouse")
    parser.add_argument(
        "--against",
        metavar="COMMIT",
        help="also measure this commit (e.g. main), exported in a scratch clone; its runs and this build's alternate",
    )
    args = parser.parse_args()
    lighthouse = ensure_lighthouse()
    RESULTS_DIR.mkdir(exist_ok=True)
    print(f"==> load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)
    with served_site() as site, served_commit(args.against) if args.against else nullcontext() as other:
        print(
            f"==> Production export built in {site.build_seconds:.1f}s, "
            f"served by nginx (deploy/nginx) at {site.site_url}",
            flush=True,
        )
        results, pairs = [], []
        for route in [] if args.js_only else args.routes:
            name = route.strip("/").replace("/", "-") or "home"
            if other is not None:
                print(f"==> Lighthouse {route} on {args.against} and on this build ({args.runs} runs each)", flush=True)
                versus = median_run(lighthouse, other.site_url + route, RESULTS_DIR / f"{name}-against", args.runs)
            else:
                print(f"==> Lighthouse {route} ({args.runs} runs)", flush=True)
            report = median_run(lighthouse, site.site_url + route, RESULTS_DIR / name, args.runs)
            results.append(summarise(route, report))
            if other is not None:
                pairs.append((summarise(route, versus), results[-1]))
        if results:
            print()
            print_table(results)
            print_language_pairs(results)
        if pairs:
            print_against(args.against, pairs)
        if other is not None:
            measure_pages_js({args.against: other.site_url, "this build": site.site_url}, JS_ROUTES)
        else:
            measure_home_js(site.site_url)
    print(f"==> load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)


if __name__ == "__main__":
    main()
