"""Whether a sheet is taken, and for which month: pure, so it is tested without a database.

``decide`` takes what the intake knows of one message (its sheet as read, who
sent it, when), the campaign's characters as they stand, the deadlines, and
the sheets already on file for the same character, and says what becomes of
it: accepted for the month being resolved, held for a later month, superseded
by a sheet sent later, or rejected (and why).  The intake (``engarde.ops.intake``)
stores the result and carries out what it implies (the older sheets it
replaces, a new password).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Protocol

from .. import codes
from ..calendar import GameMonth
from ..deadlines import aware, describe
from ..orders import OrderSheet
from ..records import ErrorRecord
from ..store import ACCEPTED, ACTIVE, HELD, REJECTED, SUPERSEDED


@dataclass(frozen=True)
class Who:
    """A character as the intake sees him: his name, his player's address and password on
    record, and whether (and when) he died."""

    name: str
    email: str = ""
    password: str = ""
    dead: bool = False
    died: GameMonth | None = None


@dataclass(frozen=True)
class Sent:
    """What the intake knows of one message besides its sheet."""

    source: str
    sender: str | None
    is_mail: bool
    received: dt.datetime  # for the deadline: its Date header, else when it arrived
    too_large: str | None = None  # the reason it was not read, if it was over the size limit
    unreadable: str | None = None  # the reason it could not be read as mail (no headers, no text)


@dataclass(frozen=True)
class OnFile:
    """A sheet of his already stored for a month, that still counts."""

    id: int
    source: str
    received: dt.datetime | None


class Deadlines(Protocol):
    def deadline(self, month: GameMonth) -> dt.datetime | None: ...

    def month_for(self, received: dt.datetime, current: GameMonth) -> tuple[GameMonth, dt.datetime | None]: ...


@dataclass
class Decision:
    status: str
    month: GameMonth
    deadline: dt.datetime | None
    reason: str = ""
    character: Who | None = None  # None when rejected
    errors: list[ErrorRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    replaces: list[int] = field(default_factory=list)  # the ids of the sheets on file it supersedes
    new_password: str | None = None  # to put on record now


def sender_problem(sent: Sent, who: Who, everyone: list[Who]) -> str | None:
    """Why the sender may not give this character's orders; None if he may.  A character with
    no address on record accepts any sender, and a plain text file (no sender) is taken on
    its password."""
    registered = who.email.strip()
    if not registered or not sent.is_mail:
        return None
    sender = (sent.sender or "").strip()
    if sender.casefold() == registered.casefold():
        return None
    if not sender:
        return f"the mail has no sender address; {who.name}'s orders must come from the player's registered address"
    other = next((w.name for w in everyone if w.email and w.email.strip().casefold() == sender.casefold()), None)
    if other is not None:
        return f"sent from {sender}, the address of {other}'s player, not of {who.name}'s"
    return f"sent from {sender}, which is not the address registered for {who.name}"


def decide(sheet: OrderSheet, sent: Sent, everyone: list[Who], current: GameMonth, deadlines: Deadlines,
           on_file: list[OnFile], timezone: str = "UTC") -> Decision:
    """What becomes of ``sheet``: who it is for, which month it counts for, and whether it counts.

    ``on_file``: his sheets already stored for the month it turns out to be for (the caller
    asks again with that month's if ``decision.month`` differs from the month it first
    asked for; see ``month_of``).  ``sheet.character`` and ``sheet.month`` are set to the
    character's name as on record and the month it counts for when it is not rejected.
    """
    received = aware(sent.received)
    decision = Decision(ACCEPTED, current, deadlines.deadline(current))

    def reject(why: str, code: str | None = None) -> Decision:
        decision.status, decision.reason, decision.character = REJECTED, why, None
        if code:
            decision.errors.append(ErrorRecord(sent.source, 0, code, why))
        return decision

    if sent.too_large:
        return reject(sent.too_large)
    if sent.unreadable:
        return reject(sent.unreadable)
    if sheet.character is None:
        return reject("the sheet names no character")
    who = next((w for w in everyone if w.name.casefold() == sheet.character.strip().casefold()), None)
    if who is None:
        return reject(f"no character called {sheet.character!r} in this campaign", codes.E_UNKNOWN_CHARACTER)
    if (why := sender_problem(sent, who, everyone)) is not None:
        return reject(why, codes.E_UNKNOWN_SENDER)
    if who.password and sheet.password != who.password:
        return reject(f"wrong or missing password for {who.name}", codes.E_WRONG_PASSWORD)
    if who.dead:
        return reject(f"{who.name} is dead{f' (he died in {who.died})' if who.died else ''}: a dead man gives no "
                      "orders", codes.E_DEAD_CHARACTER)
    if sheet.month is not None and sheet.month < current:
        return reject(f"the sheet is for {sheet.month}, which has been resolved; the month to resolve is {current}",
                      codes.E_CLOSED_MONTH)
    decision.character = who
    if not who.email.strip():
        decision.notes.append(f"no address is registered for {who.name}: a sheet from any sender is accepted")
    elif not sent.is_mail:
        decision.notes.append("a text file has no sender: it was accepted on the character's password")
    sheet.character = who.name
    written_for = sheet.month or current
    by_time, _ = deadlines.month_for(received, current)
    month = max(written_for, by_time)
    decision.month, decision.deadline = month, deadlines.deadline(month)
    if month > current:
        decision.status = HELD
        if by_time > written_for:
            missed = deadlines.deadline(by_time.previous())
            decision.reason = (f"received {describe(received, timezone)}, after the deadline for "
                               f"{by_time.previous()} ({describe(missed, timezone)})")
            decision.notes.append(f"written for {written_for}, received after its deadline: held for {month}")
        else:
            decision.reason = f"the sheet is for {month}"
    sheet.month = month
    # A later sheet for the same month replaces an earlier one, whatever order they are read in.
    for old in on_file:
        if old.received is not None and aware(old.received) > received:
            decision.status = SUPERSEDED
            decision.reason = f"{old.source}, sent later, is already on file for {month}"
            break
        decision.replaces.append(old.id)
    if decision.status in ACTIVE and sheet.new_password:
        decision.new_password = sheet.new_password
        decision.notes.append(f"{who.name}'s order password is changed: the next sheet must carry the new one")
    return decision


def month_of(sheet: OrderSheet, sent: Sent, current: GameMonth, deadlines: Deadlines) -> GameMonth:
    """The month a sheet that is not rejected counts for (so the caller can fetch the sheets on
    file for that month before ``decide``)."""
    written_for = sheet.month if sheet.month is not None and sheet.month >= current else current
    by_time, _ = deadlines.month_for(aware(sent.received), current)
    return max(written_for, by_time)
