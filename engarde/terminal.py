"""The CLI's output at a terminal: tables and progress bars drawn with rich.

Only when standard output is a terminal.  Elsewhere (a pipe, a file, cron, the tests) every
command prints the plain lines it always has, so that scripts reading them keep working, and
there is no progress bar; ``--json`` output never comes here.  rich is imported only when it
draws (startup speed: ``engarde --help`` and every command in a script never load it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from .progress import Tick, nothing


def interactive() -> bool:
    """Whether standard output is a terminal (``ENGARDE_PLAIN=1`` says no: plain lines always)."""
    if _plain_forced():
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed, or a stream that cannot say
        return False


def _plain_forced() -> bool:
    return os.environ.get("ENGARDE_PLAIN", "") not in ("", "0")


Cell = Any  # printed with str(); never read as rich markup


def table(columns: Sequence[str], rows: Sequence[Sequence[Cell]], plain: Sequence[str], *, title: str = "",
          right: Sequence[str] = (), footer: str = "") -> None:
    """``rows`` as a table under ``columns`` at a terminal (``right``: the columns of numbers,
    right-aligned), then ``footer``; elsewhere the ``plain`` lines, exactly as the command
    printed them before there were tables (``footer`` included by the caller in them)."""
    if not interactive():
        for line in plain:
            click.echo(line)
        return
    from rich.console import Console  # rich at a terminal only (startup speed: see the module's note)
    from rich.table import Table  # (the same)
    from rich.text import Text  # (the same)

    grid = Table(title=title or None, title_justify="left", header_style="bold", show_header=any(columns))
    for name in columns:
        grid.add_column(name, justify="right" if name in right else "left", overflow="fold")
    for row in rows:
        grid.add_row(*(Text("" if cell is None else str(cell)) for cell in row))
    console = Console()
    console.print(grid)
    if footer:
        console.print(Text(footer))


@contextmanager
def progress(description: str) -> Iterator[Tick]:
    """A progress bar at a terminal while the work runs (it goes away when done), driven by the
    ``tick(done, total)`` yielded; elsewhere a tick that does nothing."""
    if not interactive():
        yield nothing
        return
    # rich at a terminal only (startup speed: see the module's note)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True) as bar:
        task = bar.add_task(description, total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick
