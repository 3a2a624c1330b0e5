"""Child processes that take part of a command's work on the machine's other core.

Where the system forks, a child starts with the command's memory as it is (the month read, the
templates loaded) and nothing has to be sent to it.  Every such child ends with its command
(``die_with``): a command killed outright otherwise left it waiting for work, holding its
memory, for ever.

``shared`` renders a long list (a month's reports: five thousand of them is most of a
10,000-man gazette) on both cores: the command and one child take the items a batch at a time
from a counter they share, so whichever core is free does more, and a child held back by other
work (the gazette's PDF) costs the command nothing.  The child runs at a lower priority: it uses
what the command and the PDF leave idle, and never slows the deadline's longest task.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .progress import Tick, nothing

# Fewer items than this are made in the command alone: forking, and sending the child's part
# back, cost more than the other core saves.
SHARED_FROM = 400
BATCH = 25  # items taken from the counter at a time
NICER = 19  # the child yields to the command and the PDF: it uses only a core they leave idle


def die_with(parent: int) -> None:
    """End this child when ``parent`` (the command) is killed: on Linux the kernel's signal at
    a parent's death (prctl PR_SET_PDEATHSIG); a command killed outright (SIGKILL, the kernel out
    of memory) otherwise left its child waiting for work, holding its memory, for ever."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):  # no prctl to be had: the child ends with its work
            pass
    if os.getppid() != parent:  # killed already, before the signal was asked for
        os._exit(1)


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def forks() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def shared(make: Callable[[Any], bytes], items: Sequence[Any], tick: Tick = nothing) -> list[bytes]:
    """``make(item)`` for every item, in order, on both cores where the system forks and there
    are ``SHARED_FROM`` items or more.  An error in either process is raised here."""
    if len(items) < SHARED_FROM or not forks() or (os.cpu_count() or 1) < 2:
        made = []
        for done, item in enumerate(items):
            tick(done, len(items))
            made.append(make(item))
        tick(len(items), len(items))
        return made
    context = multiprocessing.get_context("fork")
    counter = context.Value("l", 0)
    global _WORK
    _WORK = (make, items, counter)  # what the child finds in the memory it starts with
    made_here: dict[int, bytes] = {}
    try:
        with ProcessPoolExecutor(1, mp_context=context, initializer=_child, initargs=(os.getpid(),)) as pool:
            theirs = pool.submit(_take_and_make)
            try:
                for at, item in _batches(counter, items):
                    tick(min(counter.value, len(items)), len(items))
                    made_here[at] = make(item)
            except BaseException:
                with counter.get_lock():
                    counter.value = len(items)  # the child takes nothing more
                raise
            made_there = theirs.result()
    finally:
        _WORK = None
    tick(len(items), len(items))
    made_here.update(made_there)
    return [made_here[at] for at in range(len(items))]


_WORK: tuple[Callable[[Any], bytes], Sequence[Any], Any] | None = None


def _child(parent: int) -> None:
    die_with(parent)
    os.nice(NICER)
    gc.freeze()  # the inherited heap left alone by the collector: its pages stay shared


def _take_and_make() -> dict[int, bytes]:
    assert _WORK is not None
    make, items, counter = _WORK
    return {at: make(item) for at, item in _batches(counter, items)}


def _batches(counter: Any, items: Sequence[Any]) -> Iterator[tuple[int, Any]]:
    """(index, item) of each batch taken from the shared counter, until none is left."""
    while True:
        with counter.get_lock():
            start = counter.value
            counter.value = start + BATCH
        if start >= len(items):
            return
        for at in range(start, min(start + BATCH, len(items))):
            yield at, items[at]
