"""Print the 75th percentile of each web vital per route for the last 7 and 28 days.

    python -m marketing_site.vitals.report        (DATABASE_URL picks the database, as for the site)

Good values (web.dev): LCP <= 2500 ms, INP <= 200 ms, CLS <= 0.1, TTFB <= 800 ms.
"""

from __future__ import annotations

from marketing_site.vitals.service import Percentile, p75_windows

METRICS = ("LCP", "INP", "CLS", "TTFB")


def _cell(found: Percentile | None) -> str:
    if found is None:
        return "-"
    value = f"{found.p75:.3f}" if found.metric == "CLS" else f"{found.p75:.0f} ms"
    return f"{value} (n={found.samples})"


def format_report(windows: dict[int, list[Percentile]]) -> str:
    lines = []
    for days, rows in windows.items():
        by_key = {(row.route, row.metric): row for row in rows}
        lines.append(f"p75 over the last {days} days")
        lines.append(f"{'route':24}" + "".join(f"{metric:>20}" for metric in METRICS))
        for route in sorted({row.route for row in rows}):
            lines.append(f"{route:24}" + "".join(f"{_cell(by_key.get((route, metric))):>20}" for metric in METRICS))
        if not rows:
            lines.append("(no beacons yet)")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(format_report(p75_windows()))
