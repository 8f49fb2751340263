"""The objects a process builds while it starts (modules, the pages' components, compiled queries) live as long
as it does, yet each full collection of the cyclic garbage collector walks every one of them again: in the
backend that was a pause of 130 ms, every request of the worker stopped with it (``make bench-load``). Frozen
once started, they are left out of every collection; a collection then walks only what requests allocated.
"""

from __future__ import annotations

import gc


def freeze_startup_objects() -> None:
    """Leave everything allocated so far out of the garbage collector's walks for the rest of the process
    (and of the workers forked from it: Granian's master imports the app before forking)."""
    gc.freeze()
