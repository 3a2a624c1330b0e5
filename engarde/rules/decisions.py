"""A decision that waits for a player: one mechanism for every rule that says a
player holding a position decides instead of the dice.

- g. Regiments: "If the Regiment is commanded by a player, no roll is required:
  the Commander decides who is accepted" (``Regiment.pending``);
- Appointments: a post appointed by a position a player holds (the Minister of
  War, a player colonel, a player Brigadier, Division or Army Commander) waits for him
  (``World.appointments_pending``);
- h. Campaign: "If a player is Field Marshal, he may substitute one Regiment as
  he sees fit": petitions wait for him instead of the roll (``World.petitions``).

Each waiting request is a plain dict in a list kept in the campaign's world,
with at least ``character`` (who asks), ``month`` and ``week`` (when).  The
player's answer is not an order of the game: the GM records it between months
(``record``; the CLI's ``... decide`` commands, through ``engarde.rules.answers``) as ``decision`` ("accept" or
"refuse") with ``decided_for`` (the month it is carried out in), and the rules
module carries it out at that month's start (``settle``) through the ledger,
like every other change.  Nothing here rolls a die or decides for anyone.
"""

from __future__ import annotations

from typing import Any, Callable

from ..codes import E_AWAITS_PLAYER
from ..records import Character, ErrorRecord
from ..turn import Turn

ACCEPT, REFUSE = "accept", "refuse"


def wait(turn: Turn, queue: list[dict[str, Any]], request: dict[str, Any], week: int, *,
         code: str, who: tuple[str, ...], data: dict[str, Any], message: str, hint: str) -> dict[str, Any]:
    """Put ``request`` (his earlier one in ``queue`` replaced) to wait for a player's
    answer; the applicant and the player are told (event ``code`` to ``who``), and
    the GM (an ``E_AWAITS_PLAYER`` error naming the command that records it)."""
    entry = dict(request, month=turn.month.key, week=week)
    queue[:] = [p for p in queue if p["character"] != entry["character"]]
    queue.append(entry)
    turn.event(code, week, who, public=False, **data)
    turn.errors.append(ErrorRecord(entry["character"], 0, E_AWAITS_PLAYER, message, hint))
    return entry


def decision(entry: dict[str, Any], month: str | None = None) -> str | None:
    """"accept", "refuse", or None while it waits.  With ``month`` (the month
    being resolved), an answer recorded for a later month (``decided_for``) still
    waits: after ``engarde turn undo`` the answers the GM recorded since are kept
    (``campaign._undone_world``), and the month run again stays the same month."""
    value = entry.get("decision")
    if month is not None and entry.get("decided_for") and entry["decided_for"] > month:
        return None
    return value if value in (ACCEPT, REFUSE) else None


def settle(turn: Turn, queue: list[dict[str, Any]],
           carry_out: Callable[[dict[str, Any], Character, str], None]) -> list[dict[str, Any]]:
    """Carry out every answered request of ``queue`` (``carry_out(entry, applicant,
    decision)``, in the order they were made); returns those still waiting."""
    waiting = []
    for entry in list(queue):
        answer = decision(entry, turn.month.key)
        ch = turn.characters.get(entry["character"])
        if answer is None or ch is None:
            waiting.append(entry)
            continue
        carry_out(entry, ch, answer)
    return waiting


def find(queue: list[dict[str, Any]], applicant: str) -> dict[str, Any] | None:
    """His latest request in ``queue`` (the name case-insensitive)."""
    key = applicant.strip().casefold()
    found = [p for p in queue if p["character"].casefold() == key]
    return found[-1] if found else None


def record(queue: list[dict[str, Any]], applicant: str, accept: bool, month: str) -> dict[str, Any] | None:
    """The GM records the player's answer to ``applicant``'s request (None: no such
    request waits); it is carried out at the start of ``month``."""
    entry = find(queue, applicant)
    if entry is None:
        return None
    entry["decision"] = ACCEPT if accept else REFUSE
    entry["decided_for"] = month
    return entry


def identity(entry: dict[str, Any]) -> tuple:
    """What makes a request the same request: everything but the answer (and the
    influence pledged to a petition, which the month may add to)."""
    return tuple(sorted((k, repr(v)) for k, v in entry.items()
                        if k not in ("decision", "decided_for", "influence")))


def keep_answers(restored: list[dict[str, Any]], now: list[dict[str, Any]]) -> None:
    """``engarde turn undo``: the answers recorded in ``now`` (the world as the GM
    left it) for requests that ``restored`` (the snapshot before the month) still
    holds are kept; a request the month made is gone with it (it is made again when
    the month is run again, unanswered)."""
    answered = {identity(p): p for p in now if p.get("decision") in (ACCEPT, REFUSE)}
    for entry in restored:
        later = answered.get(identity(entry))
        if later is not None:
            entry["decision"] = later["decision"]
            if later.get("decided_for"):
                entry["decided_for"] = later["decided_for"]
            else:
                entry.pop("decided_for", None)


def waiting_names(queue: list[dict[str, Any]]) -> str:
    return ", ".join(p["character"] for p in queue) or "none"


def request(kind: str, p: dict[str, Any], what: str, answer_by: str | None, command: str | None) -> dict[str, Any]:
    """One waiting request as ``engarde pending`` lists it (``RuleModule.pending``)."""
    return {"kind": kind, "character": p["character"], "what": what, "month": p.get("month"), "week": p.get("week"),
            "answer_by": answer_by, "decision": p.get("decision"), "decided_for": p.get("decided_for"),
            "command": command}
