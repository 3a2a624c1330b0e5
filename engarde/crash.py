"""What the GM reads when engarde meets an error it did not expect: one line saying so and
where the details were written, never a traceback on the terminal.

The details file is the report a GM sends to engarde's maintainers; it is readable by its owner
only, since an exception's text may quote a sheet.  ``ENGARDE_TRACEBACK=1`` shows the traceback
instead (for engarde's developers).
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path

from . import files
from .errors import CampaignError

SHOW_TRACEBACK = "ENGARDE_TRACEBACK"
EXIT_STATUS = 70  # EX_SOFTWARE of sysexits.h: engarde's fault, not the input's


def wanted_traceback() -> bool:
    return os.environ.get(SHOW_TRACEBACK, "") not in ("", "0")


def shown_arguments(argv: list[str]) -> list[str]:
    """The command line with any password given on it withheld."""
    shown, hide_next = [], False
    for arg in argv:
        if hide_next:
            shown.append("[withheld]")
        elif arg.startswith("--password="):
            shown.append("--password=[withheld]")
        else:
            shown.append(arg)
        hide_next = arg == "--password"
    return shown


def details(exc: BaseException, argv: list[str]) -> str:
    """The report: when, which command, which Python, and the traceback."""
    lines = [f"engarde met an error it did not expect, {dt.datetime.now().isoformat(timespec='seconds')}",
             f"command: engarde {' '.join(shown_arguments(argv))}",
             f"python: {sys.version.split()[0]} on {platform.platform()}",
             "", *traceback.format_exception(exc)]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_report(exc: BaseException, argv: list[str], folder: Path | None = None) -> Path | None:
    """Write the details beside the other temporary files and return where; None if even that
    failed (the one line still says what happened)."""
    folder = Path(folder or tempfile.gettempdir())
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"engarde-error-{stamp}-{os.getpid()}.txt"
    try:
        files.write_text(path, details(exc, argv))
        path.chmod(0o600)
    except (OSError, CampaignError):
        return None
    return path


def one_line(exc: BaseException, report: Path | None) -> str:
    what = f"{type(exc).__name__}: {exc}".splitlines()[0][:200]
    where = f"the details are in {report}" if report else "its details could not be written"
    return (f"an error engarde did not expect ({what}); {where}. Nothing half-done was saved: "
            f"each change is one transaction. Please send that file to engarde's maintainers.")
