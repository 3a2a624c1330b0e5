"""Every database query of the GM's operations, in one place.

The operations (``engarde.ops``) and the modules' GM commands say what they want
of a campaign's stored rows through these functions, inside a transaction they
open: ``engarde.store.reading`` to read, ``engarde.lock.writing`` (the campaign's
lock) to write; nothing else writes SQL.
"""

from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass
from typing import Any, Iterable

from sqlalchemy import func
from sqlalchemy.orm import defer
from sqlmodel import Session, delete, select

from .calendar import GameMonth
from .config import Campaign
from .errors import CampaignError
from .records import DEAD, Character, Event, LedgerEntry
from .rules.creation.rules import RULE_IMPORTED
from .store import (
    CampaignRow,
    CharacterRow,
    EventRow,
    LedgerRow,
    NoteRow,
    RollRow,
    RulingRow,
    SentMailRow,
    SheetRow,
    TurnRow,
    character_from_row,
    event_from_row,
    ledger_from_row,
)
from .world import World

# -- the campaign -----------------------------------------------------------------------


def campaign_row(s: Session, campaign: Campaign) -> CampaignRow:
    row = s.get(CampaignRow, campaign.id)
    if row is None:
        raise CampaignError(f"campaign {campaign.id!r} has not been set up: run 'engarde init' first")
    return row


def current_month(s: Session, campaign: Campaign) -> GameMonth:
    return GameMonth.parse(campaign_row(s, campaign).current_month)


def load_world(s: Session, campaign: Campaign) -> tuple[CampaignRow, World]:
    """The campaign's row and its world, a copy (never the stored value itself: a change to
    it must be seen to change when ``save_world`` writes it back)."""
    camp = campaign_row(s, campaign)
    return camp, World.from_dict(copy.deepcopy(camp.world))


def save_world(s: Session, camp: CampaignRow, world: World) -> None:
    camp.world = world.to_dict()  # a new value, so the JSON column is written
    s.add(camp)


# -- characters ---------------------------------------------------------------------------


def characters(s: Session, campaign_id: str) -> list[CharacterRow]:
    return list(s.exec(
        select(CharacterRow).where(CharacterRow.campaign_id == campaign_id).order_by(CharacterRow.id)))


def character_ids(s: Session, campaign_id: str) -> list[Any]:
    """Each character's id and name (rows with ``.id`` and ``.name``), in the order created: what
    a sheet's owner is found by, without every man's sheets read and decoded."""
    return list(s.exec(select(CharacterRow.id, CharacterRow.name)
                       .where(CharacterRow.campaign_id == campaign_id).order_by(CharacterRow.id)))


def character_named(s: Session, campaign_id: str, name: str) -> CharacterRow | None:
    """The character of that name, whatever its case (names are unique without regard to case)."""
    return s.exec(select(CharacterRow).where(
        CharacterRow.campaign_id == campaign_id, func.lower(CharacterRow.name) == name.strip().lower())).first()


def find_character(s: Session, campaign: Campaign, name: str) -> CharacterRow:
    """The character called ``name``, or a ``CampaignError`` listing who there is."""
    rows = characters(s, campaign.id)
    for row in rows:
        if row.name.casefold() == name.strip().casefold():
            return row
    raise CampaignError(f"no character called {name!r} in {campaign.id} (characters: {listing(r.name for r in rows)})")


def listing(names: Iterable[str], most: int = 20) -> str:
    """Names for an error line: "A, B, C", the first ``most`` and how many more (a campaign of
    10,000 must not make a line of 10,000 names), or "none yet"."""
    names = list(names)
    shown = ", ".join(names[:most])
    return (shown + (f" and {len(names) - most} more" if len(names) > most else "")) if names else "none yet"


def sheets_now(s: Session, campaign_id: str) -> list[Character]:
    return [character_from_row(r) for r in characters(s, campaign_id)]


def names_living_and_dead(s: Session, campaign_id: str) -> tuple[list[str], list[str]]:
    """The characters' names, the living and the dead (as ``is_dead`` tells them), in the order
    created: each man's state read by the database (its JSON), not his whole sheet."""
    table = CharacterRow.__table__
    living: list[str] = []
    dead: list[str] = []
    for name, state in s.connection().execute(
            select(table.c.name, table.c.current["state"].as_string())
            .where(table.c.campaign_id == campaign_id).order_by(table.c.id)):
        (dead if state == DEAD else living).append(name)
    return living, dead


def is_dead(row: CharacterRow) -> bool:
    """He was killed (in a duel, on campaign): he takes no part in anything after, and is not
    counted among those who owe orders."""
    return (row.current or {}).get("state") == DEAD


def death_month(s: Session, row: CharacterRow) -> GameMonth | None:
    """The month his ledger made him dead, if it did."""
    found = s.exec(select(LedgerRow).where(LedgerRow.character_id == row.id, LedgerRow.field == "state",
                                          LedgerRow.value == DEAD).order_by(LedgerRow.id.desc())).first()
    return GameMonth.parse(found.month) if found is not None else None


# -- the ledger, events and turns ------------------------------------------------------------


def ledger_of(s: Session, row: CharacterRow) -> list[LedgerEntry]:
    rows = s.exec(select(LedgerRow).where(LedgerRow.character_id == row.id).order_by(LedgerRow.id))
    return [ledger_from_row(r, row.name) for r in rows]


def ledgers(s: Session, campaign_id: str, fields: Iterable[str] | None = None,
            rows: Iterable[CharacterRow] | None = None) -> dict[int, list[LedgerEntry]]:
    """Every man's ledger (or its entries of some ``fields`` only), by character id, each in the
    order it was written: one query for the campaign, not one a man.  ``rows``: the campaign's
    characters when the caller has read them already (each entry names its man)."""
    names = {r.id: r.name for r in (rows if rows is not None else characters(s, campaign_id))}
    out: dict[int, list[LedgerEntry]] = {i: [] for i in names}
    table = LedgerRow.__table__
    query = select(table).where(table.c.campaign_id == campaign_id)
    if fields is not None:
        query = query.where(table.c.field.in_(tuple(fields)))
    # plain rows, not ORM objects: a large campaign's ledger is hundreds of thousands of them
    for r in s.connection().execute(query.order_by(table.c.id)):
        out.setdefault(r.character_id, []).append(ledger_from_row(r, names[r.character_id]))
    return out


def posted_after(s: Session, campaign_id: str, month: GameMonth) -> bool:
    """Whether any ledger entry was written for a month after ``month`` (the month to resolve
    has some when the GM changed a sheet since the last was resolved)."""
    table = LedgerRow.__table__
    return s.connection().execute(select(table.c.id).where(table.c.campaign_id == campaign_id,
                                                           table.c.month > month.key).limit(1)).first() is not None


def month_ledger(s: Session, campaign_id: str, month: GameMonth) -> list[LedgerEntry]:
    names = {r.id: r.name for r in characters(s, campaign_id)}
    table = LedgerRow.__table__
    rows = s.connection().execute(select(table).where(table.c.campaign_id == campaign_id, table.c.month == month.key)
                                  .order_by(table.c.id))
    return [ledger_from_row(r, names[r.character_id]) for r in rows]


def month_events(s: Session, campaign_id: str, month: GameMonth) -> list[Event]:
    table = EventRow.__table__
    rows = s.connection().execute(select(table).where(table.c.campaign_id == campaign_id, table.c.month == month.key)
                                  .order_by(table.c.id))
    return [event_from_row(r) for r in rows]


def turns(s: Session, campaign_id: str) -> list[TurnRow]:
    """Every resolved month, in the order of the game's calendar: without its snapshot and errors
    (read only if asked for), which hold every sheet before the month: reading them for every
    month made listing the months grow with the campaign's length times its size."""
    return list(s.exec(select(TurnRow).where(TurnRow.campaign_id == campaign_id).order_by(TurnRow.month)
                       .options(defer(TurnRow.snapshot), defer(TurnRow.errors))))


def month_seed(s: Session, campaign_id: str, month: GameMonth) -> str:
    """The dice seed a resolved month was run with (its gazette's phrasings follow it); "" if
    the month has not been resolved."""
    row = s.exec(select(TurnRow).where(TurnRow.campaign_id == campaign_id, TurnRow.month == month.key)
                 .order_by(TurnRow.id.desc())).first()
    return row.seed if row is not None else ""


def last_turn(s: Session, campaign_id: str) -> TurnRow | None:
    return s.exec(select(TurnRow).where(TurnRow.campaign_id == campaign_id).order_by(TurnRow.id.desc())).first()


def resolved_at(s: Session, campaign_id: str) -> list[tuple[GameMonth, object]]:
    """Every resolved month and when it was resolved, in the calendar's order: the two columns
    only (a turn's row carries its snapshot, every sheet before the month)."""
    table = TurnRow.__table__
    rows = s.connection().execute(select(table.c.month, table.c.resolved_at)
                                  .where(table.c.campaign_id == campaign_id).order_by(table.c.month))
    return [(GameMonth.parse(r.month), r.resolved_at) for r in rows]


def snapshot_world(s: Session, campaign_id: str, month: GameMonth) -> dict | None:
    """The world as it stood before ``month`` was resolved (its turn's snapshot), or None when
    that month has not been resolved."""
    table = TurnRow.__table__
    row = s.connection().execute(select(table.c.snapshot).where(
        table.c.campaign_id == campaign_id, table.c.month == month.key)).first()
    return None if row is None else dict(row.snapshot or {}).get("world", {})


def ledger_of_fields(s: Session, campaign_id: str, fields: Iterable[str]) -> list[tuple[int, str, str, int | None, str | None]]:
    """The campaign's ledger entries of some fields only (``social_level``, ``state``), in the
    order written: (character id, month key, field, delta, value), plain rows."""
    table = LedgerRow.__table__
    rows = s.connection().execute(
        select(table.c.character_id, table.c.month, table.c.field, table.c.delta, table.c.value)
        .where(table.c.campaign_id == campaign_id, table.c.field.in_(tuple(fields))).order_by(table.c.id))
    return [tuple(r) for r in rows]


def public_events(s: Session, campaign_id: str, month: GameMonth, codes: Iterable[str]) -> list[Event]:
    """A month's public events of these kinds, in the order written (what the archive's chronicle
    reads of every month: reading every event of every month grew with the campaign's length)."""
    table = EventRow.__table__
    rows = s.connection().execute(select(table).where(table.c.campaign_id == campaign_id, table.c.month == month.key,
                                                      table.c.public.is_(True), table.c.code.in_(sorted(codes)))
                                  .order_by(table.c.id))
    return [event_from_row(r) for r in rows]


def events_of_code(s: Session, campaign_id: str, code: str, through: GameMonth) -> list[Event]:
    """Every event of one kind up to and including ``through``'s, in the order written."""
    table = EventRow.__table__
    rows = s.connection().execute(select(table).where(table.c.campaign_id == campaign_id, table.c.code == code,
                                                      table.c.month <= through.key).order_by(table.c.id))
    return [event_from_row(r) for r in rows]


# -- order sheets ----------------------------------------------------------------------------


def sheets_of_month(s: Session, campaign_id: str, month: GameMonth, statuses: Iterable[str] | None = None
                    ) -> list[SheetRow]:
    """The stored sheets that count for ``month`` (with one of ``statuses``), oldest first."""
    query = select(SheetRow).where(SheetRow.campaign_id == campaign_id, SheetRow.month == month.key)
    if statuses is not None:
        query = query.where(SheetRow.status.in_(tuple(statuses)))
    return list(s.exec(query.order_by(SheetRow.id)))


def parses_of_month(s: Session, campaign_id: str, month: GameMonth, statuses: Iterable[str]) -> list:
    """What ``engarde.month_orders.month_on_file`` reads of the sheets that count for ``month``
    (their id, character, parse and times), oldest first: not their raw mail and text, the most
    of a sheet's bytes, which the month never looks at."""
    return list(s.exec(select(SheetRow.id, SheetRow.character_id, SheetRow.parsed, SheetRow.received,
                              SheetRow.received_at).where(
        SheetRow.campaign_id == campaign_id, SheetRow.month == month.key,
        SheetRow.status.in_(tuple(statuses))).order_by(SheetRow.id)))


def sheet_seen(s: Session, campaign_id: str, digest: str, message_id: str, sender: str) -> SheetRow | None:
    """A sheet already stored from the same bytes, or the same Message-ID from the same sender."""
    seen = s.exec(select(SheetRow).where(SheetRow.campaign_id == campaign_id, SheetRow.digest == digest)).first()
    if seen is None and message_id and sender:
        seen = s.exec(select(SheetRow).where(
            SheetRow.campaign_id == campaign_id, SheetRow.message_id == message_id,
            SheetRow.sender == sender)).first()
    return seen


class SeenSheets:
    """``sheet_seen`` for a batch of messages, made with a few queries instead of one or two a
    message: the stored sheets whose digest, or Message-ID and sender, are the batch's, each
    key's first (lowest id) kept, as the query's first row is; a sheet stored while the batch is
    read is ``add``-ed (an earlier one of the same key still wins)."""

    CHUNK = 500  # values in one IN (...)

    def __init__(self, s: Session, campaign_id: str, digests: Iterable[str],
                 messages: Iterable[tuple[str, str]]) -> None:
        self.by_digest: dict[str, SheetRow | _Seen] = {}
        self.by_message: dict[tuple[str, str], SheetRow | _Seen] = {}
        digests = sorted(set(digests))
        wanted = {(m, who) for m, who in messages if m and who}
        ids = sorted({m for m, _ in wanted})
        cols = (SheetRow.id, SheetRow.digest, SheetRow.message_id, SheetRow.sender, SheetRow.source,
                SheetRow.received, SheetRow.received_at)
        found: dict[int, _Seen] = {}
        for column, values in ((SheetRow.digest, digests), (SheetRow.message_id, ids)):
            for at in range(0, len(values), self.CHUNK):
                query = select(*cols).where(SheetRow.campaign_id == campaign_id,
                                            column.in_(values[at: at + self.CHUNK]))
                for row in s.exec(query):
                    found[row[0]] = _Seen(*row)
        for seen in sorted(found.values(), key=lambda r: r.id):
            self.add(seen, wanted)

    def add(self, row: SheetRow | _Seen, wanted: set[tuple[str, str]] | None = None) -> None:
        self.by_digest.setdefault(row.digest, row)
        key = (row.message_id, row.sender)
        if row.message_id and row.sender and (wanted is None or key in wanted):
            self.by_message.setdefault(key, row)

    def seen(self, digest: str, message_id: str, sender: str) -> SheetRow | _Seen | None:
        """As ``sheet_seen``."""
        found = self.by_digest.get(digest)
        if found is None and message_id and sender:
            found = self.by_message.get((message_id, sender))
        return found


@dataclass(frozen=True)
class _Seen:
    """What ``SeenSheets`` keeps of a stored sheet."""

    id: int
    digest: str
    message_id: str
    sender: str
    source: str
    received: dt.datetime | None
    received_at: dt.datetime


@dataclass(frozen=True)
class _Active:
    """What ``ActiveSheets`` keeps of a stored sheet that counts."""

    id: int
    character_id: int
    source: str
    received: dt.datetime | None
    parsed: dict


class ActiveSheets:
    """``active_sheets_of`` for a batch of messages: a month's sheets that count, read in one
    query the first time the month is asked for (one query a message made the server look
    through the sheets once a message: on PostgreSQL the plan scanned them, quadratic in a
    large batch), then kept up to date by the batch: a sheet it stores is ``add``-ed, one it
    replaces ``drop``-ped."""

    def __init__(self, s: Session, campaign_id: str, statuses: Iterable[str]) -> None:
        self.s, self.campaign_id, self.statuses = s, campaign_id, tuple(statuses)
        self.months: dict[str, dict[int, dict[int, _Active | SheetRow]]] = {}
        self.stored: list[SheetRow] = []  # added, not yet placed: each has its id once flushed

    def _month(self, key: str) -> dict[int, dict[int, _Active | SheetRow]]:
        found = self.months.get(key)
        if found is None:
            found = self.months[key] = {}
            cols = (SheetRow.id, SheetRow.character_id, SheetRow.source, SheetRow.received, SheetRow.parsed)
            for row in self.s.exec(select(*cols).where(
                    SheetRow.campaign_id == self.campaign_id, SheetRow.month == key,
                    SheetRow.character_id.is_not(None), SheetRow.status.in_(self.statuses))):
                found.setdefault(row[1], {})[row[0]] = _Active(*row)
        return found

    def of(self, month: GameMonth, character_id: int) -> list[_Active | SheetRow]:
        """As ``active_sheets_of``, oldest first."""
        for row in self.stored:
            if row.character_id is not None and row.status in self.statuses:
                self._month(row.month).setdefault(row.character_id, {})[row.id] = row
        self.stored.clear()
        return sorted(self._month(month.key).get(character_id, {}).values(), key=lambda r: r.id)

    def add(self, row: SheetRow) -> None:
        """A sheet the batch stores (placed by its id once the session has flushed it)."""
        self.stored.append(row)

    def drop(self, month: str, character_id: int, sheet_id: int) -> None:
        """A sheet the batch has replaced."""
        self._month(month).get(character_id, {}).pop(sheet_id, None)


def active_sheets_of(s: Session, campaign_id: str, month: GameMonth, character_id: int,
                     statuses: Iterable[str]) -> list[SheetRow]:
    """His stored sheets for ``month`` that still count (accepted or held)."""
    return list(s.exec(select(SheetRow).where(
        SheetRow.campaign_id == campaign_id, SheetRow.month == month.key,
        SheetRow.character_id == character_id, SheetRow.status.in_(tuple(statuses)))))


# -- the GM's rulings on cause (e. Duelling) --------------------------------------------------


def rulings(s: Session, campaign_id: str, month: GameMonth | None = None) -> list[RulingRow]:
    query = select(RulingRow).where(RulingRow.campaign_id == campaign_id)
    if month is not None:
        query = query.where(RulingRow.month == month.key)
    return list(s.exec(query.order_by(RulingRow.id)))


# -- the GM's notes (Points Arising) ----------------------------------------------------------


def notes(s: Session, campaign_id: str, month: GameMonth | None = None) -> list[NoteRow]:
    """The GM's notes, in the order added (one month's, or all)."""
    query = select(NoteRow).where(NoteRow.campaign_id == campaign_id)
    if month is not None:
        query = query.where(NoteRow.month == month.key)
    return list(s.exec(query.order_by(NoteRow.id)))


def note(s: Session, campaign_id: str, number: int) -> NoteRow | None:
    if not 0 < number < 2**63:  # no row has such an id, and the database cannot be asked for it
        return None
    row = s.get(NoteRow, number)
    return row if row is not None and row.campaign_id == campaign_id else None


# -- deleting ---------------------------------------------------------------------------------


def delete_month(s: Session, campaign_id: str, month: str) -> None:
    """The ledger, events and dice of one resolved month (``turn undo``); not the entries of a
    character imported from a running campaign in that month, which are no part of its play
    (the snapshot ``turn undo`` puts back was taken after them)."""
    for table in (LedgerRow, EventRow, RollRow):
        query = delete(table).where(table.campaign_id == campaign_id, table.month == month)
        if table is LedgerRow:
            query = query.where(LedgerRow.rule != RULE_IMPORTED)
        s.exec(query)


def delete_campaign(s: Session, campaign_id: str) -> None:
    """Everything a campaign has stored (the demo starts afresh)."""
    for table in (RollRow, EventRow, LedgerRow, SheetRow, TurnRow, RulingRow, SentMailRow, NoteRow, CharacterRow):
        s.exec(delete(table).where(table.campaign_id == campaign_id))
    s.exec(delete(CampaignRow).where(CampaignRow.id == campaign_id))
