"""Whether a sheet is taken, and for which month: pure, so it is tested without a database.

``decide`` takes what the intake knows of one message (its sheet as read, who
sent it, when), the campaign's characters as they stand, the deadlines, and
the sheets already on file for the same character, and says what becomes of
it: accepted for the month being resolved, held for a later month, superseded
by sheets sent later, or rejected (and why); and what the month on file then
holds (``engarde.month_orders``: a sheet without week lines adds its letters and
orders for the month to the weeks on file).  The intake (``engarde.ops.intake``)
stores the result and carries out what it implies (the older sheets it
replaces, a new password).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Protocol

from .. import codes
from ..calendar import GameMonth
from ..deadlines import aware, describe
from ..month_orders import compose, counting
from ..orders import OrderSheet
from ..passwords import check_password, password_problem
from ..records import ErrorRecord
from ..store import ACCEPTED, ACTIVE, HELD, REJECTED, SUPERSEDED

# How a sheet's password is checked against the hash on record (``password_checks.Checks`` makes a
# batch's checks ahead, on every core).
PasswordCheck = Callable[["str | None", str], bool]


@dataclass(frozen=True)
class Who:
    """A character as the intake sees him: his name, his player's address and order password
    on record (as stored: a hash, ``engarde.passwords``; a database made before hashing holds
    it as written), and whether (and when) he died."""

    name: str
    email: str = ""
    password: str = ""
    dead: bool = False
    died: GameMonth | None = None


class Everyone(list):
    """The campaign's characters as the intake sees them (``Who``), with the two lookups a
    sheet needs (by name, by address) made once for a whole batch: a plain list is searched
    man by man, which a deadline of 10,000 sheets against 10,000 men cannot afford."""

    @cached_property
    def by_name(self) -> dict[str, Who]:
        return {w.name.casefold(): w for w in reversed(self)}  # the first of a name wins, as a search finds

    @cached_property
    def by_address(self) -> dict[str, Who]:
        return {w.email.strip().casefold(): w for w in reversed(self) if w.email}


def _named(everyone: list[Who], name: str) -> Who | None:
    key = name.strip().casefold()
    if isinstance(everyone, Everyone):
        return everyone.by_name.get(key)
    return next((w for w in everyone if w.name.casefold() == key), None)


def _of_address(everyone: list[Who], address: str) -> Who | None:
    key = address.casefold()
    if isinstance(everyone, Everyone):
        return everyone.by_address.get(key)
    return next((w for w in everyone if w.email and w.email.strip().casefold() == key), None)


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
    """A sheet of his already stored for a month, that still counts (as read: ``sheet``)."""

    id: int
    source: str
    received: dt.datetime | None
    sheet: OrderSheet


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
    # The month on file with this sheet (when it counts), and before it (None: nothing was)
    month_sheet: OrderSheet | None = None
    before: OrderSheet | None = None


def sender_problem(sent: Sent, who: Who, everyone: list[Who]) -> str | None:
    """Why the sender may not give this character's orders; None if he may.  A plain text
    file (no sender: the GM put it in the orders folder) is taken on its password; mail must
    come from the player's address on record, and for a character with none, mail is refused
    (anyone could have sent it)."""
    registered = who.email.strip()
    if not sent.is_mail:
        return None
    if not registered:
        return (f"no mail address is on record for {who.name}'s player, so mail cannot be told from a forgery: "
                "the GM gives his sheets as text files in the orders folder, or puts his address on record "
                f"(engarde character email \"{who.name}\" ADDRESS)")
    sender = (sent.sender or "").strip()
    if sender.casefold() == registered.casefold():
        return None
    if not sender:
        return f"the mail has no sender address; {who.name}'s orders must come from the player's registered address"
    other = _of_address(everyone, sender)
    if other is not None:
        return f"sent from {sender}, the address of {other.name}'s player, not of {who.name}'s"
    return f"sent from {sender}, which is not the address registered for {who.name}"


def decide(sheet: OrderSheet, sent: Sent, everyone: list[Who], current: GameMonth, deadlines: Deadlines,
           on_file: list[OnFile], timezone: str = "UTC", check: PasswordCheck = check_password) -> Decision:
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
    who = _named(everyone, sheet.character)
    if who is None:
        return reject(f"no character called {sheet.character!r} in this campaign", codes.E_UNKNOWN_CHARACTER)
    if (why := sender_problem(sent, who, everyone)) is not None:
        return reject(why, codes.E_UNKNOWN_SENDER if who.email.strip() else codes.E_NO_ADDRESS)
    if not who.password:
        return reject(f"no order password is on record for {who.name}: the GM must give him one "
                      f"(engarde character password \"{who.name}\" --generate)", codes.E_NO_PASSWORD)
    if not check(sheet.password, who.password):
        return reject(f"wrong or missing password for {who.name}", codes.E_WRONG_PASSWORD)
    if who.dead:
        return reject(f"{who.name} is dead{f' (he died in {who.died})' if who.died else ''}: a dead man gives no "
                      "orders", codes.E_DEAD_CHARACTER)
    if sheet.month is not None and sheet.month < current:
        return reject(f"the sheet is for {sheet.month}, which has been resolved; the month to resolve is {current}",
                      codes.E_CLOSED_MONTH)
    decision.character = who
    if not sent.is_mail:
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
    # His sheets for the month make the month on file, in the order they were sent (whatever
    # order they are read in); one that no longer adds anything to it is superseded.
    ordered = sorted(on_file, key=lambda o: (aware(o.received) if o.received else received, o.id))
    later = [o for o in ordered if o.received is not None and aware(o.received) > received]
    earlier = [o for o in ordered if o not in later]
    this = -1  # no sheet on file has this id
    sheets = [(o.id, o.sheet) for o in earlier] + [(this, sheet)] + [(o.id, o.sheet) for o in later]
    kept = counting(sheets)
    decision.replaces = [o.id for o in ordered if o.id not in kept]
    if ordered:
        decision.before = compose([o.sheet for o in ordered])
    if this not in kept:
        decision.status = SUPERSEDED
        decision.reason = (f"{', '.join(o.source for o in later)}, sent later, {'is' if len(later) == 1 else 'are'} "
                           f"already on file for {month}")
    else:
        decision.month_sheet = compose([s for key, s in sheets if key in kept])
        if later:
            decision.notes.append(f"sent before {', '.join(o.source for o in later)}, which is on file for {month}: "
                                  "what that gives stands, and this sheet adds only what it does not give")
    if decision.status in ACTIVE and sheet.new_password:
        why = password_change_problem(sheet, sent, who, check)
        if why is None:
            decision.new_password = sheet.new_password
            decision.notes.append(f"{who.name}'s order password is changed: the next sheet must carry the new one")
        else:
            decision.notes.append(f"the new password was NOT put on record: {why}; the old one stands")
            decision.errors.append(ErrorRecord(sent.source, 0, codes.E_PASSWORD_REFUSED,
                                               f"{who.name}'s new password refused: {why}"))
    return decision


def password_change_problem(sheet: OrderSheet, sent: Sent, who: Who,
                            check: PasswordCheck = check_password) -> str | None:
    """Why the "New password:" on an accepted sheet may not be put on record; None if it may.

    Only mail from the address on record, carrying the present password on the same sheet,
    changes a password: a text file has no sender to check (the GM resets a password with
    ``engarde character password``), and a forged sender must not lock the player out.
    """
    registered = who.email.strip()
    if not sent.is_mail:
        return ("a password is changed only by mail from the player's address on record, and a text file has "
                "no sender (the GM can set one: engarde character password)")
    if not registered or (sent.sender or "").strip().casefold() != registered.casefold():
        return "a password is changed only by mail from the player's address on record"
    if not who.password or not check(sheet.password, who.password):
        return "the sheet must carry the present password to change it"
    return password_problem(sheet.new_password or "")


def month_of(sheet: OrderSheet, sent: Sent, current: GameMonth, deadlines: Deadlines) -> GameMonth:
    """The month a sheet that is not rejected counts for (so the caller can fetch the sheets on
    file for that month before ``decide``)."""
    written_for = sheet.month if sheet.month is not None and sheet.month >= current else current
    by_time, _ = deadlines.month_for(aware(sent.received), current)
    return max(written_for, by_time)
