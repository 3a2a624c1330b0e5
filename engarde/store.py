"""Persistence: SQLModel tables, kept apart from the domain records.

SQLite is the embedded default; any SQLAlchemy URL works (``postgresql://...``
needs the ``postgres`` extra).  Only portable column types are used (JSON,
LargeBinary, Text), so a campaign moves to PostgreSQL by changing its URL.

Two kinds of transaction, and nothing else: ``reading`` (one consistent snapshot, never a
month half written; it cannot write) and ``transaction`` (a write, whole or not at all).  The
GM's operations write through ``engarde.lock.writing``, which adds the campaign's lock.
"""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from sqlalchemy import JSON, Index, LargeBinary, Text, UniqueConstraint, event, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from . import json_columns, pause, schema
from .calendar import GameMonth
from .dberrors import translated
from .errors import CampaignError
from .records import Character, Event, LedgerEntry
from .statuses import ACCEPTED, ACTIVE, DUPLICATE, HELD, REJECTED, SKIPPED, SUPERSEDED  # noqa: F401 (the store's names too)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


class CampaignRow(SQLModel, table=True):
    __tablename__ = "campaign"
    id: str = Field(primary_key=True)
    current_month: str  # "1607-04": the next month to resolve
    seed: str
    world: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)  # engarde.world.World
    created_at: dt.datetime = Field(default_factory=utcnow)


class CharacterRow(SQLModel, table=True):
    __tablename__ = "character"
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    name: str = Field(index=True)
    player: str = ""
    email: str = ""
    password: str = ""
    social_level: int = 0  # copied from ``current`` for listing and sorting
    start: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)  # the sheet at creation
    current: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)  # the sheet now
    standing: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)  # orders.StandingOrders on file
    birth_story: list[str] = Field(default_factory=list, sa_type=JSON)
    birth_rolls: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    created_at: dt.datetime = Field(default_factory=utcnow)


class LedgerRow(SQLModel, table=True):
    __tablename__ = "ledger"
    # the month's rows of a campaign (the reports, the gazette, turn undo): migration 0004
    __table_args__ = (Index("ix_ledger_campaign_month", "campaign_id", "month"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    character_id: int = Field(index=True, foreign_key="character.id")
    month: str = Field(index=True)
    week: int
    field: str
    delta: int | None = None
    value: str | None = None
    reason: str = Field(sa_type=Text)
    rule: str = ""


class EventRow(SQLModel, table=True):
    __tablename__ = "event"
    __table_args__ = (Index("ix_event_campaign_month", "campaign_id", "month"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    month: str = Field(index=True)
    week: int
    code: str
    public: bool = True
    characters: list[str] = Field(default_factory=list, sa_type=JSON)
    data: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)


class RollRow(SQLModel, table=True):
    """Every die rolled for a month, in order, with its reason."""

    __tablename__ = "roll"
    __table_args__ = (Index("ix_roll_campaign_month", "campaign_id", "month"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    month: str = Field(index=True)
    sides: int
    dice_values: list[int] = Field(default_factory=list, sa_type=JSON)
    reason: str = Field(sa_type=Text)


# What a stored sheet can be (SheetRow.status) is in engarde.statuses (imported above), where a
# command that opens no database (`engarde orders check`) reads it too.


class SheetRow(SQLModel, table=True):
    """An order sheet as received (raw bytes kept) and as understood."""

    __tablename__ = "order_sheet"
    # the intake's lookups, each starting with the campaign (migration 0004): the same bytes
    # (digest), the same Message-ID from the same sender, and a man's sheets of a month that
    # still count (what a later sheet supersedes)
    __table_args__ = (
        Index("ix_order_sheet_campaign_digest", "campaign_id", "digest"),
        Index("ix_order_sheet_campaign_message", "campaign_id", "message_id", "sender"),
        Index("ix_order_sheet_campaign_month_character", "campaign_id", "month", "character_id", "status"),
    )
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    month: str = Field(index=True)
    character_id: int | None = Field(default=None, foreign_key="character.id")
    source: str
    sender: str = ""
    digest: str = Field(index=True)  # sha256 of the raw bytes: the same mail twice changes nothing
    raw: bytes = Field(sa_type=LargeBinary)
    text: str = Field(default="", sa_type=Text)
    parsed: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    errors: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    # accepted | held (received after its month's deadline: it counts for the month
    # in ``month``, and becomes accepted when that month is the one to resolve) |
    # rejected | superseded (a later sheet for the same month replaced it)
    status: str = "accepted"
    reason: str = ""
    confirmation: str = Field(default="", sa_type=Text)
    received_at: dt.datetime = Field(default_factory=utcnow)  # when engarde read it
    message_id: str = ""  # the Message-ID header, if any
    size: int = 0  # bytes as received (a message over the limit is recorded, not kept)
    # When it was received for the deadline (its Date header, else its arrival time),
    # where that time came from, and the deadline of the month it counts for.
    received: dt.datetime | None = None
    received_by: str = ""
    deadline: dt.datetime | None = None


class TurnRow(SQLModel, table=True):
    """A resolved month, with the state before it (to undo and re-run it)."""

    __tablename__ = "turn"
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    month: str = Field(index=True)
    seed: str
    # {"characters": [sheet, ...], "world": World.to_dict()} as they were before the month
    snapshot: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    errors: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    resolved_at: dt.datetime = Field(default_factory=utcnow)
    # When the month's publication went out by mail (engarde mail publish, nothing failed; its
    # letters may have been none): what 'engarde deadline' judges it published by.  None: not yet.
    mailed_at: dt.datetime | None = None


class RulingRow(SQLModel, table=True):
    """e. Duelling: the GM's ruling on cause between two characters for a month
    (the rules' vote of the players not involved).  Kept like order sheets: an
    undone month keeps them; the latest ruling for a pair and month stands."""

    __tablename__ = "cause_ruling"
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    month: str = Field(index=True)  # the month it applies to
    first: str
    second: str
    cause: bool  # True: there is cause; False: there is none
    note: str = Field(default="", sa_type=Text)
    ruled_at: dt.datetime = Field(default_factory=utcnow)


class NoteRow(SQLModel, table=True):
    """A note of the GM's for a month's gazette (its Points Arising: rulings, notices):
    ``engarde notes add``.  A table of its own, not the campaign's world: the GM's words are no
    part of the rules' state, and an undone month keeps them, as it keeps order sheets."""

    __tablename__ = "gm_note"
    __table_args__ = (Index("ix_gm_note_campaign_month", "campaign_id", "month"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(foreign_key="campaign.id")
    month: str  # the game month whose gazette prints it, "1607-04"
    text: str = Field(sa_type=Text)
    added_at: dt.datetime = Field(default_factory=utcnow)


# What became of a message engarde sent (SentMailRow.status).
SENT, FAILED = "sent", "failed"


class SentMailRow(SQLModel, table=True):
    """A message engarde mailed, or tried to (engarde.ops.mailing): one row per message, by
    what it is (``kind`` and ``key``: the sheet confirmed, the man and month of a report ...),
    so that a command run again sends nothing twice and retries what failed.  Never its body:
    a welcome may carry a password."""

    __tablename__ = "sent_mail"
    __table_args__ = (UniqueConstraint("campaign_id", "kind", "key", name="uq_sent_mail_kind_key"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    kind: str  # confirmation | reminder | report | gazette | welcome
    key: str  # what it is of its kind: "sheet 12", "1607-05 Porthos", "1607-05 reader@example.org"
    month: str = ""  # the game month it is about ("" for a welcome)
    character_id: int | None = Field(default=None, foreign_key="character.id")
    address: str  # the one address it went to
    subject: str = Field(default="", sa_type=Text)
    message_id: str = ""
    status: str = SENT  # sent | failed
    error: str = Field(default="", sa_type=Text)  # why it failed, the server's words
    attempts: int = 0
    sent_at: dt.datetime = Field(default_factory=utcnow)  # the last attempt


_ENGINES: dict[str, Engine] = {}
BUSY_TIMEOUT = 5.0  # seconds an SQLite statement waits for the database (the driver's default)
BEGIN = "engarde_begin"  # execution option: how an SQLite transaction begins (None: the caller begins it)
OWN_BEGIN = {BEGIN: None}
ADVISORY_CLASS = 0x656E67  # "eng": the first key of engarde's advisory locks on PostgreSQL (0: the schema's)

# Seconds to reach a PostgreSQL server before saying it cannot be reached (unless the URL's
# connect_timeout says otherwise): a host that never answers must not hang a command.
CONNECT_TIMEOUT = 10


def connect_args(url: str) -> dict[str, Any]:
    """What a PostgreSQL driver is given besides the URL: a connection timeout."""
    if url.startswith("postgresql") and "connect_timeout" not in make_url(url).query:
        return {"connect_timeout": CONNECT_TIMEOUT}
    return {}


class Busy(Exception):
    """Another connection holds the database for writing (SQLite), past the time given to wait."""


def described(url: str) -> str:
    """The database as a message names it (never with its password)."""
    try:
        return f"the database {make_url(url).render_as_string(hide_password=True)}"
    except Exception:  # an unreadable URL is named as written, less anything after a '@'
        return f"the database {url.rsplit('@', 1)[-1]}"


# The JSON columns written and read by orjson (engarde.json_columns), on every database.
_JSON = {"json_serializer": json_columns.dumps, "json_deserializer": json_columns.loads}


def new_engine(url: str) -> Engine:
    """An engine whose transactions hold everything they do.  Python's sqlite3 begins a
    transaction only before a row is written, so a table created or altered (a schema
    migration) would be committed on its own, and a command's reads would each see the
    database as it was at that moment; here SQLite's transactions begin with the
    transaction, as SQLAlchemy's documentation recommends: with BEGIN, or as the execution
    option ``BEGIN`` says (BEGIN IMMEDIATE for a write; None: the caller begins it)."""
    if not url.startswith("sqlite"):
        return create_engine(url, connect_args=connect_args(url), **_JSON)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT}, **_JSON)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver leaves BEGIN to us

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        begin = connection.get_execution_options().get(BEGIN, "BEGIN")
        if begin:
            connection.exec_driver_sql(begin)

    return engine


def _write_ahead(engine: Engine) -> None:
    """An engarde SQLite database keeps a write-ahead log: a reader keeps its snapshot while a
    writer commits, and never holds up a writer's commit.  (Set once the schema check has
    found the database engarde's: the mode is written in the file.)"""
    try:
        with engine.execution_options(**OWN_BEGIN).connect() as connection:
            connection.exec_driver_sql("PRAGMA journal_mode = WAL")
    except SQLAlchemyError:
        pass  # a read-only file, or one another connection holds: it keeps its rollback journal


def _lock_busy(exc: OperationalError) -> bool:
    """The database's lock was held longer than a statement waits (SQLite busy, PostgreSQL's lock_timeout)."""
    return (getattr(exc.orig, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED")
            or getattr(exc.orig, "sqlstate", "") == "55P03")


def _check_schema(engine: Engine, url: str, creating: bool) -> None:
    pause.point("schema-create:begin")
    # Two commands building one empty database take turns (the second then finds it built):
    # SQLite's write lock, or PostgreSQL's advisory lock on the schema, for at most BUSY_TIMEOUT.
    with engine.execution_options(**({BEGIN: "BEGIN IMMEDIATE"} if creating else {})).begin() as connection:
        if creating and connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SET LOCAL lock_timeout = '{int(BUSY_TIMEOUT * 1000)}ms'")
            connection.execute(text("SELECT pg_advisory_xact_lock(:k1, 0)"), {"k1": ADVISORY_CLASS})
        state = schema.check(connection, described(url), creating=creating)
        if state.kind == "empty":
            schema.create(connection)
            pause.point("schema-create:before-commit")


def engine_for(url: str, *, creating: bool = False) -> Engine:
    """One engine per URL.  On first use the database's schema is checked
    (``engarde.schema``): only ``creating`` (``engarde init``) may build an empty one."""
    if url not in _ENGINES:
        if url.startswith("sqlite"):
            path = make_url(url).database
            if not creating and path and path != ":memory:" and not Path(path).exists():
                # Never leave an empty file behind a command that only meant to read.
                raise CampaignError(f"{described(url)} does not exist: run 'engarde init' first")
        engine = new_engine(url)
        try:
            _check_schema(engine, url, creating)
        except OperationalError as exc:
            engine.dispose()
            if not (creating and _lock_busy(exc)):
                raise
            raise CampaignError(f"{described(url)} is being set up by another engarde command: try again when it "
                                "has finished") from None
        if engine.dialect.name == "sqlite":
            _write_ahead(engine)
        _ENGINES[url] = engine
    return _ENGINES[url]


def forget_engine(url: str) -> None:
    """Close the pooled connections (before deleting an SQLite file)."""
    engine = _ENGINES.pop(url, None)
    if engine is not None:
        engine.dispose()


def sqlite_files(url: str) -> list[Path]:
    """An SQLite database's file and the files SQLite keeps beside it (none in memory)."""
    path = make_url(url).database if url.startswith("sqlite") else None
    if not path or path == ":memory:":
        return []
    path = Path(path)
    return [path, *(path.with_name(path.name + suffix) for suffix in ("-journal", "-wal", "-shm"))]


def begin_writing(conn: Connection, wait: float = BUSY_TIMEOUT) -> None:
    """Begin a write transaction on ``conn`` (a connection with ``OWN_BEGIN``).  On SQLite it
    holds the database at once (BEGIN IMMEDIATE: no other connection can write until it ends),
    waiting up to ``wait`` seconds for another writer, then raising ``Busy``.  On PostgreSQL
    rows are locked as they are written; engarde.lock adds the campaign's lock."""
    if conn.dialect.name != "sqlite":
        return
    conn.exec_driver_sql(f"PRAGMA busy_timeout = {max(0, int(wait * 1000))}")
    try:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    except OperationalError as exc:
        if not _lock_busy(exc):
            raise
        raise Busy(str(exc.orig)) from None
    finally:
        conn.exec_driver_sql(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")


@contextmanager
def transaction(url: str, *, creating: bool = False) -> Iterator[Session]:
    """A write transaction, committed whole or not at all (on SQLite it holds the database from
    its start: BEGIN IMMEDIATE), without the campaign's lock: the GM's operations write through
    engarde.lock.writing.  ``creating``: see ``engine_for``.  A database that cannot be opened,
    read or written raises ``DatabaseError``, one line naming it."""
    with translated(url):
        engine = engine_for(url, creating=creating).execution_options(**{BEGIN: "BEGIN IMMEDIATE"})
        with Session(engine, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise


@contextmanager
def reading(url: str) -> Iterator[Session]:
    """A read-only transaction: every query in it sees the database as one moment left it, so a
    reader never sees a month half written (the sheets of before with the ledger of after).
    SQLite: BEGIN, its snapshot taken at the first read (the write-ahead log keeps it while
    writers commit); PostgreSQL: REPEATABLE READ.  A write in it fails."""
    with translated(url), Session(engine_for(url), expire_on_commit=False) as session:
        conn = session.connection()
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            conn.exec_driver_sql("PRAGMA query_only = ON")
        else:
            conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        try:
            try:
                yield session
            finally:
                if sqlite:  # the connection goes back to the pool, for writers too
                    conn.exec_driver_sql("PRAGMA query_only = OFF")
            session.commit()
        except BaseException:
            session.rollback()
            raise


# -- conversions between rows and domain records ------------------------------


def character_from_row(row: CharacterRow) -> Character:
    ch = Character.from_dict(row.current)
    ch.id = row.id
    return ch


def sheet_as_it_stands(row: CharacterRow) -> Character:
    """His sheet now, under the name his row gives him (as a replay of his ledger names him):
    a month's end when nothing was written since it."""
    ch = character_from_row(row)
    ch.name = row.name
    return ch


@lru_cache(maxsize=None)
def _month(key: str) -> GameMonth:
    return GameMonth.parse(key)


def ledger_from_row(row: LedgerRow, name: str) -> LedgerEntry:
    return LedgerEntry(
        character=name,
        month=_month(row.month),
        week=row.week,
        field=row.field,
        delta=row.delta,
        value=row.value,
        reason=row.reason,
        rule=row.rule,
    )


def event_from_row(row: EventRow) -> Event:
    return Event(
        month=_month(row.month),
        week=row.week,
        code=row.code,
        characters=tuple(row.characters),
        public=row.public,
        data=dict(row.data),
    )


def characters(session: Session, campaign_id: str) -> list[CharacterRow]:
    return list(
        session.exec(
            select(CharacterRow).where(CharacterRow.campaign_id == campaign_id).order_by(CharacterRow.id)
        )
    )
