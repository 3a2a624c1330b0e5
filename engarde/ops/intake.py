"""Order mail in: read, attribute, date and store each sheet; what the GM and the player are told.

Every message is stored as received (its raw bytes, unless it was over the size
limit), whatever becomes of it, and reported.  Whether it counts, and for
which month, is ``engarde.ops.acceptance`` (pure); this module does the
reading, the storing and what a decision implies (the older sheets a later one
replaces, a new password put on record).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from sqlmodel import Session

from .. import codes, lock, password_checks, passwords, queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..confirmation import changes, confirmation_text  # noqa: F401 (ops' names too)
from ..deadlines import Schedule, aware, describe
from ..errors import CampaignError
from ..intake import Message, decoded, safe_text
from ..known import Known
from ..month_orders import month_on_file, sent_order
from ..orders import OrderSheet
from ..parse import Signers, parse_sheet
from ..progress import Tick, nothing
from ..redaction import redact_raw, redact_text, scrub, scrub_data, secrets_in
from ..records import ErrorRecord
from ..registry import Registry, for_campaign
from ..sources import SourceError, read_imap, read_path
from ..store import ACCEPTED, ACTIVE, DUPLICATE, HELD, REJECTED, SKIPPED, SUPERSEDED, CampaignRow, SheetRow
from ..collector import bulk_work
from .acceptance import Everyone, OnFile, PasswordCheck, Sent, Who, decide, month_of, sender_problem
from .names import known_in


@dataclass
class IngestResult:
    source: str
    character: str | None
    status: str  # accepted | held | rejected | superseded | duplicate | skipped (not read, not stored)
    errors: list[ErrorRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    confirmation: str = ""
    month: GameMonth | None = None  # the month it counts for (accepted or held)


@bulk_work()
def ingest(campaign: Campaign, folder: Path, tick: Tick = nothing) -> list[IngestResult]:
    """Read order mail for the month being resolved: a folder of .eml/text files, a Maildir
    or an mbox file.  See ``ingest_messages``."""
    try:
        messages = read_path(Path(folder), campaign.mail.max_message_bytes, decode=False)
    except SourceError as exc:
        raise CampaignError(str(exc)) from None
    return ingest_messages(campaign, messages, tick=tick)


@bulk_work()
def ingest_imap(campaign: Campaign, password: str | None = None, tick: Tick = nothing) -> list[IngestResult]:
    """Read the order mail in the campaign's IMAP folder (``[campaigns.ID.mail.imap]``)."""
    if campaign.mail.imap is None:
        raise CampaignError(f"campaign {campaign.id!r} has no [campaigns.{campaign.id}.mail.imap] settings")
    try:
        messages = read_imap(campaign.mail.imap, campaign.mail.max_message_bytes, password, decode=False)
    except SourceError as exc:
        raise CampaignError(str(exc)) from None
    return ingest_messages(campaign, messages, tick=tick)


def _sent(msg: Message, seen: queries.SeenSheets, now: dt.datetime) -> dt.datetime:
    """When a message was sent, for the batch's order (``Message.when``); for mail read before
    and not decoded again, when it was received then (its stored sheet's time)."""
    if not msg.undecoded:
        return msg.when(now)[0]
    row = seen.seen(_digest(msg), "", "")
    assert row is not None, "only mail read before stays undecoded"
    return sent_order(row)[0]


def _seen(s: Session, campaign: Campaign, messages: list[Message]) -> queries.SeenSheets:
    """"Already read?" for the whole batch in a few queries (each message's were two)."""
    return queries.SeenSheets(s, campaign.id, (_digest(m) for m in messages if not m.skipped),
                              ((m.message_id or "", m.sender or "") for m in messages if not m.skipped))


def schedule(campaign: Campaign, camp: CampaignRow) -> Schedule:
    return Schedule(campaign, camp.created_at)


def month_deadline(campaign: Campaign, month: GameMonth | None = None) -> dt.datetime | None:
    """The deadline that closes ``month`` (default: the month to resolve); None without a schedule
    (a ConfigError when the schedule has run out before it)."""
    with store.reading(campaign.database) as s:
        camp = queries.campaign_row(s, campaign)
        return schedule(campaign, camp).require(month or GameMonth.parse(camp.current_month))


def release_held(s: Session, campaign: Campaign, month: GameMonth) -> None:
    """Sheets held for ``month`` (received after an earlier deadline) apply now it is the month to resolve."""
    for row in queries.sheets_of_month(s, campaign.id, month, (HELD,)):
        row.status = ACCEPTED
        row.reason = (row.reason + "; " if row.reason else "") + f"applied in {month}"
        s.add(row)


@bulk_work()
def ingest_messages(campaign: Campaign, messages: list[Message], now: dt.datetime | None = None,
                    tick: Tick = nothing) -> list[IngestResult]:
    """Attribute, date and store each message; return what became of each.

    A sheet naming no character of the campaign, sent from an address that is not the
    character's player's, or without the character's password is rejected and affects no
    one.  A sheet received after its month's deadline (``engarde.deadlines``) is held for
    the month whose deadline it made.  A later sheet for the same month replaces an
    earlier one; the same message twice changes nothing.  A new password ordered on an
    accepted (or held) sheet takes effect at once.

    One message never stops the others: a message engarde fails on (a bug, a value the
    database refuses) is quarantined, stored as rejected with the reason, so that reading
    it again is a duplicate; a file that was not read (``Message.skipped``) is reported,
    not stored.  The batch is stored in one transaction: should the database refuse one
    message's row, the batch is read again with that message quarantined.
    """
    now = aware(now or dt.datetime.now(dt.timezone.utc))
    registry = for_campaign(campaign)
    messages = list(messages)  # (decoded in place as the batch needs them: the caller's list is left as it is)
    quarantined: dict[int, str] = {}  # message (by index) -> why the database refused it
    while True:
        try:
            return _ingest_batch(campaign, registry, messages, now, quarantined, tick)
        except _Refused as refused:
            if refused.index in quarantined:  # not even its bare rejection could be stored
                raise CampaignError(f"{messages[refused.index].source}: the database refused to store it: "
                                    f"{refused.reason}") from None
            quarantined[refused.index] = refused.reason


class _Refused(Exception):
    """The database refused what one message wrote: the batch is rolled back and read again."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index, self.reason = index, reason


def _failure(exc: BaseException) -> str:
    return safe_text(f"{type(exc).__name__}: {exc}")[:300]


def _ingest_batch(campaign: Campaign, registry: Registry, messages: list[Message], now: dt.datetime,
                  quarantined: dict[int, str], tick: Tick) -> list[IngestResult]:
    # Under the campaign's lock: the month to resolve, the sheets on file and "already read?" are
    # what they are when the new sheets are stored.
    with lock.writing(campaign, "orders-ingest") as s:
        camp = queries.campaign_row(s, campaign)
        current = GameMonth.parse(camp.current_month)
        release_held(s, campaign, current)
        deadlines = schedule(campaign, camp)
        deadlines.require(current)  # a schedule that has run out is said, not ignored
        roll = _Roll.of(queries.characters(s, campaign.id))
        known = known_in(s, campaign)  # what the sheets may name
        s.flush()  # the held sheets released: what every query below must see
        seen = _seen(s, campaign, messages)
        # Mail read without decoding it (``ingest``: a folder read again at every deadline holds
        # all the mail read before) is decoded only when its bytes are not those of a sheet
        # stored: 10,000 messages read again took 7 s to decode for nothing.
        new = [i for i, m in enumerate(messages) if m.undecoded and seen.seen(_digest(m), "", "") is None]
        if new:
            for i in new:
                messages[i] = decoded(messages[i], campaign.mail.max_message_bytes)
            seen = _seen(s, campaign, messages)  # their Message-IDs asked too
        # the order they were sent in, so that the later of two sheets wins (mail read before: when
        # it was received then, as its sheet was stored)
        ordered = sorted(range(len(messages)), key=lambda i: (_sent(messages[i], seen, now), messages[i].source))
        with s.no_autoflush:  # each message's rows are flushed once written (below), not before every query
            return _each(s, campaign, registry, messages, ordered, quarantined, current, deadlines, roll, known, now,
                         tick, seen)


def _each(s: Session, campaign: Campaign, registry: Registry, messages: list[Message], ordered: list[int],
          quarantined: dict[int, str], current: GameMonth, deadlines: Schedule, roll: _Roll, known: Known,
          now: dt.datetime, tick: Tick, seen: queries.SeenSheets) -> list[IngestResult]:
    """Every message of the batch in the order sent, each stored (and flushed) before the next;
    ``tick`` is told how many are done (a progress bar at a terminal).  ``seen``: the sheets
    already stored, by digest and Message-ID (each sheet stored here added)."""
    results: list[IngestResult] = []
    active = queries.ActiveSheets(s, campaign.id, ACTIVE)
    # the password checks' threads stopped however the batch ends (an interrupted one too)
    with password_checks.Checks() as checks:
        read = _read_ahead(s, campaign, registry, messages, ordered, quarantined, current, roll, known, now, seen,
                           checks)
        for done, i in enumerate(ordered, 1):
            tick(done - 1, len(ordered))
            msg = messages[i]
            if msg.skipped:
                results.append(IngestResult(msg.source, None, SKIPPED, list(msg.errors), list(msg.notes)))
                continue
            try:
                if i in quarantined:
                    result, write = _quarantine(s, campaign, current, msg, now,
                                                f"the database refused it ({quarantined[i]})", seen, bare=True)
                else:
                    try:
                        result, write = _ingest_one(s, campaign, registry, msg, now, current, deadlines, roll,
                                                    known, read.sheets.pop(i, None), read.checks, seen, active)
                    except Exception as exc:  # noqa: BLE001 - one message must never stop the batch
                        result, write = _quarantine(s, campaign, current, msg, now,
                                                    f"engarde failed on it ({_failure(exc)})", seen)
                write()
                s.flush()
            except Exception as exc:  # noqa: BLE001 - the database refused it: read again, it quarantined
                raise _Refused(i, _failure(exc)) from exc
            results.append(result)
    tick(len(ordered), len(ordered))
    return results


@dataclass(frozen=True)
class _Roll:
    """The campaign's characters for a batch, as the intake sees them (``Who``), their rows by
    name, and the players' names a sheet may be signed with: made once for every message."""

    everyone: Everyone
    by_name: dict[str, Any]
    players: Signers

    @classmethod
    def of(cls, rows: list[Any]) -> "_Roll":
        everyone = Everyone(Who(r.name, r.email or "", r.password or "", queries.is_dead(r)) for r in rows)
        return cls(everyone, {r.name: r for r in rows}, Signers(tuple(r.player for r in rows)))


@dataclass
class _ReadAhead:
    """The batch's sheets read before any is stored, and their password checks made."""

    sheets: dict[int, OrderSheet]  # by message index
    checks: password_checks.Checks


def _read_ahead(s: Session, campaign: Campaign, registry: Registry, messages: list[Message], ordered: list[int],
                quarantined: dict[int, str], current: GameMonth, roll: _Roll, known: Known,
                now: dt.datetime, seen: queries.SeenSheets, checks: password_checks.Checks) -> _ReadAhead:
    """Read every new sheet of the batch first, each one's password check begun in a thread as it
    is read (on the other cores), for those sent by their character's player (a forged sender
    costs no check, as in ``decide``).
    A sheet engarde fails to read is left to be read again in its turn, where it is quarantined."""
    ahead = _ReadAhead({}, checks)
    for i in ordered:
        msg = messages[i]
        if msg.skipped or not msg.ok or i in quarantined:
            continue
        if seen.seen(_digest(msg), msg.message_id or "", msg.sender or "") is not None:
            continue
        try:
            sheet = _parse(msg, registry, known, current, roll)
        except Exception:  # noqa: BLE001 - read again in its turn, and quarantined there with the reason
            continue
        ahead.sheets[i] = sheet
        who = roll.everyone.by_name.get((sheet.character or "").strip().casefold())
        sent = Sent(msg.source, msg.sender, msg.is_mail, now)  # only its sender is looked at
        if (who is not None and who.password and sheet.password is not None
                and not sender_problem(sent, who, roll.everyone)):
            ahead.checks.ahead([(sheet.password, who.password)])  # begun now, beside the next sheets' reading
    return ahead


def _parse(msg: Message, registry: Registry, known: Known, current: GameMonth, roll: _Roll) -> OrderSheet:
    return parse_sheet(msg.body, msg.source, registry, known, lines=msg.lines, current=current,
                       signers=(msg.sender_name or "",), players=roll.players)


def _digest(msg: Message) -> str:
    if msg.raw or not msg.too_large:
        return hashlib.sha256(msg.raw).hexdigest()
    return hashlib.sha256(f"too-large\0{msg.source}\0{msg.size}".encode()).hexdigest()


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    return moment.astimezone(dt.timezone.utc) if moment is not None else None


def _nothing() -> None:
    pass


def _duplicate(msg: Message, seen: Any) -> IngestResult:
    return IngestResult(msg.source, None, DUPLICATE, notes=[f"already read (from {seen.source}); nothing changed"])


def _quarantine(s: Session, campaign: Campaign, current: GameMonth, msg: Message, now: dt.datetime, why: str,
                stored: queries.SeenSheets, bare: bool = False) -> tuple[IngestResult, Callable[[], None]]:
    """A message engarde could not read or decide on, stored as rejected with the reason (its
    raw bytes kept for the GM, its passwords withheld), so that the next ingest sees a duplicate.
    ``bare``: only what any database stores (the raw bytes, the digest, a safe source)."""
    digest = _digest(msg)
    seen = stored.seen(digest, "", "")
    if seen is not None:
        return _duplicate(msg, seen), _nothing
    # Its passwords are withheld as any sheet's (engarde.redaction); raw bytes they cannot be
    # taken out of are not kept.
    try:
        secrets = secrets_in(msg.body or msg.raw.decode("utf-8", "replace"))
        raw = redact_raw(msg.raw, msg.is_mail, secrets)
    except Exception:  # noqa: BLE001 - whatever failed on the message may fail here too: keep nothing
        secrets, raw = [], None
    reason = scrub(redact_text(f"quarantined: {why}; it is kept as received and changes nothing"), secrets)
    if raw is None:
        raw = b""
        reason = reason.replace("it is kept as received", "its bytes are not kept (a password in them could "
                                                          "not be withheld)")
    error = ErrorRecord(msg.source, 0, codes.E_QUARANTINED, reason, "send the orders again as a plain text mail")
    source = msg.source if not bare else msg.source.encode("ascii", "backslashreplace").decode("ascii")
    confirmation = (f"Orders of (no character named) for {current}\nREJECTED: {reason}. These orders are not "
                    "used; nothing on file changes.\n")
    row = SheetRow(campaign_id=campaign.id, month=current.key, character_id=None, source=source,
                   sender="" if bare else (msg.sender or ""), digest=digest, raw=raw, text="", parsed={},
                   errors=[error.to_dict()], status=REJECTED, reason=reason, confirmation=confirmation,
                   message_id="" if bare else (msg.message_id or ""), size=msg.size, received=_utc(now),
                   received_by="the time it was read")
    def write() -> None:
        s.add(row)
        stored.add(row)

    return IngestResult(msg.source, None, REJECTED, [error], [reason], confirmation), write


def _ingest_one(s: Session, campaign: Campaign, registry: Registry, msg: Message, now: dt.datetime,
                current: GameMonth, deadlines: Schedule, roll: _Roll, known: Known, read: OrderSheet | None = None,
                check: PasswordCheck = passwords.check_password, stored: queries.SeenSheets | None = None,
                active: queries.ActiveSheets | None = None) -> tuple[IngestResult, Callable[[], None]]:
    """What becomes of one message, and the writes that store it (made by the caller, last, so
    that a failure before them leaves nothing half written).  ``read``: its sheet, if it was
    read ahead (``_read_ahead``)."""
    digest = _digest(msg)
    seen = (stored.seen(digest, msg.message_id or "", msg.sender or "") if stored is not None else
            queries.sheet_seen(s, campaign.id, digest, msg.message_id or "", msg.sender or ""))
    if seen is not None:
        return _duplicate(msg, seen), _nothing
    received, received_by, time_notes = msg.when(now)
    received = aware(received)
    sheet = (read or _parse(msg, registry, known, current, roll)) if msg.ok else OrderSheet(source=msg.source)
    sent = Sent(msg.source, msg.sender, msg.is_mail, received, msg.errors[0].message if msg.too_large else None,
                msg.unreadable)
    by_name, everyone = roll.by_name, roll.everyone
    on_file: list[OnFile] = []
    who = everyone.by_name.get(sheet.character.strip().casefold()) if sheet.character else None
    named = by_name.get(who.name) if who is not None else None
    if named is not None and queries.is_dead(named):  # when he died, for the refusal
        everyone = Everyone(replace(w, died=queries.death_month(s, named)) if w.name == named.name else w
                            for w in everyone)
    if named is not None:
        month = month_of(sheet, sent, current, deadlines)
        rows = (active.of(month, named.id) if active is not None else
                queries.active_sheets_of(s, campaign.id, month, named.id, ACTIVE))
        on_file = [OnFile(r.id, r.source, r.received, registry.sheet_from(r.parsed)) for r in rows]
    decision = decide(sheet, sent, everyone, current, deadlines, on_file, campaign.timezone, check)
    char_row = by_name[decision.character.name] if decision.character is not None else None
    # The passwords it carries are withheld from everything stored or echoed of it.
    secrets = secrets_in(msg.body, (sheet.password, sheet.new_password))
    parsed = sheet.to_dict()
    withheld = scrub_data(parsed, secrets)
    errors = [ErrorRecord(**scrub_data(e.to_dict(), secrets))
              for e in list(msg.errors) + list(sheet.errors) + decision.errors]
    notes = scrub_data(list(msg.notes) + time_notes + decision.notes, secrets)
    if withheld != parsed:
        notes.append("your password is written in your orders besides its Password line; it is withheld there "
                     "too (in what is stored, and below): choose a password that is none of your orders' words")
    # A message that could not be read is kept as one over the size limit is: its bytes stay in
    # the source (file, mailbox, server), its digest makes reading it again a duplicate.
    raw = b"" if msg.unreadable else redact_raw(msg.raw, msg.is_mail, secrets)
    if raw is None:
        raw = b""
        notes.append("the message's raw bytes are not kept: a password in them could not be withheld "
                     "(its text is kept, the password withheld)")
    standing = (registry.standing_from(char_row.standing).merged((decision.month_sheet or sheet).standing)
                if char_row is not None else None)
    month, deadline = decision.month, decision.deadline
    when = (f"Received {describe(received, campaign.timezone)} ({received_by}); the deadline for {month} is "
            f"{describe(deadline, campaign.timezone)}.") if deadline is not None else ""
    confirmation = scrub(confirmation_text(sheet, month, notes, status=decision.status, reason=decision.reason,
                                           standing=standing, received=when, registry=registry,
                                           month_sheet=decision.month_sheet, before=decision.before), secrets)
    row = SheetRow(
        campaign_id=campaign.id,
        month=month.key,
        character_id=char_row.id if char_row is not None else None,
        source=msg.source,
        sender=msg.sender or "",
        digest=digest,
        raw=raw,
        text=redact_text(msg.body, secrets),
        parsed=withheld,
        errors=[e.to_dict() for e in errors],
        status=decision.status,
        reason=decision.reason,
        confirmation=confirmation,
        message_id=msg.message_id or "",
        size=msg.size,
        received=_utc(received),
        received_by=received_by,
        deadline=_utc(deadline),
    )

    def write() -> None:
        for old in on_file:
            if old.id in decision.replaces:
                replaced = s.get(SheetRow, old.id)
                replaced.status, replaced.reason = SUPERSEDED, f"replaced by {msg.source}"
                s.add(replaced)
                if active is not None:
                    active.drop(replaced.month, replaced.character_id, replaced.id)
        if char_row is not None and decision.new_password:
            char_row.password = passwords.hash_password(decision.new_password, campaign.mail.password_cost)
            s.add(char_row)
        s.add(row)
        if stored is not None:
            stored.add(row)
        if active is not None:
            active.add(row)

    result = IngestResult(msg.source, sheet.character, decision.status, errors,
                          notes + ([decision.reason] if decision.reason else []), confirmation,
                          month if decision.status in ACTIVE else None)
    return result, write


def active_sheets(s: Session, campaign: Campaign, month: GameMonth, registry: Registry) -> dict[str, OrderSheet]:
    """The month on file for each character in ``month``, composed from the sheets of his that
    count (``engarde.month_orders``): accepted, or held for it (``release_held`` marks those
    accepted when the month is resolved; a reader counts them without writing), in the order
    the characters' first sheets came."""
    return month_on_file(queries.character_ids(s, campaign.id),
                         queries.parses_of_month(s, campaign.id, month, ACTIVE), registry.sheet_from)


def month_sheets(campaign: Campaign, month: GameMonth) -> dict[str, OrderSheet]:
    """The sheets that counted for ``month``, by character, in the order they came."""
    with store.reading(campaign.database) as s:
        return active_sheets(s, campaign, month, for_campaign(campaign))


@dataclass
class StoredSheet:
    """A stored order sheet, for the GM's listings (``engarde orders list`` / ``confirmations``)."""

    id: int
    month: str
    status: str
    character: str | None
    sender: str
    source: str
    reason: str
    received: str
    confirmation: str
    monthly: dict[str, Any]  # its orders for the month, module by module, as stored

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "confirmation"}


def stored_sheets(campaign: Campaign, month: GameMonth | None = None, character: str | None = None,
                  status: str | None = None) -> list[StoredSheet]:
    """The sheets stored for ``month`` (default: the month to resolve), oldest first.

    A sheet belongs to the month it counts for; a rejected one to the month it
    was read in.  ``character`` matches the name the sheet gives.
    """
    with store.reading(campaign.database) as s:
        camp = queries.campaign_row(s, campaign)
        month = month or GameMonth.parse(camp.current_month)
        if character is not None:
            queries.find_character(s, campaign, character)  # a clear error for a name that is no one's
        found = []
        for row in queries.sheets_of_month(s, campaign.id, month, (status,) if status else None):
            name = (row.parsed or {}).get("character")
            if character is not None and (name or "").casefold() != character.strip().casefold():
                continue
            found.append(StoredSheet(
                row.id, row.month, row.status, name, row.sender, row.source, row.reason,
                describe(row.received, campaign.timezone) if row.received else "",
                row.confirmation, dict((row.parsed or {}).get("monthly") or {})))
        return found


def missing_orders(campaign: Campaign) -> list[str]:
    """The living characters with no orders for the month to resolve (the dead give none)."""
    with store.reading(campaign.database) as s:
        month = queries.current_month(s, campaign)
        have = set(active_sheets(s, campaign, month, for_campaign(campaign)))
        return [r.name for r in queries.characters(s, campaign.id) if r.name not in have and not queries.is_dead(r)]
