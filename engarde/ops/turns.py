"""The month resolved, stored in one transaction, and undone.

``run_turn`` takes the stored characters, the sheets that count, the standing
orders on file, the world and each module's inputs for the month (the GM's
rulings on cause), resolves the month with the campaign's modules and seeded
dice, and stores the result with a snapshot of what it replaced; ``undo_turn``
puts the snapshot back.  Undo then run gives the same month, roll for roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session

from .. import lock, queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..dice import SeededDice, month_seed
from ..errors import CampaignError
from ..records import Character, ErrorRecord, Event, LedgerEntry
from ..registry import for_campaign
from ..resolve import MonthResult, resolve_month
from ..store import CharacterRow, EventRow, LedgerRow, RollRow, TurnRow
from ..world import World
from ..collector import bulk_work
from .intake import active_sheets, release_held


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


@bulk_work()
def run_turn(campaign: Campaign, force: bool = False) -> TurnReport:
    """Resolve the current month in one transaction and advance the calendar.

    Refused (``refuse_mass_nmr``) when too many characters have no orders, unless ``force``.
    """
    registry = for_campaign(campaign)
    with store.reading(campaign.database) as s:
        asked = queries.current_month(s, campaign)  # the month this command is to resolve
    with lock.writing(campaign, "turn-run") as s:
        camp = queries.campaign_row(s, campaign)
        month = GameMonth.parse(camp.current_month)
        if month != asked:
            raise CampaignError(
                f"{asked} was resolved by another command while this one waited for it; {month} is now the "
                "month to resolve (run 'engarde turn run' again to resolve it)" if month > asked else
                f"{month} was undone by another command while this one waited for it, and is the month to "
                "resolve again (run 'engarde turn run' again to resolve it)")
        rows = queries.characters(s, campaign.id)
        if not rows:
            raise CampaignError("the campaign has no characters yet: add some with 'engarde character create'")
        before = [store.character_from_row(r) for r in rows]
        release_held(s, campaign, month)
        sheets = active_sheets(s, campaign, month, registry)
        living = [r for r in rows if not queries.is_dead(r)]  # the dead owe no orders
        refuse_mass_nmr(campaign, month, len(living), [r.name for r in living if r.name not in sheets], force)
        # Standing orders on file, as stored: the month merges each sheet's into them.
        standing = {r.name: registry.standing_from(r.standing) for r in rows}
        world = World.from_dict(camp.world)
        seed = month_seed(camp.seed, month.key)
        dice = SeededDice(seed)
        inputs = {m.name: m.inputs(s, campaign.id, month) for m in registry.modules if m.inputs is not None}
        result = resolve_month(month, before, sheets, dice, world, standing, inputs=inputs, registry=registry)
        _save_month(s, campaign, month, seed, rows, result, camp.world)
        for r in rows:
            r.standing = result.standing[r.name].to_dict()
            s.add(r)
        camp.world = result.world.to_dict()
        camp.current_month = month.next().key
        s.add(camp)
        release_held(s, campaign, month.next())  # the sheets held for the next month now count
    return TurnReport(month, seed, result.characters, result.events, result.ledger, result.errors, len(sheets),
                      len(dice.log))


def _save_month(s: Session, campaign: Campaign, month: GameMonth, seed: str, rows: list[CharacterRow],
                result: MonthResult, world_before: dict[str, Any]) -> None:
    by_name = {r.name: r for r in rows}
    s.add(TurnRow(
        campaign_id=campaign.id,
        month=month.key,
        seed=seed,
        snapshot={
            "characters": [dict(r.current, id=r.id) for r in rows],
            "standing": {str(r.id): dict(r.standing) for r in rows},
            "world": dict(world_before),
        },
        errors=[e.to_dict() for e in result.errors],
    ))
    for ch in result.characters:
        row = by_name[ch.name]
        data = ch.to_dict()
        data.pop("id", None)
        row.current = data
        row.social_level = ch.social_level
        s.add(row)
    # The month's rows in bulk (one executemany a table, in the order the month made them: their
    # ids keep it), not an ORM object each: tens of thousands of them in a large campaign.
    _insert(s, LedgerRow, [
        {"campaign_id": campaign.id, "character_id": by_name[e.character].id, "month": e.month.key, "week": e.week,
         "field": e.field, "delta": e.delta, "value": e.value, "reason": e.reason, "rule": e.rule}
        for e in result.ledger])
    _insert(s, EventRow, [
        {"campaign_id": campaign.id, "month": ev.month.key, "week": ev.week, "code": ev.code, "public": ev.public,
         "characters": list(ev.characters), "data": dict(ev.data)}
        for ev in result.events])
    _insert(s, RollRow, [
        {"campaign_id": campaign.id, "month": month.key, "sides": roll.sides, "dice_values": list(roll.values),
         "reason": roll.reason}
        for roll in result.rolls])


def _insert(s: Session, model: Any, rows: list[dict[str, Any]]) -> None:
    """The rows (dicts with the same keys) in one executemany on the session's connection.

    The statement is compiled once for the database's dialect and each value passed through its
    column type's own bind processing (JSON as SQLAlchemy writes it), then handed to the driver
    as it is: SQLAlchemy's per-row parameter handling was a third of a large month's CPU."""
    if not rows:
        return
    conn = s.connection()
    dialect = conn.dialect
    keys = list(rows[0])
    compiled = insert(model.__table__).compile(dialect=dialect, column_keys=keys)
    columns = model.__table__.columns
    process = {key: columns[key].type.dialect_impl(dialect).bind_processor(dialect) for key in keys}
    if compiled.positional:
        order = [compiled.binds[name].key for name in compiled.positiontup]
        todo = [(key, process[key]) for key in order]
        params: list[Any] = [tuple(p(row[k]) if p else row[k] for k, p in todo) for row in rows]
    else:
        todo = [(key, process[key]) for key in keys]
        params = [{k: p(row[k]) if p else row[k] for k, p in todo} for row in rows]
    conn.exec_driver_sql(compiled.string, params)


@dataclass
class Undone:
    """A month undone, and what the GM had done since that the undo could not keep (told to him)."""

    month: GameMonth
    not_kept: list[str]


def undo_turn(campaign: Campaign) -> Undone:
    """Undo the last resolved month: restore the snapshot, drop its records.

    The month's order sheets stay, so running the turn again with the same
    seed gives the same month.  Only what the month changed is undone: the GM's
    set-up since (``undone_world``: mistresses rolled, added or renamed after the
    month was resolved, the players' answers recorded since to requests made
    before the month, secrets put into play or given) is kept; what of it cannot be
    kept is said (``not_kept_world``).
    """
    registry = for_campaign(campaign)
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        last = queries.last_turn(s, campaign.id)
        asked = last.month if last is not None else None  # the month this command is to undo
    with lock.writing(campaign, "turn-undo") as s:
        camp = queries.campaign_row(s, campaign)
        turn = queries.last_turn(s, campaign.id)
        if (turn.month if turn is not None else None) != asked:
            raise CampaignError(
                f"{GameMonth.parse(asked)} was undone by another command while this one waited for it; nothing "
                "more was undone" if turn is None or (asked is not None and turn.month < asked) else
                f"{GameMonth.parse(turn.month)} was resolved by another command while this one waited for it; "
                "nothing was undone (run 'engarde turn undo' again to undo it)")
        if turn is None:
            raise CampaignError("no month has been resolved yet: nothing to undo")
        rows = {r.id: r for r in queries.characters(s, campaign.id)}
        for snap in turn.snapshot["characters"]:
            row = rows[snap["id"]]
            data = {k: v for k, v in snap.items() if k != "id"}
            row.current = data
            row.social_level = data["social_level"]
            row.standing = dict(turn.snapshot.get("standing", {}).get(str(row.id), row.standing))
            s.add(row)
        queries.delete_month(s, campaign.id, turn.month)
        camp.current_month = turn.month
        modules = (*registry.modules, *registry.inactive)
        not_kept = not_kept_world(turn.snapshot.get("world", {}), camp.world or {}, modules)
        camp.world = undone_world(turn.snapshot.get("world", {}), camp.world or {}, modules)
        s.add(camp)
        s.delete(turn)
        return Undone(GameMonth.parse(turn.month), not_kept)


def undone_world(before: dict[str, Any], now: dict[str, Any], modules: Any) -> dict[str, Any]:
    """The world as the snapshot holds it (before the month), with the GM's set-up since kept:
    each module whose state the GM changes between months says what it keeps (``RuleModule.undo``)."""
    world = World.from_dict(before).to_dict()
    later = World.from_dict(now).to_dict()
    for m in modules:
        if m.undo is not None and m.name in world:
            world[m.name] = m.undo(world[m.name], later.get(m.name, {}))
    return world


def not_kept_world(before: dict[str, Any], now: dict[str, Any], modules: Any) -> list[str]:
    """What the GM did since the month that ``undone_world`` cannot keep, module by module
    (``RuleModule.undo_lost``)."""
    world = World.from_dict(before).to_dict()
    later = World.from_dict(now).to_dict()
    return [line for m in modules if m.undo_lost is not None and m.name in world
            for line in m.undo_lost(world[m.name], later.get(m.name, {}))]


def resolved_months(campaign: Campaign) -> list[GameMonth]:
    with store.reading(campaign.database) as s:
        return [GameMonth.parse(r.month) for r in queries.turns(s, campaign.id)]
