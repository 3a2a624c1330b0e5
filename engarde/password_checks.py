"""The order passwords of a batch of mail checked ahead, in threads (``Checks``).

Apart from ``engarde.passwords`` so that what only reads a sheet (``engarde orders check``) does
not import the threads' machinery (``concurrent.futures`` brings ``logging``).  Each check is
``passwords.check_password``, looked up when made.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor

from . import passwords


class Checks:
    """``check_password`` for a batch of sheets, each check started as soon as its sheet is read.

    An ingest of a whole deadline's mail makes one scrypt check a sheet (some 45 ms at the
    default cost): ``ahead`` starts the checks the batch will need in threads, which run beside
    the reading of the next sheets because ``hashlib.scrypt`` releases the GIL; the batch then
    asks in its own order and waits, if at all, only for that sheet's check.  (Waiting for every
    check before storing the first sheet left a core idle: a third of a 1,000-sheet ingest.)
    A pair not started ahead is checked when asked.  ``close`` (or leaving a ``with``) stops
    the threads.
    """

    def __init__(self, workers: int | None = None) -> None:
        self._known: dict[tuple[str, str], bool] = {}
        self._started: dict[tuple[str, str], Future[bool]] = {}
        self._workers = max(1, workers or os.cpu_count() or 1)
        self._pool: ThreadPoolExecutor | None = None

    def ahead(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Start these checks (a pair already known or started is not started again)."""
        for pair in pairs:
            if pair in self._known or pair in self._started or self._workers < 2:
                continue  # (one core: checked when asked, no thread is worth starting)
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self._workers, thread_name_prefix="password-check")
            self._started[pair] = self._pool.submit(passwords.check_password, *pair)

    def __call__(self, plain: str | None, stored: str) -> bool:
        if plain is None:
            return passwords.check_password(plain, stored)
        pair = (plain, stored)
        if pair not in self._known:
            started = self._started.pop(pair, None)
            self._known[pair] = started.result() if started is not None else passwords.check_password(plain, stored)
        return self._known[pair]

    def close(self) -> None:
        """Stop the threads; checks not yet begun are dropped (a failed batch needs none)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._started.clear()

    def __enter__(self) -> "Checks":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
