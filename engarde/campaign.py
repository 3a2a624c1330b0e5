"""The GM's operations on one campaign: the library the CLI is a thin layer over.

Each operation opens its own transaction, so a failure leaves the campaign as
it was.  Errors the GM must see are raised as ``CampaignError`` with a message
fit to print; problems in players' input are returned as error records.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from sqlalchemy import func
from sqlmodel import Session, delete, select

from . import codes, store
from .calendar import GameMonth, week_label
from .config import Campaign
from .rules.creation.rules import Birth
from .dice import Roll, SeededDice, month_seed
from .orders import MONTHLY, STANDING, OrderSheet, Parts
from .records import Character, ErrorRecord, Event, LedgerEntry, replay
from .world import World
from .rules.loans.state import Loan
from .rules.mistresses.state import Mistress
from .registry import Registry, core_registry, for_campaign
from .rules.press.gazette import PressLetter
from .rules.press.gazette import letters as press_letters
from .rules.press.orders import Letter, Letters
from .store import (
    CampaignRow,
    CharacterRow,
    EventRow,
    LedgerRow,
    RollRow,
    SheetRow,
    TurnRow,
)


class CampaignError(RuntimeError):
    """An operation the campaign's state does not allow, with a printable reason."""


# -- set-up ---------------------------------------------------------------------


def init(campaign: Campaign) -> bool:
    """Create the campaign's tables and row.  False if it already existed."""
    with store.transaction(campaign.database) as s:
        if s.get(CampaignRow, campaign.id) is not None:
            return False
        s.add(CampaignRow(id=campaign.id, current_month=campaign.first_month.key, seed=campaign.seed))
    return True


def reset(campaign: Campaign) -> None:
    """Delete everything the campaign has stored (the demo starts afresh)."""
    url = campaign.database
    if url.startswith("sqlite:///"):
        store.forget_engine(url)
        path = Path(url[len("sqlite:///"):])
        for p in (path, path.with_name(path.name + "-journal")):
            p.unlink(missing_ok=True)
        return
    with store.transaction(url) as s:
        for table in (RollRow, EventRow, LedgerRow, SheetRow, TurnRow, store.RulingRow, CharacterRow):
            s.exec(delete(table).where(table.campaign_id == campaign.id))
        s.exec(delete(CampaignRow).where(CampaignRow.id == campaign.id))


def _campaign_row(s: Session, campaign: Campaign) -> CampaignRow:
    row = s.get(CampaignRow, campaign.id)
    if row is None:
        raise CampaignError(f"campaign {campaign.id!r} has not been set up: run 'engarde init' first")
    return row


def current_month(campaign: Campaign) -> GameMonth:
    with store.transaction(campaign.database) as s:
        return GameMonth.parse(_campaign_row(s, campaign).current_month)


# -- characters -----------------------------------------------------------------


def add_character(campaign: Campaign, birth: Birth, rolls: list[Roll] = ()) -> Character:
    """Store a new character; his starting sheet is what the ledger starts from."""
    ch = birth.character
    name = ch.name.strip()
    if not name:
        raise CampaignError("a character needs a name")
    with store.transaction(campaign.database) as s:
        _campaign_row(s, campaign)
        same = s.exec(
            select(CharacterRow).where(
                CharacterRow.campaign_id == campaign.id, func.lower(CharacterRow.name) == name.lower()
            )
        ).first()
        if same is not None:
            raise CampaignError(f"there is already a character called {same.name!r}")
        sheet = ch.to_dict()
        sheet.pop("id", None)
        row = CharacterRow(
            campaign_id=campaign.id,
            name=name,
            player=ch.player,
            email=ch.email,
            password=ch.password,
            social_level=ch.social_level,
            start=sheet,
            current=sheet,
            birth_story=list(birth.story),
            birth_rolls=[{"values": list(r.values), "sides": r.sides, "reason": r.reason} for r in rolls],
        )
        s.add(row)
        s.flush()
        ch.id = row.id
    return ch


def list_characters(campaign: Campaign) -> list[Character]:
    with store.transaction(campaign.database) as s:
        _campaign_row(s, campaign)
        return [store.character_from_row(r) for r in store.characters(s, campaign.id)]


def _find(s: Session, campaign: Campaign, name: str) -> CharacterRow:
    rows = store.characters(s, campaign.id)
    for row in rows:
        if row.name.casefold() == name.strip().casefold():
            return row
    known = ", ".join(r.name for r in rows) or "none yet"
    raise CampaignError(f"no character called {name!r} in {campaign.id} (characters: {known})")


@dataclass
class SheetView:
    """A character sheet with its history, for ``engarde sheet`` and audits."""

    character: Character
    start: dict[str, Any]
    ledger: list[LedgerEntry]
    birth_story: list[str]
    # his loans, from the World: those he owes (debts) and those owed to him (lent)
    debts: list[Loan] = field(default_factory=list)
    lent: list[Loan] = field(default_factory=list)
    standing: Parts = field(default_factory=Parts)  # his standing orders on file

    def to_dict(self) -> dict[str, Any]:
        from dataclasses import asdict

        ch = self.character
        data = {
            "name": ch.name,
            "player": ch.player,
            "social_level": ch.social_level,
            "status_points": ch.status_points,
            "crowns": ch.crowns,
            "strength": ch.strength,
            "expertise": ch.expertise,
            "constitution": ch.constitution,
            "endurance": ch.endurance,
            "max_endurance": ch.max_endurance,
            "military_ability": ch.military_ability,
            "allowance": ch.allowance,
            "club": ch.club,
            "title": ch.title,
            "mistress": ch.mistress,
            "regiment": ch.regiment,
            "rank": ch.rank,
            "appointment": ch.appointment,
            "state": ch.state,
            "debts": [asdict(x) for x in self.debts],
            "lent": [asdict(x) for x in self.lent],
            "standing_orders": self.standing.to_dict(),
            "standing_orders_text": core_registry().describe(self.standing, STANDING),
            "weapons": ch.weapons(),
            "counters": dict(ch.counters),
            "birth": {
                "class": ch.social_class,
                "sibling_rank": ch.sibling_rank,
                "father_position": ch.father_position,
                "father_title": ch.father_title,
                "orphan": ch.orphan,
                "story": self.birth_story,
            },
            "start": {k: v for k, v in self.start.items() if k not in ("password", "id")},
            "ledger": [
                {
                    "month": e.month.key,
                    "week": e.week,
                    "when": week_label(e.week),
                    "field": e.field,
                    "delta": e.delta,
                    "value": e.value,
                    "reason": e.reason,
                    "rule": e.rule,
                }
                for e in self.ledger
            ],
        }
        return data


def sheet(campaign: Campaign, name: str) -> SheetView:
    """His sheet, its ledger, his loans (the World's, both sides) and his standing orders on file."""
    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        row = _find(s, campaign, name)
        world = World.from_dict(camp.world)
        loans = sorted(world.loans, key=lambda x: x.number)
        return SheetView(store.character_from_row(row), dict(row.start), _ledger(s, row), list(row.birth_story),
                         debts=[x for x in loans if x.borrower == row.name],
                         lent=[x for x in loans if x.lender == row.name],
                         standing=core_registry().standing_from(row.standing))


def _ledger(s: Session, row: CharacterRow) -> list[LedgerEntry]:
    rows = s.exec(select(LedgerRow).where(LedgerRow.character_id == row.id).order_by(LedgerRow.id))
    return [store.ledger_from_row(r, row.name) for r in rows]


# -- orders ---------------------------------------------------------------------

# What a sheet can be, once read (SheetRow.status).
ACCEPTED, HELD, REJECTED, SUPERSEDED, DUPLICATE = "accepted", "held", "rejected", "superseded", "duplicate"
ACTIVE = (ACCEPTED, HELD)


@dataclass
class IngestResult:
    source: str
    character: str | None
    status: str  # accepted | held | rejected | superseded | duplicate
    errors: list[ErrorRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    confirmation: str = ""
    month: GameMonth | None = None  # the month it counts for (accepted or held)


def confirmation_text(sheet: OrderSheet, month: GameMonth, notes: list[str] = (), *, status: str | None = None,
                      reason: str = "", standing: Parts | None = None, received: str = "",
                      registry: Registry | None = None) -> str:
    """What the player is told: whether the sheet was taken, the calendar as understood week by
    week, his orders for the month, the standing orders on file, his letters to the gazette
    exactly as they will be printed, and each error with its line.

    ``standing`` is what will be on file once this sheet applies (None: this sheet's own).
    A rejected sheet's confirmation shows only what the sender wrote, never the
    character's orders on file.  ``registry``: the campaign's modules, which say their
    own orders (default: the core rules).
    """
    registry = registry or core_registry()
    who = sheet.character or "(no character named)"
    lines = [f"Orders of {who} for {month}"]
    if received:
        lines.append(received)
    if status == ACCEPTED:
        lines.append(f"Accepted: these are the orders for {month} (a later sheet for {month} replaces them).")
    elif status == HELD:
        lines.append(f"Held for {month}: {reason}.")
    elif status == SUPERSEDED:
        lines.append(f"Not used: {reason}.")
    elif status == REJECTED:
        lines.append(f"REJECTED: {reason}. These orders are not used; nothing on file changes.")
    lines += ["", "The month, week by week:"]
    for week in range(1, 5):
        lines.append(f"  Week {week}: {sheet.action(week).describe()}")
    extra = registry.describe(sheet.monthly, MONTHLY)
    if sheet.new_password:
        extra.append("a new order password (from the next sheet you send)")
    if extra:
        lines += ["", "For the month:"] + [f"  - {x}" for x in extra]
    if status is None:  # a sheet checked, not stored: only what it says
        given = registry.describe(sheet.standing, STANDING)
        if given:
            lines += ["", "Standing orders given (they stand until changed):"] + [f"  {x}" for x in given]
    elif status != REJECTED:
        on_file = registry.describe(standing if standing is not None else sheet.standing, STANDING)
        lines += ["", "Standing orders on file (they stand until you change them):"]
        lines += [f"  {x}" for x in on_file] or ["  none: the rules' defaults apply"]
    for part in sheet.monthly:
        lines += part.confirmation(sheet.character or "?")
    all_notes = list(sheet.notes) + list(notes)
    if all_notes:
        lines += ["", "Notes:"] + [f"  - {n}" for n in all_notes]
    if sheet.errors:
        lines += ["", "Not understood (those weeks will be a rest unless you resend):"]
        lines += [f"  {e}" for e in sheet.errors]
    else:
        lines += ["", "Every line was understood."]
    return "\n".join(lines) + "\n"


def ingest(campaign: Campaign, folder: Path) -> list[IngestResult]:
    """Read order mail for the month being resolved: a folder of .eml/text files, a Maildir
    or an mbox file.  See ``ingest_messages``."""
    from .sources import SourceError, read_path

    try:
        messages = read_path(Path(folder), campaign.mail.max_message_bytes)
    except SourceError as exc:
        raise CampaignError(str(exc)) from None
    return ingest_messages(campaign, messages)


def ingest_imap(campaign: Campaign, password: str | None = None) -> list[IngestResult]:
    """Read the order mail in the campaign's IMAP folder (``[campaigns.ID.mail.imap]``)."""
    from .sources import SourceError, read_imap

    if campaign.mail.imap is None:
        raise CampaignError(f"campaign {campaign.id!r} has no [campaigns.{campaign.id}.mail.imap] settings")
    try:
        messages = read_imap(campaign.mail.imap, campaign.mail.max_message_bytes, password)
    except SourceError as exc:
        raise CampaignError(str(exc)) from None
    return ingest_messages(campaign, messages)


def _schedule(campaign: Campaign, camp: CampaignRow):
    from .deadlines import Schedule

    return Schedule(campaign, camp.created_at)


def month_deadline(campaign: Campaign, month: GameMonth | None = None) -> dt.datetime | None:
    """The deadline that closes ``month`` (default: the month to resolve); None without a schedule."""
    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        return _schedule(campaign, camp).deadline(month or GameMonth.parse(camp.current_month))


def release_held(s: Session, campaign: Campaign, month: GameMonth) -> None:
    """Sheets held for ``month`` (received after an earlier deadline) apply now it is the month to resolve."""
    for row in s.exec(select(SheetRow).where(
            SheetRow.campaign_id == campaign.id, SheetRow.month == month.key, SheetRow.status == HELD)):
        row.status = ACCEPTED
        row.reason = (row.reason + "; " if row.reason else "") + f"applied in {month}"
        s.add(row)


def _sender_problem(msg: Any, char_row: CharacterRow, rows: list[CharacterRow]) -> str | None:
    """Why the sender may not give this character's orders; None if he may."""
    registered = (char_row.email or "").strip()
    if not registered or not msg.is_mail:
        return None
    sender = (msg.sender or "").strip()
    if sender.casefold() == registered.casefold():
        return None
    if not sender:
        return f"the mail has no sender address; {char_row.name}'s orders must come from the player's registered address"
    other = next((r.name for r in rows if r.email and r.email.strip().casefold() == sender.casefold()), None)
    if other is not None:
        return f"sent from {sender}, the address of {other}'s player, not of {char_row.name}'s"
    return f"sent from {sender}, which is not the address registered for {char_row.name}"


def ingest_messages(campaign: Campaign, messages: list[Any], now: dt.datetime | None = None) -> list[IngestResult]:
    """Attribute, date and store each message; return what became of each.

    Every message is stored as received (its raw bytes, unless it was over the
    size limit), whatever becomes of it, and reported: a sheet naming no
    character of the campaign, sent from an address that is not the
    character's player's (``CharacterRow.email``, compared without regard to
    case; a character with no address accepts any sender, and a plain text
    file, which has no sender, is taken on its password), or without the
    character's password is rejected and affects no one.  A sheet received
    after its month's deadline (``engarde.deadlines``) is held for the month
    whose deadline it made.  A later sheet for the same month replaces an
    earlier one; the same message twice changes nothing.  A new password
    ordered on an accepted (or held) sheet takes effect at once.
    """
    from .deadlines import aware

    now = aware(now or dt.datetime.now(dt.timezone.utc))
    results: list[IngestResult] = []
    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        current = GameMonth.parse(camp.current_month)
        release_held(s, campaign, current)
        schedule = _schedule(campaign, camp)
        all_rows = store.characters(s, campaign.id)
        rows = {r.name.casefold(): r for r in all_rows}
        # the order they were sent in, so that the later of two sheets wins
        ordered = sorted(messages, key=lambda m: (aware(m.received(now)[0]), m.source))
        for msg in ordered:
            results.append(_ingest_one(s, campaign, msg, now, current, schedule, rows, all_rows))
    return results


def _digest(msg: Any) -> str:
    if msg.raw or not msg.too_large:
        return hashlib.sha256(msg.raw).hexdigest()
    return hashlib.sha256(f"too-large\0{msg.source}\0{msg.size}".encode()).hexdigest()


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    return moment.astimezone(dt.timezone.utc) if moment is not None else None


def _ingest_one(s: Session, campaign: Campaign, msg: Any, now: dt.datetime, current: GameMonth, schedule: Any,
                rows: dict[str, CharacterRow], all_rows: list[CharacterRow]) -> IngestResult:
    from .deadlines import aware, describe
    from .parse import parse_sheet

    digest = _digest(msg)
    seen = s.exec(select(SheetRow).where(SheetRow.campaign_id == campaign.id, SheetRow.digest == digest)).first()
    if seen is None and msg.message_id and msg.sender:
        seen = s.exec(select(SheetRow).where(
            SheetRow.campaign_id == campaign.id, SheetRow.message_id == msg.message_id,
            SheetRow.sender == msg.sender)).first()
    if seen is not None:
        return IngestResult(msg.source, None, DUPLICATE, notes=[f"already read (from {seen.source}); nothing changed"])
    received, received_by = msg.received(now)
    received = aware(received)
    sheet = parse_sheet(msg.body, msg.source) if not msg.too_large else OrderSheet(source=msg.source)
    errors = list(msg.errors) + list(sheet.errors)
    notes = list(msg.notes)
    status, reason, char_row, month, deadline = ACCEPTED, "", None, current, schedule.deadline(current)

    def reject(why: str, code: str | None = None) -> None:
        nonlocal status, reason
        status, reason = REJECTED, why
        if code:
            errors.append(ErrorRecord(msg.source, 0, code, why))

    if msg.too_large:
        reject(errors[0].message)
    elif sheet.character is None:
        reject("the sheet names no character")
    elif (char_row := rows.get(sheet.character.strip().casefold())) is None:
        reject(f"no character called {sheet.character!r} in this campaign", codes.E_UNKNOWN_CHARACTER)
    elif (why := _sender_problem(msg, char_row, all_rows)) is not None:
        reject(why, codes.E_UNKNOWN_SENDER)
    elif char_row.password and sheet.password != char_row.password:
        reject(f"wrong or missing password for {char_row.name}", codes.E_WRONG_PASSWORD)
    elif is_dead(char_row):
        died = _death_month(s, char_row)
        reject(f"{char_row.name} is dead{f' (he died in {died})' if died else ''}: a dead man gives no orders",
               codes.E_DEAD_CHARACTER)
    elif sheet.month is not None and sheet.month < current:
        reject(f"the sheet is for {sheet.month}, which has been resolved; the month to resolve is {current}",
               codes.E_CLOSED_MONTH)
    if status == REJECTED:
        char_row = None
    else:
        if not (char_row.email or "").strip():
            notes.append(f"no address is registered for {char_row.name}: a sheet from any sender is accepted")
        elif not msg.is_mail:
            notes.append("a text file has no sender: it was accepted on the character's password")
        sheet.character = char_row.name
        written_for = sheet.month or current
        by_time, by_time_deadline = schedule.month_for(received, current)
        month = max(written_for, by_time)
        deadline = schedule.deadline(month)
        if month > current:
            status = HELD
            if by_time > written_for:
                missed = schedule.deadline(by_time.previous())
                reason = (f"received {describe(received, campaign.timezone)}, after the deadline for "
                          f"{by_time.previous()} ({describe(missed, campaign.timezone)})")
                notes.append(f"written for {written_for}, received after its deadline: held for {month}")
            else:
                reason = f"the sheet is for {month}"
        sheet.month = month
        # A later sheet for the same month replaces an earlier one, whatever order they are read in.
        for old in s.exec(select(SheetRow).where(
                SheetRow.campaign_id == campaign.id, SheetRow.month == month.key,
                SheetRow.character_id == char_row.id, SheetRow.status.in_(ACTIVE))):
            if old.received is not None and aware(old.received) > received:
                status, reason = SUPERSEDED, f"{old.source}, sent later, is already on file for {month}"
                break
            old.status, old.reason = SUPERSEDED, f"replaced by {msg.source}"
            s.add(old)
        if status in ACTIVE and sheet.new_password:
            char_row.password = sheet.new_password
            s.add(char_row)
            notes.append(f"{char_row.name}'s order password is changed: the next sheet must carry the new one")
    on_file = None
    if char_row is not None:
        on_file = core_registry().standing_from(char_row.standing).merged(sheet.standing)
    when = (f"Received {describe(received, campaign.timezone)} ({received_by}); the deadline for {month} is "
            f"{describe(deadline, campaign.timezone)}.") if deadline is not None else ""
    confirmation = confirmation_text(sheet, month, notes, status=status, reason=reason, standing=on_file, received=when)
    s.add(SheetRow(
        campaign_id=campaign.id,
        month=month.key,
        character_id=char_row.id if char_row is not None and status != REJECTED else None,
        source=msg.source,
        sender=msg.sender or "",
        digest=digest,
        raw=msg.raw,
        text=msg.body,
        parsed=sheet.to_dict(),
        errors=[e.to_dict() for e in errors],
        status=status,
        reason=reason,
        confirmation=confirmation,
        message_id=msg.message_id or "",
        size=msg.size,
        received=_utc(received),
        received_by=received_by,
        deadline=_utc(deadline),
    ))
    return IngestResult(msg.source, sheet.character, status, errors, notes + ([reason] if reason else []),
                        confirmation, month if status in ACTIVE else None)


def active_sheets(s: Session, campaign: Campaign, month: GameMonth) -> dict[str, OrderSheet]:
    """The sheet that counts for each character in ``month`` (held sheets are released first)."""
    release_held(s, campaign, month)
    rows = s.exec(
        select(SheetRow).where(
            SheetRow.campaign_id == campaign.id, SheetRow.month == month.key, SheetRow.status == ACCEPTED
        )
    )
    names = {r.id: r.name for r in store.characters(s, campaign.id)}
    sheets: dict[str, OrderSheet] = {}
    for row in rows:
        sheet = core_registry().sheet_from(row.parsed)
        sheets[names[row.character_id]] = sheet
    return sheets


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
    letters: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "confirmation"}


def stored_sheets(campaign: Campaign, month: GameMonth | None = None, character: str | None = None,
                  status: str | None = None) -> list[StoredSheet]:
    """The sheets stored for ``month`` (default: the month to resolve), oldest first.

    A sheet belongs to the month it counts for; a rejected one to the month it
    was read in.  ``character`` matches the name the sheet gives.
    """
    from .deadlines import describe

    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        month = month or GameMonth.parse(camp.current_month)
        if character is not None:
            _find(s, campaign, character)  # a clear error for a name that is no one's
        query = select(SheetRow).where(SheetRow.campaign_id == campaign.id, SheetRow.month == month.key)
        if status:
            query = query.where(SheetRow.status == status)
        found = []
        for row in s.exec(query.order_by(SheetRow.id)):
            name = (row.parsed or {}).get("character")
            if character is not None and (name or "").casefold() != character.strip().casefold():
                continue
            found.append(StoredSheet(
                row.id, row.month, row.status, name, row.sender, row.source, row.reason,
                describe(row.received, campaign.timezone) if row.received else "",
                row.confirmation, [asdict(x) for x in _letters(row)]))
        return found


def _letters(row: SheetRow) -> tuple[Letter, ...]:
    return core_registry().sheet_from(row.parsed or {"source": row.source}).monthly.of(Letters).letters


def month_sheets(campaign: Campaign, month: GameMonth) -> dict[str, OrderSheet]:
    """The sheets that counted for ``month``, by character, in the order they came."""
    with store.transaction(campaign.database) as s:
        names = {r.id: r.name for r in store.characters(s, campaign.id)}
        rows = s.exec(select(SheetRow).where(
            SheetRow.campaign_id == campaign.id, SheetRow.month == month.key,
            SheetRow.status == ACCEPTED).order_by(SheetRow.id))
        return {names.get(row.character_id, ""): core_registry().sheet_from(row.parsed) for row in rows}


def month_letters(campaign: Campaign, month: GameMonth) -> list[PressLetter]:
    """The letters to the gazette on the sheets that count for ``month``, in the order they came."""
    return press_letters(month_sheets(campaign, month))


# -- the turn -------------------------------------------------------------------


@dataclass
class TurnReport:
    month: GameMonth
    seed: str
    characters: list[Character]
    events: list[Event]
    ledger: list[LedgerEntry]
    errors: list[ErrorRecord]
    sheets: int
    rolls: int


def refuse_mass_nmr(campaign: Campaign, month: GameMonth, total: int, missing: list[str], force: bool) -> None:
    """Raise when more than ``mail.nmr_refuse_share`` of the characters have no orders, unless forced."""
    share = campaign.mail.nmr_refuse_share
    if force or not total or len(missing) / total <= share:
        return
    shown = ", ".join(missing[:10]) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
    raise CampaignError(
        f"{len(missing)} of {total} characters have no orders for {month} ({shown}): more than "
        f"{share:.0%} of them, and lost mail is likelier than a mass desertion. Check the mail "
        "('engarde orders missing', 'engarde orders list --status rejected'), or run the turn with --force")


def run_turn(campaign: Campaign, force: bool = False) -> TurnReport:
    """Resolve the current month in one transaction and advance the calendar.

    Refused (``refuse_mass_nmr``) when too many characters have no orders, unless ``force``.
    """
    from .resolve import resolve_month

    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        month = GameMonth.parse(camp.current_month)
        rows = store.characters(s, campaign.id)
        if not rows:
            raise CampaignError("the campaign has no characters yet: add some with 'engarde character create'")
        before = [store.character_from_row(r) for r in rows]
        sheets = active_sheets(s, campaign, month)
        living = [r for r in rows if not is_dead(r)]  # the dead owe no orders
        refuse_mass_nmr(campaign, month, len(living), [r.name for r in living if r.name not in sheets], force)
        # Standing orders on file, replaced where this month's sheet gives new ones.
        standing = {}
        for r in rows:
            on_file = core_registry().standing_from(r.standing)
            standing[r.name] = on_file.merged(sheets[r.name].standing) if r.name in sheets else on_file
        world = World.from_dict(camp.world)
        seed = month_seed(camp.seed, month.key)
        dice = SeededDice(seed)
        result = resolve_month(month, before, sheets, dice, world, standing, registry=for_campaign(campaign),
                               rulings=_cause_rulings(s, campaign, month))
        _save_month(s, campaign, month, seed, rows, result, camp.world)
        for r in rows:
            r.standing = standing[r.name].to_dict()
            s.add(r)
        camp.world = result.world.to_dict()
        camp.current_month = month.next().key
        s.add(camp)
    return TurnReport(month, seed, result.characters, result.events, result.ledger, result.errors, len(sheets), len(dice.log))


def _save_month(s: Session, campaign: Campaign, month: GameMonth, seed: str, rows: list[CharacterRow], result: Any,
                world_before: dict[str, Any]) -> None:
    by_name = {r.name: r for r in rows}
    s.add(
        TurnRow(
            campaign_id=campaign.id,
            month=month.key,
            seed=seed,
            snapshot={
                "characters": [dict(r.current, id=r.id) for r in rows],
                "standing": {str(r.id): dict(r.standing) for r in rows},
                "world": dict(world_before),
            },
            errors=[e.to_dict() for e in result.errors],
        )
    )
    for ch in result.characters:
        row = by_name[ch.name]
        data = ch.to_dict()
        data.pop("id", None)
        row.current = data
        row.social_level = ch.social_level
        s.add(row)
    for e in result.ledger:
        s.add(
            LedgerRow(
                campaign_id=campaign.id,
                character_id=by_name[e.character].id,
                month=e.month.key,
                week=e.week,
                field=e.field,
                delta=e.delta,
                value=e.value,
                reason=e.reason,
                rule=e.rule,
            )
        )
    for ev in result.events:
        s.add(
            EventRow(
                campaign_id=campaign.id,
                month=ev.month.key,
                week=ev.week,
                code=ev.code,
                public=ev.public,
                characters=list(ev.characters),
                data=dict(ev.data),
            )
        )
    for roll in result.rolls:
        s.add(RollRow(campaign_id=campaign.id, month=month.key, sides=roll.sides, dice_values=list(roll.values), reason=roll.reason))


def undo_turn(campaign: Campaign) -> GameMonth:
    """Undo the last resolved month: restore the snapshot, drop its records.

    The month's order sheets stay, so running the turn again with the same
    seed gives the same month.  Only what the month changed is undone: the GM's
    set-up since (``_undone_world``: mistresses rolled, added or renamed after the
    month was resolved, and the players' answers recorded since to requests made
    before the month) is kept.
    """
    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        turn = s.exec(
            select(TurnRow).where(TurnRow.campaign_id == campaign.id).order_by(TurnRow.id.desc())
        ).first()
        if turn is None:
            raise CampaignError("no month has been resolved yet: nothing to undo")
        rows = {r.id: r for r in store.characters(s, campaign.id)}
        for snap in turn.snapshot["characters"]:
            row = rows[snap["id"]]
            data = {k: v for k, v in snap.items() if k != "id"}
            row.current = data
            row.social_level = data["social_level"]
            row.standing = dict(turn.snapshot.get("standing", {}).get(str(row.id), row.standing))
            s.add(row)
        for table in (LedgerRow, EventRow, RollRow):
            s.exec(delete(table).where(table.campaign_id == campaign.id, table.month == turn.month))
        camp.current_month = turn.month
        camp.world = _undone_world(turn.snapshot.get("world", {}), camp.world or {})
        s.add(camp)
        s.delete(turn)
        return GameMonth.parse(turn.month)


def _undone_world(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """The world as the snapshot holds it (before the month), with the GM's set-up since kept:
    each module whose state the GM changes between months says what it keeps (``RuleModule.undo``)."""
    world = World.from_dict(before).to_dict()
    later = World.from_dict(now).to_dict()
    for m in (*core_registry().modules, *core_registry().inactive):
        if m.undo is not None and m.name in world:
            world[m.name] = m.undo(world[m.name], later.get(m.name, {}))
    return world


def resolved_months(campaign: Campaign) -> list[GameMonth]:
    with store.transaction(campaign.database) as s:
        rows = s.exec(select(TurnRow).where(TurnRow.campaign_id == campaign.id).order_by(TurnRow.month))
        return [GameMonth.parse(r.month) for r in rows]


def month_events(campaign: Campaign, month: GameMonth) -> list[Event]:
    with store.transaction(campaign.database) as s:
        rows = s.exec(
            select(EventRow).where(EventRow.campaign_id == campaign.id, EventRow.month == month.key).order_by(EventRow.id)
        )
        return [store.event_from_row(r) for r in rows]


def month_ledger(campaign: Campaign, month: GameMonth) -> list[LedgerEntry]:
    with store.transaction(campaign.database) as s:
        names = {r.id: r.name for r in store.characters(s, campaign.id)}
        rows = s.exec(
            select(LedgerRow).where(LedgerRow.campaign_id == campaign.id, LedgerRow.month == month.key).order_by(LedgerRow.id)
        )
        return [store.ledger_from_row(r, names[r.character_id]) for r in rows]


def missing_orders(campaign: Campaign) -> list[str]:
    """The living characters with no orders for the month to resolve (the dead give none)."""
    with store.transaction(campaign.database) as s:
        month = GameMonth.parse(_campaign_row(s, campaign).current_month)
        have = set(active_sheets(s, campaign, month))
        return [r.name for r in store.characters(s, campaign.id) if r.name not in have and not is_dead(r)]


def is_dead(row: CharacterRow) -> bool:
    """``Character.state == "dead"`` (set by the duel and military rules): he takes no part in
    anything after, and is not counted among those who owe orders."""
    from .rules.duel.rules import DEAD

    return (row.current or {}).get("state") == DEAD


def _death_month(s: Session, row: CharacterRow) -> GameMonth | None:
    """The month his ledger made him dead, if it did."""
    from .rules.duel.rules import DEAD

    found = s.exec(select(LedgerRow).where(LedgerRow.character_id == row.id, LedgerRow.field == "state",
                                          LedgerRow.value == DEAD).order_by(LedgerRow.id.desc())).first()
    return GameMonth.parse(found.month) if found is not None else None


# -- audit ----------------------------------------------------------------------


@dataclass
class AuditFinding:
    character: str
    field: str
    recorded: Any
    recomputed: Any

    def __str__(self) -> str:
        return f"{self.character}: {self.field} is {self.recorded!r} on the sheet but {self.recomputed!r} from the ledger"


def audit(campaign: Campaign) -> tuple[int, list[AuditFinding]]:
    """Recompute every sheet from its starting values and ledger; list disagreements."""
    findings: list[AuditFinding] = []
    with store.transaction(campaign.database) as s:
        _campaign_row(s, campaign)
        rows = store.characters(s, campaign.id)
        for row in rows:
            recomputed = replay(row.start, _ledger(s, row)).ledger_values()
            recorded = Character.from_dict(row.current).ledger_values()
            for key in sorted(set(recorded) | set(recomputed)):
                if recorded.get(key, 0) != recomputed.get(key, 0):
                    findings.append(AuditFinding(row.name, key, recorded.get(key), recomputed.get(key)))
    return len(rows), findings


# -- regiments (g. MA and Regiments) ------------------------------------------------


@dataclass
class RegimentView:
    """One regiment for the GM: its table facts and, once organised, its roster."""

    name: str
    brigade: str | None
    cavalry: bool
    weapon: str
    organised: bool
    roster: list[dict[str, Any]] = field(default_factory=list)
    brigade_major: str | None = None
    pending: list[dict[str, Any]] = field(default_factory=list)


def regiments(campaign: Campaign, name: str | None = None) -> list[RegimentView]:
    """Every regiment of Regimental Table A (or the one called ``name``), with its roster."""
    from .rules.regiments import rules
    from .rules.regiments.tables import REGIMENTS, regiment_by_name

    if name is not None:
        info = regiment_by_name(name)
        if info is None:
            raise CampaignError(f"no regiment called {name!r} (see 'engarde regiment list')")
        infos = [info]
    else:
        infos = list(REGIMENTS)
    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        world = World.from_dict(camp.world)
        chars = [store.character_from_row(r) for r in store.characters(s, campaign.id)]
    views = []
    for info in infos:
        reg = world.regiment(info.name)
        record = world.brigade(info.brigade) if info.brigade else None
        views.append(RegimentView(
            info.name, info.brigade, info.cavalry, info.weapon, reg is not None,
            rules.roster(world, info.name, chars),
            record.brigade_major if record and record.brigade_major_regiment == info.name else None,
            list(reg.pending) if reg else [],
        ))
    return views


def decide_application(campaign: Campaign, regiment: str, applicant: str, accept: bool) -> dict[str, Any]:
    """Record a player colonel's answer to an application waiting for him ("If the
    Regiment is commanded by a player, no roll is required: the Commander decides who
    is accepted").  The answer is kept with the application in the campaign's world
    and carried out at the start of the next month resolved
    (``engarde.rules.regiments.settle_decisions``), through the ledger like every
    other change, so the audit stays exact and undoing that month restores it.
    Returns the application as recorded."""
    from .rules.regiments.tables import regiment_by_name

    info = regiment_by_name(regiment)
    if info is None:
        raise CampaignError(f"no regiment called {regiment!r} (see 'engarde regiment list')")

    def queue(world: World) -> list[dict[str, Any]]:
        reg = world.regiment(info.name)
        return reg.pending if reg is not None else []

    entry = _record_decision(campaign, queue, applicant, accept,
                             f"no application from {applicant!r} waits for the {info.name}'s commander")
    return dict(entry, regiment=info.name)


def decide_appointment(campaign: Campaign, post: str, applicant: str, accept: bool) -> dict[str, Any]:
    """Record the answer of the player who appoints to ``post`` (the Minister of War, a
    player colonel, Brigadier, Division or Army Commander) to an application waiting for him: no roll, he
    decides.  Carried out at the start of the next month resolved
    (``engarde.rules.appointments.settle_decisions``), through the ledger.  Returns
    the application as recorded."""
    from .rules.appointments.tables import post_by_name

    found = post_by_name(post)
    if found is None:
        raise CampaignError(f"no post called {post!r}")

    def queue(world: World) -> list[dict[str, Any]]:
        return [p for p in world.appointments_pending if p["post"] == found.name]

    entry = _record_decision(campaign, queue, applicant, accept,
                             f"no application from {applicant!r} for the post of {found.name} waits")
    return entry


def decide_petition(campaign: Campaign, petitioner: str, accept: bool) -> dict[str, Any]:
    """Record a player Field Marshal's answer to a substitution petition waiting for
    him ("If a player is Field Marshal, he may substitute one Regiment as he sees
    fit").  Carried out when the summer's forces are determined
    (``engarde.rules.military``); he substitutes one Regiment, so a second acceptance
    is refused here.  Returns the petition as recorded."""
    from .rules import decisions

    def queue(world: World) -> list[dict[str, Any]]:
        waiting = [p for p in world.petitions if p.get("field_marshal")]
        if accept and decisions.find(waiting, petitioner) is not None:
            chosen = [p for p in waiting if decisions.decision(p) == decisions.ACCEPT
                      and p["character"].casefold() != petitioner.strip().casefold()]
            if chosen:
                p = chosen[0]
                raise CampaignError(
                    f"the Field Marshal substitutes one Regiment and has chosen {p['character']}'s petition "
                    f"(the {p['regiment']} for the {p['replacing']}); refuse that one first")
        return waiting

    return _record_decision(campaign, queue, petitioner, accept,
                            f"no petition from {petitioner!r} waits for a player Field Marshal "
                            f"(with none, petitions are rolled)")


def pending_requests(campaign: Campaign) -> list[dict[str, Any]]:
    """Every request waiting in the world for a player's answer or its carrying out
    (``engarde.rules.decisions``): regiment applications to a player colonel,
    applications to a player who appoints, substitution petitions (to a player Field
    Marshal; with none, they wait for the summer's roll).  Each: ``kind``,
    ``character`` (who asks), ``what``, ``month``/``week`` (when), ``answer_by`` (the
    player who decides, None when the dice will), ``decision``/``decided_for`` once
    the GM has recorded it, and ``command``: the command that records the answer."""
    with store.transaction(campaign.database) as s:
        world = World.from_dict(_campaign_row(s, campaign).world)
    out: list[dict[str, Any]] = []

    def add(kind: str, p: dict[str, Any], what: str, answer_by: str | None, command: str | None) -> None:
        out.append({"kind": kind, "character": p["character"], "what": what, "month": p.get("month"),
                    "week": p.get("week"), "answer_by": answer_by, "decision": p.get("decision"),
                    "decided_for": p.get("decided_for"), "command": command})

    for reg in sorted(world.regiments, key=lambda r: r.name):
        for p in reg.pending:
            add("regiment", p, f"joins the {reg.name} as {p['rank']}", p.get("colonel"),
                f'engarde regiment decide "{reg.name}" "{p["character"]}" --accept|--refuse')
    for p in world.appointments_pending:
        add("appointment", p, f"the post of {p['post']}", p.get("appointer"),
            f'engarde appointment decide "{p["post"]}" "{p["character"]}" --accept|--refuse')
    for p in world.petitions:
        marshal = p.get("field_marshal")
        command = None if marshal is None or p.get("own") else \
            f'engarde petition decide "{p["character"]}" --accept|--refuse'
        add("petition", p, f"the {p['regiment']} to replace the {p['replacing']}", marshal, command)
    return out


def _record_decision(campaign: Campaign, queue: Callable[[World], list[dict[str, Any]]], applicant: str,
                     accept: bool, missing: str) -> dict[str, Any]:
    """Record a player's answer to a request waiting for him in the world
    (``engarde.rules.decisions``): regiment applications, appointments, petitions
    to a player Field Marshal.  It is carried out at the start of the next month
    resolved, through the ledger."""
    import copy

    from .rules import decisions

    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        world = World.from_dict(copy.deepcopy(camp.world))  # never the stored value itself: it must be seen to change
        waiting = queue(world)
        entry = decisions.record(waiting, applicant, accept, camp.current_month)
        if entry is None:
            raise CampaignError(f"{missing} (waiting: {decisions.waiting_names(waiting)})")
        _save_world(s, camp, world)
        return dict(entry)


# -- the front (h. Campaign and Volunteers, i. Campaign Outcome) ----------------------


def front(campaign: Campaign) -> dict[str, Any] | None:
    """The current (or last) season's campaign: its rolls, organisation, missions,
    who serves where, the battle results and personal outcomes; None if there has
    been none yet."""
    from .rules.military.rules import organisation_lines

    with store.transaction(campaign.database) as s:
        world = World.from_dict(_campaign_row(s, campaign).world)
    f = world.front
    if f is None:
        return None
    from dataclasses import asdict

    view = asdict(f)
    view["organisation_lines"] = organisation_lines(f)
    view["petitions"] = list(world.petitions)
    return view


# -- society: mistresses and loans (d. Female Companionship and Loans) ----------------


def _world(s: Session, campaign: Campaign) -> tuple[CampaignRow, World]:
    camp = _campaign_row(s, campaign)
    return camp, World.from_dict(camp.world)


def _save_world(s: Session, camp: CampaignRow, world: World) -> None:
    camp.world = world.to_dict()  # a new value, so the JSON column is written
    s.add(camp)


def roll_mistresses(campaign: Campaign, seed: str | None = None) -> tuple[list[Mistress], list[Roll]]:
    """d. Mistresses at campaign start: "as many mistresses rolled for as there are players",
    SL on 3d6, Beauty / Influence / Wealth each on a 1-2, named from a list of period names.

    Seeded (default: the campaign seed + ":mistresses") and returned with every roll and its
    reason.  Refused once the campaign has mistresses (add more with ``add_mistress``).
    """
    from .rules.mistresses.rules import roll_mistresses as roll

    with store.transaction(campaign.database) as s:
        camp, world = _world(s, campaign)
        if world.mistresses:
            raise CampaignError(f"{campaign.id} already has {len(world.mistresses)} mistresses: "
                                "add more with 'engarde mistress add'")
        count = len(store.characters(s, campaign.id))
        if not count:
            raise CampaignError("the campaign has no characters yet: one mistress is rolled for each")
        dice = SeededDice(seed or f"{campaign.seed}:mistresses")
        world.mistresses = roll(for_campaign(campaign).tables.mistresses, dice, count)
        _save_world(s, camp, world)
        return list(world.mistresses), list(dice.log)


def list_mistresses(campaign: Campaign) -> list[Mistress]:
    with store.transaction(campaign.database) as s:
        return sorted(_world(s, campaign)[1].mistresses, key=lambda m: m.number)


def _check_mistress_name(world: World, name: str, number: int | None = None) -> str:
    name = " ".join(name.split())
    if not name:
        raise CampaignError("a mistress needs a name")
    if name.isdigit() or name.casefold().startswith(("number", "no.")):
        raise CampaignError(f"{name!r} would read as a number in orders: choose a name")
    for m in world.mistresses:
        if m.number != number and m.name.casefold() == name.casefold():
            raise CampaignError(f"mistress {m.number} is already called {m.name!r}")
    return name


def rename_mistress(campaign: Campaign, number: int, name: str) -> Mistress:
    """Give mistress ``number`` a new name.  Refused while a character keeps her (his
    sheet carries her name by ledger)."""
    with store.transaction(campaign.database) as s:
        camp, world = _world(s, campaign)
        m = next((x for x in world.mistresses if x.number == number), None)
        if m is None:
            raise CampaignError(f"no mistress number {number} (see 'engarde mistress list')")
        if m.lover:
            raise CampaignError(f"{m.name} is kept by {m.lover}, whose sheet names her: rename her when she is free")
        m.name = _check_mistress_name(world, name, number)
        _save_world(s, camp, world)
        return m


def add_mistress(campaign: Campaign, name: str, social_level: int, beautiful: bool = False,
                 influential: bool = False, wealthy: bool = False) -> Mistress:
    """A GM's own mistress, numbered after the others."""
    if social_level < 1:
        raise CampaignError("a mistress's Social Level is 1 or more (rolled ones are 3 to 18)")
    with store.transaction(campaign.database) as s:
        camp, world = _world(s, campaign)
        m = Mistress(world.next_mistress_number(), _check_mistress_name(world, name), social_level,
                     beautiful=beautiful, influential=influential, wealthy=wealthy)
        world.mistresses.append(m)
        _save_world(s, camp, world)
        return m


def list_loans(campaign: Campaign) -> list[Loan]:
    """Every loan outstanding, by number."""
    with store.transaction(campaign.database) as s:
        return sorted(_world(s, campaign)[1].loans, key=lambda x: x.number)


# -- e. Duelling: the GM's rulings on cause ------------------------------------------


@dataclass
class CauseRuling:
    month: GameMonth
    first: str
    second: str
    cause: bool
    note: str = ""

    def __str__(self) -> str:
        verdict = "cause" if self.cause else "no cause"
        return f"{self.month}: {self.first} and {self.second}: {verdict}" + (f" ({self.note})" if self.note else "")


def rule_on_cause(campaign: Campaign, first: str, second: str, cause: bool, note: str = "",
                  month: GameMonth | None = None) -> CauseRuling:
    """Record the GM's ruling on cause for a duel between two characters.

    "Judgement of whether or not there was cause is up to all the players who
    do not belong to the same Regiments as the two estranged parties ... a
    unanimous vote of all players not involved being required to decide that
    there is no cause."  The GM records the outcome; it applies to the month
    given (default: the month to resolve next), and the latest ruling for a
    pair and month stands.  Without one, a stated cause stands.
    """
    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        month = month or GameMonth.parse(camp.current_month)
        a, b = _find(s, campaign, first).name, _find(s, campaign, second).name
        if a == b:
            raise CampaignError("a ruling on cause needs two different characters")
        s.add(store.RulingRow(campaign_id=campaign.id, month=month.key, first=a, second=b, cause=cause, note=note))
    return CauseRuling(month, a, b, cause, note)


def cause_rulings(campaign: Campaign, month: GameMonth | None = None) -> list[CauseRuling]:
    """The GM's rulings on cause, in the order made (one month's, or all)."""
    with store.transaction(campaign.database) as s:
        _campaign_row(s, campaign)
        query = select(store.RulingRow).where(store.RulingRow.campaign_id == campaign.id)
        if month is not None:
            query = query.where(store.RulingRow.month == month.key)
        rows = s.exec(query.order_by(store.RulingRow.id)).all()
        return [CauseRuling(GameMonth.parse(r.month), r.first, r.second, r.cause, r.note) for r in rows]


def _cause_rulings(s: Session, campaign: Campaign, month: GameMonth) -> dict[frozenset, bool]:
    """The rulings the resolver takes: by the pair's names, the latest standing."""
    rows = s.exec(select(store.RulingRow).where(
        store.RulingRow.campaign_id == campaign.id, store.RulingRow.month == month.key,
    ).order_by(store.RulingRow.id)).all()
    return {frozenset((r.first, r.second)): r.cause for r in rows}


# -- publishing -------------------------------------------------------------------


def characters_at_end_of(campaign: Campaign, month: GameMonth) -> list[Character]:
    """Every sheet as it stood at the end of ``month``: its start plus its ledger
    up to that month.  A gazette re-written later still prints that month's
    Paris (the audit proves the ledger and the sheets agree)."""
    with store.transaction(campaign.database) as s:
        _campaign_row(s, campaign)
        sheets = []
        for row in store.characters(s, campaign.id):
            entries = [e for e in _ledger(s, row) if e.month <= month]
            ch = replay(row.start, entries, row.name)
            ch.id = row.id
            sheets.append(ch)
        return sheets


def publish(campaign: Campaign, month: GameMonth, pdf: bool = True, reports: bool = True) -> list[Path]:
    """Write the gazette of a resolved month (HTML, and PDF if asked) and the players' reports."""
    from . import gazette as gz

    data = gz.GazetteData(
        campaign=campaign,
        month=month,
        characters=characters_at_end_of(campaign, month),
        events=month_events(campaign, month),
        sheets=month_sheets(campaign, month),
    )
    paths = list(gz.write_gazette(data, pdf=pdf))
    if reports:
        paths += gz.write_reports(data, month_ledger(campaign, month))
    return paths
