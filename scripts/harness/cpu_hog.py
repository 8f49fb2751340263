"""Keep every core busy beside the test suite (`make test-stress`): a loaded CI machine, on purpose.

One busy process per core by default, at the tests' own priority (nice 0): the scheduler then shares each
core between the hog and the suite, so a test's timers, pages and servers get about half the CPU they get on a
quiet machine. At a lower priority (``--nice 19``) the hog would barely slow anything down. It stops by
itself after ``--seconds`` and when the process that started it exits.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time


def _spin(parent: int, until: float, nice: int) -> None:
    os.nice(nice)
    while time.monotonic() < until and os.getppid() == parent:
        for _ in range(200_000):  # about 10 ms of work between looks at the clock
            pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="busy processes (default: cores)")
    parser.add_argument("--nice", type=int, default=0, help="their niceness (0: the tests' own priority)")
    parser.add_argument("--seconds", type=float, default=3 * 3600, help="stop after this long at the latest")
    args = parser.parse_args()
    watched = os.getppid()  # the shell running the suite: the hog ends when it does
    until = time.monotonic() + args.seconds
    children = [
        multiprocessing.Process(target=_spin, args=(os.getpid(), until, args.nice), daemon=True)
        for _ in range(args.workers)
    ]
    for child in children:
        child.start()
    while any(child.is_alive() for child in children) and os.getppid() == watched and time.monotonic() < until:
        time.sleep(1)
    for child in children:
        child.terminate()


if __name__ == "__main__":
    main()
