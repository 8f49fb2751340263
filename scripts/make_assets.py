"""Generate every image and video the content package references, and each page's sharing card, into assets/.

Run from the repository root: `python -m scripts.make_assets`. Deterministic, so re-running
after a content change only rewrites what changed; the outputs are committed.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

from scripts.artwork import brand, hero, rules, share_cards, videos
from scripts.artwork.discover import referenced_images, referenced_videos

ASSETS = Path(__file__).resolve().parent.parent / "assets"
RASTERS = {"/images/hero.webp": hero.save}


def _target(src: str) -> Path:
    target = ASSETS / src.lstrip("/")
    target.parent.mkdir(parents=True, exist_ok=True)
    return target


def write_images() -> list[str]:
    """Write every referenced image a rule knows; return the ones no rule knows."""
    unknown = []
    for src, image in sorted(referenced_images().items()):
        if src in RASTERS:
            RASTERS[src](_target(src))
            continue
        svg = rules.svg_for(src, image.width, image.height)
        if svg is None:
            unknown.append(src)
        else:
            _target(src).write_text(svg, encoding="utf-8")
    brand.favicon(ASSETS / "favicon.ico")
    return unknown


def write_videos() -> list[str]:
    """Encode each referenced video from its poster; return the ones without a poster."""
    missing = videos.missing_tools()
    if missing:
        print(f"Skipping videos: {', '.join(missing)} not installed (apt-get install ffmpeg librsvg2-bin).")
        return []
    unknown = []
    for src in sorted(referenced_videos()):
        poster = ASSETS / "images" / "posters" / f"{PurePosixPath(src).stem}.svg"
        if poster.exists():
            videos.encode(poster, _target(src))
        else:
            unknown.append(src)
    return unknown


def main() -> int:
    unknown = write_images() + write_videos()
    share_cards.write_share_cards(ASSETS)  # after the images they are drawn from
    for src in unknown:
        print(f"No drawing rule for {src}: add one in scripts/artwork/rules.py", file=sys.stderr)
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
