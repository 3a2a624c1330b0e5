"""Persistence: SQLModel tables, kept apart from the domain records.

SQLite is the embedded default; any SQLAlchemy URL works (``postgresql://...``
needs the ``postgres`` extra).  Only portable column types are used (JSON,
LargeBinary, Text), so a campaign moves to PostgreSQL by changing its URL.
"""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from typing import Any, Iterator

from sqlalchemy import JSON, LargeBinary, Text
from sqlalchemy.engine import Engine
from sqlmodel import Field, Session, SQLModel, create_engine, select

from .calendar import GameMonth
from .records import Character, Event, LedgerEntry


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
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(index=True, foreign_key="campaign.id")
    month: str = Field(index=True)
    sides: int
    dice_values: list[int] = Field(default_factory=list, sa_type=JSON)
    reason: str = Field(sa_type=Text)


# What a stored sheet can be, once read (SheetRow.status): engarde.ops.acceptance decides.
ACCEPTED, HELD, REJECTED, SUPERSEDED, DUPLICATE = "accepted", "held", "rejected", "superseded", "duplicate"
ACTIVE = (ACCEPTED, HELD)
# What the intake reports of a file it did not read (a FIFO, a file of another kind): never stored.
SKIPPED = "skipped"


class SheetRow(SQLModel, table=True):
    """An order sheet as received (raw bytes kept) and as understood."""

    __tablename__ = "order_sheet"
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


_ENGINES: dict[str, Engine] = {}


def engine_for(url: str) -> Engine:
    """One engine per URL, with the schema created on first use."""
    if url not in _ENGINES:
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        engine = create_engine(url, **kwargs)
        SQLModel.metadata.create_all(engine)
        _ENGINES[url] = engine
    return _ENGINES[url]


def forget_engine(url: str) -> None:
    """Close the pooled connections (before deleting an SQLite file)."""
    engine = _ENGINES.pop(url, None)
    if engine is not None:
        engine.dispose()


@contextmanager
def transaction(url: str) -> Iterator[Session]:
    """A session whose work is committed whole or not at all."""
    with Session(engine_for(url), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


# -- conversions between rows and domain records ------------------------------


def character_from_row(row: CharacterRow) -> Character:
    ch = Character.from_dict(row.current)
    ch.id = row.id
    return ch


def ledger_from_row(row: LedgerRow, name: str) -> LedgerEntry:
    return LedgerEntry(
        character=name,
        month=GameMonth.parse(row.month),
        week=row.week,
        field=row.field,
        delta=row.delta,
        value=row.value,
        reason=row.reason,
        rule=row.rule,
    )


def event_from_row(row: EventRow) -> Event:
    return Event(
        month=GameMonth.parse(row.month),
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
