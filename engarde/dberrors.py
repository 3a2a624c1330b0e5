"""A database that cannot be used, said in one line: which file (or which server, its password
hidden) and what is wrong with it, for the GM to act on.

``store.transaction``, ``store.reading`` and ``lock.writing`` turn the driver's errors into a
``DatabaseError`` (a CampaignError, so the CLI prints it and exits with status 2) through
``translated``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from .errors import CampaignError


class DatabaseError(CampaignError):
    """The campaign's database cannot be opened, read or written."""


@contextmanager
def translated(url: str) -> Iterator[None]:
    """The driver's errors on ``url`` in the block raised as ``DatabaseError``."""
    try:
        yield
    except DBAPIError as exc:
        raise DatabaseError(describe(url, exc)) from exc
    except ImportError as exc:  # the driver of the URL's database is not installed
        raise DatabaseError(f"{where(url)}: the database driver is not installed ({exc.name}); for PostgreSQL: "
                            "pip install -e '.[postgres]'") from exc


def where(url: str) -> str:
    """The database as a message names it: an SQLite file's path, else the URL without its password."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return "the database"
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or ":memory:"
    return parsed.render_as_string(hide_password=True)


def describe(url: str, exc: BaseException) -> str:
    """One line for a driver's error on ``url``."""
    reason = _first_line(getattr(exc, "orig", None) or exc)
    name = where(url)
    if url.startswith("sqlite"):
        return f"{name}: {_sqlite(name, reason)}"
    if url.startswith("postgresql") and _connecting(reason):
        return f"{name}: cannot connect: {_postgres(reason)}"
    return f"{name}: {reason}"


def _first_line(exc: object) -> str:
    text = str(exc).strip()
    return text.splitlines()[0].strip() if text else type(exc).__name__


def _sqlite(name: str, reason: str) -> str:
    lower = reason.lower()
    path = Path(name)
    if "unable to open database file" in lower:
        if path.is_dir():
            return "is a folder, not a database file"
        if not path.parent.is_dir():
            return f"cannot open the database: the folder {path.parent} does not exist"
        if path.exists():
            return "cannot open the database: permission denied"
        return f"cannot open the database: cannot make a file in {path.parent} (permission denied?)"
    if "file is not a database" in lower or "malformed" in lower:
        return "not an SQLite database (a damaged file, or another kind of file): restore it from a copy"
    if "database is locked" in lower or "database table is locked" in lower:
        return "the database is locked by another program; try again when it has finished"
    if "readonly database" in lower or "read-only" in lower:
        return "the database is read-only (engarde must write to the file, and to its folder for the journal)"
    if "disk i/o error" in lower:
        return "the disk failed while reading or writing the database (disk I/O error)"
    if "database or disk is full" in lower:
        return "the disk is full"
    return reason


def _connecting(reason: str) -> bool:
    lower = reason.lower()
    return any(w in lower for w in ("connection", "connect", "timeout", "password", "authentication",
                                    "could not translate host", "name or service", "does not exist"))


def _postgres(reason: str) -> str:
    # psycopg says "connection failed: connection to server at ... failed: FATAL:  the reason"
    tail = reason.rsplit("failed:", 1)[-1].strip()
    return tail.replace("FATAL:", "").strip() or reason
