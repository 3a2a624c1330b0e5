"""What the GM looks at: a character's sheet and where every value came from, the audit,
a month's events and ledger, the sheets as they stood, and the requests waiting for a player."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from .. import lock, pause, queries, store
from ..calendar import GameMonth, week_label
from ..config import Campaign
from ..orders import STANDING, Parts
from ..records import Character, Event, LedgerEntry, replay
from ..registry import for_campaign
from ..collector import bulk_work
from .intake import active_sheets, schedule


@dataclass
class SheetView:
    """A character sheet with its history, for ``engarde sheet`` and audits."""

    character: Character
    start: dict[str, Any]
    ledger: list[LedgerEntry]
    birth_story: list[str]
    standing: Parts = field(default_factory=Parts)  # his standing orders on file
    standing_text: list[str] = field(default_factory=list)
    # each module's part of his sheet (his loans, ...): JSON-able data, and the lines shown
    modules: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        ch = self.character
        return {
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
            **self.modules,
            "standing_orders": self.standing.to_dict(),
            "standing_orders_text": list(self.standing_text),
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
                {"month": e.month.key, "week": e.week, "when": week_label(e.week), "field": e.field,
                 "delta": e.delta, "value": e.value, "reason": e.reason, "rule": e.rule}
                for e in self.ledger
            ],
        }


def sheet(campaign: Campaign, name: str) -> SheetView:
    """His sheet, its ledger, what each module keeps of his (his loans), his standing orders on file."""
    registry = for_campaign(campaign)
    with store.reading(campaign.database) as s:
        _, world = queries.load_world(s, campaign)
        row = queries.find_character(s, campaign, name)
        standing = registry.standing_from(row.standing)
        view = SheetView(store.character_from_row(row), dict(row.start), queries.ledger_of(s, row),
                         list(row.birth_story), standing, registry.describe(standing, STANDING))
    for m in registry.modules:
        if m.sheet_view is not None:
            data, lines = m.sheet_view(world, row.name, registry.tables)
            view.modules.update(data)
            view.lines += lines
        if m.character_view is not None:
            data, lines = m.character_view(world, view.character, registry.tables)
            view.modules.update(data)
            view.lines += lines
    return view


@dataclass
class AuditFinding:
    character: str
    field: str
    recorded: Any
    recomputed: Any

    def __str__(self) -> str:
        return f"{self.character}: {self.field} is {self.recorded!r} on the sheet but {self.recomputed!r} from the ledger"


@bulk_work()
def audit(campaign: Campaign) -> tuple[int, list[AuditFinding]]:
    """Recompute every sheet from its starting values and ledger; list disagreements."""
    findings: list[AuditFinding] = []
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        rows = queries.characters(s, campaign.id)
        pause.point("audit:reading")  # between the sheets and their ledgers: a test writes a month here
        ledgers = queries.ledgers(s, campaign.id, rows=rows)
        for row in rows:
            recomputed = replay(row.start, ledgers.get(row.id, [])).ledger_values()
            recorded = Character.from_dict(row.current).ledger_values()
            for key in sorted(set(recorded) | set(recomputed)):
                if recorded.get(key, 0) != recomputed.get(key, 0):
                    findings.append(AuditFinding(row.name, key, recorded.get(key), recomputed.get(key)))
    return len(rows), findings


@dataclass
class Status:
    """Where the campaign stands (``engarde status``), read at one moment."""

    month: GameMonth  # the month to resolve
    deadline: dt.datetime | None  # its deadline (None without a schedule)
    missing: list[str]  # the living characters with no orders for it
    holder: lock.Holder | None  # the engarde command working on the campaign now, if any


def status(campaign: Campaign) -> Status:
    registry = for_campaign(campaign)
    with store.reading(campaign.database) as s:
        camp = queries.campaign_row(s, campaign)
        month = GameMonth.parse(camp.current_month)
        have = set(active_sheets(s, campaign, month, registry))
        missing = [r.name for r in queries.characters(s, campaign.id) if r.name not in have and not queries.is_dead(r)]
        deadline = schedule(campaign, camp).require(month)  # a schedule that has run out is said
    return Status(month, deadline, missing, lock.holder(campaign))


def current_month(campaign: Campaign) -> GameMonth:
    with store.reading(campaign.database) as s:
        return queries.current_month(s, campaign)


def without_password(campaign: Campaign) -> list[str]:
    """The living characters with no order password on record (made before every character had
    one): their sheets are refused until the GM gives them one."""
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        return [r.name for r in queries.characters(s, campaign.id) if not r.password and not queries.is_dead(r)]


def list_characters(campaign: Campaign) -> list[Character]:
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        return queries.sheets_now(s, campaign.id)


def month_events(campaign: Campaign, month: GameMonth) -> list[Event]:
    with store.reading(campaign.database) as s:
        return queries.month_events(s, campaign.id, month)


def month_seed(campaign: Campaign, month: GameMonth) -> str:
    with store.reading(campaign.database) as s:
        return queries.month_seed(s, campaign.id, month)


def month_ledger(campaign: Campaign, month: GameMonth) -> list[LedgerEntry]:
    with store.reading(campaign.database) as s:
        return queries.month_ledger(s, campaign.id, month)


def characters_at_end_of(campaign: Campaign, month: GameMonth) -> list[Character]:
    """Every sheet as it stood at the end of ``month``: its start plus its ledger
    up to that month.  A gazette re-written later still prints that month's
    Paris (the audit proves the ledger and the sheets agree)."""
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        if not queries.posted_after(s, campaign.id, month):
            # nothing written since the month's end (its gazette, published before the next month
            # is run): the sheets as they stand are its end, which ``engarde audit`` proves the
            # ledger gives; replaying every ledger grew with the campaign's length
            return [store.sheet_as_it_stands(row) for row in queries.characters(s, campaign.id)]
        sheets = []
        rows = queries.characters(s, campaign.id)
        ledgers = queries.ledgers(s, campaign.id, rows=rows)
        for row in rows:
            entries = [e for e in ledgers.get(row.id, []) if e.month <= month]
            ch = replay(row.start, entries, row.name)
            ch.id = row.id
            sheets.append(ch)
        return sheets


def pending_requests(campaign: Campaign) -> list[dict[str, Any]]:
    """Every request waiting in the world for a player's answer or its carrying out
    (``engarde.rules.decisions``), module by module (``RuleModule.pending``): regiment
    applications to a player colonel, applications to a player who appoints, substitution
    petitions (to a player Field Marshal; with none, they wait for the summer's roll).  Each:
    ``kind``, ``character`` (who asks), ``what``, ``month``/``week`` (when), ``answer_by``
    (the player who decides, None when the dice will), ``decision``/``decided_for`` once the
    GM has recorded it, and ``command``: the command that records the answer."""
    registry = for_campaign(campaign)
    with store.reading(campaign.database) as s:
        _, world = queries.load_world(s, campaign)
    return [p for m in registry.modules if m.pending is not None for p in m.pending(world)]
