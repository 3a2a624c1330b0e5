"""The GM's operations on one campaign: the library the CLI is a thin layer over.

Each operation opens its own transaction, so a failure leaves the campaign as
it was.  Errors the GM must see are raised as ``CampaignError`` with a message
fit to print; problems in players' input are returned as error records.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, delete, select

from . import codes, store
from .calendar import GameMonth, week_label
from .config import Campaign
from .creation import Birth
from .dice import Roll, SeededDice, month_seed
from .orders import OrderSheet, StandingOrders
from .records import Character, ErrorRecord, Event, LedgerEntry, replay
from .world import World
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
        for table in (RollRow, EventRow, LedgerRow, SheetRow, TurnRow, CharacterRow):
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

    def to_dict(self) -> dict[str, Any]:
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
    with store.transaction(campaign.database) as s:
        _campaign_row(s, campaign)
        row = _find(s, campaign, name)
        return SheetView(store.character_from_row(row), dict(row.start), _ledger(s, row), list(row.birth_story))


def _ledger(s: Session, row: CharacterRow) -> list[LedgerEntry]:
    rows = s.exec(select(LedgerRow).where(LedgerRow.character_id == row.id).order_by(LedgerRow.id))
    return [store.ledger_from_row(r, row.name) for r in rows]


# -- orders ---------------------------------------------------------------------


@dataclass
class IngestResult:
    source: str
    character: str | None
    status: str  # accepted | rejected | duplicate
    errors: list[ErrorRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    confirmation: str = ""


def confirmation_text(sheet: OrderSheet, month: GameMonth, notes: list[str] = ()) -> str:
    """What the player is told: the calendar as understood, and each error with its line."""
    lines = [f"Orders of {sheet.character or '(no character named)'} for {month}", ""]
    for week in range(1, 5):
        lines.append(f"  Week {week}: {sheet.action(week).describe()}")
    monthly = sheet.monthly
    extra = []
    if monthly.conspicuous_consumption:
        extra.append("conspicuous consumption (support at three times your Social Level, +1 status point)")
    if monthly.resign_club:
        extra.append("resign from your club")
    if monthly.join_club:
        extra.append(f"apply to join {monthly.join_club}")
    if extra:
        lines += ["", "For the month:"] + [f"  - {x}" for x in extra]
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
    """Read a folder of order mail for the current month.

    Every message is stored as received, accepted or not.  A sheet that names
    no known character, or gives a wrong password, is rejected and affects no
    one.  A later sheet for the same character replaces the earlier one; the
    same message twice changes nothing.
    """
    from .intake import read_folder
    from .parse import parse_sheet

    folder = Path(folder)
    if not folder.is_dir():
        raise CampaignError(f"{folder}: not a folder of order mail")
    messages = read_folder(folder)
    results: list[IngestResult] = []
    with store.transaction(campaign.database) as s:
        month = GameMonth.parse(_campaign_row(s, campaign).current_month)
        rows = {r.name.casefold(): r for r in store.characters(s, campaign.id)}
        for msg in messages:
            digest = hashlib.sha256(msg.raw).hexdigest()
            seen = s.exec(
                select(SheetRow).where(SheetRow.campaign_id == campaign.id, SheetRow.digest == digest)
            ).first()
            if seen is not None:
                results.append(IngestResult(msg.source, None, "duplicate", notes=["already ingested; nothing changed"]))
                continue
            sheet = parse_sheet(msg.body, msg.source)
            errors = list(msg.errors) + list(sheet.errors)
            status, reason, char_row = "accepted", "", None
            if sheet.character is None:
                status, reason = "rejected", "the sheet names no character"
            else:
                char_row = rows.get(sheet.character.strip().casefold())
                if char_row is None:
                    status = "rejected"
                    reason = f"no character called {sheet.character!r} in this campaign"
                    errors.append(ErrorRecord(msg.source, 0, codes.E_UNKNOWN_CHARACTER, reason))
                elif char_row.password and sheet.password != char_row.password:
                    status, reason = "rejected", f"wrong or missing password for {char_row.name}"
                    errors.append(ErrorRecord(msg.source, 0, codes.E_WRONG_PASSWORD, reason))
                    char_row = None
                elif sheet.month is not None and sheet.month != month:
                    status = "rejected"
                    reason = f"the sheet is for {sheet.month}, but the month to resolve is {month}"
                    errors.append(ErrorRecord(msg.source, 0, codes.E_WRONG_MONTH, reason))
            if char_row is not None:
                sheet.character = char_row.name
            confirmation = confirmation_text(sheet, month, msg.notes)
            if status == "accepted" and char_row is not None:
                for old in s.exec(
                    select(SheetRow).where(
                        SheetRow.campaign_id == campaign.id,
                        SheetRow.month == month.key,
                        SheetRow.character_id == char_row.id,
                        SheetRow.status == "accepted",
                    )
                ):
                    old.status, old.reason = "superseded", f"replaced by {msg.source}"
                    s.add(old)
            s.add(
                SheetRow(
                    campaign_id=campaign.id,
                    month=month.key,
                    character_id=char_row.id if (char_row is not None and status == "accepted") else None,
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
                )
            )
            results.append(
                IngestResult(msg.source, sheet.character, status, errors, list(msg.notes) + ([reason] if reason else []), confirmation)
            )
    return results


def active_sheets(s: Session, campaign: Campaign, month: GameMonth) -> dict[str, OrderSheet]:
    rows = s.exec(
        select(SheetRow).where(
            SheetRow.campaign_id == campaign.id, SheetRow.month == month.key, SheetRow.status == "accepted"
        )
    )
    names = {r.id: r.name for r in store.characters(s, campaign.id)}
    sheets: dict[str, OrderSheet] = {}
    for row in rows:
        sheet = OrderSheet.from_dict(row.parsed)
        sheets[names[row.character_id]] = sheet
    return sheets


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


def run_turn(campaign: Campaign) -> TurnReport:
    """Resolve the current month in one transaction and advance the calendar."""
    from .resolve import resolve_month

    with store.transaction(campaign.database) as s:
        camp = _campaign_row(s, campaign)
        month = GameMonth.parse(camp.current_month)
        rows = store.characters(s, campaign.id)
        if not rows:
            raise CampaignError("the campaign has no characters yet: add some with 'engarde character create'")
        before = [store.character_from_row(r) for r in rows]
        sheets = active_sheets(s, campaign, month)
        # Standing orders on file, replaced where this month's sheet gives new ones.
        standing = {}
        for r in rows:
            on_file = StandingOrders.from_dict(r.standing)
            standing[r.name] = on_file.merged(sheets[r.name].standing) if r.name in sheets else on_file
        world = World.from_dict(camp.world)
        seed = month_seed(camp.seed, month.key)
        dice = SeededDice(seed)
        result = resolve_month(month, before, sheets, dice, campaign.rules, world, standing)
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
    seed gives the same month.
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
        camp.world = dict(turn.snapshot.get("world", {}))
        s.add(camp)
        s.delete(turn)
        return GameMonth.parse(turn.month)


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
    with store.transaction(campaign.database) as s:
        month = GameMonth.parse(_campaign_row(s, campaign).current_month)
        have = set(active_sheets(s, campaign, month))
        return [r.name for r in store.characters(s, campaign.id) if r.name not in have]


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
