"""The backend's startup objects stay out of the garbage collector's walks (``core.heap``): a full collection
walked all of them and stopped every request of the worker for 130 ms (``make bench-load``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COUNT = "import gc, marketing_site.marketing_site; print(gc.get_freeze_count(), len(gc.get_objects()))"


def test_once_the_app_is_built_a_collection_walks_only_what_came_after():
    run = subprocess.run([sys.executable, "-c", COUNT], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    frozen, walked = (int(number) for number in run.stdout.split()[-2:])
    assert frozen > 100_000  # the modules, the pages' components, Reflex's state classes
    assert walked < frozen / 100
