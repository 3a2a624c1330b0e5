"""The GM's notes for a month's gazette: its Points Arising (rulings, notices, reminders).

``engarde notes add/list/remove``.  Kept in the table ``gm_note`` (migration 0006), not in the
campaign's world: they are the GM's words, which no rule reads, and an undone month keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from .. import lock, queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..errors import CampaignError
from ..store import NoteRow

# A note is a paragraph of the gazette, not a letter: a longer one is a mistake.
MAX_NOTE_CHARS = 2000


@dataclass(frozen=True)
class Note:
    number: int  # what `engarde notes remove` takes
    month: GameMonth
    text: str

    def __str__(self) -> str:
        return f"{self.number}. {self.month}: {self.text}"


def _note(row: NoteRow) -> Note:
    assert row.id is not None
    return Note(row.id, GameMonth.parse(row.month), row.text)


def gazette_month(s: Session, campaign: Campaign) -> GameMonth:
    """The month whose gazette goes out next: the last month resolved while its publication has
    not been mailed, else the month to resolve."""
    last = queries.last_turn(s, campaign.id)
    if last is not None and last.mailed_at is None:
        return GameMonth.parse(last.month)
    return queries.current_month(s, campaign)


def add_note(campaign: Campaign, text: str, month: GameMonth | None = None) -> Note:
    """Add a note to a month's gazette (default: ``gazette_month``)."""
    text = " ".join(text.split())
    if not text:
        raise CampaignError("a note needs some text: engarde notes add \"The Cardinal's Guard is in Paris.\"")
    if len(text) > MAX_NOTE_CHARS:
        raise CampaignError(f"a note is at most {MAX_NOTE_CHARS} characters (this one has {len(text)}): "
                            "split it into several")
    with lock.writing(campaign, "notes") as s:
        month = month or gazette_month(s, campaign)
        row = NoteRow(campaign_id=campaign.id, month=month.key, text=text)
        s.add(row)
        s.flush()
        return _note(row)


def list_notes(campaign: Campaign, month: GameMonth | None = None) -> list[Note]:
    """The notes of one month (or every month's), in the order added."""
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        return [_note(r) for r in queries.notes(s, campaign.id, month)]


def month_notes(campaign: Campaign, month: GameMonth) -> list[str]:
    """The texts of a month's notes, as its gazette prints them."""
    return [n.text for n in list_notes(campaign, month)]


def default_month(campaign: Campaign) -> GameMonth:
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        return gazette_month(s, campaign)


def remove_note(campaign: Campaign, number: int) -> Note:
    """Remove note ``number`` (as ``engarde notes list`` shows it)."""
    with lock.writing(campaign, "notes") as s:
        row = queries.note(s, campaign.id, number)
        if row is None:
            raise CampaignError(f"no note {number} in {campaign.id} (see 'engarde notes list --all')")
        note = _note(row)
        s.delete(row)
        return note
