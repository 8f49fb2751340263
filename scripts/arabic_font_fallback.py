"""Metric overrides that make a local Arabic font take the space Noto Sans Arabic will take.

With `font-display: swap`, an Arabic page first paints in a local font and then swaps in Noto Sans
Arabic; where the two set the same text in different widths, lines break elsewhere and the page below
moves (CLS). A fallback @font-face over the local font with `size-adjust` (the ratio of the widths of
the site's own Arabic copy, shaped by Chromium) and Noto's ascent/descent makes the swap change
letterforms only. Prints, for each candidate local font present on this machine and each weight,
the values pages/fonts.py keeps in FALLBACK_METRICS. Run: `python -m scripts.arabic_font_fallback`.
"""

from __future__ import annotations

import json
import sys

from playwright.sync_api import sync_playwright

from marketing_site.catalogues import catalogue
from marketing_site.languages import ARABIC
from marketing_site.pages.fonts import ARABIC_FILES, FALLBACK_CANDIDATES
from scripts.harness.build import ROOT
from scripts.harness.chromium import CHROMIUM_ARGS, chromium_path

MEASURE = """async ([faces, text]) => {
    const results = {};
    for (const [family, source, weight] of faces) {
        const face = new FontFace(family, source, {weight: String(weight)});
        try { document.fonts.add(await face.load()); } catch { results[family] = null; continue; }
        const context = document.createElement("canvas").getContext("2d");
        context.font = `${weight} 100px "${family}"`;
        const metrics = context.measureText(text);
        results[family] = [metrics.width, metrics.fontBoundingBoxAscent / 100, metrics.fontBoundingBoxDescent / 100];
    }
    return results;
}"""


def measure() -> dict[int, dict[str, tuple[float, float, float] | None]]:
    """Per weight: family -> (width of the site's Arabic copy at 100 px, ascent, descent in em)."""
    text = " ".join(sorted(catalogue(ARABIC).values()))
    fonts = ROOT / "assets"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        page = browser.new_page()
        page.goto(fonts.as_uri())  # a file: page may load the font files
        found = {}
        for weight, path in ARABIC_FILES.items():
            faces = [[f"noto-{weight}", f"url({(fonts / path.lstrip('/')).as_uri()})", weight]]
            faces += [[f"local-{name}-{weight}", f"local('{faces_by_weight[weight]}')", weight]
                      for name, faces_by_weight in FALLBACK_CANDIDATES.items()]
            found[weight] = page.evaluate(MEASURE, [faces, text])
        browser.close()
    return found


def main() -> None:
    overrides = {}
    for weight, results in measure().items():
        width, ascent, descent = results[f"noto-{weight}"]
        for name in FALLBACK_CANDIDATES:
            local = results[f"local-{name}-{weight}"]
            if local is None:
                print(f"{name} {weight}: not installed here", file=sys.stderr)
                continue
            size_adjust = width / local[0]
            # Overrides are scaled by size-adjust too, so Noto's own ascent/descent are divided by it.
            overrides.setdefault(name, {})[weight] = (round(size_adjust * 100, 2), round(ascent / size_adjust * 100, 2),
                                                      round(descent / size_adjust * 100, 2))
    print(json.dumps(overrides, indent=1))


if __name__ == "__main__":
    main()
