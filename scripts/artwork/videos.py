"""Placeholder clips: the matching poster, slowly zooming with fades, encoded as small web MP4s.

Needs `rsvg-convert` (librsvg2-bin) and `ffmpeg` from Debian; without them the step is skipped.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

SECONDS, FPS = 5, 25
SIZE = "640x360"
# Slow push-in on a 1920x1080 still (upscaled input keeps zoompan from jittering), fade in and out.
FILTER = (
    f"zoompan=z='1+0.0007*on':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d={SECONDS * FPS}:s={SIZE}:fps={FPS},"
    f"fade=t=in:st=0:d=0.6,fade=t=out:st={SECONDS - 0.6}:d=0.6,format=yuv420p"
)


def missing_tools() -> list[str]:
    return [tool for tool in ("rsvg-convert", "ffmpeg") if shutil.which(tool) is None]


def encode(poster_svg: Path, target: Path) -> None:
    """Render the poster and encode H.264 (yuv420p, +faststart, no audio, no timestamps in metadata)."""
    with tempfile.TemporaryDirectory() as tmp:
        still = Path(tmp) / "still.png"
        subprocess.run(["rsvg-convert", "-w", "1920", "-h", "1080", str(poster_svg), "-o", str(still)], check=True)
        subprocess.run(
            [
                "ffmpeg",
                "-v",
                "error",
                "-y",
                "-loop",
                "1",
                "-i",
                str(still),
                "-vf",
                FILTER,
                "-frames:v",
                str(SECONDS * FPS),
                "-c:v",
                "libx264",
                "-preset",
                "veryslow",
                "-tune",
                "stillimage",
                "-crf",
                "30",
                "-threads",
                "1",
                "-an",
                "-map_metadata",
                "-1",
                "-fflags",
                "+bitexact",
                "-flags:v",
                "+bitexact",
                "-movflags",
                "+faststart",
                str(target),
            ],
            check=True,
        )
