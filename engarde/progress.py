"""How long work says how far it has got: a ``tick(done, total)`` the operations call after each
message read, report rendered or letter sent.  The CLI passes one that moves a progress bar at
a terminal (engarde.terminal); the library's default does nothing."""

from __future__ import annotations

from collections.abc import Callable

Tick = Callable[[int, int], None]


def nothing(done: int, total: int) -> None:
    """The tick of work nobody watches."""
