"""Layout measurements run inside the page (one evaluate each), shared by the layout tests."""

from __future__ import annotations

# Links, buttons and form fields a visitor can see, with their rectangles in document coordinates.
# The header is left out (sticky: it never scrolls under anything) and so is the chat widget itself.
VISIBLE_CONTROLS = """() => {
    const controls = document.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=tab]"
    );
    return [...controls]
        .filter((el) => !el.closest("header") && el.checkVisibility({visibilityProperty: true, opacityProperty: true}))
        .map((el) => {
            const r = el.getBoundingClientRect();
            return {name: (el.innerText || el.getAttribute("aria-label") || el.name || el.tagName).trim().slice(0, 40),
                    left: r.left + scrollX, right: r.right + scrollX, top: r.top + scrollY, bottom: r.bottom + scrollY};
        })
        .filter((r) => r.right > r.left && r.bottom > r.top);
}"""

# Where the fixed chat bubble sweeps as the page scrolls from top to bottom (document coordinates).
BUBBLE_SWEEP = """(bubble) => {
    const r = bubble.getBoundingClientRect();
    const maxScroll = document.documentElement.scrollHeight - innerHeight;
    return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY + maxScroll};
}"""

# Vertical stretches of the first screen below the hero where nothing is visible (no text, picture or control).
BLANK_BANDS_BELOW_HERO = """() => {
    const heroBottom = document.querySelector("main > section").getBoundingClientRect().bottom;
    const spans = [];
    const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!node.textContent.trim() || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) {
            continue;
        }
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) spans.push([r.top, r.bottom]);
    }
    for (const el of document.querySelectorAll("main img, main video, main svg, main button, main a, main input")) {
        if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        const r = el.getBoundingClientRect();
        if (r.width && r.height) spans.push([r.top, r.bottom]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let covered = heroBottom, widest = 0;
    for (const [top, bottom] of spans) {
        if (bottom <= covered) continue;
        if (top >= innerHeight) break;
        widest = Math.max(widest, Math.min(top, innerHeight) - covered);
        covered = bottom;
    }
    return Math.max(widest, innerHeight - covered);
}"""


def intersects(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]
