"""One writer per campaign: the lock every command that writes takes, and who holds it.

``writing(campaign, action)`` is the transaction of every operation that writes (a turn run or
undone, mail ingested, a character created, a GM's answer recorded, a gazette written ...).  It
takes the campaign's lock first, in the same transaction as the work, so that every check that
decides what to write is made under the lock, and a command killed at any point lets go at once
(the database ends a dead connection's transaction):

- SQLite: the database's own write lock (BEGIN IMMEDIATE);
- PostgreSQL: an advisory lock on the campaign (pg_try_advisory_xact_lock), which ends with the
  transaction.

A second command waits up to ``DEFAULT_WAIT`` seconds (``engarde --wait SECONDS``), then fails
with one line saying who holds the campaign: "another engarde command is working on this
campaign (pid P, `engarde turn run`, since HH:MM:SS)".  PostgreSQL says who holds its lock
(pg_locks, and the application_name the holder gives its transaction).  SQLite cannot, so the
holder writes it in a note beside the database (``NAME.sqlite-lock``) and keeps the note locked
(flock) while it holds the database: a note left by a killed command is known to be stale
because the kernel let its flock go with it.

Readers do not take the lock: ``engarde.store.reading`` gives them one consistent snapshot.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import json
import os
import socket
import sys
import time
import zlib
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

import click
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session

from .clikit import DEFAULT_WAIT, WAIT_KEY  # noqa: F401 (lock.DEFAULT_WAIT too)
from . import pause, store
from .config import Campaign
from .dberrors import translated
from .errors import CampaignError

POLL = 0.05

_HELD: set[tuple[str, str]] = set()  # (database, campaign) this process holds


class Busy(CampaignError):
    """Another command held the campaign for longer than this one would wait."""


@dataclass(frozen=True)
class Holder:
    """Who holds a campaign: the process, its command, since when."""

    pid: int | None
    command: str = ""
    since: dt.datetime | None = None
    host: str = ""
    backend: int | None = None  # PostgreSQL: the holder's session, when it does not say who it is

    def __str__(self) -> str:
        where = f" on {self.host}" if self.host and self.host != socket.gethostname() else ""
        parts = [f"pid {self.pid}{where}" if self.pid is not None else
                 f"PostgreSQL session {self.backend}" if self.backend is not None else "pid unknown"]
        if self.command:
            parts.append(f"`{self.command}`")
        if self.since is not None:
            local = self.since.astimezone()
            same_day = local.date() == dt.datetime.now().astimezone().date()
            parts.append(f"since {local:%H:%M:%S}" if same_day else f"since {local:%Y-%m-%d %H:%M:%S}")
        return ", ".join(parts)


def _context() -> click.Context | None:
    # The lock says which command holds it, and waits as long as that command was told to: both
    # are the CLI's, and the library is called from it (elsewhere: the program's name, the default).
    return click.get_current_context(silent=True)


def command_name() -> str:
    """This process's command as the GM typed it, without its arguments (which may hold a
    password): "engarde turn run"."""
    ctx = _context()
    if ctx is None:
        return Path(sys.argv[0]).name or "python"
    names = []
    while ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(["engarde", *reversed(names)])


def wait_time() -> float:
    ctx = _context()
    return float(ctx.meta.get(WAIT_KEY, DEFAULT_WAIT)) if ctx is not None else DEFAULT_WAIT


def me() -> Holder:
    return Holder(os.getpid(), command_name(), dt.datetime.now(dt.timezone.utc), socket.gethostname())


# -- SQLite: the note beside the database ------------------------------------------------------


def _note_path(url: str) -> Path | None:
    files = store.sqlite_files(url)
    return files[0].with_name(files[0].name + "-lock") if files else None


class _Note:
    """The holder's note (SQLite): written once the database is held, flocked until it is let go."""

    def __init__(self, path: Path | None) -> None:
        self.path, self.fd = path, None

    def write(self, holder: Holder) -> None:
        if self.path is None:
            return
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return  # a folder we cannot write in: the database's lock still holds, unnamed
        fcntl.flock(fd, fcntl.LOCK_EX)  # only a reader's moment of LOCK_SH can stand in the way
        data = json.dumps(dict(asdict(holder), since=holder.since.isoformat() if holder.since else None))
        os.ftruncate(fd, 0)
        os.pwrite(fd, data.encode(), 0)
        self.fd = fd

    def close(self) -> None:
        if self.fd is not None:
            os.ftruncate(self.fd, 0)
            os.close(self.fd)  # lets the flock go
            self.fd = None


def _read_note(path: Path | None) -> Holder | None:
    """The holder the note names, if a live command holds it (None for a stale note: its
    writer was killed, and the kernel let its flock go)."""
    if path is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            pass  # its writer holds it: it is alive
        else:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return None
        try:
            data = json.loads(os.pread(fd, 65536, 0) or b"{}")
            since = dt.datetime.fromisoformat(data["since"]) if data.get("since") else None
            return Holder(data.get("pid"), data.get("command", ""), since, data.get("host", ""))
        except (ValueError, KeyError, TypeError):
            return Holder(None)  # its writer is between taking the database and writing its note
    finally:
        os.close(fd)


# -- PostgreSQL: an advisory lock, its holder in pg_locks ----------------------------------------


def _keys(campaign: Campaign) -> dict[str, int]:
    # A campaign's second key is never 0, the schema's (store.engine_for).
    return {"k1": store.ADVISORY_CLASS, "k2": zlib.crc32(campaign.id.encode()) & 0x7FFFFFFF or 1}


def _application_name(holder: Holder) -> str:
    # PostgreSQL keeps 63 bytes of it: the pid, the time and the command first, the host last.
    since = int(holder.since.timestamp()) if holder.since else 0
    command = holder.command.removeprefix("engarde ")
    return f"engarde|{holder.pid}|{since}|{command}|{holder.host}".encode("ascii", "replace")[:63].decode()


def _from_application_name(name: str | None, backend: int, started: dt.datetime | None) -> Holder:
    parts = (name or "").split("|", 4)
    if len(parts) >= 4 and parts[0] == "engarde" and parts[1].isdigit() and parts[2].isdigit():
        since = dt.datetime.fromtimestamp(int(parts[2]), dt.timezone.utc)
        return Holder(int(parts[1]), f"engarde {parts[3]}", since, parts[4] if len(parts) > 4 else "")
    return Holder(None, since=started, backend=backend)


def _pg_holder(conn: Connection, campaign: Campaign) -> Holder | None:
    row = conn.execute(text(
        "SELECT l.pid, a.application_name, a.xact_start FROM pg_locks l "
        "LEFT JOIN pg_stat_activity a ON a.pid = l.pid "
        "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 "
        "AND l.classid::bigint = :k1 AND l.objid::bigint = :k2 "
        "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"),
        _keys(campaign)).first()
    return _from_application_name(row[1], row[0], row[2]) if row is not None else None


# -- taking it ----------------------------------------------------------------------------------


def _try_take(conn: Connection, campaign: Campaign) -> bool:
    if conn.dialect.name == "sqlite":
        try:
            store.begin_writing(conn, wait=0)
        except store.Busy:
            return False
        return True
    return bool(conn.execute(text("SELECT pg_try_advisory_xact_lock(:k1, :k2)"), _keys(campaign)).scalar())


def holder(campaign: Campaign) -> Holder | None:
    """Who holds the campaign now, if an engarde command does (``engarde status``)."""
    if campaign.database.startswith("sqlite"):
        return _read_note(_note_path(campaign.database))
    with store.reading(campaign.database) as s:
        return _pg_holder(s.connection(), campaign)


def _refusal(conn: Connection, campaign: Campaign, wait: float) -> Busy:
    found = (_read_note(_note_path(campaign.database)) if conn.dialect.name == "sqlite"
             else _pg_holder(conn, campaign))
    waited = f"waited {wait:g} s: try again when it has finished, or wait longer with 'engarde --wait SECONDS'"
    if found is None:  # SQLite held, and no live engarde command says it holds it
        return Busy(f"the database of this campaign ({campaign.database}) is held by another program, "
                    f"not an engarde command; {waited}")
    return Busy(f"another engarde command is working on this campaign ({found}); {waited}")


@contextmanager
def _holding(conn: Connection, campaign: Campaign, action: str) -> Iterator[None]:
    """Take the campaign's lock on ``conn`` (begun by no one yet, ``store.OWN_BEGIN``), waiting
    for it up to ``wait_time()``; name this command as its holder until the block has ended."""
    key = (campaign.database, campaign.id)
    if key in _HELD:
        raise RuntimeError(f"{action}: this process already holds campaign {campaign.id!r}; a write inside "
                           "a write would wait for itself")
    wait = wait_time()
    until = time.monotonic() + wait
    if not _try_take(conn, campaign):
        pause.point(f"{action}:waiting")
        while not _try_take(conn, campaign):
            if time.monotonic() >= until:
                raise _refusal(conn, campaign, wait)
            time.sleep(POLL)
    note = _Note(_note_path(campaign.database))
    _HELD.add(key)
    try:
        holder_now = me()
        if conn.dialect.name == "sqlite":
            note.write(holder_now)
        else:
            conn.execute(text("SELECT set_config('application_name', :name, true)"),
                         {"name": _application_name(holder_now)})
        pause.point(f"{action}:locked")
        yield
    finally:
        _HELD.discard(key)
        note.close()


@contextmanager
def writing(campaign: Campaign, action: str, *, creating: bool = False) -> Iterator[Session]:
    """A write transaction on ``campaign`` holding its lock: committed whole or not at all, the
    lock let go with it.  ``action`` names the operation ("turn-run") for the test points
    (engarde.pause): ACTION:waiting, ACTION:locked, ACTION:before-commit.  ``creating``: the
    database may be empty (``engarde init``; see ``store.engine_for``)."""
    with translated(campaign.database):  # a database that cannot be used: one line naming it
        engine = store.engine_for(campaign.database, creating=creating).execution_options(**store.OWN_BEGIN)
        with Session(engine, expire_on_commit=False) as session:
            try:
                with _holding(session.connection(), campaign, action):
                    yield session
                    pause.point(f"{action}:before-commit")
                    session.commit()
            except BaseException:
                session.rollback()
                raise


@contextmanager
def connected(campaign: Campaign, action: str, engine: Engine) -> Iterator[Connection]:
    """The campaign's lock on a connection of ``engine``, in a transaction committed at the end:
    for the work done below the schema check (``engarde db upgrade``, the demo's reset), on an
    engine of ``store.new_engine``."""
    with translated(campaign.database), engine.execution_options(**store.OWN_BEGIN).connect() as conn:
        try:
            with _holding(conn, campaign, action):
                yield conn
                pause.point(f"{action}:before-commit")
                conn.commit()
        except BaseException:
            conn.rollback()
            raise
