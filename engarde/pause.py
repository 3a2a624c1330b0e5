"""A test's hold on a running command: the one way a test makes two commands meet at a known point.

A command calls ``point("turn-run:before-commit")`` where a race could happen.  In production
nothing names a point and it returns at once.  A test names points in the environment of the
command it starts:

- ``ENGARDE_TEST_PAUSE=turn-run:before-commit`` (a comma-separated list): at the point the
  command writes ``NAME.paused`` (its pid) in ``ENGARDE_TEST_PAUSE_DIR`` (default: the current
  folder) and waits until the test writes ``NAME.release`` there, or kills it;
- ``ENGARDE_TEST_MARK=turn-run:waiting``: it only writes ``NAME.reached`` and goes on.

``NAME`` is the point with ":" written as "-".  A pause never waits more than ``LIMIT`` seconds
(a test that forgets to release fails instead of hanging).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

LIMIT = 120.0


def _named(variable: str, name: str) -> bool:
    return name in {p.strip() for p in os.environ.get(variable, "").split(",") if p.strip()}


def marker(folder: Path, name: str, kind: str) -> Path:
    """The file a point writes (``kind``: paused, reached) or waits for (release)."""
    return folder / f"{name.replace(':', '-')}.{kind}"


def point(name: str) -> None:
    """Hold here, or leave a mark, if the environment names this point; otherwise nothing."""
    paused, marked = _named("ENGARDE_TEST_PAUSE", name), _named("ENGARDE_TEST_MARK", name)
    if not (paused or marked):
        return
    folder = Path(os.environ.get("ENGARDE_TEST_PAUSE_DIR", "."))
    marker(folder, name, "paused" if paused else "reached").write_text(str(os.getpid()))
    if not paused:
        return
    release, until = marker(folder, name, "release"), time.monotonic() + LIMIT
    while not release.exists():
        if time.monotonic() > until:
            raise RuntimeError(f"test pause {name!r}: not released within {LIMIT:.0f} s")
        time.sleep(0.02)
