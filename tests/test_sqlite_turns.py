"""A process's SQLite writers are served in the order they came (``core.sqlite_turns``): under load a writer
that holds the GIL must not slip in ahead of one already waiting, or a few leads wait many turns (the p99)."""

from __future__ import annotations

import threading
import time

import pytest

from marketing_site.core.deadline import DatabaseTimeout
from marketing_site.core.sqlite_turns import writer_turn

SETTLE = 0.2  # time for a started thread to reach its wait


def _writer(path: str, name: str, served: list[str], seconds: float = 5.0) -> threading.Thread:
    def write() -> None:
        try:
            with writer_turn(path, time.monotonic() + seconds):
                served.append(name)
        except DatabaseTimeout:
            served.append(f"{name} refused")

    thread = threading.Thread(target=write)
    thread.start()
    time.sleep(SETTLE)
    return thread


@pytest.fixture
def path(tmp_path) -> str:
    return str(tmp_path / "site.db")


def test_a_writer_that_just_ended_its_turn_waits_behind_those_already_waiting(path):
    served: list[str] = []
    with writer_turn(path, time.monotonic() + 5):
        first = _writer(path, "first waiting", served)
        second = _writer(path, "second waiting", served)
    # The thread that just let go asks again at once, holding the GIL: it is served after the two.
    with writer_turn(path, time.monotonic() + 5):
        served.append("back again")
    first.join(5)
    second.join(5)
    assert served == ["first waiting", "second waiting", "back again"]


def test_a_writer_out_of_time_leaves_the_line_and_the_next_one_is_served(path):
    served: list[str] = []
    with writer_turn(path, time.monotonic() + 5):
        hasty = _writer(path, "hasty", served, seconds=0.3)
        patient = _writer(path, "patient", served)
        hasty.join(5)
        assert served == ["hasty refused"]  # refused at its deadline, while the turn was still held
    patient.join(5)
    assert served == ["hasty refused", "patient"]
    with writer_turn(path, time.monotonic() + 0.5):  # nobody holds the turn any more
        served.append("later")
    assert served[-1] == "later"
